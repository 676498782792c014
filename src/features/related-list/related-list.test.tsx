import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-related-list.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { relatedItems, relatedKind } from './related-list.utils.ts';

const labels: Record<string, Record<string, string>> = {
  stock: { menu_other_bonds: 'Bonds of the issuer', menu_indexes: 'Indexes including the share' },
  widgets: { show_more: 'Show more', hide: 'Hide' },
};

const bonds = Array.from({ length: 7 }, (_, i) => ({
  id: 100 + i,
  isin: `RU000A10${i}`,
  name: `Sber bond ${i + 1}`,
  url: `/bonds/${100 + i}/`,
}));
const lists = {
  emitentSharesStocksList: [{ id: 2, string_id: 'sberp', name: 'Sberbank pref.', url: '/stocks/sberp/' }],
  emitentSharesBondsList: bonds,
  indexesList: [] as Array<Record<string, unknown>>,
};

function pageData() {
  return JSON.stringify({
    lang: 'eng',
    stockId: 1,
    groundId: 1,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [{ id: 1, text: 'MOEX' }],
    ...lists,
  });
}

const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  return Response.json(labels[path.split('/')[3]!] ?? {});
});

async function render(kind: string): Promise<HTMLElement> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-page-data">${pageData()}</script>
    <fin-related-list kind="${kind}"></fin-related-list>`;
  });
  const element = document.querySelector<HTMLElement>('fin-related-list')!;
  await waitFor(() =>
    expect(element.hidden || element.shadowRoot!.querySelector('.rl, [role="alert"]')).toBeTruthy(),
  );
  return element;
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  resetLabels();
  cleanStores($page, $lang);
  vi.unstubAllGlobals();
});

describe('related-list utils', () => {
  it('reads each kind from its page-data list with what tells entries apart', () => {
    expect(relatedItems('stocks', lists)).toEqual([
      { key: 'stocks-2', name: 'Sberbank pref.', url: '/stocks/sberp/', note: null },
    ]);
    expect(relatedItems('bonds', lists)[0]).toEqual({
      key: 'bonds-100',
      name: 'Sber bond 1',
      url: '/bonds/100/',
      note: 'RU000A100',
    });
    expect(
      relatedItems('indexes', {
        ...lists,
        indexesList: [{ id: 1, code: 'IMOEX', name: 'MOEX Russia', url: '' }],
      }),
    ).toEqual([{ key: 'indexes-1', name: 'MOEX Russia', url: null, note: 'IMOEX' }]);
    expect(relatedItems('stocks', { ...lists, emitentSharesStocksList: [{ id: 3 }] })).toEqual([]);
  });

  it('accepts only the three kinds and safe addresses', () => {
    expect(relatedKind('bonds')).toBe('bonds');
    expect(relatedKind('shares')).toBeNull();
    const linked = (url: string) =>
      relatedItems('bonds', { ...lists, emitentSharesBondsList: [{ id: 1, name: 'OFZ', url }] })[0]?.url;
    expect(linked('javascript:alert(1)')).toBeNull();
    expect(linked('java\nscript:alert(1)')).toBeNull();
    expect(linked('https://example.com/x')).toBe('https://example.com/x');
  });
});

describe('<fin-related-list>', () => {
  it('lists five bonds with their ISIN until expanded, and collapses back to five', async () => {
    const element = await render('bonds');
    const root = element.shadowRoot!;
    // Content, not navigation: a plain list, named by the page's section heading, not by itself.
    expect(root.querySelector('nav, [role="navigation"], [aria-label]')).toBeNull();
    expect(root.querySelectorAll('ul > li')).toHaveLength(5);
    const links = () => [...root.querySelectorAll('a.rl-link')].map((a) => a.textContent);
    expect(links()).toEqual(['Sber bond 1', 'Sber bond 2', 'Sber bond 3', 'Sber bond 4', 'Sber bond 5']);
    expect(root.querySelector('.rl-note')?.textContent).toBe('RU000A100');
    const expanded: boolean[] = [];
    document.addEventListener('fin-expand-change', (event) => expanded.push(event.detail.expanded));
    act(() => root.querySelector<HTMLButtonElement>('[part="show-more"]')!.click());
    await waitFor(() => expect(links()).toHaveLength(7));
    expect(expanded).toEqual([true]);
    const toggle = root.querySelector<HTMLButtonElement>('[part="show-more"]')!;
    expect(toggle.textContent).toBe('Hide');
    act(() => toggle.click());
    await waitFor(() => expect(links()).toHaveLength(5));
    expect(expanded).toEqual([true, false]);
  });

  it('hides itself when its list is empty', async () => {
    const element = await render('indexes');
    expect(element.hidden).toBe(true);
  });

  it('names a wrong kind', async () => {
    const element = await render('shares');
    expect(element.shadowRoot!.querySelector('[role="alert"]')?.textContent).toBe(
      '<fin-related-list kind="shares">: kind must be one of stocks, bonds, indexes',
    );
  });
});
