/**
 * The search page (DESIGN §7), server-rendered and usable without scripts:
 *
 *   /search/?q=…[&tab=…][&page=…]   site search results in the five category tabs (SPEC §4 "Main
 *                                   search"), SEARCH_PAGE_SIZE a page, with pager links
 *
 * `?format=json` returns the page data instead of the page.
 */
import type { FastifyInstance } from 'fastify';
import {
  COMPARISON_SEARCH_URLS,
  SEARCH_CATEGORIES,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  SUGGEST_URLS,
  pageCount,
  pageWindow,
  type SearchCategory,
  type SearchPageData,
  type SearchSuggestion,
} from '../../../src/contract/search.ts';
import { formatNumber } from '../../../src/contract/format.ts';
import { bestMatch } from '../../../src/contract/search-best-match.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { AppContext } from '../shared/context.ts';
import { showLabelsRequested } from '../shared/labels.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { SearchRepository } from './search.repo.ts';
import { suggest, termTooShort } from './search.routes.ts';
import { html, trusted, type SafeHtml } from '../templates/html.ts';
import { tableBox } from '../templates/table-box.ts';
import { breadcrumb } from '../templates/layout.ts';
import { PLAIN_PAGE_STYLE } from '../templates/plain-page.style.ts';

const PAGE = { page: true } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    format: { type: 'string' },
    lang: { type: 'string' },
    show_labels: { type: 'string' },
  },
} as const;

function searchUrl(q: string, tab: SearchCategory | null, page = 1): string {
  const params = new URLSearchParams({ q });
  if (tab) params.set('tab', tab);
  if (page > 1) params.set('page', String(page));
  return `/search/?${params}`;
}

/** A count in the page's format (thousands separated). */
const count = (n: number) => formatNumber(n, 0);

/** Previous / numbered / next page links of the active tab (links, so they work without scripts). */
function pager(t: (key: string) => string, data: SearchPageData): SafeHtml | null {
  if (data.pages < 2 || !data.tab) return null;
  const tab = data.tab;
  const link = (page: number, text: string, attrs: SafeHtml | string = '') =>
    html`<a href="${searchUrl(data.q, tab, page)}" data-page="${page}" ${attrs}>${text}</a>`;
  const step = (page: number, key: string, rel: string) =>
    page < 1 || page > data.pages
      ? html`<span class="pager-off" aria-disabled="true">${t(key)}</span>`
      : link(page, t(key), trusted(`rel="${rel}"`));
  return html`<nav class="pager" aria-label="${t('search:pager')}">
    <ul>
      <li>${step(data.page - 1, 'search:page_prev', 'prev')}</li>
      ${pageWindow(data.page, data.pages).map((page) =>
        page === null
          ? html`<li aria-hidden="true">…</li>`
          : html`<li>
              ${link(
                page,
                String(page),
                html`aria-label="${t('search:page_n').replace('{page}', String(page))}"${
                  page === data.page ? trusted(' aria-current="page"') : ''
                }`,
              )}
            </li>`,
      )}
      <li>${step(data.page + 1, 'search:page_next', 'next')}</li>
    </ul>
  </nav>`;
}

function statusText(ctx: AppContext, lang: Lang, item: SearchSuggestion): string {
  const key = item.type === 'companies' ? `emitent_status_${item.status}` : `status_${item.status}`;
  return ctx.labels.text(lang, `search:${key}`);
}

