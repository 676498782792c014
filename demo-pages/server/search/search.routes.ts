/**
 * The search calls of SPEC §7:
 *
 *   POST /api/suggest/{bonds,stocks,indexes,etf}/   {term, page?, limit?}  (JSON or form fields;
 *                                                    the term may be URL-encoded)
 *   POST /api/suggest/companies/                     {term, emitent_stop_statuses_ids, page?, limit?}
 *     → {items: SearchSuggestion[], counter_title, total, search_error, converted_term}
 *     A term typed in the wrong keyboard layout is searched both ways (converted_term says so);
 *     the answer's Server-Timing header (`search;dur=…`) gives the search's time in ms;
 *     `page` (1-based) and `limit` (SUGGEST_LIMIT by default, SUGGEST_MAX_LIMIT at most) page
 *     through the same order the suggestions have.
 *   POST /api/search/{stocks,indexes,etf,bonds}/{term}/   (COMPARISON_SEARCH_URLS)
 *     → {error: {err_no, err_str}, response: {items: SearchApiItem[], total}}
 *
 * Search results carry no prices, so every session gets the same answer (no masking).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../../src/contract/types.ts';
import {
  COMPARISON_SEARCH_MAX_RESULTS,
  SEARCH_CATEGORIES,
  SEARCH_ERR,
  SEARCH_MAX_PAGE,
  SUGGEST_LIMIT,
  SUGGEST_MAX_LIMIT,
  SUGGEST_URLS,
  type ComparisonSearchAnswer,
  type ComparisonSearchType,
  type SearchApiItem,
  type SearchCategory,
  type SearchSuggestion,
  type SuggestAnswer,
} from '../../../src/contract/search.ts';
import type { AppContext } from '../shared/context.ts';
import type { LabelStore } from '../shared/labels.ts';
import { pickName, requestLang } from '../shared/lang.ts';
import { MIN_TERM_LENGTH, SearchRepository, highlight, type SearchRow } from './search.repo.ts';

const TERM = { type: 'string', maxLength: 200 } as const;
const STATUS_IDS = {
  type: 'array',
  items: { type: 'integer', minimum: 0, maximum: 1000 },
  maxItems: 50,
} as const;
const PAGE_NUMBER = { type: 'integer', minimum: 1, maximum: SEARCH_MAX_PAGE } as const;
const LIMIT = { type: 'integer', minimum: 1, maximum: SUGGEST_MAX_LIMIT } as const;

interface SuggestBody {
  term?: string;
  emitent_stop_statuses_ids?: number[];
  page?: number;
  limit?: number;
}

/**
 * The term as typed: clients send it URL-encoded (SPEC §7 "the encoded term"), so %XX sequences
 * are decoded; a term that is not valid encoding ("100%") is taken as it is.
 */
