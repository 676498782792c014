/**
 * The partner's page: plain HTML of a made-up third-party site with its own simple style, two
 * `<fin-chart>` tags and, under them, the lines a partner copies (shown as text). The tags shown
 * are the very tags of the page, so the snippet cannot drift from what is proven to work.
 */
import type { TabPeriod } from '../../src/contract/chart-widget.ts';
import { BCP47, type Lang } from '../../src/contract/types.ts';
import { escapeHtml } from '../server/templates/html.ts';

export interface PartnerChart {
  title: string;
  dataUrl: string;
  periods: TabPeriod[];
  height?: number;
}

export interface PartnerPageOptions {
  nonce: string;
  lang: Lang;
  mainOrigin: string;
  charts: PartnerChart[];
  /** The entry file's Subresource Integrity hash (dist/sri.json), when the build has one. */
  integrity?: string | null;
}

/** The element's entry file on our origin. */
export const elementScriptUrl = (mainOrigin: string): string => `${mainOrigin}/dist/elements/fin-chart.js`;

/** An attribute value in single quotes (JSON keeps its double quotes, so it stays readable). */
function singleQuoted(value: string): string {
  return `'${value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}'`;
}

/**
 * The module script a partner adds once per page. With the build's SRI hash the browser refuses
 * an entry file that is not the one the partner copied the hash for (module scripts are fetched
 * with CORS, so `crossorigin` only makes that explicit).
 */
export function scriptTag(mainOrigin: string, integrity?: string | null): string {
  const src = `src="${escapeHtml(elementScriptUrl(mainOrigin))}"`;
  const sri = integrity ? ` integrity="${escapeHtml(integrity)}" crossorigin="anonymous"` : '';
  return `<script type="module" ${src}${sri}></script>`;
}

/** One chart's tag, as it stands in the page and in the snippet. */
export function chartTag(chart: PartnerChart, lang: Lang): string {
  const dataUrl = lang === 'eng' ? chart.dataUrl : `${chart.dataUrl}?lang=${lang}`;
  const attributes = [
    `data-url="${escapeHtml(dataUrl)}"`,
    `periods=${singleQuoted(JSON.stringify(chart.periods))}`,
    `chart-title="${escapeHtml(chart.title)}"`,
    ...(chart.height === undefined ? [] : [`height="${chart.height}"`]),
    `lang="${lang}"`,
  ];
  return `<fin-chart\n  ${attributes.join('\n  ')}\n></fin-chart>`;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 Georgia, 'Times New Roman', serif; color: #222; background: #faf7f0; }
  header { background: #3b2f2f; color: #f5e9d7; padding: 1rem 1.5rem; }
  header h1 { margin: 0; font-size: 1.6rem; letter-spacing: .02em; }
  header p { margin: .25rem 0 0; }
  .notice { display: inline-block; margin-top: .5rem; padding: .1rem .5rem; background: #f2c14e; color: #3b2f2f; font: bold .85rem/1.6 sans-serif; }
  main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
  section { margin: 2rem 0; }
  h2 { font-size: 1.25rem; border-bottom: 2px solid #3b2f2f; }
  pre { background: #fff; border: 1px solid #d8cfc0; padding: 1rem; overflow-x: auto; font-size: .85rem; white-space: pre-wrap; word-break: break-all; }
  footer { font-size: .85rem; color: #5a4d4d; text-align: center; padding: 1rem; }
`;

export function partnerPage(options: PartnerPageOptions): string {
  const { nonce, lang, mainOrigin, charts, integrity } = options;
  const script = scriptTag(mainOrigin, integrity);
  const tags = charts.map((chart) => chartTag(chart, lang));
  const snippet = [script, ...tags].join('\n');
  const sections = charts
    .map((chart, i) => `<section>\n<h2>${escapeHtml(chart.title)}</h2>\n${tags[i]}\n</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${BCP47[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" nonce="${escapeHtml(nonce)}">
<title>Northwind Markets — partner demo</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
${script}
</head>
<body>
<header>
<h1>Northwind Markets</h1>
<p>Market notes from an independent partner site on another origin.</p>
<p class="notice" role="note">Partner demo — synthetic data</p>
</header>
<main>
${sections}
<section aria-labelledby="embed-heading">
<h2 id="embed-heading">Embed a chart on your site</h2>
<p>Add the script once, then one tag per chart. Your server answers the <code>data-url</code> with the chart data; your Content-Security-Policy allows our origin in <code>script-src</code> and <code>connect-src</code>.</p>
<pre><code id="embed-snippet">${escapeHtml(snippet)}</code></pre>
</section>
</main>
<footer>Northwind Markets is a made-up site. Prices, yields and durations are synthetic demo data.</footer>
</body>
</html>
`;
}
