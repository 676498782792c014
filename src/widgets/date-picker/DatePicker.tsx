import {
  Fragment,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { DATE_FORMAT } from '../../contract/calendar.ts';
import type { Translate } from '../../runtime/hooks.ts';
import type { Lang } from '../../contract/types.ts';
import {
  DATE_TIME_FORMAT,
  DEFAULT_MAX_SPAN_YEARS,
  DEFAULT_SEPARATOR,
  MONTH_COLUMNS,
  REPOSITION_THROTTLE_MS,
  WEEK_DAYS,
  YEAR_COLUMNS,
  addMonths,
  calendarGrid,
  calendarNames,
  canNavigate,
  checkRange,
  clampDay,
  createThrottle,
  dayStart,
  daysInMonth,
  decadeYears,
  formatValue,
  fromParts,
  isDayDisabled,
  isMonthDisabled,
  isValueAllowed,
  localizedPattern,
  isYearDisabled,
  monthStart,
  moveCursor,
  navigationStep,
  parseValue,
  placePopup,
  rangeEndLimits,
  readStamp,
  shortcuts,
  timeOf,
  toCalendarDay,
  todayStamp,
  type CalendarDay,
  type DateInputErrorKind,
  type DateLimits,
  type Panel,
  type RangeField,
  type Shortcut,
  type Stamp,
} from './date-picker.model.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './date-picker.css?inline';

/** What `onInputError` reports: text that was not applied, and why. */
export interface DateInputError {
  /** invalid: not a date in the format; unavailable: disabled or outside min/max; range_order: start after end. */
  kind: DateInputErrorKind;
  /** Which input: `date` in single mode. */
  field: 'date' | RangeField;
  text: string;
}

export interface RangeChangeInfo {
  /** The date the user changed; the other one moved if `capped`. */
  moved: RangeField;
  /** The span was over `maxSpanYears` and the other date was moved (tell the user). */
  capped: boolean;
}

interface DatePickerBaseProps {
  /** The page's language: month and weekday names come from Intl for it. */
  lang: Lang;
  /** Labels of the `widgets` module (`useLabels('widgets')`). */
  t: Translate;
  /** Text format of the inputs and of every date prop; default DD.MM.YYYY (with `showTime` DD.MM.YYYY HH:mm). */
  format?: string;
  /** Earliest allowed value, in `format`. */
  min?: string | null;
  /** Latest allowed value, in `format`. */
  max?: string | null;
  /** Days that cannot be chosen (typed text on them is refused too, SPEC §5). */
  disabledDate?(day: CalendarDay): boolean;
  /** The day the shortcuts count from and the calendar marks, in `format`; default the browser's today. */
  today?: string | null;
  /** No 7/30-day shortcuts in the popup. */
  noShortcuts?: boolean;
  /** Labels only for screen readers (the inputs still have them). */
  hideLabels?: boolean;
  disabled?: boolean;
  /** Texts replacing the widget's own error messages, e.g. `{ range_order: t('chart:graph_period_start_incorrect') }`. */
  messages?: Partial<Record<DateInputErrorKind, string>>;
  /** Typed text was refused on Enter or blur (SPEC §5 "an input-error event is emitted"). */
  onInputError?(error: DateInputError): void;
  className?: string;
}

export interface SingleDatePickerProps extends DatePickerBaseProps {
  range?: false;
  /** The date in `format`; null or '' for none. */
  value: string | null;
  /** A new date, in `format`: picked, a shortcut, or typed text applied with Enter or on blur. */
  onChange(value: string): void;
  label: string;
  /** Adds the time panel (hours and minutes) for intraday uses. */
  showTime?: boolean;
}

export interface RangeDatePickerProps extends DatePickerBaseProps {
  range: true;
  /** [start, end] in `format`; null for none. */
  value: readonly [string, string] | null;
  /** A new range (start <= end), in `format`. */
  onChange(range: [string, string], info: RangeChangeInfo): void;
  startLabel: string;
  endLabel: string;
  /** Between the two inputs; default '~' (SPEC §4). */
  separator?: string;
  /** SPEC periodLimitInYears: a longer span moves the other date (default 10; 0 for no cap). */
  maxSpanYears?: number;
}

export type DatePickerProps = SingleDatePickerProps | RangeDatePickerProps;

type View = Panel | 'time';

type GridKind = 'days' | 'months' | 'years';

/** One button of a panel's grid. */
interface GridCell {
  /** Where the cursor is when this cell has focus (a day, or the cursor's day in that month or year). */
  stamp: Stamp;
  text: ReactNode;
  /** Accessible name when the text alone is not enough (a day: its full date). */
  label?: string;
  disabled: boolean;
  selected: boolean;
  outside?: boolean;
  inRange?: boolean;
  today?: boolean;
}

const CALENDAR_ICON = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M4 0h2v2h4V0h2v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h2zM2 6v8h12V6zm2 2h2v2H4zm3 0h2v2H7zm3 0h2v2h-2z"
    />
  </svg>
);

