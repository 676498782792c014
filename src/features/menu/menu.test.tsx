import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-menu.ts';
import type { MenuData } from '../../contract/menu.ts';
import { withLang } from './menu.utils.ts';

const MENU: MenuData = {
  items: [
    {
      id: 'stocks',
      title: 'Stocks',
      url: null,
      active: true,
      items: [
        [
          { url: '/stocks/sber/', title: 'Sberbank', target_blank: false, active: true },
          { url: 'javascript:alert(1)', title: 'Hostile', target_blank: false, active: false },
        ],
        [{ url: 'https://example.com/', title: 'Elsewhere', target_blank: true, active: false }],
      ],
    },
    { id: 'search', title: 'Search', url: '/search/', items: [], active: false },
  ],
  languages: [
    { lang: 'eng', name: 'English', url: '/stocks/sber/?lang=eng', current: true },
    { lang: 'deu', name: 'Deutsch', url: '/stocks/sber/?lang=deu', current: false },
  ],
  texts: { main: 'Main menu', menu: 'Menu', language: 'Language', close: 'Close' },
};

async function render(block: string): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-menu-data">${block}</script>
      <fin-menu><nav aria-label="Main menu"><a href="/search/">Search</a></nav></fin-menu>`;
  });
  const root = document.querySelector('fin-menu')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('nav, [role="alert"]')).not.toBeNull());
  return root;
}

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  vi.restoreAllMocks();
});

describe('<fin-menu>', () => {
  it('renders the sections as disclosure buttons, closed, with their columns of links', async () => {
    const root = await render(JSON.stringify(MENU));
    const button = root.querySelector<HTMLButtonElement>('button[aria-controls]')!;
    expect(button.textContent).toBe('Stocks');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = root.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(panel.querySelectorAll('ul')).toHaveLength(2);
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
  });

  it('marks the page shown with aria-current="page" and the language shown with aria-current', async () => {
    const root = await render(JSON.stringify(MENU));
    expect([...root.querySelectorAll('[aria-current="page"]')].map((a) => a.textContent)).toEqual([
      'Sberbank',
    ]);
    expect(root.querySelector('a[hreflang="en"]')!.getAttribute('aria-current')).toBe('true');
    expect(root.querySelector('a[hreflang="de"]')!.hasAttribute('aria-current')).toBe(false);
  });

  it('keeps a refused address as plain text and opens outside links in a new tab safely', async () => {
    const root = await render(JSON.stringify(MENU));
    const hostile = [...root.querySelectorAll('.menu-entry-text')].map((node) => node.textContent);
    expect(hostile).toEqual(['Hostile']);
    expect(root.querySelector('a[href^="javascript"]')).toBeNull();
    const outside = root.querySelector<HTMLAnchorElement>('a[href="https://example.com/"]')!;
    expect(outside.target).toBe('_blank');
    expect(outside.rel).toBe('noopener noreferrer');
  });

  it('says which field of a malformed block is wrong, instead of an empty header', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await render(JSON.stringify({ ...MENU, items: [{ id: 'x', title: 5 }] }));
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('items[0].title');
  });
});

describe('withLang', () => {
  it('keeps the path (ground segment), the other parameters and replaces the language', () => {
    expect(withLang('/stocks/sber/2/?lang=eng', 'deu')).toBe('/stocks/sber/2/?lang=deu');
    expect(withLang('/search/?q=sber&tab=bonds', 'fra')).toBe('/search/?q=sber&tab=bonds&lang=fra');
  });
});
