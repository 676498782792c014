import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradingSeries, TradingsRequest } from '../../core/api/stocks.ts';
import { $ground } from '../../core/stores/ground.ts';
import { $archiveTable } from '../archive-table/index.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $period } from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { PAID_ACCESS_LEVEL, type StockPageData } from '../../core/types.ts';
import type { PriceChartProps } from '../../widgets/chart/index.ts';

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
      if (path.includes('TradingFullInfo') || path.includes('full-info'))
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
      return Response.json({ error: 'not here' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  document.body.innerHTML = '';
  cleanStores($archiveTable, $user, $page, $ground, $period);
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
  document.body.innerHTML = `
    <script type="application/json" id="fin-user">${JSON.stringify(user)}</script>
    <script type="application/json" id="fin-page-data">${JSON.stringify(data)}</script>
    <fin-stock-chart></fin-stock-chart>`;
  const element = document.querySelector('fin-stock-chart')!;
  const root = () => element.shadowRoot!;
  await vi.waitFor(() => expect(root().querySelector('.price-chart-stub[data-series*=":2"]')).not.toBeNull());
  return { element, root };
}

const tabTexts = (root: ShadowRoot, label: string) =>
  [...root.querySelectorAll(`[role="tablist"][aria-label="${label}"] [role="tab"]`)].map(
    (tab) => tab.textContent,
  );

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
    tab.click();
    expect(events).toEqual([{ id: 4, from: '30.06.2024', to: LAST }]);
    await vi.waitFor(() =>
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
    root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click();
    await vi.waitFor(() =>
      expect(root().querySelector('[data-prompt="compare"]')?.textContent).toContain(
        '{{compare:need_to_log_in}}',
      ),
    );
    expect(root().querySelector('[data-prompt="compare"] a')?.getAttribute('href')).toBe('/login/');
    root().querySelector<HTMLButtonElement>('[data-action="export"]')!.click();
    await vi.waitFor(() =>
      expect(root().querySelector('[data-prompt="export"]')?.textContent).toContain(
        '{{common:access_denied}}',
      ),
    );
  });

  it('free: hidden y-axis with the series name in the tooltip, no extended tab, the access dialog for compare', async () => {
    const { root } = await mount('free');
    const chart = root().querySelector('.price-chart-stub')!;
    expect(chart.getAttribute('data-value-axis')).toBe('hidden');
    expect(chart.getAttribute('data-tooltip')).toBe('name-only');
    expect(tabTexts(root(), '{{chart:view_label}}')).not.toContain('{{chart:view_extended}}');
    root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click();
    await vi.waitFor(() =>
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
    root().querySelector<HTMLButtonElement>('[data-action="compare"]')!.click();
    await vi.waitFor(() => expect(root().querySelector('[part="compare"] input')).not.toBeNull());
    expect(root().querySelector('[data-action="compare"]')?.getAttribute('aria-expanded')).toBe('true');
    const extended = [...root().querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (button) => button.textContent === '{{chart:view_extended}}',
    )!;
    extended.click();
    expect(views).toEqual([{ view: 0, extended: true }]);
    await vi.waitFor(() =>
      expect(root().querySelector('.price-chart-stub')?.getAttribute('data-mode')).toBe('ohlc'),
    );
    // The extended view hides Today (SPEC §4).
    expect(tabTexts(root(), '{{chart:period_label}}')).not.toContain('{{chart:period_today}}');
  });

  it('refuses a start date after the end date with graph_period_start_incorrect', async () => {
    const { root } = await mount('paid');
    const [from] = root().querySelectorAll<HTMLInputElement>('input[type="date"]');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(from, '2025-07-15');
    from!.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() =>
      expect(root().querySelector('[data-error="period"]')?.textContent).toBe(
        '{{chart:graph_period_start_incorrect}}',
      ),
    );
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025' });
  });
});
