/**
 * /company/{id}/: the issuer page. The price-dynamics element is dropped in; the other issuer
 * blocks are server-rendered summaries (plain tables and lists with links) until their elements
 * exist. Comment content is provider HTML and is never written into the page: only titles, and an
 * excerpt with the tags stripped and the text escaped.
 */
import type {
  CompanyComment,
  ConsensusAnswer,
  IssuerReportsPageData,
  RelatedLink,
} from '../../../src/contract/company.ts';
import type { NeedAccess, QuarterlyReports } from '../../../src/contract/reports.ts';
import type { MaskedValue } from '../../../src/contract/types.ts';
import { formatNumber as formatContractNumber } from '../../../src/contract/format.ts';
import { plainText } from './reports.export.ts';
import { breadcrumb, elementsBlock, ELEMENT_SCRIPTS, type PageElement } from '../templates/layout.ts';
import { html, type SafeHtml } from '../templates/html.ts';
import { tableBox } from '../templates/table-box.ts';

export function companyPageElements(): PageElement[] {
  return [
    {
      markup: html`<fin-price-dynamics variant="issuer"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
  ];
}

export interface KeyFigures {
  heading: string[];
  unit: string;
  rows: Array<{ name: string; values: Array<number | null> }>;
}

export interface CompanyPageView {
  data: IssuerReportsPageData;
  elements: PageElement[];
  /** issuer:* labels, with {placeholders} filled. */
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** common:* labels. */
  common: (key: string) => string;
  stocks: Array<{ name: string; url: string }>;
  keyFigures: KeyFigures | null;
  comments: CompanyComment[];
  quarterly: QuarterlyReports;
  consensus: ConsensusAnswer;
  related: RelatedLink[];
  need: NeedAccess | null;
}

const EXCERPT_LENGTH = 160;

/**
 * SPEC §9 through the elements' own formatter (thousands by a narrow no-break space, so a number
 * never breaks across lines); masked and missing values as the elements show them, and no ".00".
 */
export function formatNumber(value: MaskedValue, decimals = 1): string {
  if (value === null) return '—';
  if (value === '***') return '***';
  const whole = Number.isInteger(Number(Math.abs(value).toFixed(decimals)));
  return formatContractNumber(value, whole ? 0 : decimals);
}

function excerpt(content: string): string {
  const text = plainText(content).replace(/\s+/g, ' ');
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

function needPrompt(view: CompanyPageView, link: string | null): SafeHtml | null {
  if (!view.need) return null;
  return html`<p class="muted" data-need="${view.need}">
    ${view.common(view.need)}${link ? html` · <a href="${link}">${view.need === 'need_auth' ? view.common('login') : view.t('send_request_label')}</a>` : null}
  </p>`;
}

function keyFiguresBlock(view: CompanyPageView): SafeHtml | null {
  const figures = view.keyFigures;
  if (!figures) return null;
  return html`<section id="key-figures">
    <h2>${view.t('key_figures')}</h2>
    ${tableBox(
      view.t('key_figures'),
      view.common('table_scrolls'),
      html`<table class="plain">
      <caption class="muted">${figures.unit}</caption>
      <thead>
        <tr>
          ${figures.heading.map((cell) => html`<th scope="col">${cell}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${figures.rows.map(
          (row) =>
            html`<tr>
              <th scope="row">${row.name}</th>
              ${row.values.map((value) => html`<td>${formatNumber(value, 0)}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>`,
    )}
  </section>`;
}

function reportsBlock(view: CompanyPageView): SafeHtml {
  const { data } = view;
  return html`<section id="reports">
    <h2>${view.t('title_reports')}</h2>
    ${
      data.reports.length
        ? html`<ul>
            ${data.reports.map(
              (tab) =>
                html`<li>
                  <a href="${tab.url}">${tab.ttl}</a>
                  ${
                    tab.exportLink && data.reportExportAccess
                      ? html` ·
                          <a
                            href="${tab.exportLink
                              .replace('%from%', data.exportDefaultFrom)
                              .replace('%to%', data.exportDefaultTo)
                              .replace('%reportPeriod%', String(data.defaultReportPeriod))}"
                            >${view.common('export_excel')}</a
                          >`
                      : null
                  }
                </li>`,
            )}
            <li><a href="${data.apiUrls.multipliers}">${view.t('tab_multipliers')}</a></li>
          </ul>`
        : html`<p class="muted">${view.common('no_data')}</p>`
    }
  </section>`;
}

function commentsBlock(view: CompanyPageView): SafeHtml {
  const accessLabel = (comment: CompanyComment) => view.t(`file_access_${comment.file_access_kind}`);
  return html`<section id="comments">
    <h2>${view.t('tab_comments')}</h2>
    ${
      view.comments.length
        ? html`<ul class="comments">
            ${view.comments.map(
              (comment) =>
                html`<li id="comment-${comment.id}" lang="${comment.language}">
                  <strong>${comment.title}</strong>
                  <span class="muted">· ${comment.provider_name} · ${comment.date}</span>
                  <br /><span>${excerpt(comment.content)}</span>
                  ${
                    comment.file
                      ? html`<br /><span class="muted">${accessLabel(comment)}</span>
                          ${
                            comment.cb_file_link
                              ? html` · <a href="${comment.cb_file_link}">${view.t('download')} (${comment.file})</a>`
                              : comment.alert
                                ? html` ·
                                    <span data-alert="${comment.alert}"
                                      >${
                                        comment.alert === 'need_auth' || comment.alert === 'need_get_access'
                                          ? view.common(comment.alert)
                                          : view.t(comment.alert)
                                      }</span
                                    >`
                                : null
                          }`
                      : null
                  }
                </li>`,
            )}
          </ul>`
        : html`<p class="muted">${view.t('no_comments')}</p>`
    }
  </section>`;
}

function quarterlyBlock(view: CompanyPageView): SafeHtml | null {
  const { quarterly } = view;
  if (quarterly.items.length === 0) return null;
  const quarters = ['1', '2', '3', '4'] as const;
  return html`<section id="reports-archive">
    <h2>${view.t('report_archive')}</h2>
    ${needPrompt(view, quarterly.link)}
    ${tableBox(
      view.t('report_archive'),
      view.common('table_scrolls'),
      html`<table class="plain">
      <thead>
        <tr>
          <th scope="col">${view.common('year')}</th>
          ${quarters.map((q) => html`<th scope="col">${view.t('quarter_short', { quarter: q })}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${quarterly.items.map(
          (entry) =>
            html`<tr>
              <th scope="row">${entry.year}</th>
              ${quarters.map((q) => {
                const files = entry.monthArray[q];
                if (!files) return html`<td>—</td>`;
                return html`<td>
                  ${(['rus', 'eng'] as const).map((lang) => {
                    const file = files[lang];
                    if (!file) return null;
                    const label = view.t(`lang_${lang}`);
                    return file.link
                      ? html`<a href="${file.link}" title="${file.name}">${label}</a> `
                      : html`<span class="muted" title="${file.mimetype}">${label}</span> `;
                  })}
                </td>`;
              })}
            </tr>`,
        )}
      </tbody>
    </table>`,
    )}
  </section>`;
}

function consensusBlock(view: CompanyPageView): SafeHtml | null {
  const { items, labels } = view.consensus;
  // SPEC §2: the block shows only when there are items.
  if (items.length === 0) return null;
  return html`<section id="consensus">
    <h2>${labels.title ?? ''}</h2>
    ${tableBox(
      labels.title ?? '',
      view.common('table_scrolls'),
      html`<table class="plain">
      <thead>
        <tr>
          <th scope="col">${labels.indexName ?? ''}</th>
          <th scope="col">${labels.unit ?? ''}</th>
          <th scope="col">${labels.actual_value ?? ''}</th>
          <th scope="col">${labels.forecast_value ?? ''}</th>
          <th scope="col">${labels.forecast_value_next ?? ''}</th>
          <th scope="col">${labels.analysts_count ?? ''}</th>
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item) =>
            html`<tr data-code="${item.code}">
              <th scope="row">${item.indexName}</th>
              <td>${item.unit}</td>
              <td>${formatNumber(item.actual_value, 2)}</td>
              <td>${formatNumber(item.forecast_value, 2)}</td>
              <td>${formatNumber(item.forecast_value_next, 2)}</td>
              <td>${item.analysts_count}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
    )}
  </section>`;
}

function relatedBlock(view: CompanyPageView): SafeHtml | null {
  const direct = view.related.filter((link) => link.parent_emitent_id === view.data.emitentId);
  if (direct.length === 0) return null;
  return html`<section id="related">
    <h2>${view.t('related_title')}</h2>
    <ul>
      ${direct.map(
        (link) =>
          html`<li>
            ${link.url ? html`<a href="${link.url}">${link.emitent_name}</a>` : link.emitent_name}
            <span class="muted">· ${link.rel_type_name}${link.share === null ? '' : ` · ${formatNumber(link.share, 2)}%`}</span>
          </li>`,
      )}
    </ul>
  </section>`;
}

export function companyPageBody(view: CompanyPageView): SafeHtml {
  const { data } = view;
  return html`<main>
    ${breadcrumb(view.common('breadcrumbs'))}
    <h1>${data.emitentName}</h1>
    <p class="muted">${data.emitentFullName}</p>
    ${
      view.stocks.length
        ? html`<section id="stocks">
            <h2>${view.t('stocks_title')}</h2>
            <ul>
              ${view.stocks.map((stock) => html`<li><a href="${stock.url}">${stock.name}</a></li>`)}
            </ul>
          </section>`
        : null
    }
    ${elementsBlock(view.elements)} ${keyFiguresBlock(view)} ${reportsBlock(view)} ${commentsBlock(view)}
    ${quarterlyBlock(view)} ${consensusBlock(view)} ${relatedBlock(view)}
  </main>`;
}
