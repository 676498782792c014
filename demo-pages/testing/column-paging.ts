/**
 * SPEC §4's paged columns below 680 px, as a keyboard user meets them: the fields shown on each
 * page, reached by Enter on the "next column" arrow, with the focus kept on an arrow throughout.
 */
import { expect, type Locator } from '@playwright/test';

/** The fields of the shown header cells, in order. */
const shownFields = (table: Locator) =>
  table
    .locator('thead th[data-field]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')!));

/** Pages forward with the keyboard until the last column: the fields of every page, in order. */
export async function pageColumnsByKeyboard(table: Locator): Promise<string[][]> {
  const next = table.locator('thead .dt-page--next');
  const pages = [await shownFields(table)];
  await next.focus();
  while ((await next.getAttribute('aria-disabled')) !== 'true') {
    const before = pages.at(-1)!.join();
    await next.press('Enter');
    await expect.poll(async () => (await shownFields(table)).join()).not.toBe(before);
    pages.push(await shownFields(table));
    // The arrow keeps the focus: paging on needs no new Tab.
    await expect(next).toBeFocused();
    expect(pages.length, 'pages').toBeLessThan(20);
  }
  return pages;
}
