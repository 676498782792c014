/**
 * The check of an IFRS / RAS report answer (SPEC §3 "Reports"), run by core/api on every answer as
 * contract/answers.ts does for the others: a statement of another shape fails with the field
 * named, so the element shows a load error with retry instead of crashing on it.
 */
import type { FinancialReport, ReportRows } from './reports.ts';
import {
  arrayOf,
  boolean,
  integer,
  nullable,
  number,
  optional,
  record,
  string,
  ValidationError,
  type Check,
} from './validate.ts';

const STATEMENTS = [
  'balance_sheet',
  'profit_and_loss',
  'cash_flow_statement',
  'params',
  'rsbu_balance',
  'rsbu_profit_and_loss',
  'report_cash_flow',
] as const;

const REQUIRED = new Set<string>(['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params']);

function checkRows(source: Record<string, unknown>, path: string, columns: number): ReportRows {
  const lines = arrayOf((v, p) => {
    const line = record(v, p);
    return {
      id: string(line.id, `${p}.id`),
      ttl: string(line.ttl, `${p}.ttl`),
      sub: boolean(line.sub, `${p}.sub`),
    };
  })(source.scroll_clmn, `${path}.scroll_clmn`);
  const body = arrayOf(arrayOf(nullable(number)))(source.scroll_body, `${path}.scroll_body`);
  if (body.length !== lines.length)
    throw new ValidationError(`${path}.scroll_body`, `${lines.length} rows`, body.length);
  body.forEach((values, index) => {
    if (values.length !== columns)
      throw new ValidationError(`${path}.scroll_body[${index}]`, `${columns} values`, values.length);
  });
  const dimensions = optional(arrayOf(string), [])(source.dimensions, `${path}.dimensions`);
  return { scroll_clmn: lines, scroll_body: body, dimensions };
}

function checkSubRows(v: unknown, path: string, columns: number): Record<string, ReportRows> {
  const source = optional(record, {})(v, path);
  return Object.fromEntries(
    Object.entries(source).map(([id, rows]) => [
      id,
      checkRows(record(rows, `${path}.${id}`), `${path}.${id}`, columns),
    ]),
  );
}

function checkSection(v: unknown, path: string) {
  const source = record(v, path);
  const head = arrayOf((c, p) => {
    const column = record(c, p);
    return { ...column, id: string(column.id, `${p}.id`), ttl: string(column.ttl, `${p}.ttl`) };
  })(source.scroll_head, `${path}.scroll_head`);
  const closed = source.closed_data;
  let closedData: unknown = null;
  if (closed !== null && closed !== undefined) {
    const c = record(closed, `${path}.closed_data`);
    const count = integer(c.count, `${path}.closed_data.count`);
    closedData =
      c.locked === true
        ? {
            ...c,
            locked: true,
            count,
            need: string(c.need, `${path}.closed_data.need`),
            link: string(c.link, `${path}.closed_data.link`),
          }
        : {
            ...c,
            locked: false,
            count,
            ...checkRows(c, `${path}.closed_data`, head.length),
            sub_rows: checkSubRows(c.sub_rows, `${path}.closed_data.sub_rows`, head.length),
          };
  }
  return {
    ...source,
    ttl: string(source.ttl, `${path}.ttl`),
    dimension: optional(string, '')(source.dimension, `${path}.dimension`),
    scroll_head: head,
    ...checkRows(source, path, head.length),
    sub_rows: checkSubRows(source.sub_rows, `${path}.sub_rows`, head.length),
    closed_data: closedData,
  };
}

export const checkFinancialReport: Check<FinancialReport> = (v, path) => {
  const source = record(v, path);
  const out: Record<string, unknown> = {
    ...source,
    exportLink: optional(string, '')(source.exportLink, 'exportLink'),
    exportAccess: optional(boolean, false)(source.exportAccess, 'exportAccess'),
    reportPeriods: optional(
      arrayOf((o, p) => {
        const option = record(o, p);
        return { id: integer(option.id, `${p}.id`), ttl: string(option.ttl, `${p}.ttl`) };
      }),
      [],
    )(source.reportPeriods, 'reportPeriods'),
  };
  for (const key of STATEMENTS) {
    if (source[key] === undefined && !REQUIRED.has(key)) continue;
    out[key] = checkSection(source[key], key);
  }
  return out as unknown as FinancialReport;
};
