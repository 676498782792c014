/**
 * /company/{id}/: the issuer page (SPEC §2 "Issuer page blocks"). The page data extends the one
 * <fin-price-dynamics variant="issuer"> reads with what the issuer blocks need: the reports the
 * issuer has, the call URLs, the export link templates and their default dates, the graph props.
 * Until those elements exist the page shows server-rendered summaries: key report figures,
 * comment titles, the report archive, consensus forecasts and related companies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IssuerReportTab, IssuerReportsPageData } from '../../../src/contract/company.ts';
import type { FinancialReportApiUrl, ReportApiUrl } from '../../../src/contract/reports.ts';
import { displayDate } from '../../../src/contract/calendar.ts';
import type { Lang } from '../../../src/contract/types.ts';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import type { CompanyRepository } from './company.repo.ts';
import { pageLang, pickName } from '../shared/lang.ts';
import { priceAccessOf } from '../shared/masking.ts';
import { pageContext, stockName, stockUrl } from '../market/stock.page-data.ts';
import { buildIssuerPageData } from './company.page-data.ts';
import { sendPage } from '../shared/page.ts';
import { preloadAnswers, preloadRequested } from '../shared/preload.ts';
import { issuerPagePreloadCalls } from './company.preload.ts';
import {
  ACCESS_URL,
  buildRelated,
  companyUrl,
  exportDefaults,
  exportLinkTemplate,
  issuerText,
  loginUrl,
  needOf,
  reportPeriodOptions,
  type IssuerContext,
} from './reports.ts';
import type { EmitentRow } from '../market/stocks.repo.ts';
import {
  COMPANY_PAGE_BLOCKS,
  companyBlockShown,
  companyPageBody,
  companyPageElements,
} from './company.template.ts';

const TAB_ORDER: ReportApiUrl[] = ['msfo', 'msfo2', 'rsbu', 'fmp', 'quarterly'];

function reportUrl(apiUrl: ReportApiUrl, emitentId: number): string {
  return `/api/company/get-report/${apiUrl}/${emitentId}/`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The issuer page data: IssuerPageData (price dynamics) plus the issuer blocks' fields. */
export function buildIssuerReportsPageData(
  ctx: IssuerContext,
  emitent: EmitentRow,
  base: ReturnType<typeof buildIssuerPageData>,
): IssuerReportsPageData {
  const sources = ctx.repo.sources(emitent.id);
  const has = (apiUrl: ReportApiUrl) =>
    apiUrl === 'quarterly'
      ? ctx.repo.reportFiles(emitent.id).length > 0
      : sources.some((s) => s.api_url === apiUrl);
  const financial = (apiUrl: ReportApiUrl): apiUrl is FinancialReportApiUrl =>
    apiUrl === 'msfo' || apiUrl === 'msfo2' || apiUrl === 'rsbu';
  const reports: IssuerReportTab[] = TAB_ORDER.filter(has).map((apiUrl) => ({
    apiUrl,
    ttl: issuerText(ctx, `tab_${apiUrl}`),
    url: reportUrl(apiUrl, emitent.id),
    exportLink: financial(apiUrl) ? exportLinkTemplate(emitent.id, apiUrl) : null,
  }));
  const defaults = exportDefaults(ctx.asOf);
  const name = pickName(ctx.lang, emitent.name, emitent.name_eng);
  const relatedTitle = `${issuerText(ctx, 'related_title')}: ${name}`;
  return {
    ...base,
    emitentFullName: pickName(ctx.lang, emitent.full_name, emitent.full_name_eng),
    currency: sources[0]?.currency ?? null,
    reports,
    apiUrls: {
      comments: `/api/company/${emitent.id}/comments_about/`,
      multipliers: `/api/company/${emitent.id}/multipliers/`,
      consensus: `/api/company/${emitent.id}/get-emitent-list-of-indexes/`,
      related: `/api/company/${emitent.id}/related/`,
      reportMsfo: `/api/report_msfo/${emitent.id}/`,
      reportRsbu: `/api/report_rsbu/${emitent.id}/`,
      getReport: `/api/company/get-report/%apiUrl%/${emitent.id}/`,
      reportFmp: `/api/report_fmp/${emitent.id}/%periodId%/`,
      reportFmpLatest: `/api/report_fmp/${emitent.id}/`,
      commentsAccessRequest: '/api/comments/create_comments_access_request/%providerId%/',
    },
    exportLinks: Object.fromEntries(
      reports.filter((tab) => tab.exportLink !== null).map((tab) => [tab.apiUrl, tab.exportLink as string]),
    ),
    exportDefaultFrom: displayDate(defaults.from),
    exportDefaultTo: displayDate(defaults.to),
    reportExportAccess: needOf(ctx.user) === null,
    reportPeriods: reportPeriodOptions(ctx),
    defaultReportPeriod: 2,
    hasConsensus: ctx.repo.consensus(emitent.id).length > 0,
    commentsCount: ctx.repo.comments(emitent.id).length,
    relatedCount: ctx.repo.relationsOf(emitent.id).length,
    graph: {
      mainEmitentId: emitent.id,
      title: relatedTitle,
      exportFileName: `related-${slug(emitent.name_eng) || emitent.id}`,
      exportTitle: relatedTitle,
      dataUrl: `/api/company/${emitent.id}/related/`,
    },
    loginUrl: loginUrl(companyUrl(emitent.id)),
    accessUrl: ACCESS_URL,
  };
}

