/**
 * The check of the multipliers answer (SPEC §3 "Multipliers", §7 /api/company/{id}/multipliers/),
 * run by the API layer: an answer of another shape fails with the field named, so the section shows
 * a load error with retry instead of crashing. Value columns pass as they came: the view shows
 * anything but a number or '***' as not computed.
 */
import type { MultiplierGroup, MultiplierRow, MultipliersAnswer } from './company.ts';
import { arrayOf, integer, optional, record, string, type Check } from './validate.ts';

const row: Check<MultiplierRow> = (v, path) => {
  const source = record(v, path);
  return {
    ...source,
    id: optional(string, '')(source.id, `${path}.id`),
    name: string(source.name, `${path}.name`),
    unit: optional(string, '')(source.unit, `${path}.unit`),
  } as MultiplierRow;
};

const group: Check<MultiplierGroup> = (v, path) => {
  const source = record(v, path);
  return {
    ...source,
    group_id: integer(source.group_id, `${path}.group_id`),
    group_name: string(source.group_name, `${path}.group_name`),
    headers: arrayOf(string)(source.headers, `${path}.headers`),
    columns: arrayOf(string)(source.columns, `${path}.columns`),
    body: arrayOf(row)(source.body, `${path}.body`),
  };
};

const groups = optional(arrayOf(group), []);

export const checkMultipliers: Check<MultipliersAnswer> = (v, path) => {
  const source = record(v, path);
  return { '1': groups(source['1'], '1'), '2': groups(source['2'], '2') };
};

/** An empty body: no multipliers (the section says there is no data). */
export const emptyMultipliers = (): MultipliersAnswer => ({ '1': [], '2': [] });
