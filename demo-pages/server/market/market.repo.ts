/**
 * SQL over the market tables (data/market.ts) and the bars of the core: branches, chart bars,
 * leaders and capitalisation (computed from the bars, nothing stored), holders, bonds, ETFs, index
 * values and watchlists. Prepared statements with bound parameters only.
 */
import type { Db } from '../shared/db.ts';
import type { DailyBarRow } from './stocks.repo.ts';

export interface BranchRow {
  id: number;
  name: string;
  name_eng: string;
}

export interface TradingGroundRow {
  id: number;
  name: string;
  name_eng: string;
  currency: string;
}

export interface IntradayBarRow {
  /** Bar start, Unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface HolderRow {
  name: string;
  name_eng: string;
  share: number;
  date: string;
}

/** One stock's latest day on a ground (leaders and capitalisation tables). */
export interface StockDayRow {
  id: number;
  string_id: string;
  name: string;
  name_eng: string;
  ticker: string;
  decimals: number;
  date: string;
  close: number;
  volume: number;
  prev_close: number | null;
  /** Percent against the previous close, 2 decimals (null without a previous bar). */
  change: number | null;
}

export interface CapitalizationRow extends StockDayRow {
  capitalization: number;
  /** Percent of the table's total, 2 decimals. */
  share: number;
}

export interface BondRow {
  id: number;
  isin: string;
  name: string;
  name_eng: string;
  kind: 'ofz' | 'corporate';
  emitent_id: number | null;
  issuer_name: string;
  issuer_name_eng: string;
  ground_id: number;
  currency: string;
  nominal: number;
  coupon_rate: number;
  coupon_frequency: number;
  issue_date: string;
  maturity_date: string;
}

export interface BondPriceRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  yield: number;
  accrued: number;
  volume: number;
}

export interface EtfRow {
  id: number;
  ticker: string;
  isin: string;
  name: string;
  name_eng: string;
  provider: string;
  provider_eng: string;
  ground_id: number;
  currency: string;
  asset_class: string;
  benchmark_index_id: number | null;
  inception_date: string;
  expense_ratio: number;
}

export interface EtfValueRow {
  date: string;
  close: number;
  nav_per_share: number;
  volume: number;
}

export interface MarketIndexRow {
  id: number;
  code: string;
  name: string;
  name_eng: string;
  ground_id: number;
}

export interface IndexValueRow {
  date: string;
  value: number;
}

export interface IndexIntradayRow {
  time: number;
  value: number;
}

export interface WatchlistItemRow {
  id: number;
  wlid: number;
  stock_id: number;
  ground_id: number;
  count: number;
  checked: number;
  string_id: string;
  name: string;
  name_eng: string;
  ticker: string;
  position: number;
}

const STOCK_DAY_SQL = `
  SELECT s.id, s.string_id, s.name, s.name_eng, sg.ticker, sg.decimals, b.date, b.close, b.volume,
    p.close AS prev_close,
    CASE WHEN p.close IS NULL THEN NULL ELSE ROUND((b.close - p.close) / p.close * 100, 2) END AS change,
    b.close * s.shares_outstanding AS capitalization
  FROM stock_grounds sg
  JOIN stocks s ON s.id = sg.stock_id
  JOIN stock_branches sb ON sb.stock_id = sg.stock_id
  JOIN daily_bars b ON b.stock_id = sg.stock_id AND b.ground_id = sg.ground_id
    AND b.date = (SELECT MAX(date) FROM daily_bars WHERE stock_id = sg.stock_id AND ground_id = sg.ground_id)
  LEFT JOIN daily_bars p ON p.stock_id = sg.stock_id AND p.ground_id = sg.ground_id
    AND p.date = (SELECT MAX(date) FROM daily_bars WHERE stock_id = sg.stock_id AND ground_id = sg.ground_id AND date < b.date)
  WHERE sg.ground_id = @groundId AND (@branchId = 0 OR sb.branch_id = @branchId)`;

type BranchGround = { branchId: number; groundId: number; limit: number };

