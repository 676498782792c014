/**
 * Deterministic demo-data generator (DESIGN §7): the same seed and as-of date give a
 * byte-identical SQLite file. Everything is drawn from seeded streams in a fixed order, built in
 * memory and written with VACUUM INTO, then renamed into place so readers never see half a file.
 *
 *   npm run seed -- [--out FILE] [--seed 42] [--as-of 2025-06-30] [--scale 100000]
 */
import Database from 'better-sqlite3';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../../src/contract/types.ts';
import { addDays, addYears, dateMs, isIsoDate, todayUtc, unixSeconds } from '../../src/contract/calendar.ts';
import { tradingDayOnOrAfter, tradingDayOnOrBefore, tradingDays } from './calendar.ts';
import {
  DEMO_USERS,
  DIVIDEND_PAYERS,
  EMITENTS,
  INDEXES,
  SPLIT,
  STOCKS,
  TRADING_GROUNDS,
  COUNTRY_USA,
  type StockDef,
} from './instruments.ts';
import { LABELS } from './labels.ts';
import {
  anchoredWalk,
  applySplit,
  barsFromCloses,
  convertBars,
  intradayBars,
  marketReturns,
  roundTo,
  stockReturns,
  type Bar,
  type IntradayBar,
} from './prices.ts';
import { substream } from './random.ts';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.ts';
import { DATA_DOMAINS } from './domains.ts';
import { generatorFingerprint } from './fingerprint.ts';
import { DB_FILE_NAME, DEFAULT_DATA_DIR } from './paths.ts';

export const DEFAULT_SEED = 1077;
export const HISTORY_YEARS = 10;

export interface GenerateOptions {
  seed?: number;
  /** Instrument count for the search bench (`--scale 100000`); 0 or absent for the normal demo. */
  scale?: number;
  /** YYYY-MM-DD: the demo's "today"; default today (UTC). */
  asOf?: string;
}

const MARKET_VOLATILITY = { ru: 0.011, us: 0.009 };
/** USD/RUB at the as-of date; the rate walks back from here. */
const USD_RUB_NOW = 92.4;
/** How fast a price returns to its trend (trading days to halve a deviation). */
const WALK_HALF_LIFE_DAYS = 400;
/** Share of a stock's main-ground volume that trades on a secondary ground. */
const SECONDARY_VOLUME_SHARE = 0.004;

export function generate(dbPath: string, opts: GenerateOptions = {}): void {
  const seed = opts.seed ?? DEFAULT_SEED;
  // The only clock read: the default "today". Everything else derives from asOf.
  const asOf = opts.asOf ?? todayUtc(Date.now());
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`seed must be an integer in 0..2^32-1, got ${seed}`);
  if (!isIsoDate(asOf)) throw new Error(`asOf must be a date YYYY-MM-DD, got ${asOf}`);

  const db = new Database(':memory:');
  try {
    db.exec(SCHEMA_SQL);
    for (const domain of DATA_DOMAINS) db.exec(domain.schema);
    db.transaction(() => fill(db, seed, asOf, opts.scale ?? 0))();
    const target = resolve(dbPath);
    const temp = `${target}.tmp-${process.pid}`;
    mkdirSync(dirname(target), { recursive: true });
    rmSync(temp, { force: true });
    // VACUUM INTO writes a compact rollback-journal (journal_mode=DELETE) file, page by page in a
    // fixed order: no WAL, no free pages, nothing that depends on timing.
    db.prepare('VACUUM INTO ?').run(temp);
    renameSync(temp, target);
  } finally {
    db.close();
  }
}

