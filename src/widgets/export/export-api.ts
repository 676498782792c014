/**
 * The export module's API without its menu (so the menu can use it without an import loop
 * through index.ts): formats, the drawing and options shapes, and `exportDrawing`.
 */
import type { Lang } from '../../contract/types.ts';

export type ExportFormat = 'print' | 'png' | 'jpeg' | 'pdf' | 'svg';
/** SPEC §9 "Export menu: print, PNG, JPEG, PDF, SVG", in that order. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['print', 'png', 'jpeg', 'pdf', 'svg'];

/**
 * A picture that can be drawn again onto any 2D context: the screen, a bigger canvas for PNG /
 * JPEG, or the recording context that turns it into SVG paths and text. Coordinates in CSS px.
 */
export interface ExportDrawing {
  width: number;
  height: number;
  draw(ctx: CanvasRenderingContext2D): void;
}

export interface ExportOptions {
  /** File name without extension. */
  fileName: string;
  /** Printed above the drawing in every format. */
  title: string;
  /** Picks the fonts (Chinese needs a CJK font in the PDF). */
  lang: Lang;
  /** Draw the watermark logo (the show-logo checkbox). */
  logo: boolean;
  /** CSP nonce for anything the export injects into the document (print). */
  nonce?: string;
}

/**
 * Makes the file (or opens printing) for `format`: the drawing as it is now under the title, with
 * the logo when asked for. Rejects on failure; callers only log it (SPEC §8). The file makers
 * (recorder, rasterizer, pdfmake) load on the first call, not with the element.
 */
export async function exportDrawing(
  format: ExportFormat,
  drawing: ExportDrawing,
  options: ExportOptions,
): Promise<void> {
  const { exportDrawing: make } = await import('./export.ts');
  return make(format, drawing, options);
}

export interface ExportMenuProps {
  /** Called when a format is chosen: the drawing as it is now, or null if there is none yet. */
  getDrawing: () => ExportDrawing | null;
  options: ExportOptions;
  /** chart:export, chart:export_print … chart:export_svg, in the page's language. */
  labels: { export: string } & Record<ExportFormat, string>;
  /** Export failures are not shown (SPEC §8): the element logs them here. */
  onError?(error: unknown, format: ExportFormat): void;
}
