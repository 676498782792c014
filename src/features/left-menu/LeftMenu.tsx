import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type Ref } from 'react';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import {
  findSection,
  goToSection,
  pageOrder,
  sectionRoot,
  watchSections,
  type SectionSpy,
} from './left-menu.spy.ts';
import {
  MenuItemsError,
  parseMenuItems,
  presentItems,
  issuerMenuItems,
  sectionIds,
  stockMenuItems,
  type MenuItem,
} from './left-menu.utils.ts';
import { NARROW_MEDIA_QUERY, useMediaQuery } from '../../runtime/media.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './left-menu.css?inline';

/**
 * The section menu of the stock or the issuer page (SPEC §2 "Left-menu sections", "Issuer page
 * blocks"): an entry for each section the page has, in page order; the section in view is marked
 * while the page scrolls, and a click scrolls smoothly to its section. A section that says it has
 * nothing to show (`fin-section-visibility`, the consensus forecasts) loses its entry until it
 * says otherwise. Below 680 px (or with `compact`) a horizontal strip.
 */
export interface LeftMenuProps {
  /**
   * JSON list of menu items (SPEC §3 "Menu item": id, title, url, items, target_blank) instead of
   * the stock page's sections; `id` names a section of the page (shown only when it exists).
   */
  items?: string;
  /** The compact strip at any width. */
  compact?: boolean;
  /** Whose sections the default menu lists: `stock` (default) or `issuer` (the /company/ page). */
  variant?: 'stock' | 'issuer';
}

export function LeftMenu({
  items: itemsAttribute,
  compact: compactAttribute = false,
  variant = 'stock',
}: LeftMenuProps) {
  useStyles(css, 'element');
  // The issuer page's entries name some sections with `issuer` labels.
  const { t, ready } = useLabels(...(variant === 'issuer' ? ['stock', 'issuer'] : ['stock']));
  const { element, setHidden, markLoading } = useHost();
  // Until its labels are there the menu shows nothing but keeps the room the page reserved for it.
  useLayoutEffect(() => (ready ? undefined : markLoading()), [ready, markLoading]);
  const narrow = useMediaQuery(NARROW_MEDIA_QUERY);
  const compact = compactAttribute || narrow;

  const parsed = useMemo((): { items: MenuItem[] | null; error: string | null } => {
    if (itemsAttribute === undefined || itemsAttribute.trim() === '') return { items: null, error: null };
    try {
      return { items: parseMenuItems(itemsAttribute), error: null };
    } catch (error) {
      if (error instanceof MenuItemsError) return { items: null, error: error.message };
      throw error;
    }
  }, [itemsAttribute]);
  const source = useMemo(
    () => parsed.items ?? (ready ? (variant === 'issuer' ? issuerMenuItems(t) : stockMenuItems(t)) : []),
    [parsed.items, ready, t, variant],
  );
  const announced = useAnnouncedSections();
  const idsKey = sectionIds(source).join(' ');

  // Which sections the page has, in page order. The sections are the page's own markup, parsed
  // before the element's (deferred) module runs, so reading them while rendering is safe.
  const root = useMemo(() => sectionRoot(element), [element]);
  const order = useMemo(() => pageOrder(root, idsKey ? idsKey.split(' ') : []), [root, idsKey]);
  const entries = useMemo(
    () => presentItems(source, (id) => (announced.get(id) === false ? null : (order.get(id) ?? null))),
    [source, order, announced],
  );
  const spiedKey = sectionIds(entries).join(' ');

  const [current, setCurrent] = useState<string | null>(null);
  const spy = useRef<SectionSpy | null>(null);
  useEffect(() => {
    if (!spiedKey) return;
    const watcher = watchSections(root, spiedKey.split(' '), setCurrent);
    spy.current = watcher;
    return () => {
      watcher.stop();
      spy.current = null;
    };
  }, [root, spiedKey]);

  const empty = ready && entries.length === 0 && parsed.error === null;
  useEffect(() => {
    setHidden(empty);
  }, [setHidden, empty]);

  // In the strip, keep the current entry in view (sideways only: the page itself must not move).
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const strip = list.current;
    if (!compact || !strip || !current) return;
    const link = strip.querySelector<HTMLElement>(`[data-section="${CSS.escape(current)}"]`);
    if (!link) return;
    const left = link.offsetLeft; // the list is the links' offset parent
    if (left < strip.scrollLeft || left + link.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo?.({ left: Math.max(0, left - 16), behavior: 'smooth' });
    }
  }, [compact, current]);

  if (parsed.error) return <ElementMessage kind="error">{parsed.error}</ElementMessage>;
  if (!ready) return null;
  if (empty) return null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const section = findSection(root, id);
    if (!section) return;
    event.preventDefault();
    spy.current?.hold(id);
    goToSection(section);
  };

  return (
    <nav className={compact ? 'lm lm--compact' : 'lm'} part="menu" aria-label={t('stock:menu_title')}>
      {compact ? null : (
        <p className="lm__title" part="title" aria-hidden="true">
          {t('stock:menu_title')}
        </p>
      )}
      <MenuList items={entries} current={current} onFollow={follow} compact={compact} listRef={list} />
    </nav>
  );
}

function MenuList({
  items,
  current,
  onFollow,
  compact,
  listRef,
}: {
  items: MenuItem[];
  current: string | null;
  onFollow: (event: MouseEvent<HTMLAnchorElement>, id: string) => void;
  compact: boolean;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul className="lm__list" part="list" ref={listRef}>
      {items.map((item) => (
        <li key={item.id ?? item.url ?? item.title} className="lm__item">
          {item.id && !item.url ? (
            <a
              className="lm__link"
              part={item.id === current ? 'link link-current' : 'link'}
              href={`#${item.id}`}
              data-section={item.id}
              aria-current={item.id === current ? 'location' : undefined}
              onClick={(event) => onFollow(event, item.id!)}
            >
              {item.title}
            </a>
          ) : (
            <a
              className="lm__link lm__link--external"
              part="link"
              href={item.url ?? `#${item.id}`}
              {...(item.targetBlank ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {item.title}
            </a>
          )}
          {item.items.length > 0 && !compact ? (
            <MenuList items={item.items} current={current} onFollow={onFollow} compact={compact} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the page's sections said of themselves (`fin-section-visibility` on the document): the
 * consensus forecasts say 1000 ms after their data loads whether they show (SPEC §9).
 */
function useAnnouncedSections(): ReadonlyMap<string, boolean> {
  const [announced, setAnnounced] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  useEffect(() => {
    const listen = (event: GlobalEventHandlersEventMap['fin-section-visibility']) => {
      const { section, visible } = event.detail ?? {};
      if (typeof section !== 'string' || typeof visible !== 'boolean') return;
      setAnnounced((before) =>
        before.get(section) === visible ? before : new Map(before).set(section, visible),
      );
    };
    document.addEventListener('fin-section-visibility', listen);
    return () => document.removeEventListener('fin-section-visibility', listen);
  }, []);
  return announced;
}