function fill(db: Database.Database, seed: number, asOf: string, scale: number): void {
  const days = tradingDays(addDays(addYears(asOf, -HISTORY_YEARS), 1), asOf);
  const lastDay = tradingDayOnOrBefore(asOf);

  const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  for (const [key, value] of [
    ['asOf', asOf],
    ['seed', String(seed)],
    ['lastTradingDay', lastDay],
    ['schemaVersion', String(SCHEMA_VERSION)],
    ['generator', generatorFingerprint()],
    [
      'notice',
      'Synthetic demo data: company names and ISINs are real, prices, volumes and dividends are generated.',
    ],
  ]) {
    meta.run(key, value);
  }

  insertReferenceData(db, asOf);

  const market = {
    ru: marketReturns(substream(seed, 'market:ru'), days.length, MARKET_VOLATILITY.ru),
    us: marketReturns(substream(seed, 'market:us'), days.length, MARKET_VOLATILITY.us),
  };
  const usdRub = anchoredWalk(marketReturns(substream(seed, 'fx:usdrub'), days.length, 0.006), USD_RUB_NOW, {
    annualDrift: 0.05,
    halfLifeDays: 500,
  });
  const usdRubOn = new Map(days.map((day, i) => [day, usdRub[i] as number]));
  const currencyOf = new Map(TRADING_GROUNDS.map((g) => [g.id, g.currency]));
  const countryOf = new Map(EMITENTS.map((e) => [e.id, e.countryId]));

  const insertDaily = db.prepare(
    'INSERT INTO daily_bars (stock_id, ground_id, date, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertIntraday = db.prepare(
    'INSERT INTO intraday_bars (stock_id, ground_id, date, time, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertGround = db.prepare(
    'INSERT INTO stock_grounds (stock_id, ground_id, position, ticker, decimals) VALUES (?, ?, ?, ?, ?)',
  );
  const splitDate = tradingDayOnOrAfter(addYears(asOf, -SPLIT.yearsBeforeAsOf));
  const mainBarsByStock = new Map<number, Bar[]>();

  for (const stock of STOCKS) {
    const rng = substream(seed, `stock:${stock.stringId}`);
    const region = countryOf.get(stock.emitentId) === COUNTRY_USA ? 'us' : 'ru';
    const from = stock.historyDays ? days.length - stock.historyDays : 0;
    const stockDays = days.slice(from);
    const returns = stockReturns(rng, market[region].slice(from), {
      volatility: stock.volatility,
      beta: stock.beta,
      marketVolatility: MARKET_VOLATILITY[region],
    });
    const closes = anchoredWalk(returns, stock.price, {
      annualDrift: -0.02 + 0.14 * rng.uniform(),
      halfLifeDays: WALK_HALF_LIFE_DAYS,
    });
    let mainBars = barsFromCloses(rng, stockDays, closes, stock);
    if (stock.id === SPLIT.stockId)
      mainBars = applySplit(mainBars, splitDate, SPLIT.coefficient, stock.decimals);

    const mainGround = stock.grounds[0] as number;
    let intraday: IntradayBar[] = [];
    const last = mainBars[mainBars.length - 1];
    if (mainGround === 1 && last && last.date === lastDay && stock.intraday !== false) {
      const session = intradayBars(rng, last, unixSeconds(lastDay), stock);
      intraday = session.bars;
      mainBars[mainBars.length - 1] = session.day;
    }
    mainBarsByStock.set(stock.id, mainBars);

    stock.grounds.forEach((groundId, index) => {
      const mainCurrency = currencyOf.get(mainGround);
      const currency = currencyOf.get(groundId);
      const rateOn = (date: string): number => {
        if (currency === mainCurrency) return 1;
        const usdRubOnDate = usdRubOn.get(date) as number;
        return currency === 'USD' ? 1 / usdRubOnDate : usdRubOnDate;
      };
      const decimals = index === 0 ? stock.decimals : decimalsFor(stock.price * rateOn(lastDay));
      const bars =
        index === 0
          ? mainBars
          : convertBars(substream(seed, `stock:${stock.stringId}:ground:${groundId}`), mainBars, rateOn, {
              decimals,
              volumeShare: SECONDARY_VOLUME_SHARE,
            });
      insertGround.run(stock.id, groundId, index + 1, stock.ticker, decimals);
      for (const bar of bars)
        insertDaily.run(stock.id, groundId, bar.date, bar.open, bar.high, bar.low, bar.close, bar.volume);
    });
    for (const bar of intraday) {
      insertIntraday.run(
        stock.id,
        mainGround,
        lastDay,
        bar.time,
        bar.open,
        bar.high,
        bar.low,
        bar.close,
        bar.volume,
      );
    }
  }

  db.prepare('INSERT INTO splits (stock_id, date, coefficient) VALUES (?, ?, ?)').run(
    SPLIT.stockId,
    splitDate,
    SPLIT.coefficient,
  );
  insertDividends(db, seed, asOf, mainBarsByStock);

  const context = { seed, asOf, lastTradingDay: lastDay, tradingDays: days, mainBarsByStock, scale };
  for (const domain of DATA_DOMAINS) domain.fill(db, context);
}

/** Price decimals for a converted price level (cheap shares get a finer step). */
function decimalsFor(price: number): number {
  return price < 10 ? 3 : 2;
}

