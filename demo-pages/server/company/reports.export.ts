/**
 * Files of the issuer page: the .xlsx export of a report (SPEC §5 "Excel export", §7 export
 * links), and the bytes of quarterly report files and comment files (SPEC §3 "Report file
 * entry", "Comment"). Report files are made when downloaded — a one-page PDF, a small workbook or
 * a text file — so the database holds no blobs and the demo stays deterministic.
 */
import ExcelJS from 'exceljs';
import type { FinancialReport, ReportRows, ReportSection } from '../../../src/contract/reports.ts';
import type { CommentRow, ReportFileRow } from './company.repo.ts';
import { COMMON_SECTIONS, MIME_TYPES, RAS_SECTIONS } from './reports.ts';

export const XLSX_MIME = MIME_TYPES.xlsx;

// ─── Report export ─────────────────────────────────────────────────────────────────────────────

export interface ExportMeta {
  title: string;
  sourceName: string;
  /** DD.MM.YYYY */
  from: string;
  to: string;
  periodName: string;
  generatedNote: string;
  lineHeading: string;
  unitHeading: string;
}

/** Excel forbids []:*?/\ in sheet names and cuts them at 31 characters. */
function sheetName(title: string, used: Set<string>): string {
  let name =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet';
  for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)} ${i}`;
  used.add(name);
  return name;
}

function addRows(
  sheet: ExcelJS.Worksheet,
  rows: ReportRows,
  subRows: Record<string, ReportRows>,
  level = 0,
): void {
  rows.scroll_clmn.forEach((line, i) => {
    const row = sheet.addRow([line.ttl, rows.dimensions[i] ?? '', ...(rows.scroll_body[i] ?? [])]);
    row.getCell(1).alignment = { indent: level * 2 };
    if (level === 0) row.getCell(1).font = { bold: true };
    const children = subRows[line.id];
    if (children) addRows(sheet, children, {}, level + 1);
  });
}

function addSection(
  workbook: ExcelJS.Workbook,
  section: ReportSection,
  meta: ExportMeta,
  used: Set<string>,
): void {
  const sheet = workbook.addWorksheet(sheetName(section.ttl, used));
  sheet.addRow([meta.title]).font = { bold: true, size: 13 };
  sheet.addRow([`${section.ttl} · ${meta.sourceName} · ${meta.periodName} · ${meta.from} – ${meta.to}`]);
  sheet.addRow([meta.generatedNote]).font = { italic: true, color: { argb: 'FF5C6375' } };
  sheet.addRow([]);
  const head = sheet.addRow([meta.lineHeading, meta.unitHeading, ...section.scroll_head.map((c) => c.ttl)]);
  head.font = { bold: true };
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 5 }];
  addRows(sheet, section, section.sub_rows);
  if (section.closed_data && !section.closed_data.locked)
    addRows(sheet, section.closed_data, section.closed_data.sub_rows);
  sheet.getColumn(1).width = 52;
  sheet.getColumn(2).width = 14;
  for (let c = 3; c <= section.scroll_head.length + 2; c++) {
    const column = sheet.getColumn(c);
    column.width = 14;
    column.numFmt = '#,##0.0;-#,##0.0';
  }
}

/** The report as a workbook: one sheet per section, the closed rows included (the export is paid only). */
export async function reportWorkbook(report: FinancialReport, meta: ExportMeta): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'fin-elements demo';
  const used = new Set<string>();
  const sections = report.standard === 'rsbu' ? [...COMMON_SECTIONS, ...RAS_SECTIONS] : COMMON_SECTIONS;
  for (const key of sections) {
    const section = report[key];
    if (section && (section.scroll_clmn.length > 0 || section.closed_data))
      addSection(workbook, section, meta, used);
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('Report').addRow([meta.title]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ─── A one-page PDF ────────────────────────────────────────────────────────────────────────────

const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const LATIN = [
  'a',
  'b',
  'v',
  'g',
  'd',
  'e',
  'e',
  'zh',
  'z',
  'i',
  'y',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
  'r',
  's',
  't',
  'u',
  'f',
  'kh',
  'ts',
  'ch',
  'sh',
  'shch',
  '',
  'y',
  '',
  'e',
  'yu',
  'ya',
];

/** Russian text in Latin letters: the PDF's standard font has no Cyrillic. */
export function transliterate(text: string): string {
  return text.replace(/[а-яё]/gi, (ch) => {
    const latin = LATIN[CYRILLIC.indexOf(ch.toLowerCase())] ?? '';
    return ch === ch.toLowerCase() ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}

/** PDF string literal: Latin-1 text with (, ) and \ escaped; other characters become '?'. */
function pdfText(text: string): string {
  return transliterate(text)
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/[\\()]/g, (ch) => `\\${ch}`);
}

/**
 * A valid single-page PDF (A4, Helvetica) with the given lines: the objects, a cross-reference
 * table with their byte offsets and the trailer.
 */
export function tinyPdf(lines: string[]): Buffer {
  const content = [
    'BT',
    '/F1 16 Tf',
    '56 780 Td',
    '20 TL',
    ...lines.flatMap((line, i) => [i === 1 ? '/F1 11 Tf' : '', `(${pdfText(line)}) Tj T*`].filter(Boolean)),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// ─── Quarterly report files and comment files ──────────────────────────────────────────────────

export interface FileBody {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const NOTICE = 'Synthetic demo data: the company name is real, every figure is generated.';

/** The key figures of the quarter, for the file's text: [name, value, unit]. */
export type QuarterFigures = Array<[string, number | null, string]>;

export async function reportFileBody(
  file: ReportFileRow,
  companyName: string,
  figures: QuarterFigures,
): Promise<FileBody> {
  const title = `${companyName}: quarterly report, Q${file.quarter} ${file.year}`;
  const version = file.lang === 'rus' ? 'Russian version' : 'English version';
  const lines = figures.map(
    ([name, value, unit]) => `${name}: ${value === null ? 'n/a' : value.toLocaleString('en-US')} ${unit}`,
  );
  let body: Buffer;
  if (file.format === 'pdf') {
    body = tinyPdf([title, version, NOTICE, '', ...lines]);
  } else if (file.format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'fin-elements demo';
    const sheet = workbook.addWorksheet(`Q${file.quarter} ${file.year}`);
    sheet.addRow([title]).font = { bold: true };
    sheet.addRow([NOTICE]);
    sheet.addRow([]);
    for (const [name, value, unit] of figures) sheet.addRow([name, value, unit]);
    sheet.getColumn(1).width = 40;
    sheet.getColumn(2).width = 16;
    body = Buffer.from(await workbook.xlsx.writeBuffer());
  } else {
    body = Buffer.from([title, version, NOTICE, '', ...lines, ''].join('\n'), 'utf8');
  }
  return { body, contentType: MIME_TYPES[file.format], fileName: file.file_name };
}

/** Comment HTML as plain text lines (tags dropped, entities of the templates decoded). */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export async function commentFileBody(comment: CommentRow): Promise<FileBody> {
  const format = comment.file_format ?? 'txt';
  const text = plainText(comment.content);
  const provider = comment.provider_name_eng;
  let body: Buffer;
  if (format === 'pdf') {
    body = tinyPdf([comment.title, `${provider}, ${comment.date}`, NOTICE, '', ...text.split('\n')]);
  } else if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'fin-elements demo';
    const sheet = workbook.addWorksheet('Model');
    sheet.addRow([comment.title]).font = { bold: true };
    sheet.addRow([provider, comment.date]);
    sheet.addRow([NOTICE]);
    for (const line of text.split('\n')) sheet.addRow([line]);
    sheet.getColumn(1).width = 80;
    body = Buffer.from(await workbook.xlsx.writeBuffer());
  } else {
    body = Buffer.from(
      [comment.title, `${provider}, ${comment.date}`, NOTICE, '', text, ''].join('\n'),
      'utf8',
    );
  }
  return {
    body,
    contentType: MIME_TYPES[format],
    fileName: comment.file_name ?? `comment-${comment.id}.${format}`,
  };
}
