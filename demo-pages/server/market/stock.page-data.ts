/**
 * The page data a legacy template injects (SPEC §3 "Page data"; DESIGN §3): built from SQL,
 * masked for the session, in the page's language. The same objects answer `?format=json`.
 */
import { formatNumber } from '../../../src/contract/format.ts';
import { addMonths, displayDate } from '../../../src/contract/calendar.ts';
import { roundTo } from '../../data/prices.ts';
import type { FastifyRequest } from 'fastify';
import type { Lang, ServerTable, StockPageData, TradingGround } from '../../../src/contract/types.ts';
import {
  DIVIDENDS_DESKTOP_FIELDS,
  DIVIDENDS_LIMIT,
  EXCHANGE_DESKTOP_FIELDS,
} from '../../../src/contract/tables.ts';
import type { AppContext } from '../shared/context.ts';
import type { LabelStore } from '../shared/labels.ts';
import { pickName } from '../shared/lang.ts';
import { maskDerived, maskRow, priceAccessOf, type PriceAccess } from '../shared/masking.ts';
import { marketStockPageFields } from './market.page-data.ts';
import { computePriceDynamics, percentChange } from './price-dynamics.ts';
import type { MarketRepository } from './market.repo.ts';
import type { DividendRow, EmitentRow, StockGroundRow, StockRepository, StockRow } from './stocks.repo.ts';

/** SPEC §2 exchange table columns (desktop): the element's list. */
export const EXCHANGE_TABLE_FIELDS: string[] = [...EXCHANGE_DESKTOP_FIELDS];

/** SPEC §2 dividends table columns (desktop). */
export const DIVIDENDS_TABLE_FIELDS: string[] = [...DIVIDENDS_DESKTOP_FIELDS];

export interface PageContext {
  repo: StockRepository;
  market: MarketRepository;
  labels: LabelStore;
  lang: Lang;
  access: PriceAccess;
  /** The demo's today (YYYY-MM-DD), for "nearest" dividends. */
  asOf: string;
}

export function stockUrl(stringId: string, groundId: number | null = null): string {
  const base = `/stocks/${encodeURIComponent(stringId)}/`;
  return groundId === null ? base : `${base}${groundId}/`;
}

export function groundText(lang: Lang, ground: Pick<StockGroundRow, 'name' | 'name_eng'>): string {
  return pickName(lang, ground.name, ground.name_eng);
}

export function stockName(lang: Lang, stock: Pick<StockRow, 'name' | 'name_eng'>): string {
  return pickName(lang, stock.name, stock.name_eng);
}

export function emitentName(lang: Lang, emitent: Pick<EmitentRow, 'name' | 'name_eng'>): string {
  return pickName(lang, emitent.name, emitent.name_eng);
}

export function buildStockPageData(ctx: PageContext, stock: StockRow, groundId: number): StockPageData {
  const { repo, lang } = ctx;
  const grounds = repo.grounds(stock.id);
  const emitent = repo.emitent(stock.emitent_id);
  const tradingGrounds: TradingGround[] = grounds.map((g) => ({
    id: g.ground_id,
    text: groundText(lang, g),
  }));
  const [lastBar] = repo.latestBars(stock.id, groundId, 1);
  const firstDate = repo.firstBarDate(stock.id, groundId);
  const dividends = repo.dividends(stock.id);
  const kindLabel = ctx.labels.text(lang, `stock:share_type_${stock.kind}`);

  return {
    lang,
    stockId: stock.id,
    groundId,
    stringId: stock.string_id,
    stockInfo: {
      stock_full_name: emitent
        ? `${pickName(lang, emitent.full_name, emitent.full_name_eng)} (${kindLabel})`
        : stockName(lang, stock),
      splits: repo
        .splits(stock.id)
        .map((split) => ({ date: displayDate(split.date), coefficient: split.coefficient })),
    },
    tradingGrounds,
    exchangeTable: {
      data: grounds.map((ground) => exchangeRow(ctx, stock, ground)),
      fields: EXCHANGE_TABLE_FIELDS,
    },
    paramsTable: paramsTable(ctx, stock, emitent, grounds[0]),
    dividendsTable: dividendsTable(ctx, dividends),
    nearestDividend: nearestDividend(ctx.labels, lang, dividends, ctx.asOf),
    emitentSharesStocksList: repo
      .stocksOfEmitent(stock.emitent_id)
      .filter((other) => other.id !== stock.id)
      .map((other) => ({
        id: other.id,
        string_id: other.string_id,
        name: stockName(lang, other),
        url: stockUrl(other.string_id),
      })),
    // emitentSharesBondsList and indexesList: see marketStockPageFields below.
    // Excel export defaults to the chart's default period (1M); the archive spans all the bars.
    excelDefaultStart: lastBar ? displayDate(addMonths(lastBar.date, -1)) : '',
    excelDefaultEnd: lastBar ? displayDate(lastBar.date) : '',
    excelGraphTableStartDate: firstDate ? displayDate(firstDate) : '',
    excelGraphTableEndDate: lastBar ? displayDate(lastBar.date) : '',
    hideGraph: false,
    excelExportAccess: ctx.access === 'full',
    // Intraday bars of the last trading date on this ground: without them the chart hides Today.
    intradayAvailable: lastBar ? ctx.market.intraday(stock.id, groundId, lastBar.date).length > 0 : false,
    error: null,
    ...marketStockPageFields(ctx, stock, groundId),
  };
}

