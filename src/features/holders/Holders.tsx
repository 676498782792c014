import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { HoldersAnswer } from '../../contract/stocks.ts';
import { useHost, useLabels, type Translate } from '../../core/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { DataTable, type TableColumn, type TableRow } from '../../widgets/data-table/index.ts';
import { ElementMessage } from '../../widgets/element-message/ElementMessage.tsx';
import { PageDataMessage } from '../../widgets/page-data-message/PageDataMessage.tsx';
import { createHoldersStore } from './holders.store.ts';
import { holderFieldLabel, holderShareText } from './holders.utils.ts';

/** The stock's largest holders (SPEC §7 get-holders): name, share of the capital and report date. */
export interface HoldersProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Stock id, for pages without page data; overrides the page data. */
  stockId?: number;
}

/** Rows shown until expanded (SPEC §9 table limit 5). Holders are public: anyone may expand. */
const HOLDERS_ROW_LIMIT = 5;

export function Holders({ pageData = DEFAULT_PAGE_DATA_SELECTOR, stockId }: HoldersProps) {
  const { t, ready } = useLabels('stock', 'market', 'widgets', 'common');
  const { emit } = useHost();
  const page = useStore(stockPageStore(pageData));
  const store = useMemo(() => createHoldersStore(), []);
  const state = useStore(store.$state);
  const target = stockId ?? (page.status === 'ok' ? page.data.stockId : undefined);

  useEffect(() => {
    if (target !== undefined) void store.load(target);
  }, [store, target]);
  useEffect(() => store.cancel, [store]);

  const answer = state.status === 'ready' ? state.answer : null;
  const columns = useMemo(() => (answer ? holderColumns(answer, t) : []), [answer, t]);

  if (stockId === undefined && (page.status === 'error' || page.status === 'missing')) {
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  }
  if (!ready || state.status === 'idle' || state.status === 'loading') {
    return <ElementMessage kind="loading">{ready ? t('common:loading') : '…'}</ElementMessage>;
  }
  if (state.status === 'error') {
    return (
      <ElementMessage kind="error" onRetry={() => store.load(state.stockId)} retryLabel={t('common:retry')}>
        {state.error.kind === 'timeout' ? t('common:error_timeout') : t('common:error_load')}
      </ElementMessage>
    );
  }
  if (state.answer.data.length === 0)
    return <ElementMessage kind="info">{t('stock:no_data')}</ElementMessage>;
  return (
    <div className="hd" part="block">
      <DataTable
        columns={columns}
        rows={state.answer.data as unknown as TableRow[]}
        caption={t('market:holders_title')}
        limit={HOLDERS_ROW_LIMIT}
        mobileColumns={['name', 'share', 'date']}
        mobilePageSize={2}
        onSortChange={(sort) => emit('fin-sort-change', sort)}
        onExpandChange={(expanded) => emit('fin-expand-change', { expanded })}
        t={t}
      />
    </div>
  );
}

function holderColumns(answer: HoldersAnswer, t: Translate): TableColumn[] {
  return answer.fields.map((field) => ({
    field,
    title: holderFieldLabel(field, t, answer.fieldsLabels),
    align: field === 'share' ? 'end' : 'start',
    ...(field === 'share' ? { format: (value: unknown) => holderShareText(value) } : {}),
  }));
}
