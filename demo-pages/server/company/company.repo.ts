/**
 * SQL over the issuer tables (demo-pages/data/issuers.ts): reports, comments, report files,
 * consensus forecasts and relations. Prepared statements with bound parameters only.
 */
import type { Db } from '../shared/db.ts';

export interface ReportSourceRow {
  source_id: number;
  api_url: string;
  standard: 'msfo' | 'rsbu' | 'fmp';
  name: string;
  name_eng: string;
  currency: string;
}

export interface ReportLineRow {
  code: string;
  standard: 'common' | 'ras' | 'fmp';
  section: string;
  position: number;
  parent_code: string | null;
  name: string;
  name_eng: string;
  kind: 'flow' | 'stock' | 'opening';
  unit: 'mln' | 'ccy' | 'thousand_persons' | 'mln_pcs';
}

/** quarter 0: the full year. */
export interface ReportValueRow {
  code: string;
  year: number;
  quarter: number;
  value: number | null;
}

export interface CommentRow {
  id: number;
  provider_id: number;
  provider_name: string;
  provider_name_eng: string;
  file_access: 'open' | 'paid' | 'request';
  title: string;
  language: string;
  content: string;
  file_name: string | null;
  file_format: 'pdf' | 'xlsx' | 'txt' | null;
  date: string;
  moderated: number;
  approved: number;
  checked: number;
}

export interface LinkedEmitentRow {
  comment_id: number;
  id: number;
  name: string;
  name_eng: string;
}

export interface ProviderRow {
  id: number;
  name: string;
  name_eng: string;
  file_access: 'open' | 'paid' | 'request';
}

export type AccessRequestStatus = 'sent' | 'approved' | 'rejected';

export interface ReportFileRow {
  id: number;
  emitent_id: number;
  year: number;
  quarter: number;
  lang: 'rus' | 'eng';
  format: 'pdf' | 'xlsx' | 'txt';
  file_name: string;
}

export interface ConsensusRow {
  position: number;
  code: string;
  unit: string;
  is_price: number;
  currency: string;
  actual_year: number;
  actual_value: number | null;
  forecast_value: number | null;
  forecast_value_next: number | null;
  forecast_min: number | null;
  forecast_max: number | null;
  analysts_count: number;
  updated: string;
}

export interface RelationRow {
  owner_id: number;
  owned_id: number;
  kind: 'ownership' | 'affiliate';
  share: number | null;
  owner_name: string | null;
  owner_name_eng: string | null;
  owner_is_emitent: number;
  owned_name: string | null;
  owned_name_eng: string | null;
  owned_is_emitent: number;
}

export interface MarketCapRow {
  stocks: number;
  priced: number;
  cap: number | null;
}

/** The name of either end of a relation: an issuer of the portal or a related-only company. */
const RELATION_SELECT = `
  SELECT r.owner_id, r.owned_id, r.kind, r.share,
    COALESCE(eo.name, ro.name) AS owner_name, COALESCE(eo.name_eng, ro.name_eng) AS owner_name_eng,
    eo.id IS NOT NULL AS owner_is_emitent,
    COALESCE(ed.name, rd.name) AS owned_name, COALESCE(ed.name_eng, rd.name_eng) AS owned_name_eng,
    ed.id IS NOT NULL AS owned_is_emitent
  FROM issuer_relations r
  LEFT JOIN emitents eo ON eo.id = r.owner_id
  LEFT JOIN related_entities ro ON ro.id = r.owner_id
  LEFT JOIN emitents ed ON ed.id = r.owned_id
  LEFT JOIN related_entities rd ON rd.id = r.owned_id`;

export class CompanyRepository {
  private readonly statements;
  private linesCache: ReportLineRow[] | null = null;

