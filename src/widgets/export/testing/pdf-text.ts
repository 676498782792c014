/**
 * Reads a PDF made by pdfmake/pdfkit back in Node, enough to test it: the text its text
 * operators show (glyph codes mapped through each font's ToUnicode map), its page size, and
 * whether it holds any picture. No parser dependency: pdfkit writes plain objects and Flate
 * streams.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      found.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf(body) + streamAt + 'stream'.length;
    const dataStart = text[start] === '\r' ? start + 2 : start + 1;
    const end = text.indexOf('endstream', dataStart);
    let data = pdf.subarray(dataStart, end);
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data, { finishFlush: 2 });
    found.set(Number(match[1]), { dict, stream: data });
  }
  return found;
}

/** ToUnicode CMap → code (hex) → text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  // Ligatures map one code to several units, written with spaces: <0066 0069>.
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, value] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(code!.toLowerCase(), utf16(value!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, rest] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g,
    )) {
      const [first, last] = [parseInt(from!, 16), parseInt(to!, 16)];
      const width = from!.length;
      const list = rest!.startsWith('[')
        ? [...rest!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => m[1]!)
        : null;
      for (let code = first; code <= last; code += 1) {
        const key = code.toString(16).padStart(width, '0');
        if (list) map.set(key, utf16(list[code - first] ?? ''));
        else {
          const base = parseInt(rest!.slice(1, -1), 16) + (code - first);
          map.set(key, utf16(base.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

export interface PdfFacts {
  /** Each text-showing operation's text, in order. */
  texts: string[];
  /** MediaBox of the first page: [width, height] in points. */
  pageSize: [number, number];
  pages: number;
  hasImage: boolean;
  fontNames: string[];
}

export function readPdf(pdf: Buffer): PdfFacts {
  const all = objects(pdf);
  // Font resource name (F1…) → its glyph map.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of all.values()) {
    for (const [, name, id] of dict.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const font = all.get(Number(id));
      const cmapId = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict)?.[1];
      const cmap = cmapId ? all.get(Number(cmapId))?.stream : null;
      if (cmap) fonts.set(name!, toUnicode(cmap.toString('latin1')));
    }
  }
  const texts: string[] = [];
  for (const { dict, stream } of all.values()) {
    if (
      !stream ||
      /\/Type\s*\/(XObject|Metadata)|\/Length1|\/Subtype\s*\/(Type1C|CIDFontType0C|OpenType)|CMapName/.test(
        dict,
      )
    )
      continue;
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font = new Map<string, string>();
    for (const [, name, array, single] of content.matchAll(
      /\/(F\d+)\s+[\d.]+\s+Tf|(\[[^\]]*\])\s*TJ|(<[0-9a-fA-F]*>)\s*Tj/g,
    )) {
      if (name) {
        font = fonts.get(name) ?? new Map();
        continue;
      }
      const hexes = [...(array ?? single)!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!);
      const width = [...font.keys()][0]?.length ?? 4;
      texts.push(
        hexes
          .map((hex) =>
            (hex.match(new RegExp(`.{${width}}`, 'g')) ?? [])
              .map((code) => font.get(code.toLowerCase()) ?? '?')
              .join(''),
          )
          .join(''),
      );
    }
  }
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  const latin = pdf.toString('latin1');
  return {
    texts,
    pageSize: box ? [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])] : [0, 0],
    pages: (latin.match(/\/Type\s*\/Page\b/g) ?? []).length,
    hasImage: /\/Subtype\s*\/Image/.test(latin),
    fontNames: [...latin.matchAll(/\/BaseFont\s*\/([\w+-]+)/g)].map((m) => m[1]!),
  };
}
