/**
 * The "search" data domain: one full-text index over every instrument of the demo (stocks, bonds,
 * ETFs, indexes and issuers) for the site search (SPEC §4 "Main search") and the comparison
 * search (SPEC §4 "Comparison search").
 *
 *   search_items         one row per searchable instrument: what a result shows
 *   search_item_grounds  where an instrument trades, with its ticker there (comparison results)
 *   search_exact         upper-case tickers and ISINs, for the exact-match boost
 *   search_fts           FTS5 over type, name (rus and eng), tickers and ISIN; prefix indexes of
 *                        2 to 6 characters; contentless (results are read from search_items)
 *
 * The index is filled after the core and the market domain (bonds, ETFs), so it reads their
 * tables: register this domain after the market domain in DATA_DOMAINS. With `--scale N` (ctx.scale) synthetic instruments are added until the index holds N
 * rows: plausible generated names, tickers and ISINs with a valid check digit, ids from
 * SYNTHETIC_ID_BASE up, flagged `synthetic = 1`. They exist only in the search tables (the
 * search bench needs volume, not pages).
 */
import type Database from 'better-sqlite3';
import type { DataDomain, DomainContext } from './domains.ts';
import { substream, type Random } from './random.ts';

export const SEARCH_TYPES = ['bonds', 'stocks', 'indexes', 'companies', 'etf'] as const;
/** The search categories, in the order of the site search tabs (SPEC §4 "Main search"). */
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * `status` of a result. Issuers: EMITENT_STATUS (what `emitent_stop_statuses_ids` filters on);
 * securities: 1 traded / in circulation, 2 no longer traded (delisted, redeemed).
 */
export const EMITENT_STATUS = { active: 1, reorganizing: 2, liquidating: 3, liquidated: 4 } as const;
export const SECURITY_STATUS = { traded: 1, notTraded: 2 } as const;

/** `measure_id` of a comparison result: what the instrument's values are measured in. */
export const MEASURE = { price: 1, points: 2, percentOfNominal: 3 } as const;

/** Ids of synthetic instruments start here, far above the demo's own. */
export const SYNTHETIC_ID_BASE = 1_000_000;

export const SEARCH_SCHEMA = `
CREATE TABLE search_items (
  id         INTEGER PRIMARY KEY,
  type       TEXT NOT NULL CHECK (type IN ('bonds', 'stocks', 'indexes', 'companies', 'etf')),
  entity_id  INTEGER NOT NULL,
  url        TEXT NOT NULL,
  name       TEXT NOT NULL,
  name_eng   TEXT NOT NULL,
  -- Space-separated, main ground first; an issuer lists the tickers of its stocks.
  tickers    TEXT NOT NULL DEFAULT '',
  isin       TEXT,
  status     INTEGER NOT NULL,
  -- Label key (module:key) of the kind of instrument: the "document" of a comparison result.
  document   TEXT NOT NULL,
  measure_id INTEGER,
  synthetic  INTEGER NOT NULL DEFAULT 0,
  UNIQUE (type, entity_id)
);

CREATE TABLE search_item_grounds (
  item_id   INTEGER NOT NULL REFERENCES search_items(id) ON DELETE CASCADE,
  ground_id INTEGER NOT NULL REFERENCES trading_grounds(id),
  position  INTEGER NOT NULL,
  ticker    TEXT NOT NULL,
  PRIMARY KEY (item_id, ground_id)
) WITHOUT ROWID;

CREATE TABLE search_exact (
  code    TEXT NOT NULL,
  item_id INTEGER NOT NULL REFERENCES search_items(id) ON DELETE CASCADE,
  PRIMARY KEY (code, item_id)
) WITHOUT ROWID;

-- Contentless: the index keeps only tokens; ё is folded to е (unicode61 keeps them apart).
-- Prefixes up to 6 characters are indexed, so ISIN prefixes like RU000A need no term merge.
CREATE VIRTUAL TABLE search_fts USING fts5(
  type, name, name_eng, tickers, isin,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);
-- Relevance: bm25 with the names weighted over tickers and ISINs; the type column only filters.
INSERT INTO search_fts (search_fts, rank) VALUES ('rank', 'bm25(0.0, 10.0, 10.0, 6.0, 3.0)');

CREATE TRIGGER search_items_insert AFTER INSERT ON search_items BEGIN
  INSERT INTO search_fts (rowid, type, name, name_eng, tickers, isin) VALUES (
    new.id, new.type,
    replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(new.name_eng, 'ё', 'е'), 'Ё', 'Е'),
    new.tickers, coalesce(new.isin, ''));
END;
CREATE TRIGGER search_items_delete AFTER DELETE ON search_items BEGIN
  DELETE FROM search_fts WHERE rowid = old.id;
END;
CREATE TRIGGER search_items_update AFTER UPDATE ON search_items BEGIN
  DELETE FROM search_fts WHERE rowid = old.id;
  INSERT INTO search_fts (rowid, type, name, name_eng, tickers, isin) VALUES (
    new.id, new.type,
    replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
    replace(replace(new.name_eng, 'ё', 'е'), 'Ё', 'Е'),
    new.tickers, coalesce(new.isin, ''));
END;
`;

