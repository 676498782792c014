import { useStore } from '@nanostores/react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { FALLBACK_LABELS } from '../../contract/fallback-labels.ts';
import { safeHref } from '../../contract/links.ts';
import {
  MENU_DATA_ID,
  type LanguageLink,
  type MenuData,
  type MenuItem,
  type MenuLink,
} from '../../contract/menu.ts';
import { BCP47 } from '../../contract/types.ts';
import { $lang } from '../../core/stores/lang.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { useHost } from '../../runtime/hooks.ts';
import { NARROW_MEDIA_QUERY, useMediaQuery } from '../../runtime/media.ts';
import { useStyles } from '../../runtime/styles.ts';
import { Dialog } from '../../widgets/dialog/index.ts';
import { menuDataStore, withLang } from './menu.utils.ts';
import css from './menu.css?inline';

/**
 * The portal's main menu and language menu (SPEC §2 "Shell", §3 "Menu item") from the block the
 * server injects. Wide screens: a disclosure navigation (WAI-ARIA pattern) whose sections open
 * columns of links; below 680 px one button opening a full panel that holds focus until closed,
 * the languages inside it. A language link keeps the page's current address and ground.
 */
export interface MenuProps {
  /** CSS selector of the menu block; default `#fin-menu-data`. */
  menuData?: string;
}

export function Menu({ menuData = `#${MENU_DATA_ID}` }: MenuProps) {
  useStyles(css, 'element');
  const { markLoading } = useHost();
  const lang = useStore($lang);
  // The block is read when the element subscribes, after render (CONVENTIONS 19).
  const loaded = useStore(useMemo(() => menuDataStore(menuData), [menuData]));
  useLayoutEffect(() => (loaded.data || loaded.error ? undefined : markLoading()), [loaded, markLoading]);
  const narrow = useMediaQuery(NARROW_MEDIA_QUERY);
  const address = useCurrentAddress();

  if (loaded.error) {
    return (
      <ElementMessage kind="error">
        {FALLBACK_LABELS['common:error_page_data']![lang]} {loaded.error.message}
      </ElementMessage>
    );
  }
  if (!loaded.data) return null;
  const { data } = loaded;
  // The server wrote each language's address for the page as requested; after a ground switch
  // without a reload (or Back) the page's address is another one.
  const languages = data.languages.map((language) => ({
    ...language,
    url: address === null ? language.url : withLang(address, language.lang),
  }));
  return narrow ? (
    <MenuPanel data={data} languages={languages} />
  ) : (
    <MenuBar data={data} languages={languages} />
  );
}

/** The page's path and query, following history changes (null before the first effect). */
function useCurrentAddress(): string | null {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    const follow = () => setAddress(`${location.pathname}${location.search}`);
    follow();
    // The ground store announces a switch once it has rewritten the address.
    document.addEventListener('fin-ground-change', follow);
    addEventListener('popstate', follow);
    return () => {
      document.removeEventListener('fin-ground-change', follow);
      removeEventListener('popstate', follow);
    };
  }, []);
  return address;
}

/** A language link reads the address once more when followed (a search term pushed since render). */
function followCurrentAddress(event: MouseEvent<HTMLAnchorElement>, language: LanguageLink) {
  event.currentTarget.setAttribute('href', withLang(`${location.pathname}${location.search}`, language.lang));
}

const LANGUAGES_ID = 'languages';

/** Wide screens: a row of disclosure buttons (and plain links), then the language disclosure. */
function MenuBar({ data, languages }: { data: MenuData; languages: LanguageLink[] }) {
  const { element } = useHost();
  const idPrefix = useId();
  const [open, setOpen] = useState<string | null>(null);
  const panelId = (id: string) => `${idPrefix}-${id}`;

  // A click anywhere outside the menu closes the open section (focus stays where the click put it).
  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!event.composedPath().includes(element)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, element]);

  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || open === null) return;
    event.preventDefault();
    const button = event.currentTarget.querySelector<HTMLButtonElement>(
      `[aria-controls="${CSS.escape(panelId(open))}"]`,
    );
    setOpen(null);
    button?.focus();
  };
  // Focus moving on out of the menu (Tab past the last link) closes the open section.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpen(null);
  };
  const current = languages.find((language) => language.current);

  return (
    <div className="menu-bar" part="bar" onKeyDown={onKeyDown} onBlur={onBlur}>
      <nav className="menu-nav" aria-label={data.texts.main} part="menu">
        <Sections
          items={data.items}
          listClass="menu-top"
          entryClass="menu-entry"
          panelClass="menu-dropdown"
          panelId={panelId}
          isOpen={(id) => open === id}
          onToggle={toggle}
        />
      </nav>
      <nav className="menu-langs" aria-label={data.texts.language} part="languages">
        <button
          type="button"
          className="menu-button menu-lang-button"
          part="button language-button"
          aria-expanded={open === LANGUAGES_ID}
          aria-controls={panelId(LANGUAGES_ID)}
          onClick={() => toggle(LANGUAGES_ID)}
        >
          <span className="fin-visually-hidden">{data.texts.language}: </span>
          <span lang={current ? BCP47[current.lang] : undefined}>{current?.name}</span>
          <Chevron />
        </button>
        <div
          id={panelId(LANGUAGES_ID)}
          className="menu-dropdown menu-dropdown--langs"
          part="panel"
          hidden={open !== LANGUAGES_ID}
        >
          <Languages languages={languages} />
        </div>
      </nav>
    </div>
  );
}

