import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-price-dynamics.ts';
import { $ground, setGround } from '../../core/stores/ground.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $user } from '../../core/stores/user.ts';
import type { StockPriceDynamics } from '../../contract/types.ts';
import { PRELOAD_BLOCK_ID } from '../../contract/preload.ts';
import { setPreloadedAnswers } from '../../core/preload.ts';
import { isPriceDynamicsEmpty, priceWindowRows } from './price-dynamics.utils.ts';

function dynamics(overrides: Partial<StockPriceDynamics> = {}): StockPriceDynamics {
  return {
    absolute_max_price_1m: 320,
    'absolute_max_price_1m.numeric': 320,
    absolute_min_price_1m: 280,
    'absolute_min_price_1m.numeric': 280,
    delta_last_price_1m: 2.5,
    'delta_last_price_1m.numeric': 2.5,
    absolute_max_price_1y: 340,
    'absolute_max_price_1y.numeric': 340,
    absolute_min_price_1y: 240,
    'absolute_min_price_1y.numeric': 240,
    delta_last_price_1y: -4.25,
    'delta_last_price_1y.numeric': -4.25,
    last_price: 300,
    'last_price.numeric': 300,
    date: '20.11.2026',
    'date.numeric': 1_795_132_800,
    currency: 'RUB',
    ...overrides,
  };
}

const masked = (): Partial<StockPriceDynamics> => ({
  absolute_max_price_1m: '***',
  absolute_min_price_1m: '***',
  delta_last_price_1m: '***',
  absolute_max_price_1y: '***',
  absolute_min_price_1y: '***',
  delta_last_price_1y: '***',
  last_price: '***',
});

const labels = {
  pd: {
    title: 'Price dynamics',
    period_1m: '1 month',
    period_1y: '1 year',
    masked_hint_auth: 'Log in to see prices',
    range_value_1m: '{price}, {percent} % of the 1-month range',
    range_value_1y: '{price}, {percent} % of the 1-year range',
    login: 'Log in',
    no_data_min_max: 'No data on the minimum and maximum price',
  },
  common: { loading: 'Loading', error_page_data: 'The page data is malformed:' },
};

let answers: Record<string, unknown>;
const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/labels/'))
    return Response.json(labels[path.split('/')[3] as keyof typeof labels] ?? {});
  if (path in answers) {
    const answer = answers[path];
    return answer instanceof Response ? answer : Response.json(answer);
  }
  return Response.json({ error: 'Unknown' }, { status: 404 });
});

function pageData(stockId: number, groundId: number): string {
  return JSON.stringify({
    lang: 'eng',
    stockId,
    groundId,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [
      { id: 1, text: 'MOEX' },
      { id: 2, text: 'SPB' },
    ],
  });
}