/** One instrument to index. */
export interface SearchItemDef {
  type: SearchType;
  entityId: number;
  url: string;
  name: string;
  nameEng: string;
  isin: string | null;
  status: number;
  document: string;
  measureId: number | null;
  /** Trading grounds, main first, with the ticker there. */
  grounds: Array<{ groundId: number; ticker: string }>;
  /** Extra tickers to index (an issuer's stock tickers). */
  extraTickers?: string[];
  synthetic?: boolean;
}

// ISIN check digit (ISO 6166): letters become numbers (A=10 … Z=35), then Luhn over the digits.
export function isinCheckDigit(body: string): number {
  const digits = [...body.toUpperCase()]
    .map((ch) => (ch >= '0' && ch <= '9' ? ch : String(ch.charCodeAt(0) - 55)))
    .join('');
  let sum = 0;
  // The check digit will be appended at the right, so the rightmost digit here is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidIsin(isin: string): boolean {
  return (
    /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin.slice(11))
  );
}

/** The demo's own instruments: the core tables and the market domain's bonds and ETFs. */
export function demoSearchItems(db: Database.Database, asOf: string): SearchItemDef[] {
  const items: SearchItemDef[] = [];

  const stocks = db
    .prepare('SELECT id, string_id, emitent_id, name, name_eng, isin, kind FROM stocks ORDER BY id')
    .all() as Array<{
    id: number;
    string_id: string;
    emitent_id: number;
    name: string;
    name_eng: string;
    isin: string | null;
    kind: string;
  }>;
  const stockGrounds = db.prepare<[number], { ground_id: number; ticker: string }>(
    'SELECT ground_id, ticker FROM stock_grounds WHERE stock_id = ? ORDER BY position',
  );
  const tickersOfEmitent = new Map<number, string[]>();
  for (const stock of stocks) {
    const grounds = stockGrounds.all(stock.id).map((g) => ({ groundId: g.ground_id, ticker: g.ticker }));
    for (const ticker of new Set(grounds.map((g) => g.ticker))) {
      const list = tickersOfEmitent.get(stock.emitent_id) ?? [];
      list.push(ticker);
      tickersOfEmitent.set(stock.emitent_id, list);
    }
    items.push({
      type: 'stocks',
      entityId: stock.id,
      url: `/stocks/${stock.string_id}/`,
      name: stock.name,
      nameEng: stock.name_eng,
      isin: stock.isin,
      status: grounds.length ? SECURITY_STATUS.traded : SECURITY_STATUS.notTraded,
      document: `stock:share_type_${stock.kind}`,
      measureId: MEASURE.price,
      grounds,
    });
  }

  // Bonds trade under their ISIN (as on the Moscow Exchange).
  const bonds = db
    .prepare('SELECT id, isin, name, name_eng, ground_id, maturity_date FROM bonds ORDER BY id')
    .all() as Array<{
    id: number;
    isin: string;
    name: string;
    name_eng: string;
    ground_id: number;
    maturity_date: string;
  }>;
  for (const bond of bonds) {
    items.push({
      type: 'bonds',
      entityId: bond.id,
      url: `/bonds/${bond.id}/`,
      name: bond.name,
      nameEng: bond.name_eng,
      isin: bond.isin,
      status: bond.maturity_date < asOf ? SECURITY_STATUS.notTraded : SECURITY_STATUS.traded,
      document: 'search:document_bond',
      measureId: MEASURE.percentOfNominal,
      grounds: [{ groundId: bond.ground_id, ticker: bond.isin }],
    });
  }

  const etfs = db
    .prepare('SELECT id, ticker, isin, name, name_eng, ground_id FROM etfs ORDER BY id')
    .all() as Array<{
    id: number;
    ticker: string;
    isin: string;
    name: string;
    name_eng: string;
    ground_id: number;
  }>;
  for (const etf of etfs) {
    items.push({
      type: 'etf',
      entityId: etf.id,
      url: `/etf/${etf.id}/`,
      name: etf.name,
      nameEng: etf.name_eng,
      isin: etf.isin,
      status: SECURITY_STATUS.traded,
      document: 'search:document_etf',
      measureId: MEASURE.price,
      grounds: [{ groundId: etf.ground_id, ticker: etf.ticker }],
    });
  }

  const indexes = db
    .prepare('SELECT id, code, name, name_eng, ground_id FROM indexes ORDER BY id')
    .all() as Array<{ id: number; code: string; name: string; name_eng: string; ground_id: number }>;
  for (const index of indexes) {
    items.push({
      type: 'indexes',
      entityId: index.id,
      url: `/indexes/${index.id}/`,
      name: index.name,
      nameEng: index.name_eng,
      isin: null,
      status: SECURITY_STATUS.traded,
      document: 'search:document_index',
      measureId: MEASURE.points,
      grounds: [{ groundId: index.ground_id, ticker: index.code }],
    });
  }

  const emitents = db.prepare('SELECT id, name, name_eng FROM emitents ORDER BY id').all() as Array<{
    id: number;
    name: string;
    name_eng: string;
  }>;
  for (const emitent of emitents) {
    items.push({
      type: 'companies',
      entityId: emitent.id,
      url: `/company/${emitent.id}/`,
      name: emitent.name,
      nameEng: emitent.name_eng,
      isin: null,
      status: EMITENT_STATUS.active,
      document: 'search:document_company',
      measureId: null,
      grounds: [],
      extraTickers: tickersOfEmitent.get(emitent.id) ?? [],
    });
  }
  return items;
}

