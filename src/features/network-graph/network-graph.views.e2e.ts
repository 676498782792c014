/**
 * <fin-network-graph>'s two views and its exports, end to end in Chromium: the links table one
 * click away from the graph, and each export format made from the live graph through the shared
 * export module (src/widgets/export, whose own tests compare every format on a fixture): SVG as
 * vector with the export title and the node labels, PNG / JPEG of the drawing compared with the
 * on-screen canvas, PDF with its title as text, the logo following the checkbox; and the legacy
 * classic script exporting PDF through the module build's chunk.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import { watchErrors } from '../../../demo-pages/testing/stock-page.ts';
import { readPdf } from '../../widgets/export/testing/pdf-text.ts';

const LINKS = 12;
const EXPORT_TITLE = 'Main Test Issuer: related companies (synthetic test data)';

const graph = (page: Page) => page.locator('fin-network-graph');

/** Waits until the graph's layout is stable and drawn (the region counts `stabilized` events). */
async function stable(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const region = document
          .querySelector('fin-network-graph')
          ?.shadowRoot?.querySelector<HTMLElement>('.fin-ng');
        return Number(region?.dataset.stabilized ?? 0);
      }),
    )
    .toBeGreaterThanOrEqual(1);
}

async function exportFile(page: Page, format: string) {
  const button = graph(page).getByRole('button', { name: 'Export' });
  await button.click();
  const downloading = page.waitForEvent('download');
  await graph(page).getByRole('menuitem', { name: format }).click();
  const download = await downloading;
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  // Focus back on the menu button after the choice.
  await expect(button).toBeFocused();
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/**
 * The share of ink pixels (not white, not transparent) of the on-screen canvas that have no ink
 * within 1 px in the exported picture's drawing area (below its title band), at CSS resolution.
 */
function inkMismatch(page: Page, picture: Buffer, type: string): Promise<{ ink: number; missing: number }> {
  return page.evaluate(
    async ([base64, mime]) => {
      const canvas = document.querySelector('fin-network-graph')!.shadowRoot!.querySelector('canvas')!;
      const [w, h] = [canvas.clientWidth, canvas.clientHeight];
      const screen = document.createElement('canvas');
      [screen.width, screen.height] = [w, h];
      const screenCtx = screen.getContext('2d')!;
      screenCtx.fillStyle = '#fff';
      screenCtx.fillRect(0, 0, w, h);
      screenCtx.drawImage(canvas, 0, 0, w, h);
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: mime }));
      // The export is the drawing at k× below a title band: scale back to CSS px.
      const k = bitmap.width / w;
      const band = bitmap.height / k - h;
      const exported = document.createElement('canvas');
      [exported.width, exported.height] = [w, h];
      exported.getContext('2d')!.drawImage(bitmap, 0, band * k, w * k, h * k, 0, 0, w, h);
      const a = screenCtx.getImageData(0, 0, w, h).data;
      const b = exported.getContext('2d')!.getImageData(0, 0, w, h).data;
      const inked = (data: Uint8ClampedArray, i: number) =>
        data[i]! + data[i + 1]! + data[i + 2]! < 3 * 235 && data[i + 3]! > 0;
      let ink = 0;
      let missing = 0;
      for (let y = 1; y < h - 1; y++)
        for (let x = 1; x < w - 1; x++) {
          if (!inked(a, (y * w + x) * 4)) continue;
          ink++;
          let found = false;
          for (let dy = -1; dy <= 1 && !found; dy++)
            for (let dx = -1; dx <= 1 && !found; dx++) found = inked(b, ((y + dy) * w + x + dx) * 4);
          if (!found) missing++;
        }
      return { ink, missing };
    },
    [picture.toString('base64'), type] as const,
  );
}

