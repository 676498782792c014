/**
 * Contract tests of the report calls (SPEC §3 "Reports", "Report file entry", §6, §7): IFRS from
 * two sources, RAS, FMP, quarterly report files, the report files and the Excel export — shapes,
 * figures checked against the database with SQL of the test's own, and the paid parts read from
 * the raw answers of anonymous, free and paid sessions.
 */
import type Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FinancialReport,
  FmpReport,
  LockedClosedData,
  OpenClosedData,
  QuarterlyReports,
  ReportSection,
} from '../../../src/contract/reports.ts';
import { type Client, startAudiences, type AudienceFixture } from '../shared/testing.ts';

let fixture: AudienceFixture;
let db: Database.Database;
let anonymous: Client;
let free: Client;
let paid: Client;

beforeAll(async () => {
  fixture = await startAudiences();
  ({ db, anonymous, free, paid } = fixture);
});

afterAll(() => fixture.close());

async function json<T>(who: Client, url: string, status = 200): Promise<T> {
  const response = await who.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(status);
  return response.json() as T;
}

/** A quarter's stored value, or the sum / year-end value of a year, straight from the table. */
function stored(emitentId: number, sourceId: number, code: string, year: number, quarter?: number): number {
  if (quarter !== undefined) {
    return (
      db
        .prepare(
          'SELECT value FROM issuer_report_values WHERE emitent_id = ? AND source_id = ? AND code = ? AND year = ? AND quarter = ?',
        )
        .get(emitentId, sourceId, code, year, quarter) as { value: number }
    ).value;
  }
  return (
    db
      .prepare(
        'SELECT SUM(value) AS value FROM issuer_report_values WHERE emitent_id = ? AND source_id = ? AND code = ? AND year = ?',
      )
      .get(emitentId, sourceId, code, year) as { value: number }
  ).value;
}

function valueOf(section: ReportSection, lineId: string, columnId: string): number | null | undefined {
  const row = section.scroll_clmn.findIndex((line) => line.id === lineId);
  const column = section.scroll_head.findIndex((c) => c.id === columnId);
  if (row < 0 || column < 0) return undefined;
  return section.scroll_body[row]?.[column];
}

const SECTION_FIELDS = [
  'ttl',
  'dimension',
  'dimensions',
  'scroll_head',
  'scroll_body',
  'scroll_clmn',
  'sub_rows',
  'closed_data',
];

/** Every object offset of the cross-reference table points at its `n 0 obj`. */
function expectValidPdf(body: Buffer): void {
  const text = body.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(entries.length).toBeGreaterThanOrEqual(5);
  entries.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
  const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
  const stream = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(stream + length, stream + length + 10)).toBe('\nendstream');
}

