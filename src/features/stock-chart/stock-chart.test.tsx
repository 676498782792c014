import { cleanStores } from 'nanostores';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settled, waitFor } from '../../../demo-pages/testing/react-act.ts';
import type { TradingSeries, TradingsRequest } from '../../contract/stocks.ts';
import { $ground } from '../../core/stores/ground.ts';
import { $archive } from '../../core/stores/archive.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $period } from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { PAID_ACCESS_LEVEL, type StockPageData } from '../../contract/types.ts';
import type { PriceChartProps } from '../../widgets/chart/index.ts';
import { PeriodControls } from './PeriodControls.tsx';

// happy-dom has no canvas: the chart is drawn in the browser tests. Here it shows what it was given.
vi.mock('../../widgets/chart/PriceChart.tsx', () => ({
  DEFAULT_CHART_HEIGHT: 650,
  PriceChart: ({ view, ariaLabel }: PriceChartProps) => (
    <div
      className="price-chart-stub"
      aria-label={ariaLabel}
      data-mode={view.mode}
      data-value-axis={view.valueAxis}
      data-tooltip={view.tooltip}
      data-value-format={view.valueFormat}
      data-series={view.series.map((s) => `${s.id}:${s.data.length}`).join(',')}
      data-flags={view.flags?.length ?? 0}
    />
  ),
}));

await import('../../../elements/fin-stock-chart.ts');

const LAST = '30.06.2025';
const ms = (date: string) => {
  const [day, month, year] = date.split('.');
  return Date.parse(`${year}-${month}-${day}T00:00:00Z`);
};

function pageData(overrides: Partial<StockPageData> = {}): StockPageData {
  return {
    lang: 'eng',
    stockId: 1,
    groundId: 1,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [
      { id: 1, text: 'MOEX' },
      { id: 2, text: 'SPB' },
    ],
    exchangeTable: { data: [], fields: [] },
    paramsTable: { data: [], fields: [] },
    dividendsTable: { data: [], fields: [] },
    nearestDividend: null,
    emitentSharesStocksList: [],
    emitentSharesBondsList: [],
    indexesList: [],
    excelDefaultStart: '30.05.2025',
    excelDefaultEnd: LAST,
    excelGraphTableStartDate: '01.07.2015',
    excelGraphTableEndDate: LAST,
    hideGraph: false,
    excelExportAccess: true,
    tradingsLink: '/api/stocks/get_tradings/',
    archiveExportLink: '/api/stocks/1/1/archive-export/?dateFrom=%from%&dateTo=%to%',
    ...overrides,
  };
}

let tradings: TradingsRequest[] = [];
let paidSession = false;
/** When set, the archive's answer waits for it (a slow archive call). */
let archiveGate: Promise<void> | null = null;

function answer(request: TradingsRequest): TradingSeries[] {
  return request.stocks_ids.map((stockId, i) => ({
    field: 'close',
    name: 'Sberbank (SBER)',
    data: [
      [ms(request.date_from), paidSession ? 300 : 0],
      [ms(request.date_to), paidSession ? 310 : 100],
    ],
    color: '#000',
    stockId,
    tgId: request.trading_ground_ids[i]!,
    stockName: 'Sberbank',
    tgName: 'MOEX',
    ticker: 'SBER',
    currency: 'RUB',
    intraday: false,
    ...(paidSession
      ? { events: [{ type: 'dividend' as const, date: ms(request.date_to), text: 'Dividend 33 RUB' }] }
      : { scaled: true as const }),
  }));
}

