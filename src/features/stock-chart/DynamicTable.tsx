import { useMemo } from 'react';
import { formatNumber, formatPercentChange } from '../../core/format.ts';
import type { Translate } from '../../runtime/hooks.ts';
import { DataTable, type TableColumn, type TableRow } from '../../widgets/data-table/index.ts';
import { dynamicTableRows } from './dynamic-table.ts';
import type { ChartPoint } from '../../contract/stocks.ts';

export interface DynamicSeries {
  key: string;
  name: string;
  data: readonly ChartPoint[];
  /** Values scaled by the server (non-paid sessions): shown as '***'. */
  masked: boolean;
}

/** px: long periods scroll inside this box with the head in view. */
const MAX_HEIGHT = 480;

function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? formatNumber(value) : String(value);
}

function displayChange(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? formatPercentChange(value) : String(value);
}

/**
 * View 1 "dynamic table" (SPEC §2, §9): the chart's series by date, newest first, each with its
 * value and the change from its previous point. Loaded when first shown.
 */
export function DynamicTable({
  series,
  intraday,
  t,
}: {
  series: DynamicSeries[];
  intraday: boolean;
  t: Translate;
}) {
  const rows = useMemo(() => dynamicTableRows(series, intraday) as unknown as TableRow[], [series, intraday]);
  const columns = useMemo<TableColumn[]>(() => {
    const several = series.length > 1;
    return [
      { field: 'date', title: t('market:date'), alwaysShown: true },
      ...series.flatMap((entry): TableColumn[] => [
        {
          field: entry.key,
          title: several ? entry.name : t('chart:value'),
          align: 'end',
          alwaysShown: true,
          format: displayValue,
        },
        {
          field: `${entry.key}:change`,
          title: several ? `${t('chart:change')} (${entry.name})` : t('chart:change'),
          align: 'end',
          alwaysShown: true,
          format: displayChange,
          className: (value) =>
            typeof value === 'number'
              ? value > 0
                ? 'sc__rise'
                : value < 0
                  ? 'sc__fall'
                  : undefined
              : undefined,
        },
      ]),
    ];
  }, [series, t]);
  if (rows.length === 0) return <p className="sc__empty">{t('chart:no_graph_data')}</p>;
  return (
    <div className="sc__dynamic" part="dynamic-table">
      <DataTable
        columns={columns}
        rows={rows}
        caption={t('chart:view_dynamic')}
        fixedHead
        fixedFirstColumn
        maxHeight={MAX_HEIGHT}
        t={t}
      />
    </div>
  );
}