  constructor(db: Db) {
    this.statements = {
      sources: db.prepare<[number], ReportSourceRow>(
        `SELECT r.source_id, s.api_url, s.standard, s.name, s.name_eng, r.currency
         FROM issuer_reports r JOIN issuer_report_sources s ON s.id = r.source_id
         WHERE r.emitent_id = ? ORDER BY r.source_id`,
      ),
      lines: db.prepare<[], ReportLineRow>(
        `SELECT code, standard, section, position, parent_code, name, name_eng, kind, unit
         FROM issuer_report_lines ORDER BY position`,
      ),
      // A year is reported when its four quarters are: flows add up, balances are taken at the
      // year end, opening balances at its start.
      annual: db.prepare<[number, number], ReportValueRow>(
        `SELECT v.code, v.year, 0 AS quarter,
           CASE l.kind
             WHEN 'flow' THEN ROUND(SUM(v.value), 2)
             WHEN 'stock' THEN MAX(CASE WHEN v.quarter = 4 THEN v.value END)
             ELSE MAX(CASE WHEN v.quarter = 1 THEN v.value END)
           END AS value
         FROM issuer_report_values v JOIN issuer_report_lines l ON l.code = v.code
         WHERE v.emitent_id = ? AND v.source_id = ?
         GROUP BY v.code, v.year
         HAVING COUNT(*) = 4`,
      ),
      quarterly: db.prepare<[number, number, number], ReportValueRow>(
        `SELECT code, year, quarter, value FROM issuer_report_values
         WHERE emitent_id = ? AND source_id = ? AND year * 10 + quarter >= ?`,
      ),
      quarterlyAll: db.prepare<[number, number], ReportValueRow>(
        'SELECT code, year, quarter, value FROM issuer_report_values WHERE emitent_id = ? AND source_id = ?',
      ),
      quarters: db.prepare<[number, number, number], { year: number; quarter: number }>(
        `SELECT DISTINCT year, quarter FROM issuer_report_values
         WHERE emitent_id = ? AND source_id = ? ORDER BY year DESC, quarter DESC LIMIT ?`,
      ),
      fmpPeriods: db.prepare<[number, number], { quarter: number; years: number }>(
        `SELECT quarter, COUNT(DISTINCT year) AS years FROM issuer_report_values
         WHERE emitent_id = ? AND source_id = ? GROUP BY quarter ORDER BY quarter`,
      ),
      fmpLatest: db.prepare<[number, number], { year: number; quarter: number }>(
        `SELECT year, quarter FROM issuer_report_values WHERE emitent_id = ? AND source_id = ?
         ORDER BY year DESC, quarter DESC LIMIT 1`,
      ),
      fmpValues: db.prepare<[number, number, number], ReportValueRow>(
        `SELECT code, year, quarter, value FROM issuer_report_values
         WHERE emitent_id = ? AND source_id = ? AND quarter = ?`,
      ),
      // Market capitalisation on a date: every share of the issuer at its last close on its main
      // ground, the share count taken back over later splits.
      marketCap: db.prepare<[{ emitent: number; date: string }], MarketCapRow>(
        `WITH issuer_stocks AS (
           SELECT s.id AS stock_id, s.shares_outstanding AS shares,
             (SELECT g.ground_id FROM stock_grounds g WHERE g.stock_id = s.id ORDER BY g.position LIMIT 1) AS ground_id
           FROM stocks s WHERE s.emitent_id = @emitent
         ), priced AS (
           SELECT i.shares,
             (SELECT b.close FROM daily_bars b
              WHERE b.stock_id = i.stock_id AND b.ground_id = i.ground_id AND b.date <= @date
              ORDER BY b.date DESC LIMIT 1) AS close,
             COALESCE((SELECT EXP(SUM(LN(sp.coefficient))) FROM splits sp
                       WHERE sp.stock_id = i.stock_id AND sp.date > @date), 1) AS split_factor
           FROM issuer_stocks i
         )
         SELECT COUNT(*) AS stocks, COUNT(close) AS priced, SUM(close * shares / ROUND(split_factor, 6)) AS cap
         FROM priced`,
      ),
      // The version in the asked language where the provider wrote one, else the original.
      comments: db.prepare<[string | null, number], CommentRow>(
        `SELECT c.id, c.provider_id, p.name AS provider_name, p.name_eng AS provider_name_eng, p.file_access,
           COALESCE(v.title, c.title) AS title, COALESCE(v.language, c.language) AS language,
           COALESCE(v.content, c.content) AS content,
           c.file_name, c.file_format, c.date, c.moderated, c.approved, c.checked
         FROM issuer_comment_emitents ce
         JOIN issuer_comments c ON c.id = ce.comment_id
         JOIN comment_providers p ON p.id = c.provider_id
         LEFT JOIN issuer_comment_versions v ON v.comment_id = c.id AND v.language = ?
         WHERE ce.emitent_id = ? AND c.moderated = 1 AND c.approved = 1
         ORDER BY c.date DESC, c.id DESC`,
      ),
      comment: db.prepare<[number], CommentRow>(
        `SELECT c.id, c.provider_id, p.name AS provider_name, p.name_eng AS provider_name_eng, p.file_access,
           c.title, c.language, c.content, c.file_name, c.file_format, c.date, c.moderated, c.approved, c.checked
         FROM issuer_comments c JOIN comment_providers p ON p.id = c.provider_id
         WHERE c.id = ? AND c.moderated = 1 AND c.approved = 1`,
      ),
      linkedEmitents: db.prepare<[number], LinkedEmitentRow>(
        `SELECT ce.comment_id, e.id, e.name, e.name_eng
         FROM issuer_comment_emitents ce JOIN emitents e ON e.id = ce.emitent_id
         WHERE ce.comment_id IN (SELECT comment_id FROM issuer_comment_emitents WHERE emitent_id = ?)
         ORDER BY ce.comment_id, ce.position`,
      ),
      linkedEmitentsOf: db.prepare<[number], LinkedEmitentRow>(
        `SELECT ce.comment_id, e.id, e.name, e.name_eng
         FROM issuer_comment_emitents ce JOIN emitents e ON e.id = ce.emitent_id
         WHERE ce.comment_id = ? ORDER BY ce.position`,
      ),
      provider: db.prepare<[number], ProviderRow>(
        'SELECT id, name, name_eng, file_access FROM comment_providers WHERE id = ?',
      ),
      requests: db.prepare<
        [number],
        { provider_id: number; status: AccessRequestStatus; created_at: number }
      >('SELECT provider_id, status, created_at FROM comment_access_requests WHERE user_id = ?'),
      request: db.prepare<[number, number], { status: AccessRequestStatus; created_at: number }>(
        'SELECT status, created_at FROM comment_access_requests WHERE user_id = ? AND provider_id = ?',
      ),
      insertRequest: db.prepare<[number, number, number]>(
        `INSERT INTO comment_access_requests (user_id, provider_id, status, created_at) VALUES (?, ?, 'sent', ?)
         ON CONFLICT (user_id, provider_id) DO NOTHING`,
      ),
      reportFiles: db.prepare<[number], ReportFileRow>(
        `SELECT id, emitent_id, year, quarter, lang, format, file_name FROM issuer_report_files
         WHERE emitent_id = ? ORDER BY year DESC, quarter, lang`,
      ),
      reportFile: db.prepare<[number], ReportFileRow>(
        'SELECT id, emitent_id, year, quarter, lang, format, file_name FROM issuer_report_files WHERE id = ?',
      ),
      consensus: db.prepare<[number], ConsensusRow>(
        `SELECT position, code, unit, is_price, currency, actual_year, actual_value, forecast_value,
           forecast_value_next, forecast_min, forecast_max, analysts_count, updated
         FROM issuer_consensus WHERE emitent_id = ? ORDER BY position`,
      ),
      relationsOf: db.prepare<[number, number], RelationRow>(
        `${RELATION_SELECT} WHERE r.owner_id = ? OR r.owned_id = ? ORDER BY r.id`,
      ),
    };
  }

