/**
 * The market domain of the demo data: branches (industries) of the stocks, bonds with daily clean
 * prices and yields, ETFs with NAV per share, daily (and last-day intraday) values of the core
 * indexes, stock holders, and the demo users' watchlists. Also the `action_log` table the server
 * writes to (server/profile/action-log.repo.ts).
 *
 * Names and ISINs are real where we know them (Russian OFZ, a few corporate issues, Moscow Exchange
 * funds); every price, yield, NAV, holding and date of a corporate issue is synthetic.
 * Index values are computed from the constituents' bars (chain-linked, capitalisation weighted), so
 * an index moves with its stocks; the bond index RGBI is a correlated walk.
 */
import type Database from 'better-sqlite3';
import { addDays, addMonths, addYears, dateMs } from '../../src/contract/calendar.ts';
import type { DataDomain, DomainContext } from './domains.ts';
import { INDEXES, STOCKS } from './instruments.ts';
import { anchoredWalk, marketReturns, roundTo } from './prices.ts';
import { substream, type Random } from './random.ts';

export const MARKET_SCHEMA = `
-- Industries of the stocks (leaders and capitalisation tables are per branch and ground).
CREATE TABLE branches (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  name_eng TEXT NOT NULL
);

CREATE TABLE stock_branches (
  stock_id  INTEGER PRIMARY KEY REFERENCES stocks(id),
  branch_id INTEGER NOT NULL REFERENCES branches(id)
);
CREATE INDEX stock_branches_by_branch ON stock_branches (branch_id, stock_id);

-- emitent_id links a corporate issue to its issuer; OFZ (issued by the Ministry of Finance) have none.
CREATE TABLE bonds (
  id               INTEGER PRIMARY KEY,
  isin             TEXT NOT NULL UNIQUE,
  name             TEXT NOT NULL,
  name_eng         TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('ofz', 'corporate')),
  emitent_id       INTEGER REFERENCES emitents(id),
  issuer_name      TEXT NOT NULL,
  issuer_name_eng  TEXT NOT NULL,
  ground_id        INTEGER NOT NULL REFERENCES trading_grounds(id),
  currency         TEXT NOT NULL,
  nominal          REAL NOT NULL,
  coupon_rate      REAL NOT NULL,
  coupon_frequency INTEGER NOT NULL,
  issue_date       TEXT NOT NULL,
  maturity_date    TEXT NOT NULL
);
CREATE INDEX bonds_by_emitent ON bonds (emitent_id);

-- Coupon payments: date and amount per bond (in the bond's currency).
CREATE TABLE bond_coupons (
  bond_id INTEGER NOT NULL REFERENCES bonds(id),
  date    TEXT NOT NULL,
  amount  REAL NOT NULL,
  PRIMARY KEY (bond_id, date)
) WITHOUT ROWID;

-- Daily trading: prices are clean prices in percent of the nominal; yield is the yield to
-- maturity at the close (percent a year); accrued is the accrued coupon in the bond's currency.
CREATE TABLE bond_prices (
  bond_id INTEGER NOT NULL REFERENCES bonds(id),
  date    TEXT NOT NULL,
  open    REAL NOT NULL,
  high    REAL NOT NULL,
  low     REAL NOT NULL,
  close   REAL NOT NULL,
  yield   REAL NOT NULL,
  accrued REAL NOT NULL,
  volume  INTEGER NOT NULL,
  PRIMARY KEY (bond_id, date)
) WITHOUT ROWID;

CREATE TABLE etfs (
  id                 INTEGER PRIMARY KEY,
  ticker             TEXT NOT NULL,
  isin               TEXT NOT NULL UNIQUE,
  name               TEXT NOT NULL,
  name_eng           TEXT NOT NULL,
  provider           TEXT NOT NULL,
  provider_eng       TEXT NOT NULL,
  ground_id          INTEGER NOT NULL REFERENCES trading_grounds(id),
  currency           TEXT NOT NULL,
  asset_class        TEXT NOT NULL,
  benchmark_index_id INTEGER REFERENCES indexes(id),
  inception_date     TEXT NOT NULL,
  expense_ratio      REAL NOT NULL
);

-- close: the exchange price of a share; nav_per_share: the fund's net asset value per share.
CREATE TABLE etf_values (
  etf_id        INTEGER NOT NULL REFERENCES etfs(id),
  date          TEXT NOT NULL,
  close         REAL NOT NULL,
  nav_per_share REAL NOT NULL,
  volume        INTEGER NOT NULL,
  PRIMARY KEY (etf_id, date)
) WITHOUT ROWID;

CREATE TABLE index_values (
  index_id INTEGER NOT NULL REFERENCES indexes(id),
  date     TEXT NOT NULL,
  value    REAL NOT NULL,
  PRIMARY KEY (index_id, date)
) WITHOUT ROWID;

-- 5-minute values of the ground-1 indexes on the last trading day; time = Unix seconds.
CREATE TABLE index_intraday (
  index_id INTEGER NOT NULL REFERENCES indexes(id),
  date     TEXT NOT NULL,
  time     INTEGER NOT NULL,
  value    REAL NOT NULL,
  PRIMARY KEY (index_id, time)
) WITHOUT ROWID;

-- Major holders of a stock as of a report date (share in percent of the share capital).
CREATE TABLE holders (
  id       INTEGER PRIMARY KEY,
  stock_id INTEGER NOT NULL REFERENCES stocks(id),
  name     TEXT NOT NULL,
  name_eng TEXT NOT NULL,
  share    REAL NOT NULL,
  date     TEXT NOT NULL
);
CREATE INDEX holders_by_stock ON holders (stock_id, share);

-- Users' watchlists (the server creates one on a user's first add) and their rows.
CREATE TABLE watchlists (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX watchlists_by_user ON watchlists (user_id, id);

CREATE TABLE watchlist_items (
  id         INTEGER PRIMARY KEY,
  wlid       INTEGER NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  stock_id   INTEGER NOT NULL,
  ground_id  INTEGER NOT NULL,
  count      REAL NOT NULL DEFAULT 0,
  checked    INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  UNIQUE (wlid, stock_id, ground_id),
  FOREIGN KEY (stock_id, ground_id) REFERENCES stock_grounds(stock_id, ground_id)
);

-- Logged user actions (show-more of report tables and the like); written by the server only.
CREATE TABLE action_log (
  id         INTEGER PRIMARY KEY,
  scope      TEXT,
  action_id  INTEGER,
  user_id    INTEGER,
  session_id TEXT,
  created_at INTEGER
);
`;

