/**
 * The page every format shows: the title on top, the drawing below it, the logo (when asked for)
 * in the drawing's bottom-right corner. One composition drawn onto whichever context the format
 * needs: a big canvas (PNG, JPEG) or the SVG recorder (SVG, PDF, print).
 */
import type { ExportDrawing, ExportOptions } from './export-api.ts';
import { drawLogo, LOGO_HEIGHT, LOGO_WIDTH } from './logo.ts';

/** Height of the title band above the drawing (CSS px). */
export const TITLE_BAND = 36;
export const TITLE_FONT_SIZE = 16;
const TITLE_COLOR = '#1a1a1a';
const PADDING = 12;
const LOGO_MARGIN = 8;
/** A watermark, readable but not covering the drawing. */
const LOGO_ALPHA = 0.85;

/** The font families every export names: Roboto is embedded in the PDF, the rest are fallbacks. */
export const EXPORT_FONT_FAMILY = 'Roboto, Arial, sans-serif';

/** Han, kana, hangul and full-width forms: text Roboto has no glyphs for. */
export const CJK_TEXT = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * The PDF needs the CJK font on Chinese pages and whenever the title or the drawing holds such
 * text (an issuer named in Chinese on an English page would otherwise print as blanks).
 */
export function needsChineseFont(options: Pick<ExportOptions, 'lang' | 'title'>, svg: string): boolean {
  return options.lang === 'chn' || CJK_TEXT.test(options.title) || CJK_TEXT.test(svg);
}

export interface Composition extends ExportDrawing {
  /** Where the drawing starts (below the title band, or 0 without the title). */
  drawingTop: number;
}

/** Where the logo's box lands in the composition (for tests and for the PDF). */
export function logoBox(drawing: ExportDrawing, drawingTop: number) {
  return {
    x: Math.max(0, drawing.width - LOGO_WIDTH - LOGO_MARGIN),
    y: Math.max(drawingTop, drawingTop + drawing.height - LOGO_HEIGHT - LOGO_MARGIN),
    width: LOGO_WIDTH,
    height: LOGO_HEIGHT,
  };
}

/** `withTitle: false` for the PDF, whose title is PDF text above the picture. */
export function compose(drawing: ExportDrawing, options: ExportOptions, withTitle = true): Composition {
  const drawingTop = withTitle ? TITLE_BAND : 0;
  return {
    width: drawing.width,
    height: drawingTop + drawing.height,
    drawingTop,
    draw(ctx) {
      if (withTitle) {
        ctx.save();
        ctx.fillStyle = TITLE_COLOR;
        ctx.font = `bold ${TITLE_FONT_SIZE}px ${EXPORT_FONT_FAMILY}`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(options.title, PADDING, TITLE_BAND / 2, Math.max(1, drawing.width - 2 * PADDING));
        ctx.restore();
      }
      ctx.save();
      ctx.translate(0, drawingTop);
      drawing.draw(ctx);
      ctx.restore();
      if (options.logo) {
        const box = logoBox(drawing, drawingTop);
        drawLogo(ctx, box.x, box.y, LOGO_ALPHA);
      }
    },
  };
}
