import { describe, expect, it } from 'vitest';
import type { ReportFileEntry } from '../../../contract/reports.ts';
import { fileState, fileTypeLabel, quarterlyYears, shownYears } from './quarterly.model.ts';

const entry = (year: number): ReportFileEntry => ({
  year,
  monthArray: { '1': null, '2': null, '3': null, '4': null },
});

describe('quarterly report files model', () => {
  it('lists the years newest first and shows the answer’s number of years (SPEC §9: 2)', () => {
    expect(quarterlyYears({ items: [entry(2023), entry(2025), entry(2024)] }).map((e) => e.year)).toEqual([
      2025, 2024, 2023,
    ]);
    expect(shownYears({ defaultYears: 2 })).toBe(2);
    expect(shownYears({ defaultYears: 0 })).toBe(2);
    expect(shownYears({ defaultYears: 3 })).toBe(3);
  });

  it('names the file type from its mimetype', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('XLSX');
    expect(fileTypeLabel('text/plain; charset=utf-8')).toBe('TXT');
    expect(fileTypeLabel('image/png')).toBe('PNG');
  });

  it('offers the download only with a link that passes the link check, else the prompt the answer names', () => {
    const pdf = { link: '/api/company/report-file/7/', mimetype: 'application/pdf', name: 'q1.pdf' };
    expect(fileState(pdf, null)).toEqual({
      kind: 'download',
      href: '/api/company/report-file/7/',
      name: 'q1.pdf',
      type: 'PDF',
      mimetype: 'application/pdf',
    });
    expect(fileState({ ...pdf, link: null }, 'need_get_access')).toEqual({
      kind: 'locked',
      need: 'need_get_access',
      type: 'PDF',
    });
    expect(fileState({ ...pdf, link: null }, null)).toMatchObject({ kind: 'locked', need: 'need_auth' });
    expect(fileState({ ...pdf, link: 'javascript:alert(1)' }, null)).toMatchObject({ kind: 'locked' });
    expect(fileState(null, 'need_auth')).toEqual({ kind: 'none' });
  });
});
