/**
 * The portal shell every demo page shares, the way a legacy template would render it: header
 * with the language switch and the sign-in state, the demo-data notice, the page content, the
 * injected JSON (page data, user) with the legacy `window` user globals, and the element scripts.
 */
import { LANGUAGES, type Lang } from '../../../src/contract/types.ts';
import type { LabelStore } from '../shared/labels.ts';
import { BCP47, LANGUAGE_NAMES } from '../shared/lang.ts';
import { accessLevelOf, userGlobals, type SessionUser } from '../shared/session.ts';
import { html, jsonForScript, jsonScript, trusted, type SafeHtml } from './html.ts';
import { modulePreloads } from './module-preload.ts';
import { TABLE_BOX_STYLE } from './table-box.ts';

/** A custom element dropped into a page: its markup and the module that defines it. */
export interface PageElement {
  markup: SafeHtml;
  script: string;
}

/** The element builds served from /dist/ (DESIGN §5: one ES module per element). */
export const ELEMENT_SCRIPTS = {
  priceDynamics: '/dist/elements/fin-price-dynamics.js',
  stockChart: '/dist/elements/fin-stock-chart.js',
  compareSearch: '/dist/elements/fin-compare-search.js',
  archiveTable: '/dist/elements/fin-archive-table.js',
  dividendsTable: '/dist/elements/fin-dividends-table.js',
  exchangeTable: '/dist/elements/fin-exchange-table.js',
  leaders: '/dist/elements/fin-leaders.js',
  holders: '/dist/elements/fin-holders.js',
  relatedList: '/dist/elements/fin-related-list.js',
  leftMenu: '/dist/elements/fin-left-menu.js',
  issuerReports: '/dist/elements/fin-issuer-reports.js',
  consensusForecasts: '/dist/elements/fin-consensus-forecasts.js',
  siteSearch: '/dist/elements/fin-site-search.js',
  networkGraph: '/dist/elements/fin-network-graph.js',
  login: '/dist/elements/fin-login.js',
  accessRequests: '/dist/elements/fin-access-requests.js',
} as const;

export interface LayoutOptions {
  lang: Lang;
  title: string;
  /** Path and query of this page, to build the language links. */
  url: string;
  user: SessionUser | null;
  /** The session's CSRF token, handed to the elements in #fin-user. */
  sid: string | null;
  labels: LabelStore;
  showLabels: boolean;
  body: SafeHtml;
  /** Injected as `<script type="application/json" id="fin-page-data">`; a string is written as is (test pages). */
  pageData?: unknown;
  /**
   * More page-data blocks, by element id (`{ 'fin-issuer-page-data': … }`), for pages whose
   * elements read different kinds of page data (each points at its block with `page-data=`).
   */
  pageDataBlocks?: Record<string, unknown>;
  elements?: PageElement[];
  /**
   * Where the skip link (the page's first Tab stop) leads: an element id of the body and the label
   * key of its text. Default: the page content, "Skip to content".
   */
  skipTo?: SkipTarget;
  /**
   * The page's CSP nonce (every page has one, shared/page.ts): the page's own inline style and
   * scripts carry it, and `<meta property="csp-nonce">` hands it to the elements (src/core/csp.ts)
   * for the `<style>` a library inserts. Module scripts are the site's ('self').
   */
  nonce?: string;
  /** The site search box in the header (default true; the element test pages leave it out). */
  headerSearch?: boolean;
}

export interface SkipTarget {
  id: string;
  labelKey: string;
}

/** The layout wraps every page's body in this element: the default target of the skip link. */
export const CONTENT_ID = 'content';
const SKIP_TO_CONTENT: SkipTarget = { id: CONTENT_ID, labelKey: 'common:skip_to_content' };

/** The URL with `lang` set (other query parameters kept). */
function withLang(url: string, lang: Lang): string {
  const parsed = new URL(url, 'http://demo.invalid');
  parsed.searchParams.set('lang', lang);
  return `${parsed.pathname}${parsed.search}`;
}

/** The tag an element's module defines (`/dist/elements/fin-x.js` → `fin-x`). */
const tagOf = (script: string) => script.slice(script.lastIndexOf('/') + 1, -'.js'.length);

/**
 * Before its script has run, an element takes the room its page reserved for it (templates/
 * reserve.ts): the page does not jump when it upgrades. The header's search box is left out: its
 * plain form already has the element's size.
 */
