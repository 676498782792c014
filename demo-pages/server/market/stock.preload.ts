/**
 * The first calls of the stock page's elements (issue 24), as each element makes them with this
 * page data: the server answers them into the page (shared/preload.ts), so their first view needs
 * no request. The chart's POST and the elements shown only after a click are not among them.
 */
import {
  archiveWindowPath,
  capitalizationPath,
  holdersPath,
  lastMonthArchivePath,
  leadersPath,
  priceDynamicsPath,
} from '../../../src/contract/api-paths.ts';
import { parseDisplayDate } from '../../../src/contract/calendar.ts';
import { DEFAULT_PERIOD_ID, periodWindow } from '../../../src/contract/period.ts';
import { LEADERS_FALLING, LEADERS_GROWING, type MarketStockPageData } from '../../../src/contract/stocks.ts';
import type { StockPageData } from '../../../src/contract/types.ts';
import type { PreloadCall } from '../shared/preload.ts';

export function stockPagePreloadCalls(data: StockPageData): PreloadCall[] {
  const { stockId, groundId } = data;
  const given = (data as Partial<MarketStockPageData>).branchId;
  // The page's branch, 0 (every branch) without one.
  const branchId = typeof given === 'number' && given >= 0 ? given : 0;
  const calls: PreloadCall[] = [
    { path: priceDynamicsPath(stockId, groundId) },
    { path: holdersPath(stockId) },
    // On a day when nothing of the branch rose, the element opens the next tab with rows: the
    // falling, else the capitalisation.
    {
      path: leadersPath(branchId, groundId, LEADERS_GROWING),
      ifEmpty: {
        path: leadersPath(branchId, groundId, LEADERS_FALLING),
        ifEmpty: { path: capitalizationPath(branchId, groundId) },
      },
    },
  ];
  // The archive follows the chart's default period, 1M back from the stock's last date (its POST
  // answers as the GET of the same window does).
  if (parseDisplayDate(data.excelDefaultEnd) !== null) {
    const window = periodWindow(DEFAULT_PERIOD_ID, data.excelDefaultEnd);
    calls.push({
      path: archiveWindowPath(stockId, groundId),
      query: { dateFrom: window.from, dateTo: window.to },
      via: lastMonthArchivePath(stockId, groundId),
    });
  }
  return calls;
}
