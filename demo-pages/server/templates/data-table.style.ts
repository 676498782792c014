/**
 * The look of the stock page's tables and cards for pages the server renders itself (the bond,
 * index, ETF and watchlist pages): the class names of the data-table widget (`dt-table`, `dt-end`)
 * with the rules of src/widgets/data-table/data-table.css and the card of the price dynamics, so
 * every page kind looks alike. The server may not import the widgets' CSS: keep these in step.
 */
import { trusted } from './html.ts';

export const DATA_TABLE_STYLE = trusted(`<style>
  main.market-page { max-width: 1240px; }
  .page-section { margin: 0 0 36px; }
  .page-section > h2 { margin: 0 0 12px; font-size: 1.25rem; }
  .page-card { border: 1px solid #e1e4ea; border-radius: 6px; padding: 12px 16px; background: #fff;
    font-size: 14px; line-height: 1.4; }
  .dt-table { width: 100%; border-collapse: separate; border-spacing: 0; font-variant-numeric: tabular-nums; }
  .dt-table th, .dt-table td { padding: 6px 8px; text-align: left; vertical-align: top; border-bottom: 1px solid #e1e4ea;
    background: #fff; }
  .dt-table thead th { background: #f5f6f8; color: #5c6375; font-weight: 600; vertical-align: bottom; white-space: normal; }
  .dt-table tbody th { font-weight: 600; }
  .dt-table tbody tr:last-child > * { border-bottom: 0; }
  .dt-table .dt-end { text-align: right; white-space: nowrap; }
  .page-card ul { margin: 0; padding: 0; list-style: none; columns: 14em; column-gap: 24px; }
  .page-card li { padding: 4px 0; break-inside: avoid; }
</style>`);
