/**
 * The paths of the calls an element makes on its first view, shared by the client's calls
 * (core/api/stocks.ts, access-requests.ts) and the server's page preload (contract/preload.ts), so
 * both name a call the same way.
 */
export const priceDynamicsPath = (stockId: number, groundId: number): string =>
  `/api/stocks/${stockId}/${groundId}/price-dynamics/`;

export const holdersPath = (stockId: number): string => `/api/stocks/get-holders/${stockId}/`;

/** type 1 growing, 2 falling; branchId 0 = every branch. */
export const leadersPath = (branchId: number, groundId: number, type: number): string =>
  `/api/stocks/get-growing-leaders/${branchId}/${groundId}/${type}/`;

export const capitalizationPath = (branchId: number, groundId: number): string =>
  `/api/stocks/get-capitalization/${branchId}/${groundId}/`;

/** The archive's last month (GET). */
export const lastMonthArchivePath = (stockId: number, groundId: number): string =>
  `/api/stocks/get-tradings-full-info-table/${stockId}/${groundId}/`;

/**
 * The archive of a window (POST with `{ dateFrom, dateTo }`): its preload key is this path with the
 * body's two dates as the query.
 */
export const archiveWindowPath = (stockId: number, groundId: number): string =>
  `/api/stocks/${stockId}/${groundId}/createTableTradingFullInfo/`;

/** The access requests block's tariffs and own requests (signed in only). */
export const ACCESS_REQUESTS_PATH = '/api/profile/pa/requests/';
