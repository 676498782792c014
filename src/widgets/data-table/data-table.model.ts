/**
 * The full data table's logic, free of React and the DOM: cell text, sort, column hiding, row
 * reveals, grouping, limits, mobile column paging and the virtual window. The component renders
 * what these functions return.
 */
import type { CellObject, RowLimit, TableColumn, TableRow, TableSort } from './data-table.types.ts';

/** SPEC §9 text cut. */
export const TEXT_CUT_LENGTH = 80;
/** SPEC §9 adaptive breakpoint: below it the table pages its columns. */
export const MOBILE_BREAKPOINT_PX = 680;
/** SPEC §9: the column shown next to the fixed one on mobile, by default. */
export const DEFAULT_MOBILE_SHOWN_COLUMN = 2;
/** Above this many rows on screen the table virtualizes even without a `maxHeight`. */
export const VIRTUALIZE_ABOVE_ROWS = 200;
/** The body height used when virtualizing a long table that was given no `maxHeight`. */
export const DEFAULT_VIRTUAL_HEIGHT_PX = 600;

// ---------------------------------------------------------------------------------------------
// Cells

export function isCellObject(value: unknown): value is CellObject {
  return typeof value === 'object' && value !== null && 'val' in value;
}

/** The value of a plain cell or a cell object. */
export function cellValue(cell: unknown): unknown {
  return isCellObject(cell) ? cell.val : cell;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * A tag as the HTML parser sees one: `<` directly followed by a letter, `/` or `!` (a comment or
 * doctype), up to the next `>`. A `<` before anything else is text ("A < B > C", "x<y").
 */
const TAG = /<[a-z/!][^<>]*>/gi;
const LINE_BREAK_TAG = /^<br[\s/]*>$/i;
const ENTITY = /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi;

function decodeEntity(entity: string, name: string): string {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  // No NUL, no lone surrogates, nothing beyond Unicode: those stay as written.
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : entity;
}

/**
 * Server cells may carry markup: the table shows their text only (never HTML). Real tags go
 * (`<br>` becomes a space), then the common entities are decoded in one pass, so `&lt;b&gt;`
 * shows as the text `<b>` and `&amp;lt;` as `&lt;`: what a browser shows for that HTML.
 */
export function stripTags(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const text = html.includes('<') ? html.replace(TAG, (tag) => (LINE_BREAK_TAG.test(tag) ? ' ' : '')) : html;
  return text.includes('&') ? text.replace(ENTITY, decodeEntity) : text;
}

/** The text a cell shows: its value (or cell object's `val`) as text, tags stripped. */
export function cellText(cell: unknown): string {
  const value = cellValue(cell);
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return stripTags(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** SPEC §5: text over 80 characters is cut to 80 plus an ellipsis (counted in characters, not UTF-16 units). */
export function cutText(text: string, limit = TEXT_CUT_LENGTH): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, cut: false };
  return { text: `${chars.slice(0, limit).join('')}…`, cut: true };
}

// ---------------------------------------------------------------------------------------------
// Values: numbers, dates, missing

const MISSING_TEXTS = new Set(['', '***', '—', '–', '-']);
const DATE_TEXT = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Spaces a formatted number may carry between its digit groups: normal, tab, no-break, narrow, thin, figure. */
function isGroupSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0 || code === 0x202f || code === 0x2009 || code === 0x2007;
}

/**
 * A number read from a cell text, or null: digit groups split by spaces, a sign (- + or the
 * typographic −), one decimal separator, a trailing %. With both commas and dots the last one is
 * the decimal separator ("1,234.5", "1.234,5"); a single comma alone is a decimal comma ("12,5"),
 * several are groups ("1,234,567"). One pass over the characters, no regular expressions: the
 * sort reads every cell of a column with it.
 */