export interface BranchDef {
  id: number;
  name: string;
  nameEng: string;
  /** Member stocks by stringId. */
  stocks: string[];
}

export const BRANCHES: BranchDef[] = [
  { id: 1, name: 'Финансы', nameEng: 'Financials', stocks: ['sber', 'sberp', 'vtbr', 'moex'] },
  {
    id: 2,
    name: 'Нефть и газ',
    nameEng: 'Oil and gas',
    stocks: ['gazp', 'lkoh', 'rosn', 'nvtk', 'tatn', 'sngs'],
  },
  {
    id: 3,
    name: 'Металлы и добыча',
    nameEng: 'Metals and mining',
    stocks: ['gmkn', 'alrs', 'chmf', 'nlmk', 'plzl'],
  },
  { id: 4, name: 'Потребительский сектор', nameEng: 'Consumer', stocks: ['mgnt', 'ko'] },
  { id: 5, name: 'Телекоммуникации', nameEng: 'Telecommunications', stocks: ['mtss', 'rtkm'] },
  { id: 6, name: 'Транспорт', nameEng: 'Transport', stocks: ['aflt', 'tsla'] },
  { id: 7, name: 'Электроэнергетика', nameEng: 'Electric utilities', stocks: ['irao'] },
  { id: 8, name: 'Химия и удобрения', nameEng: 'Chemicals and fertilizers', stocks: ['phor'] },
  {
    id: 9,
    name: 'Информационные технологии',
    nameEng: 'Information technology',
    stocks: ['aapl', 'msft', 'nvda', 'dias'],
  },
];

export interface BondDef {
  id: number;
  isin: string;
  name: string;
  nameEng: string;
  kind: 'ofz' | 'corporate';
  /** Issuer among the core emitents (corporate issues). */
  emitentId: number | null;
  couponRate: number;
  issueDate: string;
  maturityDate: string;
  /** Corporate spread over the OFZ curve, percentage points. */
  spread: number;
}

const MINFIN = { name: 'Минфин России', nameEng: 'Ministry of Finance of the Russian Federation' };

const ofz = (
  id: number,
  series: number,
  isin: string,
  couponRate: number,
  issueDate: string,
  maturityDate: string,
): BondDef => ({
  id,
  isin,
  name: `ОФЗ ${series}`,
  nameEng: `OFZ ${series}`,
  kind: 'ofz',
  emitentId: null,
  couponRate,
  issueDate,
  maturityDate,
  spread: 0,
});

/**
 * OFZ-PD: series, ISIN, coupon and maturity as issued by the Ministry of Finance (public facts);
 * issue dates are approximate. Corporate issues: real names and ISINs, synthetic terms.
 */
