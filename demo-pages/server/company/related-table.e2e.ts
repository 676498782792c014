/**
 * The issuer page's related companies with JavaScript disabled: the network graph's links table
 * the server renders (the graph's alternative), for Sberbank's group, in English and Russian at
 * 1280 and 320 px — the rows of the contract model in its default order, and no sideways page
 * scroll or clipped heading (the table scrolls in its own box); a heading link sorts it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { RelatedLink } from '../../../src/contract/company.ts';
import { formatShare, relatedRows } from '../../../src/contract/related-links.ts';
import { LABELS } from '../../data/labels.ts';
import { layoutProblems } from '../../testing/layout.ts';

const SBERBANK_ID = 1;

test.use({ javaScriptEnabled: false });

const tableRows = (page: Page) =>
  page
    .locator('#related_issuers table[data-related-table] tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    );

test('without JavaScript the related companies are a table of the graph’s links, in eng and rus, at 1280 and 320 px', async ({
  page,
}) => {
  for (const lang of ['eng', 'rus'] as const) {
    const links = (await (
      await page.request.get(`/api/company/${SBERBANK_ID}/related/?lang=${lang}`)
    ).json()) as RelatedLink[];
    const noShare = LABELS.issuer!.related_no_share![lang];
    const expected = relatedRows(links, SBERBANK_ID, lang).map((row) => [
      row.issuer,
      row.holding,
      row.relation,
      // As the rows are read: the narrow no-break space before "%" becomes a space.
      (formatShare(row.share, lang) ?? `—${noShare}`).replace(/\s+/g, ' '),
    ]);
    expect(expected.length).toBeGreaterThan(10);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/company/${SBERBANK_ID}/?lang=${lang}`);
    const table = page.locator('#related_issuers table[data-related-table]');
    await expect(table.locator('caption')).toContainText(LABELS.issuer!.related_title![lang]);
    await expect(table.getByRole('columnheader')).toHaveText(
      ['related_col_issuer', 'related_col_holding', 'related_col_relation', 'related_col_share'].map(
        (key) => LABELS.issuer![key]![lang],
      ),
    );
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await tableRows(page), `${lang} at ${width} px`).toEqual(expected);
      await expect(table).toBeVisible();
      // The "scroll →" hint is shown by a scroll-driven animation, one frame after the resize: the
      // layout check counts a table as scrollable only with its hint showing, so wait for that frame.
      if (width === 320) await expect(page.locator('#related_issuers [data-scroll-hint]')).toBeVisible();
      expect(await layoutProblems(page), `${lang} at ${width} px`).toEqual([]);
    }
  }
  // A heading is a link that sorts on the server: share, ascending, no share last.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole('columnheader', { name: LABELS.issuer!.related_col_share!.rus })
    .getByRole('link')
    .click();
  await expect(
    page.getByRole('columnheader', { name: LABELS.issuer!.related_col_share!.rus }),
  ).toHaveAttribute('aria-sort', 'ascending');
  const shares = (await tableRows(page)).map((row) => row[3]);
  expect(shares.at(-1)).toBe(`—${LABELS.issuer!.related_no_share!.rus}`);
  const numbers = shares
    .filter((share) => share!.endsWith('%'))
    .map((share) => Number.parseFloat(share!.replace(/\s/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
});