const RESERVE_UNDEFINED_STYLE = `
  :is(${Object.values(ELEMENT_SCRIPTS)
    .filter((script) => script !== ELEMENT_SCRIPTS.siteSearch)
    .map(tagOf)
    .join(', ')}):not(:defined) { display: block; min-height: var(--fin-reserve-height, auto); }
`;

const STYLE = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2430; background: #f4f5f8; }
  body { margin: 0; }
  a { color: #1d5fbf; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .skip-link { position: absolute; left: 8px; top: -48px; z-index: 10; padding: 8px 12px; background: #fff;
    color: #1d5fbf; border: 2px solid #1d5fbf; border-radius: 4px; }
  .skip-link:focus { top: 8px; }
  #content:focus { outline: none; }
  .shell-header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; justify-content: space-between;
    padding: 12px 24px; background: #14213d; color: #fff; }
  .shell-header a { color: #fff; }
  .shell-brand { font-weight: 700; text-decoration: none; }
  /* The plain form and <fin-site-search> share one whole-pixel height, so the upgrade moves nothing. */
  .shell-search { flex: 1 1 200px; min-width: 0; max-width: 420px; --fin-site-search-height: 34px; }
  .shell-search-form { display: flex; gap: 6px; min-width: 0; }
  .shell-search-form input, .shell-search-form button { box-sizing: border-box; height: var(--fin-site-search-height); }
  .shell-search-form input { flex: 1; min-width: 0; width: 100%; padding: 5px 8px; font: inherit; }
  .shell-search-form button { font: inherit; padding: 5px 10px; cursor: pointer; }
  .shell-langs { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 14px; }
  .shell-langs [aria-current] { font-weight: 700; text-decoration: none; }
  .shell-user { display: flex; gap: 10px; align-items: center; font-size: 14px; }
  .shell-user button { font: inherit; cursor: pointer; }
  .shell-plan { color: #fff; }
  .demo-notice { margin: 0; padding: 8px 24px; background: #fff4d6; border-bottom: 1px solid #f0d48a; font-size: 14px; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
  .grounds { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 20px; }
  .grounds a { padding: 4px 10px; border: 1px solid #c5cbd8; border-radius: 14px; text-decoration: none; background: #fff; }
  .grounds [aria-current] { background: #14213d; color: #fff; border-color: #14213d; }
  .elements > * { display: block; margin-bottom: 24px; }
  .muted { color: #5c6375; }
  code { background: #e8eaf0; padding: 1px 4px; border-radius: 3px; }
  pre { max-width: 100%; overflow-x: auto; }
  .catalog pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 8px; background: #e8eaf0; border-radius: 3px; }
  .catalog pre code { padding: 0; }
  .catalog dd, .catalog p { overflow-wrap: anywhere; }
  .catalog-facts { display: block; color: #5c6375; font-size: 14px; }
`;

// Like every state-changing call, logout carries the page's CSRF token (the user JSON's sid).
const LOGOUT_SCRIPT = `
  document.querySelector('[data-fin-logout]')?.addEventListener('click', async () => {
    const { sid } = JSON.parse(document.getElementById('fin-user').textContent);
    await fetch('/api/auth/logout/', { method: 'POST', headers: { 'X-CSRF-Token': sid } });
    location.reload();
  });
`;

/** A nonce is base64 (it is written into the page as is). */
const NONCE = /^[A-Za-z0-9+/_-]+=*$/;

export function renderLayout(opts: LayoutOptions): string {
  const { lang, labels, showLabels, user } = opts;
  const skip = opts.skipTo ?? SKIP_TO_CONTENT;
  if (opts.nonce !== undefined && !NONCE.test(opts.nonce)) throw new Error('A CSP nonce is base64');
  const nonce = opts.nonce === undefined ? '' : trusted(` nonce="${opts.nonce}"`);
  const t = (key: string) => labels.text(lang, key, showLabels);
  const globals = userGlobals(user);
  const headerSearch = opts.headerSearch ?? true;
  // `<body data-access>`: the page reserves room for prompts or for data by it (reserve.ts).
  const scripts = [
    ...new Set([
      ...(opts.elements ?? []).map((element) => element.script),
      ...(headerSearch ? [ELEMENT_SCRIPTS.siteSearch] : []),
    ]),
  ];
  // The legacy globals, as old templates set them (SPEC §3 "User globals").
  const legacyGlobals = Object.entries(globals)
    .map(([name, value]) => `window.${name} = ${jsonForScript(value)};`)
    .join('\n');
  const pageDataBlock =
    opts.pageData === undefined
      ? null
      : typeof opts.pageData === 'string'
        ? html`<script type="application/json" id="fin-page-data">
            ${trusted(opts.pageData)}
          </script>`
        : jsonScript('fin-page-data', opts.pageData);

  const page = html`<!doctype html>
    <html lang="${BCP47[lang]}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${opts.title}</title>
        ${opts.nonce === undefined ? null : html`<meta property="csp-nonce"${nonce} />`}
        <style${nonce}>
          ${trusted(STYLE + RESERVE_UNDEFINED_STYLE + TABLE_BOX_STYLE)}
        </style>
        ${modulePreloads(scripts).map((href) => html`<link rel="modulepreload" href="${href}" /> `)}
        ${pageDataBlock}
        ${Object.entries(opts.pageDataBlocks ?? {}).map(([id, data]) => jsonScript(id, data))}
        ${jsonScript('fin-user', { ...globals, sid: opts.sid })}
        <script${nonce}>
          ${trusted(legacyGlobals)};
        </script>
      </head>
      <body data-access="${accessLevelOf(user)}">
        <a class="skip-link" href="#${skip.id}">${t(skip.labelKey)}</a>
        <header>
          <div class="shell-header">
            <a class="shell-brand" href="/">fin-elements demo</a>
            ${headerSearch ? siteSearchBox(t) : null}
            <nav class="shell-langs" aria-label="${t('common:language')}">
              ${LANGUAGES.map(
                (code) =>
                  html`<a
                    href="${withLang(opts.url, code)}"
                    hreflang="${BCP47[code]}"
                    lang="${BCP47[code]}"
                    ${code === lang ? trusted(' aria-current="true"') : ''}
                    >${LANGUAGE_NAMES[code]}</a
                  >`,
              )}
            </nav>
            <div class="shell-user">
              ${
                user
                  ? html`<span data-fin-user
                        >${user.phone} ·
                        <a class="shell-plan" href="/profile/access/"
                          >${t(`profile:level_${accessLevelOf(user)}`)}</a
                        ></span
                      ><button type="button" data-fin-logout>${t('common:logout')}</button>`
                  : html`<a href="/login/?back=${encodeURIComponent(opts.url)}">${t('common:login')}</a>`
              }
            </div>
          </div>
          <!-- Inside the banner landmark, so no page text sits outside a landmark. -->
          <p class="demo-notice" role="note">${t('common:demo_data')}</p>
        </header>
        <div id="${CONTENT_ID}" tabindex="-1">${opts.body}</div>
        ${
          user
            ? html`<script${nonce}>
                ${trusted(LOGOUT_SCRIPT)};
              </script>`
            : null
        }
        ${scripts.map((src) => html`<script type="module" src="${src}"></script> `)}
      </body>
    </html> `;
  return page.value;
}

/**
 * The header's site search: `<fin-site-search>` around the plain GET form to /search/, which is
 * what a visitor without scripts uses (the element's shadow root hides it once it runs).
 */
function siteSearchBox(t: (key: string) => string): SafeHtml {
  return html`<fin-site-search class="shell-search">
    <form class="shell-search-form" method="get" action="/search/" role="search">
      <input
        type="search"
        name="q"
        maxlength="200"
        placeholder="${t('search:placeholder')}"
        aria-label="${t('search:placeholder')}"
      />
      <button type="submit">${t('search:submit')}</button>
    </form>
  </fin-site-search>`;
}

/**
 * The breadcrumb at the top of a page: the demo's start page, then `trail` (links after a "›").
 * `label` is the `common:breadcrumbs` label, the name screen readers give this navigation.
 */
export function breadcrumb(label: string, trail: SafeHtml | null = null): SafeHtml {
  return html`<nav class="muted" aria-label="${label}"><a href="/">Demo</a>${trail}</nav>`;
}

/** The elements of a page inside their container, in order. */
export function elementsBlock(elements: PageElement[]): SafeHtml {
  return html`<section class="elements">${elements.map((element) => html`${element.markup} `)}</section>`;
}