export const BONDS: BondDef[] = [
  ofz(1, 26238, 'RU000A1038V6', 7.1, '2021-06-16', '2041-05-15'),
  ofz(2, 26207, 'RU000A0JS3W6', 8.15, '2012-02-22', '2027-02-03'),
  ofz(3, 26212, 'RU000A0JTK38', 7.05, '2013-11-27', '2028-01-19'),
  ofz(4, 26218, 'RU000A0JVW48', 8.5, '2016-10-26', '2031-09-17'),
  ofz(5, 26219, 'RU000A0JWM07', 7.75, '2016-09-21', '2026-09-16'),
  ofz(6, 26221, 'RU000A0JXFM1', 7.7, '2017-04-05', '2033-03-23'),
  ofz(7, 26224, 'RU000A0ZYUA9', 6.9, '2018-05-23', '2029-05-23'),
  ofz(8, 26225, 'RU000A0ZYUB7', 7.25, '2018-05-30', '2034-05-10'),
  ofz(9, 26226, 'RU000A0ZZYW2', 7.95, '2019-01-16', '2026-10-07'),
  ofz(10, 26228, 'RU000A100A82', 7.65, '2019-05-15', '2030-04-10'),
  ofz(11, 26229, 'RU000A100EG3', 7.15, '2019-06-26', '2025-11-12'),
  ofz(12, 26230, 'RU000A100EF5', 7.7, '2019-06-26', '2039-03-16'),
  ofz(13, 26232, 'RU000A1014N4', 6.0, '2019-11-20', '2027-10-06'),
  ofz(14, 26233, 'RU000A101F94', 6.1, '2020-01-22', '2035-07-18'),
  ofz(15, 26234, 'RU000A101QE0', 4.5, '2020-07-08', '2025-07-16'),
  ofz(16, 26235, 'RU000A1028E3', 5.9, '2020-10-14', '2031-03-12'),
  ofz(17, 26237, 'RU000A1038Z7', 6.7, '2021-03-17', '2029-03-14'),
  ofz(18, 26240, 'RU000A103BR0', 7.0, '2021-07-21', '2036-07-30'),
  ofz(19, 26241, 'RU000A105FZ9', 9.5, '2022-12-07', '2032-11-17'),
  ofz(20, 26242, 'RU000A105RV3', 9.0, '2023-02-08', '2029-08-29'),
  ofz(21, 26243, 'RU000A106E90', 9.8, '2023-05-24', '2038-05-19'),
  ofz(22, 26244, 'RU000A1074G2', 11.25, '2023-11-15', '2034-03-15'),
  ofz(23, 26248, 'RU000A108EH4', 12.25, '2024-06-19', '2040-05-16'),
  {
    id: 24,
    isin: 'RU000A101C89',
    name: 'Сбербанк ПАО 001Р-SBER15',
    nameEng: 'Sberbank 001P-SBER15',
    kind: 'corporate',
    emitentId: 1,
    couponRate: 6.6,
    issueDate: '2020-01-24',
    maturityDate: '2025-01-24',
    spread: 0.9,
  },
  {
    id: 25,
    isin: 'RU000A101QW2',
    name: 'Сбербанк ПАО 001Р-SBER16',
    nameEng: 'Sberbank 001P-SBER16',
    kind: 'corporate',
    emitentId: 1,
    couponRate: 5.6,
    issueDate: '2020-07-03',
    maturityDate: '2027-07-02',
    spread: 0.9,
  },
  {
    id: 26,
    isin: 'RU000A103WV8',
    name: 'Сбербанк ПАО 001Р-SBER33',
    nameEng: 'Sberbank 001P-SBER33',
    kind: 'corporate',
    emitentId: 1,
    couponRate: 8.8,
    issueDate: '2021-11-26',
    maturityDate: '2028-11-24',
    spread: 1.0,
  },
  {
    id: 27,
    isin: 'RU000A105SD9',
    name: 'Сбербанк ПАО 001Р-SBER42',
    nameEng: 'Sberbank 001P-SBER42',
    kind: 'corporate',
    emitentId: 1,
    couponRate: 9.7,
    issueDate: '2023-02-10',
    maturityDate: '2026-08-07',
    spread: 1.0,
  },
  {
    id: 28,
    isin: 'RU000A0ZYFC6',
    name: 'МТС 001P-03',
    nameEng: 'MTS 001P-03',
    kind: 'corporate',
    emitentId: 8,
    couponRate: 8.0,
    issueDate: '2017-11-08',
    maturityDate: '2022-11-03',
    spread: 1.6,
  },
  {
    id: 29,
    isin: 'RU000A101939',
    name: 'МТС 001P-13',
    nameEng: 'MTS 001P-13',
    kind: 'corporate',
    emitentId: 8,
    couponRate: 6.85,
    issueDate: '2020-02-20',
    maturityDate: '2027-02-11',
    spread: 1.8,
  },
];

/** Bond ids the tests and demo links refer to. */
export const DEMO_BONDS = { ofz26238: 1, sber33: 26, maturedMts: 28 } as const;

export interface EtfDef {
  id: number;
  ticker: string;
  isin: string;
  name: string;
  nameEng: string;
  provider: string;
  providerEng: string;
  assetClass: 'equity' | 'money_market' | 'gold' | 'mixed';
  /** Benchmark among the core indexes (equity funds). */
  benchmark: string | null;
  inceptionDate: string;
  expenseRatio: number;
  /** NAV per share on the last trading day; the series is anchored here. */
  nav: number;
}

/** Moscow Exchange funds (real tickers, ISINs and managers; NAVs and prices synthetic). */
export const ETFS: EtfDef[] = [
  {
    id: 1,
    ticker: 'TMOS',
    isin: 'RU000A101X76',
    name: 'Т-Капитал Индекс МосБиржи',
    nameEng: 'T-Capital MOEX Russia Index',
    provider: 'Т-Капитал',
    providerEng: 'T-Capital',
    assetClass: 'equity',
    benchmark: 'IMOEX',
    inceptionDate: '2020-08-05',
    expenseRatio: 0.79,
    nav: 6.74,
  },
  {
    id: 2,
    ticker: 'TDIV',
    isin: 'RU000A107563',
    name: 'Т-Капитал Дивидендные акции',
    nameEng: 'T-Capital Dividend Stocks',
    provider: 'Т-Капитал',
    providerEng: 'T-Capital',
    assetClass: 'equity',
    benchmark: 'MOEXBC',
    inceptionDate: '2024-01-25',
    expenseRatio: 0.79,
    nav: 9.86,
  },
  {
    id: 3,
    ticker: 'TRUR',
    isin: 'RU000A1011U5',
    name: 'Т-Капитал Вечный портфель',
    nameEng: 'T-Capital Eternal Portfolio',
    provider: 'Т-Капитал',
    providerEng: 'T-Capital',
    assetClass: 'mixed',
    benchmark: null,
    inceptionDate: '2019-11-13',
    expenseRatio: 0.79,
    nav: 8.52,
  },
  {
    id: 4,
    ticker: 'TGLD',
    isin: 'RU000A101X50',
    name: 'Т-Капитал Золото',
    nameEng: 'T-Capital Gold',
    provider: 'Т-Капитал',
    providerEng: 'T-Capital',
    assetClass: 'gold',
    benchmark: null,
    inceptionDate: '2020-08-05',
    expenseRatio: 0.49,
    nav: 11.37,
  },
  {
    id: 5,
    ticker: 'LQDT',
    isin: 'RU000A1014L8',
    name: 'ВИМ – Ликвидность',
    nameEng: 'VIM Liquidity',
    provider: 'ВИМ Инвестиции',
    providerEng: 'VIM Investments',
    assetClass: 'money_market',
    benchmark: null,
    inceptionDate: '2020-01-27',
    expenseRatio: 0.47,
    nav: 1.7643,
  },
  {
    id: 6,
    ticker: 'SBMM',
    isin: 'RU000A103RF1',
    name: 'Сбер – Сберегательный',
    nameEng: 'Sber Savings',
    provider: 'Сбер Управление Активами',
    providerEng: 'Sber Asset Management',
    assetClass: 'money_market',
    benchmark: null,
    inceptionDate: '2021-10-25',
    expenseRatio: 0.3,
    nav: 16.912,
  },
  {
    id: 7,
    ticker: 'AKMM',
    isin: 'RU000A104X08',
    name: 'Альфа-Капитал Денежный рынок',
    nameEng: 'Alfa Capital Money Market',
    provider: 'Альфа-Капитал',
    providerEng: 'Alfa Capital',
    assetClass: 'money_market',
    benchmark: null,
    inceptionDate: '2022-08-10',
    expenseRatio: 0.49,
    nav: 129.84,
  },
];

