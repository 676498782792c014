/**
 * Making the files (loaded on the first export, so an element's entry carries only the menu):
 * SVG from the recording context, PNG / JPEG from a canvas at twice the screen density, PDF
 * (pdfmake, its own lazy chunk) from the same SVG, print from a hidden frame holding the SVG.
 */
import { compose, EXPORT_FONT_FAMILY } from './compose.ts';
import type { ExportDrawing, ExportFormat, ExportOptions } from './export-api.ts';
import type * as PdfModule from './pdf.ts';
import { escapeXml, SvgRecorder } from './svg-context.ts';

type PdfMaker = typeof PdfModule;

const MIME: Record<Exclude<ExportFormat, 'print'>, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};
const EXTENSION: Record<Exclude<ExportFormat, 'print'>, string> = {
  png: 'png',
  jpeg: 'jpg',
  pdf: 'pdf',
  svg: 'svg',
};
/** Raster exports: at least twice the CSS size, whatever the screen. */
const MIN_PIXEL_RATIO = 2;
/** Keep raster exports under what browsers allow for one canvas (about 16 M pixels in Chromium). */
const MAX_PIXELS = 16_000_000;
const JPEG_QUALITY = 0.92;
/** How long the object URL lives after the click (the download reads it asynchronously). */
const REVOKE_AFTER_MS = 30_000;

let svgDocumentCount = 0;

/** Set by the build (vite.config.ts): the module build's PDF chunk, for the legacy script. */
declare const __FIN_MODULE_PDF_CHUNK__: string | null;

/**
 * The legacy script's address (the module build's chunks sit next to it). Its code runs lazily,
 * after the script finished, so `document.currentScript` is gone: the script is found by name.
 */
function legacyScriptUrl(): string {
  const script = document.querySelector<HTMLScriptElement>('script[src*="fin-elements.legacy"]');
  return script?.src ?? '';
}

/**
 * pdfmake with Roboto (~790 kB gzip) and, for Chinese, Noto Sans SC (~7.7 MB gzip) as lazy
 * chunks. The legacy build is one classic script that would carry them inline for every visitor,
 * so it imports the module build's PDF chunk instead (dynamic import works in classic scripts).
 */
function loadPdfMaker(): Promise<PdfMaker> {
  if (import.meta.env.MODE === 'legacy') {
    const base = legacyScriptUrl();
    if (!__FIN_MODULE_PDF_CHUNK__ || !base)
      return Promise.reject(new Error('PDF export needs the module build next to the legacy script'));
    return import(/* @vite-ignore */ new URL(__FIN_MODULE_PDF_CHUNK__, base).href) as Promise<PdfMaker>;
  }
  return import('./pdf.ts');
}

/** A drawing as a standalone SVG document: vector paths and live text, no pictures, no script. */
export function drawingToSvg(drawing: ExportDrawing, title: string): string {
  svgDocumentCount += 1;
  const recorder = new SvgRecorder(drawing.width, drawing.height, `fin-x${svgDocumentCount}`);
  drawing.draw(recorder.asContext());
  const [w, h] = [Math.ceil(drawing.width), Math.ceil(drawing.height)];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${EXPORT_FONT_FAMILY}">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs>${recorder.defs()}</defs>` +
    `<rect x="0" y="0" width="${w}" height="${h}" fill="#ffffff"/>` +
    recorder.toSvgBody() +
    `</svg>`
  );
}

/** The file name without path characters, control characters or leading dots. */
export function safeFileName(name: string, extension: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${cleaned || 'export'}.${extension}`;
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export function rasterScale(width: number, height: number): number {
  const wanted = Math.max(MIN_PIXEL_RATIO, Math.ceil(globalThis.devicePixelRatio || 1));
  const fits = Math.sqrt(MAX_PIXELS / Math.max(1, width * height));
  return Math.max(1, Math.min(wanted, Math.floor(fits)));
}

async function rasterize(drawing: ExportDrawing, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const scale = rasterScale(drawing.width, drawing.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(drawing.width * scale);
  canvas.height = Math.ceil(drawing.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas for the export');
  // White under everything: JPEG has no transparency, and a PNG on a dark viewer stays readable.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  drawing.draw(ctx);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(`The canvas gave no ${type}`))),
      type,
      JPEG_QUALITY,
    ),
  );
}

/** Test seam: how the print frame is printed (tests record the call instead of a dialog). */
export const printHooks = {
  print(frameWindow: Window): void {
    frameWindow.print();
  },
};

/** Longest a print frame may stay if the browser never reports the end of printing. */
const PRINT_FRAME_LIFETIME_MS = 60_000;

async function printSvg(svg: string, options: ExportOptions): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = options.title;
  // CSSOM, not a style attribute: allowed under a strict CSP.
  Object.assign(frame.style, {
    position: 'fixed',
    width: '0',
    height: '0',
    border: '0',
    right: '0',
    bottom: '0',
  });
  document.body.append(frame);
  const frameWindow = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!frameWindow || !doc) {
    frame.remove();
    throw new Error('The print frame has no document');
  }
  const style = doc.createElement('style');
  if (options.nonce) style.nonce = options.nonce;
  style.textContent =
    '@page{margin:12mm}html,body{margin:0;background:#fff}svg{display:block;max-width:100%;height:auto}';
  doc.head.append(style);
  doc.title = options.title;
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  doc.body.append(doc.importNode(parsed, true));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    frame.remove();
  };
  frameWindow.addEventListener('afterprint', () => setTimeout(remove), { once: true });
  setTimeout(remove, PRINT_FRAME_LIFETIME_MS);
  await doc.fonts?.ready;
  try {
    printHooks.print(frameWindow);
  } catch (error) {
    remove();
    throw error;
  }
}

/** The file of one format: the composition (title, drawing, logo) as a blob and its name. */
export async function makeFile(
  format: Exclude<ExportFormat, 'print'>,
  drawing: ExportDrawing,
  options: ExportOptions,
): Promise<{ blob: Blob; fileName: string }> {
  let blob: Blob;
  if (format === 'svg') {
    blob = new Blob([drawingToSvg(compose(drawing, options), options.title)], { type: MIME.svg });
  } else if (format === 'pdf') {
    const { svgToPdf } = await loadPdfMaker();
    const picture = compose(drawing, options, false);
    blob = await svgToPdf(drawingToSvg(picture, options.title), picture, options);
  } else {
    blob = await rasterize(compose(drawing, options), MIME[format] as 'image/png' | 'image/jpeg');
  }
  return { blob, fileName: safeFileName(options.fileName, EXTENSION[format]) };
}

/**
 * Makes the file (or opens printing) for `format`: the drawing as it is now, under the title,
 * with the logo when asked for. Rejects on failure; callers log it (SPEC §8: not shown).
 */
export async function exportDrawing(
  format: ExportFormat,
  drawing: ExportDrawing,
  options: ExportOptions,
): Promise<void> {
  if (!(drawing.width > 0 && drawing.height > 0)) throw new Error('Nothing to export: the drawing is empty');
  if (format === 'print') return printSvg(drawingToSvg(compose(drawing, options), options.title), options);
  const { blob, fileName } = await makeFile(format, drawing, options);
  download(blob, fileName);
}
