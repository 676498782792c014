/**
 * The issuer page's related companies as a table, without JavaScript: the rows and default order
 * of the network graph's table view (src/contract/related-links.ts), and column headings that are
 * links sorting the table on the server (`?related_sort=share-desc`: none → ascending →
 * descending → default, as the element's sort buttons do). With JavaScript the network graph
 * element wraps this table and shows the graph, with the same table one click away.
 */
import type { RelatedLink } from '../../../src/contract/company.ts';
import {
  formatShare,
  mainIssuerName,
  parseRelatedSort,
  RELATED_COLUMN_LABELS,
  RELATED_COLUMNS,
  relatedRows,
  sortRelatedRows,
  type RelatedColumn,
  type RelatedRow,
  type RelatedSortOrder,
} from '../../../src/contract/related-links.ts';
import type { Lang } from '../../../src/contract/types.ts';
import { html, type SafeHtml } from '../templates/html.ts';
import { tableBox } from '../templates/table-box.ts';

export interface RelatedTableInput {
  links: readonly RelatedLink[];
  mainEmitentId: number;
  lang: Lang;
  /** The graph's title (page data `graph.title`), the start of the caption as in the element. */
  title: string;
  /** The `?related_sort=` value of the request (anything unknown is the default order). */
  sort: unknown;
  /** The page's address with `related_sort` set to the value, or removed for null. */
  sortHref: (value: string | null) => string;
  /** Any label by its full key, `{placeholders}` filled. */
  label: (key: string, vars?: Record<string, string>) => string;
}

/** The sort a heading's link asks for next (SPEC §4 cycle). */
function nextSort(
  current: { column: RelatedColumn; order: RelatedSortOrder } | null,
  column: RelatedColumn,
): string | null {
  if (current?.column !== column) return `${column}-asc`;
  return current.order === 'asc' ? `${column}-desc` : null;
}

function cell(column: RelatedColumn, row: RelatedRow, { label, lang }: RelatedTableInput): SafeHtml {
  switch (column) {
    case 'issuer':
      return row.href ? html`<a href="${row.href}">${row.issuer}</a>` : html`${row.issuer}`;
    case 'holding':
      return html`${row.holding}`;
    case 'relation':
      return html`${row.relation}`;
    case 'share': {
      const share = formatShare(row.share, lang);
      return share !== null
        ? html`${share}`
        : // Positioned, so the hidden text stays inside the table's scroll box (no page scroll).
          html`<span class="related-table__none"
            ><span aria-hidden="true">—</span
            ><span class="visually-hidden">${label('issuer:related_no_share')}</span></span
          >`;
    }
  }
}

export function relatedTable(input: RelatedTableInput): SafeHtml {
  const { label } = input;
  const sort = parseRelatedSort(input.sort);
  const defaultRows = relatedRows(input.links, input.mainEmitentId, input.lang);
  const rows = sort ? sortRelatedRows(defaultRows, sort.column, sort.order, input.lang) : defaultRows;
  const name = mainIssuerName(input.links, input.mainEmitentId);
  const caption = [input.title, name === null ? '' : label('issuer:related_table_caption', { name })]
    .filter(Boolean)
    .join('. ');
  const table = html`<table class="related-table" data-related-table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${RELATED_COLUMNS.map((column) => {
          const order = sort?.column === column ? sort.order : null;
          const ariaSort = order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : null;
          return html`<th
            scope="col"
            class="${column === 'share' ? 'related-table__share' : ''}"
            ${ariaSort ? html`aria-sort="${ariaSort}"` : null}
          >
            <a href="${input.sortHref(nextSort(sort, column))}" data-sort="${column}"
              >${label(RELATED_COLUMN_LABELS[column])}</a
            >
          </th>`;
        })}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <th scope="row">${cell('issuer', row, input)}</th>
            <td>${cell('holding', row, input)}</td>
            <td>${cell('relation', row, input)}</td>
            <td class="related-table__share">${cell('share', row, input)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
  return tableBox(caption, label('common:table_scrolls'), table);
}

/** The table's styles, in the issuer page's style block. */
export const RELATED_TABLE_STYLE = `
  .related-table { border-collapse: collapse; width: 100%; background: #fff; }
  .related-table caption { text-align: left; color: #5c6375; padding: 0 0 6px; }
  .related-table th, .related-table td { padding: 6px 10px; border-bottom: 1px solid #e3e6ee; text-align: left;
    vertical-align: top; font-weight: normal; }
  .related-table thead th { font-weight: 600; white-space: nowrap; }
  .related-table thead a { color: inherit; }
  .related-table th[aria-sort="ascending"] a::after { content: " ▲"; }
  .related-table th[aria-sort="descending"] a::after { content: " ▼"; }
  .related-table .related-table__share { text-align: right; white-space: nowrap; }
  .related-table__none { position: relative; }
`;
