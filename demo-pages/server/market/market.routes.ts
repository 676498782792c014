/**
 * The market calls of SPEC §7: chart data (the tradings link), the archive table, holders,
 * leaders, capitalisation, indicators, the stock action log, index graphic data and comparison,
 * and the watchlist. registerMarket wires them, the archive export and the market pages.
 */
import { INTRADAY_PERIOD_ID } from '../../../src/contract/period.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addMonths, unixSeconds } from '../../../src/contract/calendar.ts';
import type { TradingField } from '../../../src/contract/stocks.ts';
import type { IndexCompareData, IndexGraphPoint } from '../../../src/contract/indexes.ts';
import type { Lang } from '../../../src/contract/types.ts';
import { logAction } from '../profile/action-log.repo.ts';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { pickName, requestLang } from '../shared/lang.ts';
import { NEED_AUTH, NEED_GET_ACCESS, paidRefusal, sendRefusal } from './market.access.ts';
import { registerArchiveExport } from './market.export.ts';
import { registerMarketPages } from './market.pages.ts';
import type { MarketRepository } from './market.repo.ts';
import { type MarketIndexRow } from './market.repo.ts';
import {
  capitalizationTable,
  defaultWindow,
  fullInfoTable,
  holdersAnswer,
  leadersTable,
  stockAndGround,
  stockIndicators,
  watchlistRows,
  type TableDeps,
} from './market.tables.ts';
import { priceAccessOf } from '../shared/masking.ts';
import {
  buildTradings,
  dateWindow,
  isoDate,
  scalePoints,
  TRADING_FIELDS,
  type TradingPair,
} from './tradings.ts';

/** SPEC §5: at most 10 stocks and 10 indexes in a comparison. */
export const MAX_COMPARED = 10;

const DISPLAY_DATE = { type: 'string', pattern: '^\\d{2}\\.\\d{2}\\.\\d{4}$' } as const;
const ID_LIST = { type: 'array', items: ID, maxItems: MAX_COMPARED } as const;
const FIELD_LIST = { type: 'array', items: { type: 'string', enum: TRADING_FIELDS }, maxItems: 5 } as const;
const STOCK_GROUND_PARAMS = {
  type: 'object',
  properties: { stockId: ID, groundId: ID },
  required: ['stockId', 'groundId'],
} as const;
const LANG_QUERY = { type: 'object', properties: { lang: { type: 'string' } } } as const;

function tableDeps(ctx: AppContext, market: MarketRepository, request: FastifyRequest): TableDeps {
  return {
    repo: ctx.repo,
    market,
    labels: ctx.labels,
    lang: requestLang(request),
    access: priceAccessOf(request.session?.user ?? null),
  };
}

export function registerMarket(app: FastifyInstance, ctx: AppContext): void {
  const { market } = ctx;
  registerTradingRoutes(app, ctx, market);
  registerStockTableRoutes(app, ctx, market);
  registerIndexRoutes(app, ctx, market);
  registerWatchlistRoutes(app, ctx, market);
  registerArchiveExport(app, ctx, market);
  registerMarketPages(app, ctx, market);
}

// ---------------------------------------------------------------------------------------------
// Chart data

/** The payload of the tradings link; GET sends it as a query (arrays as repeated keys, with or without []). */
interface TradingsInput {
  date_from?: string;
  date_to?: string;
  stocks_ids?: number[];
  'stocks_ids[]'?: number[];
  trading_ground_ids?: number[];
  'trading_ground_ids[]'?: number[];
  fields?: TradingField[];
  'fields[]'?: TradingField[];
  userChangePeriod?: unknown;
  getChartIteration?: unknown;
}

const TRADINGS_SCHEMA = {
  type: 'object',
  properties: {
    date_from: DISPLAY_DATE,
    date_to: DISPLAY_DATE,
    stocks_ids: ID_LIST,
    'stocks_ids[]': ID_LIST,
    trading_ground_ids: ID_LIST,
    'trading_ground_ids[]': ID_LIST,
    fields: FIELD_LIST,
    'fields[]': FIELD_LIST,
    lang: { type: 'string' },
  },
} as const;

