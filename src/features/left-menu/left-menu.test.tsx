import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-left-menu.ts';
import { $lang } from '../../core/stores/lang.ts';
import { SCROLL_IDLE_MS } from './left-menu.spy.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { STOCK_MENU_SECTIONS } from '../../contract/page-sections.ts';
import {
  activeSectionId,
  keepsHold,
  parseMenuItems,
  presentItems,
  sectionIds,
  stockMenuItems,
} from './left-menu.utils.ts';
import { SPEC_STOCK_MENU_ORDER } from '../../../demo-pages/testing/spec-sections.ts';

const labels: Record<string, Record<string, string>> = {
  stock: {
    menu_title: 'On this page',
    menu_graph: 'Chart',
    menu_dividends: 'Dividends',
    menu_holders: 'Shareholders',
    section_price_dynamics: 'Price dynamics',
    menu_growing_leaders: 'Sector leaders',
    menu_ifrs: 'IFRS reports',
    menu_consensus_forecasts: 'Consensus forecasts',
    menu_related_issuers: 'Related issuers',
  },
  issuer: { tab_comments: 'Analytics comments', tab_quarterly: 'Quarterly reports' },
};

const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  return Response.json(labels[path.split('/')[3]!] ?? {});
});

async function render(sections: string[], attributes = ''): Promise<HTMLElement> {
  act(() => {
    document.body.innerHTML = `<fin-left-menu ${attributes}></fin-left-menu>
    ${sections.map((id) => `<section id="${id}" tabindex="-1"><h2>${id}</h2></section>`).join('')}`;
  });
  const element = document.querySelector<HTMLElement>('fin-left-menu')!;
  await waitFor(() =>
    expect(element.hidden || element.shadowRoot!.querySelector('nav, [role="alert"]')).toBeTruthy(),
  );
  return element;
}

const links = (element: HTMLElement) =>
  [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a.lm__link')].map((a) => [
    a.getAttribute('href'),
    a.textContent,
  ]);
const current = (element: HTMLElement) =>
  element.shadowRoot!.querySelector('[aria-current]')?.getAttribute('data-section') ?? null;

/** Places each section's top at the given viewport offset (happy-dom has no layout). */
function placeSections(tops: Record<string, number>) {
  for (const [id, top] of Object.entries(tops)) {
    document.getElementById(id)!.getBoundingClientRect = () => ({ top, bottom: top + 300 }) as DOMRect;
  }
  act(() => window.dispatchEvent(new Event('scroll')));
}