test.describe('network graph views and exports', () => {
  test('the links table is one click away and back, with the focus kept on the view tab', async ({
    page,
  }) => {
    await page.goto(`/test/network-graph/?links=${LINKS}&lang=eng`);
    await stable(page);
    const tableTab = graph(page).getByRole('tab', { name: 'Table' });
    await tableTab.click();
    const table = graph(page).getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(LINKS);
    await expect(graph(page).locator('canvas')).toHaveCount(0);
    // The export menu and the logo belong to the picture: not offered over the table.
    await expect(graph(page).getByRole('button', { name: 'Export' })).toHaveCount(0);
    await expect(tableTab).toBeFocused();
    // Arrow keys switch back (automatic activation), the graph is drawn again.
    await page.keyboard.press('ArrowLeft');
    await expect(graph(page).getByRole('tab', { name: 'Graph' })).toBeFocused();
    await expect(graph(page).locator('canvas')).toHaveCount(1);
    await expect(graph(page).getByRole('button', { name: 'Export' })).toBeVisible();
  });

  test('each format from the live graph: vector SVG, PNG and JPEG like the screen, PDF with text; the logo follows the checkbox', async ({
    page,
  }) => {
    const errors = watchErrors(page, /fin-/);
    await page.goto(`/test/network-graph/?links=${LINKS}&lang=eng`);
    await stable(page);
    const labels = await page.evaluate(() => {
      const region = document
        .querySelector('fin-network-graph')!
        .shadowRoot!.querySelector('.fin-ng') as unknown as {
        finGraph: { network: { body: { data: { nodes: { get(): Array<{ label: string }> } } } } };
      };
      return region.finGraph.network.body.data.nodes.get().map((node) => node.label);
    });

    const svg = await exportFile(page, 'SVG');
    expect(svg.name).toBe(`related-${LINKS}.svg`);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        paths: doc.querySelectorAll('path').length,
        images: doc.querySelectorAll('image, foreignObject, script').length,
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent ?? ''),
      };
    }, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    expect(parsed.images).toBe(0);
    expect(parsed.paths).toBeGreaterThan(LINKS);
    expect(parsed.texts).toContain(EXPORT_TITLE);
    // Every node's canvas label is live text in the file, and the logo is there (checkbox on).
    for (const label of labels) expect(parsed.texts.join('\n')).toContain(label.split('\n')[0]!);
    expect(parsed.texts).toContain('fin-elements');

    for (const [format, type, limit] of [
      ['PNG', 'image/png', 0.03],
      ['JPEG', 'image/jpeg', 0.05],
    ] as const) {
      const file = await exportFile(page, format);
      const { ink, missing } = await inkMismatch(page, file.bytes, type);
      expect(ink).toBeGreaterThan(1000);
      expect(missing / ink, `${format}: ${missing} of ${ink} ink pixels of the screen missing`).toBeLessThan(
        limit,
      );
    }

    const pdf = readPdf((await exportFile(page, 'PDF')).bytes);
    expect(pdf.texts.join('')).toContain(EXPORT_TITLE);
    expect(pdf.hasImage).toBe(false);
    expect(pdf.texts.join('')).toContain('fin-elements');

    await graph(page).getByLabel('Show logo').uncheck();
    const withoutLogo = await exportFile(page, 'SVG');
    expect(withoutLogo.bytes.toString('utf8')).not.toContain('>fin-elements</text>');
    expect(readPdf((await exportFile(page, 'PDF')).bytes).texts.join('')).not.toContain('fin-elements');
    expect(errors).toEqual([]);
  });

  test('the legacy classic script exports PDF through the module build’s chunk', async ({ page }) => {
    const errors = watchErrors(page, /fin-/);
    const pdfChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/dist\/chunks\/pdf-[^/]*\.js$/.test(request.url())) pdfChunks.push(request.url());
    });
    await signInAs(page.request, 'paid');
    await page.goto('/test/legacy-bundle/?lang=eng');
    await graph(page).scrollIntoViewIfNeeded();
    await stable(page);
    const file = await exportFile(page, 'PDF');
    expect(file.name).toBe('sberbank-related.pdf');
    expect(readPdf(file.bytes).texts.join('')).toContain('Sberbank: related companies (synthetic demo data)');
    expect(pdfChunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
