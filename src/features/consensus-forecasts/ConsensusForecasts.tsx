import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ConsensusAnswer, ConsensusItem } from '../../contract/company.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { issuerReportsPageStore } from '../../core/stores/page.ts';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { hasMaskedValue, MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
import { DataTable, type TableColumn, type TableRow } from '../../widgets/data-table/index.ts';
import { Pager, pageCountOf, pageItems } from '../../widgets/pager/index.ts';
import { createConsensusResource } from './consensus-forecasts.api.ts';
import css from './consensus-forecasts.css?inline';
import {
  CONSENSUS_FIELDS,
  CONSENSUS_PAGE_SIZE,
  CONSENSUS_SECTION_ID,
  CONSENSUS_VISIBILITY_DELAY_MS,
  changeTrend,
  consensusChange,
  consensusHeading,
  consensusValue,
  shownItems,
} from './consensus-forecasts.utils.ts';

/** The issuer's consensus forecasts (SPEC §2 "Issuer page blocks", §3, §9). */
export interface ConsensusForecastsProps {
  /** CSS selector of the issuer page-data block to read; default `#fin-page-data`. */
  pageData?: string;
}

export function ConsensusForecasts({ pageData = DEFAULT_PAGE_DATA_SELECTOR }: ConsensusForecastsProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('issuer', 'widgets', 'stock', 'common');
  const { emit, setHidden } = useHost();
  const page = useStore(issuerReportsPageStore(pageData));
  const url = page.status === 'ok' ? page.data.apiUrls.consensus : null;
  const { state, resource } = useResource(createConsensusResource, url);

  // SPEC §2: the block shows only when there are forecasts; SPEC §9: the page's menu learns it
  // 1000 ms after the data loads.
  const answer = state.status === 'ready' ? state.value : null;
  const visible = answer === null ? null : answer.items.length > 0;
  useEffect(() => {
    if (visible === null) return;
    setHidden(!visible);
    const timer = setTimeout(
      () => emit('fin-section-visibility', { section: CONSENSUS_SECTION_ID, visible }),
      CONSENSUS_VISIBILITY_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [answer, visible, emit, setHidden]);

  const access = page.status === 'ok' ? page.data : null;
  return (
    <ElementState
      t={t}
      ready={ready}
      page={page}
      state={state}
      onRetry={resource.retry}
      isEmpty={(value) => value.items.length === 0}
    >
      {(value) => (
        <div className="cf" part="block">
          <ConsensusTable answer={value} t={t} />
          {hasMaskedValue(shownItems(value).flatMap(maskableValues)) ? (
            <MaskedHint
              texts={{
                auth: t('stock:masked_hint_auth'),
                paid: t('stock:masked_hint_paid'),
                login: t('common:login'),
                getAccess: t('widgets:get_access'),
              }}
              loginUrl={access?.loginUrl}
              accessUrl={access?.accessUrl}
            />
          ) : null}
        </div>
      )}
    </ElementState>
  );
}

const maskableValues = (item: ConsensusItem) => [
  item.actual_value,
  item.forecast_value,
  item.forecast_value_next,
  item.forecast_min,
  item.forecast_max,
  item.change,
];

/** The forecasts, six a page, with the pager under the table. */
function ConsensusTable({ answer, t }: { answer: ConsensusAnswer; t: Translate }) {
  const items = shownItems(answer);
  const pageCount = pageCountOf(items.length, CONSENSUS_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const current = Math.min(page, pageCount - 1);
  const title = answer.labels.title?.trim() || t('issuer:consensus_title');
  return (
    <>
      <DataTable
        columns={consensusColumns(answer, t)}
        rows={pageItems(items, current, CONSENSUS_PAGE_SIZE) as unknown as TableRow[]}
        caption={pageCount > 1 ? `${title} (${pageLabel(t, current, pageCount)})` : title}
        mobileColumns={[...CONSENSUS_FIELDS]}
        t={t}
      />
      <Pager page={current} pageCount={pageCount} onPage={setPage} t={t} />
    </>
  );
}

const pageLabel = (t: Translate, page: number, pageCount: number) =>
  t('widgets:page_status')
    .replace('{n}', String(page + 1))
    .replace('{total}', String(pageCount));

function consensusColumns(answer: ConsensusAnswer, t: Translate): TableColumn[] {
  return CONSENSUS_FIELDS.map((field): TableColumn => {
    const column: TableColumn = {
      field,
      title: consensusHeading(field, answer, t),
      sortable: false,
      align: field === 'indexName' || field === 'updated' ? 'start' : 'end',
    };
    switch (field) {
      case 'indexName':
        return {
          ...column,
          format: (value, row) => {
            const unit = (row as unknown as ConsensusItem).unit;
            return (
              <>
                {String(value)}
                {unit ? <span className="cf__unit">, {unit}</span> : null}
              </>
            );
          },
        };
      case 'change':
        return {
          ...column,
          format: (value) => consensusChange(value as ConsensusItem['change']),
          className: (value) => {
            const trend = changeTrend(value as ConsensusItem['change']);
            return trend ? `cf__change--${trend}` : undefined;
          },
        };
      case 'analysts_count':
      case 'updated':
        return { ...column, format: (value) => (value === null || value === '' ? '—' : String(value)) };
      default:
        return { ...column, format: (value) => consensusValue(value as ConsensusItem['actual_value']) };
    }
  });
}
