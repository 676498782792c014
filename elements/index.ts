// Registers every element; the classic-script bundle for legacy pages is built from this file.
import './fin-price-dynamics.ts';
import './fin-compare-search.ts';
import './fin-archive-table.ts';
import './fin-dividends-table.ts';
import './fin-exchange-table.ts';
import './fin-leaders.ts';
import './fin-holders.ts';
import './fin-related-list.ts';
import './fin-left-menu.ts';
import './fin-stock-chart.ts';
import './fin-issuer-reports.ts';
import './fin-consensus-forecasts.ts';
import './fin-site-search.ts';
import './fin-network-graph.ts';
import './fin-login.ts';
import './fin-access-requests.ts';
