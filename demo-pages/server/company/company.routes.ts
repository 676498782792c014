/**
 * The issuer calls of SPEC §7 (shapes in src/contract/company.ts and reports.ts), the report
 * exports and file downloads, and the /company/{id}/ page (company.pages.ts).
 *
 *   GET /api/company/{id}/comments_about/
 *   GET /api/company/{id}/multipliers/
 *   GET /api/company/get-report/{apiUrl}/{id}/            apiUrl: msfo, msfo2, rsbu, fmp, quarterly
 *   GET /api/comments/create_comments_access_request/{providerId}/   signed in, CSRF token
 *   GET /api/report_msfo/{id}/  (?source=1|2)  ·  GET /api/report_rsbu/{id}/   (?reportPeriod=1|2)
 *       the IFRS / RAS reports also take ?from=&to= (DD.MM.YYYY): the periods ending between them
 *   GET /api/report_fmp/{emitent}/{periodId}/  ·  GET /api/report_fmp/{emitent}/
 *   GET /api/company/{emitentId}/get-emitent-list-of-indexes/
 *   GET /api/company/{id}/related/                          the network graph's data URL
 *   GET /api/company/{id}/export/{msfo|msfo2|rsbu}/?from=&to=&reportPeriod=   .xlsx, paid
 *   GET /api/company/report-file/{fileId}/                  quarterly report file, paid
 *   GET /api/comments/file/{commentId}/                     comment file, by its access state
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommentsAccessRequestAnswer } from '../../../src/contract/company.ts';
import type { NeedAccess, ReportPeriodId } from '../../../src/contract/reports.ts';
import { displayDate } from '../../../src/contract/calendar.ts';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { CompanyRepository, type ReportSourceRow } from './company.repo.ts';
import { registerCompanyPages } from './company.pages.ts';
import { registerIssuerReportsTestPage } from './company.test-pages.ts';
import { registerNetworkGraphTestPages } from './network-graph.test-pages.ts';
import { requestLang } from '../shared/lang.ts';
import {
  buildComments,
  buildConsensus,
  buildFinancialReport,
  buildFmpReport,
  buildMultipliers,
  buildQuarterlyReports,
  buildRelated,
  commentFileAccess,
  exportDefaults,
  issuerContext,
  issuerText,
  needOf,
  parseDisplayDate,
  requestDate,
  type IssuerContext,
  type ReportOptions,
} from './reports.ts';
import {
  commentFileBody,
  reportFileBody,
  reportWorkbook,
  XLSX_MIME,
  type FileBody,
} from './reports.export.ts';
import type { EmitentRow } from '../market/stocks.repo.ts';

const REPORT_PERIOD = { type: 'integer', enum: [1, 2] } as const;
const DISPLAY_DATE = { type: 'string', pattern: '^(\\d{2}\\.\\d{2}\\.\\d{4})?$' } as const;
const LANG_QUERY = { lang: { type: 'string' } } as const;

/** The query of a report call: the period kind and, optionally, the dates the periods end between. */
interface ReportQuery {
  reportPeriod?: ReportPeriodId;
  from?: string;
  to?: string;
}

function idParams<K extends string>(...names: K[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, ID])),
    required: names,
  } as const;
}

/** 401 `{error, need: 'need_auth'}` for anonymous users, 403 with the other reasons (SPEC §6). */
function refuse(
  reply: FastifyReply,
  need: NeedAccess | 'request_sent' | 'request_rejected' | 'download_denied',
  error: string,
) {
  return reply.status(need === 'need_auth' ? 401 : 403).send({ error, need });
}

function attachment(reply: FastifyReply, file: FileBody) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .send(file.body);
}

