/**
 * The outside probe of issue 20: a paid report value must not be derivable from public figures.
 * As anonymous and free, this test inverts every multiplier and consensus figure it is shown
 * (interest coverage = operating profit / finance costs, ROE = net income / equity, …) with the
 * public report lines, for every issuer × year, and compares the result with the closed lines the
 * paid user reads. Paid users still get the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsensusAnswer, MultipliersAnswer } from '../../../src/contract/company.ts';
import type { FinancialReport, ReportRows, ReportSection } from '../../../src/contract/reports.ts';
import { type AudienceFixture, type Client, startAudiences } from '../shared/testing.ts';

let fixture: AudienceFixture;

beforeAll(async () => {
  fixture = await startAudiences();
});

afterAll(() => fixture.close());

/** line id → year → value, read from the rows of a report answer. */
type LineValues = Map<string, Map<number, number>>;

function collect(into: LineValues, rows: ReportRows, head: ReportSection['scroll_head']): void {
  rows.scroll_clmn.forEach((line, r) => {
    head.forEach((column, c) => {
      const value = rows.scroll_body[r]?.[c];
      if (typeof value !== 'number') return;
      const byYear = into.get(line.id) ?? new Map<number, number>();
      byYear.set(Number(column.id), value);
      into.set(line.id, byYear);
    });
  });
}

const SECTIONS = ['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params'] as const;

/** The values a caller is shown in the annual IFRS report (free rows, and closed rows when open). */
async function visibleLines(who: Client, emitentId: number): Promise<LineValues> {
  const report = (await who.get(`/api/report_msfo/${emitentId}/?reportPeriod=2`)).json() as FinancialReport;
  const lines: LineValues = new Map();
  for (const name of SECTIONS) {
    const section = report[name];
    collect(lines, section, section.scroll_head);
    for (const sub of Object.values(section.sub_rows)) collect(lines, sub, section.scroll_head);
    if (section.closed_data && !section.closed_data.locked) {
      collect(lines, section.closed_data, section.scroll_head);
      for (const sub of Object.values(section.closed_data.sub_rows)) collect(lines, sub, section.scroll_head);
    }
  }
  return lines;
}

/** How each figure is computed from two report lines: value = scale × numerator / denominator. */
const RATIOS: Record<string, { numerator: string; denominator: string; scale: number; negate?: boolean }> = {
  interest_coverage: { numerator: 'operating_profit', denominator: 'finance_costs', scale: 1, negate: true },
  roe: { numerator: 'net_income_parent', denominator: 'total_equity', scale: 100 },
  roa: { numerator: 'net_income', denominator: 'total_assets', scale: 100 },
  ebitda_margin: { numerator: 'ebitda', denominator: 'revenue', scale: 100 },
  net_margin: { numerator: 'net_income', denominator: 'revenue', scale: 100 },
  debt_equity: { numerator: 'total_debt', denominator: 'total_equity', scale: 1 },
  current_ratio: { numerator: 'current_assets', denominator: 'current_liabilities', scale: 1 },
};

/** Within the rounding of a figure shown with two decimals (and at least 0.5 %). */
function reproduces(derived: number, actual: number, figure: number): boolean {
  const tolerance = Math.max(0.005, 0.006 / Math.abs(figure));
  return Math.abs(derived - actual) <= tolerance * Math.abs(actual);
}

interface Derivation {
  emitentId: number;
  year: number;
  line: string;
  via: string;
}

/** Every closed line value the caller can compute back from the multipliers it is shown. */
function deriveFromMultipliers(
  emitentId: number,
  multipliers: MultipliersAnswer,
  shown: LineValues,
  paid: LineValues,
): Derivation[] {
  const found: Derivation[] = [];
  for (const group of multipliers['2']) {
    for (const row of group.body) {
      const ratio = RATIOS[row.id];
      if (!ratio) continue;
      for (const key of group.columns.slice(1)) {
        const figure = row[key];
        if (typeof figure !== 'number' || figure === 0) continue;
        const year = Number(key.slice(1));
        const sign = ratio.negate ? -1 : 1;
        const numerator = shown.get(ratio.numerator)?.get(year);
        const denominator = shown.get(ratio.denominator)?.get(year);
        const closedDenominator = paid.get(ratio.denominator)?.get(year);
        const closedNumerator = paid.get(ratio.numerator)?.get(year);
        if (numerator !== undefined && denominator === undefined && closedDenominator !== undefined) {
          const derived = (sign * ratio.scale * numerator) / figure;
          if (reproduces(derived, closedDenominator, figure))
            found.push({ emitentId, year, line: ratio.denominator, via: row.id });
        }
        if (denominator !== undefined && numerator === undefined && closedNumerator !== undefined) {
          const derived = (sign * figure * denominator) / ratio.scale;
          if (reproduces(derived, closedNumerator, figure))
            found.push({ emitentId, year, line: ratio.numerator, via: row.id });
        }
      }
    }
  }
  return found;
}

