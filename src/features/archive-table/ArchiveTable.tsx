import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { archiveOf, archiveShownInChart } from '../../core/stores/archive.ts';
import { instrumentStore } from '../../core/stores/instrument.ts';
import {
  DataTable,
  type SortOrder,
  type TableColumn,
  type TableRow,
} from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { PageDataMessage } from '../../runtime/chrome/PageDataMessage.tsx';
import {
  ARCHIVE_MOBILE_FIELDS,
  archiveRows,
  changeTrend,
  hasMaskedPrice,
  isKnownArchiveField,
  type ArchiveCell,
} from './archive-table.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './archive-table.css?inline';

/**
 * The archive of trading data for the chosen period (SPEC §2 view "archive"): open, high, low,
 * close, average, volume, turnover and change per day, synced with the stock chart's period.
 */
export interface ArchiveTableProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Another stock than the page's (partner embeds); needs `groundId` when the page has no data for it. */
  stockId?: number;
  /** Trading ground id; overrides the page data and the shared ground. */
  groundId?: number;
  /**
   * The element's own period (SPEC §9 ids: 0 today, 1–5 = 1, 3, 6, 12, 36 months back from the
   * last date) instead of the chart's shared one.
   */
  periodId?: number;
  /** Where the "log in" prompt links to; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" prompt links to (SPEC §2: /profile/access/). */
  accessUrl?: string;
  /** A user sorted a column (order null: back to the server's order, newest first). */
  onSortChange?(sort: { field: string; order: SortOrder | null }): void;
}

/** px: long periods (3Y is about 750 days) scroll inside this box with the head in view. */
const ARCHIVE_MAX_HEIGHT = 480;

/**
 * The stock chart marks its Archive view's element with this attribute when it creates it, before
 * the element renders: that one never steps aside, wherever it is when its effects run.
 */
export const CHART_VIEW_ATTRIBUTE = 'data-fin-chart-view';

/** Whether the element is a part of another element (rendered in a `fin-*` element's shadow root). */
function insideElement(element: HTMLElement): boolean {
  const root = element.getRootNode();
  return root instanceof ShadowRoot && root.host.localName.startsWith('fin-');
}

/**
 * The custom element's component: sorting is announced as `fin-sort-change`. The archive of a
 * page-data block steps aside (hidden) while the stock chart of that block shows the same archive
 * in its Archive view, so the page never shows it twice.
 */
export function ArchiveTableElement(props: Omit<ArchiveTableProps, 'onSortChange'>) {
  const { emit, element, setHidden } = useHost();
  const { pageData, stockId, groundId, periodId } = props;
  const $shownInChart = useMemo(() => archiveShownInChart(pageData), [pageData]);
  const shownInChart = useStore($shownInChart);
  const blockArchive = stockId === undefined && groundId === undefined && periodId === undefined;
  const stepAside = shownInChart && blockArchive;
  useEffect(() => {
    // Where the element sits is read once it is in place: the chart's own archive view may render
    // before its element is in the chart's shadow root, and it never steps aside.
    if (!stepAside || insideElement(element) || element.hasAttribute(CHART_VIEW_ATTRIBUTE)) return;
    setHidden(true);
    return () => setHidden(false);
  }, [stepAside, element, setHidden]);
  return <ArchiveTable {...props} onSortChange={(sort) => emit('fin-sort-change', sort)} />;
}

/**
 * The archive of the instrument the attributes name (core/stores/archive.ts): without any, the
 * archive of the page-data block, which the chart of the same block shares (its period, its total);
 * with a stock, ground or period of its own, an archive of its own.
 */
export function ArchiveTable({
  pageData,
  stockId,
  groundId,
  periodId,
  loginUrl,
  accessUrl,
  onSortChange,
}: ArchiveTableProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('archive', 'common', 'widgets');
  const instrument = useStore(instrumentStore({ pageData, stockId, groundId }));
  const archive = useMemo(
    () => archiveOf({ pageData, stockId, groundId, periodId }),
    [pageData, stockId, groundId, periodId],
  );
  const state = useStore(archive.$state);
  const rows = useMemo(() => archiveRows(state.table) as unknown as TableRow[], [state.table]);
  const columns = useMemo(
    () => (state.table ? archiveColumns(state.table.fields, state.table.fieldsLabels) : []),
    [state.table],
  );

  if (instrument.status === 'page-error') {
    const { page } = instrument;
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  }
  if (instrument.status === 'ok' && instrument.instrument.groundId === null) {
    return (
      <ElementMessage kind="error">
        {`<fin-archive-table stock-id="${stockId}">: give ground-id too (the page data has no ground for this stock)`}
      </ElementMessage>
    );
  }
  if (!ready) return <ElementMessage kind="loading">…</ElementMessage>;

  const caption =
    state.from && state.to
      ? t('archive:caption').replace('{from}', state.from).replace('{to}', state.to)
      : t('archive:title');
  return (
    <section
      className="at"
      part="block"
      aria-label={t('archive:title')}
      aria-busy={state.status === 'loading'}
    >
      <h3 className="at__title" part="title">
        {caption}
        {state.table?.currency && state.total > 0 ? (
          <span className="at__currency"> · {state.table.currency}</span>
        ) : null}
      </h3>
      <ElementState
        t={t}
        ready
        state={state}
        onRetry={() => void archive.reload()}
        isEmpty={() => state.total === 0}
        emptyText={t('archive:no_data')}
      >
        {() => (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              caption={caption}
              fixedHead
              fixedFirstColumn
              maxHeight={ARCHIVE_MAX_HEIGHT}
              mobileColumns={ARCHIVE_MOBILE_FIELDS}
              onSortChange={onSortChange}
              t={t}
            />
            {hasMaskedPrice(state.table) ? (
              <MaskedHint
                className="at__hint"
                texts={{
                  auth: t('archive:masked_hint_auth'),
                  paid: t('archive:masked_hint_paid'),
                  login: t('common:login'),
                  getAccess: t('archive:get_access'),
                }}
                loginUrl={loginUrl}
                accessUrl={accessUrl}
              />
            ) : null}
          </>
        )}
      </ElementState>
    </section>
  );
}

/**
 * The answer's columns in its order, headed by its fieldsLabels. A column the table does not know
 * shows its values as plain text (archive-table.utils.ts `plainArchiveCell`) rather than failing.
 */
function archiveColumns(fields: string[], fieldsLabels: Record<string, string>): TableColumn[] {
  return fields.map((field) => ({
    field,
    title: fieldsLabels[field] ?? field,
    align: field === 'date' || !isKnownArchiveField(field) ? 'start' : 'end',
    // Sorting uses the cell's exact value; the screen shows the value as the answer gives it.
    format: (value) => (value as ArchiveCell | undefined)?.text ?? '—',
    className:
      field === 'change'
        ? (value) => {
            const trend = changeTrend(value as ArchiveCell);
            return trend ? `at__change--${trend}` : undefined;
          }
        : undefined,
  }));
}
