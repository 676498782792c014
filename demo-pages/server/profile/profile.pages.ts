/**
 * The access pages of the profile domain (DESIGN §7), server-rendered and usable without scripts:
 *
 *   /profile/access/        access levels explained, the visitor's level, a subscription request form
 *   /profile_access/        the access request page the "get access" links open in a new tab
 *
 * `?format=json` returns the page data instead of the page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_REQUESTS_PATH } from '../../../src/contract/api-paths.ts';
import type { AccessPageData } from '../../../src/contract/profile.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { AppContext } from '../shared/context.ts';
import { showLabelsRequested } from '../shared/labels.ts';
import { localName, pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { preloadAnswers, preloadRequested } from '../shared/preload.ts';
import { accessLevelOf, type SessionUser } from '../shared/session.ts';
import { html, type SafeHtml } from '../templates/html.ts';
import { tableBox } from '../templates/table-box.ts';
import { breadcrumb, ELEMENT_SCRIPTS } from '../templates/layout.ts';
import { PLAIN_PAGE_STYLE } from '../templates/plain-page.style.ts';
import type { ProfileRepository } from './profile.repo.ts';
import { displayMoment } from './profile.repo.ts';

const PAGE = { page: true } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    format: { type: 'string' },
    lang: { type: 'string' },
    show_labels: { type: 'string' },
  },
} as const;

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
      .map((tariff) => ({ id: tariff.id, name: localName(lang, tariff.name, tariff.name_eng) })),
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
    requestState:
      requestState === 'sent' || requestState === 'already_sent' || requestState === 'forbidden'
        ? requestState
        : null,
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
  const key =
    data.requestState === 'sent'
      ? 'profile:request_sent_ok'
      : data.requestState === 'forbidden'
        ? 'profile:request_forbidden'
        : 'profile:request_already_sent';
  return html`<p class="notice" role="status">${t(key)}</p>`;
}

function ownRequests(t: (key: string) => string, data: AccessPageData): SafeHtml | null {
  if (!data.requests.length) return null;
  const tariffName = new Map(data.tariffs.map((tariff) => [tariff.id, tariff.name]));
  return html`<h2>${t('profile:your_requests')}</h2>
    ${tableBox(
      t('profile:your_requests'),
      t('common:table_scrolls'),
      html`<table class="results" data-requests>
      <thead>
        <tr>
          <th>${t('common:date')}</th>
          <th>${t('profile:tariff')}</th>
          <th>${t('profile:request_kind')}</th>
          <th>${t('common:status')}</th>
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
    </table>`,
    )}`;
}

function accessPageBody(t: (key: string) => string, data: AccessPageData, sid: string): SafeHtml {
  const current = data.levels.find((level) => level.current);
  return html`<main>
    ${PLAIN_PAGE_STYLE}
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
    <fin-access-requests>${requestForms(t, data, sid)} ${ownRequests(t, data)}</fin-access-requests>
  </main>`;
}

function accessRequestPageBody(t: (key: string) => string, data: AccessPageData, sid: string): SafeHtml {
  const current = data.levels.find((level) => level.current);
  const paid = data.levels.find((level) => level.id === 'paid');
  return html`<main>
    ${PLAIN_PAGE_STYLE}
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

export function registerProfilePages(app: FastifyInstance, ctx: AppContext): void {
  const { profile } = ctx;

  const accessPage =
    (variant: 'levels' | 'request') =>
    async (
      request: FastifyRequest<{ Querystring: { format?: string; request?: string } }>,
      reply: FastifyReply,
    ) => {
      const lang = pageLang(request, reply);
      const showLabels = showLabelsRequested(request.query);
      const t = (key: string) => ctx.labels.text(lang, key, showLabels);
      const data = buildAccessPageData(
        ctx,
        profile,
        lang,
        request.session?.user ?? null,
        request.query.request,
      );
      if (variant === 'request') data.loginUrl = '/login/?back=%2Fprofile_access%2F';
      if (request.query.format === 'json') return reply.header('Cache-Control', 'no-store').send(data);
      // <fin-access-requests> shows its first view from the page: its labels (as on every page)
      // and, for a signed-in visitor, its answer. Called for instead, they would put a loading
      // line in place of the page's plain forms meanwhile (the block shrinks, then grows again).
      const withPreload = variant === 'levels' && preloadRequested(request.query);
      const preload =
        withPreload && request.session?.user
          ? await preloadAnswers(app, request, lang, [{ path: ACCESS_REQUESTS_PATH }])
          : null;
      return sendPage(ctx, request, reply, lang, {
        title: t(variant === 'levels' ? 'profile:access_title' : 'profile:get_access_title'),
        pageData: data,
        ...(variant === 'levels'
          ? { elements: [{ markup: html``, script: ELEMENT_SCRIPTS.accessRequests }] }
          : {}),
        ...(preload ? { preload } : {}),
        body:
          variant === 'levels'
            ? accessPageBody(t, data, ctx.csrf.issue(request, reply))
            : accessRequestPageBody(t, data, ctx.csrf.issue(request, reply)),
      });
    };
  const accessSchema = {
    querystring: {
      ...PAGE_QUERY,
      properties: { ...PAGE_QUERY.properties, request: { type: 'string', maxLength: 32 } },
    },
  };
  app.get('/profile/access/', { config: PAGE, schema: accessSchema }, accessPage('levels'));

  // The support tickets page: <fin-support-tickets> says itself who may see tickets (SPEC §6)
  // and loads them only for those; without scripts the page points to the access levels.
  app.get(
    '/profile/support/',
    { config: PAGE, schema: { querystring: PAGE_QUERY } },
    async (request, reply) => {
      const lang = pageLang(request, reply);
      const t = (key: string) => ctx.labels.text(lang, key, showLabelsRequested(request.query));
      return sendPage(ctx, request, reply, lang, {
        title: t('profile:support_title'),
        body: html`<main>
        ${breadcrumb(t('common:breadcrumbs'))}
        <h1>${t('profile:support_title')}</h1>
        <fin-support-tickets style="--fin-reserve-height: 240px"
          ><noscript><a href="/profile/access/">${t('profile:access_title')}</a></noscript></fin-support-tickets
        >
      </main>`,
        elements: [{ markup: html``, script: ELEMENT_SCRIPTS.supportTickets }],
      });
    },
  );
  app.get('/profile_access/', { config: PAGE, schema: accessSchema }, accessPage('request'));
}
