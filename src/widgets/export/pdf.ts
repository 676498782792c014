/**
 * PDF from the export's SVG with pdfmake 0.3.11 (its own lazy chunk): the title as PDF text, the
 * drawing as vector paths and text (pdfmake's `svg` node), the page as big as the drawing.
 * Fonts: Roboto from pdfmake's file system (Latin, Cyrillic: every UI language but Chinese) and,
 * for Chinese only, Noto Sans SC (@amcharts/amcharts5-fonts 5.0.1), loaded only then: 11 MB.
 */
import pdfMake from 'pdfmake/build/pdfmake.js';
import robotoFiles from 'pdfmake/build/vfs_fonts.js';
import { TITLE_FONT_SIZE } from './compose.ts';
import type { ExportDrawing, ExportOptions } from './index.ts';

const MARGIN = 24;
const ROBOTO = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

let robotoLoaded = false;
let chineseFont: Promise<string> | null = null;

/** Noto Sans SC into pdfmake's file system, once; resolves to its file name. */
function loadChineseFont(): Promise<string> {
  chineseFont ??= import('@amcharts/amcharts5-fonts/notosans-sc.js').then(({ default: font }) => {
    pdfMake.addVirtualFileSystem({ [font.normal.path]: font.normal.bytes });
    return font.normal.path;
  });
  return chineseFont;
}

/** The font family the document uses: Chinese needs the CJK font (it has Latin letters too). */
async function fontsFor(
  options: ExportOptions,
): Promise<{ family: string; fonts: Record<string, typeof ROBOTO> }> {
  if (!robotoLoaded) {
    pdfMake.addVirtualFileSystem(robotoFiles);
    robotoLoaded = true;
  }
  if (options.lang !== 'chn') return { family: 'Roboto', fonts: { Roboto: ROBOTO } };
  const file = await loadChineseFont();
  // One weight only: bold and italic text use the regular face rather than failing.
  const noto = { normal: file, bold: file, italics: file, bolditalics: file };
  // Only this family, so the SVG's "Roboto, Arial, sans-serif" texts fall back to it too.
  return { family: 'NotoSansSC', fonts: { NotoSansSC: noto } };
}

export async function svgToPdf(svg: string, picture: ExportDrawing, options: ExportOptions): Promise<Blob> {
  const { family, fonts } = await fontsFor(options);
  pdfMake.setFonts(fonts);
  const document = pdfMake.createPdf({
    info: { title: options.title, creator: 'fin-elements' },
    pageSize: { width: picture.width + 2 * MARGIN, height: 'auto' },
    pageMargins: MARGIN,
    defaultStyle: { font: family },
    content: [
      { text: options.title, fontSize: TITLE_FONT_SIZE, bold: true, margin: [0, 0, 0, 8] },
      { svg, width: picture.width, height: picture.height, font: family },
    ],
  });
  return document.getBlob();
}
