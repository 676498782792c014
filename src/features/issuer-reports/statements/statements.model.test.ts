import { describe, expect, it } from 'vitest';
import type { FinancialReport, ReportSection } from '../../../contract/reports.ts';
import { checkFinancialReport } from '../../../contract/reports.ts';
import {
  closedPart,
  exportHref,
  figureDecimals,
  formatFigure,
  keepSectionColumns,
  periodPage,
  reportStatements,
  statementLines,
  type StatementLine,
} from './statements.model.ts';

const head = [
  { id: '2025', ttl: '2025', date: '31.12.2025', 'date.numeric': 1 },
  { id: '2024', ttl: '2024', date: '31.12.2024', 'date.numeric': 0 },
];

function section(closed: ReportSection['closed_data']): ReportSection {
  return {
    ttl: 'Balance sheet',
    dimension: 'mln RUB',
    scroll_head: head,
    scroll_clmn: [
      { id: 'assets', ttl: 'Total assets', sub: true },
      { id: 'cash', ttl: 'Cash', sub: false },
    ],
    scroll_body: [
      [100, 90],
      [5, null],
    ],
    dimensions: ['mln RUB', 'mln RUB'],
    sub_rows: {
      assets: {
        scroll_clmn: [
          { id: 'current', ttl: 'Current assets', sub: false },
          { id: 'shares', ttl: 'Shares', sub: false },
        ],
        scroll_body: [
          [60, 50],
          [7, 7],
        ],
        dimensions: ['mln RUB', 'mln shares'],
      },
    },
    closed_data: closed,
  };
}

const OPEN_CLOSED: ReportSection['closed_data'] = {
  locked: false,
  count: 1,
  scroll_clmn: [{ id: 'debt', ttl: 'Borrowings', sub: true }],
  scroll_body: [[30, 20]],
  dimensions: ['mln RUB'],
  sub_rows: {
    debt: {
      scroll_clmn: [{ id: 'short', ttl: 'Short-term', sub: false }],
      scroll_body: [[3, 2]],
      dimensions: ['mln RUB'],
    },
  },
};

const LOCKED: ReportSection['closed_data'] = {
  locked: true,
  count: 4,
  need: 'need_get_access',
  link: '/profile/access/',
};

const ids = (lines: StatementLine[]) => lines.map((line) => line.id);

describe('statementLines', () => {
  it('shows the free lines with their groups collapsed', () => {
    const lines = statementLines(section(OPEN_CLOSED), { closedOpen: false, expanded: new Set() });
    expect(ids(lines)).toEqual(['assets', 'cash']);
    expect(lines[0]).toMatchObject({
      depth: 0,
      hasSub: true,
      values: [100, 90],
      dimension: null,
      closed: false,
    });
    expect(lines[1]).toMatchObject({ hasSub: false, values: [5, null] });
  });

  it('puts the sub lines of an expanded group right under it, with their own unit when it differs', () => {
    const lines = statementLines(section(null), { closedOpen: false, expanded: new Set(['assets']) });
    expect(ids(lines)).toEqual(['assets', 'current', 'shares', 'cash']);
    expect(lines[1]).toMatchObject({ depth: 1, parentId: 'assets', dimension: null, values: [60, 50] });
    expect(lines[2]).toMatchObject({ depth: 1, dimension: 'mln shares' });
  });

  it('adds the closed lines (and their groups) only when the closed part is open', () => {
    const open = statementLines(section(OPEN_CLOSED), { closedOpen: true, expanded: new Set(['debt']) });
    expect(ids(open)).toEqual(['assets', 'cash', 'debt', 'short']);
    expect(open.slice(2).every((line) => line.closed)).toBe(true);
  });

  it('never adds lines of a locked closed part', () => {
    const lines = statementLines(section(LOCKED), { closedOpen: true, expanded: new Set() });
    expect(ids(lines)).toEqual(['assets', 'cash']);
  });
});

describe('closedPart', () => {
  it('says how many lines are withheld and why', () => {
    expect(closedPart(section(LOCKED))).toEqual({ count: 4, locked: LOCKED });
    expect(closedPart(section(OPEN_CLOSED))).toEqual({ count: 1, locked: null });
    expect(closedPart(section(null))).toBeNull();
  });
});

