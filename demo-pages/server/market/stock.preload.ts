/**
 * The first calls of the stock page's elements (issue 24), as each element makes them with this
 * page data: the server answers them into the page (shared/preload.ts), so their first view needs
 * no request. The chart's POST and the elements shown only after a click are not among them.
 */
import {
  archiveWindowPath,
  holdersPath,
  lastMonthArchivePath,
  leadersPath,
  priceDynamicsPath,
} from '../../../src/contract/api-paths.ts';
import { parseDisplayDate } from '../../../src/contract/calendar.ts';
import { DEFAULT_PERIOD_ID, periodWindow } from '../../../src/contract/period.ts';
import type { MarketStockPageData } from '../../../src/contract/stocks.ts';
import type { StockPageData } from '../../../src/contract/types.ts';
import type { PreloadCall } from '../shared/preload.ts';

/** `<fin-leaders>`'s first tab (growing) of the page's branch, 0 (every branch) without one. */
const LEADERS_GROWING = 1;

export function stockPagePreloadCalls(data: StockPageData): PreloadCall[] {
  const { stockId, groundId } = data;
  const branchId = (data as Partial<MarketStockPageData>).branchId;
  const calls: PreloadCall[] = [
    { path: priceDynamicsPath(stockId, groundId) },
    { path: holdersPath(stockId) },
    {
      path: leadersPath(
        typeof branchId === 'number' && branchId >= 0 ? branchId : 0,
        groundId,
        LEADERS_GROWING,
      ),
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