/** Index levels on the last trading day; the computed series is scaled to end here. */
export const INDEX_LEVELS: Record<string, number> = {
  IMOEX: 2750,
  RTSI: 1050,
  MOEXBC: 17_480,
  MOEXOG: 7020,
  MOEXFN: 9530,
  MOEXMM: 6790,
  MOEXTL: 1610,
  MOEXTN: 1480,
  MOEXEU: 2010,
  RGBI: 112.4,
  SPX: 6200,
  NDX: 22_480,
  DJI: 44_090,
  MOEX10: 5890,
  MOEXBMI: 1930,
};

export interface HolderDef {
  name: string;
  nameEng: string;
  /** Percent of the share capital (approximate public figures; demo data). */
  share: number;
}

const VANGUARD: HolderDef = { name: 'The Vanguard Group', nameEng: 'The Vanguard Group', share: 8.9 };
const BLACKROCK: HolderDef = { name: 'BlackRock', nameEng: 'BlackRock', share: 7.1 };
const STATE_STREET: HolderDef = { name: 'State Street', nameEng: 'State Street', share: 3.9 };
const ROSIMUSHCHESTVO = { name: 'Росимущество', nameEng: 'Federal Agency for State Property Management' };
const ROSNEFTEGAZ = { name: 'АО «Роснефтегаз»', nameEng: 'Rosneftegaz JSC' };

/** The rows of the holders table after the named holders: no one shareholder each. */
export const OTHER_HOLDERS = { name: 'Прочие акционеры', nameEng: 'Other shareholders' };
export const FREE_FLOAT = { name: 'В свободном обращении', nameEng: 'Free float' };

/**
 * Major holders by stringId; the rest of the capital is free float. The one source of an issuer's
 * shareholders: the holders of its ordinary stock are also the owners in its relations graph
 * (issuers.ts), so the stock page and the issuer page name the same holders with the same shares.
 */
export const HOLDERS: Record<string, HolderDef[]> = {
  sber: [{ name: 'Фонд национального благосостояния', nameEng: 'National Wealth Fund', share: 50.0 }],
  gazp: [
    { ...ROSIMUSHCHESTVO, share: 38.37 },
    { ...ROSNEFTEGAZ, share: 10.97 },
    { name: 'АО «Росгазификация»', nameEng: 'Rosgazifikatsiya JSC', share: 0.89 },
  ],
  rosn: [
    { ...ROSNEFTEGAZ, share: 40.4 },
    { name: 'BP Russian Investments', nameEng: 'BP Russian Investments', share: 19.75 },
    { name: 'QHG Oil Ventures', nameEng: 'QHG Oil Ventures', share: 18.46 },
  ],
  nvtk: [
    { name: 'Леонид Михельсон', nameEng: 'Leonid Mikhelson', share: 24.76 },
    { name: 'Геннадий Тимченко', nameEng: 'Gennady Timchenko', share: 23.49 },
    { name: 'TotalEnergies', nameEng: 'TotalEnergies', share: 19.4 },
  ],
  gmkn: [
    { name: 'Интеррос', nameEng: 'Interros', share: 35.95 },
    { name: 'РУСАЛ', nameEng: 'RUSAL', share: 26.39 },
  ],
  vtbr: [{ ...ROSIMUSHCHESTVO, share: 61.8 }],
  aflt: [{ ...ROSIMUSHCHESTVO, share: 73.77 }],
  alrs: [
    { ...ROSIMUSHCHESTVO, share: 33.03 },
    { name: 'Республика Саха (Якутия)', nameEng: 'Republic of Sakha (Yakutia)', share: 25.0 },
  ],
  chmf: [{ name: 'Алексей Мордашов', nameEng: 'Alexey Mordashov', share: 77.03 }],
  nlmk: [{ name: 'Fletcher Group Holdings', nameEng: 'Fletcher Group Holdings', share: 79.3 }],
  moex: [
    { name: 'Банк России', nameEng: 'Bank of Russia', share: 11.78 },
    { name: 'Сбербанк', nameEng: 'Sberbank', share: 9.99 },
    { name: 'ВЭБ.РФ', nameEng: 'VEB.RF', share: 8.38 },
  ],
  irao: [
    { ...ROSNEFTEGAZ, share: 27.63 },
    { name: 'ПАО «Россети»', nameEng: 'Rosseti PJSC', share: 8.57 },
  ],
  rtkm: [
    { ...ROSIMUSHCHESTVO, share: 38.2 },
    { name: 'ВЭБ.РФ', nameEng: 'VEB.RF', share: 8.4 },
  ],
  mtss: [{ name: 'АФК «Система»', nameEng: 'Sistema PJSFC', share: 42.09 }],
  tatn: [{ name: 'АО «Связьинвестнефтехим»', nameEng: 'Svyazinvestneftekhim JSC', share: 36.0 }],
  aapl: [VANGUARD, BLACKROCK, STATE_STREET],
  msft: [VANGUARD, BLACKROCK, STATE_STREET],
  nvda: [VANGUARD, BLACKROCK, { name: 'Дженсен Хуанг', nameEng: 'Jensen Huang', share: 3.5 }],
  ko: [{ name: 'Berkshire Hathaway', nameEng: 'Berkshire Hathaway', share: 9.3 }, VANGUARD, BLACKROCK],
  tsla: [{ name: 'Илон Маск', nameEng: 'Elon Musk', share: 12.8 }, VANGUARD, BLACKROCK],
};

