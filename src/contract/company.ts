import type { IssuerPageData, MaskedValue } from './types.ts';
import type { FinancialReportApiUrl, NeedAccess, ReportApiUrl, ReportPeriodOption } from './reports.ts';

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────

/** How a provider shares the files of its comments. */
export type CommentFileAccessKind = 'open' | 'paid' | 'request';

/** SPEC §4 "Comment file access" states, for the current user. */
export type CommentFileState = 'open' | 'request_sent' | 'request_rejected' | 'denied';

/** SPEC §4 alerts to show when the user tries to download. */
export type CommentFileAlert = NeedAccess | 'request_sent' | 'request_rejected' | 'download_denied';

export interface LinkedEmitent {
  id: number;
  name: string;
  url: string;
}

/** SPEC §3 "Comment". `content` is simple HTML exactly as the provider wrote it: sanitize before display. */
export interface CompanyComment {
  id: number;
  title: string;
  provider_name: string;
  provider_id: number;
  /** rus, eng, deu, fra… */
  language: string;
  /** File name, or null when the comment has no file. */
  file: string | null;
  mimetype: string | null;
  content: string;
  /** The comment on the portal (the company page, anchored). */
  cb_link: string;
  /** The file's download URL when the state is open, else null. */
  cb_file_link: string | null;
  /** DD.MM.YYYY */
  date: string;
  'date.numeric': number;
  linked_emitents: LinkedEmitent[];
  moderated: boolean;
  approved: boolean;
  checked: boolean;
  /** The user has an access request to this provider (any status). */
  requestExists: boolean;
  /** DD.MM.YYYY: the day the user's request to this provider was sent; null without one. */
  request_date?: string | null;
  file_access_kind: CommentFileAccessKind;
  file_access: CommentFileState;
  /** null when the file can be downloaded (or there is none). */
  alert: CommentFileAlert | null;
  /** A request may be sent now (request-only provider, signed in, no request yet). */
  requestAllowed: boolean;
}

/** GET /api/company/{id}/comments_about/: approved comments, newest first. */
export interface CompanyCommentsAnswer {
  items: CompanyComment[];
}

/** GET /api/comments/create_comments_access_request/{providerId}/ */
export interface CommentsAccessRequestAnswer {
  response: {
    items: Array<{
      success: boolean;
      /** The request's status after the call. */
      status: 'sent' | 'approved' | 'rejected';
      /** An alert key for the client: request_sent, request_rejected when it was refused before, null when granted. */
      message: 'request_sent' | 'request_rejected' | null;
      /** DD.MM.YYYY: the day the request was sent (the first one, when it already existed). */
      date?: string | null;
    }>;
  };
}

// ─── Multipliers ───────────────────────────────────────────────────────────────────────────────

/** A multiplier row: id, name, unit and one value per period column (`p2024`, `p2025q1`…). Market-based values are masked like prices. */
export type MultiplierRow = { id: string; name: string; unit: string } & Record<string, MaskedValue | string>;

export interface MultiplierGroup {
  group_id: number;
  group_name: string;
  /** Column titles, aligned with columns. */
  headers: string[];
  /** Row field keys: 'name', then one per period, newest first. */
  columns: string[];
  body: MultiplierRow[];
}

/** GET /api/company/{id}/multipliers/: period 1 quarterly (trailing twelve months), 2 annual. */
export interface MultipliersAnswer {
  '1': MultiplierGroup[];
  '2': MultiplierGroup[];
}

// ─── Consensus ─────────────────────────────────────────────────────────────────────────────────

export interface ConsensusItem {
  code: string;
  indexName: string;
  unit: string;
  actual_year: number;
  /** The last reported value (for the share price: the last price, masked like it). */
  actual_value: MaskedValue;
  forecast_year: number;
  forecast_value: MaskedValue;
  forecast_value_next: MaskedValue;
  forecast_min: MaskedValue;
  forecast_max: MaskedValue;
  /** Forecast against actual, percent. */
  change: MaskedValue;
  analysts_count: number;
  /** DD.MM.YYYY */
  updated: string;
}

/** GET /api/company/{emitentId}/get-emitent-list-of-indexes/ (empty items: hide the block). */
export interface ConsensusAnswer {
  items: ConsensusItem[];
  /** Column headings and the block title, in the request's language. */
  labels: Record<string, string>;
}

// ─── Related issuers ───────────────────────────────────────────────────────────────────────────

/** SPEC §3 "Network graph input": one link; parent_emitent_id is its other end (the main issuer for direct links). */
export interface RelatedLink {
  emitent_id: number;
  emitent_name: string;
  rel_type: 'subsidiary' | 'associate' | 'investment' | 'shareholder' | 'affiliate';
  rel_type_name: string;
  /** Stake in percent, or null (affiliates). */
  share: number | null;
  parent_emitent_id: number;
  parent_emitent_name: string;
  /** The company page, or null for companies that are not issuers of the portal. */
  url: string | null;
}

// ─── The issuer reports element ────────────────────────────────────────────────────────────────

/**
 * The sections of <fin-issuer-reports> in SPEC §2 order ("Issuer page blocks"): IFRS (two data
 * sources as tabs), RAS, FMP IFRS, multipliers, analytics comments, quarterly report files. The
 * issuer page shows each in its own page section (`<section id>` = the id), so the page menu
 * lists them.
 */
export const ISSUER_REPORT_SECTIONS = ['ifrs', 'ras', 'fmp', 'multipliers', 'comments', 'quarterly'] as const;
export type IssuerReportSection = (typeof ISSUER_REPORT_SECTIONS)[number];

// ─── Page data ─────────────────────────────────────────────────────────────────────────────────

export interface IssuerReportTab {
  apiUrl: ReportApiUrl;
  ttl: string;
  /** The call that loads it. */
  url: string;
  /** .xlsx export link template (%from%, %to%, %reportPeriod%), or null when the report has none. */
  exportLink: string | null;
}

/** The page data of /company/{id}/: IssuerPageData plus what the issuer blocks need. */
export interface IssuerReportsPageData extends IssuerPageData {
  emitentFullName: string;
  /** Currency of the reports (RUB, USD), or null when the issuer has none. */
  currency: string | null;
  /** The reports this issuer has, in tab order: msfo, msfo2, rsbu, fmp, quarterly. */
  reports: IssuerReportTab[];
  apiUrls: {
    comments: string;
    multipliers: string;
    consensus: string;
    related: string;
    reportMsfo: string;
    reportRsbu: string;
    /** With %apiUrl%. */
    getReport: string;
    /** With %periodId%. */
    reportFmp: string;
    reportFmpLatest: string;
    /** With %providerId%; a GET that writes: send the X-CSRF-Token header. */
    commentsAccessRequest: string;
  };
  exportLinks: Partial<Record<FinancialReportApiUrl, string>>;
  /** SPEC §5: 1 January five years back and today, DD.MM.YYYY. */
  exportDefaultFrom: string;
  exportDefaultTo: string;
  reportExportAccess: boolean;
  reportPeriods: ReportPeriodOption[];
  defaultReportPeriod: 1 | 2;
  hasConsensus: boolean;
  commentsCount: number;
  relatedCount: number;
  /** Props of <fin-network-graph> (SPEC §3 "Network graph input"); null when the issuer has no links. */
  graph: {
    mainEmitentId: number;
    title: string;
    exportFileName: string;
    exportTitle: string;
    dataUrl: string;
  } | null;
  loginUrl: string;
  accessUrl: string;
}
