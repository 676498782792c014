/**
 * Layout-shift gate (issue 20 item 3): nothing jumps while a page loads. Every kind of demo page
 * (demo-pages/testing/page-list.ts) at 375 and 1280 px, for an anonymous visitor and for a paid
 * reader (prompts and data take different room), keeps its CLS under 0.1: each element reserves
 * its final size before its data arrives. Data calls are slowed to a visitor's connection, so each
 * loading state is painted before its data replaces it. The positive control proves a late block
 * is measured.
 */
import { expect, test } from '@playwright/test';
import { demoPages, pageOfKind, withLang } from '../testing/page-list.ts';
import { laidOut } from '../testing/layout.ts';
import { layoutShiftOf, observeLayoutShift, visitForLayoutShift } from '../testing/layout-shift.ts';
import { signInAs, type Audience } from '../testing/session.ts';

/** "Good" CLS (web.dev): the aim for every page kind. */
const GOOD_CLS = 0.1;
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

test('the measurement sees a block that arrives late above the content', async ({ page, context }) => {
  await observeLayoutShift(context);
  const settled = await visitForLayoutShift(page, '/?lang=eng');
  expect(settled.cls).toBeLessThan(GOOD_CLS);
  await page.evaluate(() => window.scrollTo(0, 0));
  await laidOut(page);
  // What an element without reserved room does: its content pushes the page down when it comes.
  await page.evaluate(() => {
    const late = document.createElement('div');
    late.style.height = '400px';
    document.getElementById('content')!.prepend(late);
  });
  await laidOut(page);
  await expect.poll(async () => (await layoutShiftOf(page)).cls).toBeGreaterThan(GOOD_CLS);
  const { entries } = await layoutShiftOf(page);
  expect(entries.flatMap((entry) => entry.sources).join('\n')).toMatch(/main/);
});

test('without the room its page reserves, the stock page jumps while it loads', async ({ page, context }) => {
  await observeLayoutShift(context);
  const url = withLang(await pageOfKind(page, '/stocks/'), 'eng');
  // The page as served, with its reservations renamed away: the elements take no room until their data.
  await page.route(
    (address) => address.pathname === new URL(url, 'http://x').pathname,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('--fin-reserve-height:', '--fin-reserve-off:');
      await route.fulfill({ response, body });
    },
  );
  const shift = await visitForLayoutShift(page, url);
  expect(shift.cls).toBeGreaterThan(GOOD_CLS);
});

for (const audience of ['anonymous', 'paid'] satisfies Audience[]) {
  test(`CLS < ${GOOD_CLS} on every kind of page at 375 and 1280 px, ${audience}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000); // a dozen pages at two widths in sequence, on a loaded 2-core machine
    await observeLayoutShift(context);
    await signInAs(page.request, audience);
    const urls = await demoPages(page);
    const failures: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const url of urls) {
        const address = withLang(url, 'eng');
        const shift = await visitForLayoutShift(page, address);
        console.log(
          `CLS ${address} ${viewport.width}px ${audience}: ${shift.cls.toFixed(3)} (sum ${shift.sum.toFixed(3)})`,
        );
        if (shift.cls >= GOOD_CLS) {
          const moved = shift.entries
            .map(
              (entry) =>
                `  ${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${entry.sources.join('; ')}`,
            )
            .join('\n');
          failures.push(`${address} ${viewport.width}px: CLS ${shift.cls.toFixed(3)}\n${moved}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