export interface WatchlistDef {
  userId: number;
  name: string;
  /** [stringId, groundId, count, checked] */
  items: Array<[string, number, number, boolean]>;
}

/** The demo accounts' saved watchlists (DESIGN §7 accounts: 1 free, 2 paid). */
export const DEMO_WATCHLISTS: WatchlistDef[] = [
  {
    userId: 1,
    name: 'Мой список',
    items: [
      ['sber', 1, 100, true],
      ['gazp', 1, 50, true],
      ['aapl', 2, 5, false],
    ],
  },
  {
    userId: 2,
    name: 'Портфель',
    items: [
      ['sber', 1, 1000, true],
      ['sber', 2, 200, true],
      ['lkoh', 1, 10, true],
      ['nvtk', 1, 30, false],
      ['msft', 3, 15, true],
    ],
  },
];

const BOND_HISTORY_YEARS = 4;
const ETF_HISTORY_YEARS = 5;
const OFZ_YIELD_NOW = 0.148;
const YEAR_MS = 365.25 * 86_400_000;

/**
 * Multi-row INSERTs: one native call per `batch` rows instead of one per row, which keeps the
 * tens of thousands of daily values cheap to write. Call flush() after the last add().
 */
class BulkInsert {
  private values: unknown[] = [];
  private readonly fullBatch: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    private readonly columns: string[],
    private readonly batch = 200,
  ) {
    this.fullBatch = db.prepare(this.sql(batch));
  }

  private sql(rows: number): string {
    const row = `(${this.columns.map(() => '?').join(', ')})`;
    return `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`;
  }

  add(...row: unknown[]): void {
    this.values.push(...row);
    if (this.values.length === this.batch * this.columns.length) this.flush();
  }

  flush(): void {
    if (this.values.length === 0) return;
    const rows = this.values.length / this.columns.length;
    const statement = rows === this.batch ? this.fullBatch : this.db.prepare(this.sql(rows));
    statement.run(...this.values);
    this.values = [];
  }
}

export const marketDomain: DataDomain = {
  name: 'market',
  schema: MARKET_SCHEMA,
  fill(db, ctx) {
    const stockIdOf = new Map(STOCKS.map((s) => [s.stringId, s.id]));
    const idOf = (stringId: string): number => {
      const id = stockIdOf.get(stringId);
      if (id === undefined) throw new Error(`market: unknown stock ${stringId}`);
      return id;
    };
    insertBranches(db, idOf);
    const indexes = insertIndexValues(db, ctx, idOf);
    const govYield = governmentYields(ctx);
    insertBonds(db, ctx, govYield);
    insertEtfs(db, ctx, govYield, indexes);
    insertHolders(db, ctx, idOf);
    insertWatchlists(db, ctx, idOf);
  },
};

function insertBranches(db: Database.Database, idOf: (stringId: string) => number): void {
  const branch = db.prepare('INSERT INTO branches (id, name, name_eng) VALUES (?, ?, ?)');
  const member = db.prepare('INSERT INTO stock_branches (stock_id, branch_id) VALUES (?, ?)');
  for (const b of BRANCHES) {
    branch.run(b.id, b.name, b.nameEng);
    for (const stringId of b.stocks) member.run(idOf(stringId), b.id);
  }
}

/** The yield level of the OFZ curve on each trading day (a fraction, e.g. 0.148). */
function governmentYields(ctx: DomainContext): Map<string, number> {
  const days = ctx.tradingDays;
  const rng = substream(ctx.seed, 'market:ofz-curve');
  // Rates rose from about 6.5 % to about 15 % over the last five years.
  const levels = anchoredWalk(marketReturns(rng, days.length, 0.011), OFZ_YIELD_NOW, {
    annualDrift: 0.16,
    halfLifeDays: 250,
  });
  return new Map(days.map((day, i) => [day, levels[i] as number]));
}

// ---------------------------------------------------------------------------------------------
// Indexes

interface IndexSeries {
  /** Values by date (rounded as stored). */
  values: Map<string, number>;
  /** Daily log returns by date, for the funds that track an index. */
  returns: Map<string, number>;
}

