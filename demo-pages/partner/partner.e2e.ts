/**
 * The partner embed, truly cross-origin (issue 21): the partner page lives on its own port, loads
 * `<fin-chart>` and every lazy chunk from our origin under its own strict CSP, asks its own server
 * for the data, and the charts draw. One page load serves every assertion.
 */
import { expect, test, type Page } from '@playwright/test';

const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? MAIN_PORT + 1);
const MAIN = `http://127.0.0.1:${MAIN_PORT}`;
const PARTNER = `http://127.0.0.1:${PARTNER_PORT}`;
/** The main series' colour in the partner's price answer (CHART_PALETTE[0]). */
const MAIN_SERIES_RGB = [0x1d, 0x5f, 0xbf] as const;

/** Pixels drawn on the canvases of the n-th chart (shadow roots searched): all ink, and the main series' colour. */
function chartInk(page: Page, index: number): Promise<{ ink: number; seriesColour: number }> {
  return page.evaluate(
    ([index, [sr, sg, sb]]) => {
      const canvases = (root: ParentNode): HTMLCanvasElement[] =>
        [...root.querySelectorAll('*')].flatMap((el) => [
          ...(el instanceof HTMLCanvasElement ? [el] : []),
          ...(el.shadowRoot ? canvases(el.shadowRoot) : []),
        ]);
      const host = document.querySelectorAll('fin-chart')[index];
      let ink = 0;
      let seriesColour = 0;
      for (const canvas of host?.shadowRoot ? canvases(host.shadowRoot) : []) {
        const context = canvas.width && canvas.height ? canvas.getContext('2d') : null;
        if (!context) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (a < 60 || (r > 245 && g > 245 && b > 245)) continue;
          ink += 1;
          if (Math.abs(r - sr) < 30 && Math.abs(g - sg) < 30 && Math.abs(b - sb) < 30) seriesColour += 1;
        }
      }
      return { ink, seriesColour };
    },
    [index, MAIN_SERIES_RGB] as const,
  );
}

test('a partner page on another origin imports <fin-chart> from ours under its strict CSP and draws', async ({
  page,
}) => {
  expect(PARTNER).not.toBe(MAIN);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  const fromUs: string[] = [];
  const distElsewhere: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/dist/')) return;
    if (url.origin === MAIN) fromUs.push(`${response.status()} ${url.pathname}`);
    else distElsewhere.push(response.url());
  });
  const pricesAsked = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().startsWith(`${PARTNER}/partner/api/chart/prices/`),
  );

  await page.goto(`${PARTNER}/partner/`);
  expect(await page.evaluate(() => location.origin)).toBe(PARTNER);
  await expect(page.getByText('Partner demo — synthetic data')).toBeVisible();

  // The one module script from our origin defines the element; its chunks come from us too.
  await expect.poll(() => page.evaluate(() => customElements.get('fin-chart') !== undefined)).toBe(true);
  expect(fromUs).toContain('200 /dist/elements/fin-chart.js');
  expect(fromUs.some((line) => /^200 \/dist\/chunks\//.test(line))).toBe(true);

  // The element asks the partner's own server, for the tab marked active (1Y, id 4).
  const body = (await pricesAsked).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ periodId: 4 });
  expect(body.beginDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  expect(body.endDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);

  // Both charts draw: ink on their canvases, and the price chart's main series in its colour.
  await expect
    .poll(async () => (await chartInk(page, 0)).seriesColour, { timeout: 20_000 })
    .toBeGreaterThan(50);
  await expect.poll(async () => (await chartInk(page, 1)).ink, { timeout: 20_000 }).toBeGreaterThan(2_000);

  expect(distElsewhere, 'no module or chunk is asked of the partner origin').toEqual([]);
  expect(fromUs.filter((line) => !line.startsWith('200 ') && !line.startsWith('304 '))).toEqual([]);
  expect(failed).toEqual([]);
  expect(violations).toEqual([]);

  // Our origin has no partner page of its own: /partner/ there points to the partner's origin.
  const ours = await page.request.get(`${MAIN}/partner/`, { maxRedirects: 0 });
  expect(ours.status()).toBe(302);
  expect(ours.headers().location).toBe(`${PARTNER}/partner/`);
});
