/**
 * <fin-network-graph> in Chromium, on the synthetic links of /test/network-graph/ (deterministic,
 * issuer 1000 the main one): what the canvas shows (colours, cut labels, shares, logo, focus
 * ring) read from its pixels at the node positions of the live vis-network instance (the
 * `finGraph` test hook on the graph region), the SPEC §9 layout rules read back from the
 * instance, the keyboard layer, full screen, failures, hostile names, leaks and lazy loading.
 */
import { expect, test, type Page } from '@playwright/test';
import { installTrap, markOf } from '../../../demo-pages/testing/hostile.ts';
import { watchErrors } from '../../../demo-pages/testing/stock-page.ts';

const MAIN = 1000;
const graphPage = (links: number, extra = '') => `/test/network-graph/?links=${links}&lang=eng${extra}`;

/** Waits until the n-th stable layout has been drawn (the region counts `stabilized` events). */
async function stable(page: Page, times = 1): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const region = document
          .querySelector('fin-network-graph')
          ?.shadowRoot?.querySelector<HTMLElement>('.fin-ng');
        return Number(region?.dataset.stabilized ?? 0);
      }),
    )
    .toBeGreaterThanOrEqual(times);
}

interface NodeView {
  id: number;
  x: number;
  y: number;
  r: number;
  label: string;
  size: number;
}

/** Nodes as drawn: DOM position in the canvas, radius on screen, canvas label, from the live instance. */
function nodesOnScreen(page: Page): Promise<NodeView[]> {
  return page.evaluate(() => {
    const region = document
      .querySelector('fin-network-graph')!
      .shadowRoot!.querySelector('.fin-ng') as unknown as {
      finGraph: {
        network: { body: { data: { nodes: { get(): Array<{ id: number; label: string; size: number }> } } } };
        positions(): Map<number, { x: number; y: number }>;
        toDom(p: { x: number; y: number }): { x: number; y: number };
        scale(): number;
      };
    };
    const graph = region.finGraph;
    const positions = graph.positions();
    return graph.network.body.data.nodes.get().map((node) => {
      const dom = graph.toDom(positions.get(node.id)!);
      return {
        id: node.id,
        x: dom.x,
        y: dom.y,
        r: node.size * graph.scale(),
        label: node.label,
        size: node.size,
      };
    });
  });
}

/** Canvas pixels (RGBA; the canvas is transparent where nothing is drawn) at CSS px points of the canvas. */
function pixels(page: Page, points: Array<{ x: number; y: number }>): Promise<number[][]> {
  return page.evaluate((at) => {
    const canvas = document.querySelector('fin-network-graph')!.shadowRoot!.querySelector('canvas')!;
    const ratio = canvas.width / canvas.clientWidth;
    const ctx = canvas.getContext('2d')!;
    return at.map(({ x, y }) => [
      ...ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data,
    ]);
  }, points);
}

/** Pixels of a CSS px box of the canvas whose luminance is below `dark` (ink, not background or grey links). */
function darkPixels(
  page: Page,
  box: { x: number; y: number; w: number; h: number },
  dark: number,
): Promise<number> {
  return page.evaluate(
    ({ box, dark }) => {
      const canvas = document.querySelector('fin-network-graph')!.shadowRoot!.querySelector('canvas')!;
      const ratio = canvas.width / canvas.clientWidth;
      const data = canvas
        .getContext('2d')!
        .getImageData(
          Math.round(box.x * ratio),
          Math.round(box.y * ratio),
          Math.round(box.w * ratio),
          Math.round(box.h * ratio),
        ).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3]! > 0 && 0.3 * data[i]! + 0.59 * data[i + 1]! + 0.11 * data[i + 2]! < dark) count++;
      return count;
    },
    { box, dark },
  );
}

const near = (rgb: number[], hex: string) => {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return want.every((value, i) => Math.abs(rgb[i]! - value) <= 12);
};

