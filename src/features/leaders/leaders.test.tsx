import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-leaders.ts';
import { $ground, setGround } from '../../core/stores/ground.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $user } from '../../core/stores/user.ts';
import { setPreloadedAnswers } from '../../core/preload.ts';
import {
  leadersBranch,
  leadersCellText,
  leadersEmptyKey,
  leadersFieldLabel,
  leadersMobileFields,
  leadersTab,
} from './leaders.utils.ts';

const labels: Record<string, Record<string, string>> = {
  stock: {
    leaders_caption: 'Market leaders',
    menu_growing_leaders: 'Sector leaders',
    no_data: 'No data',
    masked_hint_auth: 'Log in to see prices',
    leaders_empty_growing: 'No stock of the sector rose on the last trading day',
    leaders_empty_falling: 'No stock of the sector fell on the last trading day',
    leaders_empty_capitalization: 'No capitalisation figures for the sector on this exchange',
    leaders_empty_growing_market: 'No stock rose on the last trading day',
  },
  market: {
    tab_growing: 'Top gainers',
    tab_falling: 'Top losers',
    tab_capitalization: 'Capitalization',
    name: 'Name',
    change: 'Change, %',
  },
  widgets: { show_more: 'Show more', hide: 'Hide' },
  common: { loading: 'Loading', login: 'Log in', error_load: 'Could not load the data.', retry: 'Retry' },
};

function leader(name: string, change: number | '***') {
  return {
    id: 1,
    name: { val: name, lnk: `/stocks/${name.toLowerCase()}/` },
    tiker: name.toUpperCase(),
    last: 100,
    'last.numeric': 100,
    change,
    'change.numeric': change === '***' ? null : change,
    volume: 120000,
    'volume.numeric': 120000,
    date: '20.11.2026',
    'date.numeric': 0,
    class: change === '***' ? '' : change > 0 ? 'up' : 'down',
  };
}

function table(rows: unknown[], fields = ['name', 'tiker', 'last', 'change', 'volume', 'date']) {
  return {
    data: rows,
    fields,
    fieldsLabels: { tiker: 'Ticker (server)' },
    branchId: 0,
    groundId: 1,
    currency: 'RUB',
  };
}

let answers: Record<string, unknown>;
const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
  if (path in answers) return Response.json(answers[path]);
  return Response.json({ error: 'Unknown' }, { status: 404 });
});

const requested = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost').pathname)
    .filter((p) => !p.startsWith('/api/labels/'));

function pageData(branchId: number | null) {
  return JSON.stringify({
    lang: 'eng',
    stockId: 1,
    groundId: 1,
    stringId: 'sber',
    branchId,
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [
      { id: 1, text: 'MOEX' },
      { id: 2, text: 'SPB' },
    ],
  });
}

