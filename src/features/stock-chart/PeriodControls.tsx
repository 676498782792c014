import { useState } from 'react';
import type { Translate } from '../../runtime/hooks.ts';
import type { ChartPeriod, PeriodId } from '../../contract/period.ts';
import type { PeriodDatesResult } from '../../core/stores/period.ts';
import { PERIOD_IDS, PERIOD_LIMIT_YEARS, periodDateBounds } from '../../contract/period.ts';
import type { Lang } from '../../contract/types.ts';
import { DatePicker, type RangeChangeInfo } from '../../widgets/date-picker/index.ts';
import { Tabs } from '../../widgets/tabs/index.ts';
import type { MovedPeriod } from './stock-chart.store.ts';

const PERIOD_LABELS: Record<PeriodId, string> = {
  0: 'chart:period_today',
  1: 'chart:period_1m',
  2: 'chart:period_3m',
  3: 'chart:period_6m',
  4: 'chart:period_1y',
  5: 'chart:period_3y',
};

export interface PeriodControlsProps {
  period: ChartPeriod | null;
  todayAvailable: boolean;
  disabled: boolean;
  /** The page's language (month and weekday names of the calendar). */
  lang: Lang;
  onSelect(id: PeriodId): void;
  onDates(from: string, to: string, moved: 'from' | 'to'): PeriodDatesResult;
  /** The last period a 206 moved (no data in the window asked for): said while it is shown. */
  movedPeriod?: MovedPeriod | null;
  /** Labels of the `chart` and `widgets` modules. */
  t: Translate;
}

/** A message that belongs to one period: it goes when the period moves on (a tab, a ground switch). */
interface PeriodMessage {
  periodKey: string;
  text: string;
}

const keyOf = (period: { from: string; to: string } | null) => `${period?.from ?? ''}|${period?.to ?? ''}`;

const fillDates = (text: string, period: { from: string; to: string }) =>
  text.replace('{from}', period.from).replace('{to}', period.to);

/**
 * The period tabs (Today, 1M … 3Y) and the from/to dates (SPEC §2, §4) in the project's date
 * picker (SPEC §4 "Date picker", §9: DD.MM.YYYY, a calendar, 7/30-day shortcuts). Picked dates
 * make the period arbitrary (no tab active). Typed text applies on Enter or blur and only as a
 * whole date inside the bounds, so nothing half-typed reaches the server; a start after the end is
 * refused with graph_period_start_incorrect (SPEC §5, §8) and the typed text stays for correction.
 *
 * The dates run from PERIOD_MIN_DATE to the stock's last trading date: no bars exist after it, so
 * the calendar offers no later day and no "next days" shortcut, and the shortcuts count back from
 * it rather than from the browser's today.
 */
export function PeriodControls({
  period,
  todayAvailable,
  disabled,
  lang,
  onSelect,
  onDates,
  movedPeriod = null,
  t,
}: PeriodControlsProps) {
  /** SPEC §5: the span was over 10 years and the other date moved. */
  const [notice, setNotice] = useState<PeriodMessage | null>(null);
  /** The store refused dates the picker let through (it cannot, while both use the same bounds). */
  const [refusal, setRefusal] = useState<PeriodMessage | null>(null);
  const periodKey = keyOf(period);
  const min = period ? periodDateBounds(period.lastDate).min : null;
  const max = period?.lastDate ?? null;

  const change = ([from, to]: [string, string], info: RangeChangeInfo) => {
    const result = onDates(from, to, info.moved === 'start' ? 'from' : 'to');
    if (!result.ok) {
      setNotice(null);
      setRefusal({
        periodKey,
        text:
          result.error === 'graph_period_start_incorrect'
            ? t('chart:graph_period_start_incorrect')
            : t('chart:date_invalid'),
      });
      return;
    }
    setRefusal(null);
    const capped = info.capped || result.period.from !== from || result.period.to !== to;
    setNotice(
      capped
        ? {
            periodKey: keyOf(result.period),
            text: fillDates(t('chart:period_capped'), result.period),
          }
        : null,
    );
  };

  const tabs = PERIOD_IDS.map((periodId) => ({
    id: periodId,
    ttl: t(PERIOD_LABELS[periodId]),
    hidden: periodId === 0 && !todayAvailable,
    disabled,
  }));
  const shownRefusal = refusal?.periodKey === periodKey ? refusal.text : null;
  // One message for a date a rule moved, the latest rule's: a 206 that moved a capped period
  // names the dates shown, and the older notice (of a period no longer shown) goes.
  const shownNotice =
    movedPeriod && period?.id === null && keyOf(movedPeriod) === periodKey
      ? fillDates(t('chart:period_moved_no_data'), movedPeriod)
          .replace('{askedFrom}', movedPeriod.asked.from)
          .replace('{askedTo}', movedPeriod.asked.to)
      : notice?.periodKey === periodKey
        ? notice.text
        : null;

  return (
    <div className="sc__period" part="period">
      <Tabs
        tabs={tabs}
        active={period?.id ?? null}
        onSelect={(tab) => onSelect(tab as PeriodId)}
        label={t('chart:period_label')}
        size="small"
      />
      <DatePicker
        range
        className="sc__dates"
        lang={lang}
        t={t}
        startLabel={t('chart:date_from')}
        endLabel={t('chart:date_to')}
        value={period ? [period.from, period.to] : null}
        min={min}
        max={max}
        today={period?.lastDate ?? null}
        maxSpanYears={PERIOD_LIMIT_YEARS}
        disabled={disabled}
        messages={{
          range_order: t('chart:graph_period_start_incorrect'),
          invalid: t('chart:date_invalid'),
          unavailable:
            min && max
              ? t('chart:date_out_of_range').replace('{min}', min).replace('{max}', max)
              : t('chart:date_invalid'),
        }}
        // A refused text: the widget says why under the field; an older notice would contradict it.
        onInputError={() => setNotice(null)}
        onChange={change}
      />
      {shownRefusal ? (
        <p className="sc__date-error" role="alert" data-error="period">
          {shownRefusal}
        </p>
      ) : null}
      {shownNotice ? (
        <p className="sc__date-notice" role="status">
          {shownNotice}
        </p>
      ) : null}
    </div>
  );
}
