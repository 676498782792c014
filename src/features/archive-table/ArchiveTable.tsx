import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { $ground } from '../../core/stores/ground.ts';
import { stockPageStore, type PageDataState } from '../../core/stores/page.ts';
import { periodStore } from '../../core/stores/period.ts';
import type { StockPageData } from '../../contract/types.ts';
import {
  DataTable,
  type SortOrder,
  type TableColumn,
  type TableRow,
} from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { PageDataMessage } from '../../runtime/chrome/PageDataMessage.tsx';
import {
  archiveQuery,
  archiveTableStore,
  createArchiveTableStore,
  reloadArchiveTable,
  type ArchiveTableState,
} from './archive-table.store.ts';
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
 * The archive of a page-data block follows that block's stores (the chart of the same block shares
 * its period and reads its total); an element with its own stock, ground or period loads its own.
 */
export function ArchiveTable(props: ArchiveTableProps) {
  useStyles(css, 'element');
  const own = props.stockId !== undefined || props.groundId !== undefined || props.periodId !== undefined;
  return own ? <OwnArchiveTable {...props} /> : <BlockArchiveTable {...props} />;
}

/** The custom element's component: sorting is announced as `fin-sort-change`. */
export function ArchiveTableElement(props: Omit<ArchiveTableProps, 'onSortChange'>) {
  const { emit } = useHost();
  return <ArchiveTable {...props} onSortChange={(sort) => emit('fin-sort-change', sort)} />;
}

function BlockArchiveTable(props: ArchiveTableProps) {
  const selector = props.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const state = useStore(archiveTableStore(selector));
  const page = useStore(stockPageStore(selector));
  return (
    <ArchiveView {...props} state={state} page={page} onRetry={() => void reloadArchiveTable(selector)} />
  );
}

function OwnArchiveTable(props: ArchiveTableProps) {
  const selector = props.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const page = useStore(stockPageStore(selector));
  const ground = useStore($ground);
  const period = useStore(periodStore(selector));
  const store = useMemo(() => createArchiveTableStore(), []);
  const state = useStore(store.$state);
  const query = archiveQuery({
    stockId: props.stockId,
    groundId: props.groundId,
    periodId: props.periodId,
    page: page.status === 'ok' ? page.data : null,
    ground,
    period,
    followsSharedGround: selector === DEFAULT_PAGE_DATA_SELECTOR && props.groundId === undefined,
  });
  const queryKey = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (queryKey) void store.load(JSON.parse(queryKey));
  }, [store, queryKey]);
  useEffect(() => store.cancel, [store]);

  if (props.stockId !== undefined && !query) {
    return (
      <ElementMessage kind="error">
        {`<fin-archive-table stock-id="${props.stockId}">: give ground-id too (the page data has no ground for this stock)`}
      </ElementMessage>
    );
  }
  return (
    <ArchiveView
      {...props}
      state={state}
      page={props.stockId !== undefined ? { status: 'none' } : page}
      onRetry={store.reload}
    />
  );
}

function ArchiveView({
  state,
  page,
  onRetry,
  loginUrl,
  accessUrl,
  onSortChange,
}: ArchiveTableProps & {
  state: ArchiveTableState;
  page: PageDataState<StockPageData>;
  onRetry: () => void;
}) {
  const { t, ready } = useLabels('archive', 'common', 'widgets');
  const rows = useMemo(() => archiveRows(state.table) as unknown as TableRow[], [state.table]);
  const columns = useMemo(
    () => (state.table ? archiveColumns(state.table.fields, state.table.fieldsLabels) : []),
    [state.table],
  );

  if (page.status === 'error' || page.status === 'missing') {
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
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
      {state.status === 'idle' || state.status === 'loading' ? (
        <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>
      ) : state.status === 'error' ? (
        <ElementMessage kind="error" onRetry={onRetry} retryLabel={t('common:retry')}>
          {t('common:error_load')}
        </ElementMessage>
      ) : state.total === 0 ? (
        <ElementMessage kind="info">{t('archive:no_data')}</ElementMessage>
      ) : (
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
