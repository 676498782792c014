/**
 * The styles of the pages that work without scripts: the search results and the access pages
 * (tabs, pager, result and level tables, the request forms and their notice).
 */
import { trusted } from './html.ts';

export const PLAIN_PAGE_STYLE = trusted(`<style>
  .tabs { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0; padding: 0; list-style: none; }
  .tabs a, .tabs span { display: inline-block; padding: 4px 12px; border: 1px solid #c5cbd8; border-radius: 14px;
    text-decoration: none; background: #fff; }
  .tabs [aria-current] { background: #14213d; color: #fff; border-color: #14213d; }
  .tabs .empty { color: #5c6375; }
  .pager ul { display: flex; flex-wrap: wrap; gap: 6px; margin: 16px 0; padding: 0; list-style: none; align-items: center; }
  .pager a, .pager-off { display: inline-block; min-width: 24px; padding: 4px 10px; border: 1px solid #c5cbd8;
    border-radius: 4px; text-align: center; text-decoration: none; background: #fff; }
  .pager [aria-current] { background: #14213d; color: #fff; border-color: #14213d; }
  .pager-off { color: #5c6375; }
  .results, .levels { border-collapse: collapse; width: 100%; background: #fff; }
  .results th, .results td, .levels th, .levels td { padding: 6px 10px; border-bottom: 1px solid #e3e6ee; text-align: left;
    vertical-align: top; }
  .levels .current { background: #eef4ff; }
  .search-form input[type=search] { width: min(420px, 70vw); padding: 6px 8px; font: inherit; }
  .search-form button, .request-form button { font: inherit; padding: 6px 14px; cursor: pointer; }
  .request-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; }
  .request-form label { max-width: 100%; }
  .request-form select { font: inherit; padding: 5px; max-width: 100%; }
  .notice { padding: 8px 12px; background: #e8f6ee; border: 1px solid #9bd3b0; border-radius: 4px; }
</style>`);