async function render(html: string, user = '{}'): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script>${html}`;
  });
  const root = document.querySelector('fin-leaders')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('table, [role="alert"], .fin-message--info')).not.toBeNull());
  return root;
}

const names = (root: ShadowRoot) =>
  [...root.querySelectorAll('tbody tr.dt-row th')].map((th) => th.textContent);

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
  resetLabels();
  $ground.set(null);
  cleanStores($user, $page, $lang, $ground);
  vi.unstubAllGlobals();
});

describe('leaders utils', () => {
  it('reads the tab attribute, the branch and the labels', () => {
    expect(leadersTab('3')).toBe(3);
    expect(leadersTab(2)).toBe(2);
    expect(leadersTab('7')).toBe(1);
    expect(leadersTab(undefined)).toBe(1);
    expect(leadersBranch(null)).toBe(0);
    expect(leadersBranch(4)).toBe(4);
    expect(leadersMobileFields(3)).toEqual(['name', 'capitalization', 'share']);
    const t = (key: string) => (key === 'market:name' ? 'Name' : `{{${key}}}`);
    expect(leadersFieldLabel('name', t, {})).toBe('Name');
    expect(leadersFieldLabel('tiker', t, { tiker: 'Ticker' })).toBe('Ticker');
    // A page without a language is Russian: decimal comma, a space before % (issue 20).
    expect(leadersCellText('change', -1.5)).toBe('−1,50\u202f%');
    expect(leadersCellText('capitalization', 1234567.8)).toBe('1\u202f234\u202f568');
    expect(leadersCellText('last', '***')).toBe('***');
  });

  it('names what an empty tab means, for the sector or the whole market', () => {
    expect(leadersEmptyKey(1, 4)).toBe('stock:leaders_empty_growing');
    expect(leadersEmptyKey(2, 4)).toBe('stock:leaders_empty_falling');
    expect(leadersEmptyKey(3, 4)).toBe('stock:leaders_empty_capitalization');
    expect(leadersEmptyKey(1, 0)).toBe('stock:leaders_empty_growing_market');
    expect(leadersEmptyKey(3, 0)).toBe('stock:leaders_empty_capitalization_market');
  });
});

describe('<fin-leaders>', () => {
  it('loads the growing leaders of the page branch (none: every branch) on the shared ground', async () => {
    answers['/api/stocks/get-growing-leaders/0/1/1/'] = table([leader('Sber', 2.5), leader('Gazp', 1.2)]);
    const root = await render(
      `<script type="application/json" id="fin-page-data">${pageData(null)}</script><fin-leaders></fin-leaders>`,
    );
    expect(requested()).toEqual(['/api/stocks/get-growing-leaders/0/1/1/']);
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Top gainers');
    expect(names(root)).toEqual(['Sber', 'Gazp']);
    expect(root.querySelector('tbody th a')?.getAttribute('href')).toBe('/stocks/sber/');
    expect(root.querySelector('th[data-field="change"]')?.textContent).toBe('Change, %');
    expect(root.querySelector('th[data-field="tiker"]')?.textContent).toBe('Ticker (server)');
    expect(root.querySelector('.ld-trend--up')?.textContent).toBe('+2.50%');
  });

  it('starts on the tab of the attribute; a user tab change loads that table and is announced', async () => {
    answers['/api/stocks/get-capitalization/4/1/'] = table([leader('Cap', 0)], ['name', 'capitalization']);
    answers['/api/stocks/get-growing-leaders/4/1/2/'] = table([leader('Down', -3)]);
    const root = await render(
      `<script type="application/json" id="fin-page-data">${pageData(4)}</script><fin-leaders tab="3"></fin-leaders>`,
    );
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Capitalization');
    expect(names(root)).toEqual(['Cap']);
    const tabs: unknown[] = [];
    document.addEventListener('fin-tab-change', (event) => tabs.push(event.detail));

    act(() => root.querySelector<HTMLButtonElement>('[role="tab"][data-tab-id="2"]')!.click());

    await waitFor(() => expect(names(root)).toEqual(['Down']));
    expect(root.querySelector('.ld-trend--down')?.textContent).toBe('−3.00%');
    expect(tabs).toEqual([{ id: 2 }]);
    expect(requested()).toEqual([
      '/api/stocks/get-capitalization/4/1/',
      '/api/stocks/get-growing-leaders/4/1/2/',
    ]);
  });

  it('says what an empty tab means: nothing of the sector rose (or fell) on the last trading day', async () => {
    answers['/api/stocks/get-growing-leaders/4/1/1/'] = table([]);
    answers['/api/stocks/get-growing-leaders/4/1/2/'] = table([]);
    const root = await render(
      // The tab named: left to itself the element would open the first tab with rows.
      `<script type="application/json" id="fin-page-data">${pageData(4)}</script><fin-leaders tab="1"></fin-leaders>`,
    );
    // The block is named for all three tabs, not for the gainers alone.
    expect(root.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Sector leaders');
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Top gainers');
    // The panel is named by its tab, which controls it.
    const panel = root.querySelector('[role="tabpanel"]')!;
    expect(root.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent).toBe('Top gainers');
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('aria-controls')).toBe(
      panel.id,
    );
    expect(root.querySelector('.fin-message--info')?.textContent).toBe(
      'No stock of the sector rose on the last trading day',
    );
    act(() => root.querySelector<HTMLButtonElement>('[role="tab"][data-tab-id="2"]')!.click());
    await waitFor(() =>
      expect(root.querySelector('.fin-message--info')?.textContent).toBe(
        'No stock of the sector fell on the last trading day',
      ),
    );
  });

  it('names the block and an empty tab for the whole market when the stock has no sector', async () => {
    answers['/api/stocks/get-growing-leaders/0/1/1/'] = table([]);
    const root = await render(
      `<script type="application/json" id="fin-page-data">${pageData(null)}</script><fin-leaders tab="1"></fin-leaders>`,
    );
    expect(root.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Market leaders');
    expect(root.querySelector('.fin-message--info')?.textContent).toBe(
      'No stock rose on the last trading day',
    );
  });

  it('reloads when the shared ground changes', async () => {
    answers['/api/stocks/get-growing-leaders/0/1/1/'] = table([leader('Moex', 1)]);
    answers['/api/stocks/get-growing-leaders/0/2/1/'] = table([leader('Spb', 1)]);
    const root = await render(
      `<script type="application/json" id="fin-page-data">${pageData(0)}</script><fin-leaders></fin-leaders>`,
    );
    expect(names(root)).toEqual(['Moex']);
    act(() => setGround(2));
    await waitFor(() => expect(names(root)).toEqual(['Spb']));
  });

  it('works from attributes alone and prompts to log in under masked prices', async () => {
    answers['/api/stocks/get-growing-leaders/3/2/1/'] = table([leader('Masked', '***')]);
    const root = await render('<fin-leaders branch-id="3" ground-id="2"></fin-leaders>');
    expect(root.querySelector('tbody')?.textContent).toContain('***');
    expect(root.querySelector('[part="hint"]')?.textContent).toBe('Log in to see prices Log in');
  });

  it('a day when nothing rose: the preloaded losers open without a call; a tab the visitor picks is called', async () => {
    setPreloadedAnswers({
      '/api/stocks/get-growing-leaders/4/1/1/': table([]),
      '/api/stocks/get-growing-leaders/4/1/2/': table([leader('Faller', -2)]),
    });
    try {
      answers['/api/stocks/get-growing-leaders/4/1/1/'] = table([leader('Later', 1)]);
      const root = await render(
        `<script type="application/json" id="fin-page-data">${pageData(4)}</script><fin-leaders></fin-leaders>`,
      );
      expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Top losers');
      expect(names(root)).toEqual(['Faller']);
      expect(requested()).toEqual([]);
      // The visitor's choice is not the page's first view: it is called, not taken from the page.
      act(() => root.querySelector<HTMLButtonElement>('[role="tab"][data-tab-id="1"]')!.click());
      await waitFor(() => expect(names(root)).toEqual(['Later']));
      expect(requested()).toEqual(['/api/stocks/get-growing-leaders/4/1/1/']);
    } finally {
      setPreloadedAnswers(null);
    }
  });

  it('offers a retry after a failed load', async () => {
    const root = await render('<fin-leaders branch-id="9" ground-id="1"></fin-leaders>');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Could not load the data.');
    answers['/api/stocks/get-growing-leaders/9/1/1/'] = table([leader('Back', 1)]);
    act(() => root.querySelector<HTMLButtonElement>('.fin-message__retry')!.click());
    await waitFor(() => expect(names(root)).toEqual(['Back']));
  });
});
