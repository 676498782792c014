/**
 * The instrument pages of the market domain (DESIGN §7), legacy style: /bonds/{id}/,
 * /indexes/{id}/, /etf/{id}/ and /watchlist/. Each injects its page data (`?format=json` returns
 * it) and renders the name, a facts table and links on the server; prices are masked like every
 * answer. GET /watchlist/?ajax=1 is the watchlist call of SPEC §7.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addMonths, displayDate } from '../../../src/contract/calendar.ts';
import type { WatchlistRow } from '../../../src/contract/watchlist.ts';
import type { Lang, MaskedValue, ServerTable } from '../../../src/contract/types.ts';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { pageLang, pickName, requestLang } from '../shared/lang.ts';
import { NEED_AUTH, sendRefusal } from './market.access.ts';
import { indexUrl } from './market.page-data.ts';
import type { MarketRepository } from './market.repo.ts';
import { watchlistRows } from './market.tables.ts';
import {
  maskNumeric,
  maskPrice,
  priceAccessOf,
  type PriceAccess,
  type PriceKind,
} from '../shared/masking.ts';
import { emitentName, groundText, stockName, stockUrl } from './stock.page-data.ts';
import { percentChange } from './price-dynamics.ts';
import { sendPage } from '../shared/page.ts';
import { html, type SafeHtml } from '../templates/html.ts';
import { tableBox } from '../templates/table-box.ts';
import { breadcrumb } from '../templates/layout.ts';
import { DATA_TABLE_STYLE } from '../templates/data-table.style.ts';
import { formatNumber, formatPercent, formatPercentChange } from '../../../src/contract/format.ts';

/** A facts-table row: label key (also its id) and the value to show. */
type Fact = {
  id: string;
  name: string;
  value: unknown;
};

export interface BondPageData {
  lang: Lang;
  bondId: number;
  isin: string;
  name: string;
  kind: 'ofz' | 'corporate';
  emitentId: number | null;
  issuerName: string;
  groundId: number;
  currency: string;
  nominal: number;
  couponRate: number;
  couponFrequency: number;
  issueDate: string;
  maturityDate: string;
  matured: boolean;
  nextCoupon: { date: string; amount: number } | null;
  /** The last trading day, DD.MM.YYYY. */
  lastDate: string | null;
  /** Clean price, percent of the nominal (the last price: any signed-in user). */
  lastPrice: MaskedValue;
  'lastPrice.numeric': number | null;
  /** Yield to maturity at the last close, percent (paid). */
  yield: MaskedValue;
  'yield.numeric': number | null;
  accruedInterest: number | null;
  factsTable: ServerTable;
  error: string | null;
}

export interface IndexPageData {
  lang: Lang;
  indexId: number;
  code: string;
  name: string;
  groundId: number;
  groundName: string;
  lastDate: string | null;
  lastValue: MaskedValue;
  'lastValue.numeric': number | null;
  /** Percent against the previous day (paid). */
  change: MaskedValue;
  'change.numeric': number | null;
  members: Array<{ id: number; name: string; url: string }>;
  /** POST {endDate, beginDate, compareIndexes, periodId} (SPEC §7). */
  graphicDataLink: string;
  compareGraphicDataLink: string;
  /** 5-minute values of the last trading day exist (periodId 99). */
  intraday: boolean;
  factsTable: ServerTable;
  error: string | null;
}

export interface EtfPageData {
  lang: Lang;
  etfId: number;
  ticker: string;
  isin: string;
  name: string;
  provider: string;
  assetClass: string;
  groundId: number;
  currency: string;
  benchmark: { id: number; code: string; name: string; url: string } | null;
  inceptionDate: string;
  expenseRatio: number;
  lastDate: string | null;
  lastPrice: MaskedValue;
  'lastPrice.numeric': number | null;
  /** SPEC nav_per_share: net asset value per share on the last day (paid). */
  navPerShare: MaskedValue;
  'navPerShare.numeric': number | null;
  /** Price over NAV, percent (paid). */
  premium: MaskedValue;
  'premium.numeric': number | null;
  factsTable: ServerTable;
  error: string | null;
}

export interface WatchlistPageData {
  lang: Lang;
  userAuth: boolean;
  /** null for anonymous visitors (they get a log-in prompt). */
  userStocksWL: WatchlistRow[] | null;
  error: string | null;
}

