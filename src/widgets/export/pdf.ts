/**
 * PDF from the export's SVG with pdfmake 0.3.11 (its own lazy chunk): the title as PDF text, the
 * drawing as vector paths and text (pdfmake's `svg` node), the page as big as the drawing.
 * Fonts: Roboto from pdfmake's file system (Latin, Cyrillic: every UI language but Chinese) and,
 * when the page is Chinese or the drawing holds Chinese text (an issuer named in Chinese on an
 * English page), Noto Sans SC (@amcharts/amcharts5-fonts 5.0.1), loaded only then: 11 MB.
 */
import pdfMake from 'pdfmake/build/pdfmake.js';
import robotoFiles from 'pdfmake/build/vfs_fonts.js';
import { CJK_TEXT, needsChineseFont, TITLE_FONT_SIZE } from './compose.ts';
import type { ExportDrawing, ExportOptions } from './export-api.ts';

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

/**
 * The fonts the document registers: Roboto always (Latin and Cyrillic of every UI language) and
 * Noto Sans SC when there is Chinese text. Noto's subset lacks letters such as Ł, ї, İ, ğ, so each
 * text uses Noto only where it holds Chinese, and Roboto elsewhere.
 */
async function fontsFor(
  options: ExportOptions,
  svg: string,
): Promise<{ chinese: boolean; fonts: Record<string, typeof ROBOTO> }> {
  if (!robotoLoaded) {
    pdfMake.addVirtualFileSystem(robotoFiles);
    robotoLoaded = true;
  }
  if (!needsChineseFont(options, svg)) return { chinese: false, fonts: { Roboto: ROBOTO } };
  const file = await loadChineseFont();
  // One weight only: bold and italic text use the regular face rather than failing.
  const noto = { normal: file, bold: file, italics: file, bolditalics: file };
  return { chinese: true, fonts: { Roboto: ROBOTO, [NOTO]: noto } };
}

const NOTO = 'NotoSansSC';

/** SVG texts holding Chinese name the CJK font first (pdfmake takes the first family it has). */
function chineseTextsInNoto(svg: string): string {
  return svg.replace(/<text ([^>]*)>([^<]*)<\/text>/g, (whole, attributes: string, content: string) =>
    CJK_TEXT.test(content)
      ? `<text ${attributes.replace(/font-family="[^"]*"/, `font-family="${NOTO}, Roboto"`)}>${content}</text>`
      : whole,
  );
}

/** The title as runs: Chinese characters in Noto, the rest in Roboto. */
function titleRuns(title: string, chinese: boolean): Array<{ text: string; font: string }> {
  if (!chinese) return [{ text: title, font: 'Roboto' }];
  const runs: Array<{ text: string; font: string }> = [];
  for (const char of title) {
    const font = CJK_TEXT.test(char) ? NOTO : 'Roboto';
    const last = runs[runs.length - 1];
    if (last && (last.font === font || char === ' ')) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

export async function svgToPdf(svg: string, picture: ExportDrawing, options: ExportOptions): Promise<Blob> {
  const { chinese, fonts } = await fontsFor(options, svg);
  pdfMake.setFonts(fonts);
  const document = pdfMake.createPdf({
    info: { title: options.title, creator: 'fin-elements' },
    pageSize: { width: picture.width + 2 * MARGIN, height: 'auto' },
    pageMargins: MARGIN,
    defaultStyle: { font: 'Roboto' },
    content: [
      {
        text: titleRuns(options.title, chinese),
        fontSize: TITLE_FONT_SIZE,
        bold: true,
        margin: [0, 0, 0, 8],
      },
      {
        svg: chinese ? chineseTextsInNoto(svg) : svg,
        width: picture.width,
        height: picture.height,
        font: 'Roboto',
      },
    ],
  });
  return document.getBlob();
}
