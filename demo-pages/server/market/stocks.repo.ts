/**
 * SQL over the instrument tables of the demo database. Every query is a prepared statement with
 * bound parameters; nothing from a request is ever spliced into SQL text.
 */
import type { Db } from '../shared/db.ts';

export interface StockRow {
  id: number;
  string_id: string;
  emitent_id: number;
  name: string;
  name_eng: string;
  isin: string | null;
  kind: 'ordinary' | 'preferred' | 'foreign';
  lot: number;
  nominal: number | null;
  shares_outstanding: number;
}

export interface StockGroundRow {
  ground_id: number;
  position: number;
  ticker: string;
  decimals: number;
  name: string;
  name_eng: string;
  currency: string;
}

export interface EmitentRow {
  id: number;
  name: string;
  name_eng: string;
  full_name: string;
  full_name_eng: string;
  country_id: number | null;
}

export interface DailyBarRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface DividendRow {
  id: number;
  year: number;
  period_name: string;
  period_name_eng: string;
  summ: number;
  currency: string;
  announcement_date: string;
  last_date_of_purchase: string;
  date_of_ex_dividend: string;
  date_of_close_list_dividends: string;
  payment_date: string;
}

export interface IndexRow {
  id: number;
  code: string;
  name: string;
  name_eng: string;
}

const STOCK_COLUMNS =
  'id, string_id, emitent_id, name, name_eng, isin, kind, lot, nominal, shares_outstanding';

export class StockRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      byStringId: db.prepare<[string], StockRow>(`SELECT ${STOCK_COLUMNS} FROM stocks WHERE string_id = ?`),
      byId: db.prepare<[number], StockRow>(`SELECT ${STOCK_COLUMNS} FROM stocks WHERE id = ?`),
      ofEmitent: db.prepare<[number], StockRow>(
        `SELECT ${STOCK_COLUMNS} FROM stocks WHERE emitent_id = ? ORDER BY id`,
      ),
      grounds: db.prepare<[number], StockGroundRow>(
        `SELECT sg.ground_id, sg.position, sg.ticker, sg.decimals, g.name, g.name_eng, g.currency
         FROM stock_grounds sg JOIN trading_grounds g ON g.id = sg.ground_id
         WHERE sg.stock_id = ? ORDER BY sg.position`,
      ),
      ground: db.prepare<[number, number], StockGroundRow>(
        `SELECT sg.ground_id, sg.position, sg.ticker, sg.decimals, g.name, g.name_eng, g.currency
         FROM stock_grounds sg JOIN trading_grounds g ON g.id = sg.ground_id
         WHERE sg.stock_id = ? AND sg.ground_id = ?`,
      ),
      emitent: db.prepare<[number], EmitentRow>(
        'SELECT id, name, name_eng, full_name, full_name_eng, country_id FROM emitents WHERE id = ?',
      ),
      latestBars: db.prepare<[number, number, number], DailyBarRow>(
        'SELECT date, open, high, low, close, volume FROM daily_bars WHERE stock_id = ? AND ground_id = ? ORDER BY date DESC LIMIT ?',
      ),
      firstBarDate: db.prepare<[number, number], { date: string }>(
        'SELECT date FROM daily_bars WHERE stock_id = ? AND ground_id = ? ORDER BY date LIMIT 1',
      ),
      closeOnOrBefore: db.prepare<[number, number, string], { close: number }>(
        'SELECT close FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date <= ? ORDER BY date DESC LIMIT 1',
      ),
      rangeAfter: db.prepare<[number, number, string], { high: number | null; low: number | null }>(
        'SELECT MAX(high) AS high, MIN(low) AS low FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date > ?',
      ),
      latestIntraday: db.prepare<[number, number], { date: string; time: number; close: number }>(
        'SELECT date, time, close FROM intraday_bars WHERE stock_id = ? AND ground_id = ? ORDER BY time DESC LIMIT 1',
      ),
      dividends: db.prepare<[number], DividendRow>(
        `SELECT id, year, period_name, period_name_eng, summ, currency, announcement_date, last_date_of_purchase,
           date_of_ex_dividend, date_of_close_list_dividends, payment_date
         FROM dividends WHERE stock_id = ? ORDER BY date_of_close_list_dividends DESC`,
      ),
      splits: db.prepare<[number], { date: string; coefficient: number }>(
        'SELECT date, coefficient FROM splits WHERE stock_id = ? ORDER BY date',
      ),
      indexesOf: db.prepare<[number], IndexRow>(
        `SELECT i.id, i.code, i.name, i.name_eng FROM index_members m JOIN indexes i ON i.id = m.index_id
         WHERE m.stock_id = ? ORDER BY i.id`,
      ),
      listed: db.prepare<[], StockRow & { main_ground_id: number | null }>(
        `SELECT ${STOCK_COLUMNS.split(', ')
          .map((c) => `s.${c}`)
          .join(
            ', ',
          )}, (SELECT ground_id FROM stock_grounds WHERE stock_id = s.id ORDER BY position LIMIT 1) AS main_ground_id
         FROM stocks s ORDER BY s.id`,
      ),
      emitents: db.prepare<[], EmitentRow>(
        'SELECT id, name, name_eng, full_name, full_name_eng, country_id FROM emitents ORDER BY id',
      ),
    };
  }

  stockByStringId(stringId: string): StockRow | undefined {
    return this.statements.byStringId.get(stringId);
  }

  stock(id: number): StockRow | undefined {
    return this.statements.byId.get(id);
  }

  stocksOfEmitent(emitentId: number): StockRow[] {
    return this.statements.ofEmitent.all(emitentId);
  }

  /** All stocks with their main ground, for the demo index. */
  allStocks(): Array<StockRow & { main_ground_id: number | null }> {
    return this.statements.listed.all();
  }

  allEmitents(): EmitentRow[] {
    return this.statements.emitents.all();
  }

  /** The stock's grounds, main ground first. */
  grounds(stockId: number): StockGroundRow[] {
    return this.statements.grounds.all(stockId);
  }

  ground(stockId: number, groundId: number): StockGroundRow | undefined {
    return this.statements.ground.get(stockId, groundId);
  }

  emitent(id: number): EmitentRow | undefined {
    return this.statements.emitent.get(id);
  }

  /** The latest daily bars, newest first. */
  latestBars(stockId: number, groundId: number, count: number): DailyBarRow[] {
    return this.statements.latestBars.all(stockId, groundId, count);
  }

  firstBarDate(stockId: number, groundId: number): string | null {
    return this.statements.firstBarDate.get(stockId, groundId)?.date ?? null;
  }

  /** Close of the last bar on or before the date, or null when there is none. */
  closeOnOrBefore(stockId: number, groundId: number, date: string): number | null {
    return this.statements.closeOnOrBefore.get(stockId, groundId, date)?.close ?? null;
  }

  /** Highest high and lowest low of the bars after the date (nulls when there are none). */
  rangeAfter(stockId: number, groundId: number, date: string): { high: number | null; low: number | null } {
    return this.statements.rangeAfter.get(stockId, groundId, date) ?? { high: null, low: null };
  }

  latestIntraday(
    stockId: number,
    groundId: number,
  ): { date: string; time: number; close: number } | undefined {
    return this.statements.latestIntraday.get(stockId, groundId);
  }

  /** Dividends, newest record date first. */
  dividends(stockId: number): DividendRow[] {
    return this.statements.dividends.all(stockId);
  }

  splits(stockId: number): Array<{ date: string; coefficient: number }> {
    return this.statements.splits.all(stockId);
  }

  indexesOf(stockId: number): IndexRow[] {
    return this.statements.indexesOf.all(stockId);
  }
}
