/**
 * The demo database schema. The generator creates it; the server reads the instrument tables and
 * writes only users, sessions, pending logins and the outbox. Dates are ISO text ('YYYY-MM-DD'),
 * moments are Unix milliseconds, intraday bar times are Unix seconds.
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE trading_grounds (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  name_eng TEXT NOT NULL,
  currency TEXT NOT NULL
);

CREATE TABLE emitents (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  name_eng      TEXT NOT NULL,
  full_name     TEXT NOT NULL,
  full_name_eng TEXT NOT NULL,
  country_id    INTEGER
);

CREATE TABLE stocks (
  id                 INTEGER PRIMARY KEY,
  string_id          TEXT NOT NULL UNIQUE,
  emitent_id         INTEGER NOT NULL REFERENCES emitents(id),
  name               TEXT NOT NULL,
  name_eng           TEXT NOT NULL,
  isin               TEXT,
  kind               TEXT NOT NULL CHECK (kind IN ('ordinary', 'preferred', 'foreign')),
  lot                INTEGER NOT NULL,
  nominal            REAL,
  shares_outstanding INTEGER NOT NULL
);

-- Where a stock trades. position 1 is the stock's main ground (its URL has no ground segment).
CREATE TABLE stock_grounds (
  stock_id  INTEGER NOT NULL REFERENCES stocks(id),
  ground_id INTEGER NOT NULL REFERENCES trading_grounds(id),
  position  INTEGER NOT NULL,
  ticker    TEXT NOT NULL,
  decimals  INTEGER NOT NULL,
  PRIMARY KEY (stock_id, ground_id)
) WITHOUT ROWID;

CREATE TABLE daily_bars (
  stock_id  INTEGER NOT NULL,
  ground_id INTEGER NOT NULL,
  date      TEXT NOT NULL,
  open      REAL NOT NULL,
  high      REAL NOT NULL,
  low       REAL NOT NULL,
  close     REAL NOT NULL,
  volume    INTEGER NOT NULL,
  PRIMARY KEY (stock_id, ground_id, date),
  FOREIGN KEY (stock_id, ground_id) REFERENCES stock_grounds(stock_id, ground_id)
) WITHOUT ROWID;

-- 5-minute bars of the last trading day; time = bar start, Unix seconds.
CREATE TABLE intraday_bars (
  stock_id  INTEGER NOT NULL,
  ground_id INTEGER NOT NULL,
  date      TEXT NOT NULL,
  time      INTEGER NOT NULL,
  open      REAL NOT NULL,
  high      REAL NOT NULL,
  low       REAL NOT NULL,
  close     REAL NOT NULL,
  volume    INTEGER NOT NULL,
  PRIMARY KEY (stock_id, ground_id, time),
  FOREIGN KEY (stock_id, ground_id) REFERENCES stock_grounds(stock_id, ground_id)
) WITHOUT ROWID;

CREATE TABLE dividends (
  id                           INTEGER PRIMARY KEY,
  stock_id                     INTEGER NOT NULL REFERENCES stocks(id),
  year                         INTEGER NOT NULL,
  period_name                  TEXT NOT NULL,
  period_name_eng              TEXT NOT NULL,
  summ                         REAL NOT NULL,
  currency                     TEXT NOT NULL,
  announcement_date            TEXT NOT NULL,
  last_date_of_purchase        TEXT NOT NULL,
  date_of_ex_dividend          TEXT NOT NULL,
  date_of_close_list_dividends TEXT NOT NULL,
  payment_date                 TEXT NOT NULL
);
CREATE INDEX dividends_by_stock ON dividends (stock_id, date_of_close_list_dividends);

CREATE TABLE splits (
  id          INTEGER PRIMARY KEY,
  stock_id    INTEGER NOT NULL REFERENCES stocks(id),
  date        TEXT NOT NULL,
  coefficient REAL NOT NULL
);

CREATE TABLE indexes (
  id        INTEGER PRIMARY KEY,
  code      TEXT NOT NULL UNIQUE,
  name      TEXT NOT NULL,
  name_eng  TEXT NOT NULL,
  ground_id INTEGER NOT NULL REFERENCES trading_grounds(id)
);

CREATE TABLE index_members (
  index_id INTEGER NOT NULL REFERENCES indexes(id),
  stock_id INTEGER NOT NULL REFERENCES stocks(id),
  PRIMARY KEY (index_id, stock_id)
) WITHOUT ROWID;

-- UI texts: /api/labels/{module}/ (SPEC §7), one row per language.
CREATE TABLE labels (
  module TEXT NOT NULL,
  key    TEXT NOT NULL,
  lang   TEXT NOT NULL,
  text   TEXT NOT NULL,
  PRIMARY KEY (module, key, lang)
) WITHOUT ROWID;

CREATE TABLE users (
  id           INTEGER PRIMARY KEY,
  phone        TEXT NOT NULL UNIQUE,
  access_level INTEGER NOT NULL DEFAULT 0,
  country_id   INTEGER,
  created_at   INTEGER NOT NULL
);

CREATE TABLE user_tariffs (
  user_id   INTEGER NOT NULL REFERENCES users(id),
  tariff_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, tariff_id)
) WITHOUT ROWID;

-- Cookie sessions (fin_sid). csrf is the 'sid' token the page hands to state-changing calls.
CREATE TABLE sessions (
  id         TEXT PRIMARY KEY,
  csrf       TEXT NOT NULL,
  user_id    INTEGER REFERENCES users(id),
  created_at INTEGER NOT NULL,
  seen_at    INTEGER NOT NULL
);

-- A login waiting for its SMS code; one per session.
CREATE TABLE pending_logins (
  session_id    TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  phone         TEXT NOT NULL,
  code          TEXT NOT NULL,
  sent_at       INTEGER NOT NULL,
  started_at    INTEGER NOT NULL,
  wrong_entries INTEGER NOT NULL DEFAULT 0
);

-- What an SMS gateway would have delivered; readable at /dev/outbox outside production.
CREATE TABLE outbox (
  id         INTEGER PRIMARY KEY,
  phone      TEXT NOT NULL,
  code       TEXT NOT NULL,
  sent_at    INTEGER NOT NULL,
  -- The session that asked for the code, so one browser can read its own code when several sign in
  -- with the same phone at once (parallel tests).
  session_id TEXT
);
`;
