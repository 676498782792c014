/**
 * The room each element of a page takes once its data is shown, reserved before the data comes
 * (issue 20: nothing jumps while a page loads). The page sets `--fin-reserve-height` on the tag;
 * the element holds it as its minimum height before its script has run (the layout's
 * `:not(:defined)` rule) and while it shows a loading line (base.css, `data-fin-loading`).
 *
 * Heights are CSS px of the demo's content at desktop width (the two-column layout, ≥ 680 px)
 * and at phone width, for a visitor without paid access (prompts) and for a paid reader (data):
 * the server knows the level (`<body data-access>`). A reservation is a floor, never a cap: a
 * taller answer still shows whole.
 */
import type { AccessLevelId } from '../../../src/contract/profile.ts';

/** A height for every level, or per level (a level not named takes the anonymous one). */
export type ReservedHeight = number | ({ anonymous: number } & Partial<Record<AccessLevelId, number>>);

export interface Reservation {
  /** The element's selector, e.g. `fin-archive-table`. */
  selector: string;
  desktop: ReservedHeight;
  phone: ReservedHeight;
  /**
   * Reserved as a floor, not as the element's height (content whose length varies by page): left
   * out of the check that each reservation is the height its element takes (layout-shift gate).
   */
  floor?: true;
}

/** Below this width pages show one column (DESIGN §5), as the page templates' media queries. */
const PHONE_MEDIA = '(max-width: 679.98px)';

function rules(selector: string, height: ReservedHeight): string {
  if (typeof height === 'number') return `${selector} { --fin-reserve-height: ${height}px; }`;
  return Object.entries(height)
    .map(([level, px]) =>
      level === 'anonymous'
        ? `${selector} { --fin-reserve-height: ${px}px; }`
        : `body[data-access="${level}"] ${selector} { --fin-reserve-height: ${px}px; }`,
    )
    .join('\n');
}

/** The page CSS that reserves these heights (for the elements inside `scope`, a selector and a space). */
export function reserveStyle(reservations: readonly Reservation[], scope = ''): string {
  const desktop = reservations.map(({ selector, desktop }) => rules(scope + selector, desktop));
  const phone = reservations.map(({ selector, phone }) => rules(scope + selector, phone));
  return `${desktop.join('\n')}\n@media ${PHONE_MEDIA} {\n${phone.join('\n')}\n}\n`;
}

/** The stock page's elements (the demo stock's content, measured at 1280 and 375 px). */
export const STOCK_PAGE_RESERVATIONS: readonly Reservation[] = [
  {
    selector: 'fin-price-dynamics',
    desktop: { anonymous: 179, paid: 152 },
    phone: { anonymous: 203, paid: 177 },
  },
  // Visitors without paid access get a line more (the hint that the values are masked).
  {
    selector: 'fin-stock-chart',
    desktop: { anonymous: 787, paid: 763 },
    phone: { anonymous: 763, paid: 741 },
  },
  {
    selector: 'fin-archive-table',
    desktop: { anonymous: 535, paid: 509 },
    phone: { anonymous: 558, paid: 533 },
  },
  { selector: 'fin-holders', desktop: 130, phone: 189 },
  { selector: 'fin-leaders', desktop: { anonymous: 166, paid: 139 }, phone: { anonymous: 269, paid: 243 } },
  // The menu is a strip above the content on phones (in the side column on desktop, it moves nothing).
  { selector: 'fin-left-menu', desktop: 0, phone: 42 },
];

/** The issuer page's elements (the demo issuer's content, measured at 1280 and 375 px). */
export const ISSUER_PAGE_RESERVATIONS: readonly Reservation[] = [
  {
    selector: 'fin-price-dynamics',
    desktop: { anonymous: 129, paid: 111 },
    phone: { anonymous: 129, paid: 150 },
  },
  // A statement is as long as the issuer's lines: a screenful keeps the sections below out of view
  // until the first ones have come.
  { selector: 'fin-issuer-reports', desktop: 600, phone: 600, floor: true },
  {
    selector: 'fin-consensus-forecasts',
    desktop: { anonymous: 352, paid: 327 },
    phone: { anonymous: 362, paid: 335 },
  },
  { selector: 'fin-network-graph', desktop: 571, phone: 1184 },
  { selector: 'fin-left-menu', desktop: 0, phone: 42 },
];

/**
 * The shell's bottom bars as the catalog shows them (`preview`, in the page's flow; English, measured
 * at 1280 and 375 px). On other pages they are fixed to the bottom and take no room in the flow.
 */
const SHELL_BAR_PREVIEWS: readonly Reservation[] = [
  { selector: 'fin-ad-strip', desktop: 49, phone: 94 },
  { selector: 'fin-app-banner', desktop: 48, phone: 69 },
  { selector: 'fin-cookie-consent', desktop: 52, phone: 105 },
  { selector: 'fin-registration-banner', desktop: 48, phone: 51 },
];

/**
 * The /elements/ catalog's examples: the stock page's elements and the issuer page's others (the
 * examples read the same demo data); its menu example is a list, not the page's strip.
 */
export const CATALOG_RESERVATIONS: readonly Reservation[] = [
  ...STOCK_PAGE_RESERVATIONS,
  ...ISSUER_PAGE_RESERVATIONS.filter(
    ({ selector }) => !STOCK_PAGE_RESERVATIONS.some((stock) => stock.selector === selector),
  ),
  ...SHELL_BAR_PREVIEWS,
].filter(({ selector }) => selector !== 'fin-left-menu');
