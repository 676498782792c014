import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../../../widgets/testing/react-root.ts';
import { rows, section } from './analysis.fixtures.ts';
import { AnalysisSwitch } from './AnalysisSwitch.tsx';
import { lineHistory } from './line-history.ts';
import { barGeometry, LineHistoryChart } from './LineHistoryChart.tsx';
import { SourceDiffTable } from './SourceDiffTable.tsx';

let container: HTMLDivElement;
let root: Root;
withReactRoot((c, r) => {
  [container, root] = [c, r];
});

/** Labels as their keys with the placeholders kept, so a test sees what was filled in. */
const t = (key: string) =>
  ({
    'issuer:analysis_history_chart': 'Chart of {line}, {dimension}',
    'issuer:analysis_value': 'Value, {dimension}',
    'issuer:analysis_only_in': 'Only in {source}:',
  })[key] ?? key;

describe('barGeometry', () => {
  it('draws bars from a zero line: up for positive values, down for negative ones, none for gaps', () => {
    const { bars, zeroY } = barGeometry([100, -50, null, 0]);
    const [up, down, gap, zero] = bars;
    expect(up!.y + up!.height).toBeCloseTo(zeroY);
    expect(down!.y).toBeCloseTo(zeroY);
    expect(down!.negative).toBe(true);
    expect(up!.height).toBeCloseTo(down!.height * 2);
    expect(gap).toBeNull();
    expect(zero!.height).toBeGreaterThan(0);
  });
});

describe('LineHistoryChart', () => {
  it('gives the figures as a table, oldest first, and names the chart with the line and its unit', () => {
    const s = section(['2024', '2023', '2022'], { a: [1234.5, null, -7] });
    act(() => root.render(<LineHistoryChart history={lineHistory(s, 'a')!} t={t} />));
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Chart of Line a, mln RUB');
    const table = container.querySelector(`#${CSS.escape(svg.getAttribute('aria-describedby')!)}`)!;
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    // A page without a language is Russian (decimal comma); one count of decimals for the
    // column: "−7" stood above "1 234.5" before (issue 20).
    expect(cells).toEqual([
      ['2022', '−7,0'],
      ['2023', 'issuer:not_reported'],
      ['2024', '1\u202f234,5'],
    ]);
    expect(container.querySelectorAll('rect')).toHaveLength(2);
  });
});

describe('tooltips of the analysis views', () => {
  const decimals = (text: string) => [...text.matchAll(/\d+[.,](\d+)/g)].map((match) => match[1]!.length);

  it('a bar of the line history tells its period and figure rounded like the table, never float noise', () => {
    const s = section(['2024', '2023', '2022'], { a: [0.1 + 0.2, 0.717499999, 4306.7 - 0.0000000001] });
    act(() => root.render(<LineHistoryChart history={lineHistory(s, 'a')!} t={t} />));
    const titles = [...container.querySelectorAll('rect > title')].map((title) => title.textContent);
    // Without a page language the elements format as the default page (rus): a decimal comma.
    expect(titles).toEqual(['2022: 4\u202f306,7', '2023: 0,72', '2024: 0,3']);
  });

  it('a source difference cell names both figures rounded like the cells', () => {
    const s1 = section(['2024'], { a: [0.717499999] });
    const s2 = section(['2024'], { a: [0.1 + 0.2] });
    act(() => root.render(<SourceDiffTable section1={s1} section2={s2} names={['S1', 'S2']} t={t} />));
    const cell = container.querySelector('.an-diff__cell')!;
    expect(cell.getAttribute('title')).toBe('S1: 0,72; S2: 0,3');
    expect(Math.max(...decimals(cell.textContent ?? ''))).toBeLessThanOrEqual(2);
  });
});

describe('AnalysisSwitch', () => {
  it('offers the source difference only when asked, and reports the chosen view', () => {
    const onChange = vi.fn();
    act(() => root.render(<AnalysisSwitch mode="values" onChange={onChange} withDiff={false} t={t} />));
    expect([...container.querySelectorAll('input')].map((input) => input.value)).toEqual(['values', 'yoy']);
    act(() => root.render(<AnalysisSwitch mode="values" onChange={onChange} withDiff t={t} />));
    const radios = [...container.querySelectorAll('input')];
    expect(radios.map((input) => input.value)).toEqual(['values', 'yoy', 'diff']);
    expect(radios[0]!.checked).toBe(true);
    act(() => radios[2]!.click());
    expect(onChange).toHaveBeenCalledWith('diff');
  });
});

describe('SourceDiffTable', () => {
  it('shows per shared line and period the difference with its relative part, and the lines only one has', () => {
    const s1 = section(['2024', '2023'], { a: [100, 50], only1: [1, 2] });
    const s2 = section(['2024', '2022'], { a: [80, 7] }, { sub_rows: { a: rows({ x: [1, 1] }) } });
    s2.scroll_clmn[0] = { ...s2.scroll_clmn[0]!, sub: true };
    act(() =>
      root.render(<SourceDiffTable section1={s1} section2={s2} names={['Filings', 'Provider']} t={t} />),
    );
    const heads = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads.some((text) => text?.includes('2024'))).toBe(true);
    expect(heads.some((text) => text?.includes('2023') || text?.includes('2022'))).toBe(false);
    expect(container.querySelector('tbody')!.textContent).toContain('+20 (+25,0\u202f%)');
    expect(container.querySelector('[data-only="only1"]')!.textContent).toBe('Only in Filings: Line only1');
    expect(container.querySelector('[data-only="only2"]')!.textContent).toBe('Only in Provider: Line x');
  });
});