describe('formatFigure', () => {
  it('shows a dash for a figure not reported', () => {
    expect(formatFigure(null)).toBe('—');
    expect(formatFigure(Number.NaN)).toBe('—');
  });

  it('groups thousands with the shared separator and keeps the reported decimals (at most 2)', () => {
    // A page without a language is Russian: decimal comma (issue 20).
    expect(formatFigure(45833696.9)).toBe('45\u202f833\u202f696,9');
    expect(formatFigure(451.18)).toBe('451,18');
    expect(formatFigure(1.23456)).toBe('1,23');
    // With a column's decimals.
    expect(formatFigure(46919939, 1)).toBe('46\u202f919\u202f939,0');
    expect(figureDecimals([46919939, null, 52648192.5])).toBe(1);
    expect(formatFigure(-407406)).toBe('−407\u202f406');
    expect(formatFigure(0)).toBe('0');
  });
});

describe('exportHref', () => {
  const template = '/api/company/1/export/msfo/?from=%from%&to=%to%&reportPeriod=%reportPeriod%';

  it('fills the dates and the period of the template', () => {
    expect(exportHref(template, { from: '01.01.2021', to: '25.11.2026', reportPeriod: 2 })).toBe(
      '/api/company/1/export/msfo/?from=01.01.2021&to=25.11.2026&reportPeriod=2',
    );
  });

  it('starts an export without a start date on 1 January 1970 (SPEC §5)', () => {
    expect(exportHref(template, { from: ' ', to: '25.11.2026', reportPeriod: 1 })).toBe(
      '/api/company/1/export/msfo/?from=01.01.1970&to=25.11.2026&reportPeriod=1',
    );
  });
});

describe('reportStatements and the answer check', () => {
  const report = (extra: Partial<FinancialReport>) =>
    ({
      apiUrl: 'rsbu',
      exportLink: '',
      exportAccess: false,
      reportPeriods: [],
      balance_sheet: section(null),
      profit_and_loss: { ...section(null), ttl: 'P&L' },
      cash_flow_statement: section(null),
      params: { ...section(null), archLink: '/company/1/#reports-archive' },
      ...extra,
    }) as FinancialReport;

  it('lists the statements a report has in display order, RAS forms before the params', () => {
    expect(reportStatements(report({})).map((s) => s.key)).toEqual([
      'balance_sheet',
      'profit_and_loss',
      'cash_flow_statement',
      'params',
    ]);
    const ras = report({
      rsbu_balance: section(null),
      rsbu_profit_and_loss: section(null),
      report_cash_flow: section(null),
    });
    expect(reportStatements(ras).map((s) => s.key)).toEqual([
      'balance_sheet',
      'profit_and_loss',
      'cash_flow_statement',
      'rsbu_balance',
      'rsbu_profit_and_loss',
      'report_cash_flow',
      'params',
    ]);
  });

  it('passes a well-formed report and names the field of a malformed one', () => {
    expect(checkFinancialReport(report({}), '').balance_sheet.scroll_clmn).toHaveLength(2);
    const short = section(null);
    short.scroll_body = [[1, 2], [3]];
    expect(() => checkFinancialReport(report({ balance_sheet: short }), '')).toThrow(
      /balance_sheet\.scroll_body\[1\]/,
    );
    expect(() => checkFinancialReport(report({ params: undefined as never }), '')).toThrow(/params/);
  });

  it('pages the periods eight at a time from the newest, clamped to the pages there are', () => {
    expect(periodPage(23, 0)).toEqual({ start: 0, end: 8, page: 0, pages: 3 });
    expect(periodPage(23, 2)).toEqual({ start: 16, end: 23, page: 2, pages: 3 });
    expect(periodPage(23, 9)).toEqual({ start: 16, end: 23, page: 2, pages: 3 });
    expect(periodPage(5, 0)).toEqual({ start: 0, end: 5, page: 0, pages: 1 });
    expect(periodPage(0, 1)).toEqual({ start: 0, end: 0, page: 0, pages: 1 });
  });

  it('keeps the chosen period columns in every row: free, sub and open closed rows', () => {
    const open = {
      locked: false as const,
      count: 1,
      scroll_clmn: [{ id: 'debt', ttl: 'Debt', sub: false }],
      scroll_body: [[3, 4]],
      dimensions: ['mln RUB'],
      sub_rows: {},
    };
    const kept = keepSectionColumns(section(open), [1]);
    expect(kept.scroll_head).toEqual([head[1]]);
    expect(kept.scroll_body).toEqual([[90], [null]]);
    expect(kept.sub_rows.assets?.scroll_body).toEqual([[50], [7]]);
    expect(kept.closed_data).toMatchObject({ scroll_body: [[4]] });
  });
});
