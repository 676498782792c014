import { useStore } from '@nanostores/react';
import { useCallback, useMemo, type MouseEvent } from 'react';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { groundOf } from '../../core/stores/instrument.ts';
import { $ground, $groundSwitching, stockPagePath } from '../../core/stores/ground.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import type { StockPageData } from '../../contract/types.ts';
import {
  DataTable,
  mobileColumnOrder,
  type TableColumn,
  type TableRow,
} from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import {
  EXCHANGE_PRICE_FIELDS,
  exchangeCellText,
  exchangeDesktopFields,
  exchangeMobileFields,
  hasMaskedPrice,
  lastPriceTrend,
  rowGround,
  rowTrend,
} from './exchange-table.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './exchange-table.css?inline';

/**
 * The stock's trading on each of its grounds (SPEC §2 "Exchange table"): last price, change,
 * bid/ask, open, low, high, average, official close, ticker and currency. Picking a ground
 * switches the page to it without a reload (SPEC §2), and the table marks the ground shown.
 */
export interface ExchangeTableProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Where the "log in" prompt under masked prices links to; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" prompt links to (SPEC §2: /profile/access/). */
  accessUrl?: string;
}

/** The ground's id on each mapped row, beside the cell the table sorts and shows. */
const GROUND_ID = 'trading_ground_id';

export function ExchangeTable({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  loginUrl,
  accessUrl,
}: ExchangeTableProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('stock', 'widgets', 'common');
  const { emit } = useHost();
  const page = useStore(stockPageStore(pageData));
  const sharedGround = useStore($ground);
  const switching = useStore($groundSwitching);
  const data = page.status === 'ok' ? page.data : null;

  // The page's main data follows the shared ground; another block keeps its own.
  const followsShared = pageData === DEFAULT_PAGE_DATA_SELECTOR;
  const active = data ? groundOf(data, sharedGround, followsShared) : null;

  const fields = useMemo(() => (data ? exchangeDesktopFields(data.exchangeTable) : []), [data]);
  // Below 680 px every column pages (SPEC §4), the mobile set first (SPEC §2): where, how much,
  // how it moved and in what currency, then the rest behind the arrows.
  const mobile = useMemo(() => mobileColumnOrder(exchangeMobileFields(fields), fields), [fields]);
  const rows = useMemo(() => (data ? exchangeRows(data.exchangeTable.data, active) : []), [data, active]);

  const selectGround = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, groundId: number) => {
      // A new tab or window keeps the browser's own handling; so does a block other than the page's.
      const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (!followsShared || modified) return;
      event.preventDefault();
      // The shared ground store acts on this event (the same path as a legacy page's own select):
      // it loads the page data of the ground, rewrites the address, and every element follows.
      if (groundId !== active) emit('fin-ground-select', { groundId });
    },
    [followsShared, active, emit],
  );
  const columns = useMemo(
    () => (data ? fields.map((field) => exchangeColumn(field, data, t, selectGround)) : []),
    [fields, data, t, selectGround],
  );

  const gate = pageDataGate(page, ready, t, ['exchangeTable']);
  if (gate || !data) return gate;
  if (rows.length === 0) return <ElementMessage kind="info">{t('stock:no_data')}</ElementMessage>;

  return (
    <div className="ex" part="block" aria-busy={switching || undefined}>
      <DataTable
        columns={columns}
        rows={rows}
        caption={t('stock:section_exchange')}
        // Where the table is still wider than its box (a narrow phone, long prices), the exchange
        // name stays in view while the prices scroll.
        fixedFirstColumn
        mobileColumns={mobile}
        mobilePageSize="fit"
        onSortChange={(sort) => emit('fin-sort-change', sort)}
        t={t}
      />
      {switching ? (
        <p className="ex-switching" role="status">
          {t('stock:ground_switching')}
        </p>
      ) : null}
      {hasMaskedPrice(data.exchangeTable.data) ? (
        <MaskedHint
          texts={{
            auth: t('stock:masked_hint_auth'),
            paid: t('stock:masked_hint_paid'),
            login: t('common:login'),
            getAccess: t('widgets:get_access'),
          }}
          loginUrl={loginUrl}
          accessUrl={accessUrl}
        />
      ) : null}
    </div>
  );
}

/** Rows for the table: the ground as a sortable cell with its id beside it, the shown ground marked. */
function exchangeRows(data: ReadonlyArray<Record<string, unknown>>, active: number | null): TableRow[] {
  return data.map((row) => {
    const ground = rowGround(row);
    const classes = [
      typeof row.class === 'string' ? row.class : '',
      ground?.id === active ? 'ex-row--active' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      ...row,
      trading_ground: ground ? { val: ground.text } : null,
      [GROUND_ID]: ground?.id ?? null,
      class: classes,
    };
  });
}

/** Columns whose heading explains its term while the page's hints are on (`stock:hint_<field>`). */
const EXCHANGE_HINTS = new Set(['last', 'buy_sell', 'avg', 'legal_close_price']);

function exchangeColumn(
  field: string,
  data: StockPageData,
  t: Translate,
  onSelect: (event: MouseEvent<HTMLAnchorElement>, groundId: number) => void,
): TableColumn {
  const title = t(`stock:ex_${field}`);
  if (field === 'trading_ground') {
    return {
      field,
      title,
      alwaysShown: true,
      format: (value, row) => {
        const id = row[GROUND_ID];
        const text = exchangeCellText(field, (value as { val?: unknown } | null)?.val ?? null);
        if (typeof id !== 'number') return text;
        const current = (row.class ?? '').split(' ').includes('ex-row--active');
        return (
          <a
            className="ex-ground"
            href={stockPagePath(data, id)}
            aria-current={current ? 'true' : undefined}
            data-ground-id={id}
            onClick={(event) => onSelect(event, id)}
          >
            {text}
          </a>
        );
      },
    };
  }
  return {
    field,
    title,
    ...(EXCHANGE_HINTS.has(field)
      ? { hint: { text: t(`stock:hint_${field}`), label: t('common:hint_about').replace('{term}', title) } }
      : {}),
    align: EXCHANGE_PRICE_FIELDS.has(field) ? 'end' : 'start',
    format: (value, row) => {
      const text = exchangeCellText(field, value);
      const trend = field === 'last' ? lastPriceTrend(row, value) : null;
      if (!trend) return text;
      // The change column has its sign; the last price says its direction by more than colour.
      const label = t(trend === 'up' ? 'stock:trend_up' : 'stock:trend_down');
      return (
        <>
          <span className="ex-arrow" role="img" aria-label={label} title={label}>
            {trend === 'up' ? '▲' : '▼'}
          </span>
          {text}
        </>
      );
    },
    className: (_value, row) => {
      if (field === 'buy_sell') return 'ex-bid-ask';
      if (field !== 'change' && field !== 'last') return undefined;
      const trend = rowTrend(row);
      return trend ? `ex-trend ex-trend--${trend}` : undefined;
    },
  };
}
