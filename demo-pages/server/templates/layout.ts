/**
 * The portal shell every demo page shares, the way a legacy template would render it: header
 * with the language switch and the sign-in state, the demo-data notice, the page content, the
 * injected JSON (page data, user) with the legacy `window` user globals, and the element scripts.
 */
import { MENU_DATA_ID, type MenuData } from '../../../src/contract/menu.ts';
import { LABELS_BLOCK_ID, PRELOAD_BLOCK_ID } from '../../../src/contract/preload.ts';
import { LANGUAGES, PAID_ACCESS_LEVEL, SUPPORT_TARIFF, type Lang } from '../../../src/contract/types.ts';
import type { LabelStore } from '../shared/labels.ts';
import { BCP47, LANGUAGE_NAMES } from '../shared/lang.ts';
import { accessLevelOf, userGlobals, type SessionUser } from '../shared/session.ts';
import { html, jsonForScript, jsonScript, trusted, type SafeHtml } from './html.ts';
import { labelModulesOf, labelsBlock } from './label-modules.ts';
import { withFirstPaint, type ServerRenderer } from '../shared/first-paint.ts';
import { HINTS_DEFAULT, HINTS_PAGE_ATTRIBUTE } from '../../../src/contract/hints.ts';
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
  chart: '/dist/elements/fin-chart.js',
  menu: '/dist/elements/fin-menu.js',
  supportTickets: '/dist/elements/fin-support-tickets.js',
  hintsToggle: '/dist/elements/fin-hints-toggle.js',
  // The shell's bars, on every page (SHELL_BARS).
  registrationBanner: '/dist/elements/fin-registration-banner.js',
  appBanner: '/dist/elements/fin-app-banner.js',
  adStrip: '/dist/elements/fin-ad-strip.js',
  cookieConsent: '/dist/elements/fin-cookie-consent.js',
  alerts: '/dist/elements/fin-alerts.js',
  message: '/dist/elements/fin-message.js',
  login: '/dist/elements/fin-login.js',
  accessRequests: '/dist/elements/fin-access-requests.js',
} as const;

/**
 * The shell's bottom bars (SPEC §2 Shell, §4, §9): each decides in the browser whether it shows
 * (language, sign-in, device, cookies, timers), so every page carries them after its content.
 */
const SHELL_BARS = [
  ELEMENT_SCRIPTS.registrationBanner,
  ELEMENT_SCRIPTS.appBanner,
  ELEMENT_SCRIPTS.adStrip,
  ELEMENT_SCRIPTS.cookieConsent,
] as const;

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
  /**
   * The portal menu (`#fin-menu-data`, injected whenever given). With `headerMenu` (default true)
   * the header shows it as `<fin-menu>`; else (the element test pages) plain language links.
   */
  menu?: MenuData;
  headerMenu?: boolean;
  /**
   * The shell's bottom bars after the content (default true; the element test pages leave them
   * out, like the header search, and a page that shows one itself has it once).
   */
  shellBars?: boolean;
  /**
   * Messages shown as alerts on load (SPEC §8: the server's error text), written as the
   * `#fin-messages` JSON block the kit reads; the type defaults to alertRed.
   */
  messages?: PageMessage[];
  /** `<fin-alerts>` and `<fin-message>` on the page (default true; a test page of the kit's fallback leaves them out). */
  messageViews?: boolean;
  /**
   * The page runs the classic-script bundle (a legacy page without modules), which defines every
   * tag, the shell's too: no module script is added for the shell's elements.
   */
  classicBundle?: boolean;
  /**
   * The first answers of the page's own calls, by `preloadKey` (shared/preload.ts), written as
   * `#fin-preload`: the elements show them without calling (issue 24).
   */
  preload?: Record<string, unknown>;
  /**
   * Given (even empty), the page brings its labels along as `#fin-labels`: these modules and those
   * of every element the page loads (templates/label-modules.ts), the shell's included, in the
   * page's language, so no element calls /api/labels/.
   */
  labelModules?: string[];
  /**
   * The server renders the first view of the page's elements it can (shared/first-paint.ts) as
   * declarative shadow DOM, from this page's blocks, labels, preload and user (issue 24).
   */
  firstPaint?: ServerRenderer | null;
  /**
   * The visitor's hints choice (their cookie or saved setting; default on): the first view is
   * rendered with it and `<body data-fin-hints>` carries it, where the page's `$hints` starts.
   */
  hints?: boolean;
}