function registerTradingRoutes(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  const handler = async (request: FastifyRequest, input: TradingsInput, reply: FastifyReply) => {
    const stocks = input.stocks_ids ?? input['stocks_ids[]'] ?? [];
    const grounds = input.trading_ground_ids ?? input['trading_ground_ids[]'];
    if (stocks.length === 0) throw new HttpError(400, 'stocks_ids must name at least one stock');
    if (grounds && grounds.length !== stocks.length)
      throw new HttpError(400, 'trading_ground_ids must have one ground id per stock id');
    const pairs: TradingPair[] = stocks.map((stockId, i) => {
      const groundId = grounds?.[i] ?? ctx.repo.grounds(stockId)[0]?.ground_id;
      if (groundId === undefined) throw new HttpError(404, `Unknown stock ${stockId}`);
      return { stockId, groundId };
    });
    const fields = [...new Set<TradingField>(input.fields ?? input['fields[]'] ?? ['close'])];
    const first = pairs[0] as TradingPair;
    const lastDate = market.lastBarDate(first.stockId, first.groundId) ?? ctx.meta.lastTradingDay;
    const window = dateWindow(
      isoDate(input.date_from, 'date_from'),
      isoDate(input.date_to, 'date_to'),
      { from: addMonths(lastDate, -1), to: lastDate },
      ['date_from', 'date_to'],
    );

    const access = priceAccessOf(request.session?.user ?? null);
    // Comparing stocks and the extended chart are paid features (SPEC §6).
    if (pairs.length > 1) {
      const refusal = paidRefusal(request);
      if (refusal) return sendRefusal(reply, refusal);
    }
    const extended = fields.some((field) => field !== 'close');
    if (extended && access === 'last') return sendRefusal(reply, NEED_GET_ACCESS);

    const outcome = buildTradings(
      {
        repo: ctx.repo,
        market,
        labels: ctx.labels,
        lang: requestLang(request),
        access,
        intradayDay: ctx.meta.lastTradingDay,
        emptyData: extended && access === 'none',
      },
      { ...window, pairs, fields },
    );
    if (outcome.status === 404) throw new HttpError(404, outcome.error);
    if (outcome.status === 206)
      return reply.status(206).send({ date: outcome.date, 'date.numeric': outcome['date.numeric'] });
    return outcome.series;
  };

  app.get<{ Querystring: TradingsInput }>(
    '/api/stocks/get_tradings/',
    { schema: { querystring: TRADINGS_SCHEMA } },
    async (request, reply) => handler(request, request.query, reply),
  );
  app.post<{ Body: TradingsInput }>(
    '/api/stocks/get_tradings/',
    { schema: { body: TRADINGS_SCHEMA } },
    async (request, reply) => handler(request, request.body ?? {}, reply),
  );
}

// ---------------------------------------------------------------------------------------------
// Stock tables and the action log

