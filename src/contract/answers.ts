/**
 * The checks of the API answers the elements read (SPEC §3, §7), run by the API layer
 * (core/api/*) on every answer: an answer of another shape — `null`, `{}` where a list is due, a
 * row that is not an object — fails with the field named, so the element shows a load error with
 * retry instead of crashing on it. Empty answers are data (no rows) and pass.
 *
 * The checks are as strict as the views need: what an element reads must have its type; columns
 * and fields a view does not know pass through as they came.
 */
import {
  FULL_INFO_FIELDS,
  type HoldersAnswer,
  type MarketTable,
  type TradingFullInfoTable,
} from './stocks.ts';
import {
  PRICE_DYNAMICS_WINDOW_FIELDS,
  type LabelMap,
  type MaskedValue,
  type StockPriceDynamics,
} from './types.ts';
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

/** A displayed value: a number, the paywall's '***', or null (no value). */
export const maskedValue: Check<MaskedValue> = (v, path) => (v === '***' ? '***' : nullable(number)(v, path));

/** An object whose listed fields pass their checks; the other fields are kept as they came. */
function recordWith<T>(fields: Record<string, Check<unknown>>): Check<T> {
  return (v, path) => {
    const source = record(v, path);
    const out: Record<string, unknown> = { ...source };
    for (const [key, check] of Object.entries(fields))
      out[key] = check(source[key], path ? `${path}.${key}` : key);
    return out as T;
  };
}

/** field → heading; a heading that is not text is left out (the element has its own labels). */
const fieldsLabels: Check<Record<string, string>> = optional((v, path) => {
  const source = record(v, path);
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}, {});

/** A table of rows with the list of columns to show. */
const tableFields = {
  data: arrayOf(record),
  fields: arrayOf(string),
  fieldsLabels,
};

const optionalNumber = optional(nullable(number), null);
const optionalText = optional(nullable(string), null);

/** SPEC §7 price-dynamics: the seven displayed values must be there (null when unknown). */
export const checkPriceDynamics: Check<StockPriceDynamics> = recordWith<StockPriceDynamics>({
  ...Object.fromEntries(
    [...PRICE_DYNAMICS_WINDOW_FIELDS, 'last_price'].flatMap((field) => [
      [field, maskedValue],
      [`${field}.numeric`, optionalNumber],
    ]),
  ),
  date: optionalText,
  'date.numeric': optionalNumber,
  currency: optionalText,
});

/** Nothing known: every value null (the block hides itself, SPEC §8). */
export const emptyPriceDynamics = (): StockPriceDynamics =>
  Object.fromEntries(
    [...PRICE_DYNAMICS_WINDOW_FIELDS, 'last_price', 'date', 'currency'].flatMap((field) => [
      [field, null],
      [`${field}.numeric`, null],
    ]),
  ) as StockPriceDynamics;

/** SPEC §7 get-holders. */
export const checkHolders: Check<HoldersAnswer> = recordWith<HoldersAnswer>(tableFields);

export const emptyHolders = (): HoldersAnswer => ({ data: [], fields: [], fieldsLabels: {} });

/** SPEC §7 leaders and capitalisation tables. */
export const checkMarketTable = recordWith<MarketTable<never>>({
  ...tableFields,
  data: arrayOf(
    recordWith({
      class: optional(string, ''),
      name: (v: unknown, path: string) =>
        typeof v === 'string' ? v : recordWith({ val: string, lnk: optional(string, '') })(v, path),
    }),
  ),
  branchId: optional(integer, 0),
  groundId: optional(integer, 0),
  currency: optionalText,
}) as <Row>(value: unknown, path: string) => MarketTable<Row>;

/** No rows: the element says the tab has none. */
export const emptyMarketTable = <Row>(): MarketTable<Row> => ({
  data: [],
  fields: [],
  fieldsLabels: {},
  branchId: 0,
  groundId: 0,
  currency: null,
});

/** One trading day of the archive: the date and the values it shows (extra columns pass). */
const fullInfoRow = recordWith(
  Object.fromEntries(
    FULL_INFO_FIELDS.map((field) => [
      field,
      field === 'date'
        ? string
        : field === 'volume'
          ? optional(nullable(number), null)
          : optional(maskedValue, null),
    ]),
  ),
);

const fullInfoTable = recordWith<Omit<TradingFullInfoTable, 'total'> & { total: number | null }>({
  result: optional(boolean, true),
  data: arrayOf(fullInfoRow),
  fields: optional(arrayOf(string), [...FULL_INFO_FIELDS]),
  fieldsLabels,
  dateFrom: string,
  dateTo: string,
  currency: optional(string, ''),
  total: optional(nullable(integer), null),
});

/** SPEC §3 "Trading table": the window it covers must be said (the archive's caption and periods). */
export const checkFullInfoTable: Check<TradingFullInfoTable> = (v, path) => {
  const table = fullInfoTable(v, path);
  // Without a total, the rows sent are all there is.
  return { ...table, total: table.total ?? table.data.length };
};

/** An archive window without rows (an empty answer to a window the request named). */
export const emptyFullInfoTable = (dateFrom: string, dateTo: string): TradingFullInfoTable => ({
  result: false,
  data: [],
  fields: [...FULL_INFO_FIELDS],
  fieldsLabels: {},
  total: 0,
  dateFrom,
  dateTo,
  currency: '',
});

/** SPEC §7 labels: key → text; a text that is not a string is left out (the key shows as `{{key}}`). */
export const checkLabels: Check<LabelMap> = (v, path) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ValidationError(path, 'an object', v);
  return Object.fromEntries(
    Object.entries(v).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};
