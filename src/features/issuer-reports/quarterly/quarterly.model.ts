/**
 * The quarterly report files as the section shows them (SPEC §3 "Report file entry", §4, §6, §9):
 * years newest first, 2 shown until expanded, per quarter the Russian and English files; the
 * links come only to paid users, the others get the prompt the answer names (need_auth or
 * need_get_access).
 */
import type {
  NeedAccess,
  QuarterlyReports,
  ReportFileEntry,
  ReportFileLink,
} from '../../../contract/reports.ts';
import { safeHref } from '../../../contract/links.ts';

/** SPEC §9: quarterly reports show 2 years until expanded (the answer says so too). */
export const QUARTERLY_DEFAULT_YEARS = 2;
export const QUARTERS = ['1', '2', '3', '4'] as const;
export type Quarter = (typeof QUARTERS)[number];
export const FILE_LANGS = ['rus', 'eng'] as const;
export type FileLang = (typeof FILE_LANGS)[number];

/** The years, newest first. */
export function quarterlyYears(answer: Pick<QuarterlyReports, 'items'>): ReportFileEntry[] {
  return [...answer.items].sort((a, b) => b.year - a.year);
}

/** Years shown before "show more": the answer's, else SPEC §9's. */
export function shownYears(answer: Pick<QuarterlyReports, 'defaultYears'>): number {
  return Number.isInteger(answer.defaultYears) && answer.defaultYears > 0
    ? answer.defaultYears
    : QUARTERLY_DEFAULT_YEARS;
}

const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/msword': 'DOC',
  'application/zip': 'ZIP',
  'text/plain': 'TXT',
  'text/html': 'HTML',
};

/** "PDF", "XLSX", "TXT" from a mimetype (parameters ignored); an unknown one by its subtype. */
export function fileTypeLabel(mimetype: string): string {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  const known = FILE_TYPES[base];
  if (known) return known;
  const subtype = base.split('/')[1] ?? base;
  return (
    subtype
      .replace(/^(x-|vnd\.)/, '')
      .slice(0, 12)
      .toUpperCase() || '?'
  );
}

/** What a file of a quarter shows: a download, a prompt (no link for this user), or nothing filed. */
export type FileState =
  | { kind: 'download'; href: string; name: string; type: string; mimetype: string }
  | { kind: 'locked'; need: NeedAccess; type: string }
  | { kind: 'none' };

/**
 * A file's state for the user: the link when the answer carries one that passes the link check,
 * else the prompt the answer names (an anonymous answer without `need` still asks to log in).
 */
export function fileState(file: ReportFileLink | null, need: NeedAccess | null): FileState {
  if (!file) return { kind: 'none' };
  const type = fileTypeLabel(file.mimetype);
  const href = file.link === null ? null : safeHref(file.link);
  if (href) return { kind: 'download', href, name: file.name, type, mimetype: file.mimetype };
  return { kind: 'locked', need: need ?? 'need_auth', type };
}
