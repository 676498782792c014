/**
 * The shell's bottom bars together (registration banner, ad strip, cookie consent): stacked, never
 * wider than a 320 px phone in any of the ten languages, and without axe findings while shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../../contract/types.ts';
import { runAxe } from '../../../demo-pages/testing/a11y.ts';

test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 320, height: 640 } });

const bars = (page: Page) => page.locator('[data-fin-bottom-bar]');

test('every bar shown at 320 px: no sideways scroll in ten languages, stacked, axe clean', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
  await page.clock.pauseAt(new Date('2026-03-02T10:00:01'));
  // English last: its axe run needs the clock running again (axe waits on timers).
  for (const lang of [...LANGUAGES.filter((code) => code !== 'eng'), 'eng' as const]) {
    await page.goto(`/?lang=${lang}&utm_source=phone-test`);
    await page.waitForFunction(() => customElements.get('fin-ad-strip'));
    await page.clock.runFor(16_000); // the ad strip's 3 s and, in English, the banner's 15 s
    await expect(bars(page)).toHaveCount(lang === 'eng' ? 3 : 2);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, `${lang}: no sideways scroll`).toBeLessThanOrEqual(widths.client);
    // Stacked: no bar covers another.
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-fin-bottom-bar]')].map((host) => {
        const box = host.shadowRoot!.querySelector('[part~="bar"]')!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      }),
    );
    boxes.sort((a, b) => a.top - b.top);
    for (let i = 1; i < boxes.length; i += 1)
      expect(boxes[i]!.top, `${lang}: bars do not overlap`).toBeGreaterThanOrEqual(
        boxes[i - 1]!.bottom - 0.5,
      );
    if (lang === 'eng') {
      await page.clock.resume();
      const results = await runAxe(page);
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});
