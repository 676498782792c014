/**
 * Chart responses (SPEC §3, §7) built from the demo database, for any `<fin-chart>` data URL: the
 * partner origin's routes (demo-pages/partner/) and the main origin's demo page use the same
 * builders, so both draw the same data.
 *
 * - Price series: the daily closes of a few stocks on their main ground between the two dates.
 * - Bond map: for each bond, its last close inside the window: the yield to maturity the demo data
 *   stores, against the Macaulay duration computed here from the bond's coupon schedule and that
 *   yield (the demo data has no duration column). Prices and yields are synthetic demo data.
 *
 * The dates of the request decide the window; periodId only says which tab asked, so it is not
 * read (a tab's dates come with it).
 */
import {
  type ChartPoint,
  type ChartRequest,
  type ChartResponse,
  type ChartSeries,
  type LinePoint,
  type MapPoint,
} from '../../../src/contract/chart-widget.ts';
import {
  compareIsoDates,
  dateMs,
  displayDate,
  parseDisplayDate,
  unixSeconds,
} from '../../../src/contract/calendar.ts';
import { formatNumber } from '../../../src/contract/format.ts';
import { CHART_PALETTE } from '../../../src/contract/palette.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { Db } from './db.ts';

/** The stocks of the demo price chart, the main series first: prices of one order (100–700 RUB), so every line shows. */
export const DEMO_PRICE_STOCKS = ['sber', 'gazp', 'moex', 'mtss', 'rosn'] as const;

export class ChartWindowError extends Error {
  readonly statusCode = 400;
}

export interface ChartResponseOptions {
  lang?: Lang;
  /** Prefix of the series' page links: '' on our origin, our origin's URL on a partner's page. */
  pageLinkBase?: string;
}

/** The window as ISO dates; a start after the end is refused (SPEC §5 graph_period_start_incorrect). */
function isoWindow(request: ChartRequest): { from: string; to: string } {
  const from = parseDisplayDate(request.beginDate);
  const to = parseDisplayDate(request.endDate);
  if (from === null || to === null)
    throw new ChartWindowError('beginDate and endDate must be DD.MM.YYYY dates');
  if (compareIsoDates(from, to) > 0) throw new ChartWindowError('beginDate is after endDate');
  return { from, to };
}

interface StockRow {
  id: number;
  string_id: string;
  name: string;
  name_eng: string;
  ground_id: number;
  decimals: number;
  currency: string;
}

/** SPEC §7: the closes of the demo stocks between the request's dates, one series per stock. */
export function priceSeriesResponse(
  db: Db,
  request: ChartRequest,
  options: ChartResponseOptions & { stocks?: readonly string[] } = {},
): ChartResponse {
  const { from, to } = isoWindow(request);
  const lang = options.lang ?? 'eng';
  const stockOf = db.prepare<[string], StockRow>(
    `SELECT s.id, s.string_id, s.name, s.name_eng, g.ground_id, g.decimals, tg.currency
       FROM stocks s
       JOIN stock_grounds g ON g.stock_id = s.id AND g.position = 1
       JOIN trading_grounds tg ON tg.id = g.ground_id
      WHERE s.string_id = ?`,
  );
  const closes = db.prepare<[number, number, string, string], { date: string; close: number }>(
    `SELECT date, close FROM daily_bars
      WHERE stock_id = ? AND ground_id = ? AND date BETWEEN ? AND ?
      ORDER BY date`,
  );
  const stocks = (options.stocks ?? DEMO_PRICE_STOCKS)
    .map((id) => stockOf.get(id))
    .filter((row): row is StockRow => row !== undefined);

  const series: ChartSeries<LinePoint>[] = [];
  let table: ChartPoint[] = [];
  stocks.forEach((stock, i) => {
    const rows = closes.all(stock.id, stock.ground_id, from, to);
    if (rows.length === 0) return;
    const name = lang === 'rus' ? stock.name : stock.name_eng;
    series.push({
      field: `close_${stock.id}_${stock.ground_id}`,
      name,
      data: rows.map((row): LinePoint => [unixSeconds(row.date), row.close]),
      color: CHART_PALETTE[i % CHART_PALETTE.length]!,
      stockId: stock.id,
      tgId: stock.ground_id,
      stockName: name,
      pageLink: `${options.pageLinkBase ?? ''}/stocks/${stock.string_id}/`,
      entity: { id: stock.id, tgId: stock.ground_id, model: 'stock', name },
    });
    // The accessible data table shows the main (first) series.
    if (series.length === 1) {
      table = rows.map((row) => ({
        'date.numeric': unixSeconds(row.date),
        date: displayDate(row.date),
        value: row.close,
        valueFmt: formatNumber(row.close, stock.decimals, lang),
      }));
    }
  });
  return { graph_type: 'line', measure: stocks[0]?.currency ?? '', data: table, series };
}

