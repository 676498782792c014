import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { ScrollTable, visibleRows, type ScrollTableProps } from './index.ts';

const COLUMNS: ScrollTableProps['columns'] = [
  { field: 'date', title: 'Date' },
  { field: 'close', title: 'Close', align: 'end', format: (value) => `${String(value)} ₽` },
  { field: 'volume', title: 'Volume', align: 'end' },
];
const ROWS = Array.from({ length: 8 }, (_, index) => ({
  date: `0${index + 1}.06.2025`,
  close: 300 + index,
  volume: index === 2 ? null : 1000 * index,
}));
const LABELS = { more: 'Show more', hide: 'Hide' };

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function render(props: Partial<ScrollTableProps> = {}) {
  act(() =>
    root.render(<ScrollTable columns={COLUMNS} rows={ROWS} caption="Archive" labels={LABELS} {...props} />),
  );
}

const bodyRows = () => [...container.querySelectorAll('tbody tr')];
const toggle = () => container.querySelector<HTMLButtonElement>('.fin-scroll-table__toggle');

describe('ScrollTable', () => {
  it('renders a captioned table with column headers in a focusable scroll region', () => {
    render();
    const table = container.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Archive');
    expect(
      [...table.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['Date', 'col'],
      ['Close', 'col'],
      ['Volume', 'col'],
    ]);
    const region = container.querySelector<HTMLElement>('[role="region"]')!;
    expect(region.tabIndex).toBe(0);
    expect(region.getAttribute('aria-labelledby')).toBe(table.querySelector('caption')!.id);
  });

  it('formats cells, aligns numbers to the end and leaves missing values empty', () => {
    render();
    const cells = [...bodyRows()[2]!.querySelectorAll('td')];
    expect(cells.map((cell) => cell.textContent)).toEqual(['03.06.2025', '302 ₽', '']);
    expect(cells.map((cell) => cell.className)).toEqual([
      '',
      'fin-scroll-table__cell--end',
      'fin-scroll-table__cell--end',
    ]);
  });

  it('shows cell objects as the data table does: value, safe link, title, tooltip and info; markup as text', () => {
    render({
      columns: [
        { field: 'name', title: 'Name' },
        { field: 'close', title: 'Close', align: 'end' },
        { field: 'note', title: 'Note' },
      ],
      rows: [
        {
          name: { val: 'Sberbank', lnk: '/stocks/sber/', ttl: 'Open Sberbank', info: 'Ordinary shares' },
          close: { val: 301.5, title: 'Close price', tooltip: 'At the close of trading' },
          note: '<b>A</b> &lt; B',
        },
        { name: { val: 'Evil', lnk: 'java\nscript:alert(1)' }, close: { val: null }, note: 'x<y' },
      ],
    });
    const [first, second] = bodyRows();
    const link = first!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/stocks/sber/');
    expect(link.textContent).toBe('Sberbank');
    expect(link.title).toBe('Open Sberbank');
    const info = first!.querySelector('button.fin-tip__info')!;
    expect(
      container.querySelector(`#${CSS.escape(info.getAttribute('aria-labelledby')!)}`)!.textContent,
    ).toBe('Ordinary shares');
    const close = first!.querySelectorAll('td')[1]!;
    expect(close.title).toBe('Close price');
    const trigger = close.querySelector('button.fin-tip__trigger')!;
    expect(trigger.textContent).toBe('301.5');
    const tip = container.querySelector(`#${CSS.escape(trigger.getAttribute('aria-describedby')!)}`)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toBe('At the close of trading');
    expect(first!.querySelectorAll('td')[2]!.textContent).toBe('A < B');

    expect(second!.querySelector('a')).toBeNull();
    expect([...second!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Evil', '', 'x<y']);
  });

  it('shows 5 rows by default, expands to all and collapses back, announcing each change', () => {
    const onExpandChange = vi.fn();
    render({ onExpandChange });
    expect(bodyRows()).toHaveLength(5);
    expect(toggle()!.textContent).toBe('Show more');
    expect(toggle()!.getAttribute('aria-expanded')).toBe('false');
    expect(toggle()!.getAttribute('aria-controls')).toBe(container.querySelector('table')!.id);

    act(() => toggle()!.focus());
    act(() => toggle()!.click());
    expect(bodyRows()).toHaveLength(8);
    expect(toggle()!.textContent).toBe('Hide');
    expect(toggle()!.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle());
    expect(onExpandChange).toHaveBeenLastCalledWith(true);

    act(() => toggle()!.click());
    expect(bodyRows()).toHaveLength(5);
    expect(onExpandChange).toHaveBeenLastCalledWith(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('collapsing scrolls the page back to the table top when it is above the viewport', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true })); // reduced motion: one jump
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2000 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render();
    const block = container.querySelector<HTMLElement>('.fin-scroll-table')!;
    block.getBoundingClientRect = () => ({ top: -400 }) as DOMRect;
    act(() => toggle()!.click());
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => toggle()!.click());
    expect(scrollTo).toHaveBeenCalledWith(0, 1600);
    delete (window as { scrollY?: number }).scrollY;
  });

  it('has no toggle when the rows fit the limit, and limit 0 shows every row', () => {
    render({ limit: 8 });
    expect(bodyRows()).toHaveLength(8);
    expect(toggle()).toBeNull();
    render({ limit: 0 });
    expect(bodyRows()).toHaveLength(8);
    expect(toggle()).toBeNull();
    render({ limit: 3 });
    expect(bodyRows()).toHaveLength(3);
  });
});

describe('visibleRows', () => {
  it('cuts to the limit only while collapsed and when there is more', () => {
    expect(visibleRows([1, 2, 3], 2, false)).toEqual({ shown: [1, 2], collapsible: true });
    expect(visibleRows([1, 2, 3], 2, true)).toEqual({ shown: [1, 2, 3], collapsible: true });
    expect(visibleRows([1, 2], 2, false)).toEqual({ shown: [1, 2], collapsible: false });
    expect(visibleRows([1, 2, 3], 0, false)).toEqual({ shown: [1, 2, 3], collapsible: false });
  });
});
