import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { layoutFrame } from '../testing/resize-observer.ts';
import { DataTable } from './DataTable.tsx';
import type { DataTableProps, TableColumn, TableRow } from './data-table.types.ts';

const LABELS: Record<string, string> = {
  'widgets:show_more': 'Show more',
  'widgets:hide': 'Hide',
  'widgets:show_previous': 'Show previous',
  'widgets:show_next': 'Show next',
  'widgets:previous_column': 'Previous column',
  'widgets:next_column': 'Next column',
  'widgets:column_shown': 'Column {n} of {total}: {title}',
  'widgets:sortable_hint': 'column headers with buttons are sortable',
  'widgets:no_data': 'No data',
  'widgets:select_all': 'Select all rows',
  'widgets:get_access': 'Get access',
  'common:need_auth': 'You need to log in',
  'common:need_get_access': 'You need to get access',
  'common:login_to_see_rows': 'Log in to see {count} more rows',
  'common:access_to_see_rows': 'Get paid access to see {count} more rows',
  'common:login': 'Log in',
  'common:table_scrolls': 'The table scrolls sideways',
};
const t = (key: string) => LABELS[key] ?? `{{${key}}}`;

const COLUMNS: TableColumn[] = [
  { field: 'name', title: 'Name' },
  { field: 'price', title: 'Price', align: 'end' },
  { field: 'change', title: 'Change', align: 'end' },
];