  /** The reports the issuer has (by source), with their currency. */
  sources(emitentId: number): ReportSourceRow[] {
    return this.statements.sources.all(emitentId);
  }

  /** Every report line in display order (the generator writes them once; read once). */
  lines(): ReportLineRow[] {
    this.linesCache ??= this.statements.lines.all();
    return this.linesCache;
  }

  /** Full years (quarter 0) of a source. */
  annualValues(emitentId: number, sourceId: number): ReportValueRow[] {
    return this.statements.annual.all(emitentId, sourceId);
  }

  /** The latest `count` reported quarters, newest first. */
  latestQuarters(
    emitentId: number,
    sourceId: number,
    count: number,
  ): Array<{ year: number; quarter: number }> {
    return this.statements.quarters.all(emitentId, sourceId, count);
  }

  /** Quarter values from a quarter on (year * 10 + quarter), or all of them. */
  quarterlyValues(emitentId: number, sourceId: number, fromKey = 0): ReportValueRow[] {
    return fromKey > 0
      ? this.statements.quarterly.all(emitentId, sourceId, fromKey)
      : this.statements.quarterlyAll.all(emitentId, sourceId);
  }

  /** FMP: the cumulative periods (1–4) the issuer has, with how many years each. */
  fmpPeriods(emitentId: number, sourceId: number): Array<{ quarter: number; years: number }> {
    return this.statements.fmpPeriods.all(emitentId, sourceId);
  }

