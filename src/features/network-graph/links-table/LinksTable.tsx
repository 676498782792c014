/**
 * The network graph's links as a sortable table (SPEC §3 "Network graph input"): the graph's
 * accessible alternative, one click away from it, with the same rows and default order as the
 * table the issuer page shows without JavaScript (contract/related-links.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { RelatedLink } from '../../../contract/company.ts';
import type { Lang } from '../../../contract/types.ts';
import {
  formatShare,
  mainIssuerName,
  RELATED_COLUMN_LABELS,
  RELATED_COLUMNS,
  relatedRows,
  relatedSortKeys,
  type RelatedColumn,
  type RelatedRow,
} from '../../../contract/related-links.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { useLabels, type Translate } from '../../../runtime/hooks.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { DataTable, type TableColumn, type TableRow } from '../../../widgets/data-table/index.ts';
import css from './links-table.css?inline';

export interface LinksTableProps {
  links: readonly RelatedLink[];
  /** The issuer the graph is about: its own links come first, and the caption names it. */
  mainEmitentId: number;
  /** The graph's title (the element's `title`). */
  caption: string;
}

/** A table row: each column's sort key (contract/related-links.ts) and the row it shows. */
interface LinkTableRow extends TableRow {
  row: RelatedRow;
}

export function LinksTable({ links, mainEmitentId, caption }: LinksTableProps) {
  useStyles(css, 'element');
  const { t } = useLabels('issuer', 'widgets');
  const lang = useStore($lang);
  const rows = useMemo(() => relatedRows(links, mainEmitentId, lang), [links, mainEmitentId, lang]);
  // The shared table sorts numbers stably with no value last in both orders: given each column's
  // sort keys from the contract model, it sorts exactly as the server's table and the model do.
  const tableRows = useMemo(() => {
    const keys = Object.fromEntries(
      RELATED_COLUMNS.map((column) => [column, relatedSortKeys(rows, column, lang)]),
    ) as Record<RelatedColumn, Array<number | null>>;
    return rows.map((row, index): LinkTableRow => ({
      row,
      ...Object.fromEntries(RELATED_COLUMNS.map((column) => [column, keys[column][index] ?? null])),
    }));
  }, [rows, lang]);
  const columns = useMemo(() => linkColumns(t, lang), [t, lang]);
  const name = mainIssuerName(links, mainEmitentId);
  const fullCaption = [
    caption,
    name === null ? '' : t('issuer:related_table_caption').replace('{name}', name),
  ]
    .filter(Boolean)
    .join('. ');
  // One polite announcement per sort change; the focus stays on the sort button that was pressed.
  const [announcement, setAnnouncement] = useState('');
  const announce = (field: string, order: 'asc' | 'desc' | null) => {
    const column = columns.find((entry) => entry.field === field);
    setAnnouncement(
      order && column
        ? t('issuer:related_sorted')
            .replace('{column}', column.title)
            .replace('{order}', t(`issuer:related_sort_${order}`))
        : t('issuer:related_sort_default'),
    );
  };

  return (
    <div className="lt" part="links-table">
      <DataTable
        columns={columns}
        rows={tableRows}
        caption={fullCaption}
        mobileColumns={[...RELATED_COLUMNS]}
        onSortChange={(sort) => announce(sort.field, sort.order)}
        t={t}
      />
      <p className="fin-visually-hidden" aria-live="polite" data-announcement="">
        {announcement}
      </p>
    </div>
  );
}

function linkColumns(t: Translate, lang: Lang): TableColumn[] {
  return RELATED_COLUMNS.map((column): TableColumn => ({
    field: column,
    title: t(RELATED_COLUMN_LABELS[column]),
    // A sort key never reads as "empty": every column stays, even when no link has a share.
    alwaysShown: true,
    align: column === 'share' ? 'end' : 'start',
    format: (_key, tableRow) => (
      <LinkCell column={column} row={(tableRow as LinkTableRow).row} t={t} lang={lang} />
    ),
  }));
}

function LinkCell({
  column,
  row,
  t,
  lang,
}: {
  column: RelatedColumn;
  row: RelatedRow;
  t: Translate;
  lang: Lang;
}) {
  switch (column) {
    case 'issuer':
      return row.href ? <a href={row.href}>{row.issuer}</a> : <>{row.issuer}</>;
    case 'holding':
      return <>{row.holding}</>;
    case 'relation':
      return <>{row.relation}</>;
    case 'share': {
      const share = formatShare(row.share, lang);
      return share !== null ? (
        <>{share}</>
      ) : (
        // Positioned, so the hidden text stays inside the table's scroll box (no page scroll).
        <span className="lt__none">
          <span aria-hidden="true">—</span>
          <span className="fin-visually-hidden">{t('issuer:related_no_share')}</span>
        </span>
      );
    }
  }
}