function registerStockTableRoutes(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  const archive = (
    request: FastifyRequest,
    stockId: number,
    groundId: number,
    from?: string,
    to?: string,
  ) => {
    const [, ground] = stockAndGround(ctx, stockId, groundId);
    const window = dateWindow(
      isoDate(from, 'dateFrom'),
      isoDate(to, 'dateTo'),
      defaultWindow(market, stockId, groundId, ctx.meta.lastTradingDay),
      ['dateFrom', 'dateTo'],
    );
    return fullInfoTable(tableDeps(ctx, market, request), ground, stockId, window.from, window.to);
  };

  app.get<{
    Params: { stockId: number; groundId: number };
    Querystring: { dateFrom?: string; dateTo?: string };
  }>(
    '/api/stocks/get-tradings-full-info-table/:stockId/:groundId/',
    {
      schema: {
        params: STOCK_GROUND_PARAMS,
        querystring: {
          type: 'object',
          properties: { dateFrom: DISPLAY_DATE, dateTo: DISPLAY_DATE, lang: { type: 'string' } },
        },
      },
    },
    async (request) =>
      archive(
        request,
        request.params.stockId,
        request.params.groundId,
        request.query.dateFrom,
        request.query.dateTo,
      ),
  );

  app.post<{ Params: { stockId: number; groundId: number }; Body: { dateFrom?: string; dateTo?: string } }>(
    '/api/stocks/:stockId/:groundId/createTableTradingFullInfo/',
    {
      schema: {
        params: STOCK_GROUND_PARAMS,
        body: { type: 'object', properties: { dateFrom: DISPLAY_DATE, dateTo: DISPLAY_DATE } },
      },
    },
    async (request) =>
      archive(
        request,
        request.params.stockId,
        request.params.groundId,
        request.body?.dateFrom,
        request.body?.dateTo,
      ),
  );

  app.get<{ Params: { stockId: number } }>(
    '/api/stocks/get-holders/:stockId/',
    {
      schema: {
        params: { type: 'object', properties: { stockId: ID }, required: ['stockId'] },
        querystring: LANG_QUERY,
      },
    },
    async (request) => {
      if (!ctx.repo.stock(request.params.stockId))
        throw new HttpError(404, `Unknown stock ${request.params.stockId}`);
      return holdersAnswer(tableDeps(ctx, market, request), request.params.stockId);
    },
  );

  // branchId 0 means every branch.
  const branchGround = {
    type: 'object',
    properties: { branchId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 }, groundId: ID },
    required: ['branchId', 'groundId'],
  } as const;
  const checkBranchGround = (branchId: number, groundId: number): string => {
    if (branchId !== 0 && !market.branch(branchId)) throw new HttpError(404, `Unknown branch ${branchId}`);
    const ground = market.tradingGround(groundId);
    if (!ground) throw new HttpError(404, `Unknown trading ground ${groundId}`);
    return ground.currency;
  };

  app.get<{ Params: { branchId: number; groundId: number } }>(
    '/api/stocks/get-capitalization/:branchId/:groundId/',
    { schema: { params: branchGround, querystring: LANG_QUERY } },
    async (request) => {
      const { branchId, groundId } = request.params;
      const currency = checkBranchGround(branchId, groundId);
      return capitalizationTable(tableDeps(ctx, market, request), branchId, groundId, currency);
    },
  );

  app.get<{ Params: { branchId: number; groundId: number; type: 1 | 2 } }>(
    '/api/stocks/get-growing-leaders/:branchId/:groundId/:type/',
    {
      schema: {
        params: {
          ...branchGround,
          properties: { ...branchGround.properties, type: { type: 'integer', enum: [1, 2] } },
          required: ['branchId', 'groundId', 'type'],
        },
        querystring: LANG_QUERY,
      },
    },
    async (request) => {
      const { branchId, groundId, type } = request.params;
      const currency = checkBranchGround(branchId, groundId);
      return leadersTable(
        tableDeps(ctx, market, request),
        branchId,
        groundId,
        type === 1 ? 'growing' : 'falling',
        currency,
      );
    },
  );

  app.get<{ Params: { stockId: number; groundId: number } }>(
    '/api/stocks/indicators/:stockId/:groundId/',
    { schema: { params: STOCK_GROUND_PARAMS, querystring: LANG_QUERY } },
    async (request) => {
      const [stock, ground] = stockAndGround(ctx, request.params.stockId, request.params.groundId);
      return stockIndicators(tableDeps(ctx, market, request), stock.id, ground, stock.shares_outstanding);
    },
  );

  app.post<{ Body: { actionId: number } }>(
    '/api/stocks/contactActionLog/',
    {
      config: { csrf: true },
      schema: {
        body: {
          type: 'object',
          properties: { actionId: ID, sid: { type: 'string' } },
          required: ['actionId'],
        },
      },
    },
    async (request) => {
      const id = logAction(ctx.db, {
        scope: 'stocks',
        actionId: request.body.actionId,
        userId: request.session?.user?.id ?? null,
        sessionId: request.session?.id ?? null,
        createdAt: ctx.now(),
      });
      return { result: true, id };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Indexes

const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;

/** "DD.MM.YYYY HH:mm" in Moscow time, the intraday points' titles. */
function moscowTime(seconds: number): string {
  const date = new Date(seconds * 1000 + MOSCOW_OFFSET_MS).toISOString();
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)} ${date.slice(11, 16)}`;
}

function indexName(lang: Lang, index: MarketIndexRow): string {
  return pickName(lang, index.name, index.name_eng);
}

interface IndexWindow {
  from?: string;
  to?: string;
  intraday: boolean;
}

/** One index's points over the window (or its intraday values), masked for the session. */
function indexGraph(
  market: MarketRepository,
  index: MarketIndexRow,
  window: IndexWindow,
  paid: boolean,
  lang: Lang,
): IndexCompareData {
  let points: IndexGraphPoint[];
  const intradayDate = market.indexIntradayDate(index.id);
  const intraday =
    window.intraday ||
    (window.from !== undefined && window.from === window.to && window.from === intradayDate);
  if (intraday) {
    points =
      intradayDate === null
        ? []
        : market
            .indexIntraday(index.id, intradayDate)
            .map((row) => ({ 'date.numeric': row.time, value: row.value, date: moscowTime(row.time) }));
  } else {
    const last = market.indexLatest(index.id, 1)[0]?.date ?? '';
    const to = window.to ?? last;
    const from = window.from ?? addMonths(to, -1);
    points = market.indexValues(index.id, from, to).map((row) => ({
      'date.numeric': unixSeconds(row.date),
      value: row.value,
      date: `${row.date.slice(8, 10)}.${row.date.slice(5, 7)}.${row.date.slice(0, 4)}`,
    }));
  }
  const base = { index_id: index.id, name: indexName(lang, index), code: index.code };
  if (paid) return { ...base, graph_data: points };
  const scaled = scalePoints(points.map((p) => [p['date.numeric'], p.value]));
  return {
    ...base,
    graph_data: points.map((p, i) => ({ ...p, value: (scaled[i] as [number, number])[1] })),
    scaled: true,
  };
}

function registerIndexRoutes(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  const indexOrThrow = (id: number) => {
    const index = market.index(id);
    if (!index) throw new HttpError(404, `Unknown index ${id}`);
    return index;
  };
  const PERIOD = { type: ['integer', 'null'] } as const;

  app.post<{
    Params: { indexId: number };
    Body: { endDate?: string; beginDate?: string; compareIndexes?: number[]; periodId?: number | null };
  }>(
    '/api/indexes/:indexId/getGraphicData/',
    {
      schema: {
        params: { type: 'object', properties: { indexId: ID }, required: ['indexId'] },
        body: {
          type: 'object',
          properties: {
            endDate: DISPLAY_DATE,
            beginDate: DISPLAY_DATE,
            compareIndexes: ID_LIST,
            periodId: PERIOD,
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const index = indexOrThrow(request.params.indexId);
      const compared = (body.compareIndexes ?? []).map(indexOrThrow);
      if (compared.length > 0) {
        const refusal = paidRefusal(request);
        if (refusal) return sendRefusal(reply, refusal);
      }
      const from = isoDate(body.beginDate, 'beginDate');
      const to = isoDate(body.endDate, 'endDate');
      if (from && to && from > to) throw new HttpError(400, 'beginDate is after endDate');
      const window = { from, to, intraday: body.periodId === INTRADAY_PERIOD_ID };
      const paid = priceAccessOf(request.session?.user ?? null) === 'full';
      const lang = requestLang(request);
      return { compare_data: [index, ...compared].map((i) => indexGraph(market, i, window, paid, lang)) };
    },
  );

  app.post<{
    Params: { id: number };
    Body: { index_id?: number; end_date?: string; begin_date?: string; period_id?: number | null };
  }>(
    '/api/indexes/:id/getCompareGraphicData/',
    {
      schema: {
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
        body: {
          type: 'object',
          properties: { index_id: ID, end_date: DISPLAY_DATE, begin_date: DISPLAY_DATE, period_id: PERIOD },
        },
      },
    },
    async (request, reply) => {
      const refusal = paidRefusal(request);
      if (refusal) return sendRefusal(reply, refusal);
      const body = request.body ?? {};
      const index = indexOrThrow(body.index_id ?? request.params.id);
      const from = isoDate(body.begin_date, 'begin_date');
      const to = isoDate(body.end_date, 'end_date');
      if (from && to && from > to) throw new HttpError(400, 'begin_date is after end_date');
      return indexGraph(
        market,
        index,
        { from, to, intraday: body.period_id === INTRADAY_PERIOD_ID },
        true,
        requestLang(request),
      );
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Watchlist

function registerWatchlistRoutes(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  app.post<{ Body: { stockId: number; add?: number[]; qnt?: number } }>(
    '/api/watchlist/addStock/',
    {
      config: { csrf: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            stockId: ID,
            add: ID_LIST,
            qnt: { type: 'number', minimum: 0, maximum: 1e12 },
            sid: { type: 'string' },
          },
          required: ['stockId'],
        },
      },
    },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) return sendRefusal(reply, NEED_AUTH);
      const { stockId, add = [], qnt = 0 } = request.body;
      if (!ctx.repo.stock(stockId)) throw new HttpError(404, `Unknown stock ${stockId}`);
      const grounds = [...new Set(add)];
      for (const groundId of grounds) {
        if (!ctx.repo.ground(stockId, groundId))
          throw new HttpError(400, `add: stock ${stockId} is not traded on trading ground ${groundId}`);
      }
      const lang = requestLang(request);
      market.setWatchlistStock(
        user.id,
        stockId,
        grounds,
        qnt,
        ctx.now(),
        ctx.labels.text(lang, 'market:watchlist_default_name'),
      );
      return { result: true, userStocksWL: watchlistRows(lang, market.watchlistItems(user.id)) };
    },
  );
}
