/**
 * The export's browser test page (export.e2e.ts builds it in memory, with its lazy chunks, and
 * serves it through page.route). A chart-like drawing and a real vis-network graph, each on screen
 * and with an ExportMenu in a shadow root, a show-logo checkbox, and helpers the test calls:
 * decode an exported file and compare its drawing part with the on-screen canvas, pixel by pixel.
 * `?lang=` picks the language of the title; `?strict` is the strict-CSP variant.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DataSet } from 'vis-data/esnext';
import { Network } from 'vis-network/esnext';
import type { Lang } from '../../../contract/types.ts';
import baseStyles from '../../../runtime/base.css?inline';
import { StyleContext, styleScope } from '../../../runtime/styles.ts';
import { TITLE_BAND } from '../compose.ts';
import { ExportMenu, visNetworkDrawing, type ExportDrawing, type ExportFormat } from '../index.ts';
import { chartDrawing, graphData, HOSTILE_TEXT } from './drawings.ts';

export interface PrintCall {
  svgCount: number;
  texts: string[];
  styleNonce: string;
  frameInDocument: boolean;
}

export interface Comparison {
  width: number;
  height: number;
  /** Pixels with ink (not near-white) in either picture. */
  ink: number;
  /** Ink pixels with no pixel of their colour (within the tolerance) one pixel round them in the
   * other picture, in % of `ink`. */
  differing: number;
}

declare global {
  interface Window {
    exportFixture: {
      ready: boolean;
      printCalls: PrintCall[];
      errors: string[];
      compare(
        target: 'chart' | 'graph',
        base64: string,
        type: string,
        tolerance: number,
      ): Promise<Comparison>;
      logoPixels(base64: string, type: string): Promise<number>;
      /** Clears the on-screen graph, has vis-network draw it again and counts its ink pixels. */
      redrawGraph(): number;
    };
  }
}

const params = new URLSearchParams(location.search);
const lang = (params.get('lang') ?? 'eng') as Lang;
export const FIXTURE_TITLES: Partial<Record<Lang, string>> = {
  eng: 'Related issuers: Ünal Çelik, Łódź, Straße, Київ, İğdır',
  chn: '关联公司：中国石油天然气',
};
const title = FIXTURE_TITLES[lang] ?? FIXTURE_TITLES.eng!;

const LABELS = {
  export: 'Export',
  print: 'Print',
  png: 'PNG image',
  jpeg: 'JPEG image',
  pdf: 'PDF document',
  svg: 'SVG vector image',
};

const chart = chartDrawing();
const GRAPH_NAMES = [
  'ПАО Сбербанк',
  'Газпром',
  '中国石油',
  'Ünal Çelik A.Ş.',
  HOSTILE_TEXT,
  'Łódź Holding',
  'Straße AG',
];
let network: Network | null = null;
const screens: Record<'chart' | 'graph', HTMLCanvasElement | null> = { chart: null, graph: null };

window.exportFixture = {
  ready: false,
  printCalls: [],
  errors: [],
  compare: (target, base64, type, tolerance) => compareWithScreen(target, base64, type, tolerance),
  logoPixels: (base64, type) => logoPixels(base64, type),
  redrawGraph() {
    const canvas = screens.graph!;
    const ctx = canvas.getContext('2d')!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    network!.redraw();
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink += 1;
    return ink;
  },
};

// Record the print instead of opening the dialog; the frame then hears that printing ended. The
// file makers stay a lazy chunk, as in an element: the hook is set through the same import.
const printHooked = import('../export.ts').then(({ printHooks }) => {
  printHooks.print = (frameWindow) => {
    const doc = frameWindow.document;
    window.exportFixture.printCalls.push({
      svgCount: doc.querySelectorAll('svg').length,
      texts: [...doc.querySelectorAll('text')].map((text) => text.textContent ?? ''),
      styleNonce: doc.querySelector('style')?.nonce ?? '',
      frameInDocument: frameWindow.frameElement?.isConnected ?? false,
    });
    frameWindow.dispatchEvent(new Event('afterprint'));
  };
});

function Menu({
  name,
  getDrawing,
  logo,
}: {
  name: string;
  getDrawing: () => ExportDrawing | null;
  logo: boolean;
}) {
  return (
    <div className={`menu-${name}`}>
      <ExportMenu
        getDrawing={getDrawing}
        options={{ fileName: `${name}: related/issuers`, title, lang, logo }}
        labels={LABELS}
        onError={(error, format: ExportFormat) =>
          window.exportFixture.errors.push(`${format}: ${String(error)}`)
        }
      />
    </div>
  );
}

