/**
 * The left menu's logic, free of React: the stock page sections of SPEC §2, menu items from the
 * `items` attribute (SPEC §3 "Menu item"), which of them the page has, in page order, and which
 * section is current for a scroll position.
 */
import {
  ISSUER_PAGE_MENU_SECTIONS,
  STOCK_PAGE_MENU_SECTIONS,
  issuerSectionLabelKey,
  stockSectionLabelKey,
} from '../../contract/page-sections.ts';
import { safeHref } from '../../contract/links.ts';

/** The label (module `stock`) of a stock page section. */
export const menuLabelKey = stockSectionLabelKey;

/** SPEC §3 "Menu item": a section of this page (id) or a link (url), with sub-items. */
export interface MenuItem {
  id: string | null;
  title: string;
  url: string | null;
  /** Open the link in a new tab (SPEC "target_blank"). */
  targetBlank: boolean;
  items: MenuItem[];
}

export class MenuItemsError extends Error {}

const SECTION_ID = /^[A-Za-z][\w:.-]*$/;

function menuItem(raw: unknown, path: string): MenuItem {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new MenuItemsError(`${path}: expected an object with id or url and title`);
  }
  const entry = raw as Record<string, unknown>;
  const url = safeHref(entry.url);
  // A hash link names a section of this page like an id does.
  const hashId = url?.startsWith('#') ? url.slice(1) : null;
  const id = typeof entry.id === 'string' && SECTION_ID.test(entry.id) ? entry.id : hashId;
  const title = typeof entry.title === 'string' ? entry.title.trim() : '';
  if (!title) throw new MenuItemsError(`${path}.title: expected a text`);
  if (!id && !url) throw new MenuItemsError(`${path}: expected an id (a section of the page) or a url`);
  const children = entry.items === undefined ? [] : entry.items;
  if (!Array.isArray(children)) throw new MenuItemsError(`${path}.items: expected a list`);
  return {
    id,
    title,
    url: url && !url.startsWith('#') ? url : null,
    targetBlank: entry.target_blank === true || entry.target_blank === 1 || entry.target_blank === '1',
    items: children.map((child, index) => menuItem(child, `${path}.items[${index}]`)),
  };
}

/** The `items` attribute (JSON list of SPEC §3 menu items); throws MenuItemsError naming what is wrong. */
export function parseMenuItems(json: string): MenuItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new MenuItemsError(`items: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(raw)) throw new MenuItemsError('items: expected a list of menu items');
  return raw.map((entry, index) => menuItem(entry, `items[${index}]`));
}

/** The stock page's default menu (every section it can have), titled with the page's labels. */
export function stockMenuItems(t: (key: string) => string): MenuItem[] {
  return STOCK_PAGE_MENU_SECTIONS.map((id) => ({
    id,
    title: t(menuLabelKey(id)),
    url: null,
    targetBlank: false,
    items: [],
  }));
}

/** The issuer page's default menu (every section it can have), titled with the page's labels. */
export function issuerMenuItems(t: (key: string) => string): MenuItem[] {
  return ISSUER_PAGE_MENU_SECTIONS.map((id) => ({
    id,
    title: t(issuerSectionLabelKey(id)),
    url: null,
    targetBlank: false,
    items: [],
  }));
}

/**
 * The items whose section the page has (links elsewhere are kept), sub-items likewise, sorted
 * into page order by `position` (a section's index in the document); links keep their place
 * after the sections.
 */
export function presentItems(
  items: readonly MenuItem[],
  position: (id: string) => number | null,
): MenuItem[] {
  const kept = items.flatMap((item) => {
    const sub = presentItems(item.items, position);
    const at = item.id ? position(item.id) : null;
    if (item.id && at === null && !item.url && sub.length === 0) return [];
    return [{ item: { ...item, items: sub }, at: at ?? Number.POSITIVE_INFINITY }];
  });
  return kept.sort((a, b) => a.at - b.at).map(({ item }) => item);
}

/** Every section id of the menu, parents before children, in menu order. */
export function sectionIds(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [...(item.id ? [item.id] : []), ...sectionIds(item.items)]);
}

/**
 * The current section: the last one whose top has passed the activation line (px from the top
 * of the viewport); at the bottom of the page the last one, which may never reach the line.
 * Before any has passed the line, the first one if it is in view (the top of the page), else null.
 */
export function activeSectionId(
  sections: ReadonlyArray<{ id: string; top: number }>,
  view: { line: number; height: number; atBottom: boolean },
): string | null {
  if (sections.length === 0) return null;
  if (view.atBottom) return sections[sections.length - 1]!.id;
  let current: string | null = null;
  for (const section of sections) {
    if (section.top <= view.line) current = section.id;
  }
  const first = sections[0]!;
  return current ?? (first.top < view.height ? first.id : null);
}

/**
 * Whether the section of a menu click stays current once the click's scroll has ended: at the
 * bottom of the page the last section is current, but a clicked section that cannot scroll up to
 * the line (the page ends first) is what the reader asked for, as long as it is in view.
 */
export function keepsHold(
  target: { top: number; bottom: number },
  view: { height: number; atBottom: boolean },
): boolean {
  return view.atBottom && inView(target, view.height);
}

/** Whether some of a box (viewport coordinates) is in a viewport this high. */
export function inView(box: { top: number; bottom: number }, viewportHeight: number): boolean {
  return box.top < viewportHeight && box.bottom > 0;
}