function stockRows(count: number): TableRow[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Stock ${String(index + 1).padStart(5, '0')}`,
    price: ((index * 7919) % 1000) + 0.5,
    change: index % 2 ? 1 : -1,
  }));
}

/** happy-dom's viewport: the table measures its width against the 680 px breakpoint. */
function setViewport(size: { width: number; height: number }) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport(size);
}

let container: HTMLDivElement;
let root: Root;

/** Renders, then the browser's next frame: the table learns its width from the first layout. */
function render(props: Partial<DataTableProps> = {}) {
  act(() =>
    root.render(<DataTable columns={COLUMNS} rows={stockRows(3)} caption="Stocks" t={t} {...props} />),
  );
  layoutFrame();
}

const $ = <E extends Element = HTMLElement>(selector: string) => container.querySelector<E>(selector);
const $$ = (selector: string) => [...container.querySelectorAll<HTMLElement>(selector)];
const bodyRows = () => $$('tbody tr.dt-row');
const firstCells = () => bodyRows().map((row) => row.querySelector('th')!.textContent);
const headerOf = (title: string) => $$('thead th').find((th) => th.textContent?.includes(title))!;
const buttonNamed = (name: string) => $$('button').find((button) => button.textContent === name);

function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  act(() => (element as HTMLElement).click());
}

withReactRoot((c, r) => {
  setViewport({ width: 1024, height: 768 });
  [container, root] = [c, r];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sorting', () => {
  const rows = [
    { name: 'Beta', price: '1 200.5', change: 1 },
    { name: 'Alpha', price: '***', change: 2 },
    { name: 'Gamma', price: 35, change: 3 },
  ];

  it('cycles aria-sort none → ascending → descending → none on header clicks and reports each step', () => {
    const onSortChange = vi.fn();
    render({ rows, onSortChange });
    const sortButton = headerOf('Price').querySelector('button')!;
    expect(headerOf('Price').hasAttribute('aria-sort')).toBe(false);

    click(sortButton);
    expect(headerOf('Price').getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells()).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'price', order: 'asc' });

    click(sortButton);
    expect(headerOf('Price').getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'price', order: 'desc' });

    click(sortButton);
    expect(headerOf('Price').hasAttribute('aria-sort')).toBe(false);
    expect(firstCells()).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'price', order: null });
  });

  it('sorts with real buttons in column headers that keep the focus when the rows reorder', () => {
    render({ rows });
    const header = headerOf('Name');
    expect(header.getAttribute('scope')).toBe('col');
    const button = header.querySelector('button')!;
    expect(button.getAttribute('type')).toBe('button');
    button.focus();
    click(button);
    expect(document.activeElement).toBe(button);
    expect(firstCells()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('follows a controlled sort and only asks for changes', () => {
    const onSortChange = vi.fn();
    render({ rows, sort: { field: 'name', order: 'desc' }, onSortChange });
    expect(firstCells()).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('descending');

    click(headerOf('Name').querySelector('button'));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', order: null });
    expect(firstCells()).toEqual(['Gamma', 'Beta', 'Alpha']);

    render({ rows, sort: null, onSortChange });
    expect(firstCells()).toEqual(['Beta', 'Alpha', 'Gamma']);
  });

  it('has no sort button on a column marked not sortable', () => {
    render({ rows, columns: [{ field: 'name', title: 'Name', sortable: false }, COLUMNS[1]!] });
    expect(headerOf('Name').querySelector('button')).toBeNull();
    expect(headerOf('Price').querySelector('button')).not.toBeNull();
  });
});

describe('row limit, show more and hide', () => {
  it('shows the limit, expands to all rows and collapses back with the focus kept on the control', () => {
    const onExpandChange = vi.fn();
    render({ rows: stockRows(12), limit: 5, onExpandChange });
    expect(bodyRows()).toHaveLength(5);
    const toggle = buttonNamed('Show more')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe($('table')!.id);

    toggle.focus();
    click(toggle);
    expect(bodyRows()).toHaveLength(12);
    expect(toggle.textContent).toBe('Hide');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(onExpandChange).toHaveBeenLastCalledWith(true);

    click(toggle);
    expect(bodyRows()).toHaveLength(5);
    expect(toggle.textContent).toBe('Show more');
    expect(document.activeElement).toBe(toggle);
    expect(onExpandChange).toHaveBeenLastCalledWith(false);
  });

  it('has no control when the rows fit the limit, or with limit 0 (no limit)', () => {
    render({ rows: stockRows(5), limit: 5 });
    expect(bodyRows()).toHaveLength(5);
    expect(buttonNamed('Show more')).toBeUndefined();
    render({ rows: stockRows(40), limit: 0 });
    expect(bodyRows()).toHaveLength(40);
    expect(buttonNamed('Show more')).toBeUndefined();
  });

  it('sorts all rows, then shows the first ones of that order', () => {
    render({ rows: stockRows(12), limit: 5, sort: { field: 'name', order: 'desc' } });
    expect(firstCells()).toEqual(['Stock 00012', 'Stock 00011', 'Stock 00010', 'Stock 00009', 'Stock 00008']);
  });
});

describe('locked expansion (SPEC §5, §8)', () => {
  const locked = { accessUrl: '/profile/access/', loginUrl: '/login/' };

  it('explains need_get_access with the access link instead of expanding', () => {
    const onExpandChange = vi.fn();
    render({
      rows: stockRows(8),
      limit: 5,
      locked: { reason: 'need_get_access', ...locked },
      onExpandChange,
    });
    click(buttonNamed('Show more'));
    // A neutral prompt in the button's place, not an alert: the action is its link, with the count.
    expect($('[role="alert"]')).toBeNull();
    expect(buttonNamed('Show more')).toBeUndefined();
    const prompt = $('.dt-locked [role="status"]')!;
    const link = prompt.querySelector('a')!;
    expect(link.textContent).toBe('Get paid access to see 3 more rows');
    expect(link.getAttribute('href')).toBe('/profile/access/');
    expect(document.activeElement).toBe(link);
    expect(bodyRows()).toHaveLength(5);
    expect(onExpandChange).not.toHaveBeenCalled();
  });

  it('offers show-more for rows the server kept back (totalRows), to explain the lock', () => {
    render({ rows: stockRows(5), limit: 5, totalRows: 12, locked: { reason: 'need_auth', ...locked } });
    expect(bodyRows()).toHaveLength(5);
    click(buttonNamed('Show more'));
    expect($('.dt-locked [role="status"]')!.textContent).toBe('Log in to see 7 more rows');
    render({ rows: stockRows(5), limit: 5, totalRows: 5, locked: null });
    expect(buttonNamed('Show more')).toBeUndefined();
  });

  it('explains need_auth with the login link', () => {
    render({ rows: stockRows(8), limit: 5, locked: { reason: 'need_auth', ...locked } });
    click(buttonNamed('Show more'));
    const link = $('.dt-locked [role="status"] a')!;
    expect(link.textContent).toBe('Log in to see 3 more rows');
    // The log-in link brings the visitor back to the page.
    expect(link.getAttribute('href')).toMatch(/^\/login\/\?back=/);
    expect(bodyRows()).toHaveLength(5);
  });
});

describe('virtual rows', () => {
  it('says when the table is wider than its box: a hint, a fade on the cut edge, a named focusable box', () => {
    // happy-dom lays nothing out: the box is 300 px wide, the table 900 px.
    const sizes = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('dt-scroll') ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('dt-scroll') ? 300 : 0;
    });
    render();
    expect($('[data-scroll-hint]')?.textContent).toBe('The table scrolls sideways');
    expect($('.dt')!.classList).toContain('dt--more-end');
    expect($('.dt')!.classList).not.toContain('dt--more-start');
    const box = $('.dt-scroll')!;
    expect([box.getAttribute('role'), box.getAttribute('aria-label'), box.tabIndex]).toEqual([
      'region',
      'Stocks',
      0,
    ]);

    // Scrolled to the end: the fade moves to the start edge.
    act(() => {
      box.scrollLeft = 600;
      box.dispatchEvent(new Event('scroll'));
    });
    expect($('.dt')!.classList).toContain('dt--more-start');
    expect($('.dt')!.classList).not.toContain('dt--more-end');

    // A table that fits says nothing and is no tab stop.
    sizes.mockReturnValue(300);
    act(() => root.render(null));
    render();
    expect($('[data-scroll-hint]')).toBeNull();
    expect($('.dt-scroll')!.hasAttribute('tabindex')).toBe(false);
  });

  it('keeps only the rows in the scroll box in the DOM, with spacers for the rest', () => {
    render({ rows: stockRows(10_000), maxHeight: 330 });
    const rendered = bodyRows().length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(40);
    expect($('table')!.getAttribute('aria-rowcount')).toBe('10001');
    const spacers = $$('tbody tr.dt-spacer');
    expect(spacers).toHaveLength(1);
    expect(spacers[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(spacers[0]!.style.height)).toBeGreaterThan(300_000);

    const box = $('.dt-scroll')!;
    act(() => {
      box.scrollTop = 33 * 5000;
      box.dispatchEvent(new Event('scroll'));
    });
    expect(bodyRows().length).toBeLessThan(40);
    expect(firstCells()).toContain('Stock 05001');
    expect(firstCells()).not.toContain('Stock 00001');
    expect($$('tbody tr.dt-spacer')).toHaveLength(2);
  });

  it('sorts 10,000 rows and still renders only a window of them', () => {
    render({ rows: stockRows(10_000), maxHeight: 330 });
    click(headerOf('Name').querySelector('button'));
    click(headerOf('Name').querySelector('button'));
    expect(firstCells()[0]).toBe('Stock 10000');
    expect(bodyRows().length).toBeLessThan(40);
  });

  it('virtualizes a long table even without maxHeight, and not a short one', () => {
    render({ rows: stockRows(1000) });
    expect(bodyRows().length).toBeLessThan(60);
    render({ rows: stockRows(150) });
    expect(bodyRows()).toHaveLength(150);
    expect($$('tbody tr.dt-spacer')).toHaveLength(0);
  });
});

describe('cells (SPEC §3 Table cell, §5 text cut)', () => {
  const long = `${'Long description '.repeat(8)}end`;

  /** The element an aria-labelledby / aria-describedby of `element` points at. */
  const referenced = (element: Element, attribute: string) =>
    container.querySelector<HTMLElement>(`#${CSS.escape(element.getAttribute(attribute)!)}`)!;

  it('renders cell objects: link, title, tooltip and info mark; unsafe links as text', () => {
    render({
      columns: [
        { field: 'name', title: 'Name' },
        { field: 'price', title: 'Price' },
      ],
      rows: [
        {
          name: { val: 'Sberbank', lnk: '/stocks/sber/', ttl: 'Open Sberbank', info: 'Ordinary shares' },
          price: { val: 301.5, title: 'Close price', tooltip: 'Price at the close of trading' },
        },
        { name: { val: 'Evil', lnk: 'javascript:alert(1)' }, price: 1 },
        { name: { val: 'Sneaky', lnk: 'java\nscript:alert(1)' }, price: 2 },
        { name: { val: 'Control', lnk: '\x01javascript:alert(1)' }, price: 3 },
        { name: { val: 'Mail', lnk: 'mailto:ir@example.com' }, price: 4 },
      ],
    });
    const link = $<HTMLAnchorElement>('tbody a')!;
    expect(link.getAttribute('href')).toBe('/stocks/sber/');
    expect(link.textContent).toBe('Sberbank');
    expect(link.title).toBe('Open Sberbank');
    // The info mark is a button named by its tooltip, a real element with role tooltip.
    const info = $<HTMLButtonElement>('tbody button.fin-tip__info')!;
    expect(info.type).toBe('button');
    expect(referenced(info, 'aria-labelledby').getAttribute('role')).toBe('tooltip');
    expect(referenced(info, 'aria-labelledby').textContent).toBe('Ordinary shares');
    expect($('[role="img"]')).toBeNull();
    // The tooltip describes a focusable button holding the value.
    const priceCell = bodyRows()[0]!.querySelector('td')!;
    expect(priceCell.title).toBe('Close price');
    const trigger = priceCell.querySelector('button.fin-tip__trigger')!;
    expect(trigger.textContent).toBe('301.5');
    expect(referenced(trigger, 'aria-describedby').textContent).toBe('Price at the close of trading');
    expect(priceCell.querySelector('[aria-description]')).toBeNull();
    expect($$('tbody a').map((a) => a.getAttribute('href'))).toEqual([
      '/stocks/sber/',
      'mailto:ir@example.com',
    ]);
    expect(firstCells().slice(1)).toEqual(['Evil', 'Sneaky', 'Control', 'Mail']);
  });

  it('shows a tooltip on focus and on a tap, hides it on blur and on Escape (which it uses up)', () => {
    render({
      rows: [{ name: 'A', price: { val: 5, tooltip: 'Last deal price' }, change: 1 }],
    });
    const trigger = $<HTMLButtonElement>('tbody button.fin-tip__trigger')!;
    const tip = referenced(trigger, 'aria-describedby');
    expect(tip.hidden).toBe(true);
    act(() => trigger.focus());
    expect(tip.hidden).toBe(false);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => trigger.dispatchEvent(escape));
    expect(tip.hidden).toBe(true);
    expect(escape.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(trigger);
    // With the tooltip hidden, Escape is left to others (an overlay around).
    const next = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => trigger.dispatchEvent(next));
    expect(next.defaultPrevented).toBe(false);
    click(trigger);
    expect(tip.hidden).toBe(false);
    act(() => trigger.blur());
    expect(tip.hidden).toBe(true);
  });

  it('shows one tooltip at a time', () => {
    render({
      rows: [{ name: 'A', price: { val: 5, tooltip: 'First' }, change: { val: 1, info: 'Second' } }],
    });
    const [trigger, info] = $$('tbody button');
    click(trigger);
    click(info);
    const shown = $$('[role="tooltip"]').filter((tip) => !tip.hidden);
    expect(shown.map((tip) => tip.textContent)).toEqual(['Second']);
  });

  it('shows markup as text without its tags, never as HTML, and keeps text that only looks like it', () => {
    render({
      rows: [
        { name: '<img src=x onerror="alert(1)">Sber<b>bank</b>', price: 1, change: 1 },
        { name: 'A < B > C', price: '&lt;b&gt;x&lt;/b&gt;', change: 'x<y' },
      ],
    });
    expect($('tbody img')).toBeNull();
    expect($('tbody b')).toBeNull();
    expect(firstCells()).toEqual(['Sberbank', 'A < B > C']);
    expect([...bodyRows()[1]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '<b>x</b>',
      'x<y',
    ]);
  });

  it('cuts text over 80 characters, the full text in a tooltip of the cut text, except in comment columns', () => {
    render({
      columns: [
        { field: 'name', title: 'Name' },
        { field: 'about', title: 'About' },
        { field: 'note', title: 'Comment', comment: true },
      ],
      rows: [{ name: 'A', about: long, note: long }],
    });
    const [about, note] = bodyRows()[0]!.querySelectorAll('td');
    // The cut text takes focus (keyboard and touch reach the full text), which its tooltip holds.
    const trigger = about!.querySelector<HTMLButtonElement>('button.fin-tip__trigger')!;
    expect(trigger.textContent).toBe(`${long.slice(0, 80)}…`);
    const tip = referenced(trigger, 'aria-describedby');
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toBe(long);
    act(() => trigger.focus());
    expect(tip.hidden).toBe(false);
    // No title as well: two pop-ups on hover would cover each other.
    expect(about!.title).toBe('');
    expect(note!.textContent).toBe(long);
    expect(note!.querySelector('button')).toBeNull();
    expect(about!.querySelector('.fin-cell-more')).toBeNull();
  });

  it('gives a cut cell its own show-more button on mobile', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [
        { field: 'name', title: 'Name' },
        { field: 'about', title: 'About' },
      ],
      rows: [{ name: 'A', about: long }],
    });
    const cell = bodyRows()[0]!.querySelector('td')!;
    const more = cell.querySelector('button')!;
    expect(more.textContent).toBe('Show more');
    click(more);
    expect(cell.textContent).toBe(`${long}Hide`);
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('uses a column format and class for the cell', () => {
    render({
      columns: [
        { field: 'name', title: 'Name' },
        {
          field: 'change',
          title: 'Change',
          format: (value) => <strong>{`${Number(value) > 0 ? '+' : ''}${String(value)}%`}</strong>,
          className: (value) => (Number(value) > 0 ? 'rise' : 'fall'),
        },
      ],
      rows: [{ name: 'A', change: 2 }],
    });
    const cell = bodyRows()[0]!.querySelector('td')!;
    expect(cell.innerHTML).toBe('<strong>+2%</strong>');
    expect(cell.className).toContain('rise');
  });
});