const PAGE = { page: true } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: { format: { type: 'string' }, lang: { type: 'string' }, ajax: { type: 'string' } },
} as const;
const ID_PARAMS = { type: 'object', properties: { id: ID }, required: ['id'] } as const;

function wantsJson(request: FastifyRequest): boolean {
  return (request.query as { format?: string }).format === 'json';
}

function masked(field: string, value: number | null, access: PriceAccess, kind: PriceKind) {
  return { [field]: maskPrice(value, access, kind), [`${field}.numeric`]: maskNumeric(value, access, kind) };
}

/**
 * A number as the stock page shows it, in the page's language (SPEC §9: thousands separated, a
 * real minus sign), through the one formatter the elements use.
 */
function number(value: number, lang: Lang, decimals = 2): string {
  return formatNumber(value, decimals, lang);
}

type NumberFormat = (value: number, lang: Lang) => string;

const price: NumberFormat = (value, lang) => number(value, lang);
const percent: NumberFormat = (value, lang) => formatPercent(value, 2, lang);
const change: NumberFormat = (value, lang) => formatPercentChange(value, 2, lang);

/**
 * How a fact's number is shown (the page data keeps the number): prices with two decimals,
 * changes signed like the stock page's price dynamics; any other number (a count) as it is.
 */
const FACT_FORMATS: Record<string, NumberFormat> = {
  bond_price: price,
  index_value: price,
  last_price: price,
  nav_per_share: price,
  yield: percent,
  change_day: change,
  change_1y: change,
  premium: change,
};

function display(value: unknown, lang: Lang, format?: NumberFormat): SafeHtml | string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number')
    return format ? format(value, lang) : number(value, lang, Number.isInteger(value) ? 0 : 2);
  if (typeof value === 'object' && 'val' in value && 'lnk' in value) {
    const link = value as { val: string; lnk: string };
    return html`<a href="${link.lnk}">${link.val}</a>`;
  }
  return String(value);
}

/** A titled section of the page, its content in a card like the stock page's elements. */
function pageSection(id: string, title: string, content: SafeHtml): SafeHtml {
  return html`<section id="${id}" class="page-section" aria-labelledby="${id}-title">
    <h2 id="${id}-title">${title}</h2>
    <div class="page-card">${content}</div>
  </section>`;
}