function insertReferenceData(db: Database.Database, asOf: string): void {
  const ground = db.prepare('INSERT INTO trading_grounds (id, name, name_eng, currency) VALUES (?, ?, ?, ?)');
  for (const g of TRADING_GROUNDS) ground.run(g.id, g.name, g.nameEng, g.currency);

  const emitent = db.prepare(
    'INSERT INTO emitents (id, name, name_eng, full_name, full_name_eng, country_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const e of EMITENTS) emitent.run(e.id, e.name, e.nameEng, e.fullName, e.fullNameEng, e.countryId);

  const stock = db.prepare(
    `INSERT INTO stocks (id, string_id, emitent_id, name, name_eng, isin, kind, lot, nominal, shares_outstanding)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const s of STOCKS) {
    stock.run(
      s.id,
      s.stringId,
      s.emitentId,
      s.name,
      s.nameEng,
      s.isin,
      s.kind,
      s.lot,
      s.nominal,
      s.sharesOutstanding,
    );
  }

  const index = db.prepare(
    'INSERT INTO indexes (id, code, name, name_eng, ground_id) VALUES (?, ?, ?, ?, ?)',
  );
  const member = db.prepare('INSERT INTO index_members (index_id, stock_id) VALUES (?, ?)');
  const stockIdOf = new Map(STOCKS.map((s) => [s.stringId, s.id]));
  for (const i of INDEXES) {
    index.run(i.id, i.code, i.name, i.nameEng, i.groundId);
    for (const stringId of i.members) {
      const stockId = stockIdOf.get(stringId);
      if (stockId === undefined) throw new Error(`index ${i.code}: unknown member ${stringId}`);
      member.run(i.id, stockId);
    }
  }

  const label = db.prepare('INSERT INTO labels (module, key, lang, text) VALUES (?, ?, ?, ?)');
  for (const [module, keys] of Object.entries(LABELS)) {
    for (const [key, texts] of Object.entries(keys)) {
      for (const lang of LANGUAGES) label.run(module, key, lang, texts[lang]);
    }
  }

  const user = db.prepare(
    'INSERT INTO users (id, phone, access_level, country_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const tariff = db.prepare('INSERT INTO user_tariffs (user_id, tariff_id) VALUES (?, ?)');
  for (const u of DEMO_USERS) {
    user.run(u.id, u.phone, u.accessLevel, u.countryId, dateMs(asOf));
    for (const t of u.tariffs) tariff.run(u.id, t);
  }
}

/**
 * Yearly dividends, anchored on the as-of date so that one is always announced and upcoming
 * (record date about 25 days ahead) and the earlier ones fall a year apart before it.
 * Settlement is T+1: the record date is the ex-dividend date and the day before is the last day
 * to buy.
 */
function insertDividends(
  db: Database.Database,
  seed: number,
  asOf: string,
  barsByStock: Map<number, Bar[]>,
): void {
  const insert = db.prepare(
    `INSERT INTO dividends (stock_id, year, period_name, period_name_eng, summ, currency, announcement_date,
       last_date_of_purchase, date_of_ex_dividend, date_of_close_list_dividends, payment_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const upcoming = tradingDayOnOrAfter(addDays(asOf, 25));
  for (const payer of DIVIDEND_PAYERS) {
    const stock = STOCKS.find((s) => s.id === payer.stockId) as StockDef;
    const bars = barsByStock.get(stock.id) ?? [];
    const closeOn = new Map(bars.map((bar) => [bar.date, bar.close]));
    const lastClose = bars[bars.length - 1]?.close ?? stock.price;
    const currency = TRADING_GROUNDS.find((g) => g.id === stock.grounds[0])?.currency ?? 'RUB';
    const rng = substream(seed, `dividends:${stock.stringId}`);
    const firstDay = bars[0]?.date ?? asOf;

    const recordDates: string[] = [];
    for (let yearsBack = HISTORY_YEARS - 1; yearsBack >= 0; yearsBack--) {
      const recordDate = yearsBack === 0 ? upcoming : tradingDayOnOrAfter(addYears(upcoming, -yearsBack));
      if (recordDate > firstDay) recordDates.push(recordDate);
    }
    for (const recordDate of recordDates) {
      const price = closeOn.get(recordDate) ?? lastClose;
      const summ = roundTo(price * payer.yieldRate * Math.exp(0.15 * rng.normal()), 2);
      const year = Number(recordDate.slice(0, 4)) - 1;
      insert.run(
        stock.id,
        year,
        `за ${year} год`,
        `for ${year}`,
        summ,
        currency,
        tradingDayOnOrBefore(addDays(recordDate, -45)),
        tradingDayOnOrBefore(addDays(recordDate, -1)),
        recordDate,
        recordDate,
        tradingDayOnOrAfter(addDays(recordDate, 14)),
      );
    }
  }
}

// CLI
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      scale: { type: 'string' },
    },
  });
  // Default: the database the server uses (DATA_DIR, else .data/).
  const out = values.out ?? join(process.env.DATA_DIR ?? DEFAULT_DATA_DIR, DB_FILE_NAME);
  const started = performance.now();
  generate(out, {
    seed: values.seed === undefined ? undefined : Number(values.seed),
    asOf: values['as-of'],
    scale: values.scale === undefined ? undefined : Number(values.scale),
  });
  console.log(`Demo data written to ${out} in ${Math.round(performance.now() - started)} ms`);
}
