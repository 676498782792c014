/**
 * The checks of the page data a legacy template injects (SPEC §3 "Page data", "User globals").
 * The elements run them on every block they read; the reference server's tests run them on what
 * it injects, so the two cannot drift. A failed check names the field (contract/validate.ts).
 */
import {
  DEFAULT_LANG,
  LANGUAGES,
  type IssuerPageData,
  type IssuerPriceDynamics,
  type Lang,
  type MaskedValue,
  type ServerTable,
  type StockPageData,
  type UserGlobals,
} from './types.ts';
import { link } from './links.ts';
import {
  arrayOf,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  ValidationError,
  type Check,
} from './validate.ts';

const lang = optional(oneOf<Lang>(LANGUAGES), DEFAULT_LANG);
const maskedValue: Check<MaskedValue> = (v, path) => (v === '***' ? '***' : nullable(number)(v, path));
const tableRows = object({ data: arrayOf(record), fields: arrayOf(string) });
const table = optional<ServerTable>(
  (v, path) => {
    const rows = tableRows(v, path);
    // `total` only when the server sent fewer rows than it has (a locked table).
    const total = (v as { total?: unknown }).total;
    return total === undefined || total === null ? rows : { ...rows, total: integer(total, `${path}.total`) };
  },
  { data: [], fields: [] },
);
const list = optional(arrayOf(record), []);
const text = optional(string, '');

/**
 * An optional address (API path, export link): one the link allow-list refuses (`javascript:`,
 * `data:`…) is ignored with a console warning naming the field, so only what needs it is off.
 */
const optionalLink: Check<string | undefined> = (v, path) => {
  if (v === undefined) return undefined;
  try {
    return link(v, path);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.warn(`fin-elements: ${error.message}; the address is ignored`);
    return undefined;
  }
};

/** SPEC §3 "Page data" of the stock page: optional fields get their defaults, ids may come as digit strings. */
export const checkStockPageData = object<StockPageData>({
  lang,
  stockId: integer,
  groundId: integer,
  stringId: string,
  stockInfo: object({
    stock_full_name: string,
    splits: optional(arrayOf(object({ date: string, coefficient: number })), []),
  }),
  branchId: optional(nullable(integer), null),
  tradingGrounds: arrayOf(object({ id: integer, text: string })),
  exchangeTable: table,
  paramsTable: table,
  dividendsTable: table,
  nearestDividend: optional(nullable(record), null),
  emitentSharesStocksList: list,
  emitentSharesBondsList: list,
  indexesList: list,
  excelDefaultStart: text,
  excelDefaultEnd: text,
  excelGraphTableStartDate: text,
  excelGraphTableEndDate: text,
  hideGraph: optional(boolean, false),
  excelExportAccess: optional(boolean, false),
  tradingsLink: optionalLink,
  archiveExportLink: optionalLink,
  intradayAvailable: optional<boolean | undefined>(boolean, undefined),
  error: optional(nullable(string), null),
});

const issuerPriceDynamics = object<IssuerPriceDynamics>({
  absoluteMinPrice: maskedValue,
  absoluteMaxPrice: maskedValue,
  deltaLastPrice: maskedValue,
  lastPrice: maskedValue,
  lastDate: nullable(string),
});

export const checkIssuerPageData = object<IssuerPageData>({
  lang,
  emitentId: integer,
  emitentName: text,
  stockId: optional(nullable(integer), null),
  groundId: optional(nullable(integer), null),
  priceDynamics: optional(nullable(issuerPriceDynamics), null),
  error: optional(nullable(string), null),
});

/** SPEC §3 "User globals": what is missing counts as anonymous. */
export const checkUserGlobals = object<UserGlobals>({
  userAuth: optional(boolean, false),
  userAccessLevel: optional(integer, 0),
  userTariffs: optional(arrayOf(integer), []),
  userId: optional(nullable(integer), null),
  userCountryId: optional(nullable(integer), null),
  userMobileExists: optional(boolean, false),
});

/** The user globals of a visitor who is not signed in. */
export const ANONYMOUS: UserGlobals = {
  userAuth: false,
  userAccessLevel: 0,
  userTariffs: [],
  userId: null,
  userCountryId: null,
  userMobileExists: false,
};