/** The issuer context of a request (its user's access) and the page data of the issuer's page. */
export function companyPageData(
  ctx: AppContext,
  repo: CompanyRepository,
  request: FastifyRequest,
  lang: Lang,
  emitent: EmitentRow,
): { issuer: IssuerContext; data: IssuerReportsPageData } {
  const user = request.session?.user ?? null;
  const issuer: IssuerContext = {
    repo,
    labels: ctx.labels,
    lang,
    user,
    access: priceAccessOf(user),
    asOf: ctx.meta.asOf,
  };
  const base = buildIssuerPageData(pageContext(ctx, request, lang), emitent);
  return { issuer, data: buildIssuerReportsPageData(issuer, emitent, base) };
}

export function registerCompanyPages(app: FastifyInstance, ctx: AppContext, repo: CompanyRepository): void {
  app.get<{ Params: { id: number }; Querystring: { format?: string; related_sort?: string } }>(
    '/company/:id/',
    {
      config: { page: true },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            format: { type: 'string' },
            lang: { type: 'string' },
            related_sort: { type: 'string' },
            preload: { type: 'string' },
          },
        },
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
      },
    },
    async (request, reply) => {
      const emitent = ctx.repo.emitent(request.params.id);
      if (!emitent) throw new HttpError(404, `Unknown company ${request.params.id}`);
      const lang = pageLang(request, reply);
      const { issuer, data } = companyPageData(ctx, repo, request, lang, emitent);
      if (request.query.format === 'json') return reply.header('Cache-Control', 'no-store').send(data);

      const related = buildRelated(issuer, emitent.id);
      const blocks = COMPANY_PAGE_BLOCKS.map((block) => block.id).filter((id) =>
        companyBlockShown(id, data, related.length),
      );
      return sendPage(ctx, request, reply, lang, {
        title: data.emitentName,
        pageData: data,
        elements: companyPageElements(blocks),
        ...(preloadRequested(request.query)
          ? {
              preload: await preloadAnswers(app, request, lang, issuerPagePreloadCalls(data, blocks, lang)),
              // The server renders the elements' first view from them (issue 24).
              firstPaint: true,
            }
          : {}),
        body: companyPageBody({
          data,
          blocks,
          t: (key, vars) => issuerText(issuer, key, vars),
          common: (key) => ctx.labels.text(lang, `common:${key}`),
          label: (key) => ctx.labels.text(lang, key),
          stocks: ctx.repo
            .stocksOfEmitent(emitent.id)
            .map((stock) => ({ name: stockName(lang, stock), url: stockUrl(stock.string_id) })),
          related,
          lang,
          relatedSort: request.query.related_sort,
          relatedSortHref: (value) => {
            const url = new URL(request.url, 'http://localhost');
            if (value === null) url.searchParams.delete('related_sort');
            else url.searchParams.set('related_sort', value);
            return `${url.pathname}${url.search}#related_issuers`;
          },
        }),
      });
    },
  );
}
