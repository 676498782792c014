import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { accessPrompt } from '../../core/access.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { $user } from '../../core/stores/user.ts';
import {
  DataTable,
  type LockedExpansion,
  type TableColumn,
  type TableRow,
} from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import {
  DEFAULT_ACCESS_URL,
  DEFAULT_LOGIN_URL,
  accessHref,
  loginHref,
} from '../../runtime/chrome/access-links.ts';
import { pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import { DIVIDENDS_LIMIT } from '../../contract/tables.ts';
import {
  DIVIDENDS_MOBILE_FIXED_COLUMNS,
  DIVIDENDS_NUMERIC_FIELDS,
  desktopFields,
  formatDividendAmount,
  hiddenRowCount,
  mobileFields,
  nearestDividend,
  type NearestDividend,
} from './dividends-table.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './dividends-table.css?inline';

/**
 * The dividends of the stock page (SPEC §2): the nearest dividend above a table of the history
 * (year, period, last day to buy, ex-dividend date, record date, amount), five rows until
 * expanded. Below 680 px the last day to buy is left out and the amount comes second.
 */
export interface DividendsTableProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Where the "log in" link of a locked expansion goes; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" link of a locked expansion goes (SPEC §2: /profile/access/). */
  accessUrl?: string;
}

export function DividendsTable({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  loginUrl = DEFAULT_LOGIN_URL,
  accessUrl = DEFAULT_ACCESS_URL,
}: DividendsTableProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('stock', 'widgets', 'common');
  const { emit } = useHost();
  const page = useStore(stockPageStore(pageData));
  const user = useStore($user);
  const data = page.status === 'ok' ? page.data : null;

  const table = data?.dividendsTable;
  const fields = useMemo(() => (table ? desktopFields(table) : []), [table]);
  const columns = useMemo(() => fields.map((field) => dividendColumn(field, t)), [fields, t]);
  const mobile = useMemo(() => mobileFields(fields), [fields]);
  const nearest = useMemo(() => nearestDividend(data?.nearestDividend ?? null), [data]);

  const gate = pageDataGate(page, ready, t, ['dividendsTable', 'nearestDividend']);
  if (gate || !table) return gate;

  const rows = table.data as TableRow[];
  if (rows.length === 0 && !nearest) {
    return <ElementMessage kind="info">{t('stock:no_dividends')}</ElementMessage>;
  }
  // Rows the server kept back: the history beyond the limit needs paid access (SPEC §5).
  const hidden = hiddenRowCount(table);
  const prompt = accessPrompt(user);
  const locked: LockedExpansion | null =
    hidden > 0 && prompt !== 'granted'
      ? { reason: prompt, loginUrl: loginHref(loginUrl), accessUrl: accessHref(accessUrl) }
      : null;

  return (
    <div className="dv" part="block">
      {nearest ? <NearestDividendCard dividend={nearest} t={t} /> : null}
      {rows.length > 0 ? (
        <DataTable
          columns={columns}
          rows={rows}
          caption={t('stock:dividends_caption')}
          limit={DIVIDENDS_LIMIT}
          totalRows={rows.length + hidden}
          locked={locked}
          mobileColumns={mobile}
          mobileFixedColumns={DIVIDENDS_MOBILE_FIXED_COLUMNS}
          onSortChange={(sort) => emit('fin-sort-change', sort)}
          onExpandChange={(expanded) => emit('fin-expand-change', { expanded })}
          t={t}
        />
      ) : null}
    </div>
  );
}

/** Date columns whose heading explains its term while the page's hints are on (`stock:hint_div_<field>`). */
const DIVIDEND_HINTS = new Set([
  'last_date_of_purchase',
  'date_of_ex_dividend',
  'date_of_close_list_dividends',
]);

function dividendColumn(field: string, t: Translate): TableColumn {
  const title = t(`stock:div_${field}`);
  return {
    field,
    title,
    ...(DIVIDEND_HINTS.has(field)
      ? {
          hint: {
            text: t(`stock:hint_div_${field}`),
            label: t('common:hint_about').replace('{term}', title),
          },
        }
      : {}),
    align: DIVIDENDS_NUMERIC_FIELDS.has(field) ? 'end' : 'start',
    ...(field === 'summ'
      ? { format: (value: unknown, row: TableRow) => formatDividendAmount(value, row.currency) }
      : {}),
  };
}

function NearestDividendCard({ dividend, t }: { dividend: NearestDividend; t: Translate }) {
  return (
    <section className="dv-nearest" part="nearest" aria-labelledby="dv-nearest-title">
      <h3 className="dv-nearest__title" id="dv-nearest-title">
        {t('stock:nearest_dividend')}
        {dividend.periodName ? <span className="dv-nearest__period"> · {dividend.periodName}</span> : null}
      </h3>
      <dl className="dv-nearest__facts">
        <div className="dv-nearest__fact dv-nearest__fact--amount">
          <dt>{t('stock:div_summ')}</dt>
          <dd data-field="summ">{formatDividendAmount(dividend.summ, dividend.currency)}</dd>
        </div>
        <div className="dv-nearest__fact">
          <dt>{t('stock:div_date_of_ex_dividend')}</dt>
          <dd data-field="date_of_ex_dividend">{dividend.exDividendDate ?? '—'}</dd>
        </div>
        <div className="dv-nearest__fact">
          <dt>{t('stock:div_date_of_close_list_dividends')}</dt>
          <dd data-field="date_of_close_list_dividends">{dividend.closeListDate ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
