/**
 * The dynamic table (view 1, SPEC §2, §9): the chart's series by date, with the change from the
 * previous point. Apart from stock-chart.utils.ts because only the table's lazy chunk needs it.
 */
import type { ChartPoint } from '../../contract/stocks.ts';
import { displayDate, toIsoDate } from '../../contract/calendar.ts';
import { EXCHANGE_TIME_ZONE, round2 } from './stock-chart.utils.ts';

export type DynamicRow = Record<string, string | number | null> & { date: string; time: number };

let exchangeTimeFormat: Intl.DateTimeFormat | null = null;

/** The time of a point as the table shows it: the day, or the exchange time of an intraday point. */
export function pointDate(time: number, intraday: boolean): string {
  if (!intraday) return displayDate(toIsoDate(time));
  exchangeTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: EXCHANGE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = exchangeTimeFormat.formatToParts(new Date(time));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * Rows newest first: per series its value (`key`) and change in percent from its previous point
 * (`key:change`, 2 decimals). A masked (scaled) series shows '***': its shape is not a price.
 */
export function dynamicTableRows(
  series: readonly { key: string; data: readonly ChartPoint[]; masked: boolean }[],
  intraday: boolean,
): DynamicRow[] {
  const rows = new Map<number, DynamicRow>();
  for (const entry of series) {
    let previous: number | null = null;
    // Indexed (COLD_LOOPS in widgets/chart/chart.utils.ts).
    for (let i = 0; i < entry.data.length; i++) {
      const time = entry.data[i]![0];
      const value = entry.data[i]![1];
      let row = rows.get(time);
      if (!row) {
        row = { date: pointDate(time, intraday), time } as DynamicRow;
        rows.set(time, row);
      }
      const change = previous === null || previous === 0 ? null : round2((value / previous - 1) * 100);
      row[entry.key] = entry.masked ? '***' : value;
      row[`${entry.key}:change`] = entry.masked ? '***' : change;
      previous = value;
    }
  }
  return [...rows.values()].sort((a, b) => b.time - a.time);
}
