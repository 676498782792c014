import { useId, useState } from 'react';
import type { Translate } from '../../core/hooks.ts';
import type { ChartPeriod, PeriodDatesResult, PeriodId } from '../../core/stores/period.ts';
import { PERIOD_IDS } from '../../core/stores/period.ts';
import { Tabs } from '../../widgets/tabs/index.ts';

const PERIOD_LABELS: Record<PeriodId, string> = {
  0: 'chart:period_today',
  1: 'chart:period_1m',
  2: 'chart:period_3m',
  3: 'chart:period_6m',
  4: 'chart:period_1y',
  5: 'chart:period_3y',
};

/** DD.MM.YYYY ↔ the YYYY-MM-DD of `<input type="date">`. */
export function toInputDate(date: string): string {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

export function fromInputDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : null;
}

export interface PeriodControlsProps {
  period: ChartPeriod | null;
  todayAvailable: boolean;
  disabled: boolean;
  onSelect(id: PeriodId): void;
  onDates(from: string, to: string, moved: 'from' | 'to'): PeriodDatesResult;
  t: Translate;
}

/**
 * The period tabs (Today, 1M … 3Y) and the from/to dates (SPEC §2, §4). Picked dates make the
 * period arbitrary (no tab active); a start after the end is refused with
 * graph_period_start_incorrect and the dates the user typed stay for correction.
 */
export function PeriodControls({
  period,
  todayAvailable,
  disabled,
  onSelect,
  onDates,
  t,
}: PeriodControlsProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from: period?.from ?? '', to: period?.to ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The shared period moved (a tab, a ground switch, a 206 retry): show its dates (adjusted
  // while rendering, so no frame shows the old ones).
  const periodKey = `${period?.from ?? ''}|${period?.to ?? ''}`;
  const [shownKey, setShownKey] = useState(periodKey);
  if (shownKey !== periodKey) {
    setShownKey(periodKey);
    setDraft({ from: period?.from ?? '', to: period?.to ?? '' });
    setError(null);
  }

  const change = (field: 'from' | 'to', value: string) => {
    const date = fromInputDate(value);
    const next = { ...draft, [field]: date ?? '' };
    setDraft(next);
    setNotice(null);
    if (!date || !next.from || !next.to) {
      setError(value === '' ? null : t('chart:date_invalid'));
      return;
    }
    const result = onDates(next.from, next.to, field);
    if (!result.ok) {
      setError(
        t(
          result.error === 'graph_period_start_incorrect'
            ? 'chart:graph_period_start_incorrect'
            : 'chart:date_invalid',
        ),
      );
      return;
    }
    setError(null);
    // SPEC §5: a span over 10 years moved the other date.
    if (result.period.from !== next.from || result.period.to !== next.to) setNotice(t('chart:period_capped'));
  };

  const tabs = PERIOD_IDS.map((periodId) => ({
    id: periodId,
    ttl: t(PERIOD_LABELS[periodId]),
    hidden: periodId === 0 && !todayAvailable,
    disabled,
  }));

  return (
    <div className="sc__period" part="period">
      <Tabs
        tabs={tabs}
        active={period?.id ?? null}
        onSelect={(tab) => onSelect(tab as PeriodId)}
        label={t('chart:period_label')}
        size="small"
      />
      <div className="sc__dates">
        <label htmlFor={`${id}-from`}>{t('chart:date_from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          part="date-input"
          value={toInputDate(draft.from)}
          disabled={disabled}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => change('from', event.currentTarget.value)}
        />
        <label htmlFor={`${id}-to`}>{t('chart:date_to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          part="date-input"
          value={toInputDate(draft.to)}
          disabled={disabled}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => change('to', event.currentTarget.value)}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="sc__date-error" role="alert" data-error="period">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="sc__date-notice" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