beforeEach(() => {
  tradings = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path.startsWith('/api/labels/')) return Response.json({});
      if (path === '/api/stocks/get_tradings/') {
        const request = JSON.parse(String(init.body)) as TradingsRequest;
        tradings.push(request);
        return Response.json(answer(request));
      }
      if (path.includes('TradingFullInfo') || path.includes('full-info')) {
        if (archiveGate) await archiveGate;
        return Response.json({
          result: false,
          data: [],
          fields: [],
          fieldsLabels: {},
          total: 0,
          dateFrom: '',
          dateTo: '',
          currency: 'RUB',
        });
      }
      return Response.json({ error: 'not here' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  archiveGate = null;
  act(() => {
    document.body.innerHTML = '';
  });
  cleanStores($archive, $user, $page, $ground, $period);
  vi.unstubAllGlobals();
  resetPageData();
  resetLabels();
  $period.set(null);
  $ground.set(null);
});

async function mount(audience: 'anonymous' | 'free' | 'paid', data = pageData()) {
  paidSession = audience === 'paid';
  const user =
    audience === 'anonymous'
      ? { userAuth: false }
      : { userAuth: true, userId: 7, userAccessLevel: audience === 'paid' ? PAID_ACCESS_LEVEL : 0 };
  act(() => {
    document.body.innerHTML = `
    <script type="application/json" id="fin-user">${JSON.stringify(user)}</script>
    <script type="application/json" id="fin-page-data">${JSON.stringify(data)}</script>
    <fin-stock-chart></fin-stock-chart>`;
  });
  const element = document.querySelector('fin-stock-chart')!;
  const root = () => element.shadowRoot!;
  await waitFor(() => expect(root().querySelector('.price-chart-stub[data-series*=":2"]')).not.toBeNull());
  return { element, root };
}

const tabTexts = (root: ShadowRoot, label: string) =>
  [...root.querySelectorAll(`[role="tablist"][aria-label="${label}"] [role="tab"]`)].map(
    (tab) => tab.textContent,
  );

const dateInputs = (root: ShadowRoot) => [
  ...root.querySelectorAll<HTMLInputElement>('[part~="date-picker-input"]'),
];
const dateError = (root: ShadowRoot) => root.querySelector('[part~="date-picker-error"]');

/** Text as the user leaves it in a date input (React hears the input event). */
function typeDate(input: HTMLInputElement, text: string) {
  act(() => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const pressEnter = (input: HTMLInputElement) =>
  act(() =>
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })),
  );
const blur = (input: HTMLInputElement) =>
  act(() => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));

