/**
 * The portal menu (SPEC §3 "Menu item": id, title, url, items with columns of url, title,
 * target_blank, active) and the language menu, as the server injects them into every page
 * (`<script type="application/json" id="fin-menu-data">`). The server decides `active` from the
 * page's address and writes every text in the page's language, so `<fin-menu>` calls nothing.
 */
import { arrayOf, boolean, nullable, object, optional, string, type Check } from './validate.ts';
import { LANGUAGES, type Lang } from './types.ts';

export const MENU_DATA_ID = 'fin-menu-data';

/** One link of a menu column. */
export interface MenuLink {
  url: string;
  title: string;
  target_blank: boolean;
  /** The page shown is this link's page (or below it, such as another ground of the stock). */
  active: boolean;
}

/** A top entry: a plain link (`url`, no columns) or a section opening its columns of links. */
export interface MenuItem {
  id: string;
  title: string;
  url: string | null;
  /** Columns of links, left to right. */
  items: MenuLink[][];
  /** The page shown is this entry's or one of its links'. */
  active: boolean;
}

/** The page's address in another language (address and ground kept). */
export interface LanguageLink {
  lang: Lang;
  /** The language's name in itself (`Deutsch`). */
  name: string;
  url: string;
  current: boolean;
}

/** The menu's own words, in the page's language. */
export interface MenuTexts {
  /** Name of the main navigation. */
  main: string;
  /** The button that opens the menu panel below 680 px. */
  menu: string;
  /** Name of the language navigation and its button's prefix for screen readers. */
  language: string;
  /** Name of the panel's close button. */
  close: string;
}

export interface MenuData {
  items: MenuItem[];
  languages: LanguageLink[];
  texts: MenuTexts;
}

const menuLink = object<MenuLink>({
  url: string,
  title: string,
  target_blank: optional(boolean, false),
  active: optional(boolean, false),
});

const isLang = (code: string): code is Lang => (LANGUAGES as readonly string[]).includes(code);

/** The language links; one with a language the portal does not have is left out, not the menu. */
const languageLinks: Check<LanguageLink[]> = (v, path) =>
  arrayOf(object({ lang: string, name: string, url: string, current: boolean }))(v, path).flatMap(
    ({ lang, ...link }) => (isLang(lang) ? [{ lang, ...link }] : []),
  );

/**
 * Checks the injected menu block. Addresses are checked where they become links (`safeHref`):
 * one refused address loses its link, not the whole menu.
 */
export const checkMenuData: Check<MenuData> = object<MenuData>({
  items: arrayOf(
    object<MenuItem>({
      id: string,
      title: string,
      url: optional(nullable(string), null),
      items: optional(arrayOf(arrayOf(menuLink)), []),
      active: optional(boolean, false),
    }),
  ),
  languages: languageLinks,
  texts: object<MenuTexts>({ main: string, menu: string, language: string, close: string }),
});
