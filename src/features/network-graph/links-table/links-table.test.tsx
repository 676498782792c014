import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import issuerLabels from '../../../../demo-pages/data/labels/issuer.json';
import widgetLabels from '../../../../demo-pages/data/labels/widgets.json';
import { waitFor } from '../../../../demo-pages/testing/react-act.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { pageLang } from '../../../core/page-data.ts';
import { resetLabels } from '../../../core/stores/labels.ts';
import { FIXTURE_LINKS, FIXTURE_MAIN, FIXTURE_TAG, HOSTILE_NAME } from './links-table.fixture.ts';

/** The labels the server gives in English. */
const english = (module: Record<string, Record<string, string>>) =>
  Object.fromEntries(Object.entries(module).map(([key, texts]) => [key, texts.eng]));
const LABELS: Record<string, Record<string, string | undefined>> = {
  issuer: english(issuerLabels),
  widgets: english(widgetLabels),
};

const fetchMock = vi.fn(async (url: string) => {
  const module = new URL(url, 'http://localhost').pathname.split('/')[3]!;
  return Response.json(LABELS[module] ?? {});
});

async function render(links = FIXTURE_LINKS, htmlLang = 'en'): Promise<ShadowRoot> {
  act(() => {
    document.documentElement.lang = htmlLang;
    // The page's language as a page sets it (the store may have mounted before this test's <html lang>).
    $lang.set(pageLang(document));
    document.body.innerHTML = `<${FIXTURE_TAG} main-emitent-id="${FIXTURE_MAIN}"
      caption="Related companies: Sberbank"></${FIXTURE_TAG}>`;
    document.querySelector(FIXTURE_TAG)!.setAttribute('links', JSON.stringify(links));
  });
  const root = document.querySelector(FIXTURE_TAG)!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('th')?.textContent).toBe('Company'));
  return root;
}

const cellTexts = (root: ShadowRoot, column: number) =>
  [...root.querySelectorAll(`tbody tr > :nth-child(${column})`)].map((cell) => cell.textContent);
const header = (root: ShadowRoot, title: string) =>
  [...root.querySelectorAll('th')].find((th) => th.textContent === title)!;
const announcement = (root: ShadowRoot) => root.querySelector('[aria-live="polite"][data-announcement]')!;

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetLabels();
  cleanStores($lang);
  vi.unstubAllGlobals();
});

describe('LinksTable', () => {
  it('is a real table: caption naming the main issuer, column headings, rows in the default order', async () => {
    const root = await render();
    expect(root.querySelector('table caption')?.textContent).toMatch(
      /^Related companies: Sberbank\. Links of Sberbank: its own first, then its group’s/,
    );
    const headings = [...root.querySelectorAll('thead th')];
    expect(headings.map((th) => [th.getAttribute('scope'), th.textContent])).toEqual([
      ['col', 'Company'],
      ['col', 'Holder → company'],
      ['col', 'Relation'],
      ['col', 'Share'],
    ]);
    expect(headings.every((th) => th.querySelector('button'))).toBe(true);
    expect(headings.some((th) => th.hasAttribute('aria-sort'))).toBe(false);
    expect(cellTexts(root, 1)).toEqual([
      'DomClick',
      'Evotor',
      HOSTILE_NAME,
      'Moscow Exchange',
      'Contribution to the Future Foundation',
      'Sberbank Real Estate Centre',
    ]);
    expect(cellTexts(root, 2)).toEqual([
      'Sberbank → DomClick',
      'Sberbank → Evotor',
      `Sberbank → ${HOSTILE_NAME}`,
      'Sberbank → Moscow Exchange',
      'Sberbank ↔ Contribution to the Future Foundation',
      'DomClick → Sberbank Real Estate Centre',
    ]);
    expect(cellTexts(root, 4)).toEqual(['100%', '45.50%', '40.25%', '9.87%', '—no share', '100%']);
  });

  it('shows hostile names as text and links only safe company pages', async () => {
    const root = await render();
    expect(root.querySelector('img')).toBeNull();
    const links = [...root.querySelectorAll('tbody a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Moscow Exchange', '/company/17/']]);
  });

  it('sorts by a column both ways and back, with aria-sort, one polite announcement each time, focus kept', async () => {
    const root = await render();
    const button = header(root, 'Share').querySelector('button')!;
    button.focus();
    act(() => button.click());
    await waitFor(() => expect(header(root, 'Share').getAttribute('aria-sort')).toBe('ascending'));
    expect(cellTexts(root, 4)).toEqual(['9.87%', '40.25%', '45.50%', '100%', '100%', '—no share']);
    expect(announcement(root).textContent).toBe('Sorted by Share, ascending');
    // Said once: no other live region of the table repeats it.
    const liveTexts = [...root.querySelectorAll('[aria-live]')].map((region) => region.textContent);
    expect(liveTexts.filter((text) => text?.includes('Sorted by'))).toHaveLength(1);
    expect(root.activeElement).toBe(button);

    act(() => button.click());
    await waitFor(() => expect(header(root, 'Share').getAttribute('aria-sort')).toBe('descending'));
    expect(cellTexts(root, 4)).toEqual(['100%', '100%', '45.50%', '40.25%', '9.87%', '—no share']);
    expect(announcement(root).textContent).toBe('Sorted by Share, descending');
    expect(root.activeElement).toBe(button);

    act(() => button.click());
    await waitFor(() => expect(header(root, 'Share').hasAttribute('aria-sort')).toBe(false));
    expect(cellTexts(root, 1)[0]).toBe('DomClick');
    expect(announcement(root).textContent).toBe('Default order: own links first');
    expect(root.activeElement).toBe(button);
  });

  it('sorts by name, and by who holds whom', async () => {
    const root = await render();
    act(() => header(root, 'Company').querySelector('button')!.click());
    await waitFor(() => expect(header(root, 'Company').getAttribute('aria-sort')).toBe('ascending'));
    expect(cellTexts(root, 1)).toEqual([
      HOSTILE_NAME,
      'Contribution to the Future Foundation',
      'DomClick',
      'Evotor',
      'Moscow Exchange',
      'Sberbank Real Estate Centre',
    ]);
    act(() => header(root, 'Holder → company').querySelector('button')!.click());
    await waitFor(() => expect(announcement(root).textContent).toBe('Sorted by Holder → company, ascending'));
    expect(cellTexts(root, 2)).toEqual([
      'DomClick → Sberbank Real Estate Centre',
      `Sberbank → ${HOSTILE_NAME}`,
      'Sberbank → DomClick',
      'Sberbank → Evotor',
      'Sberbank → Moscow Exchange',
      'Sberbank ↔ Contribution to the Future Foundation',
    ]);
  });

  it('sorts names in the page language’s collation (Chinese by pinyin, not by code point)', async () => {
    const chinese = ['中国银行', '阿里巴巴', '百度'].map((name, index) => ({
      ...FIXTURE_LINKS[0]!,
      emitent_id: 500 + index,
      emitent_name: name,
    }));
    const root = await render(chinese, 'zh');
    act(() => header(root, 'Company').querySelector('button')!.click());
    await waitFor(() => expect(header(root, 'Company').getAttribute('aria-sort')).toBe('ascending'));
    expect(cellTexts(root, 1)).toEqual(['阿里巴巴', '百度', '中国银行']);
  });
});