function factsBlock(facts: ServerTable, caption: string, lang: Lang): SafeHtml {
  return pageSection(
    'facts',
    caption,
    html`<table class="facts dt-table">
      <caption class="visually-hidden">
        ${caption}
      </caption>
      <tbody>
        ${facts.data.map(
          (row) => html`<tr data-fact="${String(row.id)}">
            <th scope="row">${String(row.name)}</th>
            <td>${display(row.value, lang, FACT_FORMATS[String(row.id)])}</td>
          </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

function pageBody(
  lang: Lang,
  crumbs: SafeHtml,
  title: string,
  subtitle: string,
  facts: ServerTable,
  caption: string,
  extra?: SafeHtml,
): SafeHtml {
  return html`${DATA_TABLE_STYLE}
    <main class="market-page">
    ${crumbs}
    <h1>${title}</h1>
    <p class="muted">${subtitle}</p>
    ${factsBlock(facts, caption, lang)} ${extra ?? null}
  </main>`;
}

export function registerMarketPages(app: FastifyInstance, ctx: AppContext, market: MarketRepository): void {
  const t = (lang: Lang, key: string) => ctx.labels.text(lang, `market:${key}`);
  const crumbs = (lang: Lang) => breadcrumb(ctx.labels.text(lang, 'common:breadcrumbs'));
  const fact = (lang: Lang, id: string, value: unknown): Fact => ({ id, name: t(lang, id), value });
  const table = (facts: Fact[]): ServerTable => ({
    data: facts.filter((f) => f.value !== null && f.value !== undefined),
    fields: ['name', 'value'],
  });
  const accessOf = (request: FastifyRequest) => priceAccessOf(request.session?.user ?? null);

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Lang,
    title: string,
    data: unknown,
    body: SafeHtml,
  ) =>
    wantsJson(request)
      ? reply.header('Cache-Control', 'no-store').send(data)
      : sendPage(ctx, request, reply, lang, { title, pageData: data, body });

  app.get<{ Params: { id: number } }>(
    '/bonds/:id/',
    { config: PAGE, schema: { params: ID_PARAMS, querystring: PAGE_QUERY } },
    async (request, reply) => {
      const bond = market.bond(request.params.id);
      if (!bond) throw new HttpError(404, `Unknown bond ${request.params.id}`);
      const lang = pageLang(request, reply);
      const access = accessOf(request);
      const [last] = market.bondLatest(bond.id, 1);
      const next = market.bondCoupons(bond.id).find((c) => c.date > ctx.meta.asOf) ?? null;
      const emitent = bond.emitent_id === null ? undefined : ctx.repo.emitent(bond.emitent_id);
      const issuerName = emitent
        ? emitentName(lang, emitent)
        : pickName(lang, bond.issuer_name, bond.issuer_name_eng);
      const matured = bond.maturity_date <= ctx.meta.asOf;
      const name = pickName(lang, bond.name, bond.name_eng);
      const prices = {
        ...masked('lastPrice', last?.close ?? null, access, 'last'),
        ...masked('yield', last?.yield ?? null, access, 'paid'),
      };
      const facts = table([
        fact(lang, 'isin', bond.isin),
        fact(lang, 'issuer', emitent ? { val: issuerName, lnk: `/company/${emitent.id}/` } : issuerName),
        fact(lang, 'bond_kind', t(lang, `bond_kind_${bond.kind}`)),
        fact(lang, 'status', t(lang, matured ? 'status_matured' : 'status_trading')),
        fact(lang, 'nominal', `${number(bond.nominal, lang, 0)} ${bond.currency}`),
        fact(lang, 'coupon_rate', formatPercent(bond.coupon_rate, 2, lang)),
        fact(lang, 'coupon_frequency', bond.coupon_frequency),
        fact(lang, 'issue_date', displayDate(bond.issue_date)),
        fact(lang, 'maturity_date', displayDate(bond.maturity_date)),
        fact(
          lang,
          'next_coupon',
          next ? `${displayDate(next.date)} · ${number(next.amount, lang)} ${bond.currency}` : null,
        ),
        fact(lang, 'last_date', last ? displayDate(last.date) : null),
        fact(lang, 'bond_price', prices.lastPrice),
        fact(lang, 'yield', prices.yield),
        fact(lang, 'accrued_interest', last ? `${number(last.accrued, lang)} ${bond.currency}` : null),
      ]);
      const data: BondPageData = {
        lang,
        bondId: bond.id,
        isin: bond.isin,
        name,
        kind: bond.kind,
        emitentId: bond.emitent_id,
        issuerName,
        groundId: bond.ground_id,
        currency: bond.currency,
        nominal: bond.nominal,
        couponRate: bond.coupon_rate,
        couponFrequency: bond.coupon_frequency,
        issueDate: displayDate(bond.issue_date),
        maturityDate: displayDate(bond.maturity_date),
        matured,
        nextCoupon: next ? { date: displayDate(next.date), amount: next.amount } : null,
        lastDate: last ? displayDate(last.date) : null,
        lastPrice: prices.lastPrice as MaskedValue,
        'lastPrice.numeric': prices['lastPrice.numeric'] as number | null,
        yield: prices.yield as MaskedValue,
        'yield.numeric': prices['yield.numeric'] as number | null,
        accruedInterest: last?.accrued ?? null,
        factsTable: facts,
        error: null,
      };
      return send(
        request,
        reply,
        lang,
        `${name} (${bond.isin})`,
        data,
        pageBody(lang, crumbs(lang), name, issuerName, facts, t(lang, 'facts')),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/indexes/:id/',
    { config: PAGE, schema: { params: ID_PARAMS, querystring: PAGE_QUERY } },
    async (request, reply) => {
      const index = market.index(request.params.id);
      if (!index) throw new HttpError(404, `Unknown index ${request.params.id}`);
      const lang = pageLang(request, reply);
      const access = accessOf(request);
      const [last, previous] = market.indexLatest(index.id, 2);
      const yearAgo = last ? market.indexValueOnOrBefore(index.id, addMonths(last.date, -12)) : undefined;
      const groundRow = market.tradingGround(index.ground_id);
      const groundName = groundRow ? groundText(lang, groundRow) : '';
      const members = market
        .indexMembers(index.id)
        .map((m) => ({ id: m.id, name: stockName(lang, m), url: stockUrl(m.string_id) }));
      const values = {
        ...masked('lastValue', last?.value ?? null, access, 'last'),
        ...masked(
          'change',
          last && previous ? percentChange(last.value, previous.value) : null,
          access,
          'paid',
        ),
        ...masked(
          'change1y',
          last && yearAgo ? percentChange(last.value, yearAgo.value) : null,
          access,
          'paid',
        ),
      };
      const name = pickName(lang, index.name, index.name_eng);
      const facts = table([
        fact(lang, 'code', index.code),
        fact(lang, 'trading_ground', groundName),
        fact(lang, 'last_date', last ? displayDate(last.date) : null),
        fact(lang, 'index_value', values.lastValue),
        fact(lang, 'change_day', values.change),
        fact(lang, 'change_1y', values.change1y),
        fact(lang, 'members_count', members.length),
      ]);
      const data: IndexPageData = {
        lang,
        indexId: index.id,
        code: index.code,
        name,
        groundId: index.ground_id,
        groundName,
        lastDate: last ? displayDate(last.date) : null,
        lastValue: values.lastValue as MaskedValue,
        'lastValue.numeric': values['lastValue.numeric'] as number | null,
        change: values.change as MaskedValue,
        'change.numeric': values['change.numeric'] as number | null,
        members,
        graphicDataLink: `/api/indexes/${index.id}/getGraphicData/`,
        compareGraphicDataLink: `/api/indexes/${index.id}/getCompareGraphicData/`,
        intraday: market.indexIntradayDate(index.id) !== null,
        factsTable: facts,
        error: null,
      };
      const memberList = members.length
        ? pageSection(
            'members',
            t(lang, 'members'),
            html`<ul class="members">
              ${members.map((m) => html`<li><a href="${m.url}">${m.name}</a></li>`)}
            </ul>`,
          )
        : undefined;
      return send(
        request,
        reply,
        lang,
        `${name} (${index.code})`,
        data,
        pageBody(lang, crumbs(lang), name, index.code, facts, t(lang, 'facts'), memberList),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/etf/:id/',
    { config: PAGE, schema: { params: ID_PARAMS, querystring: PAGE_QUERY } },
    async (request, reply) => {
      const etf = market.etf(request.params.id);
      if (!etf) throw new HttpError(404, `Unknown ETF ${request.params.id}`);
      const lang = pageLang(request, reply);
      const access = accessOf(request);
      const [last] = market.etfLatest(etf.id, 1);
      const benchmarkRow = etf.benchmark_index_id === null ? undefined : market.index(etf.benchmark_index_id);
      const benchmark = benchmarkRow
        ? {
            id: benchmarkRow.id,
            code: benchmarkRow.code,
            name: pickName(lang, benchmarkRow.name, benchmarkRow.name_eng),
            url: indexUrl(benchmarkRow.id),
          }
        : null;
      const premium = last ? Math.round((last.close / last.nav_per_share - 1) * 10_000) / 100 : null;
      const values = {
        ...masked('lastPrice', last?.close ?? null, access, 'last'),
        ...masked('navPerShare', last?.nav_per_share ?? null, access, 'paid'),
        ...masked('premium', premium === 0 ? 0 : premium, access, 'paid'),
      };
      const name = pickName(lang, etf.name, etf.name_eng);
      const provider = pickName(lang, etf.provider, etf.provider_eng);
      const facts = table([
        fact(lang, 'ticker', etf.ticker),
        fact(lang, 'isin', etf.isin),
        fact(lang, 'provider', provider),
        fact(lang, 'asset_class', t(lang, `asset_class_${etf.asset_class}`)),
        fact(lang, 'benchmark', benchmark ? { val: benchmark.name, lnk: benchmark.url } : null),
        fact(lang, 'inception_date', displayDate(etf.inception_date)),
        fact(lang, 'expense_ratio', formatPercent(etf.expense_ratio, 2, lang)),
        fact(lang, 'last_date', last ? displayDate(last.date) : null),
        fact(lang, 'last_price', values.lastPrice),
        fact(lang, 'nav_per_share', values.navPerShare),
        fact(lang, 'premium', values.premium),
      ]);
      const data: EtfPageData = {
        lang,
        etfId: etf.id,
        ticker: etf.ticker,
        isin: etf.isin,
        name,
        provider,
        assetClass: etf.asset_class,
        groundId: etf.ground_id,
        currency: etf.currency,
        benchmark,
        inceptionDate: displayDate(etf.inception_date),
        expenseRatio: etf.expense_ratio,
        lastDate: last ? displayDate(last.date) : null,
        lastPrice: values.lastPrice as MaskedValue,
        'lastPrice.numeric': values['lastPrice.numeric'] as number | null,
        navPerShare: values.navPerShare as MaskedValue,
        'navPerShare.numeric': values['navPerShare.numeric'] as number | null,
        premium: values.premium as MaskedValue,
        'premium.numeric': values['premium.numeric'] as number | null,
        factsTable: facts,
        error: null,
      };
      return send(
        request,
        reply,
        lang,
        `${name} (${etf.ticker})`,
        data,
        pageBody(lang, crumbs(lang), name, provider, facts, t(lang, 'facts')),
      );
    },
  );

  /** The signed-in user's rows with the last price (masked like every price). */
  const watchlistTable = (
    lang: Lang,
    list: WatchlistRow[],
    lastPrice: (row: WatchlistRow) => MaskedValue,
  ) => {
    if (list.length === 0) return html`<p class="page-card">${t(lang, 'watchlist_empty')}</p>`;
    return html`<div class="page-card">${tableBox(
      t(lang, 'watchlist'),
      ctx.labels.text(lang, 'common:table_scrolls'),
      html`<table class="watchlist dt-table">
      <caption class="visually-hidden">${t(lang, 'watchlist')}</caption>
      <thead>
        <tr>
          <th scope="col">${t(lang, 'name')}</th>
          <th scope="col">${t(lang, 'tiker')}</th>
          <th scope="col">${t(lang, 'trading_ground')}</th>
          <th scope="col" class="dt-end">${t(lang, 'count')}</th>
          <th scope="col" class="dt-end">${t(lang, 'last')}</th>
        </tr>
      </thead>
      <tbody>
        ${list.map((row) => {
          const ground = ctx.repo.ground(row.id, row.tgId);
          return html`<tr data-stock-id="${row.id}" data-ground-id="${row.tgId}" data-checked="${String(row.checked)}">
            <td><a href="${row.url}">${row.name}</a></td>
            <td>${row.ticker}</td>
            <td>${ground ? groundText(lang, ground) : ''}</td>
            <td class="dt-end">${number(row.count, lang, 0)}</td>
            <td class="dt-end">${display(lastPrice(row), lang, price)}</td>
          </tr>`;
        })}
      </tbody>
    </table>`,
    )}</div>`;
  };

  app.get<{ Querystring: { ajax?: string; format?: string } }>(
    '/watchlist/',
    { config: PAGE, schema: { querystring: PAGE_QUERY } },
    async (request, reply) => {
      const user = request.session?.user ?? null;
      const ajax = request.query.ajax !== undefined && request.query.ajax !== '0';
      if (ajax) {
        if (!user) return sendRefusal(reply, NEED_AUTH);
        return reply
          .header('Cache-Control', 'no-store')
          .send({ userStocksWL: watchlistRows(requestLang(request), market.watchlistItems(user.id)) });
      }
      const lang = pageLang(request, reply);
      const rows = user ? watchlistRows(lang, market.watchlistItems(user.id)) : null;
      const data: WatchlistPageData = { lang, userAuth: user !== null, userStocksWL: rows, error: null };
      const title = t(lang, 'watchlist');
      if (wantsJson(request)) return reply.header('Cache-Control', 'no-store').send(data);
      const access = accessOf(request);
      const body = rows
        ? watchlistTable(lang, rows, (row) => {
            const [bar] = ctx.repo.latestBars(row.id, row.tgId, 1);
            return maskPrice(bar?.close ?? null, access, 'last');
          })
        : html`<p class="page-card" data-login-prompt>
            ${t(lang, 'watchlist_login_prompt')}
            <a href="/login/?back=${encodeURIComponent('/watchlist/')}">${ctx.labels.text(lang, 'common:login')}</a>
          </p>`;
      return sendPage(ctx, request, reply, lang, {
        title,
        pageData: data,
        body: html`${DATA_TABLE_STYLE}
          <main class="market-page">
          ${crumbs(lang)}
          <h1>${title}</h1>
          ${body}
        </main>`,
      });
    },
  );
}