describe('columns', () => {
  it('hides columns that are all empty or 0 unless always shown (SPEC §5)', () => {
    render({
      columns: [
        { field: 'name', title: 'Name' },
        { field: 'volume', title: 'Volume' },
        { field: 'yield', title: 'Yield' },
        { field: 'coupon', title: 'Coupon', alwaysShown: true },
      ],
      rows: [
        { name: 'A', volume: 0, yield: null, coupon: 0 },
        { name: 'B', volume: '0', yield: 5, coupon: '' },
      ],
    });
    expect($$('thead th').map((th) => th.textContent)).toEqual(['Name', 'Yield', 'Coupon']);
    expect(bodyRows()[0]!.children).toHaveLength(3);
  });

  it('pages the columns below 680 px: first fixed, the second shown, arrows to the others', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }],
      rows: [{ name: 'A', price: 10, change: 1, volume: 500 }],
    });
    const headers = () => $$('thead th').map((th) => th.dataset.field);
    expect($('.dt--narrow')).not.toBeNull();
    expect(headers()).toEqual(['name', 'price']);
    const previous = $<HTMLButtonElement>('button[aria-label="Previous column"]')!;
    // aria-disabled, not disabled: a disabled button would throw the focus out to the page.
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.disabled).toBe(false);
    click(previous);
    expect(headers()).toEqual(['name', 'price']);

    click($('button[aria-label="Next column"]'));
    expect(headers()).toEqual(['name', 'change']);
    click($('button[aria-label="Next column"]'));
    expect(headers()).toEqual(['name', 'volume']);
    expect($('button[aria-label="Next column"]')!.getAttribute('aria-disabled')).toBe('true');
    click($('button[aria-label="Previous column"]'));
    expect(headers()).toEqual(['name', 'change']);
    expect(bodyRows()[0]!.querySelector('td')!.textContent).toBe('1');
  });

  it('keeps the focused arrow in place while paging, and says which column is shown', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }],
      rows: [{ name: 'A', price: 10, change: 1, volume: 500 }],
    });
    const status = $('[role="status"]')!;
    // Nothing to say until the user pages.
    expect(status.textContent).toBe('');
    const next = $<HTMLButtonElement>('button[aria-label="Next column"]')!;
    act(() => next.focus());
    click(next);
    // The same button element, still focused: the header cell holding it was not remounted.
    expect($('button[aria-label="Next column"]')).toBe(next);
    expect(document.activeElement).toBe(next);
    expect(status.textContent).toBe('Column 3 of 4: Change');
    click(next);
    expect(document.activeElement).toBe(next);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(status.textContent).toBe('Column 4 of 4: Volume');
  });

  it('says the range and titles when several columns page together', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }, { field: 'turnover', title: 'Turnover' }],
      rows: [{ name: 'A', price: 10, change: 1, volume: 500, turnover: 7 }],
      mobilePageSize: 2,
    });
    click($('button[aria-label="Next column"]'));
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'volume', 'turnover']);
    expect($('[role="status"]')!.textContent).toBe('Column 4–5 of 5: Volume, Turnover');
  });

  it('keeps several columns fixed when asked, paging only the rest', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }],
      rows: [{ name: 'A', price: 10, change: 1, volume: 500 }],
      mobileFixedColumns: 2,
    });
    const headers = () => $$('thead th').map((th) => th.dataset.field);
    expect(headers()).toEqual(['name', 'price', 'change']);
    const next = $<HTMLButtonElement>('button[aria-label="Next column"]')!;
    act(() => next.focus());
    click(next);
    expect(headers()).toEqual(['name', 'price', 'volume']);
    expect(document.activeElement).toBe(next);
    expect($('[role="status"]')!.textContent).toBe('Column 4 of 4: Volume');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    click($('button[aria-label="Previous column"]'));
    expect(headers()).toEqual(['name', 'price', 'change']);
    expect(bodyRows()[0]!.querySelectorAll('td')[1]!.textContent).toBe('1');
  });

  it('uses the mobile column set in its order, and the shown column asked for', () => {
    setViewport({ width: 375, height: 700 });
    render({
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }],
      rows: [{ name: 'A', price: 10, change: 1, volume: 500 }],
      mobileColumns: ['name', 'volume', 'price'],
      mobileShownColumn: 3,
    });
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'price']);
    click($('button[aria-label="Previous column"]'));
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'volume']);
  });

  it('follows a new mobileShownColumn from the caller', () => {
    setViewport({ width: 375, height: 700 });
    const props = {
      columns: [...COLUMNS, { field: 'volume', title: 'Volume' }],
      rows: [{ name: 'A', price: 1, change: 2, volume: 3 }],
    };
    render({ ...props, mobileShownColumn: 2 });
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'price']);
    render({ ...props, mobileShownColumn: 4 });
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'volume']);
  });

  it('keeps the header and says "No data" when there are no rows', () => {
    render({ rows: [], limit: 5 });
    expect($$('thead th').map((th) => th.textContent)).toEqual(['Name', 'Price', 'Change']);
    const empty = $$('tbody tr');
    expect(empty).toHaveLength(1);
    expect(empty[0]!.textContent).toBe('No data');
    expect(empty[0]!.querySelector('td')!.colSpan).toBe(3);
    expect(buttonNamed('Show more')).toBeUndefined();
    render({ rows: [], emptyText: 'No dividends yet', rowNumbers: true, checkboxes: true });
    expect($('tbody td')!.textContent).toBe('No dividends yet');
    expect($<HTMLTableCellElement>('tbody td')!.colSpan).toBe(5);
  });

  it('no empty state while rows wait behind a reveal link or a collapsed group', () => {
    render({ rows: [{ name: 'Q1', price: 1, change: 1, show: 'prev' }] });
    expect($('.dt-empty')).toBeNull();
    expect(buttonNamed('Show previous')).toBeDefined();
  });

  it('tells screen readers which columns sort, as the WAI-ARIA sortable table example does', () => {
    render();
    // A sort button in the header marks a sortable column; the caption says so; aria-sort only on the sorted one.
    expect($('caption')!.textContent).toBe('Stocks (column headers with buttons are sortable)');
    expect($$('thead th[aria-sort]')).toHaveLength(0);
    render({ columns: COLUMNS.map((column) => ({ ...column, sortable: false })) });
    expect($('caption')!.textContent).toBe('Stocks');
  });

  it('shows every column from 680 px on', () => {
    setViewport({ width: 680, height: 700 });
    render();
    expect($$('thead th')).toHaveLength(3);
    expect($('.dt--narrow')).toBeNull();
  });

  it('reads no layout while the page loads, and pages its columns in the first frame, before it paints', () => {
    // A read in a layout effect would force the page's first layout inside the hydration task.
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const reads = [
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect'),
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get'),
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get'),
    ];
    const reports: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          reports.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    setViewport({ width: 375, height: 700 });
    const columns = [...COLUMNS, { field: 'volume', title: 'Volume' }];
    const rows = [{ name: 'A', price: 10, change: 1, volume: 500 }];
    act(() => root.render(<DataTable columns={columns} rows={rows} caption="Stocks" t={t} />));
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
    expect($$('thead th')).toHaveLength(4);

    // The frame's reports, outside act as in a page: the paged columns are in the DOM when they
    // return (the browser paints right after), not in a later task.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      for (const report of reports) report([], {} as ResizeObserver);
      expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'price']);
      expect($('.dt--narrow')).not.toBeNull();
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = true;
    }

    // Once the page has loaded, a table mounted then (a retry) is measured in its first commit.
    readyState.mockReturnValue('complete');
    act(() => root.render(null));
    act(() => root.render(<DataTable columns={columns} rows={rows} caption="Stocks" t={t} />));
    expect($$('thead th').map((th) => th.dataset.field)).toEqual(['name', 'price']);
    expect($('[data-scroll-hint]')).toBeNull();
  });
});