export class MarketRepository {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      branchOf: db.prepare<[number], BranchRow>(
        `SELECT b.id, b.name, b.name_eng FROM stock_branches sb JOIN branches b ON b.id = sb.branch_id
         WHERE sb.stock_id = ?`,
      ),
      branch: db.prepare<[number], BranchRow>('SELECT id, name, name_eng FROM branches WHERE id = ?'),
      tradingGround: db.prepare<[number], TradingGroundRow>(
        'SELECT id, name, name_eng, currency FROM trading_grounds WHERE id = ?',
      ),
      bars: db.prepare<[number, number, string, string], DailyBarRow>(
        `SELECT date, open, high, low, close, volume FROM daily_bars
         WHERE stock_id = ? AND ground_id = ? AND date >= ? AND date <= ? ORDER BY date`,
      ),
      closeBefore: db.prepare<[number, number, string], { close: number }>(
        'SELECT close FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date < ? ORDER BY date DESC LIMIT 1',
      ),
      lastBarDate: db.prepare<[number, number], { date: string }>(
        'SELECT date FROM daily_bars WHERE stock_id = ? AND ground_id = ? ORDER BY date DESC LIMIT 1',
      ),
      intraday: db.prepare<[number, number, string], IntradayBarRow>(
        `SELECT time, open, high, low, close, volume FROM intraday_bars
         WHERE stock_id = ? AND ground_id = ? AND date = ? ORDER BY time`,
      ),
      holders: db.prepare<[number], HolderRow>(
        'SELECT name, name_eng, share, date FROM holders WHERE stock_id = ? ORDER BY share DESC, id',
      ),
      growing: db.prepare<[BranchGround], StockDayRow>(
        `SELECT * FROM (${STOCK_DAY_SQL}) WHERE change > 0 ORDER BY change DESC, id LIMIT @limit`,
      ),
      falling: db.prepare<[BranchGround], StockDayRow>(
        `SELECT * FROM (${STOCK_DAY_SQL}) WHERE change < 0 ORDER BY change ASC, id LIMIT @limit`,
      ),
      capitalization: db.prepare<[BranchGround], CapitalizationRow>(
        `SELECT *, ROUND(100.0 * capitalization / SUM(capitalization) OVER (), 2) AS share
         FROM (${STOCK_DAY_SQL}) ORDER BY capitalization DESC, id LIMIT @limit`,
      ),
      bond: db.prepare<[number], BondRow>('SELECT * FROM bonds WHERE id = ?'),
      bondsOfEmitent: db.prepare<[number], BondRow>(
        'SELECT * FROM bonds WHERE emitent_id = ? ORDER BY maturity_date, id',
      ),
      allBonds: db.prepare<[], BondRow>('SELECT * FROM bonds ORDER BY id'),
      bondLatest: db.prepare<[number, number], BondPriceRow>(
        `SELECT date, open, high, low, close, yield, accrued, volume FROM bond_prices
         WHERE bond_id = ? ORDER BY date DESC LIMIT ?`,
      ),
      bondCoupons: db.prepare<[number], { date: string; amount: number }>(
        'SELECT date, amount FROM bond_coupons WHERE bond_id = ? ORDER BY date',
      ),
      etf: db.prepare<[number], EtfRow>('SELECT * FROM etfs WHERE id = ?'),
      allEtfs: db.prepare<[], EtfRow>('SELECT * FROM etfs ORDER BY id'),
      etfLatest: db.prepare<[number, number], EtfValueRow>(
        'SELECT date, close, nav_per_share, volume FROM etf_values WHERE etf_id = ? ORDER BY date DESC LIMIT ?',
      ),
      etfFirstDate: db.prepare<[number], { date: string }>(
        'SELECT MIN(date) AS date FROM etf_values WHERE etf_id = ?',
      ),
      index: db.prepare<[number], MarketIndexRow>(
        'SELECT id, code, name, name_eng, ground_id FROM indexes WHERE id = ?',
      ),
      allIndexes: db.prepare<[], MarketIndexRow>(
        'SELECT id, code, name, name_eng, ground_id FROM indexes ORDER BY id',
      ),
      indexMembers: db.prepare<[number], { id: number; string_id: string; name: string; name_eng: string }>(
        `SELECT s.id, s.string_id, s.name, s.name_eng FROM index_members m JOIN stocks s ON s.id = m.stock_id
         WHERE m.index_id = ? ORDER BY s.id`,
      ),
      indexValues: db.prepare<[number, string, string], IndexValueRow>(
        'SELECT date, value FROM index_values WHERE index_id = ? AND date >= ? AND date <= ? ORDER BY date',
      ),
      indexLatest: db.prepare<[number, number], IndexValueRow>(
        'SELECT date, value FROM index_values WHERE index_id = ? ORDER BY date DESC LIMIT ?',
      ),
      indexValueOnOrBefore: db.prepare<[number, string], IndexValueRow>(
        'SELECT date, value FROM index_values WHERE index_id = ? AND date <= ? ORDER BY date DESC LIMIT 1',
      ),
      indexIntraday: db.prepare<[number, string], IndexIntradayRow>(
        'SELECT time, value FROM index_intraday WHERE index_id = ? AND date = ? ORDER BY time',
      ),
      indexIntradayDate: db.prepare<[number], { date: string }>(
        'SELECT date FROM index_intraday WHERE index_id = ? ORDER BY time DESC LIMIT 1',
      ),
      watchlistOf: db.prepare<[number], { id: number }>(
        'SELECT id FROM watchlists WHERE user_id = ? ORDER BY id LIMIT 1',
      ),
      createWatchlist: db.prepare<[number, string, number]>(
        'INSERT INTO watchlists (user_id, name, created_at) VALUES (?, ?, ?)',
      ),
      watchlistItems: db.prepare<[number], WatchlistItemRow>(
        `SELECT i.id, i.wlid, i.stock_id, i.ground_id, i.count, i.checked, s.string_id, s.name, s.name_eng,
           sg.ticker, sg.position
         FROM watchlist_items i
         JOIN watchlists w ON w.id = i.wlid
         JOIN stocks s ON s.id = i.stock_id
         JOIN stock_grounds sg ON sg.stock_id = i.stock_id AND sg.ground_id = i.ground_id
         WHERE w.user_id = ? ORDER BY i.wlid, i.id`,
      ),
      upsertItem: db.prepare<[number, number, number, number, number]>(
        `INSERT INTO watchlist_items (wlid, stock_id, ground_id, count, checked, created_at) VALUES (?, ?, ?, ?, 1, ?)
         ON CONFLICT (wlid, stock_id, ground_id) DO UPDATE SET count = excluded.count, checked = 1`,
      ),
      removeStockItems: db.prepare<[number, number]>(
        'DELETE FROM watchlist_items WHERE wlid = ? AND stock_id = ?',
      ),
    };
  }

  branchOf(stockId: number): BranchRow | undefined {
    return this.statements.branchOf.get(stockId);
  }

  branch(id: number): BranchRow | undefined {
    return this.statements.branch.get(id);
  }

  tradingGround(id: number): TradingGroundRow | undefined {
    return this.statements.tradingGround.get(id);
  }

  /** Daily bars in [from, to] (ISO dates), oldest first. */
  bars(stockId: number, groundId: number, from: string, to: string): DailyBarRow[] {
    return this.statements.bars.all(stockId, groundId, from, to);
  }

  closeBefore(stockId: number, groundId: number, date: string): number | null {
    return this.statements.closeBefore.get(stockId, groundId, date)?.close ?? null;
  }

  lastBarDate(stockId: number, groundId: number): string | null {
    return this.statements.lastBarDate.get(stockId, groundId)?.date ?? null;
  }

  /** 5-minute bars of one day, oldest first. */
  intraday(stockId: number, groundId: number, date: string): IntradayBarRow[] {
    return this.statements.intraday.all(stockId, groundId, date);
  }

  holders(stockId: number): HolderRow[] {
    return this.statements.holders.all(stockId);
  }

  /** Stocks of the branch (0: every branch) on the ground that rose (fell) on their last day, biggest move first. */
  leaders(
    branchId: number,
    groundId: number,
    direction: 'growing' | 'falling',
    limit: number,
  ): StockDayRow[] {
    const statement = direction === 'growing' ? this.statements.growing : this.statements.falling;
    return statement.all({ branchId, groundId, limit });
  }

  /** Stocks of the branch (0: every branch) on the ground by capitalisation (last close × shares). */
  capitalization(branchId: number, groundId: number, limit: number): CapitalizationRow[] {
    return this.statements.capitalization.all({ branchId, groundId, limit });
  }

  bond(id: number): BondRow | undefined {
    return this.statements.bond.get(id);
  }

  bondsOfEmitent(emitentId: number): BondRow[] {
    return this.statements.bondsOfEmitent.all(emitentId);
  }

  allBonds(): BondRow[] {
    return this.statements.allBonds.all();
  }

  /** The latest trading days of a bond, newest first. */
  bondLatest(bondId: number, count: number): BondPriceRow[] {
    return this.statements.bondLatest.all(bondId, count);
  }

  bondCoupons(bondId: number): Array<{ date: string; amount: number }> {
    return this.statements.bondCoupons.all(bondId);
  }

  etf(id: number): EtfRow | undefined {
    return this.statements.etf.get(id);
  }

  allEtfs(): EtfRow[] {
    return this.statements.allEtfs.all();
  }

  /** The latest values of a fund, newest first. */
  etfLatest(etfId: number, count: number): EtfValueRow[] {
    return this.statements.etfLatest.all(etfId, count);
  }

  etfFirstDate(etfId: number): string | null {
    return this.statements.etfFirstDate.get(etfId)?.date ?? null;
  }

  index(id: number): MarketIndexRow | undefined {
    return this.statements.index.get(id);
  }

  allIndexes(): MarketIndexRow[] {
    return this.statements.allIndexes.all();
  }

  indexMembers(indexId: number): Array<{ id: number; string_id: string; name: string; name_eng: string }> {
    return this.statements.indexMembers.all(indexId);
  }

  /** Daily values in [from, to], oldest first. */
  indexValues(indexId: number, from: string, to: string): IndexValueRow[] {
    return this.statements.indexValues.all(indexId, from, to);
  }

  /** The latest daily values, newest first. */
  indexLatest(indexId: number, count: number): IndexValueRow[] {
    return this.statements.indexLatest.all(indexId, count);
  }

  indexValueOnOrBefore(indexId: number, date: string): IndexValueRow | undefined {
    return this.statements.indexValueOnOrBefore.get(indexId, date);
  }

  indexIntraday(indexId: number, date: string): IndexIntradayRow[] {
    return this.statements.indexIntraday.all(indexId, date);
  }

  /** The day of the index's intraday values, or null when it has none. */
  indexIntradayDate(indexId: number): string | null {
    return this.statements.indexIntradayDate.get(indexId)?.date ?? null;
  }

  /** The user's rows across their watchlists. */
  watchlistItems(userId: number): WatchlistItemRow[] {
    return this.statements.watchlistItems.all(userId);
  }

  /**
   * Sets which grounds of a stock the user's (first) watchlist holds, with the quantity: the
   * grounds in `groundIds` are added or updated, the stock's other rows removed. Creates the
   * watchlist on the first call.
   */
  setWatchlistStock(
    userId: number,
    stockId: number,
    groundIds: number[],
    count: number,
    now: number,
    defaultName: string,
  ): void {
    this.db.transaction(() => {
      let wlid = this.statements.watchlistOf.get(userId)?.id;
      if (wlid === undefined)
        wlid = Number(this.statements.createWatchlist.run(userId, defaultName, now).lastInsertRowid);
      this.statements.removeStockItems.run(wlid, stockId);
      for (const groundId of groundIds) this.statements.upsertItem.run(wlid, stockId, groundId, count, now);
    })();
  }
}