/** A message the server hands to the page's message queue. */
export interface PageMessage {
  message: string;
  type?: 'alertGreen' | 'alertBlue' | 'alertYellow' | 'alertRed';
  timeout?: number;
  /** Stays until closed. */
  sticky?: boolean;
  /** `banner`: shown by <fin-message>; default the alerts. */
  channel?: 'alerts' | 'banner';
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

/** The header's own elements: they keep the size of their plain fallback, no reserved block. */
const SHELL_SCRIPTS = new Set<string>([
  ELEMENT_SCRIPTS.siteSearch,
  ELEMENT_SCRIPTS.supportTickets,
  ELEMENT_SCRIPTS.hintsToggle,
  ELEMENT_SCRIPTS.menu,
]);

/**
 * Before its script has run, an element takes the room its page reserved for it (templates/
 * reserve.ts): the page does not jump when it upgrades. The header's search box is left out: its
 * plain form already has the element's size.
 */
const RESERVE_UNDEFINED_STYLE = `
  :is(${Object.values(ELEMENT_SCRIPTS)
    .filter((script) => !SHELL_SCRIPTS.has(script))
    .map(tagOf)
    .join(', ')}):not(:defined) { display: block; min-height: var(--fin-reserve-height, auto); }
`;

const STYLE = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2430; background: #f4f5f8; }
  body { margin: 0; }
  /* The page's headings and bold text take the elements' strong weight (600): one bold strike less
     for the first render (issue 24). */
  h1, h2, h3, b, strong, th { font-weight: 600; }
  /* While messages show at the bottom (issue 23), the page's end and scroll-into-view keep clear of them. */
  html { scroll-padding-bottom: calc(var(--fin-alerts-room, 0px) + var(--fin-bottom-offset, 0px)); }
  body { padding-bottom: var(--fin-alerts-room, 0px); }
  a { color: #1d5fbf; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .skip-link { position: absolute; left: 8px; top: -48px; z-index: 10; padding: 8px 12px; background: #fff;
    color: #1d5fbf; border: 2px solid #1d5fbf; border-radius: 4px; }
  .skip-link:focus { top: 8px; }
  #content:focus { outline: none; }
  .shell-header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; justify-content: space-between;
    padding: 12px 24px; background: #14213d; color: #fff; }
  .shell-header a { color: #fff; }
  .shell-brand { font-weight: 600; text-decoration: none; }
  /* The plain form and <fin-site-search> share one whole-pixel height, so the upgrade moves nothing. */
  .shell-search { flex: 1 1 200px; min-width: 0; max-width: 420px; --fin-site-search-height: 34px; }
  .shell-search-form { display: flex; gap: 6px; min-width: 0; }
  .shell-search-form input, .shell-search-form button { box-sizing: border-box; height: var(--fin-site-search-height); }
  .shell-search-form input { flex: 1; min-width: 0; width: 100%; padding: 5px 8px; font: inherit; }
  .shell-search-form button { font: inherit; padding: 5px 10px; cursor: pointer; }
  .shell-langs { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 14px; }
  .shell-langs [aria-current] { font-weight: 600; text-decoration: none; }
  /* <fin-menu>: the header's last row, a bar on wide screens and one button below 680 px (SPEC §9);
     a row of its own at every width, so its upgrade moves nothing. Its light DOM is the plain menu
     a visitor without scripts gets (folded in <details>). */
  .shell-menu { display: block; flex: 1 1 100%; min-height: 36px; --fin-menu-color: #fff; }
  .shell-menu:not(:defined) { display: flex; flex-wrap: wrap; gap: 0 20px; align-items: center; font-size: 14px; }
  .shell-menu:not(:defined) summary { padding: 8px 0; cursor: pointer; }
  .shell-menu:not(:defined) ul { margin: 0; padding: 0 0 0 16px; }
  .shell-menu:not(:defined) .shell-langs { display: block; }
  .shell-user { display: flex; gap: 10px; align-items: center; font-size: 14px; }
  .shell-user button { font: inherit; cursor: pointer; }
  .shell-plan { color: #fff; }
  /* The hints switch and the support link with its unread badge (over the link's corner: no shift). */
  .shell-user { flex-wrap: wrap; row-gap: 4px; }
  .shell-header fin-hints-toggle { --fin-color-text: #fff; }
  .shell-support { position: relative; }
  .shell-support fin-support-tickets { position: absolute; top: -8px; inset-inline-end: -14px; }
  /* The switch sits over a plain copy of itself that gives the header its size before, while and
     after the element renders: nothing in the header moves when it upgrades. */
  .shell-hints { position: relative; display: inline-block; }
  .shell-hints fin-hints-toggle { position: absolute; inset: 0; }
  .shell-hints-fallback { display: inline-flex; gap: 6px; align-items: center; padding: 2px 4px; white-space: nowrap; }
  .shell-hints-fallback::before { content: ""; box-sizing: border-box; width: 30px; height: 16px; border: 1px solid; border-radius: 8px; }
  .shell-hints:has(fin-hints-toggle:defined) .shell-hints-fallback { visibility: hidden; }
  .demo-notice { margin: 0; padding: 8px 24px; background: #fff4d6; border-bottom: 1px solid #f0d48a; font-size: 14px; }
  /* Phones: the header is tighter, and from 375 px the brand and the search share the first row.
     Rows are decided by the flex basis, not by the content, so the plain form and the search
     button it upgrades to break the same way: the upgrade moves nothing. */
  @media (max-width: 679.98px) {
    .shell-header { gap: 8px 12px; padding-block: 8px; }
    .shell-search { flex-basis: 96px; }
  }
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
  /* <fin-login>'s phone form is 133.3 px tall: the tag holds that room before and after it
     upgrades, so what follows it does not move (the code form, after the visitor's action, grows). */
  fin-login { display: block; min-height: 134px; --fin-reserve-height: 134px; }
  .shell-footer { padding: 12px 24px; border-top: 1px solid #dde1ea; font-size: 14px; }
  .shell-footer button { font: inherit; padding: 4px 10px; cursor: pointer; }
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
  const headerMenu = opts.headerMenu ?? true;
  // SPEC §6: support tickets (and their unread badge) only for level 1077 or tariff 677.
  const supportLink =
    user !== null && (user.accessLevel === PAID_ACCESS_LEVEL || user.tariffs.includes(SUPPORT_TARIFF));
  // A page that shows a bar itself (its test page, the catalog) has it once.
  const pageScripts = new Set((opts.elements ?? []).map((element) => element.script));
  const shellBars = (opts.shellBars ?? true) ? SHELL_BARS.filter((src) => !pageScripts.has(src)) : [];
  const messageViews = opts.messageViews ?? true;
  // `<body data-access>`: the page reserves room for prompts or for data by it (reserve.ts).
  const scripts = [
    ...new Set([
      ...(opts.elements ?? []).map((element) => element.script),
      ...(headerSearch ? [ELEMENT_SCRIPTS.siteSearch, ELEMENT_SCRIPTS.hintsToggle] : []),
      ...(headerSearch && supportLink ? [ELEMENT_SCRIPTS.supportTickets] : []),
      ...(headerMenu && opts.menu ? [ELEMENT_SCRIPTS.menu] : []),
      ...shellBars,
      ...(messageViews && !opts.classicBundle ? [ELEMENT_SCRIPTS.alerts, ELEMENT_SCRIPTS.message] : []),
    ]),
  ];
  // The legacy globals, as old templates set them (SPEC §3 "User globals").
  const legacyGlobals = Object.entries(globals)
    .map(([name, value]) => `window.${name} = ${jsonForScript(value)};`)
    .join('\n');
  const labelsOfPage = opts.labelModules
    ? labelsBlock(labels, lang, showLabels, labelModulesOf(scripts, opts.labelModules))
    : null;
  const pageDataBlock =
    opts.pageData === undefined
      ? null
      : typeof opts.pageData === 'string'
        ? html`<script type="application/json" id="fin-page-data">
            ${trusted(opts.pageData)}
          </script>`
        : jsonScript('fin-page-data', opts.pageData);

  // The elements the server renders hold their lazy views in their first view: hydration waits
  // for those chunks, which are preloaded with the page.
  const serverRendered = opts.firstPaint
    ? scripts.filter((src) => opts.firstPaint!.SERVER_TAGS.includes(tagOf(src)))
    : [];
  const page = html`<!doctype html>
    <html lang="${BCP47[lang]}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <!-- No frame before the content's start is parsed, so the header is whole: a slow device
             may paint a half-read document, and the header row would rearrange as its items arrive. -->
        <link rel="expect" href="#${CONTENT_ID}" blocking="render" />
        <title>${opts.title}</title>
        ${opts.nonce === undefined ? null : html`<meta property="csp-nonce"${nonce} />`}
        <style${nonce}>
          ${trusted(STYLE + RESERVE_UNDEFINED_STYLE + TABLE_BOX_STYLE)}
        </style>
        ${modulePreloads(scripts, undefined, serverRendered).map(
          (href) => html`<link rel="modulepreload" href="${href}" /> `,
        )}
        ${pageDataBlock}
        ${Object.entries(opts.pageDataBlocks ?? {}).map(([id, data]) => jsonScript(id, data))}
        ${jsonScript('fin-user', { ...globals, sid: opts.sid })}
        ${opts.menu ? jsonScript(MENU_DATA_ID, opts.menu) : null}
        ${opts.messages?.length ? jsonScript('fin-messages', opts.messages) : null}
        ${opts.preload ? jsonScript(PRELOAD_BLOCK_ID, opts.preload) : null}
        ${opts.labelModules ? jsonScript(LABELS_BLOCK_ID, labelsOfPage) : null}
        <script${nonce}>
          ${trusted(legacyGlobals)};
        </script>
      </head>
      <body data-access="${accessLevelOf(user)}" ${HINTS_PAGE_ATTRIBUTE}="${(opts.hints ?? HINTS_DEFAULT) ? 1 : 0}">
        <a class="skip-link" href="#${skip.id}">${t(skip.labelKey)}</a>
        <header>
          <div class="shell-header">
            <a class="shell-brand" href="/">fin-elements demo</a>
            ${headerSearch ? siteSearchBox(t) : null}
            ${headerMenu && opts.menu ? null : languageLinks(opts.url, lang, t('common:language'))}
            <div class="shell-user">
              ${headerSearch ? shellAccountPieces(t, supportLink) : null}
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
            ${headerMenu && opts.menu ? portalMenu(opts.menu, lang) : null}
          </div>
          <!-- Inside the banner landmark, so no page text sits outside a landmark. -->
          <p class="demo-notice" role="note">${t('common:demo_data')}</p>
        </header>
        ${messageQueue(messageViews)}
        <div id="${CONTENT_ID}" tabindex="-1">${opts.body}</div>
        ${
          user
            ? html`<script${nonce}>
                ${trusted(LOGOUT_SCRIPT)};
              </script>`
            : null
        }
        <footer class="shell-footer">
          <!-- Shown by <fin-cookie-consent> once it runs: it reopens the marketing-cookie choice. -->
          <button type="button" data-fin-cookie-settings hidden>${t('banners:cookie_settings')}</button>
          ${shellBars.map((src) => html`${trusted(`<${tagOf(src)}></${tagOf(src)}>`)} `)}
        </footer>
        ${scripts.map((src) => html`<script type="module" src="${src}"></script> `)}
      </body>
    </html> `;
  if (!opts.firstPaint) return page.value;
  return withFirstPaint(opts.firstPaint, page.value, {
    lang,
    nonce: opts.nonce,
    user: globals,
    hints: opts.hints ?? HINTS_DEFAULT,
    ...(labelsOfPage ? { labels: labelsOfPage } : {}),
    ...(opts.preload ? { preload: opts.preload } : {}),
    blocks: {
      ...(opts.pageData === undefined ? {} : { 'fin-page-data': opts.pageData }),
      ...opts.pageDataBlocks,
      ...(opts.menu ? { [MENU_DATA_ID]: opts.menu } : {}),
    },
  });
}

/** The page's address in each language: the header of the element test pages, the menu's fallback. */
function languageLinks(url: string, lang: Lang, name: string, inner: SafeHtml | null = null): SafeHtml {
  const links = LANGUAGES.map(
    (code) =>
      html`<a
        href="${withLang(url, code)}"
        hreflang="${BCP47[code]}"
        lang="${BCP47[code]}"
        ${code === lang ? trusted(' aria-current="true"') : ''}
        >${LANGUAGE_NAMES[code]}</a
      >`,
  );
  return html`<nav class="shell-langs" aria-label="${name}">${inner ?? links}</nav>`;
}

/**
 * The header's `<fin-menu>` around the plain menu a visitor without scripts uses: the sections'
 * links and the language links, each folded in a <details> (the element's shadow root hides them).
 */
function portalMenu(menu: MenuData, lang: Lang): SafeHtml {
  const current = menu.languages.find((language) => language.current);
  return html`<fin-menu class="shell-menu">
    <nav aria-label="${menu.texts.main}">
      <details>
        <summary>${menu.texts.menu}</summary>
        <ul>
          ${menu.items.map(
            (item) =>
              html`<li>
                ${item.url ? html`<a href="${item.url}">${item.title}</a>` : item.title}
                ${
                  item.items.length > 0
                    ? html`<ul>
                      ${item.items.flat().map((entry) => html`<li><a href="${entry.url}">${entry.title}</a></li>`)}
                    </ul>`
                    : null
                }
              </li>`,
          )}
        </ul>
      </details>
    </nav>
    ${languageLinks(
      '',
      lang,
      menu.texts.language,
      html`<details>
        <summary>${current?.name ?? lang}</summary>
        <ul>
          ${menu.languages.map(
            (language) =>
              html`<li>
                <a
                  href="${language.url}"
                  hreflang="${BCP47[language.lang]}"
                  lang="${BCP47[language.lang]}"
                  ${language.current ? trusted(' aria-current="true"') : ''}
                  >${language.name}</a
                >
              </li>`,
          )}
        </ul>
      </details>`,
    )}
  </fin-menu>`;
}

/**
 * The hints switch for every visitor and, for those who may have support tickets, the support
 * link with its unread badge. The switch's plain copy under it has the element's size and text,
 * so the header does not move when it upgrades; a page without scripts shows the copy, inert.
 */
function shellAccountPieces(t: (key: string) => string, supportLink: boolean): SafeHtml {
  return html`<span class="shell-hints"
      ><span class="shell-hints-fallback" aria-hidden="true">${t('profile:hints')}</span
      ><fin-hints-toggle label="${t('profile:hints')}"></fin-hints-toggle
    ></span>
    ${
      supportLink
        ? html`<a class="shell-support" href="/profile/support/"
            >${t('profile:support_link')}<fin-support-tickets variant="badge"></fin-support-tickets
          ></a>`
        : null
    }`;
}

/**
 * The message queue's views and its announcer (issue 23): the two live regions are in the page
 * from the start, empty, so a screen reader watches them before the first message is written.
 */
function messageQueue(views: boolean): SafeHtml {
  return html`<div id="fin-announcer" class="visually-hidden" role="status" aria-live="polite"></div>
    <div id="fin-announcer-alert" class="visually-hidden" role="alert" aria-live="assertive"></div>
    ${views ? html`<fin-alerts></fin-alerts><fin-message></fin-message>` : null}`;
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