export function decodeTerm(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  if (!/%[0-9A-Fa-f]{2}/.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function termTooShort(term: string): boolean {
  return [...term.trim()].length < MIN_TERM_LENGTH;
}

function fill(text: string, count: number): string {
  return text.replace('{count}', String(count));
}

export function toSuggestion(row: SearchRow, tokens: string[], lang: Lang): SearchSuggestion {
  const ttl = pickName(lang, row.name, row.name_eng);
  // A bond trades under its ISIN: that code is its ISIN (its own field), not a ticker (SPEC §3).
  const tickers = row.tickers ? row.tickers.split(' ').filter((code) => code !== row.isin) : [];
  return {
    id: row.entity_id,
    ttl,
    ticker: tickers,
    status: row.status,
    type: row.type,
    url: row.url,
    isin: row.isin,
    ttl_highlighted: highlight(ttl, tokens),
    ticker_highlighted: tickers.map((ticker) => highlight(ticker, tokens)),
    isin_highlighted: row.isin === null ? null : highlight(row.isin, tokens),
  };
}

/** Suggestions of one category (also used by the /search/ page). */
export function suggest(
  repo: SearchRepository,
  labels: LabelStore,
  lang: Lang,
  category: SearchCategory,
  term: string,
  opts: { limit?: number; page?: number; excludeStatuses?: number[] } = {},
): SuggestAnswer {
  if (termTooShort(term)) {
    return {
      items: [],
      counter_title: fill(labels.text(lang, 'search:counter_title'), 0),
      total: 0,
      search_error: labels.text(lang, 'search:term_too_short'),
      converted_term: null,
    };
  }
  const limit = opts.limit ?? SUGGEST_LIMIT;
  // The header box asks the five categories at once: searched together, answered in turn.
  const result = repo.searchShared(term, category, {
    limit,
    offset: ((opts.page ?? 1) - 1) * limit,
    excludeStatuses: opts.excludeStatuses,
    layoutFix: true,
  });
  return {
    items: result.rows.map((row) => toSuggestion(row, result.tokens, lang)),
    counter_title: fill(labels.text(lang, 'search:counter_title'), result.total),
    total: result.total,
    search_error: result.total === 0 ? labels.text(lang, 'search:label_not_found') : null,
    converted_term: result.convertedTerm,
  };
}

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new SearchRepository(ctx.db);

  for (const category of SEARCH_CATEGORIES) {
    const common = { term: TERM, page: PAGE_NUMBER, limit: LIMIT };
    const properties =
      category === 'companies' ? { ...common, emitent_stop_statuses_ids: STATUS_IDS } : common;
    app.post<{ Body: SuggestBody | undefined }>(
      SUGGEST_URLS[category],
      { schema: { body: { type: 'object', properties } } },
      async (request: FastifyRequest<{ Body: SuggestBody | undefined }>, reply) => {
        const started = performance.now();
        const answer = suggest(
          repo,
          ctx.labels,
          requestLang(request),
          category,
          decodeTerm(request.body?.term),
          {
            excludeStatuses: request.body?.emitent_stop_statuses_ids,
            page: request.body?.page,
            limit: request.body?.limit,
          },
        );
        // The search's own time, which the bench of the header box tells apart from the rest.
        reply.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(1)}`);
        return answer;
      },
    );
  }

  app.post<{ Params: { type: ComparisonSearchType; term: string } }>(
    '/api/search/:type/:term/',
    {
      schema: {
        params: {
          type: 'object',
          properties: { type: { type: 'string', enum: ['stocks', 'indexes', 'etf', 'bonds'] }, term: TERM },
          required: ['type', 'term'],
        },
      },
    },
    async (request): Promise<ComparisonSearchAnswer> => {
      const { type } = request.params;
      const term = decodeTerm(request.params.term);
      const lang = requestLang(request);
      const answer = (errNo: number, errStr: string, items: SearchApiItem[] = [], total = 0) => ({
        error: { err_no: errNo, err_str: errStr },
        response: { items, total },
      });
      if (termTooShort(term))
        return answer(SEARCH_ERR.nothingFound, `The term needs at least ${MIN_TERM_LENGTH} characters`);
      const result = repo.search(term, {
        types: [type],
        limit: COMPARISON_SEARCH_MAX_RESULTS,
        countCap: COMPARISON_SEARCH_MAX_RESULTS,
      });
      if (result.total === 0) return answer(SEARCH_ERR.nothingFound, 'Nothing found');
      if (result.total > COMPARISON_SEARCH_MAX_RESULTS)
        return answer(
          SEARCH_ERR.tooManyResults,
          `More than ${COMPARISON_SEARCH_MAX_RESULTS} matches: refine the term`,
          [],
          result.total,
        );
      const grounds = repo.grounds(result.rows.map((row) => row.id));
      const items = result.rows.map((row): SearchApiItem => {
        const name = pickName(lang, row.name, row.name_eng);
        return {
          'id.numeric': row.entity_id,
          name,
          name_highlighted: highlight(name, result.tokens),
          isin: row.isin,
          isin_highlighted: row.isin === null ? null : highlight(row.isin, result.tokens),
          document: ctx.labels.text(lang, row.document),
          trading_grounds: (grounds.get(row.id) ?? []).map((ground) => ({
            'id.numeric': ground.ground_id,
            name: pickName(lang, ground.name, ground.name_eng),
            ticker: ground.ticker,
            ticker_highlighted: highlight(ground.ticker, result.tokens),
          })),
          'measure_id.numeric': row.measure_id,
          type,
          url: row.url,
        };
      });
      return answer(SEARCH_ERR.ok, '', items, result.total);
    },
  );
}