async function render(html: string, user = '{}'): Promise<HTMLElement> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script>${html}`;
  });
  const element = document.querySelector('fin-price-dynamics') as HTMLElement;
  // Settled: the block, an error, the no-data message, or the host hidden; never the loading line.
  await waitFor(() =>
    expect(
      element.hidden || element.shadowRoot?.querySelector('section, [role="alert"], .fin-message--info'),
    ).toBeTruthy(),
  );
  return element;
}

const text = (element: Element, field: string) =>
  element.shadowRoot?.querySelector(`[data-field="${field}"]`)?.textContent?.replace(/\u202f/g, ' ');

beforeEach(() => {
  answers = {};
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  $ground.set(null);
  resetLabels();
  cleanStores($user, $page, $lang);
  vi.unstubAllGlobals();
});

describe('price-dynamics utils', () => {
  it('is empty only when all six window values are null; masked values are not empty', () => {
    const none = dynamics({
      absolute_max_price_1m: null,
      absolute_min_price_1m: null,
      delta_last_price_1m: null,
      absolute_max_price_1y: null,
      absolute_min_price_1y: null,
      delta_last_price_1y: null,
    });
    expect(isPriceDynamicsEmpty(none)).toBe(true);
    expect(isPriceDynamicsEmpty({ ...none, delta_last_price_1y: '***' })).toBe(false);
  });

  it('places the marker by (last-min)/(max-min) and not when masked', () => {
    const [month, year] = priceWindowRows(dynamics());
    expect(month!.marker).toBeCloseTo(0.5);
    expect(year!.marker).toBeCloseTo(0.6);
    expect(priceWindowRows(dynamics({ last_price: '***' }))[0]!.marker).toBeNull();
  });
});

describe('<fin-price-dynamics>', () => {
  it('shows the values of the page stock and ground with the scale marker', async () => {
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics();
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
      JSON.stringify({ userAuth: true, userAccessLevel: 1077 }),
    );
    expect(text(element, 'last_price')).toBe('300.00');
    expect(text(element, 'absolute_max_price_1y')).toBe('340.00');
    expect(text(element, 'delta_last_price_1y')).toBe('−4.25%');
    expect(
      element.shadowRoot?.querySelector('[data-window="1m"] [role="meter"]')?.getAttribute('aria-valuenow'),
    ).toBe('50');
    // A screen reader hears the price and its place in the range, not a bare number.
    const valueText = (window: string) =>
      element.shadowRoot
        ?.querySelector(`[data-window="${window}"] [role="meter"]`)
        ?.getAttribute('aria-valuetext');
    expect(valueText('1m')).toBe('300.00 RUB, 50 % of the 1-month range');
    expect(valueText('1y')).toBe('300.00 RUB, 60 % of the 1-year range');
    expect(element.shadowRoot?.querySelector('.pd__hint')).toBeNull();
  });

  it('shows *** as given and a log-in prompt to an anonymous visitor', async () => {
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics(masked());
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics login-url="/signin/"></fin-price-dynamics>`,
    );
    expect(text(element, 'last_price')).toBe('***');
    expect(text(element, 'absolute_min_price_1m')).toBe('***');
    const hint = element.shadowRoot?.querySelector('.pd__hint');
    expect(hint?.textContent).toContain('Log in to see prices');
    expect(hint?.querySelector('a')?.getAttribute('href')).toBe(
      `/signin/?back=${encodeURIComponent(location.pathname)}`,
    );
  });

  it('hides itself when all six values are null', async () => {
    const none = {
      absolute_max_price_1m: null,
      absolute_min_price_1m: null,
      delta_last_price_1m: null,
      absolute_max_price_1y: null,
      absolute_min_price_1y: null,
      delta_last_price_1y: null,
    };
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics(none);
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
    );
    await waitFor(() => expect(element.hidden).toBe(true));
    expect(element.shadowRoot?.querySelector('table')).toBeNull();
  });

  it.each([
    ['an empty body', () => new Response('', { status: 200 })],
    ['{}', () => ({})],
    ['an object without any price-dynamics field', () => ({ date: '20.11.2026', currency: 'RUB' })],
  ])('says there is no data on %s (not six nulls: the block stays and says why)', async (_, answer) => {
    answers['/api/stocks/7/1/price-dynamics/'] = answer();
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
    );
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('No data on the minimum and maximum price'),
    );
    expect(element.hidden).toBe(false);
    expect(element.shadowRoot?.querySelector('[role="alert"]')).toBeNull();
  });

  it('reloads when another element switches the shared ground', async () => {
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics();
    answers['/api/stocks/7/2/price-dynamics/'] = dynamics({ last_price: 3.5 });
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
      JSON.stringify({ userAuth: true, userAccessLevel: 1077 }),
    );
    act(() => setGround(2));
    await waitFor(() => expect(text(element, 'last_price')).toBe('3.50'));
  });

  it('follows a fin-ground-select event fired by the legacy page', async () => {
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics();
    answers['/api/stocks/7/2/price-dynamics/'] = dynamics({ last_price: 4.25 });
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
      JSON.stringify({ userAuth: true, userAccessLevel: 1077 }),
    );
    act(() => document.dispatchEvent(new CustomEvent('fin-ground-select', { detail: { groundId: 2 } })));
    await waitFor(() => expect(text(element, 'last_price')).toBe('4.25'));
  });

  it('shows the page-data error with the field, and a sibling with its own block still renders', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/stocks/9/2/price-dynamics/'] = dynamics({ last_price: 42 });
    act(() => {
      document.body.innerHTML = `
      <script type="application/json" id="fin-page-data">{"stockId": "x"}</script>
      <script type="application/json" id="ok">${pageData(9, 2)}</script>
      <fin-price-dynamics id="a"></fin-price-dynamics>
      <fin-price-dynamics id="b" page-data="#ok"></fin-price-dynamics>`;
    });
    const [broken, fine] = ['#a', '#b'].map((id) => document.querySelector(id)!);
    await waitFor(() =>
      expect(broken!.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
        'stockId: expected an integer, got "x"',
      ),
    );
    await waitFor(() => expect(text(fine!, 'last_price')).toBe('42,00'));
    consoleError.mockRestore();
  });

  it('needs no page data when given stock-id and ground-id (partner embeds), and logs nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/stocks/5/3/price-dynamics/'] = dynamics({ last_price: 12 });
    const element = await render('<fin-price-dynamics stock-id="5" ground-id="3"></fin-price-dynamics>');
    // A page without a language is Russian: decimal comma (issue 20).
    expect(text(element, 'last_price')).toBe('12,00');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('says which block is missing when it needs page data and the page has none', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await render('<fin-price-dynamics></fin-price-dynamics>');
    expect(element.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
      '#fin-page-data: no such page-data block on the page',
    );
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it('offers a retry after a failed call', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await render(
      `<script type="application/json" id="fin-page-data">${pageData(7, 1)}</script><fin-price-dynamics></fin-price-dynamics>`,
    );
    const alert = element.shadowRoot?.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Could not load the data');
    answers['/api/stocks/7/1/price-dynamics/'] = dynamics();
    act(() => alert?.querySelector('button')?.click());
    await waitFor(() => expect(text(element, 'last_price')).toBe('300.00'));
    consoleError.mockRestore();
  });

  it('renders the issuer bar from the issuer page data', async () => {
    const issuer = {
      lang: 'eng',
      emitentId: 3,
      priceDynamics: {
        absoluteMinPrice: 100,
        absoluteMaxPrice: 200,
        deltaLastPrice: 12.5,
        lastPrice: 175,
        lastDate: '20.11.2026',
      },
    };
    const element = await render(
      `<script type="application/json" id="fin-page-data">${JSON.stringify(issuer)}</script><fin-price-dynamics variant="issuer"></fin-price-dynamics>`,
    );
    expect(text(element, 'lastPrice')).toBe('175.00');
    expect(text(element, 'deltaLastPrice')).toBe('+12.50%');
    expect(element.shadowRoot?.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')).toBe('75');
    expect(element.shadowRoot?.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe(
      '175.00, 75 % of the 1-year range',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('price-dynamics'))).toBe(false);
  });
});