async function workbookOf(response: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

describe('GET /api/report_msfo/{id}/', () => {
  it('gives everyone the free rows of every section, with annual figures summed from the quarters', async () => {
    const report = await json<FinancialReport>(anonymous, '/api/report_msfo/1/');
    expect(report).toMatchObject({
      emitent_id: 1,
      emitent_name: 'Сбербанк',
      apiUrl: 'msfo',
      standard: 'msfo',
      source: { id: 1, apiUrl: 'msfo' },
      currency: 'RUB',
      reportPeriod: 2,
      exportLink: '/api/company/1/export/msfo/?from=%from%&to=%to%&reportPeriod=%reportPeriod%',
      exportAccess: false,
    });
    expect(report.sources.map((s) => s.apiUrl)).toEqual(['msfo', 'msfo2']);
    expect(report.rsbu_balance).toBeUndefined();
    for (const key of ['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params'] as const) {
      const section = report[key];
      for (const field of SECTION_FIELDS) expect(section, `${key}.${field}`).toHaveProperty(field);
      expect(section.scroll_clmn).toHaveLength(5);
      expect(section.scroll_body).toHaveLength(5);
      expect(section.dimensions).toHaveLength(5);
      for (const row of section.scroll_body) expect(row).toHaveLength(section.scroll_head.length);
    }
    // The archive of report files: the quarterly report files block of the issuer's page.
    expect(report.params.archLink).toBe('/company/1/#quarterly_reports');
    const bs = report.balance_sheet;
    expect(bs.dimension).toBe('млн RUB');
    expect(bs.scroll_head.map((c) => c.id)).toEqual(['2024', '2023', '2022', '2021', '2020', '2019']);
    expect(bs.scroll_head[0]).toEqual({
      id: '2024',
      ttl: '2024',
      date: '31.12.2024',
      'date.numeric': 1735603200,
    });
    // Flows add up the quarters; balances are the year-end value.
    const pl = report.profit_and_loss;
    expect(valueOf(pl, 'revenue', '2023')).toBeCloseTo(stored(1, 1, 'revenue', 2023), 1);
    expect(valueOf(bs, 'total_assets', '2023')).toBe(stored(1, 1, 'total_assets', 2023, 4));
    // Sub rows of the free lines; rows with another unit say so.
    expect(bs.sub_rows.total_assets?.scroll_clmn.map((l) => l.id)).toEqual([
      'non_current_assets',
      'current_assets',
    ]);
    expect(bs.scroll_clmn[0]).toEqual({ id: 'total_assets', ttl: 'Активы, всего', sub: true });
    expect(report.params.dimensions).toEqual(['млн шт.', 'тыс. чел.', 'RUB', 'RUB', 'млн RUB']);
  });

  it('keeps the rows beyond the free part (closed_data) for paid users only', async () => {
    const anon = await anonymous.get('/api/report_msfo/1/');
    const closed = (anon.json() as FinancialReport).balance_sheet.closed_data as LockedClosedData;
    expect(closed).toEqual({
      locked: true,
      count: 5,
      need: 'need_auth',
      link: '/login/?back=%2Fcompany%2F1%2F',
    });
    // Neither the names nor any value of the closed rows are in the raw answer.
    expect(anon.body).not.toContain('Основные средства');
    expect(anon.body).not.toContain('"ppe"');
    expect(anon.body).not.toContain(String(stored(1, 1, 'ppe', 2024, 4)));

    const freeReport = await json<FinancialReport>(free, '/api/report_msfo/1/');
    expect(freeReport.profit_and_loss.closed_data).toEqual({
      locked: true,
      count: 8,
      need: 'need_get_access',
      link: '/profile/access/',
    });
    expect(freeReport.exportAccess).toBe(false);

    const paidReport = await json<FinancialReport>(paid, '/api/report_msfo/1/');
    expect(paidReport.exportAccess).toBe(true);
    const open = paidReport.balance_sheet.closed_data as OpenClosedData;
    expect(open.locked).toBe(false);
    expect(open.count).toBe(5);
    expect(open.scroll_clmn.map((l) => l.id)).toEqual([
      'ppe',
      'intangibles',
      'inventories',
      'receivables',
      'payables',
    ]);
    const column = paidReport.balance_sheet.scroll_head.findIndex((c) => c.id === '2024');
    expect(open.scroll_body[0]?.[column]).toBe(stored(1, 1, 'ppe', 2024, 4));
    const pl = paidReport.profit_and_loss.closed_data as OpenClosedData;
    expect(pl.dimensions[pl.scroll_clmn.findIndex((l) => l.id === 'eps')]).toBe('RUB');
  });

  it('serves the second source (data provider): its own figures and fewer lines', async () => {
    const second = await json<FinancialReport>(paid, '/api/report_msfo/1/?source=2');
    expect(second).toMatchObject({ apiUrl: 'msfo2', source: { id: 2, apiUrl: 'msfo2' } });
    expect(second.balance_sheet.sub_rows.total_equity).toBeUndefined();
    const first = await json<FinancialReport>(paid, '/api/report_msfo/1/');
    const a = valueOf(first.profit_and_loss, 'revenue', '2024') as number;
    const b = valueOf(second.profit_and_loss, 'revenue', '2024') as number;
    expect(b).not.toBe(a);
    expect(Math.abs(b / a - 1)).toBeLessThan(0.03);
    expect(await json<FinancialReport>(paid, '/api/company/get-report/msfo2/1/')).toEqual(second);
    await json(paid, '/api/report_msfo/13/?source=2', 404);
  });

  it('shows the last eight quarters with reportPeriod=1, titled in the request language', async () => {
    const report = await json<FinancialReport>(anonymous, '/api/report_msfo/1/?reportPeriod=1&lang=eng');
    const head = report.profit_and_loss.scroll_head;
    expect(head.map((c) => c.id)).toEqual([
      '2025-q1',
      '2024-q4',
      '2024-q3',
      '2024-q2',
      '2024-q1',
      '2023-q4',
      '2023-q3',
      '2023-q2',
    ]);
    expect(head[0]).toMatchObject({ ttl: 'Q1 2025', date: '31.03.2025' });
    expect(report.balance_sheet.ttl).toBe('Balance sheet');
    expect(report.balance_sheet.scroll_clmn[0]?.ttl).toBe('Total assets');
    expect(valueOf(report.profit_and_loss, 'revenue', '2025-q1')).toBe(stored(1, 1, 'revenue', 2025, 1));
    const russian = await json<FinancialReport>(anonymous, '/api/report_msfo/1/?reportPeriod=1');
    expect(russian.profit_and_loss.scroll_head[0]?.ttl).toBe('1 кв. 2025');
  });

  it('with from / to shows every period ending between them, older than eight quarters too, still gated', async () => {
    const url = '/api/company/get-report/msfo/1/?reportPeriod=1&lang=eng';
    const quarters = await json<FinancialReport>(anonymous, `${url}&from=01.01.2021&to=31.03.2025`);
    const ids = quarters.profit_and_loss.scroll_head.map((c) => c.id);
    expect(ids).toHaveLength(17);
    expect(ids[0]).toBe('2025-q1');
    expect(ids.at(-1)).toBe('2021-q1');
    expect(valueOf(quarters.profit_and_loss, 'revenue', '2021-q1')).toBe(stored(1, 1, 'revenue', 2021, 1));
    // A range opens nothing: the closed rows stay withheld from anonymous and free users.
    expect(quarters.profit_and_loss.closed_data).toMatchObject({ locked: true, need: 'need_auth' });
    const freeAnswer = await json<FinancialReport>(free, `${url}&from=01.01.2021&to=31.03.2025`);
    expect(freeAnswer.profit_and_loss.closed_data).toMatchObject({ locked: true, need: 'need_get_access' });
    const paidAnswer = await json<FinancialReport>(paid, `${url}&from=01.01.2021&to=31.03.2025`);
    expect(paidAnswer.profit_and_loss.closed_data).toMatchObject({ locked: false });

    const years = await json<FinancialReport>(
      anonymous,
      '/api/report_rsbu/1/?reportPeriod=2&from=01.07.2021&to=31.03.2024',
    );
    expect(years.balance_sheet.scroll_head.map((c) => c.id)).toEqual(['2023', '2022', '2021']);
    const open = await json<FinancialReport>(anonymous, '/api/report_msfo/1/?from=01.01.2023');
    expect(open.balance_sheet.scroll_head.map((c) => c.id)).toEqual(['2024', '2023']);
    const none = await json<FinancialReport>(anonymous, `${url}&from=01.01.2010&to=31.12.2010`);
    expect(none.balance_sheet.scroll_head).toEqual([]);

    expect((await anonymous.get(`${url}&from=31.02.2024`)).json().error).toMatch(/querystring\.from/);
    expect((await anonymous.get(`${url}&from=01.01.2024&to=01.01.2023`)).statusCode).toBe(400);
  });

  it('validates the id and the query, and answers 404 for unknown issuers', async () => {
    const bad = await anonymous.get('/api/report_msfo/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'params.id must be integer' });
    expect((await anonymous.get('/api/report_msfo/1/?reportPeriod=3')).json().error).toMatch(
      /querystring\.reportPeriod/,
    );
    expect((await anonymous.get('/api/report_msfo/1/?source=7')).json().error).toMatch(/querystring\.source/);
    expect((await anonymous.get('/api/report_msfo/999/')).json()).toEqual({ error: 'Unknown company 999' });
  });
});

describe('GET /api/report_rsbu/{id}/', () => {
  it('has the analytic sections and the official RAS forms, with the balance identities', async () => {
    const report = await json<FinancialReport>(paid, '/api/report_rsbu/3/');
    expect(report).toMatchObject({ apiUrl: 'rsbu', standard: 'rsbu', source: { id: 3 } });
    for (const key of ['rsbu_balance', 'rsbu_profit_and_loss', 'report_cash_flow'] as const) {
      const section = report[key] as ReportSection;
      for (const field of SECTION_FIELDS) expect(section, `${key}.${field}`).toHaveProperty(field);
    }
    const balance = report.rsbu_balance as ReportSection;
    expect(balance.ttl).toBe('Бухгалтерский баланс (форма 1)');
    expect(balance.scroll_clmn.map((l) => l.id)).toEqual([
      'ras_1100',
      'ras_1200',
      'ras_1600',
      'ras_1300',
      'ras_1400',
    ]);
    const closed = balance.closed_data as OpenClosedData;
    const assets = valueOf(balance, 'ras_1600', '2024') as number;
    const column = balance.scroll_head.findIndex((c) => c.id === '2024');
    const liabilities = closed.scroll_body[closed.scroll_clmn.findIndex((l) => l.id === 'ras_1700')]?.[
      column
    ] as number;
    expect(liabilities).toBeCloseTo(assets, 0);
    const pl = report.rsbu_profit_and_loss as ReportSection;
    expect(valueOf(pl, 'ras_2100', '2024')).toBeCloseTo(
      (valueOf(pl, 'ras_2110', '2024') as number) + (valueOf(pl, 'ras_2120', '2024') as number),
      0,
    );
    // The opening balance of a year is that of its first quarter.
    const cash = report.report_cash_flow as ReportSection;
    const opening = (cash.closed_data as OpenClosedData).scroll_body[0]?.[column];
    expect(opening).toBe(stored(3, 3, 'ras_4450', 2024, 1));
    expect(valueOf(cash, 'ras_4500', '2024')).toBe(stored(3, 3, 'ras_4500', 2024, 4));
  });

  it('hides the closed rows of the RAS forms from non-paid users; US issuers have no RAS', async () => {
    const report = await json<FinancialReport>(free, '/api/report_rsbu/3/');
    expect(report.rsbu_balance?.closed_data).toMatchObject({
      locked: true,
      need: 'need_get_access',
      count: 2,
    });
    expect(await json(anonymous, '/api/report_rsbu/21/', 404)).toEqual({
      error: 'Company 21 has no rsbu report',
    });
  });
});

describe('GET /api/company/get-report/{apiUrl}/{id}/', () => {
  it('answers each report kind with its own shape', async () => {
    expect(await json(anonymous, '/api/company/get-report/msfo/1/')).toEqual(
      await json(anonymous, '/api/report_msfo/1/'),
    );
    expect(await json(anonymous, '/api/company/get-report/rsbu/1/?reportPeriod=1')).toEqual(
      await json(anonymous, '/api/report_rsbu/1/?reportPeriod=1'),
    );
    expect(await json(anonymous, '/api/company/get-report/fmp/1/')).toEqual(
      await json(anonymous, '/api/report_fmp/1/'),
    );
    const quarterly = await json<QuarterlyReports>(anonymous, '/api/company/get-report/quarterly/1/');
    expect(quarterly).toHaveProperty('items');
    const bad = await anonymous.get('/api/company/get-report/gaap/1/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^params\.apiUrl/);
    expect((await anonymous.get('/api/company/get-report/msfo/999/')).statusCode).toBe(404);
  });
});

describe('GET /api/report_fmp/{emitent}/[{periodId}/]', () => {
  it('without a period shows the latest one; a period shows its cumulative figures by year', async () => {
    const latest = await json<FmpReport>(anonymous, '/api/report_fmp/1/');
    expect(latest).toMatchObject({
      emitent_id: 1,
      periodId: 1,
      requestedPeriodId: null,
      fallback: false,
      currency: 'RUB',
    });
    expect(latest.periods).toEqual([
      { id: 1, periodNum: 3, ttl: '3 месяца' },
      { id: 2, periodNum: 6, ttl: '6 месяцев' },
      { id: 3, periodNum: 9, ttl: '9 месяцев' },
      { id: 4, periodNum: 12, ttl: '12 месяцев' },
    ]);
    expect(latest.headers[1]).toBe('3 мес. 2025');

    const nine = await json<FmpReport>(paid, '/api/report_fmp/1/3/');
    expect(nine).toMatchObject({ periodId: 3, requestedPeriodId: 3, fallback: false });
    expect(nine.columns).toEqual(['report_line_name', 'y2024', 'y2023', 'y2022', 'y2021', 'y2020']);
    expect(nine.headers).toEqual([
      'Показатель',
      '9 мес. 2024',
      '9 мес. 2023',
      '9 мес. 2022',
      '9 мес. 2021',
      '9 мес. 2020',
    ]);
    expect(nine.groups.map((g) => [g.report_line_code, g.count, g.closed])).toEqual([
      ['IS', 11, null],
      ['BS', 11, null],
      ['CF', 7, null],
    ]);
    const revenue = nine.data.find((row) => row.report_line_code === 'revenue');
    expect(revenue).toMatchObject({
      financial_statement_code: 'IS',
      report_line_name: 'Выручка',
      dimension: 'млн RUB',
    });
    const nineMonths = [1, 2, 3].reduce((sum, q) => sum + stored(1, 1, 'revenue', 2024, q), 0);
    expect(revenue?.y2024 as number).toBeCloseTo(nineMonths, 0);
    // A balance line is the value at the end of the period.
    expect(nine.data.find((row) => row.report_line_code === 'totalAssets')?.y2024).toBe(
      stored(1, 1, 'total_assets', 2024, 3),
    );
  });

  it('falls back to the latest period when the asked-for one has no data', async () => {
    const report = await json<FmpReport>(anonymous, '/api/report_fmp/12/1/');
    expect(report).toMatchObject({ periodId: 4, requestedPeriodId: 1, fallback: true });
    expect(report.periods.map((p) => p.id)).toEqual([4]);
    expect(report.data.length).toBeGreaterThan(0);
  });

  it('shows five rows per group to non-paid users and says what the rest needs', async () => {
    const anon = await anonymous.get('/api/report_fmp/1/4/');
    const report = anon.json() as FmpReport;
    for (const group of report.groups) {
      expect(
        report.data.filter((row) => row.financial_statement_code === group.report_line_code),
      ).toHaveLength(5);
      expect(group.closed).toEqual({
        count: group.count - 5,
        need: 'need_auth',
        link: '/login/?back=%2Fcompany%2F1%2F',
      });
    }
    expect(anon.body).not.toContain('netIncome');
    const freeAnswer = await free.get('/api/report_fmp/1/4/');
    const freeReport = freeAnswer.json() as FmpReport;
    expect(freeReport.groups[0]?.closed).toMatchObject({ need: 'need_get_access', link: '/profile/access/' });
    // A free session gets no more than an anonymous one: five rows a group, the rest withheld.
    expect(freeReport.data).toEqual(report.data);
    expect(freeAnswer.body).not.toContain('netIncome');
    const paidReport = await json<FmpReport>(paid, '/api/report_fmp/1/4/');
    expect(paidReport.data.some((row) => row.report_line_code === 'netIncome')).toBe(true);
  });

  it('validates the period and answers 404 for issuers without an FMP report', async () => {
    expect((await anonymous.get('/api/report_fmp/1/5/')).json().error).toMatch(/^params\.periodId/);
    expect((await anonymous.get('/api/report_fmp/x/')).json().error).toMatch(/^params\.emitent/);
    expect(await json(anonymous, '/api/report_fmp/26/', 404)).toEqual({
      error: 'Company 26 has no fmp report',
    });
  });
});

describe('quarterly report files', () => {
  it('lists the files by year and quarter; only paid answers carry the links', async () => {
    const anon = await json<QuarterlyReports>(anonymous, '/api/company/get-report/quarterly/1/');
    expect(anon).toMatchObject({
      emitent_id: 1,
      need: 'need_auth',
      link: '/login/?back=%2Fcompany%2F1%2F',
      defaultYears: 2,
    });
    expect(anon.items.map((entry) => entry.year)).toEqual([2025, 2024, 2023, 2022, 2021]);
    const first = anon.items[0];
    expect(Object.keys(first?.monthArray ?? {})).toEqual(['1', '2', '3', '4']);
    expect(first?.monthArray['2']).toBeNull();
    expect(first?.monthArray['1']?.rus).toEqual({
      link: null,
      mimetype: 'application/pdf',
      name: 'sberbank-2025-q1-rus.pdf',
    });
    expect(JSON.stringify(anon)).not.toContain('/api/company/report-file/');

    const freeFiles = await json<QuarterlyReports>(free, '/api/company/get-report/quarterly/1/');
    expect(freeFiles).toMatchObject({ need: 'need_get_access', link: '/profile/access/' });
    expect(JSON.stringify(freeFiles)).not.toContain('/api/company/report-file/');

    const paidFiles = await json<QuarterlyReports>(paid, '/api/company/get-report/quarterly/1/');
    expect(paidFiles).toMatchObject({ need: null, link: null });
    expect(paidFiles.items[0]?.monthArray['1']?.rus?.link).toMatch(/^\/api\/company\/report-file\/\d+\/$/);
    const q4 = paidFiles.items[1]?.monthArray['4'];
    expect(q4?.eng?.mimetype).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // US issuers file in English only.
    const apple = await json<QuarterlyReports>(paid, '/api/company/get-report/quarterly/21/');
    const quarters = apple.items
      .flatMap((entry) => Object.values(entry.monthArray))
      .filter((q) => q !== null);
    expect(quarters.every((q) => q.rus === null && q.eng !== null)).toBe(true);
  });

  it('serves the files to paid users only, as real PDF, Excel and text files', async () => {
    const file = (format: string) =>
      db
        .prepare('SELECT id, file_name FROM issuer_report_files WHERE format = ? ORDER BY id LIMIT 1')
        .get(format) as {
        id: number;
        file_name: string;
      };
    const pdf = file('pdf');
    const url = `/api/company/report-file/${pdf.id}/`;
    expect((await anonymous.get(url)).statusCode).toBe(401);
    expect((await anonymous.get(url)).json()).toMatchObject({ need: 'need_auth' });
    expect((await free.get(url)).statusCode).toBe(403);
    expect((await free.get(url)).json()).toMatchObject({ need: 'need_get_access' });

    const response = await paid.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${pdf.file_name}"`);
    expectValidPdf(response.rawPayload);
    expect(response.rawPayload.toString('latin1')).toContain('quarterly report');

    const xlsx = await paid.get(`/api/company/report-file/${file('xlsx').id}/`);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = await workbookOf(xlsx);
    expect(String(workbook.worksheets[0]?.getCell('A1').value)).toMatch(/quarterly report, Q4/);

    const txt = await paid.get(`/api/company/report-file/${file('txt').id}/`);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toMatch(/^.+: quarterly report, Q2 \d{4}\nEnglish version\nSynthetic demo data/);

    expect((await paid.get('/api/company/report-file/99999/')).statusCode).toBe(404);
    expect((await paid.get('/api/company/report-file/x/')).json().error).toMatch(/^params\.fileId/);
  });
});

describe('GET /api/company/{id}/export/{apiUrl}/ (Excel)', () => {
  it('refuses anonymous (401 need_auth) and free users (403 need_get_access)', async () => {
    const url = '/api/company/1/export/msfo/?from=01.01.2020&to=30.06.2025&reportPeriod=2';
    const anon = await anonymous.get(url);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ need: 'need_auth' });
    const freeAnswer = await free.get(url);
    expect(freeAnswer.statusCode).toBe(403);
    expect(freeAnswer.json()).toMatchObject({ need: 'need_get_access' });
  });

  it('exports the report of the date range, closed rows included, one sheet per section', async () => {
    const response = await paid.get(
      '/api/company/1/export/msfo/?from=01.01.2022&to=31.12.2023&reportPeriod=2',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="sberbank-msfo-2022-01-01-2023-12-31.xlsx"',
    );
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Баланс',
      'Отчёт о прибылях и убытках',
      // Excel cuts sheet names at 31 characters.
      'Отчёт о движении денежных средств'.slice(0, 31),
      'Параметры',
    ]);
    const sheet = workbook.getWorksheet('Баланс') as ExcelJS.Worksheet;
    expect(sheet.getRow(5).values).toEqual([undefined, 'Показатель', 'Ед. изм.', '2023', '2022']);
    const rowOf = (name: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === name) found = row;
      });
      return found;
    };
    expect(rowOf('Активы, всего')?.getCell(3).value).toBe(stored(1, 1, 'total_assets', 2023, 4));
    // A closed row and a sub row are there too.
    expect(rowOf('Основные средства')?.getCell(4).value).toBe(stored(1, 1, 'ppe', 2022, 4));
    expect(rowOf('Оборотные активы')?.getCell(2).value).toBe('млн RUB');
  });

  it('defaults a missing start to 1970 and a missing end to today; quarters with reportPeriod=1; RAS forms', async () => {
    const all = await paid.get('/api/company/3/export/rsbu/?from=&to=&reportPeriod=1');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe(
      'attachment; filename="lukoil-rsbu-1970-01-01-2025-06-30.xlsx"',
    );
    const workbook = await workbookOf(all);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toContain('Бухгалтерский баланс (форма 1)');
    const head = workbook.worksheets[0]?.getRow(5).values as unknown[];
    expect(head[3]).toBe('1 кв. 2025');
    expect(head.length - 3).toBe(25); // every quarter since 2019
    const english = await paid.get('/api/company/1/export/msfo2/?lang=eng');
    expect((await workbookOf(english)).worksheets[0]?.name).toBe('Balance sheet');
  });

  it('names the field of a bad date', async () => {
    for (const [query, field] of [
      ['from=2024-01-01', 'querystring.from'],
      ['to=31.02.2024', 'querystring.to'],
      ['from=01.01.2025&to=01.01.2024', 'querystring.from'],
      ['reportPeriod=9', 'querystring.reportPeriod'],
    ] as const) {
      const response = await paid.get(`/api/company/1/export/msfo/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toContain(field);
    }
    expect((await paid.get('/api/company/1/export/fmp/')).json().error).toMatch(/^params\.apiUrl/);
    expect((await paid.get('/api/company/13/export/msfo2/')).statusCode).toBe(404);
  });
});

describe('report line names in the page language (issue 20)', () => {
  const OTHER_LANGS = ['pol', 'ita', 'deu', 'esp', 'chn', 'ukr', 'fra', 'tur'] as const;

  /** Every line name of a statement answer, sub rows included. */
  function statementNames(report: FinancialReport): string[] {
    const sections = [
      report.balance_sheet,
      report.profit_and_loss,
      report.cash_flow_statement,
      report.params,
      report.rsbu_balance,
      report.rsbu_profit_and_loss,
      report.report_cash_flow,
    ].filter((section): section is ReportSection => section !== undefined);
    return sections.flatMap((section) => [
      ...section.scroll_clmn.map((line) => line.ttl),
      ...Object.values(section.sub_rows).flatMap((rows) => rows.scroll_clmn.map((line) => line.ttl)),
    ]);
  }

  async function namesOf(lang: string): Promise<string[]> {
    const ifrs = await json<FinancialReport>(paid, `/api/report_msfo/1/?reportPeriod=2&lang=${lang}`);
    const ras = await json<FinancialReport>(paid, `/api/report_rsbu/1/?reportPeriod=2&lang=${lang}`);
    const fmp = await json<FmpReport>(paid, `/api/report_fmp/1/?lang=${lang}`);
    return [...statementNames(ifrs), ...statementNames(ras), ...fmp.data.map((row) => row.report_line_name)];
  }

  it('names IFRS, RAS and FMP lines in each language, not in English', async () => {
    const english = await namesOf('eng');
    expect(english).toContain('Total assets');
    // Words that are the same in English and in the language (EBITDA) are all that may repeat.
    const sameEverywhere = new Set(['EBITDA']);
    for (const lang of OTHER_LANGS) {
      const names = await namesOf(lang);
      expect(names, lang).toHaveLength(english.length);
      const englishLeft = names.filter((name, i) => name === english[i] && !sameEverywhere.has(name));
      expect(englishLeft, lang).toEqual([]);
      expect(
        names.filter((name) => name.endsWith(' (EN)')),
        lang,
      ).toEqual([]);
    }
    const german = await namesOf('deu');
    expect(german).toContain('Summe Aktiva');
    expect(german).toContain('Umsatzerlöse (2110)');
  });
});