export function parseNumber(text: string): number | null {
  let start = 0;
  let end = text.length;
  while (start < end && isGroupSpace(text.charCodeAt(start))) start++;
  while (end > start && isGroupSpace(text.charCodeAt(end - 1))) end--;
  if (end > start && text.charCodeAt(end - 1) === 37) end--; // %
  if (start === end) return null;
  const sign = text.charCodeAt(start);
  const negative = sign === 45 || sign === 0x2212;
  if (negative || sign === 43) start++;

  let digits = 0;
  let commas = 0;
  let dots = 0;
  let lastComma = -1;
  let lastDot = -1;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 44) {
      commas++;
      lastComma = index;
    } else if (code === 46) {
      dots++;
      lastDot = index;
    } else if (!isGroupSpace(code)) return null;
  }
  if (digits === 0) return null;
  // Which character is the decimal separator (at most one of it), if any.
  let decimal = -1;
  if (commas > 0 && dots > 0) {
    decimal = lastComma > lastDot ? lastComma : lastDot;
    if ((lastComma > lastDot ? commas : dots) > 1) return null;
  } else if (dots === 1) decimal = lastDot;
  else if (dots > 1)
    return null; // "12.05.2024" is a date, not a number
  else if (commas === 1) decimal = lastComma;

  let compact = negative ? '-' : '';
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) compact += text[index];
    else if (index === decimal) compact += '.';
  }
  const number = Number(compact);
  return Number.isFinite(number) ? number : null;
}

/** DD.MM.YYYY[ HH:MM[:SS]] as a number that orders chronologically; null if not such a date. */
export function parseDateKey(text: string): number | null {
  if (text.length < 10 || text.charCodeAt(2) !== 46) return null;
  const match = DATE_TEXT.exec(text);
  if (!match) return null;
  const [, day, month, year, hour = '0', minute = '0', second = '0'] = match;
  return (
    ((((Number(year) * 100 + Number(month)) * 100 + Number(day)) * 100 + Number(hour)) * 100 +
      Number(minute)) *
      100 +
    Number(second)
  );
}

/** No value for sorting: null, empty, a dash or a masked `'***'` (sorted last in both orders). */
export function isMissingValue(cell: unknown): boolean {
  const value = cellValue(cell);
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'string') return MISSING_TEXTS.has(stripTags(value).trim());
  return false;
}

/** SPEC §5 column hiding: a value that is empty or 0. `'***'` is a value (masked, not empty). */
export function isEmptyOrZero(cell: unknown): boolean {
  const value = cellValue(cell);
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return value === 0 || Number.isNaN(value);
  if (typeof value !== 'string') return false;
  const text = stripTags(value).trim();
  if (text === '***') return false;
  return MISSING_TEXTS.has(text) || parseNumber(text) === 0;
}

// ---------------------------------------------------------------------------------------------
// Sort

/** SPEC §4: none → asc → desc → cleared (server order). Another column starts at asc. */
export function nextSort(current: TableSort | null | undefined, field: string): TableSort | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

const KIND_NUMBER = 0;
const KIND_TEXT = 1;
const KIND_MISSING = 2;

/** One column's sort keys, computed once: a kind per row and a number (the value or a text's rank). */
export interface SortKeys {
  kind: Uint8Array;
  key: Float64Array;
}

/**
 * Sort keys of `field` for every row. Numbers (and numeric strings, and DD.MM.YYYY dates) keep
 * their value; texts get their rank among the column's distinct texts, so the collator runs once
 * per distinct text here and never inside the row comparison.
 */
export function computeSortKeys(
  rows: readonly TableRow[],
  field: string,
  collator = defaultCollator(),
): SortKeys {
  const count = rows.length;
  const kind = new Uint8Array(count);
  const key = new Float64Array(count);
  // Texts are ranked after the pass (once per distinct text); until then a row keeps its text here.
  const rowTexts: Array<string | undefined> = new Array(count);
  const texts = new Set<string>();
  for (let index = 0; index < count; index++) {
    const value = cellValue(rows[index]![field]);
    if (typeof value === 'number') {
      kind[index] = Number.isFinite(value) ? KIND_NUMBER : KIND_MISSING;
      key[index] = value;
      continue;
    }
    const text = typeof value === 'string' ? stripTags(value).trim() : '';
    if (MISSING_TEXTS.has(text)) {
      kind[index] = KIND_MISSING;
      continue;
    }
    const number = parseNumber(text) ?? parseDateKey(text);
    if (number !== null) {
      kind[index] = KIND_NUMBER;
      key[index] = number;
      continue;
    }
    kind[index] = KIND_TEXT;
    rowTexts[index] = text;
    texts.add(text);
  }
  // Equal texts for the collator (case, or "007" and "7") share a rank, so they keep the server order.
  if (texts.size > 0) {
    const ranks = textRanks([...texts], collator);
    for (let index = 0; index < count; index++) {
      const text = rowTexts[index];
      if (text !== undefined) key[index] = ranks.get(text)!;
    }
  }
  return { kind, key };
}