function searchPageBody(
  ctx: AppContext,
  lang: Lang,
  t: (key: string) => string,
  data: SearchPageData,
): SafeHtml {
  const results = data.items.length
    ? tableBox(
        t('search:title'),
        t('common:table_scrolls'),
        html`<table class="results">
        <thead>
          <tr>
            <th>${t('common:name')}</th>
            <th>${t('search:col_ticker')}</th>
            <th>${t('common:isin')}</th>
            <th>${t('common:status')}</th>
          </tr>
        </thead>
        <tbody>
          ${data.items.map(
            (item) =>
              // The highlighted variants are escaped by the server before the <b> marks go in.
              html`<tr data-search-item="${item.type}:${item.id}">
                <td><a href="${item.url}">${trusted(item.ttl_highlighted)}</a></td>
                <td>${item.ticker_highlighted.length ? trusted(item.ticker_highlighted.join(', ')) : '—'}</td>
                <td>${item.isin_highlighted === null ? '' : trusted(item.isin_highlighted)}</td>
                <td>${statusText(ctx, lang, item)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
      )
    : null;
  const active = data.tabs.find((tab) => tab.id === data.tab);
  const from = (data.page - 1) * SEARCH_PAGE_SIZE + 1;
  const range = active
    ? t('search:results_range')
        .replace('{from}', count(from))
        .replace('{to}', count(from + data.items.length - 1))
        .replace('{total}', count(active.count))
    : '';
  return html`<main>
    ${PLAIN_PAGE_STYLE}
    ${breadcrumb(t('common:breadcrumbs'))}
    <h1>${t('search:title')}</h1>
    <!-- With scripts the element shows the box and the results (its shadow root hides what it
         holds); without, the form and the server's results below are the page. -->
    <fin-site-search variant="page" term="${data.q.trim()}">
    <form class="search-form" method="get" action="/search/" role="search">
      <input
        type="search"
        name="q"
        value="${data.q}"
        placeholder="${t('search:placeholder')}"
        aria-label="${t('search:placeholder')}"
        maxlength="200"
      />
      ${data.tab ? html`<input type="hidden" name="tab" value="${data.tab}" />` : null}
      <button type="submit">${t('search:submit')}</button>
    </form>
    ${
      data.q.trim() === ''
        ? html`<p class="search-hint" role="status">${data.search_error}</p>`
        : html`<ul class="tabs" aria-label="${t('search:categories')}">
              ${data.tabs.map((tab) =>
                tab.id === data.tab
                  ? html`<li>
                      <a href="${searchUrl(data.q, tab.id)}" aria-current="page" data-tab="${tab.id}"
                        >${tab.ttl} (${count(tab.count)})</a
                      >
                    </li>`
                  : tab.show
                    ? html`<li>
                        <a href="${searchUrl(data.q, tab.id)}" data-tab="${tab.id}">${tab.ttl} (${count(tab.count)})</a>
                      </li>`
                    : html`<li><span class="empty" data-tab="${tab.id}">${tab.ttl} (0)</span></li>`,
              )}
            </ul>
            ${
              active && data.items.length
                ? html`<h2 id="search-results-heading" tabindex="-1">${active.ttl}: ${range}</h2>`
                : null
            }
            ${
              data.converted_term
                ? html`<p class="muted" data-converted-term>
                    ${t('search:showing_results_for').replace('{term}', data.converted_term)}
                  </p>`
                : null
            }
            ${data.search_error ? html`<p role="status">${data.search_error}</p>` : null} ${results}
            ${pager(t, data)}`
    }
    </fin-site-search>
  </main>`;
}

export function registerSearchPages(app: FastifyInstance, ctx: AppContext): void {
  const search = new SearchRepository(ctx.db);

  app.get<{ Querystring: { q?: string; tab?: string; page?: number; format?: string } }>(
    '/search/',
    {
      config: PAGE,
      schema: {
        querystring: {
          ...PAGE_QUERY,
          properties: {
            ...PAGE_QUERY.properties,
            q: { type: 'string', maxLength: 200 },
            tab: { type: 'string', enum: [...SEARCH_CATEGORIES] },
            page: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_PAGE },
          },
        },
      },
    },
    async (request, reply) => {
      const lang = pageLang(request, reply);
      const showLabels = showLabelsRequested(request.query);
      const t = (key: string) => ctx.labels.text(lang, key, showLabels);
      const q = request.query.q ?? '';
      const asked = (request.query.tab as SearchCategory | undefined) ?? null;
      const counts = new Map<SearchCategory, number>();
      let searchError: string | null = null;
      let best: SearchCategory | null = null;
      // Under 3 characters (none too) the page says what to type instead of staying blank.
      if (termTooShort(q)) searchError = t('search:term_too_short');
      else {
        const firstPages = SEARCH_CATEGORIES.map((category) => {
          const answer = suggest(search, ctx.labels, lang, category, q);
          counts.set(category, answer.total);
          return { category, items: answer.items, converted: answer.converted_term };
        });
        // The best match's tab opens when none is asked, as in the element (issue 20).
        best =
          bestMatch(firstPages, [q, ...firstPages.map((page) => page.converted ?? null)])?.category ?? null;
      }
      const withResults = SEARCH_CATEGORIES.filter((category) => (counts.get(category) ?? 0) > 0);
      const tab =
        asked && withResults.includes(asked)
          ? asked
          : best && withResults.includes(best)
            ? best
            : (withResults[0] ?? null);
      if (!searchError && tab === null) searchError = t('search:label_not_found');
      const pages = tab ? pageCount(counts.get(tab) ?? 0) : 0;
      // A page past the last (an old link) shows the last one.
      const page = Math.max(1, Math.min(request.query.page ?? 1, pages));
      const answer = tab
        ? suggest(search, ctx.labels, lang, tab, q, { limit: SEARCH_PAGE_SIZE, page })
        : null;
      const data: SearchPageData = {
        lang,
        q,
        tab,
        tabs: SEARCH_CATEGORIES.map((id) => ({
          id,
          ttl: t(`search:tab_${id}`),
          show: (counts.get(id) ?? 0) > 0,
          count: counts.get(id) ?? 0,
          class: id === tab ? 'active' : '',
        })),
        items: answer?.items ?? [],
        page,
        pages,
        search_error: searchError,
        converted_term: answer?.converted_term ?? null,
        suggestUrls: SUGGEST_URLS,
        comparisonSearchUrls: COMPARISON_SEARCH_URLS,
      };
      if (request.query.format === 'json') return reply.header('Cache-Control', 'no-store').send(data);
      return sendPage(ctx, request, reply, lang, {
        title: q.trim() ? `${t('search:title')}: ${q.trim()}` : t('search:title'),
        pageData: data,
        body: searchPageBody(ctx, lang, t, data),
      });
    },
  );
}
