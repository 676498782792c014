/**
 * One malformed optional field of the page data disables only the element that needs it, with
 * the field named in the page's language; the other elements of the stock page render (issue 11,
 * #33). The stock page is served as the server makes it, with that one field replaced.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Lang } from '../../src/contract/types.ts';
import { label } from '../testing/faults.ts';
import { endRoutesAfterEachTest } from '../testing/routes.ts';

endRoutesAfterEachTest();

const BLOCK = /(<script type="application\/json" id="fin-page-data">)([\s\S]*?)(<\/script>)/;

/** The stock page with one field of its page data replaced. */
async function stockPageWith(page: Page, lang: Lang, field: string, value: unknown): Promise<void> {
  await page.route('**/stocks/sber/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(BLOCK, (_all, open: string, json: string, close: string) => {
      const data = JSON.parse(json) as Record<string, unknown>;
      return `${open}${JSON.stringify({ ...data, [field]: value }).replace(/</g, '\\u003c')}${close}`;
    });
    await route.fulfill({ response, body: html });
  });
  await page.goto(`/stocks/sber/?lang=${lang}`);
}

/** Each element of the page (tag and kind) with the error messages it shows, once none is loading. */
async function elementErrors(page: Page): Promise<Record<string, string[]>> {
  const read = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((element) => element.localName.startsWith('fin-'))
        .map((element) => {
          const root = element.shadowRoot;
          const name = `${element.localName}${element.getAttribute('kind') ? `[${element.getAttribute('kind')}]` : ''}`;
          return {
            name,
            rendered: !!root && root.childElementCount > 0,
            loading: !!root?.querySelector('.fin-message--loading, [aria-busy="true"]'),
            errors: [...(root?.querySelectorAll('.fin-message--error') ?? [])].map((message) =>
              (message.textContent ?? '').replace(/\s+/g, ' ').trim(),
            ),
          };
        }),
    );
  await expect
    .poll(async () => (await read()).filter((e) => !e.rendered || e.loading).map((e) => e.name))
    .toEqual([]);
  return Object.fromEntries((await read()).map((element) => [element.name, element.errors]));
}

for (const [lang, field, value, element] of [
  ['eng', 'exchangeTable', 'oops', 'fin-exchange-table'],
  ['deu', 'indexesList', 5, 'fin-related-list[indexes]'],
  ['eng', 'dividendsTable', { data: 'x', fields: [] }, 'fin-dividends-table'],
] as const) {
  test(`a malformed ${field} (${lang}) disables only ${element}, naming the field`, async ({ page }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await stockPageWith(page, lang, field, value);
    const errors = await elementErrors(page);
    expect(Object.keys(errors).length).toBeGreaterThanOrEqual(10);
    const message = errors[element]?.[0] ?? '';
    expect(message).toContain(label('common', 'error_page_data', lang));
    expect(message).toMatch(new RegExp(`#fin-page-data: ${field}(\\.[^:]*)?: expected`));
    const others = Object.entries(errors).filter(([name, list]) => name !== element && list.length > 0);
    expect(others).toEqual([]);
    expect(uncaught).toEqual([]);
  });
}