function insertIndexValues(
  db: Database.Database,
  ctx: DomainContext,
  idOf: (stringId: string) => number,
): Map<string, IndexSeries> {
  const days = ctx.tradingDays;
  const lastDay = ctx.lastTradingDay;
  const splits = db.prepare('SELECT stock_id, date, coefficient FROM splits').all() as Array<{
    stock_id: number;
    date: string;
    coefficient: number;
  }>;
  const sharesOf = new Map(STOCKS.map((s) => [s.id, s.sharesOutstanding]));

  // Split-adjusted closes by stock and date (the bars before a split are the old, dearer shares).
  const adjusted = new Map<number, Map<string, number>>();
  const adjustedClose = (stockId: number): Map<string, number> => {
    let closes = adjusted.get(stockId);
    if (!closes) {
      const split = splits.find((s) => s.stock_id === stockId);
      closes = new Map(
        (ctx.mainBarsByStock.get(stockId) ?? []).map((bar) => [
          bar.date,
          split && bar.date < split.date ? bar.close / split.coefficient : bar.close,
        ]),
      );
      adjusted.set(stockId, closes);
    }
    return closes;
  };

  // USD/RUB read back from Sberbank's two grounds (RUB on ground 1, USD on ground 2).
  const fx = new Map(
    (
      db
        .prepare(
          `SELECT a.date AS date, a.close / b.close AS rate FROM daily_bars a
           JOIN daily_bars b ON b.stock_id = a.stock_id AND b.ground_id = 2 AND b.date = a.date
           WHERE a.stock_id = ? AND a.ground_id = 1`,
        )
        .all(idOf('sber')) as Array<{ date: string; rate: number }>
    ).map((row) => [row.date, row.rate]),
  );

  // Intraday closes of the last day by stock, in bar order.
  const intradayRows = db
    .prepare('SELECT stock_id, time, close FROM intraday_bars WHERE date = ? ORDER BY stock_id, time')
    .all(lastDay) as Array<{ stock_id: number; time: number; close: number }>;
  const intraday = new Map<number, Array<{ time: number; close: number }>>();
  for (const row of intradayRows) {
    const list = intraday.get(row.stock_id) ?? [];
    list.push({ time: row.time, close: row.close });
    intraday.set(row.stock_id, list);
  }
  const intradayTimes = [...new Set(intradayRows.map((row) => row.time))].sort((a, b) => a - b);

  const insertValue = new BulkInsert(db, 'index_values', ['index_id', 'date', 'value']);
  const insertIntraday = new BulkInsert(db, 'index_intraday', ['index_id', 'date', 'time', 'value']);
  const series = new Map<string, IndexSeries>();

  for (const index of INDEXES) {
    const target = INDEX_LEVELS[index.code] ?? 1000;
    const members = index.members.map(idOf);
    const inUsd = index.code === 'RTSI';
    const rate = (date: string) => (inUsd ? (fx.get(date) ?? 1) : 1);
    let raw: number[];
    if (members.length === 0) {
      // A bond index: a calm walk with a small positive drift.
      const rng = substream(ctx.seed, `market:index:${index.code}`);
      raw = anchoredWalk(marketReturns(rng, days.length, 0.0035), 1, {
        annualDrift: 0.02,
        halfLifeDays: 300,
      });
    } else {
      raw = chainLinked(days, members, adjustedClose, sharesOf, rate);
    }
    const scale = target / (raw[raw.length - 1] as number);
    const values = new Map<string, number>();
    const returns = new Map<string, number>();
    days.forEach((day, i) => {
      const value = roundTo((raw[i] as number) * scale, 2);
      values.set(day, value);
      if (i > 0) returns.set(day, Math.log((raw[i] as number) / (raw[i - 1] as number)));
      insertValue.add(index.id, day, value);
    });
    series.set(index.code, { values, returns });

    // Intraday values of the ground-1 indexes on the last trading day.
    if (index.groundId !== 1 || days[days.length - 1] !== lastDay || intradayTimes.length === 0) continue;
    const previousDay = days[days.length - 2];
    const previous = previousDay === undefined ? undefined : (raw[raw.length - 2] as number);
    const today = raw[raw.length - 1] as number;
    if (previousDay === undefined || previous === undefined) continue;
    let path: number[];
    if (members.length === 0) {
      path = bridge(
        substream(ctx.seed, `market:index:${index.code}:intraday`),
        previous,
        today,
        intradayTimes.length,
        0.002,
      );
    } else {
      path = intradayTimes.map((time, k) => {
        let weighted = 0;
        let base = 0;
        for (const stockId of members) {
          const closes = adjustedClose(stockId);
          const before = closes.get(previousDay);
          const close = closes.get(lastDay);
          if (before === undefined || close === undefined) continue;
          const bars = intraday.get(stockId);
          const bar = bars?.find((b) => b.time === time) ?? bars?.[Math.min(k, bars.length - 1)];
          const price = bar ? bar.close : close;
          const weight = before * (sharesOf.get(stockId) ?? 1);
          base += weight;
          weighted += (weight * price) / before;
        }
        const level = base === 0 ? today : (previous * weighted) / base;
        return (level * rate(previousDay)) / rate(lastDay);
      });
      // The last 5-minute value is the day's close (as for the stocks).
      path[path.length - 1] = today;
    }
    intradayTimes.forEach((time, k) => {
      insertIntraday.add(index.id, lastDay, time, roundTo((path[k] as number) * scale, 2));
    });
  }
  insertValue.flush();
  insertIntraday.flush();
  return series;
}

/**
 * A capitalisation-weighted, chain-linked index: each day moves by the weighted price change of
 * the members that traded on both days, weighted by the previous day's capitalisation. Stocks
 * join when they list; `rate` converts the level into another currency (RTS in dollars).
 */
function chainLinked(
  days: string[],
  members: number[],
  adjustedClose: (stockId: number) => Map<string, number>,
  sharesOf: Map<number, number>,
  rate: (date: string) => number,
): number[] {
  const levels: number[] = [];
  let level = 1;
  days.forEach((day, i) => {
    if (i > 0) {
      const previousDay = days[i - 1] as string;
      let base = 0;
      let moved = 0;
      for (const stockId of members) {
        const closes = adjustedClose(stockId);
        const before = closes.get(previousDay);
        const now = closes.get(day);
        if (before === undefined || now === undefined) continue;
        const weight = before * (sharesOf.get(stockId) ?? 1);
        base += weight;
        moved += (weight * now) / before;
      }
      if (base > 0) level *= moved / base;
    }
    levels.push(level);
  });
  return levels.map((value, i) => value / rate(days[i] as string));
}

/** A Brownian bridge of n points from just after `from` to exactly `to` (multiplicative). */
function bridge(rng: Random, from: number, to: number, n: number, volatility: number): number[] {
  const step = volatility / Math.sqrt(n);
  const walk = [0];
  for (let k = 1; k <= n; k++) walk.push((walk[k - 1] as number) + step * rng.normal());
  const end = walk[n] as number;
  const a = Math.log(from);
  const b = Math.log(to);
  return walk.slice(1).map((w, i) => {
    const t = (i + 1) / n;
    return Math.exp(a + t * (b - a) + w - t * end);
  });
}