/** Texts made only of these (printable ASCII and Cyrillic, no expansions in any collation) get fast keys. */
const TABLE_TEXT = /^[\x20-\x7e\u0400-\u045f\u0490\u0491]*$/;

/**
 * Ranks of distinct texts in collation order (equal for the collator = equal rank). Texts of
 * printable ASCII and Cyrillic (names, tickers, ISINs) are ranked by a key compared as plain
 * strings, many times faster than the collator for 10,000 texts and in the same order; a column
 * with any other text goes through the collator.
 */
export function textRanks(texts: string[], collator = defaultCollator()): Map<string, number> {
  const ranks = new Map<string, number>();
  if (texts.every((text) => TABLE_TEXT.test(text))) {
    const keyed = texts.map((text) => ({ text, key: collationKey(text, collator) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let rank = -1;
    keyed.forEach((entry, position) => {
      if (position === 0 || entry.key !== keyed[position - 1]!.key) rank++;
      ranks.set(entry.text, rank);
    });
    return ranks;
  }
  const sorted = texts.sort(collator.compare);
  let rank = -1;
  sorted.forEach((text, position) => {
    if (position === 0 || collator.compare(text, sorted[position - 1]!) !== 0) rank++;
    ranks.set(text, rank);
  });
  return ranks;
}

const DIGIT_RUN = 0x1000;
const BEFORE_DIGITS = 0x100;
const AFTER_DIGITS = 0x2000;

// Per collator: each non-digit character of TABLE_TEXT → one key character, in the collator's order.
const collationTables = new WeakMap<Intl.Collator, Map<number, string>>();
function collationTable(collator: Intl.Collator): Map<number, string> {
  let table = collationTables.get(collator);
  if (table) return table;
  const chars: string[] = [];
  const add = (from: number, to: number) => {
    for (let code = from; code <= to; code++)
      if (code < 48 || code > 57) chars.push(String.fromCharCode(code));
  };
  add(0x20, 0x7e);
  add(0x400, 0x45f);
  add(0x490, 0x491);
  chars.sort(collator.compare);
  table = new Map();
  let rank = 0;
  let beforeDigits = true;
  chars.forEach((char, position) => {
    if (position > 0 && collator.compare(char, chars[position - 1]!) !== 0) rank++;
    if (beforeDigits && collator.compare(char, '0') > 0) beforeDigits = false;
    table!.set(char.charCodeAt(0), String.fromCharCode((beforeDigits ? BEFORE_DIGITS : AFTER_DIGITS) + rank));
  });
  collationTables.set(collator, table);
  return table;
}

/**
 * A key whose plain string order is the collator's order (base strength, numeric) for a text of
 * TABLE_TEXT characters: each character becomes its collation rank, and a digit run becomes a
 * marker, its length and its digits (leading zeros dropped), so numbers order by value.
 */
export function collationKey(text: string, collator = defaultCollator()): string {
  const table = collationTable(collator);
  let key = '';
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      let end = index;
      while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
      let first = index;
      while (first < end - 1 && text.charCodeAt(first) === 48) first++;
      key += String.fromCharCode(DIGIT_RUN, DIGIT_RUN + 1 + end - first) + text.slice(first, end);
      index = end;
      continue;
    }
    key += table.get(code) ?? text[index];
    index++;
  }
  return key;
}

let sharedCollator: Intl.Collator | undefined;
function defaultCollator(): Intl.Collator {
  sharedCollator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return sharedCollator;
}

// The keys of a rows array are kept while that array lives: re-sorting (asc ↔ desc) is then only the comparison.
const keyCache = new WeakMap<readonly TableRow[], Map<string, SortKeys>>();

export function sortKeysOf(rows: readonly TableRow[], field: string): SortKeys {
  let byField = keyCache.get(rows);
  if (!byField) keyCache.set(rows, (byField = new Map()));
  let keys = byField.get(field);
  if (!keys) byField.set(field, (keys = computeSortKeys(rows, field)));
  return keys;
}

/**
 * Row indexes in display order. Stable (ties keep the server order in both directions);
 * numbers before texts ascending (reversed descending); missing values last in both orders.
 * No sort gives the server order.
 */
export function sortOrder(rows: readonly TableRow[], sort: TableSort | null | undefined): Uint32Array {
  const order = new Uint32Array(rows.length);
  for (let index = 0; index < order.length; index++) order[index] = index;
  if (!sort) return order;
  const { kind, key } = sortKeysOf(rows, sort.field);
  const direction = sort.order === 'desc' ? -1 : 1;
  return order.sort((a, b) => {
    const kindA = kind[a]!;
    const kindB = kind[b]!;
    if (kindA === KIND_MISSING || kindB === KIND_MISSING)
      return kindA === kindB ? a - b : kindA === KIND_MISSING ? 1 : -1;
    if (kindA !== kindB) return direction * (kindA - kindB);
    const difference = key[a]! - key[b]!;
    return difference === 0 ? a - b : direction * difference;
  });
}

/** The rows in display order (for callers that want rows rather than indexes). */
export function sortRows(rows: readonly TableRow[], sort: TableSort | null | undefined): TableRow[] {
  return Array.from(sortOrder(rows, sort), (index) => rows[index]!);
}

// ---------------------------------------------------------------------------------------------
// Columns

/** SPEC §5: fields of columns whose every value is empty or 0, unless the column is always shown. */
export function hiddenColumnFields(columns: readonly TableColumn[], rows: readonly TableRow[]): Set<string> {
  const hidden = new Set<string>();
  // No rows: nothing says a column is empty, and the header stays above the empty state.
  if (rows.length === 0) return hidden;
  for (const column of columns) {
    if (column.alwaysShown) continue;
    if (rows.every((row) => isEmptyOrZero(row[column.field]))) hidden.add(column.field);
  }
  return hidden;
}

export interface MobileColumnPage {
  /** Index of the first paged column shown (0 = the column right after the fixed one). */
  start: number;
  /** Index after the last paged column shown. */
  end: number;
  canPrevious: boolean;
  canNext: boolean;
}

/**
 * Which of the `pagedCount` columns after the `fixedCount` fixed ones are shown below 680 px.
 * `shownColumn` is the 1-based position among all mobile columns (with one fixed column,
 * 2 = the first paged column); a fixed position means the first paged one, and it is clamped so
 * a full page is shown whenever possible.
 */
/**
 * Below 680 px, a full table pages through all its columns (SPEC §4): the ones that matter most on
 * a phone first (in their order), then the others in the table's order. Fields the table does not
 * have are left out.
 */
export function mobileColumnOrder(first: readonly string[], all: readonly string[]): string[] {
  const lead = first.filter((field) => all.includes(field));
  return [...lead, ...all.filter((field) => !lead.includes(field))];
}

/** Below 680 px with a fitted page size: a paged column needs at least this much room … */
export const FIT_COLUMN_PX = 80;
/** … beside the fixed column (a name wrapped over a few lines, or a date). */
const FIT_FIXED_PX = 100;

/**
 * Below 680 px with a fitted page size: how many paged columns to try first in a box this wide,
 * before the table has been measured (the component then adds a column while the table has room
 * for one more and drops one while it overflows).
 */
export function fitPageGuess(boxWidth: number, pagedCount: number): number {
  const guess = Math.floor((boxWidth - FIT_FIXED_PX) / FIT_COLUMN_PX);
  return Math.max(1, Math.min(pagedCount, guess));
}

export function mobileColumnPage(
  pagedCount: number,
  shownColumn: number,
  pageSize = 1,
  fixedCount = 1,
): MobileColumnPage {
  const size = Math.max(1, Math.floor(pageSize));
  const lastStart = Math.max(0, pagedCount - size);
  const start = Math.min(lastStart, Math.max(0, Math.floor(shownColumn) - fixedCount - 1));
  const end = Math.min(pagedCount, start + size);
  return { start, end, canPrevious: start > 0, canNext: end < pagedCount };
}

// ---------------------------------------------------------------------------------------------
// Rows shown: reveals, groups, limit

export interface Reveal {
  prev: boolean;
  next: boolean;
}

/** Whether a row is on screen given the prev/next reveals (before grouping and the limit). */
export function isRowRevealed(row: TableRow, reveal: Reveal): boolean {
  if (row.hidden) return false;
  if (row.show === 'prev') return reveal.prev;
  if (row.show === 'next') return reveal.next;
  if (row.show === 'hide') return !reveal.prev && !reveal.next;
  return true;
}

export type DisplayItem =
  /** A data row: `index` into the rows given, `number` its 1-based position among the rows shown. */
  | { kind: 'row'; index: number; number: number }
  | { kind: 'group'; key: string; count: number; collapsed: boolean }
  /** The show/hide link of the prev (top) or next (bottom) rows. */
  | { kind: 'reveal'; which: 'prev' | 'next'; open: boolean };

export interface DisplayOptions {
  order: ArrayLike<number>;
  reveal: Reveal;
  groupBy?: string | undefined;
  collapsedGroups?: ReadonlySet<string>;
  limit?: RowLimit | number | undefined;
  expanded?: boolean;
}

export interface DisplayList {
  items: DisplayItem[];
  /** Data rows on screen when expanded (reveals and groups applied, no limit). */
  total: number;
  /** Data rows on screen now. */
  shown: number;
  /** The limit cuts rows off while collapsed: a show-more control is due. */
  limited: boolean;
}

/** A group's name: the row's `groupBy` field as text. */
export function groupKeyOf(row: TableRow, groupBy: string): string {
  return cellText(row[groupBy]).trim();
}

/** SPEC §4 collapsed / expanded: the limit counts data rows; 0 means no limit. */
export function rowsWithinLimit(total: number, limit: number | undefined, expanded: boolean): number {
  return expanded || !limit || limit <= 0 ? total : Math.min(total, limit);
}

/**
 * The table body as a flat list (what the virtual window slices): reveal links, group heads and
 * data rows in display order, with the row limit applied while collapsed.
 */
export function buildDisplayList(rows: readonly TableRow[], options: DisplayOptions): DisplayList {
  const { order, reveal, groupBy, collapsedGroups, limit, expanded = false } = options;
  const hasPrev = rows.some((row) => row.show === 'prev' && !row.hidden);
  const hasNext = rows.some((row) => row.show === 'next' && !row.hidden);

  // Rows on screen, grouped by first appearance in the server order (sorting works inside groups).
  const groups = new Map<string, number[]>();
  const ungrouped: number[] = [];
  if (groupBy) {
    for (let index = 0; index < rows.length; index++) {
      const key = groupKeyOf(rows[index]!, groupBy);
      if (!groups.has(key)) groups.set(key, []);
    }
  }
  for (let position = 0; position < order.length; position++) {
    const index = order[position]!;
    const row = rows[index]!;
    if (!isRowRevealed(row, reveal)) continue;
    if (groupBy) groups.get(groupKeyOf(row, groupBy))!.push(index);
    else ungrouped.push(index);
  }

  const sections: Array<{ key: string | null; indexes: number[] }> = groupBy
    ? [...groups].filter(([, indexes]) => indexes.length > 0).map(([key, indexes]) => ({ key, indexes }))
    : [{ key: null, indexes: ungrouped }];
  let total = 0;
  for (const section of sections) {
    if (section.key === null || !collapsedGroups?.has(section.key)) total += section.indexes.length;
  }
  const allowed = rowsWithinLimit(total, limit, expanded);

  const items: DisplayItem[] = [];
  if (hasPrev) items.push({ kind: 'reveal', which: 'prev', open: reveal.prev });
  let shown = 0;
  for (const section of sections) {
    // Past the cut of a limited table the rest waits for show-more; without a cut every group
    // head stays, a collapsed one after the last row included (else it could not be opened).
    if (shown >= allowed && allowed < total) break;
    const collapsed = section.key !== null && (collapsedGroups?.has(section.key) ?? false);
    if (section.key !== null)
      items.push({ kind: 'group', key: section.key, count: section.indexes.length, collapsed });
    if (collapsed) continue;
    for (const index of section.indexes) {
      if (shown >= allowed) break;
      shown++;
      items.push({ kind: 'row', index, number: shown });
    }
  }
  if (hasNext) items.push({ kind: 'reveal', which: 'next', open: reveal.next });
  return { items, total, shown, limited: allowed < total };
}

// ---------------------------------------------------------------------------------------------
// Virtual window

export interface VirtualWindow {
  start: number;
  end: number;
  /** Height of the spacer above the rendered rows, px. */
  before: number;
  /** Height of the spacer below, px. */
  after: number;
}

/** Which of `count` equal-height rows to render for a body scrolled to `scrollTop` (px, from the body's top). */
export function virtualWindow(
  count: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan = 8,
): VirtualWindow {
  const height = Math.max(1, rowHeight);
  const first = Math.floor(Math.max(0, scrollTop) / height);
  const visible = Math.ceil(Math.max(0, viewportHeight) / height) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, first + visible + overscan));
  return { start, end, before: start * height, after: (count - end) * height };
}
