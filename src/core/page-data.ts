/**
 * Reads the JSON that legacy templates inject (DESIGN §3): `<script type="application/json">`
 * blocks, validated once, plus the legacy `window` user globals (SPEC §3 "User globals").
 */
import {
  ANONYMOUS,
  checkIssuerPageData,
  checkIssuerReportsPageData,
  checkStockPageData,
  checkStockPageDataFields,
  checkUserGlobals,
} from '../contract/page-data.ts';
import {
  BCP47,
  DEFAULT_LANG,
  LANGUAGES,
  type IssuerPageData,
  type Lang,
  type StockPageData,
  type UserGlobals,
} from '../contract/types.ts';
import type { IssuerReportsPageData } from '../contract/company.ts';
import { ValidationError, type Check } from '../contract/validate.ts';

export const DEFAULT_PAGE_DATA_SELECTOR = '#fin-page-data';
export const USER_DATA_SELECTOR = '#fin-user';

/**
 * The page the blocks are read from: the document, or on the server (there is none there) the
 * blocks the server renderer was given for the page it renders (`setServerPage`).
 */
let serverPage: ParentNode | null = null;

/** The server renderer's page: its JSON blocks' texts by element id; null when it is done. */
export function setServerPage(blocks: Record<string, string> | null): void {
  serverPage = blocks
    ? ({
        querySelector: (selector: string) => {
          const id = selector.startsWith('#') ? selector.slice(1) : '';
          return Object.hasOwn(blocks, id) ? { textContent: blocks[id] } : null;
        },
      } as unknown as ParentNode)
    : null;
}

/** Where page-data blocks are read: the server's page, else the document; null if neither. */
export function pageRoot(): ParentNode | null {
  return serverPage ?? (typeof document === 'undefined' ? null : document);
}

/** Thrown when a page-data block is missing, is not JSON, or has a field of the wrong kind. */
export class PageDataError extends Error {
  constructor(
    readonly selector: string,
    detail: string,
  ) {
    super(`${selector}: ${detail}`);
    this.name = 'PageDataError';
  }
}

/** Parses the JSON of the block the selector names; throws PageDataError naming what is wrong. */
export function readJsonBlock(selector: string, root: ParentNode | null = pageRoot()): unknown {
  const block = root?.querySelector(selector);
  if (!block) throw new PageDataError(selector, 'no such page-data block on the page');
  try {
    return JSON.parse(block.textContent ?? '');
  } catch (error) {
    throw new PageDataError(selector, `the block is not valid JSON (${(error as Error).message})`);
  }
}

function validated<T>(selector: string, check: Check<T>, root?: ParentNode): T {
  const raw = readJsonBlock(selector, root);
  try {
    return check(raw, '');
  } catch (error) {
    if (error instanceof ValidationError) throw new PageDataError(selector, error.message);
    throw error;
  }
}

export function readStockPageData(selector = DEFAULT_PAGE_DATA_SELECTOR, root?: ParentNode): StockPageData {
  return validated(selector, checkStockPageData, root);
}

/** A malformed optional field of a block: the elements that need it say this error. */
export interface PageFieldProblem {
  field: string;
  error: PageDataError;
}

/**
 * The stock page data of a block, with its malformed optional fields set aside: each gets its
 * default and is listed, so one bad optional field disables only the elements that need it.
 */
export function readStockPageBlock(
  selector = DEFAULT_PAGE_DATA_SELECTOR,
  root?: ParentNode,
): { data: StockPageData; problems: PageFieldProblem[] } {
  const raw = readJsonBlock(selector, root);
  try {
    const { data, problems } = checkStockPageDataFields(raw);
    return {
      data,
      problems: problems.map(({ field, message }) => ({
        field,
        error: new PageDataError(selector, message),
      })),
    };
  } catch (error) {
    if (error instanceof ValidationError) throw new PageDataError(selector, error.message);
    throw error;
  }
}

export function readIssuerPageData(selector = DEFAULT_PAGE_DATA_SELECTOR, root?: ParentNode): IssuerPageData {
  return validated(selector, checkIssuerPageData, root);
}

/** The issuer page data with the fields of the issuer blocks (<fin-issuer-reports>, consensus). */
export function readIssuerReportsPageData(
  selector = DEFAULT_PAGE_DATA_SELECTOR,
  root?: ParentNode,
): IssuerReportsPageData {
  return validated(selector, checkIssuerReportsPageData, root);
}

/** Checks a `?format=json` answer with the same rules as the injected block. */
export function parseStockPageData(raw: unknown, source: string): StockPageData {
  try {
    return checkStockPageData(raw, '');
  } catch (error) {
    if (error instanceof ValidationError) throw new PageDataError(source, error.message);
    throw error;
  }
}

const USER_GLOBAL_NAMES = Object.keys(ANONYMOUS) as Array<keyof UserGlobals>;

/**
 * The signed-in user: the `#fin-user` block when the page has one, else the legacy window globals,
 * else anonymous. A malformed block counts as anonymous (never more access than the server gave)
 * and is reported once on the console.
 */
export function readUser(
  root: ParentNode = document,
  win: object = globalThis,
): UserGlobals & { sid?: string } {
  try {
    if (root.querySelector(USER_DATA_SELECTOR)) {
      const raw = readJsonBlock(USER_DATA_SELECTOR, root) as Record<string, unknown>;
      const user = checkUserGlobals(raw, '');
      return typeof raw.sid === 'string' ? { ...user, sid: raw.sid } : user;
    }
    const globals = win as Record<string, unknown>;
    if (USER_GLOBAL_NAMES.some((name) => globals[name] !== undefined)) {
      const picked = Object.fromEntries(USER_GLOBAL_NAMES.map((name) => [name, globals[name]]));
      return checkUserGlobals(picked, 'window');
    }
  } catch (error) {
    console.error(`fin-elements: user data ignored, ${(error as Error).message}`);
  }
  return ANONYMOUS;
}

/** Language of the page: page data first, then `<html lang>`, then the portal default. */
export function pageLang(root: Document = document): Lang {
  const fromHtml = root.documentElement.lang.toLowerCase().slice(0, 2);
  const byIso = Object.fromEntries(LANGUAGES.map((lang) => [BCP47[lang], lang])) as Record<string, Lang>;
  const block = root.querySelector(DEFAULT_PAGE_DATA_SELECTOR);
  if (block) {
    try {
      const raw = JSON.parse(block.textContent ?? '') as { lang?: unknown };
      if (typeof raw.lang === 'string' && (LANGUAGES as readonly string[]).includes(raw.lang))
        return raw.lang as Lang;
    } catch {
      // A malformed block is reported by the element that reads it; the language falls back.
    }
  }
  return byIso[fromHtml] ?? DEFAULT_LANG;
}