interface BondRow {
  id: number;
  name: string;
  name_eng: string;
  kind: 'ofz' | 'corporate';
  nominal: number;
  maturity_date: string;
  date: string;
  yield: number;
}

const YEAR_MS = 365.25 * 86_400_000;

/**
 * Macaulay duration in years at `settlement`: the cash flows after it (the coupons of the schedule
 * and the nominal at maturity), each weighted by its time, discounted at the yield to maturity.
 */
export function macaulayDuration(
  settlement: string,
  yieldPercent: number,
  coupons: readonly { date: string; amount: number }[],
  nominal: number,
  maturity: string,
): number {
  const flows = coupons.filter((c) => compareIsoDates(c.date, settlement) > 0).map((c) => ({ ...c }));
  const last = flows.find((c) => c.date === maturity);
  if (last) last.amount += nominal;
  else flows.push({ date: maturity, amount: nominal });
  let weighted = 0;
  let present = 0;
  for (const flow of flows) {
    const years = (dateMs(flow.date) - dateMs(settlement)) / YEAR_MS;
    const value = flow.amount / (1 + yieldPercent / 100) ** years;
    weighted += years * value;
    present += value;
  }
  return present > 0 ? weighted / present : 0;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

const BOND_GROUPS = {
  ofz: { rus: 'ОФЗ', other: 'OFZ' },
  corporate: { rus: 'Корпоративные облигации', other: 'Corporate bonds' },
} as const;

/**
 * SPEC §7 map: yield against duration of every bond that traded inside the window (at its last
 * close there, before maturity), one series per kind (OFZ, corporate), each point labelled.
 */
export function bondMapResponse(
  db: Db,
  request: ChartRequest,
  options: ChartResponseOptions = {},
): ChartResponse {
  const { from, to } = isoWindow(request);
  const lang = options.lang ?? 'eng';
  const bonds = db
    .prepare<[string, string], BondRow>(
      `SELECT b.id, b.name, b.name_eng, b.kind, b.nominal, b.maturity_date, p.date, p.yield
         FROM bonds b
         JOIN bond_prices p ON p.bond_id = b.id
        WHERE p.date = (SELECT MAX(date) FROM bond_prices
                         WHERE bond_id = b.id AND date BETWEEN ? AND ? AND date < b.maturity_date)
        ORDER BY b.id`,
    )
    .all(from, to);
  const coupons = db.prepare<[number], { date: string; amount: number }>(
    'SELECT date, amount FROM bond_coupons WHERE bond_id = ? ORDER BY date',
  );

  const series: ChartSeries<MapPoint>[] = [];
  (['ofz', 'corporate'] as const).forEach((kind, i) => {
    const points = bonds
      .filter((bond) => bond.kind === kind)
      .map((bond): MapPoint => {
        const duration = macaulayDuration(
          bond.date,
          bond.yield,
          coupons.all(bond.id),
          bond.nominal,
          bond.maturity_date,
        );
        return [round2(duration), round2(bond.yield), lang === 'rus' ? bond.name : bond.name_eng];
      })
      .sort((a, b) => a[0] - b[0] || a[2].localeCompare(b[2]));
    if (points.length === 0) return;
    const group = BOND_GROUPS[kind];
    series.push({
      field: `bonds_${kind}`,
      name: lang === 'rus' ? group.rus : group.other,
      data: points,
      color: CHART_PALETTE[i % CHART_PALETTE.length]!,
    });
  });
  return { graph_type: 'map', measure: '%', data: [], series };
}