/** One exchange-table row: the stock's latest trading day on one ground. */
function exchangeRow(ctx: PageContext, stock: StockRow, ground: StockGroundRow): Record<string, unknown> {
  const [bar, previous] = ctx.repo.latestBars(stock.id, ground.ground_id, 2);
  const dynamics = computePriceDynamics(ctx.repo, stock.id, ground.ground_id);
  const last = dynamics?.lastPrice ?? bar?.close ?? null;
  const change = last !== null && previous ? percentChange(last, previous.close) : null;
  // A synthetic spread of one price step around the last price, written as the page writes
  // numbers ("3,303 / 3,305" in German): the element shows this text as it is.
  const step = 10 ** -ground.decimals;
  const price = (value: number) => formatNumber(value, ground.decimals, ctx.lang);
  const buySell = last === null ? null : `${price(last - step)} / ${price(last + step)}`;
  const changeVisible = maskDerived(change, ctx.access, 'paid', null);
  const row = {
    trading_ground: { id: ground.ground_id, text: groundText(ctx.lang, ground) },
    currency_name: ground.currency,
    // The row colour tells the direction of the change, so it is hidden with the change.
    class: changeVisible === null || changeVisible === 0 ? '' : changeVisible > 0 ? 'up' : 'down',
    date: bar ? displayDate(bar.date) : null,
    last,
    change,
    buy_sell: buySell,
    open: bar?.open ?? null,
    min: bar?.low ?? null,
    max: bar?.high ?? null,
    avg: bar ? roundTo((bar.open + bar.high + bar.low + bar.close) / 4, ground.decimals) : null,
    legal_close_price: bar?.close ?? null,
    tiker: ground.ticker,
  };
  return maskRow(row, ctx.access, {
    last: 'last',
    change: 'paid',
    buy_sell: 'paid',
    open: 'paid',
    min: 'paid',
    max: 'paid',
    avg: 'paid',
    legal_close_price: 'paid',
  });
}

function paramsTable(
  ctx: PageContext,
  stock: StockRow,
  emitent: EmitentRow | undefined,
  main: StockGroundRow | undefined,
): ServerTable {
  const { labels, lang } = ctx;
  const param = (id: string, value: unknown) => ({ id, name: labels.text(lang, `stock:${id}`), value });
  const data = [
    param('isin', stock.isin),
    param('ticker', main?.ticker ?? null),
    param('emitent', emitent ? { val: emitentName(lang, emitent), lnk: `/company/${emitent.id}/` } : null),
    param('share_type', labels.text(lang, `stock:share_type_${stock.kind}`)),
    param('lot_size', stock.lot),
    param('nominal', stock.nominal),
    param('shares_outstanding', stock.shares_outstanding),
  ].filter((row) => row.value !== null);
  return { data, fields: ['name', 'value'] };
}

/**
 * The name of a dividend's period ("for 2025") in the page's language. The demo's dividends are
 * yearly, so the name comes from the year and a label of each language (the database's own names
 * are Russian and English only).
 */
export function dividendPeriodName(labels: LabelStore, lang: Lang, d: Pick<DividendRow, 'year'>): string {
  return labels.text(lang, 'stock:dividend_period_year').replace('{year}', String(d.year));
}

function dividendRow(labels: LabelStore, lang: Lang, d: DividendRow): Record<string, unknown> {
  return {
    year: d.year,
    dividends_periods_name: dividendPeriodName(labels, lang, d),
    last_date_of_purchase: displayDate(d.last_date_of_purchase),
    date_of_ex_dividend: displayDate(d.date_of_ex_dividend),
    date_of_close_list_dividends: displayDate(d.date_of_close_list_dividends),
    summ: d.summ,
    currency: d.currency,
    announcement_date: displayDate(d.announcement_date),
    payment_date: displayDate(d.payment_date),
  };
}

/**
 * The dividends, newest first. The history beyond the first DIVIDENDS_LIMIT records is for paid
 * access (the table's expansion is locked for the others), so other sessions get only those rows
 * and `total`, the number the table would show when expanded.
 */
function dividendsTable(ctx: PageContext, dividends: DividendRow[]): ServerTable {
  const rows = dividends.map((d) => dividendRow(ctx.labels, ctx.lang, d));
  if (ctx.access === 'full' || rows.length <= DIVIDENDS_LIMIT) {
    return { data: rows, fields: DIVIDENDS_TABLE_FIELDS };
  }
  return { data: rows.slice(0, DIVIDENDS_LIMIT), fields: DIVIDENDS_TABLE_FIELDS, total: rows.length };
}

/** The next dividend whose register closes today or later (the dividends come newest first). */
function nearestDividend(
  labels: LabelStore,
  lang: Lang,
  dividends: DividendRow[],
  asOf: string,
): Record<string, unknown> | null {
  const upcoming = dividends.filter((d) => d.date_of_close_list_dividends >= asOf);
  const next = upcoming[upcoming.length - 1];
  return next ? dividendRow(labels, lang, next) : null;
}

/** The page context of a request: its repositories, labels, language and price access. */
export function pageContext(ctx: AppContext, request: FastifyRequest, lang: Lang): PageContext {
  return {
    repo: ctx.repo,
    market: ctx.market,
    labels: ctx.labels,
    lang,
    access: priceAccessOf(request.session?.user ?? null),
    asOf: ctx.meta.asOf,
  };
}