/** Below 680 px: one button; the full panel holds the sections (each a disclosure) and the languages. */
function MenuPanel({ data, languages }: { data: MenuData; languages: LanguageLink[] }) {
  const idPrefix = useId();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <button
        type="button"
        className="menu-open"
        part="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg className="menu-burger" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M2 4h12M2 8h12M2 12h12" />
        </svg>
        {data.texts.menu}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={data.texts.menu}
        closeLabel={data.texts.close}
        className="menu-panel"
      >
        <nav aria-label={data.texts.main} part="menu">
          <Sections
            items={data.items}
            listClass="panel-sections"
            entryClass="panel-section"
            panelId={(id) => `${idPrefix}-${id}`}
            isOpen={(id) => expanded.has(id)}
            onToggle={toggle}
          />
        </nav>
        <nav className="panel-langs" aria-label={data.texts.language} part="languages">
          <h3 className="panel-heading">{data.texts.language}</h3>
          <Languages languages={languages} />
        </nav>
      </Dialog>
    </>
  );
}

/**
 * The main menu's sections, in the bar and in the panel alike: a section without entries is a
 * plain link; one with entries is a disclosure button and the panel of its columns it opens.
 */
function Sections({
  items,
  listClass,
  entryClass,
  panelClass,
  panelId,
  isOpen,
  onToggle,
}: {
  items: MenuItem[];
  listClass: string;
  entryClass: string;
  /** The opened panel's class (the bar's drop-down; the full panel shows it in place). */
  panelClass?: string;
  panelId: (id: string) => string;
  isOpen: (id: string) => boolean;
  onToggle: (id: string) => void;
}) {
  return (
    <ul className={listClass}>
      {items.map((item) => (
        <li key={item.id} className={entryClass}>
          {item.items.length === 0 ? (
            <TopLink item={item} />
          ) : (
            <>
              <button
                type="button"
                className="menu-button"
                part={item.active ? 'button button-active' : 'button'}
                aria-expanded={isOpen(item.id)}
                aria-controls={panelId(item.id)}
                data-active={item.active || undefined}
                onClick={() => onToggle(item.id)}
              >
                {item.title}
                <Chevron />
              </button>
              <div id={panelId(item.id)} className={panelClass} part="panel" hidden={!isOpen(item.id)}>
                <Columns columns={item.items} />
              </div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function TopLink({ item }: { item: MenuItem }) {
  const href = safeHref(item.url);
  return (
    <a
      className="menu-button menu-link"
      part={item.active ? 'link link-active' : 'link'}
      href={href ?? undefined}
      aria-current={item.active ? 'page' : undefined}
    >
      {item.title}
    </a>
  );
}

function Columns({ columns }: { columns: MenuLink[][] }) {
  return (
    <div className="menu-columns">
      {columns.map((column, index) => (
        <ul key={index} className="menu-column">
          {column.map((link) => (
            <li key={`${link.url}|${link.title}`}>
              <EntryLink link={link} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** A column's link; an address the allow-list refuses leaves its title as plain text. */
function EntryLink({ link }: { link: MenuLink }) {
  const href = safeHref(link.url);
  if (href === null) return <span className="menu-entry-text">{link.title}</span>;
  return (
    <a
      className="menu-entry-link"
      part={link.active ? 'entry entry-active' : 'entry'}
      href={href}
      aria-current={link.active ? 'page' : undefined}
      {...(link.target_blank ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.title}
    </a>
  );
}

function Languages({ languages }: { languages: LanguageLink[] }) {
  return (
    <ul className="menu-languages">
      {languages.map((language) => {
        const href = safeHref(language.url);
        return (
          <li key={language.lang}>
            <a
              className="menu-entry-link"
              part={language.current ? 'entry entry-active' : 'entry'}
              href={href ?? undefined}
              hrefLang={BCP47[language.lang]}
              lang={BCP47[language.lang]}
              aria-current={language.current ? 'true' : undefined}
              onClick={(event) => followCurrentAddress(event, language)}
            >
              {language.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Chevron() {
  return (
    <svg className="menu-chevron" viewBox="0 0 10 6" aria-hidden="true" focusable="false">
      <path d="M1 1l4 4 4-4" />
    </svg>
  );
}
