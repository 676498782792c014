import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { LABELS } from '../../../demo-pages/data/labels.ts';
import { LANGUAGES } from '../../contract/types.ts';
import { DatePicker, type RangeDatePickerProps, type SingleDatePickerProps } from './index.ts';

/** The real English texts of the widgets module; a key missing there shows as {{key}}. */
const used = new Set<string>();
const t = (key: string) => {
  used.add(key);
  const [module, name] = key.split(':') as [string, string];
  return LABELS[module]?.[name]?.eng ?? `{{${key}}}`;
};

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});

function renderSingle(props: Partial<SingleDatePickerProps> = {}) {
  const onChange = vi.fn();
  const onInputError = vi.fn();
  act(() =>
    root.render(
      <DatePicker
        lang="eng"
        t={t}
        label="Date"
        value="15.03.2024"
        today="15.03.2024"
        onChange={onChange}
        onInputError={onInputError}
        {...props}
      />,
    ),
  );
  return { onChange, onInputError };
}

function renderRange(props: Partial<RangeDatePickerProps> = {}) {
  const onChange = vi.fn();
  const onInputError = vi.fn();
  act(() =>
    root.render(
      <DatePicker
        range
        lang="eng"
        t={t}
        startLabel="From"
        endLabel="To"
        value={['01.03.2024', '15.03.2024']}
        today="15.03.2024"
        onChange={onChange}
        onInputError={onInputError}
        {...props}
      />,
    ),
  );
  return { onChange, onInputError };
}

const inputs = () => [...container.querySelectorAll<HTMLInputElement>('input')];
const input = (index = 0) => inputs()[index]!;
const toggle = () => container.querySelector<HTMLButtonElement>('.fin-date-picker__toggle')!;
const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');
const error = () => container.querySelector<HTMLElement>('.fin-date-picker__error');
const day = (date: string) => container.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
const title = () => container.querySelector('.fin-date-picker__title')!.textContent;
const button = (name: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => element.textContent === name || element.getAttribute('aria-label') === name,
  )!;

function type(element: HTMLInputElement, text: string) {
  act(() => {
    element.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function press(key: string, options: KeyboardEventInit = {}, target = document.activeElement as HTMLElement) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }));
  });
}

