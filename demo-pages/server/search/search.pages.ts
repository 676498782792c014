/**
 * Pages of the search and profile domains (DESIGN §7), server-rendered and usable without scripts:
 *
 *   /search/?q=…[&tab=…]   site search results in the five category tabs (SPEC §4 "Main search")
 *   /profile/access/        access levels explained, the visitor's level, a subscription request form
 *   /profile_access/        the access request page the "get access" links open in a new tab
 *
 * `?format=json` returns the page data instead of the page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLevelId, AccessPageData } from '../../../src/contract/profile.ts';
import {
  COMPARISON_SEARCH_URLS,
  SEARCH_CATEGORIES,
  SUGGEST_URLS,
  type SearchCategory,
  type SearchPageData,
  type SearchSuggestion,
} from '../../../src/contract/search.ts';
import { PAID_ACCESS_LEVEL, type Lang } from '../../../src/contract/types.ts';
import type { AppContext } from '../shared/context.ts';
import { showLabelsRequested } from '../shared/labels.ts';
import { pageLang, pickName } from '../shared/lang.ts';
import { sendPage } from '../pages.ts';
import { displayMoment, ProfileRepository } from '../profile/profile.routes.ts';
import { SearchRepository } from './search.repo.ts';
import { suggest, termTooShort } from './search.routes.ts';
import { ensureSession, type SessionUser } from '../shared/session.ts';
import { html, trusted, type SafeHtml } from '../templates/html.ts';
import { breadcrumb } from '../templates/layout.ts';

/** Results shown in the active tab of the search page. */
export const SEARCH_PAGE_LIMIT = 50;

const PAGE = { page: true } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    format: { type: 'string' },
    lang: { type: 'string' },
    show_labels: { type: 'string' },
  },
} as const;

const STYLE = trusted(`<style>
  .tabs { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0; padding: 0; list-style: none; }
  .tabs a, .tabs span { display: inline-block; padding: 4px 12px; border: 1px solid #c5cbd8; border-radius: 14px;
    text-decoration: none; background: #fff; }
  .tabs [aria-current] { background: #14213d; color: #fff; border-color: #14213d; }
  .tabs .empty { color: #8a90a0; }
  .results, .levels { border-collapse: collapse; width: 100%; background: #fff; }
  .results th, .results td, .levels th, .levels td { padding: 6px 10px; border-bottom: 1px solid #e3e6ee; text-align: left;
    vertical-align: top; }
  .levels .current { background: #eef4ff; }
  .search-form input[type=search] { width: min(420px, 70vw); padding: 6px 8px; font: inherit; }
  .search-form button, .request-form button { font: inherit; padding: 6px 14px; cursor: pointer; }
  .request-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; }
  .request-form select { font: inherit; padding: 5px; }
  .notice { padding: 8px 12px; background: #e8f6ee; border: 1px solid #9bd3b0; border-radius: 4px; }
</style>`);

