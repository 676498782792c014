import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-holders.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { holderFieldLabel, holderShareText } from './holders.utils.ts';
import { markOf, PAYLOADS } from '../../../demo-pages/testing/hostile.ts';
import { setPreloadedAnswers } from '../../core/preload.ts';

const labels: Record<string, Record<string, string>> = {
  stock: { no_data: 'No data' },
  market: { holders_title: 'Shareholders', name: 'Name', share: 'Share, %', holder_date: 'Report date' },
  widgets: { show_more: 'Show more', hide: 'Hide' },
  common: { loading: 'Loading', error_load: 'Could not load the data.', retry: 'Retry' },
};

const holder = (name: string, share: number) => ({
  name,
  share,
  'share.numeric': share,
  date: '31.03.2026',
  'date.numeric': 0,
});
const answer = (count: number) => ({
  data: Array.from({ length: count }, (_, i) => holder(`Holder ${i + 1}`, 50 - i * 5)),
  fields: ['name', 'share', 'date'],
  fieldsLabels: { name: 'Название', share: 'Доля, %', holder_date: 'Дата отчёта' },
});

let answers: Record<string, unknown>;
const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
  if (path in answers) return Response.json(answers[path]);
  return Response.json({ error: 'Unknown' }, { status: 404 });
});

async function render(html: string): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = html;
  });
  const root = document.querySelector('fin-holders')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('table, [role="alert"], .fin-message--info')).not.toBeNull());
  return root;
}

beforeEach(() => {
  answers = {};
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  resetLabels();
  cleanStores($page, $lang);
  vi.unstubAllGlobals();
});

describe('holders utils', () => {
  it('heads the columns in the page language, the date as the report date', () => {
    const t = (key: string) => labels[key.split(':')[0]!]?.[key.split(':')[1]!] ?? `{{${key}}}`;
    expect(holderFieldLabel('date', t, {})).toBe('Report date');
    expect(holderFieldLabel('other', t, { other: 'Other' })).toBe('Other');
    // A page without a language is Russian: decimal comma (issue 20).
    expect(holderShareText(19.256)).toBe('19,26');
    expect(holderShareText(null)).toBe('—');
  });
});

describe('<fin-holders>', () => {
  it('shows the holders of the page stock, five until expanded', async () => {
    answers['/api/stocks/get-holders/7/'] = answer(7);
    const page = JSON.stringify({
      lang: 'eng',
      stockId: 7,
      groundId: 1,
      stringId: 'x',
      stockInfo: { stock_full_name: 'X', splits: [] },
      tradingGrounds: [{ id: 1, text: 'MOEX' }],
    });
    const root = await render(
      `<script type="application/json" id="fin-page-data">${page}</script><fin-holders></fin-holders>`,
    );
    expect([...root.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Name',
      'Share, %',
      'Report date',
    ]);
    expect(root.querySelectorAll('tbody tr.dt-row')).toHaveLength(5);
    expect(root.querySelector('tbody tr td')?.textContent).toBe('50.00');
    act(() => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Show more')!.click());
    await waitFor(() => expect(root.querySelectorAll('tbody tr.dt-row')).toHaveLength(7));
  });

  it('says there is no data for a stock without holders, and retries a failed load', async () => {
    answers['/api/stocks/get-holders/3/'] = answer(0);
    let root = await render('<fin-holders stock-id="3"></fin-holders>');
    expect(root.textContent).toBe('No data');
    root = await render('<fin-holders stock-id="4"></fin-holders>');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Could not load the data.');
    answers['/api/stocks/get-holders/4/'] = answer(1);
    act(() => root.querySelector<HTMLButtonElement>('.fin-message__retry')!.click());
    await waitFor(() => expect(root.querySelector('tbody th')?.textContent).toBe('Holder 1'));
  });
});

describe('<fin-holders> from the page preload (issue 24)', () => {
  afterEach(() => setPreloadedAnswers(null));

  it('shows the preloaded holders without a call, hostile names as text', async () => {
    const hostile = PAYLOADS.slice(0, 5).map((payload, i) => holder(payload(i), 10));
    setPreloadedAnswers({ '/api/stocks/get-holders/3/': { ...answer(0), data: hostile } });
    fetchMock.mockClear();
    const root = await render('<fin-holders stock-id="3"></fin-holders>');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/get-holders/'))).toEqual([]);
    const text = root.querySelector('tbody')?.textContent ?? '';
    for (let i = 0; i < 5; i++) expect(text).toContain(markOf(i));
    expect(root.querySelector('[data-xss]')).toBeNull();
  });
});