export function registerCompanyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new CompanyRepository(ctx.db);
  const contextOf = (request: FastifyRequest): IssuerContext =>
    issuerContext(
      { repo, labels: ctx.labels, lang: requestLang(request), asOf: ctx.meta.asOf },
      request.session?.user ?? null,
    );
  const emitentOf = (id: number): EmitentRow => {
    const emitent = ctx.repo.emitent(id);
    if (!emitent) throw new HttpError(404, `Unknown company ${id}`);
    return emitent;
  };
  const sourceOf = (emitent: EmitentRow, apiUrl: string): ReportSourceRow => {
    const source = repo.sources(emitent.id).find((row) => row.api_url === apiUrl);
    if (!source) throw new HttpError(404, `Company ${emitent.id} has no ${apiUrl} report`);
    return source;
  };

  app.get<{ Params: { id: number } }>(
    '/api/company/:id/comments_about/',
    { schema: { params: idParams('id'), querystring: { type: 'object', properties: LANG_QUERY } } },
    async (request) => buildComments(contextOf(request), emitentOf(request.params.id).id),
  );

  app.get<{ Params: { id: number } }>(
    '/api/company/:id/multipliers/',
    { schema: { params: idParams('id'), querystring: { type: 'object', properties: LANG_QUERY } } },
    async (request) => buildMultipliers(contextOf(request), emitentOf(request.params.id).id),
  );

  app.get<{ Params: { id: number } }>(
    '/api/company/:id/get-emitent-list-of-indexes/',
    { schema: { params: idParams('id'), querystring: { type: 'object', properties: LANG_QUERY } } },
    async (request) => buildConsensus(contextOf(request), emitentOf(request.params.id).id),
  );

  app.get<{ Params: { id: number } }>(
    '/api/company/:id/related/',
    { schema: { params: idParams('id'), querystring: { type: 'object', properties: LANG_QUERY } } },
    async (request) => buildRelated(contextOf(request), emitentOf(request.params.id).id),
  );

  const reportQuery = {
    type: 'object',
    properties: { reportPeriod: REPORT_PERIOD, from: DISPLAY_DATE, to: DISPLAY_DATE, ...LANG_QUERY },
  } as const;

  /**
   * The periods a report shows: with `from` / `to` (the page's From / To, DD.MM.YYYY) every period
   * ending between them (SPEC §5: a missing start is 1 January 1970, a missing end today);
   * without either, the latest ones.
   */
  const reportOptions = (query: ReportQuery): ReportOptions => {
    const reportPeriod = query.reportPeriod ?? 2;
    if (!query.from && !query.to) return { reportPeriod };
    return { reportPeriod, range: dateRange(query.from, query.to) };
  };
  const dateRange = (from: string | undefined, to: string | undefined): { from: string; to: string } => {
    const fromIso = from ? parseDisplayDate(from) : '1970-01-01';
    const toIso = to ? parseDisplayDate(to) : exportDefaults(ctx.meta.asOf).to;
    if (fromIso === null) throw new HttpError(400, 'querystring.from must be a date DD.MM.YYYY');
    if (toIso === null) throw new HttpError(400, 'querystring.to must be a date DD.MM.YYYY');
    if (fromIso > toIso) throw new HttpError(400, 'querystring.from must not be after querystring.to');
    return { from: fromIso, to: toIso };
  };

  app.get<{ Params: { apiUrl: string; id: number }; Querystring: ReportQuery }>(
    '/api/company/get-report/:apiUrl/:id/',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            apiUrl: { type: 'string', enum: ['msfo', 'msfo2', 'rsbu', 'fmp', 'quarterly'] },
            id: ID,
          },
          required: ['apiUrl', 'id'],
        },
        querystring: reportQuery,
      },
    },
    async (request) => {
      const { apiUrl, id } = request.params;
      const emitent = emitentOf(id);
      const context = contextOf(request);
      if (apiUrl === 'quarterly') return buildQuarterlyReports(context, emitent.id);
      const source = sourceOf(emitent, apiUrl);
      if (apiUrl === 'fmp') return buildFmpReport(context, emitent, source, null);
      return buildFinancialReport(context, emitent, source, reportOptions(request.query));
    },
  );

  app.get<{ Params: { id: number }; Querystring: ReportQuery & { source?: 1 | 2 } }>(
    '/api/report_msfo/:id/',
    {
      schema: {
        params: idParams('id'),
        querystring: {
          type: 'object',
          properties: {
            source: { type: 'integer', enum: [1, 2] },
            ...reportQuery.properties,
          },
        },
      },
    },
    async (request) => {
      const emitent = emitentOf(request.params.id);
      const source = sourceOf(emitent, request.query.source === 2 ? 'msfo2' : 'msfo');
      return buildFinancialReport(contextOf(request), emitent, source, reportOptions(request.query));
    },
  );

  app.get<{ Params: { id: number }; Querystring: ReportQuery }>(
    '/api/report_rsbu/:id/',
    { schema: { params: idParams('id'), querystring: reportQuery } },
    async (request) => {
      const emitent = emitentOf(request.params.id);
      return buildFinancialReport(
        contextOf(request),
        emitent,
        sourceOf(emitent, 'rsbu'),
        reportOptions(request.query),
      );
    },
  );

  const fmpReport = async (request: FastifyRequest<{ Params: { emitent: number; periodId?: number } }>) => {
    const emitent = emitentOf(request.params.emitent);
    return buildFmpReport(
      contextOf(request),
      emitent,
      sourceOf(emitent, 'fmp'),
      request.params.periodId ?? null,
    );
  };
  app.get(
    '/api/report_fmp/:emitent/',
    { schema: { params: idParams('emitent'), querystring: { type: 'object', properties: LANG_QUERY } } },
    fmpReport,
  );
  app.get(
    '/api/report_fmp/:emitent/:periodId/',
    {
      schema: {
        params: {
          type: 'object',
          properties: { emitent: ID, periodId: { type: 'integer', minimum: 1, maximum: 4 } },
          required: ['emitent', 'periodId'],
        },
        querystring: { type: 'object', properties: LANG_QUERY },
      },
    },
    fmpReport,
  );

  // SPEC §7 makes it a GET, but it writes: signed-in users only, with the session token.
  app.get<{ Params: { providerId: number } }>(
    '/api/comments/create_comments_access_request/:providerId/',
    { config: { csrf: true }, schema: { params: idParams('providerId') } },
    async (request, reply) => {
      const user = request.session?.user ?? null;
      if (!user) return refuse(reply, 'need_auth', 'Log in to request access to the files');
      const provider = repo.provider(request.params.providerId);
      if (!provider) throw new HttpError(404, `Unknown provider ${request.params.providerId}`);
      if (provider.file_access !== 'request')
        throw new HttpError(400, `Provider ${provider.id} does not grant access on request`);
      const { status, sentAt } = repo.requestAccess(user.id, provider.id, ctx.now());
      const answer: CommentsAccessRequestAnswer = {
        response: {
          items: [
            {
              success: status !== 'rejected',
              status,
              message: status === 'rejected' ? 'request_rejected' : status === 'sent' ? 'request_sent' : null,
              date: requestDate(sentAt),
            },
          ],
        },
      };
      return answer;
    },
  );

  app.get<{ Params: { commentId: number } }>(
    '/api/comments/file/:commentId/',
    { schema: { params: idParams('commentId') } },
    async (request, reply) => {
      const comment = repo.comment(request.params.commentId);
      if (!comment?.file_name) throw new HttpError(404, `Comment ${request.params.commentId} has no file`);
      const user = request.session?.user ?? null;
      const status = user ? repo.accessRequests(user.id).get(comment.provider_id) : undefined;
      const access = commentFileAccess(comment.file_access, user, status);
      if (access.state !== 'open' && access.alert)
        return refuse(reply, access.alert, 'The file is not available to you');
      return attachment(reply, await commentFileBody(comment));
    },
  );

  app.get<{ Params: { fileId: number } }>(
    '/api/company/report-file/:fileId/',
    { schema: { params: idParams('fileId') } },
    async (request, reply) => {
      const need = needOf(request.session?.user ?? null);
      if (need) return refuse(reply, need, 'Report files need paid access');
      const file = repo.reportFile(request.params.fileId);
      if (!file) throw new HttpError(404, `Unknown report file ${request.params.fileId}`);
      const emitent = emitentOf(file.emitent_id);
      // The key figures of that quarter, from the report of the file's standard.
      const sources = repo.sources(emitent.id);
      const source =
        (file.lang === 'rus' ? sources.find((s) => s.api_url === 'rsbu') : undefined) ??
        sources.find((s) => s.api_url === 'msfo');
      const lines = new Map(repo.lines().map((line) => [line.code, line]));
      const figures = source
        ? repo
            .quarterlyValues(emitent.id, source.source_id, file.year * 10 + file.quarter)
            .filter((row) => row.year === file.year && row.quarter === file.quarter)
            .filter((row) =>
              ['revenue', 'ebitda', 'net_income', 'total_assets', 'total_equity', 'net_debt'].includes(
                row.code,
              ),
            )
            .map((row): [string, number | null, string] => [
              lines.get(row.code)?.name_eng ?? row.code,
              row.value,
              `mln ${source.currency}`,
            ])
        : [];
      return attachment(reply, await reportFileBody(file, emitent.name_eng, figures));
    },
  );

  app.get<{
    Params: { id: number; apiUrl: 'msfo' | 'msfo2' | 'rsbu' };
    Querystring: { from?: string; to?: string; reportPeriod?: ReportPeriodId; lang?: string };
  }>(
    '/api/company/:id/export/:apiUrl/',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: ID, apiUrl: { type: 'string', enum: ['msfo', 'msfo2', 'rsbu'] } },
          required: ['id', 'apiUrl'],
        },
        querystring: {
          type: 'object',
          properties: { from: DISPLAY_DATE, to: DISPLAY_DATE, reportPeriod: REPORT_PERIOD, ...LANG_QUERY },
        },
      },
    },
    async (request, reply) => {
      const need = needOf(request.session?.user ?? null);
      if (need) return refuse(reply, need, 'The Excel export needs paid access');
      const { from, to, reportPeriod = 2 } = request.query;
      const { from: fromIso, to: toIso } = dateRange(from, to);
      const emitent = emitentOf(request.params.id);
      const source = sourceOf(emitent, request.params.apiUrl);
      const context = contextOf(request);
      const report = buildFinancialReport(context, emitent, source, {
        reportPeriod,
        range: { from: fromIso, to: toIso },
      });
      const body = await reportWorkbook(report, {
        title: `${report.emitent_name} · ${issuerText(context, `tab_${request.params.apiUrl}`)}`,
        sourceName: report.source.name,
        from: displayDate(fromIso),
        to: displayDate(toIso),
        periodName: issuerText(context, reportPeriod === 1 ? 'period_quarterly' : 'period_annual'),
        generatedNote: ctx.labels.text(context.lang, 'common:demo_data'),
        lineHeading: issuerText(context, 'indicator'),
        unitHeading: issuerText(context, 'unit'),
      });
      const slug = emitent.name_eng
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return attachment(reply, {
        body,
        contentType: XLSX_MIME,
        fileName: `${slug}-${request.params.apiUrl}-${fromIso}-${toIso}.xlsx`,
      });
    },
  );

  registerCompanyPages(app, ctx, repo);
  if (!ctx.production) {
    registerIssuerReportsTestPage(app, ctx, repo);
    registerNetworkGraphTestPages(app, ctx);
  }
}
