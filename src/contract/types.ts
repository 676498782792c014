/**
 * Shapes shared by the elements and the reference server (SPEC §3).
 * The server imports these too, so what it sends and what the elements read cannot drift.
 */

/** The ten UI languages of the portal (SPEC opening line). */
export const LANGUAGES = ['rus', 'eng', 'pol', 'ita', 'deu', 'esp', 'chn', 'ukr', 'fra', 'tur'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'rus';

/** The portal's language codes as BCP 47 tags (`<html lang>`, Intl formats). */
export const BCP47: Record<Lang, string> = {
  rus: 'ru',
  eng: 'en',
  pol: 'pl',
  ita: 'it',
  deu: 'de',
  esp: 'es',
  chn: 'zh',
  ukr: 'uk',
  fra: 'fr',
  tur: 'tr',
};

/**
 * The BCP 47 tag of a portal language id from data (a comment's `language`, `rus`/`eng`/…), for
 * `lang` attributes; a tag that is already BCP 47 is kept, anything else gives null (no attribute
 * rather than an invalid one).
 */
export function bcp47Of(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code in BCP47) return BCP47[code as Lang];
  return (Object.values(BCP47) as string[]).includes(code) ? code : null;
}

/** Paid access level and the support tariff (SPEC §9). */
export const PAID_ACCESS_LEVEL = 1077;
export const SUPPORT_TARIFF = 677;

/** A price the server may mask: the number, '***' when the session may not see it, or null when there is no data. */
export type MaskedValue = number | '***' | null;

/** SPEC §3 "User globals". */
export interface UserGlobals {
  userAuth: boolean;
  userAccessLevel: number;
  userTariffs: number[];
  userId: number | null;
  userCountryId: number | null;
  userMobileExists: boolean;
}

export interface TradingGround {
  id: number;
  text: string;
}

export interface Split {
  /** DD.MM.YYYY as shown on the page. */
  date: string;
  coefficient: number;
}

export interface StockInfo {
  stock_full_name: string;
  splits: Split[];
}

/** A table as the legacy server ships it: rows plus the ordered list of visible fields. */
export interface ServerTable<Row = Record<string, unknown>> {
  data: Row[];
  fields: string[];
  /** How many rows the server has when it sent only the first ones (a table this session may not expand). */
  total?: number;
}

/** SPEC §3 "Page data" of the stock page, plus the page language (DESIGN §7). */
export interface StockPageData {
  lang: Lang;
  stockId: number;
  groundId: number;
  stringId: string;
  stockInfo: StockInfo;
  /** The stock's industry branch (leaders tables); null when it has none. */
  branchId?: number | null;
  tradingGrounds: TradingGround[];
  exchangeTable: ServerTable;
  paramsTable: ServerTable;
  dividendsTable: ServerTable;
  nearestDividend: Record<string, unknown> | null;
  emitentSharesStocksList: Array<Record<string, unknown>>;
  emitentSharesBondsList: Array<Record<string, unknown>>;
  indexesList: Array<Record<string, unknown>>;
  excelDefaultStart: string;
  excelDefaultEnd: string;
  excelGraphTableStartDate: string;
  excelGraphTableEndDate: string;
  hideGraph: boolean;
  excelExportAccess: boolean;
  /** SPEC §7: the chart data call ("POST to the tradings link, path supplied by the page"). */
  tradingsLink?: string;
  /** The archive Excel export of this stock and ground, with %from% and %to% (DD.MM.YYYY). */
  archiveExportLink?: string;
  /**
   * Whether the stock has intraday bars on this ground for its last trading date. false hides the
   * chart's Today tab up front (SPEC §4); without the field the chart finds out from a Today
   * request that comes back without intraday points.
   */
  intradayAvailable?: boolean;
  /** Server-injected error text, shown as an alert on load (SPEC §8). */
  error?: string | null;
}

/** SPEC §3 "Price dynamics (issuer page)". Prices masked by the server like every price. */
export interface IssuerPriceDynamics {
  absoluteMinPrice: MaskedValue;
  absoluteMaxPrice: MaskedValue;
  /** Change over the window, in percent. */
  deltaLastPrice: MaskedValue;
  lastPrice: MaskedValue;
  /** DD.MM.YYYY */
  lastDate: string | null;
}

/** Page data of the issuer (company) page. */
export interface IssuerPageData {
  lang: Lang;
  emitentId: number;
  emitentName: string;
  /** The issuer's main stock, whose prices the price-dynamics bar shows. */
  stockId: number | null;
  groundId: number | null;
  priceDynamics: IssuerPriceDynamics | null;
  error?: string | null;
}

/** The six window values of the stock price-dynamics block (SPEC §2). */
export const PRICE_DYNAMICS_WINDOW_FIELDS = [
  'absolute_max_price_1m',
  'absolute_min_price_1m',
  'delta_last_price_1m',
  'absolute_max_price_1y',
  'absolute_min_price_1y',
  'delta_last_price_1y',
] as const;
export type PriceDynamicsWindowField = (typeof PRICE_DYNAMICS_WINDOW_FIELDS)[number];
export type PriceDynamicsValueField = PriceDynamicsWindowField | 'last_price';

/**
 * SPEC §3 "Price dynamics (stock page)": every value comes with its `.numeric` variant, the way the
 * legacy API ships it. The plain key carries what to display (a number, '***' or null); the
 * `.numeric` key carries the raw number, or null when masked or missing. Deltas are percent.
 */
export type StockPriceDynamics = {
  [K in PriceDynamicsValueField]: MaskedValue;
} & {
  [K in `${PriceDynamicsValueField}.numeric`]: number | null;
} & {
  /** Date of the last price, DD.MM.YYYY. */
  date: string | null;
  /** The same date as Unix seconds (UTC midnight). */
  'date.numeric': number | null;
  /** Currency of the prices on this ground, e.g. RUB. */
  currency: string | null;
};

/** Labels of one module: key → text in the requested language. */
export type LabelMap = Record<string, string>;

/** Answer of the login calls (DESIGN §7): an empty list means success. */
export interface AuthAnswer {
  messages: string[];
  user?: UserGlobals;
}
