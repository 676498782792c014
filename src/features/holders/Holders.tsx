import { useStore } from '@nanostores/react';
import type { HoldersAnswer } from '../../contract/stocks.ts';
import { TABLE_ROW_LIMIT } from '../../contract/tables.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { instrumentStore } from '../../core/stores/instrument.ts';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
import { DataTable, type TableColumn, type TableRow } from '../../widgets/data-table/index.ts';
import { createHoldersResource } from './holders.api.ts';
import css from './holders.css?inline';
import { holderFieldLabel, holderShareText } from './holders.utils.ts';
/** The stock's largest holders (SPEC §7 get-holders): name, share of the capital and report date. */
export interface HoldersProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Stock id, for pages without page data; overrides the page data. */
  stockId?: number;
}

export function Holders({ pageData = DEFAULT_PAGE_DATA_SELECTOR, stockId }: HoldersProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('stock', 'market', 'widgets', 'common');
  const { emit } = useHost();
  const instrument = useStore(instrumentStore({ pageData, stockId }));
  const target = instrument.status === 'ok' ? instrument.instrument.stockId : null;
  const { state, resource } = useResource(createHoldersResource, target);

  return (
    <ElementState
      t={t}
      ready={ready}
      page={instrument.status === 'page-error' ? instrument.page : null}
      state={state}
      onRetry={resource.retry}
      isEmpty={(answer) => answer.data.length === 0}
    >
      {(answer) => (
        <div className="hd" part="block">
          <DataTable
            columns={holderColumns(answer, t)}
            rows={answer.data as unknown as TableRow[]}
            caption={t('market:holders_title')}
            limit={TABLE_ROW_LIMIT}
            mobileColumns={['name', 'share', 'date']}
            mobilePageSize={2}
            onSortChange={(sort) => emit('fin-sort-change', sort)}
            onExpandChange={(expanded) => emit('fin-expand-change', { expanded })}
            t={t}
          />
        </div>
      )}
    </ElementState>
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
