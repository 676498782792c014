/**
 * The statement table as a component: the groups and the closed part with their focus, and the
 * three hooks a derived view builds on (figures replaced, a line asked about, toolbar controls).
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { ReportSection } from '../../../contract/reports.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { withReactRoot } from '../../../widgets/testing/react-root.ts';
import { StatementTable, type StatementTableProps } from './StatementTable.tsx';

const LABELS: Record<string, string> = {
  'widgets:show_more': 'Show more',
  'widgets:hide': 'Hide',
  'widgets:get_access': 'Get access',
  'common:need_auth': 'You need to log in',
  'common:need_get_access': 'You need to get access',
  'common:login': 'Log in',
  'issuer:indicator': 'Indicator',
  'issuer:unit': 'Unit',
  'issuer:closed_rows': '{count} more rows',
  'issuer:closed_withheld': '{count} rows are withheld.',
  'common:access_to_see_rows': 'Get paid access to see {count} more rows',
};
const t = (key: string) => LABELS[key] ?? `{{${key}}}`;

const SECTION: ReportSection = {
  ttl: 'Balance sheet',
  dimension: 'mln RUB',
  scroll_head: [
    { id: '2025', ttl: '2025', date: '31.12.2025', 'date.numeric': 1 },
    { id: '2024', ttl: '2024', date: '31.12.2024', 'date.numeric': 0 },
  ],
  scroll_clmn: [
    { id: 'assets', ttl: 'Total assets', sub: true },
    { id: 'cash', ttl: 'Cash', sub: false },
  ],
  scroll_body: [
    [1200.5, 1000],
    [null, 40],
  ],
  dimensions: ['mln RUB', 'mln RUB'],
  sub_rows: {
    assets: {
      scroll_clmn: [{ id: 'current', ttl: 'Current assets', sub: false }],
      scroll_body: [[700, 600]],
      dimensions: ['mln RUB'],
    },
  },
  closed_data: {
    locked: false,
    count: 1,
    scroll_clmn: [{ id: 'debt', ttl: 'Borrowings', sub: false }],
    scroll_body: [[300, 200]],
    dimensions: ['mln RUB'],
    sub_rows: {},
  },
};

let container: HTMLDivElement;
let root: Root;
withReactRoot((c, r) => {
  [container, root] = [c, r];
});

function render(props: Partial<StatementTableProps> = {}) {
  act(() =>
    root.render(
      <StatementTable statementKey="balance_sheet" section={SECTION} headingLevel={3} t={t} {...props} />,
    ),
  );
}
const $$ = (selector: string) => [...container.querySelectorAll<HTMLElement>(selector)];
const lineNames = () => $$('tbody tr.dt-row th').map((cell) => cell.textContent);
const figures = () =>
  $$('tbody tr.dt-row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const button = (name: string) =>
  $$('button').find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;
const click = (element: HTMLElement) => act(() => element.click());

describe('StatementTable', () => {
  it('writes every figure of a period column with the same decimals, in the page language', () => {
    const before = $lang.get();
    try {
      $lang.set('deu');
      render({
        section: {
          ...SECTION,
          scroll_body: [
            [52648192.5, 1000],
            [46919939, 40],
          ],
        },
      });
      expect(figures()).toEqual([
        ['52\u202f648\u202f192,5', '1\u202f000'],
        ['46\u202f919\u202f939,0', '40'],
      ]);
    } finally {
      act(() => $lang.set(before));
    }
  });

  it('shows the free lines, a dash for a figure not reported, and the unit', () => {
    render();
    expect(lineNames()).toEqual(['Total assets', 'Cash']);
    // A page without a language is Russian (decimal comma); a column has one count of decimals:
    // 1 000 stood as "1 000" under "1 200.5" before (issue 20).
    expect(figures()).toEqual([
      ['1\u202f200,5', '1\u202f000'],
      ['—', '40'],
    ]);
    expect(container.querySelector('h3')?.textContent).toBe('Balance sheet');
    expect(container.textContent).toContain('Unit: mln RUB');
  });

  it('opens a group under its line and keeps the focus on its toggle', () => {
    render();
    const toggle = button('Total assets');
    toggle.focus();
    click(toggle);
    expect(lineNames()).toEqual(['Total assets', 'Current assets', 'Cash']);
    expect(button('Total assets').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(button('Total assets'));
  });

  it('opens and hides the closed part, asking for it each time it opens, the focus on the toggle', () => {
    const onShowMore = vi.fn();
    render({ onShowMore });
    const toggle = button('Show more');
    toggle.focus();
    click(toggle);
    expect(onShowMore).toHaveBeenCalledTimes(1);
    expect(lineNames()).toEqual(['Total assets', 'Cash', 'Borrowings']);
    expect(document.activeElement?.textContent).toBe('Hide');
    click(button('Hide'));
    expect(lineNames()).toEqual(['Total assets', 'Cash']);
    expect(document.activeElement?.textContent).toBe('Show more');
    expect(onShowMore).toHaveBeenCalledTimes(1);
  });

  it('explains a locked closed part with the withheld count and the access link', () => {
    const onShowMore = vi.fn();
    render({
      onShowMore,
      section: {
        ...SECTION,
        closed_data: { locked: true, count: 4, need: 'need_get_access', link: '/profile/access/' },
      },
    });
    click(button('Show more'));
    expect(onShowMore).toHaveBeenCalledTimes(1);
    expect(lineNames()).toEqual(['Total assets', 'Cash']);
    // A neutral prompt in the place of "show more", its action the link, with the count.
    expect(button('Show more')).toBeUndefined();
    const status = container.querySelector('.st-locked [role="status"]')!;
    expect(status.textContent).toBe('Get paid access to see 4 more rows');
    expect(status.querySelector('a')?.getAttribute('href')).toBe('/profile/access/');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a derived view of the figures when given one', () => {
    render({
      view: {
        values: (line) =>
          line.values.map((value, index) => (index === 0 && value !== null ? value * 2 : null)),
        format: (value, column) => (value === null ? 'n/a' : `${column.ttl}: ${value}`),
      },
    });
    expect(figures()).toEqual([
      ['2025: 2401', 'n/a'],
      ['n/a', 'n/a'],
    ]);
  });

  it('makes each line name a button that reports the line and its section, and shows toolbar controls', () => {
    const onLineClick = vi.fn();
    render({ onLineClick, toolbar: <button type="button">Year over year</button> });
    click($$('button.st-line__name').find((b) => b.textContent === 'Cash')!);
    expect(onLineClick).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'cash', values: [null, 40] }),
      SECTION,
    );
    expect(container.querySelector('.st-toolbar')?.textContent).toBe('Year over year');
  });
});