// ---------------------------------------------------------------------------------------------
// Bonds

/** Coupon dates: every 12/frequency months back from maturity, after the issue date. */
export function couponDates(issueDate: string, maturityDate: string, frequency: number): string[] {
  const dates: string[] = [];
  const months = 12 / frequency;
  for (let k = 0; ; k++) {
    const date = addMonths(maturityDate, -k * months);
    if (date <= issueDate) break;
    dates.unshift(date);
  }
  return dates;
}

interface CouponPeriod {
  /** UTC midnight of the start and end dates, ms. */
  startMs: number;
  endMs: number;
  amount: number;
}

function insertBonds(db: Database.Database, ctx: DomainContext, govYield: Map<string, number>): void {
  const insertBond = db.prepare(
    `INSERT INTO bonds (id, isin, name, name_eng, kind, emitent_id, issuer_name, issuer_name_eng, ground_id,
       currency, nominal, coupon_rate, coupon_frequency, issue_date, maturity_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'RUB', 1000, ?, 2, ?, ?)`,
  );
  const insertCoupon = db.prepare('INSERT INTO bond_coupons (bond_id, date, amount) VALUES (?, ?, ?)');
  const insertPrice = new BulkInsert(db, 'bond_prices', [
    'bond_id',
    'date',
    'open',
    'high',
    'low',
    'close',
    'yield',
    'accrued',
    'volume',
  ]);
  const emitent = db.prepare('SELECT name, name_eng FROM emitents WHERE id = ?');
  const from = addYears(ctx.asOf, -BOND_HISTORY_YEARS);
  const nominal = 1000;
  const frequency = 2;

  for (const bond of BONDS) {
    const issuer =
      bond.emitentId === null
        ? MINFIN
        : (() => {
            const row = emitent.get(bond.emitentId) as { name: string; name_eng: string };
            return { name: row.name, nameEng: row.name_eng };
          })();
    insertBond.run(
      bond.id,
      bond.isin,
      bond.name,
      bond.nameEng,
      bond.kind,
      bond.emitentId,
      issuer.name,
      issuer.nameEng,
      bond.couponRate,
      bond.issueDate,
      bond.maturityDate,
    );
    const amount = roundTo((nominal * bond.couponRate) / 100 / frequency, 2);
    const dates = couponDates(bond.issueDate, bond.maturityDate, frequency);
    const periods: CouponPeriod[] = dates.map((end, i) => ({
      startMs: dateMs(i === 0 ? addMonths(end, -12 / frequency) : (dates[i - 1] as string)),
      endMs: dateMs(end),
      amount,
    }));
    for (const date of dates) insertCoupon.run(bond.id, date, amount);
    const maturityMs = dateMs(bond.maturityDate);

    const rng = substream(ctx.seed, `market:bond:${bond.isin}`);
    let noise = 0;
    let previousClose: number | null = null;
    for (const day of ctx.tradingDays) {
      if (day < from || day < bond.issueDate || day >= bond.maturityDate) continue;
      const curve = govYield.get(day) as number;
      const dayMs = dateMs(day);
      const years = (maturityMs - dayMs) / YEAR_MS;
      // A mildly inverted curve (short rates above long ones) plus the issuer's spread.
      noise = 0.94 * noise + 0.0006 * rng.normal();
      const ytm = Math.max(curve * (1.1 - 0.02 * Math.min(years, 10)) + bond.spread / 100 + noise, 0.01);
      const { clean, accrued } = bondPrice(dayMs, ytm, periods, nominal, frequency, maturityMs);
      const close = roundTo(clean, 3);
      const open = roundTo(
        (previousClose ?? close) + 0.25 * (close - (previousClose ?? close)) + 0.05 * rng.normal(),
        3,
      );
      const high = roundTo(Math.max(open, close) + Math.abs(0.08 * rng.normal()), 3);
      const low = roundTo(Math.min(open, close) - Math.abs(0.08 * rng.normal()), 3);
      const volume = Math.max(1, Math.round(20_000 * Math.exp(0.8 * rng.normal())));
      insertPrice.add(
        bond.id,
        day,
        open,
        high,
        low,
        close,
        roundTo(ytm * 100, 2),
        roundTo(accrued, 2),
        volume,
      );
      previousClose = close;
    }
  }
  insertPrice.flush();
}

/** Clean price (percent of the nominal) and accrued coupon at a yield to maturity (compounded per coupon). */
function bondPrice(
  dayMs: number,
  ytm: number,
  periods: CouponPeriod[],
  nominal: number,
  frequency: number,
  maturityMs: number,
): { clean: number; accrued: number } {
  const discount = 1 + ytm / frequency;
  let dirty = 0;
  let accrued = 0;
  for (const period of periods) {
    if (period.endMs <= dayMs) continue;
    dirty += period.amount / discount ** ((frequency * (period.endMs - dayMs)) / YEAR_MS);
    if (period.startMs <= dayMs)
      accrued = (period.amount * (dayMs - period.startMs)) / (period.endMs - period.startMs);
  }
  dirty += nominal / discount ** ((frequency * (maturityMs - dayMs)) / YEAR_MS);
  return { clean: ((dirty - accrued) / nominal) * 100, accrued };
}

// ---------------------------------------------------------------------------------------------
// ETFs