/** Closed lines the consensus block gives away: as its actual, or as forecast / (1 + change). */
function deriveFromConsensus(
  emitentId: number,
  consensus: ConsensusAnswer,
  shown: LineValues,
  paid: LineValues,
): Derivation[] {
  const found: Derivation[] = [];
  for (const item of consensus.items) {
    if (item.code === 'share_price') continue;
    const candidates: number[] = [];
    if (typeof item.actual_value === 'number') candidates.push(item.actual_value);
    if (typeof item.forecast_value === 'number' && typeof item.change === 'number' && item.change !== -100)
      candidates.push(item.forecast_value / (1 + item.change / 100));
    const year = item.actual_year;
    const targets: Array<{ line: string; value: number }> = [];
    if (item.code === 'roe') {
      const equity = shown.get('total_equity')?.get(year);
      const income = paid.get('net_income_parent')?.get(year);
      if (equity !== undefined && !shown.get('net_income_parent')?.has(year) && income !== undefined)
        for (const roe of candidates)
          if (reproduces((roe * equity) / 100, income, roe))
            found.push({ emitentId, year, line: 'net_income_parent', via: 'consensus roe' });
      continue;
    }
    const closed = paid.get(item.code)?.get(year);
    if (closed !== undefined && !shown.get(item.code)?.has(year))
      targets.push({ line: item.code, value: closed });
    for (const target of targets)
      for (const candidate of candidates)
        if (Math.abs(candidate - target.value) <= Math.max(0.01, 0.005 * Math.abs(target.value)))
          found.push({ emitentId, year, line: target.line, via: `consensus ${item.code}` });
  }
  return found;
}

function issuersWithIfrs(): number[] {
  return (
    fixture.db
      .prepare(
        `SELECT r.emitent_id AS id FROM issuer_reports r JOIN issuer_report_sources s ON s.id = r.source_id
         WHERE s.api_url = 'msfo' ORDER BY r.emitent_id`,
      )
      .all() as Array<{ id: number }>
  ).map((row) => row.id);
}

describe('paid report values cannot be derived from public figures', () => {
  it.each(['anonymous', 'free'] as const)(
    'as %s, no multiplier or consensus figure reproduces a closed line for any issuer × year',
    async (level) => {
      const who = fixture[level];
      const issuers = issuersWithIfrs();
      expect(issuers.length).toBeGreaterThanOrEqual(10);
      const derived: Derivation[] = [];
      let tried = 0;
      for (const emitentId of issuers) {
        const paidLines = await visibleLines(fixture.paid, emitentId);
        const shown = await visibleLines(who, emitentId);
        // The test needs closed lines to try: the paid user sees more than the caller.
        expect(paidLines.size).toBeGreaterThan(shown.size);
        const multipliers = (
          await who.get(`/api/company/${emitentId}/multipliers/`)
        ).json() as MultipliersAnswer;
        const consensus = (
          await who.get(`/api/company/${emitentId}/get-emitent-list-of-indexes/`)
        ).json() as ConsensusAnswer;
        tried += multipliers['2'].flatMap((group) => group.body).length + consensus.items.length;
        derived.push(
          ...deriveFromMultipliers(emitentId, multipliers, shown, paidLines),
          ...deriveFromConsensus(emitentId, consensus, shown, paidLines),
        );
      }
      expect(tried).toBeGreaterThan(100);
      expect(derived).toEqual([]);
    },
  );

  it('a paid user gets the figures: interest coverage, ROE and the consensus actuals', async () => {
    let coverage = 0;
    let actuals = 0;
    for (const emitentId of issuersWithIfrs()) {
      const multipliers = (
        await fixture.paid.get(`/api/company/${emitentId}/multipliers/`)
      ).json() as MultipliersAnswer;
      const paidLines = await visibleLines(fixture.paid, emitentId);
      for (const group of multipliers['2'])
        for (const row of group.body.filter((r) => r.id === 'interest_coverage'))
          for (const key of group.columns.slice(1)) {
            const figure = row[key];
            const year = Number(key.slice(1));
            const operating = paidLines.get('operating_profit')?.get(year);
            const finance = paidLines.get('finance_costs')?.get(year);
            if (typeof figure !== 'number' || operating === undefined || finance === undefined) continue;
            expect(figure).toBeCloseTo(operating / -finance, 2);
            coverage += 1;
          }
      const consensus = (
        await fixture.paid.get(`/api/company/${emitentId}/get-emitent-list-of-indexes/`)
      ).json() as ConsensusAnswer;
      for (const item of consensus.items) {
        if (item.code === 'share_price' || item.code === 'roe') continue;
        const line = paidLines.get(item.code)?.get(item.actual_year);
        if (line === undefined) continue;
        // The actual is the year's sum of unrounded quarters, rounded (millions to whole ones).
        expect(Math.abs((item.actual_value as number) - line)).toBeLessThanOrEqual(
          Math.max(1, 0.001 * Math.abs(line)),
        );
        actuals += 1;
      }
    }
    expect(coverage).toBeGreaterThan(30);
    expect(actuals).toBeGreaterThan(5);
  });
});