function graphHook<T>(page: Page, read: string): Promise<T> {
  return page.evaluate((source) => {
    const region = document
      .querySelector('fin-network-graph')!
      .shadowRoot!.querySelector('.fin-ng') as unknown as {
      finGraph: unknown;
    };
    return new Function('graph', `return (${source})`)(region.finGraph) as T;
  }, read);
}

const avoidOverlap = (page: Page) =>
  graphHook<number>(page, 'graph.network.physics.options.barnesHut.avoidOverlap');

test.describe('network graph', () => {
  test('draws the main issuer blue and the others orange, labels cut at 22 with full accessible names, shares on links, sizes by degree above 10 links', async ({
    page,
  }) => {
    const errors = watchErrors(page, /fin-network-graph|vis/);
    await page.goto(graphPage(12));
    await stable(page);
    const nodes = await nodesOnScreen(page);
    const main = nodes.find((node) => node.id === MAIN)!;
    const others = nodes.filter((node) => node.id !== MAIN);
    const colours = await pixels(page, [main, ...others]);
    expect(near(colours[0]!, '#1d5fbf'), `main node pixel ${colours[0]}`).toBe(true);
    for (const rgb of colours.slice(1)) expect(near(rgb, '#e8772e'), `other node pixel ${rgb}`).toBe(true);

    // SPEC §5: the canvas label is cut, the keyboard layer names the node in full.
    const long = nodes.find((node) => node.id === 1003)!;
    expect(long.label).toBe('Long Named Industrial …');
    const graph = page.locator('fin-network-graph');
    await expect(graph.locator('[data-node="1003"]')).toHaveAttribute(
      'aria-label',
      'Long Named Industrial Holding Group 2, Investment, 75.78%',
    );
    await expect(graph.getByRole('group', { name: 'Main Test Issuer: related companies' })).toBeVisible();

    // Shares on links: the edge labels, and ink at the middle of a link with a share, none without one.
    const edges = await graphHook<Array<{ from: number; to: number; label?: string; title: string }>>(
      page,
      'graph.network.body.data.edges.get()',
    );
    expect(edges.find((edge) => edge.to === 1002)).toMatchObject({ label: '38.39%', title: 'Associate' });
    expect(edges.find((edge) => edge.to === 1005)?.label).toBeUndefined(); // an affiliate: no share
    const middle = (to: number) => {
      const edge = edges.find((item) => item.to === to)!;
      const a = nodes.find((node) => node.id === edge.from)!;
      const b = nodes.find((node) => node.id === edge.to)!;
      return { x: (a.x + b.x) / 2 - 20, y: (a.y + b.y) / 2 - 7, w: 40, h: 14 };
    };
    // The share is drawn in dark ink at the fitted scale (a few pixels when zoomed out for labels).
    expect(await darkPixels(page, middle(1002), 120)).toBeGreaterThan(4);
    expect(await darkPixels(page, middle(1005), 120)).toBe(0);

    // SPEC §9 above 10 links: nodes keep apart and sizes vary.
    expect(await avoidOverlap(page)).toBeGreaterThan(0);
    expect(new Set(nodes.map((node) => node.size)).size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  test('full screen allows overlap, keeps its cookie, fires its event and redraws bigger; 10 links allow overlap with one size', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    const canvasHeight = () => graph.locator('canvas').evaluate((canvas) => canvas.clientHeight);
    const before = await canvasHeight();
    const events = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          document.addEventListener('fin-fullscreen-change', (event) => resolve(event.detail.fullscreen), {
            once: true,
          }),
        ),
    );
    await graph.getByRole('button', { name: 'Full screen' }).click();
    expect(await events).toBe(true);
    await expect.poll(canvasHeight).toBeGreaterThan(before + 100);
    await expect.poll(() => avoidOverlap(page)).toBe(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'fin-network-graph')?.value).toBeTruthy();
    await graph.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(canvasHeight).toBe(before);
    await expect.poll(() => avoidOverlap(page)).toBeGreaterThan(0);

    await page.goto(graphPage(10));
    await stable(page);
    expect(await avoidOverlap(page)).toBe(0);
    expect(new Set((await nodesOnScreen(page)).map((node) => node.size)).size).toBe(1);
  });

  test('the show-logo checkbox draws and removes the watermark in the bottom-right corner', async ({
    page,
  }) => {
    await page.goto(graphPage(4));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    const corner = await graph.locator('canvas').evaluate((canvas) => ({
      x: canvas.clientWidth - 8 - 185,
      y: canvas.clientHeight - 8 - 40,
      w: 185,
      h: 40,
    }));
    // The logo is blue over a light ground: count clearly blue pixels in its box.
    const bluePixels = () =>
      page.evaluate((box) => {
        const canvas = document.querySelector('fin-network-graph')!.shadowRoot!.querySelector('canvas')!;
        const ratio = canvas.width / canvas.clientWidth;
        const data = canvas
          .getContext('2d')!
          .getImageData(box.x * ratio, box.y * ratio, box.w * ratio, box.h * ratio).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3]! > 40 && data[i + 2]! > data[i]! + 40) count++;
        return count;
      }, corner);
    expect(await bluePixels()).toBeGreaterThan(300);
    await graph.getByRole('checkbox', { name: 'Show logo' }).uncheck();
    await expect.poll(bluePixels).toBe(0);
    await graph.getByRole('checkbox', { name: 'Show logo' }).check();
    await expect.poll(bluePixels).toBeGreaterThan(300);

    // A replay onto another context (how the export module draws the graph) gets neither the
    // watermark nor the focus ring: the export draws its own logo.
    const replayedLogoInk = await graphHook<number>(
      page,
      `(() => {
        const screen = graph.network.renderer.canvas.frame.canvas;
        const other = document.createElement('canvas');
        other.width = screen.width;
        other.height = screen.height;
        // Laid out at the screen canvas' size, so a watermark drawn there would land in the same box.
        other.style.cssText = 'width:' + screen.clientWidth + 'px;height:' + screen.clientHeight + 'px';
        document.body.append(other);
        const ctx = other.getContext('2d');
        const canvas = graph.network.renderer.canvas;
        canvas.getContext = () => ctx;
        canvas.setTransform = () => {};
        try { graph.network.renderer._redraw(false); } finally { delete canvas.getContext; delete canvas.setTransform; }
        const ratio = screen.width / screen.clientWidth;
        const data = ctx.getImageData((screen.clientWidth - 193) * ratio, (screen.clientHeight - 48) * ratio, 185 * ratio, 40 * ratio).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 40 && data[i + 2] > data[i] + 40) count++;
        other.remove();
        return count;
      })()`,
    );
    expect(replayedLogoInk).toBe(0);
  });

  test('keyboard: one Tab stop on the main issuer, arrows along links with a ring on the canvas and one announcement per move, Home, Escape, Enter opens the page; page keys stay the page’s', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    const focusedNode = () =>
      page.evaluate(() => {
        const active = document.querySelector('fin-network-graph')!.shadowRoot!
          .activeElement as HTMLElement | null;
        return active?.dataset.node ? Number(active.dataset.node) : null;
      });
    // Live regions of the graph: a move is said by the focus landing on the named key, and only so.
    const liveTexts = () =>
      graph
        .locator('[aria-live]')
        .evaluateAll((regions) => regions.map((region) => region.textContent ?? ''));
    const keys = graph.locator('.fin-ng__node');
    await expect(keys.and(page.locator('[tabindex="0"]'))).toHaveCount(1);

    // Tab from the full-screen button enters the graph on the main issuer.
    await graph.getByRole('button', { name: 'Full screen' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedNode()).toBe(MAIN);

    const edges = await graphHook<Array<{ from: number; to: number }>>(
      page,
      'graph.network.body.data.edges.get()',
    );
    const neighboursOf = (id: number) =>
      edges.flatMap((edge) => (edge.from === id ? [edge.to] : edge.to === id ? [edge.from] : []));
    /** An arrow whose 90° cone holds exactly one neighbour: where that key must go. */
    const uniqueMove = (nodes: NodeView[], id: number) => {
      const from = nodes.find((node) => node.id === id)!;
      const arrows = { ArrowRight: 0, ArrowDown: 90, ArrowLeft: 180, ArrowUp: -90 } as const;
      for (const [key, degrees] of Object.entries(arrows)) {
        const inCone = neighboursOf(id).filter((other) => {
          const to = nodes.find((node) => node.id === other)!;
          const angle = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
          const diff = Math.abs(((angle - degrees + 540) % 360) - 180);
          return diff < 44;
        });
        if (inCone.length === 1) return { key, to: inCone[0]! };
      }
      throw new Error(`no unambiguous arrow from ${id}`);
    };
    const ringPixels = async (id: number) => {
      const node = (await nodesOnScreen(page)).find((item) => item.id === id)!;
      // The ring lies 6 px outside the node; sample its upper half (labels are below).
      const radius = node.r + 6;
      const points = Array.from({ length: 12 }, (_, i) => {
        const angle = Math.PI + (i * Math.PI) / 11;
        return { x: node.x + radius * Math.cos(angle), y: node.y + radius * Math.sin(angle) };
      });
      return (await pixels(page, points)).filter(
        ([r, g, b, a]) => a! > 128 && 0.3 * r! + 0.59 * g! + 0.11 * b! < 70,
      ).length;
    };
    await expect.poll(() => ringPixels(MAIN)).toBeGreaterThan(6);

    const announced: string[] = [];
    let at = MAIN;
    for (let step = 0; step < 2; step++) {
      const move = uniqueMove(await nodesOnScreen(page), at);
      await page.keyboard.press(move.key);
      expect(await focusedNode()).toBe(move.to);
      const name = await keys.and(page.locator(`[data-node="${move.to}"]`)).getAttribute('aria-label');
      expect(name).toBeTruthy();
      // Said once: the focused key's name, and no live region saying it a second time.
      expect((await liveTexts()).filter((text) => text.includes(name!))).toEqual([]);
      announced.push(name!);
      await expect.poll(() => ringPixels(move.to)).toBeGreaterThan(6);
      expect(await ringPixels(at)).toBeLessThanOrEqual(1);
      at = move.to;
    }
    await page.keyboard.press('Home');
    expect(await focusedNode()).toBe(MAIN);
    expect((await liveTexts()).filter((text) => text.includes('Main Test Issuer'))).toEqual([]);
    expect(announced).toHaveLength(2);
    expect(new Set(announced).size).toBe(2);

    // Escape leaves the keyboard layer: no ring; arrow keys on the page move nothing in the graph.
    await page.keyboard.press('Escape');
    expect(await focusedNode()).toBeNull();
    await expect.poll(() => ringPixels(MAIN)).toBeLessThanOrEqual(1);
    const view = () => graphHook<{ x: number; y: number }>(page, 'graph.network.getViewPosition()');
    const viewBefore = await view();
    await page.locator('h1').click();
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    expect(await view()).toEqual(viewBefore);
    expect(await graphHook(page, 'graph.network.interactionHandler.options.keyboard.bindToWindow')).toBe(
      false,
    );

    // Enter on an issuer with a page opens it (a real link, through the allow-list).
    const linked = keys.and(page.locator('a[href]')).first();
    const href = await linked.getAttribute('href');
    expect(href).toMatch(/^\/company\/\d+\/$/);
    await linked.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
  });

  test('a data URL answering 500 shows the error inline with a retry that works', async ({ page }) => {
    let failures = 1;
    await page.route('**/test/network-graph/links/**', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
    );
    await page.goto(graphPage(6));
    const graph = page.locator('fin-network-graph');
    await expect(graph.getByRole('button', { name: 'Retry' })).toBeVisible();
    await graph.getByRole('button', { name: 'Retry' }).click();
    await stable(page);
    await expect(graph.locator('.fin-ng__node')).toHaveCount(7);
  });

  test('hostile names are shown as text: nothing runs, no markup, unsafe pages get no link', async ({
    page,
  }) => {
    const trap = await installTrap(page);
    await page.goto(graphPage(20, '&hostile=1'));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    // Hover a node for its tooltip too.
    const node = (await nodesOnScreen(page)).find((item) => item.id === MAIN + 2)!;
    const box = (await graph.locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + node.x, box.y + node.y);
    const found = await graph.evaluate((element, mark) => {
      const root = element.shadowRoot!;
      return {
        markup: root.querySelectorAll('[data-xss], img, iframe, script, svg [onload]').length,
        named: [...root.querySelectorAll('.fin-ng__node')].filter((key) =>
          key.getAttribute('aria-label')?.includes(mark),
        ).length,
        protocols: [...root.querySelectorAll<HTMLAnchorElement>('a.fin-ng__node')].map((key) => key.protocol),
      };
    }, markOf(1));
    expect(found.markup).toBe(0);
    expect(found.named).toBeGreaterThan(0);
    // What an unsafe address could become is at most a relative link: never a script or data URL.
    for (const protocol of found.protocols) expect(['http:', 'https:']).toContain(protocol);
    expect(trap.executed).toEqual([]);
    expect(trap.dialogs).toEqual([]);
  });

  test('mounted and removed 20 times: one vis-network instance and one canvas at most remain', async ({
    page,
  }) => {
    await page.goto(graphPage(4));
    await stable(page);
    const counts = () =>
      page.evaluate(() => {
        const live = (globalThis as unknown as Record<symbol, { live: number; created: number }>)[
          Symbol.for('fin-network-graph.live')
        ]!;
        const canvases = [...document.querySelectorAll('fin-network-graph')].reduce(
          (sum, element) => sum + (element.shadowRoot?.querySelectorAll('canvas').length ?? 0),
          0,
        );
        return { ...live, canvases };
      });
    const first = await counts();
    expect(first).toMatchObject({ live: 1, canvases: 1 });
    // Positive control: a second graph on the page is counted as a second live instance.
    await page.evaluate(() => {
      const copy = document.querySelector('fin-network-graph')!.cloneNode() as HTMLElement;
      copy.id = 'second';
      document.querySelector('fin-network-graph')!.before(copy);
    });
    await expect.poll(async () => (await counts()).live).toBe(2);
    await page.evaluate(() => document.getElementById('second')!.remove());
    await expect.poll(async () => (await counts()).live).toBe(1);

    for (let round = 0; round < 20; round++) {
      await page.evaluate(() => {
        const old = document.querySelector('fin-network-graph')!;
        const fresh = old.cloneNode() as HTMLElement;
        old.replaceWith(fresh);
      });
      await stable(page);
    }
    const after = await counts();
    expect(after.created).toBe(first.created + 21);
    expect(after).toMatchObject({ live: 1, canvases: 1 });
  });

  test('vis-network loads only when the graph scrolls into view', async ({ page }) => {
    const visRequests: string[] = [];
    page.on('request', (request) => {
      if (/vis-engine|vis-network|vis-data/.test(request.url())) visRequests.push(request.url());
    });
    await page.goto(graphPage(6, '&below=1'));
    const graph = page.locator('fin-network-graph');
    // The data and toolbar are there, the drawing library is not.
    await expect(graph.getByRole('checkbox', { name: 'Show logo' })).toBeAttached();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(visRequests).toEqual([]);
    await graph.scrollIntoViewIfNeeded();
    await stable(page);
    expect(visRequests.length).toBeGreaterThan(0);
  });
  test('new data goes into the same vis-network instance', async ({ page }) => {
    await page.goto(graphPage(4));
    await stable(page);
    const created = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as Record<symbol, { live: number; created: number }>)[
            Symbol.for('fin-network-graph.live')
          ]!,
      );
    const before = await created();
    const graph = page.locator('fin-network-graph');
    await graph.evaluate((element) =>
      element.setAttribute('data-url', '/test/network-graph/links/?links=12'),
    );
    await expect(graph.locator('.fin-ng__node')).toHaveCount(13);
    await stable(page, 2);
    expect(await created()).toEqual(before);
    expect((await nodesOnScreen(page)).map((node) => node.id)).toContain(1012);
  });
  test('at 375 px every node label stays inside the canvas (the fit leaves room for labels)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(graphPage(12));
    // On a phone the table comes first; the graph is one tap away.
    await page.locator('fin-network-graph').getByRole('tab', { name: 'Graph' }).click();
    await stable(page);
    const width = await page
      .locator('fin-network-graph')
      .locator('canvas')
      .evaluate((canvas) => canvas.clientWidth);
    const nodes = await nodesOnScreen(page);
    const reach = await page.evaluate(
      ([labels]) => {
        const region = document
          .querySelector('fin-network-graph')!
          .shadowRoot!.querySelector('.fin-ng') as unknown as {
          finGraph: { scale(): number; network: { nodesHandler: { options: { font: { size: number } } } } };
        };
        // The names' font as drawn (it follows the fitted scale).
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${region.finGraph.network.nodesHandler.options.font.size}px Roboto, Arial, sans-serif`;
        return labels.map((label) => (ctx.measureText(label).width / 2) * region.finGraph.scale());
      },
      [nodes.map((node) => node.label)] as const,
    );
    nodes.forEach((node, index) => {
      expect(node.x - reach[index]!, node.label).toBeGreaterThanOrEqual(0);
      expect(node.x + reach[index]!, node.label).toBeLessThanOrEqual(width);
    });
  });
});

test.describe('network graph on the issuer page', () => {
  test('the related block is the graph drawn from the page data, wrapping the server list that a browser without JavaScript shows', async ({
    page,
    browser,
  }) => {
    await page.goto('/company/1/?lang=eng');
    const graph = page.locator('fin-network-graph');
    // The server's list is the element's light-DOM content: links to the related issuers.
    const serverLinks = await graph.evaluate((element) => element.querySelectorAll(':scope a[href]').length);
    expect(serverLinks).toBeGreaterThan(0);
    await graph.scrollIntoViewIfNeeded();
    await stable(page);
    const links = await graphHook<unknown[]>(page, 'graph.network.body.data.edges.get()');
    const answer = (await (await page.request.get('/api/company/1/related/')).json()) as unknown[];
    expect(links).toHaveLength(answer.length);
    await expect(graph.getByRole('group', { name: /related/i })).toBeVisible();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/company/1/?lang=eng');
      await expect(plain.locator('fin-network-graph a[href]').first()).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('when the graph cannot be drawn the error is logged and the server list shows instead', async ({
    page,
  }) => {
    const errors = watchErrors(page, /fin-network-graph/);
    await page.route(/vis-engine/, (route) => route.abort());
    await page.goto('/company/1/?lang=eng');
    const graph = page.locator('fin-network-graph');
    await graph.scrollIntoViewIfNeeded();
    await expect(graph.locator('.fin-ng')).toHaveAttribute('data-status', 'failed');
    await expect(graph.locator('canvas')).toHaveCount(0);
    // The slot shows the server's list (light DOM), not a message of the library.
    await expect(graph.locator('a[href]').first()).toBeVisible();
    await expect.poll(() => errors.join('\n')).toMatch(/graph not drawn/);
  });
});

/** Names and shares as drawn: on-screen size (the label's font size × the view's scale) of each shown label. */
function labelsOnScreen(page: Page): Promise<{ nodes: number[]; edges: number[]; hidden: number }> {
  return graphHook(
    page,
    `(() => {
      const scale = graph.network.getScale();
      const shown = { nodes: [], edges: [], hidden: 0 };
      for (const [kind, items] of [['nodes', graph.network.body.nodes], ['edges', graph.network.body.edges]]) {
        for (const item of Object.values(items)) {
          const label = item.labelModule;
          if (!label || label.elementOptions.label === undefined) continue;
          if (label.visible()) shown[kind].push(label.fontOptions.size * scale);
          else shown.hidden += 1;
        }
      }
      return shown;
    })()`,
  );
}

test.describe('network graph: readable and truthful', () => {
  test('names and shares are at least 11 px on screen at 1280 px and on a phone (table first there); zoomed out they hide rather than shrink', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const wide = await labelsOnScreen(page);
    // Names that would overlap are hidden: most are shown, the main issuer's always, none over another.
    expect(wide.nodes.length).toBeGreaterThan(6);
    expect(wide.edges.length).toBeGreaterThan(0);
    expect(await graphHook(page, `graph.network.body.nodes[${MAIN}].labelModule.visible()`)).toBe(true);
    const overlapping = await graphHook<number>(
      page,
      `(() => {
        const boxes = Object.values(graph.network.body.nodes)
          .filter((node) => node.labelModule.visible())
          .map((node) => node.labelModule.size);
        let count = 0;
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1))
            if (a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height) count++;
        return count;
      })()`,
    );
    expect(overlapping).toBe(0);
    for (const size of [...wide.nodes, ...wide.edges]) expect(size).toBeGreaterThanOrEqual(11);

    // Zoomed out by the user: fewer labels, none below 11 px.
    await graphHook(page, 'graph.network.moveTo({ scale: graph.network.getScale() / 2, animation: false })');
    const zoomedOut = await labelsOnScreen(page);
    expect(zoomedOut.hidden).toBeGreaterThan(0);
    for (const size of [...zoomedOut.nodes, ...zoomedOut.edges]) expect(size).toBeGreaterThanOrEqual(11);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(graphPage(12));
    const graph = page.locator('fin-network-graph');
    await expect(graph.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    await expect(graph.getByRole('columnheader', { name: 'Holder → company' })).toBeVisible();
    await graph.getByRole('tab', { name: 'Graph' }).click();
    await stable(page);
    const phone = await labelsOnScreen(page);
    expect(phone.nodes.length).toBeGreaterThan(0);
    for (const size of [...phone.nodes, ...phone.edges]) expect(size).toBeGreaterThanOrEqual(11);
  });

  test('full screen fits the graph to the bigger canvas: the view’s scale and the names grow', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    const scale = () => graphHook<number>(page, 'graph.network.getScale()');
    const mainName = async () => (await labelsOnScreen(page)).nodes.reduce((a, b) => Math.max(a, b), 0);
    const [scaleBefore, nameBefore] = [await scale(), await mainName()];
    await graph.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(scale).toBeGreaterThan(scaleBefore * 1.2);
    await expect.poll(mainName).toBeGreaterThan(nameBefore);
  });

  test('a mouse click on a node with a page opens it (pointer cursor, outlined node); a node without a page stays', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const graph = page.locator('fin-network-graph');
    await graphHook(page, 'graph.network.stopSimulation()');
    const nodes = await nodesOnScreen(page);
    const hrefs = await graph
      .locator('.fin-ng__node')
      .evaluateAll((keys) =>
        Object.fromEntries(keys.map((key) => [key.getAttribute('data-node'), key.getAttribute('href')])),
      );
    const linked = nodes.find((node) => hrefs[node.id] && node.id !== MAIN)!;
    const plain = nodes.find((node) => !hrefs[node.id] && node.id !== MAIN)!;
    const box = (await graph.locator('canvas').boundingBox())!;
    const cursor = () =>
      graph.locator('.fin-ng__canvas').evaluate((element) => getComputedStyle(element).cursor);

    // The cue: a node with a page has an outline, the others none.
    const border = (id: number) =>
      graphHook<number>(page, `graph.network.body.nodes[${id}].options.borderWidth`);
    expect(await border(linked.id)).toBeGreaterThan(await border(plain.id));
    await expect(graph.locator('[data-legend="linked"]')).toBeVisible();

    await page.mouse.move(box.x + plain.x, box.y + plain.y);
    await expect.poll(cursor).not.toBe('pointer');
    await page.mouse.click(box.x + plain.x, box.y + plain.y);
    await page.mouse.move(box.x + linked.x, box.y + linked.y);
    await expect.poll(cursor).toBe('pointer');
    expect(new URL(page.url()).pathname).toBe('/test/network-graph/');

    await page.mouse.click(box.x + linked.x, box.y + linked.y);
    await page.waitForURL(`**${hrefs[linked.id]}`);
  });

  test('arrows point from the holder to the held company, an affiliation has none; the legend names the relation types', async ({
    page,
  }) => {
    await page.goto(graphPage(12));
    await stable(page);
    const edges = await graphHook<
      Array<{
        from: number;
        to: number;
        title: string;
        dashes: boolean;
        arrows: { to: { enabled: boolean } };
      }>
    >(page, 'graph.network.body.data.edges.get()');
    // Company 3 (id 1004) is the main issuer's shareholder: it holds the main issuer.
    expect(
      edges.find((edge) => edge.title === 'Shareholder' && (edge.from === MAIN || edge.to === MAIN)),
    ).toMatchObject({ from: 1004, to: MAIN, arrows: { to: { enabled: true } } });
    expect(edges.find((edge) => edge.to === 1002)).toMatchObject({
      from: MAIN,
      arrows: { to: { enabled: true } },
    });
    expect(edges.find((edge) => edge.to === 1005)).toMatchObject({
      dashes: true,
      arrows: { to: { enabled: false } },
    });

    const legend = page.locator('fin-network-graph').getByRole('group', { name: 'Legend' });
    await expect(legend.getByRole('listitem')).toHaveText([
      'Shareholder',
      'Subsidiary',
      'Associate',
      'Investment',
      'Affiliate',
      'Outlined node: click to open the company’s page',
    ]);
    await expect(legend).toContainText('Arrows point from the holder to the company it holds a share in');
  });

  test('on the issuer page a shareholder’s arrow points at the issuer, and the table says holder → company', async ({
    page,
  }) => {
    const answer = (await (await page.request.get('/api/company/1/related/?lang=eng')).json()) as Array<{
      emitent_id: number;
      emitent_name: string;
      parent_emitent_id: number;
      parent_emitent_name: string;
      rel_type: string;
    }>;
    const holders = answer.filter((link) => link.rel_type === 'shareholder' && link.parent_emitent_id === 1);
    expect(holders.length).toBeGreaterThan(0);
    await page.goto('/company/1/?lang=eng');
    const graph = page.locator('fin-network-graph');
    await graph.scrollIntoViewIfNeeded();
    await stable(page);
    const edges = await graphHook<Array<{ from: number; to: number }>>(
      page,
      'graph.network.body.data.edges.get()',
    );
    for (const holder of holders)
      expect(edges, holder.emitent_name).toContainEqual(
        expect.objectContaining({ from: holder.emitent_id, to: 1 }),
      );

    await graph.getByRole('tab', { name: 'Table' }).click();
    await expect(graph.getByRole('columnheader', { name: 'Holder → company' })).toBeVisible();
    const holder = holders[0]!;
    await expect(
      graph.getByRole('row', { name: new RegExp(`^${holder.emitent_name}`) }).first(),
    ).toContainText(`${holder.emitent_name} → ${holder.parent_emitent_name}`);
  });
});