describe('price dynamics from the page (issue 24)', () => {
  const path = '/api/stocks/1/1/price-dynamics/';
  const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/price-dynamics/'));
  /** The page with its preload block (read again: each test is a new page). */
  const withPreload = (block: string) =>
    `<script type="application/json" id="fin-page-data">${pageData(1, 1)}</script>` +
    `<script type="application/json" id="${PRELOAD_BLOCK_ID}">${block}</script><fin-price-dynamics></fin-price-dynamics>`;
  afterEach(() => setPreloadedAnswers(null));

  it('shows the preloaded answer without calling', async () => {
    answers[path] = dynamics({ last_price: 999 });
    setPreloadedAnswers(null);
    const element = await render(withPreload(JSON.stringify({ [path]: dynamics({ last_price: 301.5 }) })));
    expect(text(element, 'last_price')).toBe('301.50');
    expect(calls()).toEqual([]);
  });

  it.each([
    ['not JSON', `{"${path}": {`],
    ['an answer of another shape', JSON.stringify({ [path]: { last_price: 'three hundred' } })],
  ])('a block that is %s: the element calls, as without a preload', async (_kind, block) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers[path] = dynamics({ last_price: 302 });
    setPreloadedAnswers(null);
    const element = await render(withPreload(block));
    await waitFor(() => expect(text(element, 'last_price')).toBe('302.00'));
    expect(calls()).toHaveLength(1);
  });
});