const classNames = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** Single: the day 7 days ago; range: the last 7 days up to today. */
function shortcutLabel(range: boolean, days: number): string {
  if (range) return days < 0 ? 'widgets:last_days' : 'widgets:next_days';
  return days < 0 ? 'widgets:days_back' : 'widgets:days_forward';
}

/** Elements the Tab key may reach inside the popup (the grids keep one stop each). */
const TABBABLE = 'button, select, input, [tabindex]';

/**
 * A date input with a popup calendar (SPEC §4 "Date picker", §5, §9), as the WAI-ARIA APG date
 * picker dialog: a text field, a button opening a modal dialog with a grid (arrows, PageUp/PageDown,
 * Home/End), focus back on the button when it closes. Panels: days (6 × 7, Monday first), months,
 * decades and, with `showTime`, hours and minutes. Range mode picks a start and an end; typed text
 * applies on Enter or blur only when it is a whole, allowed date. An invalid text stays in the
 * field for correction, marked invalid with a message, while the last valid value stays applied
 * (Escape in the field brings it back).
 *
 * Elements add `datePickerStyles` to their styles and pass `t` from `useLabels('widgets')`.
 */
export function DatePicker(props: DatePickerProps) {
  useStyles(css);
  const { lang, t, min, max, disabledDate, noShortcuts, hideLabels, disabled, messages, onInputError } =
    props;
  const range = props.range === true;
  const showTime = !range && (props as SingleDatePickerProps).showTime === true;
  const format = props.format ?? (showTime ? DATE_TIME_FORMAT : DATE_FORMAT);
  // The format in the letters of the page's language: TT.MM.JJJJ on a German page.
  const pattern = localizedPattern(format, t('widgets:date_pattern_letters'));
  const separator = range ? (props.separator ?? DEFAULT_SEPARATOR) : '';
  const maxSpanYears = range ? (props.maxSpanYears ?? DEFAULT_MAX_SPAN_YEARS) : 0;
  const fieldLabels = range ? [props.startLabel, props.endLabel] : [props.label];
  const fieldNames: Array<DateInputError['field']> = range ? ['start', 'end'] : ['date'];

  const rawValues: Array<string | null> = range
    ? [props.value?.[0] ?? null, props.value?.[1] ?? null]
    : [props.value];
  const valueKey = rawValues.join('|');
  const values = useMemo(
    () => valueKey.split('|').map((text) => readStamp(text, format)),
    [valueKey, format],
  );
  const limits = useMemo<DateLimits>(
    () => ({ min: readStamp(min, format), max: readStamp(max, format), disabledDate }),
    [min, max, format, disabledDate],
  );
  // Month and weekday names only for the open popup: making Intl's formatters costs ~20 ms on a
  // page's first picker, and a report page hydrates several closed ones at load (issue 24).
  const names = () => calendarNames(lang);

  const baseId = useId();
  const inputId = (index: number) => `${baseId}-input-${index}`;
  const errorId = `${baseId}-error`;
  const captionId = `${baseId}-caption`;
  const popupId = `${baseId}-popup`;
  const titleId = `${baseId}-title`;

  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const popup = useRef<HTMLDivElement>(null);
  /** Set by handlers that move the cursor or switch panels; the next render focuses the cursor. */
  const focusCursor = useRef(false);
  /** Where focus goes when the popup closes: the button, or the input it was opened from. */
  const returnFocus = useRef<HTMLElement | null>(null);
  /** The last refused text, so Enter followed by blur reports it once. */
  const reported = useRef<string | null>(null);

  const formatAll = (stamps: Array<Stamp | null>) =>
    stamps.map((stamp) => (stamp === null ? '' : formatValue(stamp, format)));
  const [texts, setTexts] = useState(() => formatAll(values));
  const [error, setError] = useState<{ field: number; kind: DateInputErrorKind } | null>(null);
  // The caller's value moved (a pick it accepted, a period tab): show it (adjusted while rendering,
  // so no frame shows the old text).
  const [shownKey, setShownKey] = useState(`${valueKey}|${format}`);
  if (shownKey !== `${valueKey}|${format}`) {
    setShownKey(`${valueKey}|${format}`);
    setTexts(formatAll(values));
    setError(null);
  }

  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('date');
  const [cursor, setCursor] = useState<Stamp>(0);
  const [today, setToday] = useState<Stamp>(0);
  /** Range mode: the start picked in the popup, while the end is being picked. */
  const [rangeStart, setRangeStart] = useState<Stamp | null>(null);
  /** The time panel: the picked day with the chosen hours and minutes. */
  const [timeDraft, setTimeDraft] = useState<Stamp | null>(null);

  const pickLimits = rangeStart === null ? limits : rangeEndLimits(rangeStart, limits, maxSpanYears);

  // --- Applying values ----------------------------------------------------------------------

  const applySingle = (stamp: Stamp) => {
    const text = formatValue(stamp, format);
    setTexts([text]);
    setError(null);
    if (stamp !== values[0]) (props as SingleDatePickerProps).onChange(text);
  };

  const applyRange = (next: [Stamp, Stamp], info: RangeChangeInfo) => {
    const formatted = formatAll(next) as [string, string];
    setTexts(formatted);
    setError(null);
    if (next[0] !== values[0] || next[1] !== values[1])
      (props as RangeDatePickerProps).onChange(formatted, info);
  };

  const refuse = (index: number, kind: DateInputErrorKind, text: string) => {
    setError({ field: index, kind });
    const key = `${index}|${kind}|${text}`;
    if (reported.current !== key) {
      reported.current = key;
      onInputError?.({ kind, field: fieldNames[index]!, text });
    }
  };

  /** Enter or blur in an input: apply its text when it is a whole, allowed date (SPEC §5). */
  const commit = (index: number) => {
    const text = (texts[index] ?? '').trim();
    const current = values[index] ?? null;
    if (text === '' || (current !== null && text === formatValue(current, format))) {
      // Nothing typed, or the value as it is: show it, without an error.
      setTexts((previous) => previous.map((old, at) => (at === index ? formatAll([current])[0]! : old)));
      if (error?.field === index) setError(null);
      return;
    }
    const parsed = parseValue(text, format, limits);
    if (!parsed.ok) return refuse(index, parsed.kind, text);
    if (!range) return applySingle(parsed.stamp);

    const otherIndex = 1 - index;
    const otherText = parseValue(texts[otherIndex] ?? '', format, limits);
    const other = otherText.ok ? otherText.stamp : (values[otherIndex] ?? null);
    if (other === null) {
      // The other date is still missing: keep this one until it comes.
      setTexts((previous) =>
        previous.map((old, at) => (at === index ? formatValue(parsed.stamp, format) : old)),
      );
      setError(null);
      return;
    }
    const moved: RangeField = index === 0 ? 'start' : 'end';
    const result = checkRange(
      index === 0 ? parsed.stamp : other,
      index === 0 ? other : parsed.stamp,
      maxSpanYears,
      moved,
    );
    if (!result.ok) return refuse(index, result.kind, text);
    applyRange(result.range, { moved, capped: result.capped });
  };

  const revert = (index: number) => {
    setTexts((previous) =>
      previous.map((old, at) => (at === index ? formatAll([values[index] ?? null])[0]! : old)),
    );
    setError(null);
  };

  // --- Popup ----------------------------------------------------------------------------------

  const openPopup = (from: HTMLElement | null) => {
    if (disabled) return;
    const now = readStamp(props.today, format) ?? todayStamp();
    returnFocus.current = from;
    focusCursor.current = true;
    setToday(dayStart(now));
    setCursor(clampDay(values[0] ?? now, limits));
    setView('date');
    setRangeStart(null);
    setTimeDraft(null);
    setOpen(true);
  };

  const closePopup = (refocus: boolean) => {
    setOpen(false);
    setRangeStart(null);
    if (refocus) returnFocus.current?.focus();
  };

  const showView = (next: View) => {
    setView(next);
    focusCursor.current = true;
  };

  const moveTo = (stamp: Stamp) => {
    setCursor(clampDay(stamp, pickLimits));
    focusCursor.current = true;
  };

  /** A cell got focus (a click, even on a disabled day): the keys move on from there. */
  const follow = (stamp: Stamp) => {
    if (stamp !== cursor) setCursor(stamp);
  };

  const pickDay = (day: Stamp) => {
    if (isDayDisabled(day, pickLimits)) return;
    if (range) {
      if (rangeStart === null) {
        // First the start; the end comes next, from it on (and within the span cap).
        setRangeStart(day);
        moveTo(day);
        return;
      }
      applyRange([rangeStart, day], { moved: 'end', capped: false });
      closePopup(true);
      return;
    }
    if (showTime) {
      // The day with the time of the current value (or midnight); the time panel adjusts it.
      const current = values[0] ?? null;
      setTimeDraft(current === null ? day : day + (current - dayStart(current)));
      showView('time');
      return;
    }
    applySingle(day);
    closePopup(true);
  };

  /** A day is picked; a month opens its days, a year its months. */
  const pickCell = (kind: GridKind, stamp: Stamp) => {
    if (kind === 'days') return pickDay(stamp);
    moveTo(stamp);
    showView(kind === 'months' ? 'date' : 'month');
  };

  const pickShortcut = ({ days, range: [start, end] }: Shortcut) => {
    if (range) {
      const moved: RangeField = days < 0 ? 'start' : 'end';
      const result = checkRange(start, end, maxSpanYears, moved);
      if (result.ok) applyRange(result.range, { moved, capped: result.capped });
    } else {
      applySingle(start);
    }
    closePopup(true);
  };

  // Focus the cursor's cell after keyboard moves and panel switches (APG: focus follows the grid).
  useEffect(() => {
    if (!open || !focusCursor.current) return;
    focusCursor.current = false;
    popup.current?.querySelector<HTMLElement>('[data-cursor]')?.focus();
  });

  // A click anywhere else closes the popup. composedPath: we live in a shadow root, where
  // event.target seen from the document is the host element, not the node clicked.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (root.current && !event.composedPath().includes(root.current)) {
        setOpen(false);
        setRangeStart(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  // Below the field, or above it when there is no room below; kept on narrow screens. Scrolling and
  // resizing move it at most every 200 ms (SPEC §9). Viewport coordinates throughout, which mean
  // the same inside a shadow root as outside.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const box = root.current;
      const anchor = field.current;
      const element = popup.current;
      if (!box || !anchor || !element) return;
      const placement = placePopup(
        anchor.getBoundingClientRect(),
        box.getBoundingClientRect(),
        element.getBoundingClientRect(),
        { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight },
      );
      element.style.left = `${placement.left}px`;
      element.style.top = `${placement.top}px`;
      element.dataset.placement = placement.above ? 'top' : 'bottom';
    };
    place();
    const throttle = createThrottle(place, REPOSITION_THROTTLE_MS);
    window.addEventListener('scroll', throttle.call, { capture: true, passive: true });
    window.addEventListener('resize', throttle.call);
    return () => {
      throttle.cancel();
      window.removeEventListener('scroll', throttle.call, { capture: true });
      window.removeEventListener('resize', throttle.call);
    };
  }, [open, view]);

  const onPopupKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closePopup(true);
      return;
    }
    if (event.key !== 'Tab' || !popup.current) return;
    // A modal dialog (APG): Tab cycles inside it.
    const stops = [...popup.current.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
    );
    const active = (popup.current.getRootNode() as Document | ShadowRoot).activeElement;
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (view === 'time' || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = moveCursor(view, cursor, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  const navigate = (months: number) => {
    if (view === 'time' || !canNavigate(view, cursor, months, pickLimits)) return;
    setCursor(clampDay(addMonths(cursor, months), pickLimits));
  };

  // --- Rendering ------------------------------------------------------------------------------

  const errorText =
    error &&
    (messages?.[error.kind] ??
      (error.kind === 'invalid'
        ? t('widgets:date_invalid').replace('{format}', pattern)
        : t(error.kind === 'unavailable' ? 'widgets:date_unavailable' : 'widgets:date_range_order')));

  const navButton = (months: number, label: string, symbol: string) => {
    const enabled = view !== 'time' && canNavigate(view, cursor, months, pickLimits);
    return (
      <button
        key={months}
        type="button"
        className="fin-date-picker__nav"
        aria-label={label}
        title={label}
        // aria-disabled, not disabled: a focused button that turns disabled would drop focus out of the dialog.
        aria-disabled={!enabled || undefined}
        onClick={() => navigate(months)}
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    );
  };

  /** The panel's head: prev buttons, the live title (a button up to the next panel), next buttons. */
  const header = (title: ReactNode, up: { view: View; hint: string } | null, navs: ReactNode[]) => (
    <div className="fin-date-picker__header">
      {navs.slice(0, navs.length / 2)}
      <h2 id={titleId} className="fin-date-picker__title" aria-live="polite">
        {up ? (
          <button
            type="button"
            className="fin-date-picker__title-button"
            title={up.hint}
            onClick={() => showView(up.view)}
          >
            {title}
          </button>
        ) : (
          title
        )}
      </h2>
      {navs.slice(navs.length / 2)}
    </div>
  );

  /**
   * A grid of buttons with one Tab stop, on the cursor (APG grid). Each cell names the stamp the
   * cursor takes there, so focus, arrows and picks speak the same language on every panel.
   */
  const grid = (kind: GridKind, cells: GridCell[], columns: number, head?: ReactNode) => (
    <table
      role="grid"
      aria-labelledby={titleId}
      className={`fin-date-picker__grid fin-date-picker__grid--${kind}`}
      onKeyDown={onGridKeyDown}
    >
      {head}
      <tbody>
        {Array.from({ length: cells.length / columns }, (_, row) => (
          <tr key={row}>
            {cells.slice(row * columns, (row + 1) * columns).map((cell) => {
              const isCursor = cell.stamp === cursor;
              return (
                <td
                  key={cell.stamp}
                  aria-selected={cell.selected}
                  className={classNames(
                    'fin-date-picker__cell',
                    cell.outside && 'fin-date-picker__cell--outside',
                    cell.inRange && 'fin-date-picker__cell--in-range',
                  )}
                >
                  <button
                    type="button"
                    className={classNames(
                      kind === 'days' ? 'fin-date-picker__day' : 'fin-date-picker__choice',
                      cell.today && 'fin-date-picker__day--today',
                    )}
                    part={kind === 'days' ? 'date-picker-day' : undefined}
                    tabIndex={isCursor ? 0 : -1}
                    data-cursor={isCursor || undefined}
                    data-date={kind === 'days' ? formatValue(cell.stamp, DATE_FORMAT) : undefined}
                    aria-label={cell.label}
                    aria-disabled={cell.disabled || undefined}
                    aria-current={cell.today ? 'date' : undefined}
                    onFocus={() => follow(cell.stamp)}
                    onClick={() => {
                      if (!cell.disabled) pickCell(kind, cell.stamp);
                    }}
                  >
                    {cell.text}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );

  const { year: cursorYear, month: cursorMonth, day: cursorDay } = toCalendarDay(cursor);
  const selectedStamps =
    rangeStart !== null ? [rangeStart] : values.filter((stamp): stamp is Stamp => stamp !== null);
  const selectedDays = new Set(selectedStamps.map(dayStart));
  const [rangeFrom, rangeTo] = range && rangeStart === null ? values : [null, null];

  let panel: ReactNode = null;
  if (open && view === 'date') {
    const cells = calendarGrid(cursor).map((day): GridCell => {
      const date = toCalendarDay(day);
      return {
        stamp: day,
        text: date.day,
        label: names().fullDate(day),
        disabled: isDayDisabled(day, pickLimits),
        selected: selectedDays.has(day),
        outside: date.month !== cursorMonth,
        inRange: rangeFrom != null && rangeTo != null && day > dayStart(rangeFrom) && day < dayStart(rangeTo),
        today: day === today,
      };
    });
    panel = (
      <>
        {header(names().monthYear(cursor), { view: 'month', hint: t('widgets:choose_month') }, [
          navButton(-navigationStep('date', true), t('widgets:previous_year'), '«'),
          navButton(-navigationStep('date'), t('widgets:previous_month'), '‹'),
          navButton(navigationStep('date'), t('widgets:next_month'), '›'),
          navButton(navigationStep('date', true), t('widgets:next_year'), '»'),
        ])}
        {grid(
          'days',
          cells,
          WEEK_DAYS,
          <thead>
            <tr>
              {names().weekdaysShort.map((name, index) => (
                <th key={name} scope="col" abbr={names().weekdays[index]}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>,
        )}
      </>
    );
  } else if (open && view === 'month') {
    const selectedMonths = new Set(selectedStamps.map((stamp) => monthStart(stamp)));
    const cells = names().months.map((name, index): GridCell => {
      const month = index + 1;
      return {
        stamp: fromParts(cursorYear, month, Math.min(cursorDay, daysInMonth(cursorYear, month))),
        text: name,
        disabled: isMonthDisabled(cursorYear, month, pickLimits),
        selected: selectedMonths.has(fromParts(cursorYear, month, 1)),
      };
    });
    panel = (
      <>
        {header(cursorYear, { view: 'year', hint: t('widgets:choose_year') }, [
          navButton(-navigationStep('month'), t('widgets:previous_year'), '‹'),
          navButton(navigationStep('month'), t('widgets:next_year'), '›'),
        ])}
        {grid('months', cells, MONTH_COLUMNS)}
      </>
    );
  } else if (open && view === 'year') {
    const years = decadeYears(cursorYear);
    const selectedYears = new Set(selectedStamps.map((stamp) => toCalendarDay(stamp).year));
    const cells = years.map((year): GridCell => ({
      stamp: addMonths(cursor, (year - cursorYear) * 12),
      text: year,
      disabled: isYearDisabled(year, pickLimits),
      selected: selectedYears.has(year),
    }));
    panel = (
      <>
        {header(`${years[0]}–${years[years.length - 1]}`, null, [
          navButton(-navigationStep('year'), t('widgets:previous_decade'), '‹'),
          navButton(navigationStep('year'), t('widgets:next_decade'), '›'),
        ])}
        {grid('years', cells, YEAR_COLUMNS)}
      </>
    );
  } else if (open && view === 'time' && timeDraft !== null) {
    const { hour, minute } = timeOf(timeDraft);
    const day = dayStart(timeDraft);
    const allowed = isValueAllowed(timeDraft, limits);
    const setTime = (nextHour: number, nextMinute: number) =>
      setTimeDraft(day + nextHour * 3600 + nextMinute * 60);
    const pad = (number: number) => String(number).padStart(2, '0');
    panel = (
      <>
        {header(names().fullDate(day), { view: 'date', hint: t('widgets:choose_date') }, [])}
        <div className="fin-date-picker__time">
          <label>
            <span>{t('widgets:hours')}</span>
            <select
              data-cursor
              value={hour}
              onChange={(event) => setTime(Number(event.currentTarget.value), minute)}
            >
              {Array.from({ length: 24 }, (_, value) => (
                <option key={value} value={value}>
                  {pad(value)}
                </option>
              ))}
            </select>
          </label>
          <span aria-hidden="true">:</span>
          <label>
            <span>{t('widgets:minutes')}</span>
            <select value={minute} onChange={(event) => setTime(hour, Number(event.currentTarget.value))}>
              {Array.from({ length: 60 }, (_, value) => (
                <option key={value} value={value}>
                  {pad(value)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {allowed ? null : (
          <p className="fin-date-picker__popup-error" role="alert">
            {t('widgets:time_unavailable')}
          </p>
        )}
        <button
          type="button"
          className="fin-date-picker__apply"
          aria-disabled={!allowed || undefined}
          onClick={() => {
            if (!allowed) return;
            applySingle(timeDraft);
            closePopup(true);
          }}
        >
          {t('widgets:apply')}
        </button>
      </>
    );
  }

  const offered = open && view === 'date' && !noShortcuts ? shortcuts(today, limits, range) : [];
  const caption = range
    ? t(rangeStart === null ? 'widgets:choose_start_date' : 'widgets:choose_end_date')
    : t(view === 'time' ? 'widgets:choose_time' : 'widgets:choose_date');

  return (
    <div
      ref={root}
      className={classNames(
        'fin-date-picker',
        range && 'fin-date-picker--range',
        open && 'fin-date-picker--open',
        props.className,
      )}
      part="date-picker"
    >
      <div ref={field} className="fin-date-picker__field" part="date-picker-field">
        {fieldLabels.map((label, index) => (
          <Fragment key={index}>
            {index === 1 ? (
              <span className="fin-date-picker__separator" aria-hidden="true">
                {separator}
              </span>
            ) : null}
            {/* A label and its input wrap as one. */}
            <span className="fin-date-picker__part">
              <label
                htmlFor={inputId(index)}
                className={classNames('fin-date-picker__label', hideLabels && 'fin-visually-hidden')}
                part="date-picker-label"
              >
                {label}
              </label>
              <input
                ref={(element) => {
                  inputs.current[index] = element;
                }}
                id={inputId(index)}
                type="text"
                className="fin-date-picker__input"
                part="date-picker-input"
                value={texts[index] ?? ''}
                placeholder={pattern}
                size={format.length + 1}
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
                aria-invalid={error?.field === index || undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setTexts((previous) => previous.map((old, at) => (at === index ? text : old)));
                  reported.current = null;
                  // A typo fixed: the message goes as soon as the text is a date (an order error waits for Enter or blur).
                  if (
                    error?.field === index &&
                    error.kind !== 'range_order' &&
                    parseValue(text, format, limits).ok
                  )
                    setError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    commit(index);
                  } else if (event.key === 'Escape') {
                    // Closes the popup, or else brings back the value in effect.
                    if (open) closePopup(false);
                    else revert(index);
                  } else if (event.key === 'ArrowDown' && event.altKey) {
                    event.preventDefault();
                    openPopup(inputs.current[index] ?? null);
                  }
                }}
                onBlur={() => commit(index)}
              />
            </span>
          </Fragment>
        ))}
        <button
          ref={toggle}
          type="button"
          className="fin-date-picker__toggle"
          part="date-picker-button"
          aria-label={t('widgets:choose_date')}
          title={t('widgets:choose_date')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          disabled={disabled}
          onClick={() => (open ? closePopup(true) : openPopup(toggle.current))}
        >
          {CALENDAR_ICON}
        </button>
      </div>
      {errorText ? (
        <p id={errorId} className="fin-date-picker__error" part="date-picker-error" role="alert">
          {errorText}
        </p>
      ) : null}
      {open ? (
        <div
          ref={popup}
          id={popupId}
          role="dialog"
          aria-modal="true"
          aria-labelledby={captionId}
          className="fin-date-picker__popup"
          part="date-picker-popup"
          data-view={view}
          onKeyDown={onPopupKeyDown}
        >
          <p id={captionId} className="fin-date-picker__caption">
            {caption}
          </p>
          {panel}
          {offered.length > 0 ? (
            <div role="group" aria-label={t('widgets:shortcuts')} className="fin-date-picker__shortcuts">
              {offered.map((shortcut) => (
                <button
                  key={shortcut.days}
                  type="button"
                  className="fin-date-picker__shortcut"
                  onClick={() => pickShortcut(shortcut)}
                >
                  {t(shortcutLabel(range, shortcut.days)).replace('{days}', String(Math.abs(shortcut.days)))}
                </button>
              ))}
            </div>
          ) : null}
          <div className="fin-date-picker__footer">
            <button type="button" className="fin-date-picker__close" onClick={() => closePopup(true)}>
              {t('widgets:close')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
