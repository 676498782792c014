/**
 * The portal menu every page carries (`#fin-menu-data`, SPEC §3 "Menu item"): sections of
 * instruments with columns of links to the demo's pages, plain entries (search, watchlist), the
 * profile pages, and the page's address in each language. Texts are in the page's language
 * (`menu` labels; instrument names as the pages write them); `active` follows the page's address.
 */
import type { LanguageLink, MenuData, MenuItem, MenuLink } from '../../../src/contract/menu.ts';
import { LANGUAGES, type Lang } from '../../../src/contract/types.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { bondUrl, etfUrl, indexUrl } from '../market/market.page-data.ts';
import { emitentName, stockName, stockUrl } from '../market/stock.page-data.ts';
import type { AppContext } from '../shared/context.ts';
import { LANGUAGE_NAMES, pickName } from '../shared/lang.ts';

/** Links per column; a section shows at most two columns of instruments. */
const COLUMN = 6;

interface Entry {
  url: string;
  title: string;
}

type Section =
  | { id: string; titleKey: string; url: string }
  | {
      id: string;
      titleKey: string;
      /** Every page under this path belongs to the section (a stock not listed in it, too). */
      prefix: string;
      columns: Array<Array<{ url: string; title: string | { key: string } }>>;
    };

const columnsOf = (entries: Entry[]): Entry[][] => {
  const columns: Entry[][] = [];
  for (let start = 0; start < Math.min(entries.length, COLUMN * 2); start += COLUMN)
    columns.push(entries.slice(start, start + COLUMN));
  return columns;
};

/** The sections in the page's language (names from the demo data). */
function sections(ctx: AppContext, lang: Lang): Section[] {
  const featured = Object.values(DEMO_STOCKS);
  const stocks = [...ctx.repo.allStocks()]
    // The demo's featured stocks first (the index page's), then the others in their order.
    .sort((a, b) => rank(featured, a.id) - rank(featured, b.id))
    .map((stock) => ({ url: stockUrl(stock.string_id), title: stockName(lang, stock) }));
  const named = <T extends { name: string; name_eng: string; id: number }>(
    rows: T[],
    url: (id: number) => string,
  ) => rows.map((row) => ({ url: url(row.id), title: pickName(lang, row.name, row.name_eng) }));
  const issuers = ctx.repo
    .allEmitents()
    .map((emitent) => ({ url: `/company/${emitent.id}/`, title: emitentName(lang, emitent) }));
  return [
    { id: 'stocks', titleKey: 'menu:stocks', prefix: '/stocks/', columns: columnsOf(uniqueBy(stocks)) },
    {
      id: 'bonds',
      titleKey: 'menu:bonds',
      prefix: '/bonds/',
      columns: columnsOf(named(ctx.market.allBonds(), bondUrl)),
    },
    {
      id: 'etf',
      titleKey: 'menu:etf',
      prefix: '/etf/',
      columns: columnsOf(named(ctx.market.allEtfs(), etfUrl)),
    },
    {
      id: 'indexes',
      titleKey: 'menu:indexes',
      prefix: '/indexes/',
      columns: columnsOf(named(ctx.market.allIndexes(), indexUrl)),
    },
    { id: 'issuers', titleKey: 'menu:issuers', prefix: '/company/', columns: columnsOf(issuers) },
    { id: 'search', titleKey: 'menu:search', url: '/search/' },
    { id: 'watchlist', titleKey: 'menu:watchlist', url: '/watchlist/' },
    {
      id: 'profile',
      titleKey: 'menu:profile',
      prefix: '/profile',
      columns: [
        [
          { url: '/profile/access/', title: { key: 'menu:access_levels' } },
          { url: '/profile_access/', title: { key: 'menu:request_access' } },
          { url: '/elements/', title: { key: 'menu:element_catalog' } },
        ],
      ],
    },
  ];
}

const rank = (featured: number[], id: number) => {
  const at = featured.indexOf(id);
  return at === -1 ? featured.length : at;
};

/** One link per address (a featured stock is named twice in the demo's list of roles). */
function uniqueBy(entries: Entry[]): Entry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.url) && seen.add(entry.url));
}

/**
 * Whether the page at `path` is the link's page or below it (`/stocks/sber/2/` is Sberbank's page
 * on another ground). The front page matches only itself.
 */
export function isActive(linkUrl: string, path: string): boolean {
  const linkPath = new URL(linkUrl, 'http://menu.invalid').pathname;
  return linkPath === path || (linkPath !== '/' && linkPath.endsWith('/') && path.startsWith(linkPath));
}

/** The address with `lang` set, everything else (ground segment, other query parameters) kept. */
export function withLang(url: string, lang: Lang): string {
  const parsed = new URL(url, 'http://menu.invalid');
  parsed.searchParams.set('lang', lang);
  return `${parsed.pathname}${parsed.search}`;
}

/** The menu of one page: `url` is the page's path and query as requested. */
export function portalMenu(ctx: AppContext, lang: Lang, url: string, showLabels = false): MenuData {
  const t = (key: string) => ctx.labels.text(lang, key, showLabels);
  const path = new URL(url, 'http://menu.invalid').pathname;
  const items: MenuItem[] = sections(ctx, lang).map((section) => {
    if ('url' in section) {
      const active = isActive(section.url, path);
      return { id: section.id, title: t(section.titleKey), url: section.url, items: [], active };
    }
    const columns: MenuLink[][] = section.columns.map((column) =>
      column.map((entry) => ({
        url: entry.url,
        title: typeof entry.title === 'string' ? entry.title : t(entry.title.key),
        target_blank: false,
        active: isActive(entry.url, path),
      })),
    );
    const active =
      path.startsWith(section.prefix) || columns.some((column) => column.some((entry) => entry.active));
    return { id: section.id, title: t(section.titleKey), url: null, items: columns, active };
  });
  const languages: LanguageLink[] = LANGUAGES.map((code) => ({
    lang: code,
    name: LANGUAGE_NAMES[code],
    url: withLang(url, code),
    current: code === lang,
  }));
  return {
    items,
    languages,
    texts: {
      main: t('menu:main_menu'),
      menu: t('menu:menu'),
      language: t('common:language'),
      close: t('widgets:close'),
    },
  };
}
