/**
 * The market fields of the stock page data (SPEC §3 "Page data", DESIGN §7): the chart data and
 * archive links, the stock's branch and issuer, the issuer's bonds and the indexes holding the
 * stock. stock.page-data.ts spreads them into the stock page data.
 */
import { COMPARISON_SEARCH_URLS } from '../../../src/contract/search.ts';
import type { StockPageMarketFields } from '../../../src/contract/stocks.ts';
import { pickName } from '../shared/lang.ts';
import type { PageContext } from './stock.page-data.ts';
import type { StockRow } from './stocks.repo.ts';

/** The tradings link (SPEC §7): GET or POST. */
export const TRADINGS_LINK = '/api/stocks/get_tradings/';

export function archiveExportLink(stockId: number, groundId: number): string {
  return `/api/stocks/${stockId}/${groundId}/archive-export/?dateFrom=%from%&dateTo=%to%`;
}

export function archiveTableLink(stockId: number, groundId: number): string {
  return `/api/stocks/${stockId}/${groundId}/createTableTradingFullInfo/`;
}

export const bondUrl = (id: number) => `/bonds/${id}/`;
export const indexUrl = (id: number) => `/indexes/${id}/`;
export const etfUrl = (id: number) => `/etf/${id}/`;

export function marketStockPageFields(
  ctx: PageContext,
  stock: StockRow,
  groundId: number,
): StockPageMarketFields {
  const branch = ctx.market.branchOf(stock.id);
  return {
    tradingsLink: TRADINGS_LINK,
    comparisonSearchUrls: COMPARISON_SEARCH_URLS,
    archiveExportLink: archiveExportLink(stock.id, groundId),
    archiveTableLink: archiveTableLink(stock.id, groundId),
    branchId: branch?.id ?? null,
    branchName: branch ? pickName(ctx.lang, branch.name, branch.name_eng) : null,
    emitentId: stock.emitent_id,
    emitentSharesBondsList: ctx.market.bondsOfEmitent(stock.emitent_id).map((bond) => ({
      id: bond.id,
      isin: bond.isin,
      name: pickName(ctx.lang, bond.name, bond.name_eng),
      url: bondUrl(bond.id),
    })),
    indexesList: ctx.repo.indexesOf(stock.id).map((index) => ({
      id: index.id,
      code: index.code,
      name: pickName(ctx.lang, index.name, index.name_eng),
      url: indexUrl(index.id),
    })),
  };
}