function insertEtfs(
  db: Database.Database,
  ctx: DomainContext,
  govYield: Map<string, number>,
  indexes: Map<string, IndexSeries>,
): void {
  const insertEtf = db.prepare(
    `INSERT INTO etfs (id, ticker, isin, name, name_eng, provider, provider_eng, ground_id, currency, asset_class,
       benchmark_index_id, inception_date, expense_ratio)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'RUB', ?, ?, ?, ?)`,
  );
  const insertValue = new BulkInsert(db, 'etf_values', [
    'etf_id',
    'date',
    'close',
    'nav_per_share',
    'volume',
  ]);
  const indexIdOf = new Map(INDEXES.map((i) => [i.code, i.id]));
  const from = addYears(ctx.asOf, -ETF_HISTORY_YEARS);
  const imoex = indexes.get('IMOEX')?.returns ?? new Map<string, number>();
  const rgbi = indexes.get('RGBI')?.returns ?? new Map<string, number>();
  // Gold in roubles, shared by the gold fund and the mixed one.
  const goldRng = substream(ctx.seed, 'market:gold');
  const gold = new Map(ctx.tradingDays.map((day) => [day, 0.0004 + 0.01 * goldRng.normal()]));

  for (const etf of ETFS) {
    insertEtf.run(
      etf.id,
      etf.ticker,
      etf.isin,
      etf.name,
      etf.nameEng,
      etf.provider,
      etf.providerEng,
      etf.assetClass,
      etf.benchmark === null ? null : (indexIdOf.get(etf.benchmark) ?? null),
      etf.inceptionDate,
      etf.expenseRatio,
    );
    const rng = substream(ctx.seed, `market:etf:${etf.ticker}`);
    const days = ctx.tradingDays.filter((day) => day >= from && day >= etf.inceptionDate);
    const benchmark = etf.benchmark ? (indexes.get(etf.benchmark)?.returns ?? imoex) : imoex;
    const fee = etf.expenseRatio / 100 / 252;
    // Log NAV changes, day by day; the level is anchored on the last day.
    const changes = days.map((day, i) => {
      if (i === 0) return 0;
      const tracking = 0.0006 * rng.normal();
      switch (etf.assetClass) {
        case 'equity':
          // The fund reinvests dividends, so it gains on its price-only benchmark.
          return (benchmark.get(day) ?? 0) + 0.07 / 252 + tracking - fee;
        case 'money_market':
          return Math.log(1 + (govYield.get(day) ?? 0.1) / 252) - fee + 0.00003 * rng.normal();
        case 'gold':
          return (gold.get(day) ?? 0) - fee;
        case 'mixed':
          return (
            0.25 * ((imoex.get(day) ?? 0) + 0.07 / 252) +
            0.25 * (gold.get(day) ?? 0) +
            0.5 * ((rgbi.get(day) ?? 0) + (govYield.get(day) ?? 0.1) / 252) -
            fee +
            0.0002 * rng.normal()
          );
      }
    });
    let cumulative = 0;
    const logs = changes.map((change) => (cumulative += change));
    const end = logs[logs.length - 1] ?? 0;
    const decimals = etf.nav < 10 ? 4 : etf.nav < 100 ? 3 : 2;
    days.forEach((day, i) => {
      const nav = etf.nav * Math.exp((logs[i] as number) - end);
      const premium = etf.assetClass === 'money_market' ? 0.0002 * rng.normal() : 0.0015 * rng.normal();
      const volume = Math.max(1, Math.round((3_000_000 / etf.nav) * Math.exp(0.6 * rng.normal())));
      insertValue.add(etf.id, day, roundTo(nav * (1 + premium), decimals), roundTo(nav, decimals), volume);
    });
  }
  insertValue.flush();
}

// ---------------------------------------------------------------------------------------------
// Holders and watchlists

/** The last quarter end strictly before the date (the report date of the holders). */
export function lastQuarterEnd(iso: string): string {
  const month = Number(iso.slice(5, 7));
  const quarterStartMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const quarterStart = `${iso.slice(0, 4)}-${String(quarterStartMonth).padStart(2, '0')}-01`;
  return addDays(quarterStart, -1);
}

function insertHolders(db: Database.Database, ctx: DomainContext, idOf: (stringId: string) => number): void {
  const insert = db.prepare(
    'INSERT INTO holders (stock_id, name, name_eng, share, date) VALUES (?, ?, ?, ?, ?)',
  );
  const date = lastQuarterEnd(ctx.asOf);
  const rng = substream(ctx.seed, 'market:holders');
  for (const stock of STOCKS) {
    const holders = HOLDERS[stock.stringId] ?? [];
    let total = 0;
    for (const holder of holders) {
      insert.run(idOf(stock.stringId), holder.name, holder.nameEng, holder.share, date);
      total += holder.share;
    }
    // Management and other holders below the disclosure threshold, then the free float.
    const other = roundTo(Math.min(4.9, (100 - total) * 0.3) * (0.3 + 0.7 * rng.uniform()), 2);
    insert.run(stock.id, OTHER_HOLDERS.name, OTHER_HOLDERS.nameEng, other, date);
    insert.run(stock.id, FREE_FLOAT.name, FREE_FLOAT.nameEng, roundTo(100 - total - other, 2), date);
  }
}

function insertWatchlists(
  db: Database.Database,
  ctx: DomainContext,
  idOf: (stringId: string) => number,
): void {
  const list = db.prepare('INSERT INTO watchlists (user_id, name, created_at) VALUES (?, ?, ?)');
  const item = db.prepare(
    'INSERT INTO watchlist_items (wlid, stock_id, ground_id, count, checked, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const createdAt = dateMs(ctx.asOf);
  for (const watchlist of DEMO_WATCHLISTS) {
    const wlid = Number(list.run(watchlist.userId, watchlist.name, createdAt).lastInsertRowid);
    for (const [stringId, groundId, count, checked] of watchlist.items)
      item.run(wlid, idOf(stringId), groundId, count, checked ? 1 : 0, createdAt);
  }
}