function searchUrl(q: string, tab: SearchCategory | null): string {
  const params = new URLSearchParams({ q });
  if (tab) params.set('tab', tab);
  return `/search/?${params}`;
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
    ? html`<table class="results">
        <thead>
          <tr>
            <th>${t('search:col_name')}</th>
            <th>${t('search:col_ticker')}</th>
            <th>${t('search:col_isin')}</th>
            <th>${t('search:col_status')}</th>
          </tr>
        </thead>
        <tbody>
          ${data.items.map(
            (item) =>
              // The highlighted variants are escaped by the server before the <b> marks go in.
              html`<tr data-search-item="${item.type}:${item.id}">
                <td><a href="${item.url}">${trusted(item.ttl_highlighted)}</a></td>
                <td>${trusted(item.ticker_highlighted.join(', '))}</td>
                <td>${item.isin_highlighted === null ? '' : trusted(item.isin_highlighted)}</td>
                <td>${statusText(ctx, lang, item)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`
    : null;
  const active = data.tabs.find((tab) => tab.id === data.tab);
  return html`<main>
    ${STYLE}
    ${breadcrumb(t('common:breadcrumbs'))}
    <h1>${t('search:title')}</h1>
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
        ? null
        : html`<ul class="tabs" aria-label="${t('search:title')}">
              ${data.tabs.map((tab) =>
                tab.id === data.tab
                  ? html`<li>
                      <a href="${searchUrl(data.q, tab.id)}" aria-current="page" data-tab="${tab.id}"
                        >${tab.ttl} (${tab.count})</a
                      >
                    </li>`
                  : tab.show
                    ? html`<li>
                        <a href="${searchUrl(data.q, tab.id)}" data-tab="${tab.id}">${tab.ttl} (${tab.count})</a>
                      </li>`
                    : html`<li><span class="empty" data-tab="${tab.id}">${tab.ttl} (0)</span></li>`,
              )}
            </ul>
            ${active ? html`<p class="muted">${t('search:counter_title').replace('{count}', String(active.count))}</p>` : null}
            ${data.search_error ? html`<p role="status">${data.search_error}</p>` : null} ${results}`
    }
  </main>`;
}

function accessLevelOf(user: SessionUser | null): AccessLevelId {
  if (!user) return 'anonymous';
  return user.accessLevel === PAID_ACCESS_LEVEL ? 'paid' : 'registered';
}

function buildAccessPageData(
  ctx: AppContext,
  profile: ProfileRepository,
  lang: Lang,
  user: SessionUser | null,
  requestState: unknown,
): AccessPageData {
  const level = accessLevelOf(user);
  const t = (key: string) => ctx.labels.text(lang, key);
  return {
    lang,
    level,
    userAccessLevel: user?.accessLevel ?? 0,
    userTariffs: user?.tariffs ?? [],
    levels: (['anonymous', 'registered', 'paid'] as const).map((id) => ({
      id,
      title: t(`profile:level_${id}`),
      text: t(`profile:level_${id}_text`),
      current: id === level,
    })),
    tariffs: profile
      .tariffs()
      .filter((tariff) => tariff.kind === 'management')
      .map((tariff) => ({ id: tariff.id, name: pickName(lang, tariff.name, tariff.name_eng) })),
    requests: user
      ? profile.requests(user.id).map((request) => ({
          id: request.id,
          kind: request.kind,
          tariff: request.tariff_id,
          status: request.status,
          date: displayMoment(request.created_at),
        }))
      : [],
    contactPersonId: user?.id ?? null,
    subscrSendRequestUrl: '/api/profile/pa/subscr_send_request/',
    subscrExpandRequestUrl: '/api/profile/pa/subscr_expand_request/',
    loginUrl: '/login/?back=%2Fprofile%2Faccess%2F',
    requestState: requestState === 'sent' || requestState === 'already_sent' ? requestState : null,
  };
}

function requestForms(t: (key: string) => string, data: AccessPageData, sid: string): SafeHtml {
  if (data.level === 'anonymous') {
    return html`<p><a href="${data.loginUrl}" data-login-link>${t('profile:login_to_request')}</a></p>`;
  }
  const tariffSelect = html`<label
    >${t('profile:tariff')}
    <select name="tariff">
      ${data.tariffs.map((tariff) => html`<option value="${tariff.id}">${tariff.name}</option>`)}
    </select></label
  >`;
  return html`<h2>${t('profile:request_title')}</h2>
    <p class="muted">${t('profile:request_intro')}</p>
    <form class="request-form" method="post" action="${data.subscrSendRequestUrl}" data-request-form="subscribe">
      <input type="hidden" name="sid" value="${sid}" />
      <input type="hidden" name="contactPersonId" value="${data.contactPersonId ?? ''}" />
      ${tariffSelect}
      <button type="submit">${t('profile:send_request')}</button>
    </form>
    ${
      data.level === 'paid'
        ? html`<h2>${t('profile:expand_title')}</h2>
            <form class="request-form" method="post" action="${data.subscrExpandRequestUrl}" data-request-form="expand">
              <input type="hidden" name="sid" value="${sid}" />
              ${tariffSelect}
              <button type="submit">${t('profile:expand_request')}</button>
            </form>`
        : null
    }`;
}

function requestNotice(t: (key: string) => string, data: AccessPageData): SafeHtml | null {
  if (!data.requestState) return null;
  const key = data.requestState === 'sent' ? 'profile:request_sent_ok' : 'profile:request_already_sent';
  return html`<p class="notice" role="status">${t(key)}</p>`;
}

function ownRequests(t: (key: string) => string, data: AccessPageData): SafeHtml | null {
  if (!data.requests.length) return null;
  const tariffName = new Map(data.tariffs.map((tariff) => [tariff.id, tariff.name]));
  return html`<h2>${t('profile:your_requests')}</h2>
    <table class="results" data-requests>
      <thead>
        <tr>
          <th>${t('profile:date')}</th>
          <th>${t('profile:tariff')}</th>
          <th>${t('profile:request_kind')}</th>
          <th>${t('profile:request_status')}</th>
        </tr>
      </thead>
      <tbody>
        ${data.requests.map(
          (request) =>
            html`<tr>
              <td>${request.date}</td>
              <td>${tariffName.get(request.tariff) ?? String(request.tariff)}</td>
              <td>${t(`profile:request_kind_${request.kind}`)}</td>
              <td>${t(`profile:request_status_${request.status}`)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

function accessPageBody(t: (key: string) => string, data: AccessPageData, sid: string): SafeHtml {
  const current = data.levels.find((level) => level.current);
  return html`<main>
    ${STYLE}
    ${breadcrumb(t('common:breadcrumbs'))}
    <h1>${t('profile:access_title')}</h1>
    <p>${t('profile:access_intro')}</p>
    ${requestNotice(t, data)}
    <table class="levels">
      <tbody>
        ${data.levels.map(
          (level) =>
            html`<tr class="${level.current ? 'current' : ''}" data-level="${level.id}">
              <th scope="row">
                ${level.title}${level.current ? html` <small class="muted">(${t('profile:current')})</small>` : null}
              </th>
              <td>${level.text}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <p data-current-level="${data.level}"><strong>${t('profile:your_level')}:</strong> ${current?.title ?? ''}</p>
    ${requestForms(t, data, sid)} ${ownRequests(t, data)}
  </main>`;
}

function accessRequestPageBody(t: (key: string) => string, data: AccessPageData, sid: string): SafeHtml {
  const current = data.levels.find((level) => level.current);
  const paid = data.levels.find((level) => level.id === 'paid');
  return html`<main>
    ${STYLE}
    ${breadcrumb(t('common:breadcrumbs'))}
    <h1>${t('profile:get_access_title')}</h1>
    <p>${t('profile:get_access_intro')}</p>
    <p class="muted">${paid?.text ?? ''}</p>
    ${requestNotice(t, data)}
    <p data-current-level="${data.level}"><strong>${t('profile:your_level')}:</strong> ${current?.title ?? ''}</p>
    ${requestForms(t, data, sid)}
    <p><a href="/profile/access/">${t('profile:more_about_levels')}</a></p>
  </main>`;
}

export function registerSearchPages(app: FastifyInstance, ctx: AppContext): void {
  const search = new SearchRepository(ctx.db);
  const profile = new ProfileRepository(ctx.db);

  app.get<{ Querystring: { q?: string; tab?: string; format?: string } }>(
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
      if (q.trim() !== '') {
        if (termTooShort(q)) searchError = t('search:term_too_short');
        else
          for (const category of SEARCH_CATEGORIES)
            counts.set(category, search.search(q, { types: [category], limit: 0 }).total);
      }
      const withResults = SEARCH_CATEGORIES.filter((category) => (counts.get(category) ?? 0) > 0);
      const tab = asked && withResults.includes(asked) ? asked : (withResults[0] ?? null);
      if (q.trim() !== '' && !searchError && tab === null) searchError = t('search:label_not_found');
      const items = tab ? suggest(search, ctx.labels, lang, tab, q, { limit: SEARCH_PAGE_LIMIT }).items : [];
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
        items,
        search_error: searchError,
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

  const accessPage =
    (variant: 'levels' | 'request') =>
    async (
      request: FastifyRequest<{ Querystring: { format?: string; request?: string } }>,
      reply: FastifyReply,
    ) => {
      const lang = pageLang(request, reply);
      const showLabels = showLabelsRequested(request.query);
      const t = (key: string) => ctx.labels.text(lang, key, showLabels);
      const session = ensureSession(ctx.sessions, request, reply);
      const data = buildAccessPageData(ctx, profile, lang, session.user, request.query.request);
      if (variant === 'request') data.loginUrl = '/login/?back=%2Fprofile_access%2F';
      if (request.query.format === 'json') return reply.header('Cache-Control', 'no-store').send(data);
      return sendPage(ctx, request, reply, lang, {
        title: t(variant === 'levels' ? 'profile:access_title' : 'profile:get_access_title'),
        pageData: data,
        body:
          variant === 'levels'
            ? accessPageBody(t, data, session.csrf)
            : accessRequestPageBody(t, data, session.csrf),
      });
    };
  const accessSchema = {
    querystring: {
      ...PAGE_QUERY,
      properties: { ...PAGE_QUERY.properties, request: { type: 'string', maxLength: 32 } },
    },
  };
  app.get('/profile/access/', { config: PAGE, schema: accessSchema }, accessPage('levels'));
  app.get('/profile_access/', { config: PAGE, schema: accessSchema }, accessPage('request'));
}