/** Writes items to the search tables (the FTS index follows through the triggers). */
export function insertSearchItems(db: Database.Database, items: Iterable<SearchItemDef>): void {
  const insertItem = db.prepare(
    `INSERT INTO search_items (type, entity_id, url, name, name_eng, tickers, isin, status, document, measure_id, synthetic)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertGround = db.prepare(
    'INSERT INTO search_item_grounds (item_id, ground_id, position, ticker) VALUES (?, ?, ?, ?)',
  );
  const insertExact = db.prepare('INSERT OR IGNORE INTO search_exact (code, item_id) VALUES (?, ?)');
  for (const item of items) {
    const tickers = [...new Set([...item.grounds.map((g) => g.ticker), ...(item.extraTickers ?? [])])];
    const id = Number(
      insertItem.run(
        item.type,
        item.entityId,
        item.url,
        item.name,
        item.nameEng,
        tickers.join(' '),
        item.isin,
        item.status,
        item.document,
        item.measureId,
        item.synthetic ? 1 : 0,
      ).lastInsertRowid,
    );
    item.grounds.forEach((ground, index) => insertGround.run(id, ground.groundId, index + 1, ground.ticker));
    for (const code of [...tickers, ...(item.isin ? [item.isin] : [])])
      insertExact.run(code.toUpperCase(), id);
  }
}

// --- Synthetic instruments (`--scale N`) ---

/** Word parts with their transliteration: compounds like Уралэнерго / Uralenergo. */
const ROOTS: Array<[string, string]> = [
  ['Урал', 'Ural'],
  ['Сибирь', 'Sibir'],
  ['Волга', 'Volga'],
  ['Север', 'Sever'],
  ['Дон', 'Don'],
  ['Кама', 'Kama'],
  ['Енисей', 'Yenisey'],
  ['Балтика', 'Baltika'],
  ['Алтай', 'Altai'],
  ['Амур', 'Amur'],
  ['Байкал', 'Baikal'],
  ['Ока', 'Oka'],
  ['Нева', 'Neva'],
  ['Кубань', 'Kuban'],
  ['Таймыр', 'Taimyr'],
  ['Вятка', 'Vyatka'],
  ['Печора', 'Pechora'],
  ['Сахалин', 'Sakhalin'],
  ['Ладога', 'Ladoga'],
  ['Тверь', 'Tver'],
  ['Яуза', 'Yauza'],
  ['Кедр', 'Kedr'],
  ['Полярис', 'Polaris'],
  ['Заря', 'Zarya'],
];
const BRANCHES: Array<[string, string]> = [
  ['энерго', 'energo'],
  ['нефть', 'neft'],
  ['газ', 'gaz'],
  ['металл', 'metall'],
  ['пром', 'prom'],
  ['строй', 'stroy'],
  ['транс', 'trans'],
  ['телеком', 'telecom'],
  ['агро', 'agro'],
  ['хим', 'khim'],
  ['инвест', 'invest'],
  ['финанс', 'finance'],
  ['лес', 'les'],
  ['маш', 'mash'],
  ['фарм', 'farm'],
  ['сталь', 'stal'],
  ['ресурс', 'resurs'],
  ['логистик', 'logistic'],
  ['девелопмент', 'development'],
  ['тех', 'tech'],
];
const COMPANY_WORDS: Array<[string, string]> = [
  ['', ''],
  ['Группа', 'Group'],
  ['Холдинг', 'Holding'],
  ['Банк', 'Bank'],
  ['Завод', 'Plant'],
  ['Капитал', 'Capital'],
  ['Лизинг', 'Leasing'],
  ['Сети', 'Networks'],
  ['Порт', 'Port'],
  ['Девелопмент', 'Development'],
];
const ETF_THEMES: Array<[string, string]> = [
  ['Индекс МосБиржи', 'MOEX Index'],
  ['Облигации федерального займа', 'Federal Loan Bonds'],
  ['Корпоративные облигации', 'Corporate Bonds'],
  ['Золото', 'Gold'],
  ['Денежный рынок', 'Money Market'],
  ['Дивидендные акции', 'Dividend Stocks'],
  ['Технологии', 'Technology'],
  ['Голубые фишки', 'Blue Chips'],
  ['Компании роста', 'Growth Companies'],
  ['Электроэнергетика', 'Electric Utilities'],
];
const FUND_MANAGERS: Array<[string, string]> = [
  ['Первая', 'Pervaya'],
  ['Атлант', 'Atlant'],
  ['Меридиан', 'Meridian'],
  ['Гранит', 'Granit'],
  ['Вектор', 'Vector'],
  ['Орбита', 'Orbita'],
  ['Созвездие', 'Sozvezdie'],
  ['Ориент', 'Orient'],
];
const INDEX_THEMES: Array<[string, string]> = [
  ['Индекс акций', 'Equity Index'],
  ['Индекс облигаций', 'Bond Index'],
  ['Индекс дивидендов', 'Dividend Index'],
  ['Отраслевой индекс', 'Sector Index'],
  ['Индекс полной доходности', 'Total Return Index'],
];

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function pickOf<T>(rng: Random, list: readonly T[]): T {
  return list[rng.int(0, list.length - 1)] as T;
}

/** A Russian-style ISIN: RU000A + 5 characters + the check digit. */
function syntheticIsin(rng: Random, used: Set<string>): string {
  for (;;) {
    let body = 'RU000A';
    for (let i = 0; i < 5; i++) body += ALNUM[rng.int(0, ALNUM.length - 1)];
    const isin = `${body}${isinCheckDigit(body)}`;
    if (!used.has(isin)) {
      used.add(isin);
      return isin;
    }
  }
}

/**
 * A ticker made from the name's first letter and consonants; on a clash more and more of its
 * end is drawn at random, and past that it grows by a letter (so it always ends).
 */
function syntheticTicker(rng: Random, nameEng: string, length: number, used: Set<string>): string {
  const letters = nameEng.toUpperCase().replace(/[^A-Z]/g, '');
  const base = `${letters[0] ?? 'X'}${letters.slice(1).replace(/[AEIOUY]/g, '')}`;
  let ticker = base.slice(0, length);
  while (ticker.length < length) ticker += LETTERS[rng.int(0, 25)];
  for (let attempt = 0; used.has(ticker); attempt++) {
    const size = length + Math.floor(attempt / 40);
    const random = Math.min(size - 1, 1 + Math.floor((attempt % 40) / 10));
    ticker = base.slice(0, size - random).padEnd(size - random, 'X');
    for (let i = 0; i < random; i++) ticker += LETTERS[rng.int(0, 25)];
  }
  used.add(ticker);
  return ticker;
}

interface SyntheticCompany {
  id: number;
  name: string;
  nameEng: string;
}

/**
 * `count` synthetic instruments: issuers first (about 15 %), then bonds, stocks, ETFs and indexes
 * of those issuers in a fixed rotation. Drawn from one seeded stream: deterministic.
 */
export function* syntheticSearchItems(
  rng: Random,
  count: number,
  used: { tickers: Set<string>; isins: Set<string> },
): Generator<SearchItemDef> {
  if (count <= 0) return;
  const companyCount = Math.max(1, Math.ceil(count * 0.15));
  const companies: SyntheticCompany[] = [];
  for (let i = 0; i < companyCount && i < count; i++) {
    const [root, rootEng] = pickOf(rng, ROOTS);
    const [branch, branchEng] = pickOf(rng, BRANCHES);
    const [word, wordEng] = pickOf(rng, COMPANY_WORDS);
    const compound = `${root}${branch}`;
    const compoundEng = `${rootEng}${branchEng}`;
    const company = {
      id: SYNTHETIC_ID_BASE + i,
      name: word ? `${compound} ${word}` : compound,
      nameEng: wordEng ? `${compoundEng} ${wordEng}` : compoundEng,
    };
    companies.push(company);
    const statusDraw = rng.uniform();
    yield {
      type: 'companies',
      entityId: company.id,
      url: `/company/${company.id}/`,
      name: company.name,
      nameEng: company.nameEng,
      isin: null,
      status:
        statusDraw < 0.9
          ? EMITENT_STATUS.active
          : statusDraw < 0.94
            ? EMITENT_STATUS.reorganizing
            : statusDraw < 0.97
              ? EMITENT_STATUS.liquidating
              : EMITENT_STATUS.liquidated,
      document: 'search:document_company',
      measureId: null,
      grounds: [],
      synthetic: true,
    };
  }
  // 20-step rotation: 9 bonds, 6 stocks, 3 ETFs, 2 indexes.
  const ROTATION: SearchType[] = [
    'bonds',
    'stocks',
    'bonds',
    'etf',
    'bonds',
    'stocks',
    'bonds',
    'indexes',
    'bonds',
    'stocks',
    'bonds',
    'etf',
    'stocks',
    'bonds',
    'stocks',
    'bonds',
    'indexes',
    'stocks',
    'bonds',
    'etf',
  ];
  for (let i = 0; i < count - companies.length; i++) {
    const type = ROTATION[i % ROTATION.length] as SearchType;
    const id = SYNTHETIC_ID_BASE + companyCount + i;
    const company = companies[rng.int(0, companies.length - 1)] as SyntheticCompany;
    if (type === 'bonds') {
      const program = rng.int(1, 3);
      const series = String(rng.int(1, 30)).padStart(2, '0');
      const exchange = rng.uniform() < 0.7;
      const isin = syntheticIsin(rng, used.isins);
      yield {
        type,
        entityId: id,
        url: `/bonds/${id}/`,
        name: `${company.name} ${exchange ? `БО-00${program}Р-${series}` : `${program}-${series}`}`,
        nameEng: `${company.nameEng} ${exchange ? `BO-00${program}P-${series}` : `${program}-${series}`}`,
        isin,
        status: rng.uniform() < 0.8 ? SECURITY_STATUS.traded : SECURITY_STATUS.notTraded,
        document: 'search:document_bond',
        measureId: MEASURE.percentOfNominal,
        grounds: [{ groundId: 1, ticker: isin }],
        synthetic: true,
      };
    } else if (type === 'stocks') {
      const preferred = rng.uniform() < 0.15;
      const ticker = syntheticTicker(rng, company.nameEng, preferred ? 5 : 4, used.tickers);
      const groundCount = rng.uniform() < 0.2 ? 2 : 1;
      yield {
        type,
        entityId: id,
        url: `/stocks/${ticker.toLowerCase()}/`,
        name: preferred ? `${company.name} ап` : company.name,
        nameEng: preferred ? `${company.nameEng} pref` : company.nameEng,
        isin: syntheticIsin(rng, used.isins),
        status: rng.uniform() < 0.95 ? SECURITY_STATUS.traded : SECURITY_STATUS.notTraded,
        document: preferred ? 'stock:share_type_preferred' : 'stock:share_type_ordinary',
        measureId: MEASURE.price,
        grounds: [1, 2].slice(0, groundCount).map((groundId) => ({ groundId, ticker })),
        synthetic: true,
      };
    } else if (type === 'etf') {
      const [manager, managerEng] = pickOf(rng, FUND_MANAGERS);
      const [theme, themeEng] = pickOf(rng, ETF_THEMES);
      const nameEng = `${managerEng} ${themeEng}`;
      yield {
        type,
        entityId: id,
        url: `/etf/${id}/`,
        name: `${manager} — ${theme}`,
        nameEng,
        isin: syntheticIsin(rng, used.isins),
        status: SECURITY_STATUS.traded,
        document: 'search:document_etf',
        measureId: MEASURE.price,
        grounds: [{ groundId: 1, ticker: syntheticTicker(rng, nameEng, 4, used.tickers) }],
        synthetic: true,
      };
    } else {
      const [theme, themeEng] = pickOf(rng, INDEX_THEMES);
      const [root, rootEng] = pickOf(rng, ROOTS);
      const nameEng = `${rootEng} ${themeEng}`;
      yield {
        type: 'indexes',
        entityId: id,
        url: `/indexes/${id}/`,
        name: `${theme} «${root}»`,
        nameEng,
        isin: null,
        status: SECURITY_STATUS.traded,
        document: 'search:document_index',
        measureId: MEASURE.points,
        grounds: [{ groundId: 1, ticker: syntheticTicker(rng, `X${rootEng}`, 5, used.tickers) }],
        synthetic: true,
      };
    }
  }
}

export const searchDomain: DataDomain = {
  name: 'search',
  schema: SEARCH_SCHEMA,
  fill(db: Database.Database, ctx: DomainContext): void {
    const items = demoSearchItems(db, ctx.asOf);
    insertSearchItems(db, items);
    const missing = ctx.scale - items.length;
    if (missing > 0) {
      const used = {
        tickers: new Set(items.flatMap((item) => item.grounds.map((g) => g.ticker))),
        isins: new Set(items.flatMap((item) => (item.isin ? [item.isin] : []))),
      };
      insertSearchItems(db, syntheticSearchItems(substream(ctx.seed, 'search:synthetic'), missing, used));
    }
    // One b-tree per index: faster queries, and the file does not depend on merge timing.
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('optimize')");
  },
};
