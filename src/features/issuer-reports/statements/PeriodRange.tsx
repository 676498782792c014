/**
 * What periods a report shows: the From / To dates (the periods ending between them, the same
 * dates the Excel export takes) and, when the range holds more periods than fit at once, "Earlier"
 * and "Later" to page through them, the shown span said after each move.
 */
import type { ReportColumn } from '../../../contract/reports.ts';
import type { Lang } from '../../../contract/types.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { DatePicker } from '../../../widgets/date-picker/index.ts';
import type { PeriodRange } from './statements.api.ts';
import type { PeriodPage } from './statements.model.ts';

export function PeriodRangeFields({
  range,
  onChange,
  lang,
  t,
}: {
  range: PeriodRange;
  onChange(range: PeriodRange): void;
  lang: Lang;
  t: Translate;
}) {
  return (
    <div className="st-range" role="group" aria-label={t('issuer:periods_range')}>
      <DatePicker
        lang={lang}
        t={t}
        label={t('issuer:export_from')}
        value={range.from}
        max={range.to || null}
        noShortcuts
        onChange={(from) => onChange({ ...range, from })}
        className="st-export__date"
      />
      <DatePicker
        lang={lang}
        t={t}
        label={t('issuer:export_to')}
        value={range.to}
        min={range.from || null}
        noShortcuts
        onChange={(to) => onChange({ ...range, to })}
        className="st-export__date"
      />
    </div>
  );
}

/**
 * "Earlier" / "Later" over the pages of a report's periods (newest first). A button at the end of
 * the range says so (aria-disabled) and keeps the focus, so the keyboard user is not dropped.
 */
export function PeriodPager({
  periods,
  page,
  onPage,
  t,
}: {
  /** Every period of the answer, newest first. */
  periods: readonly ReportColumn[];
  page: PeriodPage;
  onPage(page: number): void;
  t: Translate;
}) {
  const newest = periods[page.start];
  const oldest = periods[page.end - 1];
  const earlier = page.page < page.pages - 1;
  const later = page.page > 0;
  return (
    <div className="st-pager" role="group" aria-label={t('issuer:periods_pages')}>
      <button
        type="button"
        className="fin-button st-pager__button"
        aria-disabled={!earlier}
        onClick={() => (earlier ? onPage(page.page + 1) : undefined)}
      >
        <span aria-hidden="true">‹ </span>
        {t('issuer:periods_earlier')}
      </button>
      <span className="st-pager__span" role="status">
        {oldest && newest ? `${oldest.ttl} – ${newest.ttl}` : null}
      </span>
      <button
        type="button"
        className="fin-button st-pager__button"
        aria-disabled={!later}
        onClick={() => (later ? onPage(page.page - 1) : undefined)}
      >
        {t('issuer:periods_later')}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}