describe('rows', () => {
  it('numbers rows in the shown order and applies row class, hidden and colspan', () => {
    render({
      rowNumbers: true,
      rows: [
        { name: 'Results 2024', colspan: 3, class: 'subhead' },
        { name: 'B', price: 2, change: 1 },
        { name: 'Secret', price: 3, change: 1, hidden: true },
        { name: 'A', price: 1, change: 1 },
      ],
    });
    expect(bodyRows().map((row) => row.querySelector('.dt-num')!.textContent)).toEqual(['1', '2', '3']);
    const subhead = bodyRows()[0]!;
    expect(subhead.className).toContain('subhead');
    expect(subhead.querySelector('th')!.colSpan).toBe(3);
    expect(subhead.querySelectorAll('th, td')).toHaveLength(2);
    expect(firstCells()).not.toContain('Secret');
  });

  it('reports checked rows, starting from the rows marked checked, with a select-all box', () => {
    const onCheckedChange = vi.fn();
    const rows = [
      { name: 'A', price: 1, change: 1, checked: true },
      { name: 'B', price: 2, change: 1 },
      { name: 'C', price: 3, change: 1 },
    ];
    render({ rows, checkboxes: true, onCheckedChange });
    const boxes = () => $$('tbody input[type="checkbox"]') as HTMLInputElement[];
    expect(boxes().map((box) => box.checked)).toEqual([true, false, false]);
    expect(boxes()[1]!.getAttribute('aria-label')).toBe('B');
    const all = $<HTMLInputElement>('thead input[type="checkbox"]')!;
    expect(all.indeterminate).toBe(true);

    click(boxes()[2]);
    expect(onCheckedChange).toHaveBeenLastCalledWith([rows[0], rows[2]]);
    click(all);
    expect(onCheckedChange).toHaveBeenLastCalledWith(rows);
    expect(boxes().every((box) => box.checked)).toBe(true);
    click(all);
    expect(onCheckedChange).toHaveBeenLastCalledWith([]);
  });

  it('reveals prev and next rows with show links that turn into hide links', () => {
    render({
      rows: [
        { name: 'Q1', price: 1, change: 1, show: 'prev' },
        { name: 'Q2', price: 1, change: 1 },
        { name: '…', price: null, change: null, show: 'hide' },
        { name: 'Q3', price: 1, change: 1, show: 'next' },
      ],
    });
    expect(firstCells()).toEqual(['Q2', '…']);
    click(buttonNamed('Show previous'));
    expect(firstCells()).toEqual(['Q1', 'Q2']);
    expect(buttonNamed('Hide')!.getAttribute('aria-expanded')).toBe('true');
    click(buttonNamed('Show next'));
    expect(firstCells()).toEqual(['Q1', 'Q2', 'Q3']);
    click($$('.dt-reveal--prev button')[0]);
    expect(firstCells()).toEqual(['Q2', 'Q3']);
  });

  it('collapses and expands groups', () => {
    render({
      groupBy: 'sector',
      rows: [
        { name: 'SBER', price: 1, change: 1, sector: 'Banks' },
        { name: 'LKOH', price: 2, change: 1, sector: 'Oil' },
        { name: 'VTBR', price: 3, change: 1, sector: 'Banks' },
      ],
    });
    const groupButton = (name: string) =>
      $$('.dt-group button').find((b) => b.textContent?.startsWith(name))!;
    expect(firstCells()).toEqual(['SBER', 'VTBR', 'LKOH']);
    expect(groupButton('Banks').textContent).toBe('Banks (2)');
    click(groupButton('Banks'));
    expect(groupButton('Banks').getAttribute('aria-expanded')).toBe('false');
    expect(firstCells()).toEqual(['LKOH']);
    click(groupButton('Banks'));
    expect(firstCells()).toEqual(['SBER', 'VTBR', 'LKOH']);
  });
});
