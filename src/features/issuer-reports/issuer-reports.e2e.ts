/**
 * <fin-issuer-reports> loads the view of a section only when the section shows: each view is a
 * chunk of its own (read from the build's manifest, so a renamed file cannot slip by), a page
 * showing the multipliers alone requests none of the others, the section's frame waits for its
 * chunk with its heading and the loading line in place, and a chunk that fails to load is an error
 * with a retry in that section only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { IssuerReportSection } from '../../contract/company.ts';
import { DEFAULT_DIST_DIR } from '../../../demo-pages/server/shared/paths.ts';
import { endRoutesAfterEachTest } from '../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

const SBER = 1;
const ELEMENT_ENTRY = 'elements/fin-issuer-reports.ts';
/** The section whose view a module holds, by its folder (statements: `ifrs` and `ras`, one chunk). */
const SECTION_OF_FOLDER: Record<string, IssuerReportSection[]> = {
  statements: ['ifrs', 'ras'],
  multipliers: ['multipliers'],
  fmp: ['fmp'],
  comments: ['comments'],
  quarterly: ['quarterly'],
};

interface ManifestChunk {
  file: string;
  dynamicImports?: string[];
}

/** `/dist/chunks/…js` of each section view the element imports dynamically (from Vite's manifest). */
function sectionChunks(): Map<string, IssuerReportSection[]> {
  const distDir = process.env.E2E_DIST_DIR ?? DEFAULT_DIST_DIR;
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunks = new Map<string, IssuerReportSection[]>();
  for (const source of manifest[ELEMENT_ENTRY]?.dynamicImports ?? []) {
    const folder = /src\/features\/issuer-reports\/([^/]+)\//.exec(source)?.[1] ?? '';
    chunks.set(`/dist/${manifest[source]!.file}`, SECTION_OF_FOLDER[folder] ?? []);
  }
  return chunks;
}

function chunkOf(section: IssuerReportSection): string {
  const found = [...sectionChunks()].find(([, sections]) => sections.includes(section));
  if (!found) throw new Error(`No chunk of its own for the ${section} view`);
  return found[0];
}

const frame = (page: Page, section: IssuerReportSection) =>
  page.locator(`fin-issuer-reports .ir-section[data-section="${section}"]`);

test('the multipliers alone load the multipliers view only, none of the other sections', async ({ page }) => {
  const chunks = sectionChunks();
  // Every section has a view chunk of its own (ifrs and ras share theirs).
  expect(new Set([...chunks.values()].flat())).toEqual(
    new Set(['ifrs', 'ras', 'multipliers', 'fmp', 'comments', 'quarterly']),
  );
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`/test/issuer-reports/${SBER}/?sections=multipliers&lang=eng`);
  await expect(frame(page, 'multipliers').locator('.mult tbody tr').first()).toBeVisible();

  const loadedViews = requested.filter((path) => chunks.has(path)).flatMap((path) => chunks.get(path)!);
  expect(loadedViews).toEqual(['multipliers']);
});

test('a section waits for its view in its frame, with no jump, and a view that cannot load says so with a retry', async ({
  page,
}) => {
  const chunk = chunkOf('multipliers');
  let chunkState: 'held' | 'fail' | 'pass' = 'held';
  const heldChunks: (() => void)[] = [];
  await page.route(
    (url) => url.pathname === chunk,
    (route) => {
      if (chunkState === 'held') heldChunks.push(() => void route.abort());
      else if (chunkState === 'fail') void route.abort();
      else void route.fallback();
    },
  );
  // The view's own call is held too: the view, once there, starts with the same loading line.
  let viewCalled!: () => void;
  const called = new Promise<void>((resolve) => (viewCalled = resolve));
  await page.route(`**/api/company/${SBER}/multipliers/`, () => viewCalled()); // left unanswered

  await page.goto(`/test/issuer-reports/${SBER}/?sections=multipliers,quarterly&lang=eng`);
  const multipliers = frame(page, 'multipliers');
  await expect(multipliers.getByRole('heading', { level: 2, name: 'Multipliers' })).toBeVisible();
  await expect(multipliers.getByRole('status')).toHaveText('Loading…');
  // The other section is not held up by this one's chunk.
  await expect(frame(page, 'quarterly').locator('.qr')).toBeVisible();
  await expect.poll(() => heldChunks.length).toBeGreaterThan(0);
  const waiting = await multipliers.boundingBox();

  // The chunk fails: an error in the section's frame, its heading kept, the other section intact.
  chunkState = 'fail';
  for (const release of heldChunks.splice(0)) release();
  const alert = multipliers.getByRole('alert');
  await expect(alert).toContainText('Could not load');
  await expect(multipliers.getByRole('heading', { level: 2, name: 'Multipliers' })).toBeVisible();
  await expect(frame(page, 'quarterly').getByRole('alert')).toHaveCount(0);

  // A retry loads it: the view mounts (its call is made) where the loading line was, same height.
  chunkState = 'pass';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await called;
  await expect(alert).toHaveCount(0);
  await expect(multipliers.getByRole('status')).toHaveText('Loading…');
  expect(await multipliers.boundingBox()).toEqual(waiting);
});