describe('<fin-stock-chart>', () => {
  it('loads the 1M window for the page stock and draws it', async () => {
    const { root } = await mount('paid');
    expect(tradings[0]).toMatchObject({ date_from: '30.05.2025', date_to: LAST, stocks_ids: [1] });
    const active = root().querySelector('[aria-label="{{chart:period_label}}"] [aria-selected="true"]');
    expect(active?.textContent).toBe('{{chart:period_1m}}');
  });

  it('shows Today on ground 1', async () => {
    const { root } = await mount('paid');
    expect(tabTexts(root(), '{{chart:period_label}}')).toContain('{{chart:period_today}}');
  });

  it('shows no Today on ground 2', async () => {
    const { root } = await mount('paid', pageData({ groundId: 2 }));
    expect(tabTexts(root(), '{{chart:period_label}}')).not.toContain('{{chart:period_today}}');
  });

  it('announces a period tab and loads its window', async () => {
    const { element, root } = await mount('paid');
    const events: unknown[] = [];
    element.addEventListener('fin-period-change', (event) => events.push(event.detail));
    const tab = [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (button) => button.textContent === '{{chart:period_1y}}',
    )!;
    act(() => tab.click());
    expect(events).toEqual([{ id: 4, from: '30.06.2024', to: LAST }]);
    await waitFor(() =>
      expect(tradings.at(-1)).toMatchObject({ date_from: '30.06.2024', userChangePeriod: true }),
    );
  });

  it('anonymous: no y-axis, no tooltip values, no flags; compare and export ask to log in', async () => {
    const { root } = await mount('anonymous');
    const chart = root().querySelector('.price-chart-stub')!;
    expect(chart.getAttribute('data-value-axis')).toBe('hidden');
    expect(chart.getAttribute('data-tooltip')).toBe('none');
    expect(chart.getAttribute('data-flags')).toBe('0');
    expect(tabTexts(root(), '{{chart:view_label}}')).toContain('{{chart:view_extended}}');
    act(() => root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click());
    await waitFor(() =>
      expect(root().querySelector('[data-prompt="compare"]')?.textContent).toContain(
        '{{compare:need_to_log_in}}',
      ),
    );
    expect(root().querySelector('[data-prompt="compare"] a')?.getAttribute('href')).toBe(
      `/login/?back=${encodeURIComponent(location.pathname + location.search)}`,
    );
    act(() => root().querySelector<HTMLButtonElement>('[data-action="export"]')!.click());
    await waitFor(() =>
      expect(root().querySelector('[data-prompt="export"]')?.textContent).toContain(
        '{{common:login_to_export}}',
      ),
    );
  });

  it('says its export waits for a slow archive, and offers it once the archive is in', async () => {
    let answerArchive!: () => void;
    archiveGate = new Promise((resolve) => (answerArchive = resolve));
    const { root } = await mount('paid');
    const exportButton = () => root().querySelector<HTMLButtonElement>('[data-action="export"]')!;
    // The chart draws from its own call meanwhile; only the export depends on the archive.
    expect(exportButton().disabled).toBe(true);
    expect(exportButton().getAttribute('aria-busy')).toBe('true');
    await act(async () => answerArchive());
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    expect(exportButton().hasAttribute('aria-busy')).toBe(false);
  });

  it('free: hidden y-axis with the series name in the tooltip, no extended tab, the access dialog for compare', async () => {
    const { root } = await mount('free');
    const chart = root().querySelector('.price-chart-stub')!;
    expect(chart.getAttribute('data-value-axis')).toBe('hidden');
    expect(chart.getAttribute('data-tooltip')).toBe('name-only');
    expect(tabTexts(root(), '{{chart:view_label}}')).not.toContain('{{chart:view_extended}}');
    act(() => root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click());
    await waitFor(() =>
      expect(root().querySelector('dialog')?.textContent).toContain('{{chart:access_text}}'),
    );
    expect(root().querySelector('[part="compare"]')).toBeNull();
  });

  it('paid: the y-axis with values, dividend flags, and the compare field', async () => {
    const { element, root } = await mount('paid');
    const chart = root().querySelector('.price-chart-stub')!;
    expect(chart.getAttribute('data-value-axis')).toBe('values');
    expect(chart.getAttribute('data-tooltip')).toBe('values');
    expect(chart.getAttribute('data-flags')).toBe('1');
    const views: unknown[] = [];
    element.addEventListener('fin-view-change', (event) => views.push(event.detail));
    act(() => root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click());
    // The compare field is <fin-compare-search>, loaded by its tag, searching stocks and indexes.
    const field = () => root().querySelector('[part="compare"] fin-compare-search');
    // Its code loads on first use (a dynamic import, slow the first time under vitest).
    await waitFor(() => expect(field()?.shadowRoot?.querySelector('input') ?? null).not.toBeNull(), {
      timeout: 5000,
    });
    expect(Object.keys(JSON.parse(field()!.getAttribute('urls')!) as object)).toEqual(['stocks', 'indexes']);
    expect(JSON.parse(field()!.getAttribute('types')!)).toEqual(['stocks', 'indexes']);
    expect(root().querySelector('[data-action="compare"]')?.getAttribute('aria-expanded')).toBe('true');
    const extended = [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (button) => button.textContent === '{{chart:view_extended}}',
    )!;
    act(() => extended.click());
    expect(views).toEqual([{ view: 0, extended: true }]);
    await waitFor(() =>
      expect(root().querySelector('.price-chart-stub')?.getAttribute('data-mode')).toBe('ohlc'),
    );
    // The extended view hides Today (SPEC §4).
    expect(tabTexts(root(), '{{chart:period_label}}')).not.toContain('{{chart:period_today}}');
  });

  it("compares what its compare field picks and cancels on its clear; the field's events stay inside", async () => {
    const { element, root } = await mount('paid');
    const changes: unknown[] = [];
    const leaked: string[] = [];
    element.addEventListener('fin-compare-change', (event) => changes.push(event.detail));
    for (const name of ['fin-compare', 'fin-compare-cancel'] as const)
      document.addEventListener(name, () => leaked.push(name));
    act(() => root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click());
    const field = () => root().querySelector('[part="compare"] fin-compare-search');
    await waitFor(() => expect(field()?.shadowRoot?.querySelector('input') ?? null).not.toBeNull(), {
      timeout: 5000,
    });
    const item = {
      emissionId: 2,
      emissionName: 'Gazprom',
      emissionNameWithTg: 'Gazprom (MOEX)',
      isin: null,
      ticker: 'GAZP',
      tradingGroundsId: 1,
      tradingGroundsName: 'MOEX',
      type: 'stocks',
    };
    act(() => {
      field()!.dispatchEvent(
        new CustomEvent('fin-compare', { detail: { item }, bubbles: true, composed: true }),
      );
    });
    expect(changes).toEqual([{ stocks: [{ stockId: 2, tgId: 1 }], indexes: [] }]);
    await waitFor(() => expect(tradings.at(-1)).toMatchObject({ stocks_ids: [2], trading_ground_ids: [1] }));
    act(() => {
      field()!.dispatchEvent(
        new CustomEvent('fin-compare-cancel', { detail: {}, bubbles: true, composed: true }),
      );
    });
    await settled();
    expect(changes.at(-1)).toEqual({ stocks: [], indexes: [] });
    expect(leaked).toEqual([]);
    // The clear leaves the field open for the next search.
    expect(field()).not.toBeNull();
  });

  it('refuses a start date after the end date with graph_period_start_incorrect', async () => {
    const { root } = await mount('paid');
    const [from, to] = dateInputs(root());
    typeDate(to!, '10.06.2025');
    pressEnter(to!);
    await waitFor(() =>
      expect(tradings.at(-1)).toMatchObject({ date_from: '30.05.2025', date_to: '10.06.2025' }),
    );
    const sent = tradings.length;
    typeDate(from!, '20.06.2025');
    pressEnter(from!);
    await waitFor(() =>
      expect(dateError(root())?.textContent).toBe('{{chart:graph_period_start_incorrect}}'),
    );
    expect(from!.getAttribute('aria-invalid')).toBe('true');
    // The typed text stays for correction; the period and the server stay as they were.
    expect(from!.value).toBe('20.06.2025');
    expect($period.get()).toMatchObject({ id: null, from: '30.05.2025', to: '10.06.2025' });
    await settled();
    expect(tradings).toHaveLength(sent);
  });

  it('announces fin-period-change only for a real change, not a click on the selected tab', async () => {
    const { element, root } = await mount('paid');
    const events: unknown[] = [];
    element.addEventListener('fin-period-change', (event) => events.push(event.detail));
    const tab = (label: string) =>
      [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
        (button) => button.textContent === label,
      )!;
    act(() => tab('{{chart:period_1m}}').click());
    expect(events).toEqual([]);
    act(() => tab('{{chart:period_3m}}').click());
    act(() => tab('{{chart:period_3m}}').click());
    expect(events).toEqual([{ id: 2, from: '30.03.2025', to: LAST }]);
    await waitFor(() => expect(tradings).toHaveLength(2));
  });

  it('applies no half-typed date: nothing is sent while typing, Enter says what is wrong', async () => {
    const { element, root } = await mount('paid');
    const events: unknown[] = [];
    element.addEventListener('fin-period-change', (event) => events.push(event.detail));
    const [from] = dateInputs(root());
    // Key by key, as typed: no change, no call, no message until Enter or blur.
    for (const text of ['0', '02', '02.0', '02.05.', '02.05.2', '02.05.20']) typeDate(from!, text);
    await settled();
    expect(dateError(root())).toBeNull();
    expect(tradings).toHaveLength(1);
    pressEnter(from!);
    await waitFor(() => expect(dateError(root())?.textContent).toBe('{{chart:date_invalid}}'));
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025', to: LAST });
    // Outside the stock's dates (before 1970, after its last trading date): said, not sent.
    typeDate(from!, '31.12.1969');
    blur(from!);
    await waitFor(() => expect(dateError(root())?.textContent).toBe('{{chart:date_out_of_range}}'));
    typeDate(from!, '01.07.2025');
    pressEnter(from!);
    await settled();
    expect(tradings).toHaveLength(1);
    expect(events).toEqual([]);
    // The whole date: applied, announced once, sent once.
    typeDate(from!, '02.05.2025');
    pressEnter(from!);
    await waitFor(() => expect(tradings.at(-1)).toMatchObject({ date_from: '02.05.2025', date_to: LAST }));
    expect(dateError(root())).toBeNull();
    expect($period.get()).toMatchObject({ id: null, from: '02.05.2025', to: LAST });
    expect(events).toEqual([{ id: null, from: '02.05.2025', to: LAST }]);
    // Enter again and leaving the field with the same text change nothing.
    pressEnter(from!);
    blur(from!);
    await settled();
    expect(events).toHaveLength(1);
    expect(tradings).toHaveLength(2);
    expect(root().querySelector('[aria-label="{{chart:period_label}}"] [aria-selected="true"]')).toBeNull();
  });

  it('says when the 10-year cap moved the end; the notice goes with the next period or a refused text', async () => {
    const { root } = await mount('paid');
    const [from, to] = dateInputs(root());
    typeDate(from!, '01.01.2014');
    pressEnter(from!);
    await waitFor(() =>
      expect(tradings.at(-1)).toMatchObject({ date_from: '01.01.2014', date_to: '01.01.2024' }),
    );
    expect(to!.value).toBe('01.01.2024');
    const notice = () => root().querySelector('.sc__date-notice')?.textContent ?? null;
    expect(notice()).toBe('{{chart:period_capped}}');
    typeDate(to!, '31.02.2024');
    pressEnter(to!);
    await waitFor(() => expect(dateError(root())?.textContent).toBe('{{chart:date_invalid}}'));
    expect(notice()).toBeNull();

    // The start moved instead when the end was the date typed.
    typeDate(to!, LAST);
    pressEnter(to!);
    await waitFor(() => expect(tradings.at(-1)).toMatchObject({ date_from: '30.06.2015', date_to: LAST }));
    expect(from!.value).toBe('30.06.2015');
    expect(notice()).toBe('{{chart:period_capped}}');
    act(() =>
      [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')]
        .find((button) => button.textContent === '{{chart:period_3m}}')!
        .click(),
    );
    await waitFor(() => expect(from!.value).toBe('30.03.2025'));
    expect(notice()).toBeNull();
  });

  it('shows the period in the date picker, bounded by the stock dates', async () => {
    const { root } = await mount('paid');
    const picker = root().querySelector('[part~="date-picker"]')!;
    expect(picker).not.toBeNull();
    expect([...picker.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      '{{chart:date_from}}',
      '{{chart:date_to}}',
    ]);
    expect(dateInputs(root()).map((input) => input.value)).toEqual(['30.05.2025', LAST]);
    // The calendar: the last trading date is the latest day, and the shortcuts count back from it.
    act(() => root().querySelector<HTMLButtonElement>('[part~="date-picker-button"]')!.click());
    await waitFor(() => expect(root().querySelector('[role="dialog"]')).not.toBeNull());
    const day = (date: string) => root().querySelector(`[data-date="${date}"]`);
    // It opens on the start's month; the next one holds the last trading date.
    expect(day('30.05.2025')?.closest('[aria-selected]')?.getAttribute('aria-selected')).toBe('true');
    act(() => root().querySelector<HTMLButtonElement>('[aria-label="{{widgets:next_month}}"]')!.click());
    await waitFor(() => expect(day('30.06.2025')).not.toBeNull());
    expect(day(LAST)?.getAttribute('aria-current')).toBe('date');
    expect(day('01.07.2025')?.getAttribute('aria-disabled')).toBe('true');
    expect(
      [...root().querySelectorAll('.fin-date-picker__shortcut')].map((button) => button.textContent),
    ).toEqual(['{{widgets:last_days}}', '{{widgets:last_days}}']);
  });

  it('keeps the one chart mounted while the dynamic table and the archive show', async () => {
    const { root } = await mount('paid');
    const chart = root().querySelector('.price-chart-stub');
    const view = (label: string) =>
      act(() =>
        [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')]
          .find((button) => button.textContent === label)!
          .click(),
      );
    view('{{chart:view_dynamic}}');
    await waitFor(() => expect(root().querySelector('.sc__plot--hidden')).not.toBeNull());
    expect(root().querySelector('.price-chart-stub')).toBe(chart);
    view('{{chart:view_archive}}');
    // The archive view is <fin-archive-table> of the chart's block, loaded by its tag.
    const archive = () => root().querySelector('fin-archive-table');
    // Its code loads on first use (a dynamic import, slow the first time under vitest).
    await waitFor(() => expect(archive()?.shadowRoot?.querySelector('.at') ?? null).not.toBeNull(), {
      timeout: 5000,
    });
    expect(archive()?.getAttribute('page-data')).toBe('#fin-page-data');
    expect(root().querySelector('.price-chart-stub')).toBe(chart);
    view('{{chart:view_chart}}');
    await waitFor(() => expect(root().querySelector('.sc__plot--hidden')).toBeNull());
    expect(root().querySelector('.price-chart-stub')).toBe(chart);
  });
});

describe('PeriodControls', () => {
  it('says so when the period store refuses dates the picker let through, until the period moves', () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const onDates = vi.fn(() => ({ ok: false as const, error: 'invalid_date' as const }));
    const render = (from: string, id: 1 | 2 | null = 1) =>
      act(() =>
        root.render(
          <PeriodControls
            period={{ id, from, to: LAST, lastDate: LAST }}
            todayAvailable
            disabled={false}
            lang="eng"
            onSelect={() => {}}
            onDates={onDates}
            t={(key) => `{{${key}}}`}
          />,
        ),
      );
    render('30.05.2025');
    const [from] = [...container.querySelectorAll<HTMLInputElement>('[part~="date-picker-input"]')];
    act(() => {
      typeDate(from!, '02.05.2025');
      pressEnter(from!);
    });
    expect(onDates).toHaveBeenCalledWith('02.05.2025', LAST, 'from');
    expect(container.querySelector('[data-error="period"]')?.textContent).toBe('{{chart:date_invalid}}');
    render('30.03.2025', 2);
    expect(container.querySelector('[data-error="period"]')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
