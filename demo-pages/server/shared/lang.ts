/**
 * The page language (DESIGN §7): `?lang=` wins and is remembered in the `lang` cookie for the
 * following pages; else the cookie; else Russian. Unknown values are ignored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, LANGUAGES, type Lang } from '../../../src/contract/types.ts';
import { TRANSLATED_LANGS, translatedName } from '../../data/translations.ts';

export const LANG_COOKIE = 'lang';
const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export { BCP47 } from '../../../src/contract/types.ts';

/** Names of the languages in themselves, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  rus: 'Русский',
  eng: 'English',
  pol: 'Polski',
  ita: 'Italiano',
  deu: 'Deutsch',
  esp: 'Español',
  chn: '中文',
  ukr: 'Українська',
  fra: 'Français',
  tur: 'Türkçe',
};

export function parseLang(value: unknown): Lang | null {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Lang)
    : null;
}

function queryLang(request: FastifyRequest): Lang | null {
  return parseLang((request.query as Record<string, unknown> | undefined)?.lang);
}

/** The language of an API call: query, then cookie, then the default. Sets no cookie. */
export function requestLang(request: FastifyRequest): Lang {
  return queryLang(request) ?? parseLang(request.cookies[LANG_COOKIE]) ?? DEFAULT_LANG;
}

/** The language of a page; a valid `?lang=` is remembered for a year. */
export function pageLang(request: FastifyRequest, reply: FastifyReply): Lang {
  const fromQuery = queryLang(request);
  if (fromQuery) {
    reply.setCookie(LANG_COOKIE, fromQuery, {
      path: '/',
      maxAge: LANG_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      secure: 'auto',
    });
    return fromQuery;
  }
  return parseLang(request.cookies[LANG_COOKIE]) ?? DEFAULT_LANG;
}

/** Russian texts for Russian pages, English for every other language (names are kept in both). */
export function pickName<T>(lang: Lang, rus: T, eng: T): T {
  return lang === 'rus' ? rus : eng;
}

/** What a name without a translation says after its English text, so the gap shows (not hidden). */
export const UNTRANSLATED_MARK = ' (EN)';

/**
 * A name of the data (a report line, a holders summary row, a tariff) in the page's language:
 * Russian and English as stored, the other languages from the demo data's translations. A name
 * not translated is written in English with UNTRANSLATED_MARK, a visible gap rather than a silent
 * English word on a German page.
 */
export function localName(lang: Lang, rus: string, eng: string): string {
  if (lang === 'rus' || lang === 'eng') return pickName(lang, rus, eng);
  const other = TRANSLATED_LANGS.find((candidate) => candidate === lang);
  const name = other ? translatedName(other, eng) : undefined;
  return name ?? `${eng}${UNTRANSLATED_MARK}`;
}