  fmpLatest(emitentId: number, sourceId: number): { year: number; quarter: number } | undefined {
    return this.statements.fmpLatest.get(emitentId, sourceId);
  }

  fmpValues(emitentId: number, sourceId: number, periodId: number): ReportValueRow[] {
    return this.statements.fmpValues.all(emitentId, sourceId, periodId);
  }

  /** Market capitalisation at the close of the date, or null unless every share of the issuer had traded by then. */
  marketCap(emitentId: number, date: string): number | null {
    const row = this.statements.marketCap.get({ emitent: emitentId, date });
    if (!row || row.stocks === 0 || row.priced < row.stocks || row.cap === null) return null;
    return row.cap;
  }

  /** Approved comments about the issuer, newest first, each in `lang` where its provider wrote that version, else in its original. */
  comments(emitentId: number, lang: string | null = null): CommentRow[] {
    return this.statements.comments.all(lang, emitentId);
  }

  comment(id: number): CommentRow | undefined {
    return this.statements.comment.get(id);
  }

  /** The issuers each comment about this issuer is linked to, by comment id. */
  linkedEmitents(emitentId: number): Map<number, LinkedEmitentRow[]> {
    const byComment = new Map<number, LinkedEmitentRow[]>();
    for (const row of this.statements.linkedEmitents.all(emitentId)) {
      const list = byComment.get(row.comment_id) ?? [];
      list.push(row);
      byComment.set(row.comment_id, list);
    }
    return byComment;
  }

  linkedEmitentsOf(commentId: number): LinkedEmitentRow[] {
    return this.statements.linkedEmitentsOf.all(commentId);
  }

  provider(id: number): ProviderRow | undefined {
    return this.statements.provider.get(id);
  }

  /** The user's access requests: provider id → status. */
  accessRequests(userId: number): Map<number, AccessRequestStatus> {
    return new Map(this.statements.requests.all(userId).map((row) => [row.provider_id, row.status]));
  }

  /** When the user sent each of their access requests: provider id → epoch ms. */
  accessRequestTimes(userId: number): Map<number, number> {
    return new Map(this.statements.requests.all(userId).map((row) => [row.provider_id, row.created_at]));
  }

  /** Stores a request unless one exists; returns the request's status, when it was sent and whether it is new. */
  requestAccess(
    userId: number,
    providerId: number,
    now: number,
  ): { status: AccessRequestStatus; sentAt: number; created: boolean } {
    const { changes } = this.statements.insertRequest.run(userId, providerId, now);
    const row = this.statements.request.get(userId, providerId);
    return { status: row?.status ?? 'sent', sentAt: row?.created_at ?? now, created: changes > 0 };
  }

  reportFiles(emitentId: number): ReportFileRow[] {
    return this.statements.reportFiles.all(emitentId);
  }

  reportFile(id: number): ReportFileRow | undefined {
    return this.statements.reportFile.get(id);
  }

  consensus(emitentId: number): ConsensusRow[] {
    return this.statements.consensus.all(emitentId);
  }

  /** Relations with the entity at either end. */
  relationsOf(id: number): RelationRow[] {
    return this.statements.relationsOf.all(id, id);
  }
}