function Fixture() {
  const [logo, setLogo] = useState(false);
  return (
    <>
      <label>
        <input type="checkbox" checked={logo} onChange={(event) => setLogo(event.target.checked)} /> Show logo
      </label>
      <div className="toolbar">
        <Menu name="chart" getDrawing={() => chart} logo={logo} />
        <Menu name="graph" getDrawing={() => (network ? visNetworkDrawing(network) : null)} logo={logo} />
      </div>
    </>
  );
}

class ExportFixture extends HTMLElement {
  connectedCallback() {
    const shadow = this.attachShadow({ mode: 'open' });
    const styles = styleScope(shadow);
    styles.add(baseStyles, 'base');
    styles.add(
      '.toolbar{display:flex;justify-content:flex-end;gap:8px}.graph{width:480px;height:300px}',
      'element',
    );
    const mount = document.createElement('div');
    const canvas = document.createElement('canvas');
    canvas.className = 'chart';
    canvas.width = chart.width;
    canvas.height = chart.height;
    chart.draw(canvas.getContext('2d')!);
    screens.chart = canvas;
    const graph = document.createElement('div');
    graph.className = 'graph';
    shadow.append(mount, canvas, graph);
    createRoot(mount).render(
      <StyleContext value={styles}>
        <Fixture />
      </StyleContext>,
    );
    const data = graphData(GRAPH_NAMES.length - 1, GRAPH_NAMES);
    network = new Network(
      graph,
      { nodes: new DataSet(data.nodes), edges: new DataSet(data.edges) },
      {
        physics: false,
        interaction: { keyboard: { enabled: false } },
        nodes: { shape: 'dot', size: 14, font: { face: 'Roboto, Arial, sans-serif', size: 13 } },
        edges: { font: { size: 11, align: 'middle' }, color: '#868e96', arrows: 'to' },
      },
    );
    network.once('afterDrawing', () => {
      screens.graph = graph.querySelector('canvas');
      void printHooked.then(() => (window.exportFixture.ready = true));
    });
  }
}
customElements.define('export-fixture', ExportFixture);

async function decode(base64: string, type: string): Promise<ImageBitmap | HTMLImageElement> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const blob = new Blob([bytes], { type });
  if (type !== 'image/svg+xml') return createImageBitmap(blob);
  const image = new Image();
  image.src = URL.createObjectURL(blob);
  await image.decode();
  return image;
}

/** The exported picture drawn at CSS size (title band included), as pixels. */
async function pixelsOf(base64: string, type: string, width: number, height: number): Promise<ImageData> {
  const picture = await decode(base64, type);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(picture, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

const isInk = (data: Uint8ClampedArray, i: number) =>
  data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235;

async function compareWithScreen(
  target: 'chart' | 'graph',
  base64: string,
  type: string,
  tolerance: number,
): Promise<Comparison> {
  const screen = screens[target]!;
  const [width, height] = [screen.width, screen.height];
  const exported = await pixelsOf(base64, type, width, height + TITLE_BAND);
  // The screen canvas on white (its transparent pixels are the page's white).
  const flat = document.createElement('canvas');
  flat.width = width;
  flat.height = height;
  const flatCtx = flat.getContext('2d')!;
  flatCtx.fillStyle = '#fff';
  flatCtx.fillRect(0, 0, width, height);
  flatCtx.drawImage(screen, 0, 0);
  const onScreen = flatCtx.getImageData(0, 0, width, height).data;
  const offset = TITLE_BAND * width * 4;
  const at = (x: number, y: number) => offset + (y * width + x) * 4;
  const delta = (i: number, j: number) =>
    Math.max(
      Math.abs(onScreen[i]! - exported.data[j]!),
      Math.abs(onScreen[i + 1]! - exported.data[j + 1]!),
      Math.abs(onScreen[i + 2]! - exported.data[j + 2]!),
    );
  let ink = 0;
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      if (!isInk(onScreen, i) && !isInk(exported.data, at(x, y))) continue;
      ink += 1;
      // A pixel matches if the exported picture has its colour within one pixel of it:
      // anti-aliasing and sub-pixel placement differ, a dropped or moved shape does not match.
      let matched = false;
      for (let dy = -1; dy <= 1 && !matched; dy += 1)
        for (let dx = -1; dx <= 1 && !matched; dx += 1) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && delta(i, at(nx, ny)) <= tolerance)
            matched = true;
        }
      if (!matched) differing += 1;
    }
  }
  return { width, height, ink, differing: (differing / Math.max(1, ink)) * 100 };
}

/** Ink pixels in the logo's corner of an exported chart (bottom-right 185×40 + margin). */
async function logoPixels(base64: string, type: string): Promise<number> {
  const [width, height] = [chart.width, chart.height + TITLE_BAND];
  const data = (await pixelsOf(base64, type, width, height)).data;
  let ink = 0;
  for (let y = height - 48; y < height - 8; y += 1)
    for (let x = width - 193; x < width - 8; x += 1) if (isInk(data, (y * width + x) * 4)) ink += 1;
  return ink;
}