/** The animation frame in which the spy measures, and React's rendering of what it found. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    document.body.innerHTML = '';
  });
  resetLabels();
  cleanStores($lang);
  vi.unstubAllGlobals();
});

describe('left-menu utils', () => {
  it('lists every section of the stock page: SPEC §2 in its order, the price dynamics and exchange table around the chart', () => {
    expect(STOCK_MENU_SECTIONS).toEqual(SPEC_STOCK_MENU_ORDER);
    const items = stockMenuItems((key) => `<${key}>`);
    expect(items.map((item) => item.id)).toEqual([
      'price_dynamics',
      'graph',
      'exchange',
      ...SPEC_STOCK_MENU_ORDER.filter((id) => id !== 'graph'),
    ]);
    expect(items[1]).toEqual({
      id: 'graph',
      title: '<stock:menu_graph>',
      url: null,
      targetBlank: false,
      items: [],
    });
    expect(items[2]!.title).toBe('<stock:section_exchange>');
  });

  it('keeps the items whose section exists, in page order, with links after them', () => {
    const items = parseMenuItems(
      JSON.stringify([
        { id: 'b', title: 'B' },
        { url: '/watchlist/', title: 'Watchlist', target_blank: 1 },
        { id: 'missing', title: 'Missing' },
        {
          url: '#a',
          title: 'A',
          items: [
            { id: 'a2', title: 'A2' },
            { id: 'gone', title: 'Gone' },
          ],
        },
      ]),
    );
    const position = (id: string) => ({ a: 0, a2: 1, b: 2 })[id] ?? null;
    const shown = presentItems(items, position);
    expect(shown.map((item) => item.title)).toEqual(['A', 'B', 'Watchlist']);
    expect(shown[0]!.items.map((item) => item.title)).toEqual(['A2']);
    expect(shown[2]).toMatchObject({ url: '/watchlist/', targetBlank: true });
    expect(sectionIds(shown)).toEqual(['a', 'a2', 'b']);
  });

  it('names what is wrong with an items attribute', () => {
    expect(() => parseMenuItems('[{"id":"a"')).toThrow(/items: not valid JSON/);
    expect(() => parseMenuItems('{}')).toThrow('items: expected a list of menu items');
    expect(() => parseMenuItems('[{"id":"a"}]')).toThrow('items[0].title: expected a text');
    expect(() => parseMenuItems('[{"title":"x","url":"javascript:alert(1)"}]')).toThrow(
      'items[0]: expected an id (a section of the page) or a url',
    );
  });

  it('makes current the last section whose top passed the line, the last one at the bottom', () => {
    const sections = [
      { id: 'a', top: -500 },
      { id: 'b', top: 120 },
      { id: 'c', top: 900 },
    ];
    const view = { line: 200, height: 800, atBottom: false };
    expect(activeSectionId(sections, view)).toBe('b');
    expect(activeSectionId(sections, { ...view, line: 100 })).toBe('a');
    expect(activeSectionId(sections, { ...view, atBottom: true })).toBe('c');
    // The top of the page: the first section is current while it is in view.
    expect(activeSectionId([{ id: 'a', top: 300 }], view)).toBe('a');
    expect(activeSectionId([{ id: 'a', top: 900 }], view)).toBeNull();
    expect(activeSectionId([], { ...view, atBottom: true })).toBeNull();
  });

  it('keeps a clicked section current after its scroll only when the page ended before it reached the line', () => {
    const view = { height: 800, atBottom: true };
    expect(keepsHold({ top: 300, bottom: 700 }, view)).toBe(true);
    expect(keepsHold({ top: 300, bottom: 700 }, { ...view, atBottom: false })).toBe(false);
    // Scrolled away from it (a script, find in page): the spy decides again.
    expect(keepsHold({ top: -900, bottom: -100 }, view)).toBe(false);
    expect(keepsHold({ top: 900, bottom: 1300 }, view)).toBe(false);
  });
});

describe('<fin-left-menu>', () => {
  it('lists only the sections the page has, in page order', async () => {
    const element = await render(['graph', 'price_dynamics', 'holders', 'dividends', 'growing_leaders']);
    expect(element.shadowRoot!.querySelector('nav')?.getAttribute('aria-label')).toBe('On this page');
    // The price dynamics, which SPEC §2's list does not name, have their entry too.
    expect(links(element)).toEqual([
      ['#graph', 'Chart'],
      ['#price_dynamics', 'Price dynamics'],
      ['#holders', 'Shareholders'],
      ['#dividends', 'Dividends'],
      ['#growing_leaders', 'Sector leaders'],
    ]);
  });

  it('marks the section in view as the page scrolls', async () => {
    const element = await render(['graph', 'dividends', 'holders']);
    placeSections({ graph: -400, dividends: 60, holders: 700 });
    await waitFor(() => expect(current(element)).toBe('dividends'));
    expect(element.shadowRoot!.querySelector('[aria-current]')?.getAttribute('aria-current')).toBe(
      'location',
    );
    placeSections({ graph: -1400, dividends: -900, holders: 40 });
    await waitFor(() => expect(current(element)).toBe('holders'));
  });

  it('scrolls smoothly to a section on a click, focuses it and keeps it current', async () => {
    const element = await render(['graph', 'dividends', 'holders']);
    placeSections({ graph: 0, dividends: 600, holders: 1200 });
    const holders = document.getElementById('holders')!;
    const scrollIntoView = vi.fn();
    holders.scrollIntoView = scrollIntoView;
    act(() => element.shadowRoot!.querySelector<HTMLAnchorElement>('[data-section="holders"]')!.click());
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(holders);
    expect(location.hash).toBe('#holders');
    await waitFor(() => expect(current(element)).toBe('holders'));
    // The page passes other sections on its way: the clicked one stays current.
    placeSections({ graph: -300, dividends: 100, holders: 700 });
    await nextFrame();
    expect(current(element)).toBe('holders');
  });

  it("follows the page again once a click's scroll ends (scrollend), whatever scrolls it next", async () => {
    const element = await render(['graph', 'dividends', 'holders']);
    placeSections({ graph: 0, dividends: 600, holders: 1200 });
    document.getElementById('dividends')!.scrollIntoView = () => undefined;
    act(() => element.shadowRoot!.querySelector<HTMLAnchorElement>('[data-section="dividends"]')!.click());
    await waitFor(() => expect(current(element)).toBe('dividends'));
    placeSections({ graph: -600, dividends: 16, holders: 600 });
    act(() => window.dispatchEvent(new Event('scrollend')));
    // A script (a table collapsing back to its top, say) scrolls the page without wheel or keys.
    placeSections({ graph: -1800, dividends: -1200, holders: 40 });
    await waitFor(() => expect(current(element)).toBe('holders'));
  });

  it('a clicked section the page ended before stays current while the page changes under it, until it leaves the view', async () => {
    const element = await render(['graph', 'dividends', 'holders']);
    // A page still loading: it ends before "dividends" can reach the line.
    const scroller = document.scrollingElement ?? document.documentElement;
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(scroller, 'scrollHeight', { value: 1600, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 1600 - window.innerHeight, configurable: true });
    try {
      placeSections({ graph: 0, dividends: 600, holders: 1200 });
      document.getElementById('dividends')!.scrollIntoView = () => undefined;
      act(() => element.shadowRoot!.querySelector<HTMLAnchorElement>('[data-section="dividends"]')!.click());
      placeSections({ graph: -400, dividends: 300, holders: 620 });
      act(() => window.dispatchEvent(new Event('scrollend')));
      await nextFrame();
      expect(current(element)).toBe('dividends');
      // A section below finishes loading, shorter than its loading line: the browser moves the
      // page (a scroll nobody made) and it is still at its bottom. The reader asked for dividends.
      placeSections({ graph: -360, dividends: 340, holders: 660 });
      await nextFrame();
      expect(current(element)).toBe('dividends');
      // Scrolled out of view (find in page, a script): the spy follows the page again.
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      placeSections({ graph: -1800, dividends: -1200, holders: 40 });
      await waitFor(() => expect(current(element)).toBe('holders'));
    } finally {
      delete (scroller as { scrollHeight?: number }).scrollHeight;
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
  });

  it('with scrollend, a pause in the scroll events of a busy machine does not end the hold', async () => {
    const element = await render(['graph', 'dividends', 'holders']);
    placeSections({ graph: 0, dividends: 600, holders: 1200 });
    document.getElementById('holders')!.scrollIntoView = () => undefined;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => element.shadowRoot!.querySelector<HTMLAnchorElement>('[data-section="holders"]')!.click());
    placeSections({ graph: -300, dividends: 100, holders: 700 });
    act(() => window.dispatchEvent(new Event('scroll')));
    // A pause that ends the scroll where there is no scrollend.
    act(() => vi.advanceTimersByTime(SCROLL_IDLE_MS + 50));
    act(() => window.dispatchEvent(new Event('scroll')));
    await nextFrame();
    expect(current(element)).toBe('holders');
  });

  it('without scrollend, a scroll quiet for a moment has ended', async () => {
    // A browser without the event (Safari before 18.2): no onscrollend on the window.
    const descriptor = Object.getOwnPropertyDescriptor(window, 'onscrollend');
    if (descriptor) delete (window as { onscrollend?: unknown }).onscrollend;
    try {
      expect('onscrollend' in window).toBe(false);
      const element = await render(['graph', 'dividends', 'holders']);
      placeSections({ graph: 0, dividends: 600, holders: 1200 });
      document.getElementById('dividends')!.scrollIntoView = () => undefined;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      act(() => element.shadowRoot!.querySelector<HTMLAnchorElement>('[data-section="dividends"]')!.click());
      placeSections({ graph: -600, dividends: 16, holders: 600 });
      act(() => vi.advanceTimersByTime(SCROLL_IDLE_MS));
      placeSections({ graph: -1800, dividends: -1200, holders: 40 });
      await waitFor(() => expect(current(element)).toBe('holders'));
    } finally {
      if (descriptor) Object.defineProperty(window, 'onscrollend', descriptor);
    }
  });

  it('is a compact strip with the compact attribute', async () => {
    const element = await render(['graph', 'dividends'], 'compact');
    expect(element.shadowRoot!.querySelector('nav')?.className).toBe('lm lm--compact');
    expect(element.shadowRoot!.querySelector('.lm__title')).toBeNull();
  });

  it('takes items from the attribute, and hides itself when none of its sections exist', async () => {
    const items = JSON.stringify([
      { id: 'reports', title: 'Reports' },
      { url: '/watchlist/', title: 'Watchlist' },
    ]);
    let element = await render(['reports'], `items='${items}'`);
    expect(links(element)).toEqual([
      ['#reports', 'Reports'],
      ['/watchlist/', 'Watchlist'],
    ]);
    element = await render(['something_else']);
    expect(element.hidden).toBe(true);
  });

  it('lists the issuer page sections with variant="issuer", in page order', async () => {
    const element = await render(
      ['price_dynamics', 'ifrs', 'comments', 'quarterly_reports', 'consensus_forecasts', 'related_issuers'],
      'variant="issuer"',
    );
    expect(links(element)).toEqual([
      ['#price_dynamics', 'Price dynamics'],
      ['#ifrs', 'IFRS reports'],
      ['#comments', 'Analytics comments'],
      ['#quarterly_reports', 'Quarterly reports'],
      ['#consensus_forecasts', 'Consensus forecasts'],
      ['#related_issuers', 'Related issuers'],
    ]);
  });

  it('drops the entry of a section that says it shows nothing (fin-section-visibility), and brings it back', async () => {
    const element = await render(['ifrs', 'consensus_forecasts'], 'variant="issuer"');
    const announce = (visible: boolean) =>
      act(() => {
        document.dispatchEvent(
          new CustomEvent('fin-section-visibility', { detail: { section: 'consensus_forecasts', visible } }),
        );
      });
    announce(false);
    await waitFor(() => expect(links(element)).toEqual([['#ifrs', 'IFRS reports']]));
    announce(true);
    await waitFor(() => expect(links(element)).toHaveLength(2));
  });

  it('shows what is wrong with a malformed items attribute', async () => {
    const element = await render([], `items='[{"id":"x"}]'`);
    expect(element.shadowRoot!.querySelector('[role="alert"]')?.textContent).toBe(
      'items[0].title: expected a text',
    );
  });
});
