/**
 * The checks of the page data a legacy template injects (SPEC §3 "Page data", "User globals").
 * The elements run them on every block they read; the reference server's tests run them on what
 * it injects, so the two cannot drift. A failed check names the field (contract/validate.ts).
 */
import type { IssuerReportsPageData, IssuerReportTab } from './company.ts';
import type { ReportApiUrl, ReportPeriodId } from './reports.ts';
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
  type Shape,
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
const stockPageShape: Shape<StockPageData> = {
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
};

export const checkStockPageData = object<StockPageData>(stockPageShape);

/** An optional page-data field that failed its check: the field, and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A block's check where a malformed optional field does not fail the block: the field gets its
 * default and is listed, so only the elements that need it say so (naming it) and the others
 * render. A malformed required field (the stock, the ground) still fails the whole block.
 */
export function checkWithProblems<T>(
  shape: Shape<T>,
): (value: unknown) => { data: T; problems: FieldProblem[] } {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ValidationError('', 'an object', value);
    const source = value as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    const problems: FieldProblem[] = [];
    for (const key of Object.keys(shape) as Array<keyof T & string>) {
      try {
        data[key] = shape[key](source[key], key);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        let fallback: unknown;
        try {
          fallback = shape[key](undefined, key); // an optional field's default
        } catch {
          throw error; // required
        }
        data[key] = fallback;
        problems.push({ field: key, message: error.message });
      }
    }
    return { data: data as T, problems };
  };
}

/** The stock page data with its malformed optional fields set aside (checkWithProblems). */
export const checkStockPageDataFields = checkWithProblems(stockPageShape);

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

const REPORT_API_URLS: readonly ReportApiUrl[] = ['msfo', 'msfo2', 'rsbu', 'fmp', 'quarterly'];
const reportPeriodId: Check<ReportPeriodId> = (v, path) => {
  if (v !== 1 && v !== 2) throw new ValidationError(path, '1 or 2', v);
  return v;
};
const apiPath = string;

/**
 * The page data of /company/{id}/: the price-dynamics fields plus what the issuer blocks need
 * (the reports the issuer has, the call URLs, the export templates and their SPEC §5 dates).
 */
export const checkIssuerReportsPageData = object<IssuerReportsPageData>({
  lang,
  emitentId: integer,
  emitentName: text,
  stockId: optional(nullable(integer), null),
  groundId: optional(nullable(integer), null),
  priceDynamics: optional(nullable(issuerPriceDynamics), null),
  error: optional(nullable(string), null),
  emitentFullName: text,
  currency: optional(nullable(string), null),
  reports: arrayOf(
    object<IssuerReportTab>({
      apiUrl: oneOf(REPORT_API_URLS),
      ttl: string,
      url: apiPath,
      exportLink: optional(nullable(link), null),
    }),
  ),
  apiUrls: object<IssuerReportsPageData['apiUrls']>({
    comments: apiPath,
    multipliers: apiPath,
    consensus: apiPath,
    related: apiPath,
    reportMsfo: apiPath,
    reportRsbu: apiPath,
    getReport: apiPath,
    reportFmp: apiPath,
    reportFmpLatest: apiPath,
    commentsAccessRequest: apiPath,
  }),
  exportLinks: optional((v, path) => {
    const links = record(v, path);
    return Object.fromEntries(
      Object.entries(links).map(([key, value]) => [key, link(value, `${path}.${key}`)]),
    );
  }, {}),
  exportDefaultFrom: text,
  exportDefaultTo: text,
  reportExportAccess: optional(boolean, false),
  reportPeriods: optional(arrayOf(object({ id: reportPeriodId, ttl: string })), []),
  defaultReportPeriod: optional(reportPeriodId, 2),
  hasConsensus: optional(boolean, false),
  commentsCount: optional(integer, 0),
  relatedCount: optional(integer, 0),
  graph: optional(
    nullable(
      object<NonNullable<IssuerReportsPageData['graph']>>({
        mainEmitentId: integer,
        title: text,
        exportFileName: text,
        exportTitle: text,
        dataUrl: apiPath,
      }),
    ),
    null,
  ),
  loginUrl: optional(link, '/login/'),
  accessUrl: optional(link, '/profile/access/'),
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