function blur(element: HTMLElement) {
  act(() => element.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

const click = (element: HTMLElement) => act(() => element.click());

// First in the file: no other test has made Turkish names yet (they are kept once made).
describe('DatePicker: load cost', () => {
  it('makes its month and weekday names (Intl formatters) only when the popup opens', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Original;
    try {
      renderRange({ lang: 'tur' });
      renderSingle({ lang: 'tur' });
      expect(made).toBe(0);
      click(toggle());
      expect(dialog()).not.toBeNull();
      expect(made).toBeGreaterThan(0);
      expect(title()).toBe('Mart 2024');
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

describe('DatePicker: typing (SPEC §5)', () => {
  it('shows the value in the format, named by its label', () => {
    renderSingle();
    expect(input().value).toBe('15.03.2024');
    expect(input().placeholder).toBe('DD.MM.YYYY');
    expect(container.querySelector(`label[for="${input().id}"]`)?.textContent).toBe('Date');
    expect(toggle().getAttribute('aria-label')).toBe('Choose date');
    expect(toggle().getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('partial or invalid text never fires a change; Enter applies a whole date', () => {
    const { onChange } = renderSingle();
    for (const text of ['2', '20.0', '20.03.202', '20.3.2024']) type(input(), text);
    expect(onChange).not.toHaveBeenCalled();
    type(input(), '20.03.2024');
    expect(onChange).not.toHaveBeenCalled();
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('20.03.2024');
    expect(error()).toBeNull();
  });

  it('blur applies a whole date too', () => {
    const { onChange } = renderSingle();
    type(input(), ' 21.03.2024 ');
    blur(input());
    expect(onChange).toHaveBeenCalledExactlyOnceWith('21.03.2024');
    expect(input().value).toBe('21.03.2024');
  });

  it('invalid text: an error state, the text kept for correction, the value unchanged, one input-error', () => {
    const { onChange, onInputError } = renderSingle();
    type(input(), '31.04.2024');
    press('Enter');
    blur(input());
    expect(onChange).not.toHaveBeenCalled();
    expect(onInputError).toHaveBeenCalledExactlyOnceWith({
      kind: 'invalid',
      field: 'date',
      text: '31.04.2024',
    });
    expect(input().value).toBe('31.04.2024');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(error()?.textContent).toBe('Enter a date in the format DD.MM.YYYY');
    expect(error()?.getAttribute('role')).toBe('alert');
    expect(input().getAttribute('aria-describedby')).toBe(error()?.id);

    // Fixed: the message goes at once, the change waits for Enter.
    type(input(), '30.04.2024');
    expect(error()).toBeNull();
    expect(input().hasAttribute('aria-invalid')).toBe(false);
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('30.04.2024');
  });

  it('Escape in the field brings back the value in effect', () => {
    const { onChange } = renderSingle();
    type(input(), '99.99');
    press('Enter');
    expect(error()).not.toBeNull();
    press('Escape');
    expect(input().value).toBe('15.03.2024');
    expect(error()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses disabled dates and dates outside min/max as unavailable', () => {
    const { onChange, onInputError } = renderSingle({
      min: '01.03.2024',
      max: '31.03.2024',
      disabledDate: (date) => date.weekday >= 6,
    });
    type(input(), '16.03.2024'); // Saturday
    press('Enter');
    expect(error()?.textContent).toBe('This date cannot be chosen');
    type(input(), '01.04.2024');
    press('Enter');
    expect(onInputError.mock.calls.map(([call]) => call.kind)).toEqual(['unavailable', 'unavailable']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('an emptied field goes back to the value without an error', () => {
    const { onChange, onInputError } = renderSingle();
    type(input(), '');
    blur(input());
    expect(input().value).toBe('15.03.2024');
    expect(error()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(onInputError).not.toHaveBeenCalled();
  });

  it('follows a new value from the caller', () => {
    renderSingle();
    type(input(), 'abc');
    renderSingle({ value: '01.01.2025' });
    expect(input().value).toBe('01.01.2025');
  });

  it('writes the placeholder and the format in the letters of the page language (issue 20)', () => {
    const inLang = (lang: 'deu' | 'rus' | 'fra' | 'ukr') => (key: string) => {
      const [module, name] = key.split(':') as [string, string];
      return LABELS[module]?.[name]?.[lang] ?? `{{${key}}}`;
    };
    const expected = { deu: 'TT.MM.JJJJ', rus: 'ДД.ММ.ГГГГ', fra: 'JJ.MM.AAAA' };
    for (const lang of ['deu', 'rus', 'fra'] as const) {
      renderSingle({ lang, t: inLang(lang) });
      expect(input().placeholder, lang).toBe(expected[lang]);
      type(input(), '31.02.2024');
      press('Enter');
      expect(error()?.textContent, lang).toContain(expected[lang]);
    }
    renderSingle({ lang: 'ukr', t: inLang('ukr'), showTime: true, value: '15.03.2024 13:05' });
    expect(input().placeholder).toBe('ДД.ММ.РРРР ГГ:хх');
  });

  it('renders hostile caller text as text, and a malformed value as none', () => {
    renderSingle({ value: '<img src=x onerror=alert(1)>', label: '<b>Date</b>' });
    expect(input().value).toBe('');
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('label')?.textContent).toBe('<b>Date</b>');
  });

  it('takes another format for the text and every date prop', () => {
    const { onChange } = renderSingle({ format: 'YYYY-MM-DD', value: '2024-03-15', max: '2024-12-31' });
    expect(input().value).toBe('2024-03-15');
    expect(input().placeholder).toBe('YYYY-MM-DD');
    type(input(), '15.03.2024');
    press('Enter');
    expect(error()?.textContent).toBe('Enter a date in the format YYYY-MM-DD');
    type(input(), '2025-01-01');
    press('Enter');
    expect(error()?.textContent).toBe('This date cannot be chosen');
    type(input(), '2024-12-31');
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2024-12-31');
  });

  it('hideLabels keeps the labels for screen readers only', () => {
    renderSingle({ hideLabels: true });
    const label = container.querySelector(`label[for="${input().id}"]`)!;
    expect(label.textContent).toBe('Date');
    expect(label.classList.contains('fin-visually-hidden')).toBe(true);
  });

  it('disabled: nothing can be typed or opened', () => {
    renderSingle({ disabled: true });
    expect(input().disabled).toBe(true);
    expect(toggle().disabled).toBe(true);
  });
});

describe('DatePicker: the popup (APG date picker dialog)', () => {
  it('opens as a modal dialog with a 6 × 7 Monday-first grid, focus on the chosen day', () => {
    renderSingle();
    click(toggle());
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(title()).toBe('March 2024');
    const grid = container.querySelector('[role="grid"]')!;
    expect([...grid.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(grid.querySelectorAll('tbody tr')).toHaveLength(6);
    expect(grid.querySelectorAll('tbody td')).toHaveLength(42);
    expect(document.activeElement).toBe(day('15.03.2024'));
    expect(day('15.03.2024').getAttribute('aria-label')).toBe('Friday, March 15, 2024');
    expect(day('15.03.2024').closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(day('15.03.2024').getAttribute('aria-current')).toBe('date');
    // One Tab stop in the grid.
    expect(grid.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    expect(dialog()?.getAttribute('aria-labelledby')).toBe(
      container.querySelector('.fin-date-picker__caption')?.id,
    );
  });

  it('a click on a day applies it, closes and gives focus back to the button', () => {
    const { onChange } = renderSingle();
    click(toggle());
    click(day('20.03.2024'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('20.03.2024');
    expect(dialog()).toBeNull();
    expect(input().value).toBe('20.03.2024');
    expect(document.activeElement).toBe(toggle());
  });

  it('arrows, Home/End and PageUp/PageDown move focus; Enter picks; Escape closes without a change', () => {
    const { onChange } = renderSingle();
    click(toggle());
    press('ArrowRight');
    expect(document.activeElement).toBe(day('16.03.2024'));
    press('ArrowDown');
    expect(document.activeElement).toBe(day('23.03.2024'));
    press('Home');
    expect(document.activeElement).toBe(day('18.03.2024'));
    press('End');
    expect(document.activeElement).toBe(day('24.03.2024'));
    press('PageDown');
    expect(title()).toBe('April 2024');
    expect(document.activeElement).toBe(day('24.04.2024'));
    press('PageUp', { shiftKey: true });
    expect(title()).toBe('April 2023');
    press('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());
    expect(onChange).not.toHaveBeenCalled();

    click(toggle());
    press('ArrowLeft');
    // Enter on a button is its click.
    click(document.activeElement as HTMLButtonElement);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('14.03.2024');
  });

  it('prev/next move the month and the year and keep the day', () => {
    renderSingle();
    click(toggle());
    click(button('Next month'));
    expect(title()).toBe('April 2024');
    click(button('Previous year'));
    expect(title()).toBe('April 2023');
    expect(day('15.04.2023').tabIndex).toBe(0);
  });

  it('min/max: days outside are aria-disabled, cannot be picked, and prev/next stop at the limits', () => {
    const { onChange } = renderSingle({ min: '10.03.2024', max: '20.04.2024' });
    click(toggle());
    expect(day('09.03.2024').getAttribute('aria-disabled')).toBe('true');
    expect(day('10.03.2024').hasAttribute('aria-disabled')).toBe(false);
    click(day('09.03.2024'));
    expect(onChange).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
    expect(button('Previous month').getAttribute('aria-disabled')).toBe('true');
    click(button('Previous month'));
    expect(title()).toBe('March 2024');
    // The keyboard stops at the limit too.
    act(() => day('10.03.2024').focus());
    press('ArrowLeft', {}, day('10.03.2024'));
    expect(title()).toBe('March 2024');
    expect(day('10.03.2024').tabIndex).toBe(0);
    click(button('Next month'));
    expect(button('Next month').getAttribute('aria-disabled')).toBe('true');
  });

  it('month and year panels: title → months → years; a year opens its months, a month its days', () => {
    renderSingle();
    click(toggle());
    click(button('March 2024'));
    expect(dialog()?.dataset.view).toBe('month');
    expect(title()).toBe('2024');
    expect(container.querySelectorAll('[role="grid"] button')).toHaveLength(12);
    expect(document.activeElement?.textContent).toBe('March');
    click(button('2024'));
    expect(dialog()?.dataset.view).toBe('year');
    expect(title()).toBe('2020–2029');
    expect(
      [...container.querySelectorAll('[role="grid"] button')].map((element) => element.textContent),
    ).toEqual(['2020', '2021', '2022', '2023', '2024', '2025', '2026', '2027', '2028', '2029']);
    click(button('Previous decade'));
    expect(title()).toBe('2010–2019');
    press('End', {}, container.querySelector<HTMLElement>('[data-cursor]')!);
    expect(document.activeElement?.textContent).toBe('2019');
    click(button('2012'));
    expect(title()).toBe('2012');
    click(button('June'));
    expect(title()).toBe('June 2012');
    expect(document.activeElement).toBe(day('15.06.2012'));
  });

  it('month and year cells with nothing to pick are aria-disabled', () => {
    renderSingle({ min: '10.03.2024', max: '20.04.2025' });
    click(toggle());
    click(button('March 2024'));
    expect(button('February').getAttribute('aria-disabled')).toBe('true');
    expect(button('March').hasAttribute('aria-disabled')).toBe(false);
    click(button('February'));
    expect(dialog()?.dataset.view).toBe('month');
    click(button('2024'));
    expect(button('2023').getAttribute('aria-disabled')).toBe('true');
    expect(button('2026').getAttribute('aria-disabled')).toBe('true');
  });

  it('shortcuts: 7 and 30 days back and forward, only where they land inside the limits', () => {
    const { onChange } = renderSingle({ max: '20.03.2024' });
    click(toggle());
    const shortcuts = [...container.querySelectorAll('.fin-date-picker__shortcut')].map(
      (element) => element.textContent,
    );
    expect(shortcuts).toEqual(['30 days ago', '7 days ago']);
    expect(container.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Quick choice');
    click(button('7 days ago'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('08.03.2024');
    expect(dialog()).toBeNull();
  });

  it('noShortcuts leaves them out', () => {
    renderSingle({ noShortcuts: true });
    click(toggle());
    expect(container.querySelector('.fin-date-picker__shortcuts')).toBeNull();
  });

  it('a pointer down outside closes it; one inside does not', () => {
    renderSingle();
    click(toggle());
    act(() =>
      day('20.03.2024').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })),
    );
    expect(dialog()).not.toBeNull();
    act(() =>
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })),
    );
    expect(dialog()).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    renderSingle();
    click(toggle());
    const close = button('Close');
    close.focus();
    press('Tab', {}, close);
    expect(document.activeElement).toBe(button('Previous year'));
    press('Tab', { shiftKey: true }, button('Previous year'));
    expect(document.activeElement).toBe(close);
  });

  it('opens from the field with Alt+ArrowDown and gives focus back to it', () => {
    renderSingle();
    input().focus();
    press('ArrowDown', { altKey: true }, input());
    expect(dialog()).not.toBeNull();
    press('Escape');
    expect(document.activeElement).toBe(input());
  });

  it('names months and weekdays in the page language', () => {
    renderSingle({ lang: 'rus' });
    click(toggle());
    expect(title()).toMatch(/^март 2024/);
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'пн',
      'вт',
      'ср',
      'чт',
      'пт',
      'сб',
      'вс',
    ]);
    expect(container.querySelector('th')?.getAttribute('abbr')).toBe('понедельник');
  });
});

describe('DatePicker: time panel', () => {
  it('a day, then hours and minutes, then Apply', () => {
    const { onChange } = renderSingle({ showTime: true, value: '15.03.2024 10:45' });
    expect(input().value).toBe('15.03.2024 10:45');
    click(toggle());
    click(day('16.03.2024'));
    expect(dialog()?.dataset.view).toBe('time');
    expect(onChange).not.toHaveBeenCalled();
    const [hours, minutes] = [...container.querySelectorAll('select')] as [
      HTMLSelectElement,
      HTMLSelectElement,
    ];
    expect(document.activeElement).toBe(hours);
    expect([hours.value, minutes.value]).toEqual(['10', '45']);
    act(() => {
      hours.value = '14';
      hours.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => {
      minutes.value = '5';
      minutes.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click(button('Apply'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('16.03.2024 14:05');
    expect(dialog()).toBeNull();
  });

  it('refuses a time outside min/max', () => {
    const { onChange } = renderSingle({ showTime: true, value: '15.03.2024 10:00', max: '16.03.2024 09:00' });
    click(toggle());
    click(day('16.03.2024'));
    expect(container.querySelector('.fin-date-picker__popup-error')?.textContent).toBe(
      'This time cannot be chosen',
    );
    click(button('Apply'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('types the time as well', () => {
    const { onChange } = renderSingle({ showTime: true, value: '15.03.2024 10:00' });
    type(input(), '15.03.2024 1:00');
    press('Enter');
    expect(error()?.textContent).toBe('Enter a date in the format DD.MM.YYYY HH:mm');
    type(input(), '15.03.2024 11:30');
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('15.03.2024 11:30');
  });
});

describe('DatePicker: range mode (SPEC §4, §5)', () => {
  it('two labelled inputs with the separator between them', () => {
    renderRange();
    expect(inputs().map((element) => element.value)).toEqual(['01.03.2024', '15.03.2024']);
    expect(container.querySelector('.fin-date-picker__separator')?.textContent).toBe('~');
    expect([...container.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'From',
      'To',
    ]);
  });

  it('a start after the end: input-error, an error state, nothing applied', () => {
    const { onChange, onInputError } = renderRange();
    type(input(0), '20.03.2024');
    press('Enter');
    expect(onChange).not.toHaveBeenCalled();
    expect(onInputError).toHaveBeenCalledExactlyOnceWith({
      kind: 'range_order',
      field: 'start',
      text: '20.03.2024',
    });
    expect(error()?.textContent).toBe('The start date cannot be after the end date');
    expect(input(0).getAttribute('aria-invalid')).toBe('true');
    expect(input(0).value).toBe('20.03.2024');

    // The end moved after it: both apply.
    type(input(1), '25.03.2024');
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['20.03.2024', '25.03.2024'], {
      moved: 'end',
      capped: false,
    });
    expect(error()).toBeNull();
  });

  it('the caller may word the order error (the chart says graph_period_start_incorrect)', () => {
    renderRange({ messages: { range_order: 'The start of the period is after its end' } });
    type(input(1), '01.01.2024');
    press('Enter');
    expect(error()?.textContent).toBe('The start of the period is after its end');
  });

  it('a span over maxSpanYears moves the other date and says so', () => {
    const { onChange } = renderRange();
    type(input(0), '01.01.2000');
    press('Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['01.01.2000', '01.01.2010'], {
      moved: 'start',
      capped: true,
    });
    expect(inputs().map((element) => element.value)).toEqual(['01.01.2000', '01.01.2010']);

    renderRange({ value: ['01.01.2000', '01.01.2010'], maxSpanYears: 3, onChange });
    type(input(1), '31.12.2010');
    press('Enter');
    expect(onChange).toHaveBeenLastCalledWith(['31.12.2007', '31.12.2010'], { moved: 'end', capped: true });
  });

  it('picks the start, then the end from the start on, in one dialog', () => {
    const { onChange } = renderRange();
    click(toggle());
    expect(container.querySelector('.fin-date-picker__caption')?.textContent).toBe('Choose the start date');
    expect(day('01.03.2024').closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(day('15.03.2024').closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(day('08.03.2024').closest('td')?.classList.contains('fin-date-picker__cell--in-range')).toBe(true);
    expect(document.activeElement).toBe(day('01.03.2024'));

    click(day('05.03.2024'));
    expect(onChange).not.toHaveBeenCalled();
    expect(container.querySelector('.fin-date-picker__caption')?.textContent).toBe('Choose the end date');
    expect(day('04.03.2024').getAttribute('aria-disabled')).toBe('true');
    click(day('04.03.2024'));
    expect(onChange).not.toHaveBeenCalled();
    click(day('12.03.2024'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['05.03.2024', '12.03.2024'], {
      moved: 'end',
      capped: false,
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it('range shortcuts: the last or next 7 and 30 days', () => {
    const { onChange } = renderRange({ max: '15.03.2024' });
    click(toggle());
    expect(
      [...container.querySelectorAll('.fin-date-picker__shortcut')].map((element) => element.textContent),
    ).toEqual(['Last 30 days', 'Last 7 days']);
    click(button('Last 30 days'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['14.02.2024', '15.03.2024'], {
      moved: 'start',
      capped: false,
    });
  });

  it('a custom separator', () => {
    renderRange({ separator: '—' });
    expect(container.querySelector('.fin-date-picker__separator')?.textContent).toBe('—');
  });
});

describe('DatePicker: labels', () => {
  it('every text it shows is a key of the widgets module, in all ten languages', () => {
    used.clear();
    renderSingle({ showTime: true, value: '15.03.2024 10:00', max: '16.03.2024 09:00' });
    type(input(), 'x');
    press('Enter');
    click(toggle());
    click(button('March 2024'));
    click(button('2024'));
    click(button('2024'));
    click(button('March'));
    click(day('16.03.2024'));
    press('Escape');
    renderRange();
    type(input(0), '20.03.2024');
    press('Enter');
    click(toggle());
    click(day('05.03.2024'));
    expect(container.textContent).not.toContain('{{');
    expect(used.size).toBeGreaterThan(15);
    for (const key of used) {
      const [module, name] = key.split(':') as [string, string];
      for (const lang of LANGUAGES) expect(LABELS[module]?.[name]?.[lang], `${key} ${lang}`).toBeTruthy();
    }
  });
});
