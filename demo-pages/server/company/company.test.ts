/**
 * Contract tests of the issuer calls other than the reports (SPEC §3, §4 "Comment file access",
 * §6, §7): comments and their files, access requests, multipliers, consensus forecasts, related
 * issuers, and the /company/{id}/ page with its page data — read from the raw answers of
 * anonymous, free and paid sessions.
 */
import type Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyComment,
  CompanyCommentsAnswer,
  ConsensusAnswer,
  IssuerReportsPageData,
  MultipliersAnswer,
  RelatedLink,
} from '../../../src/contract/company.ts';
import { checkIssuerReportsPageData } from '../../../src/contract/page-data.ts';
import { ISSUER_PAGE_MENU_SECTIONS } from '../../../src/contract/page-sections.ts';
import { EMITENTS, STOCKS } from '../../data/instruments.ts';
import { COMMENT_PROVIDERS, HOSTILE_COMMENT_CONTENT } from '../../data/issuers.ts';
import { bcp47Of, LANGUAGES } from '../../../src/contract/types.ts';
import {
  client,
  jsonBlock,
  signIn,
  type Client,
  startAudiences,
  type AudienceFixture,
} from '../shared/testing.ts';

let fixture: AudienceFixture;
let db: Database.Database;
let app: FastifyInstance;
let anonymous: Client;
let free: Client;
let paid: Client;
/** An issuer with no reports, comments or links at all (inserted by the test). */
const BARE_EMITENT = 902;

beforeAll(async () => {
  fixture = await startAudiences({
    prepare: (writable) => {
      writable
        .prepare(
          "INSERT INTO emitents (id, name, name_eng, full_name, full_name_eng) VALUES (?, 'Пустой', 'Bare', 'Пустой', 'Bare')",
        )
        .run(BARE_EMITENT);
    },
  });
  ({ db, app, anonymous, free, paid } = fixture);
});

afterAll(() => fixture.close());

async function json<T>(who: Client, url: string, status = 200): Promise<T> {
  const response = await who.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(status);
  return response.json() as T;
}

/** A GET that writes: the session token goes in X-CSRF-Token. */
async function getWithToken(who: Client, url: string, token: string | null) {
  return who.jar.store(
    await app.inject({
      method: 'GET',
      url,
      headers: { ...who.jar.header(), ...(token === null ? {} : { 'x-csrf-token': token }) },
    }),
  );
}

async function sidOf(who: Client): Promise<string> {
  return (jsonBlock((await who.get('/company/1/')).body, 'fin-user') as { sid: string }).sid;
}

/** Every listed comment of every issuer, as the session sees it, by id. */
async function allComments(who: Client): Promise<Map<number, CompanyComment>> {
  const byId = new Map<number, CompanyComment>();
  for (const emitent of EMITENTS) {
    const answer = await json<CompanyCommentsAnswer>(who, `/api/company/${emitent.id}/comments_about/`);
    for (const comment of answer.items) byId.set(comment.id, comment);
  }
  return byId;
}

const COMMENT_FIELDS = [
  'title',
  'provider_name',
  'provider_id',
  'language',
  'file',
  'content',
  'cb_link',
  'cb_file_link',
  'date',
  'date.numeric',
  'linked_emitents',
  'moderated',
  'approved',
  'checked',
  'requestExists',
  'file_access',
  'alert',
];

describe('GET /api/company/{id}/comments_about/', () => {
  it('lists the approved comments about the issuer, newest first, with the SPEC fields', async () => {
    const { items } = await json<CompanyCommentsAnswer>(anonymous, '/api/company/1/comments_about/');
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const comment of items) {
      for (const field of COMMENT_FIELDS) expect(comment, field).toHaveProperty(field);
      expect(comment.date).toMatch(/^\d\d\.\d\d\.\d{4}$/);
      expect(comment.cb_link).toBe(`/company/${comment.linked_emitents[0]?.id}/#comment-${comment.id}`);
      expect(comment.linked_emitents.map((e) => e.id)).toContain(1);
      expect(comment).toMatchObject({ moderated: true, approved: true });
    }
    const dates = items.map((c) => c['date.numeric']);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    // Comments awaiting approval are stored but never listed.
    const pending = db
      .prepare(
        'SELECT c.id, ce.emitent_id FROM issuer_comments c JOIN issuer_comment_emitents ce ON ce.comment_id = c.id WHERE c.approved = 0',
      )
      .all() as Array<{ id: number; emitent_id: number }>;
    expect(pending.length).toBeGreaterThan(0);
    for (const { id, emitent_id } of pending) {
      const listed = await json<CompanyCommentsAnswer>(
        anonymous,
        `/api/company/${emitent_id}/comments_about/`,
      );
      expect(listed.items.map((c) => c.id)).not.toContain(id);
    }
  });

  it('keeps the content as written, hostile markup included (the client sanitizes), in several languages', async () => {
    const comments = [...(await allComments(anonymous)).values()];
    const hostile = comments.find((c) => c.content.includes('onerror'));
    expect(hostile?.content).toBe(HOSTILE_COMMENT_CONTENT);
    expect(hostile?.content).toContain('<img src="x" onerror="alert(\'xss\')">');
    expect(new Set(comments.map((c) => c.language)).size).toBeGreaterThanOrEqual(4);
    expect(comments.some((c) => c.linked_emitents.length > 1)).toBe(true);
    expect(new Set(comments.map((c) => c.file_access_kind))).toEqual(new Set(['open', 'paid', 'request']));
  });

  it('computes the file access state per user (SPEC §4): open, request sent, request rejected, denied', async () => {
    const expected = (who: 'anonymous' | 'free' | 'paid', comment: CompanyComment) => {
      const kind = comment.file_access_kind;
      if (kind === 'open') return ['open', null];
      if (who === 'anonymous') return ['denied', 'need_auth'];
      if (kind === 'paid') return who === 'paid' ? ['open', null] : ['denied', 'need_get_access'];
      // Seeded requests: the free user's to provider 3 is pending; the paid user's to 3 approved, to 4 rejected.
      if (who === 'free')
        return comment.provider_id === 3 ? ['request_sent', 'request_sent'] : ['denied', 'download_denied'];
      return comment.provider_id === 3 ? ['open', null] : ['request_rejected', 'request_rejected'];
    };
    for (const [who, session] of [
      ['anonymous', anonymous],
      ['free', free],
      ['paid', paid],
    ] as const) {
      const comments = [...(await allComments(session)).values()].filter((c) => c.file !== null);
      expect(new Set(comments.map((c) => c.provider_id))).toEqual(new Set([1, 2, 3, 4]));
      for (const comment of comments) {
        const [state, alert] = expected(who, comment);
        expect([who, comment.id, comment.file_access, comment.alert]).toEqual([
          who,
          comment.id,
          state,
          alert,
        ]);
        expect(comment.cb_file_link).toBe(state === 'open' ? `/api/comments/file/${comment.id}/` : null);
        expect(comment.requestAllowed).toBe(who === 'free' && comment.provider_id === 4);
        expect(comment.requestExists).toBe(
          (who === 'free' && comment.provider_id === 3) ||
            (who === 'paid' && [3, 4].includes(comment.provider_id)),
        );
      }
    }
  });

  it('lists on each issuer page only comments about that issuer: every title names it', async () => {
    for (const lang of ['rus', 'eng'] as const) {
      for (const emitent of EMITENTS) {
        const { items } = await json<CompanyCommentsAnswer>(
          anonymous,
          `/api/company/${emitent.id}/comments_about/?lang=${lang}`,
        );
        // A comment in Russian names the issuer in Russian; the other languages use the English name.
        for (const comment of items)
          expect(comment.title, `${emitent.id} ${lang}`).toContain(
            comment.language === 'rus' ? emitent.name : emitent.nameEng,
          );
      }
    }
  });

  it("answers in the page's language where the provider wrote that version, else in the provider's original", async () => {
    const originals = new Map<number, string>();
    const seen = new Map<string, Set<string>>();
    for (const lang of LANGUAGES) {
      for (const emitent of EMITENTS.slice(0, 8)) {
        const { items } = await json<CompanyCommentsAnswer>(
          anonymous,
          `/api/company/${emitent.id}/comments_about/?lang=${lang}`,
        );
        for (const comment of items) {
          const provider = COMMENT_PROVIDERS.find((p) => p.id === comment.provider_id)!;
          const expected = (provider.languages as string[]).includes(lang) ? lang : provider.languages[0];
          expect([comment.id, lang, comment.language]).toEqual([comment.id, lang, expected]);
          expect(bcp47Of(comment.language)).not.toBeNull();
          // The versions are one comment: the same id, file and date in every language.
          if (comment.language === provider.languages[0]) originals.set(comment.id, comment.title);
          seen.set(`${comment.id}`, (seen.get(`${comment.id}`) ?? new Set()).add(comment.language));
        }
      }
    }
    // Providers with several languages gave a comment in more than one of them.
    expect([...seen.values()].some((languages) => languages.size > 1)).toBe(true);
    expect(originals.size).toBeGreaterThan(0);
  });

  it('validates the id and answers 404 for unknown issuers; an issuer without comments has none', async () => {
    expect((await anonymous.get('/api/company/abc/comments_about/')).json()).toEqual({
      error: 'params.id must be integer',
    });
    expect((await anonymous.get('/api/company/999/comments_about/')).statusCode).toBe(404);
    expect(await json(anonymous, `/api/company/${BARE_EMITENT}/comments_about/`)).toEqual({ items: [] });
  });
});

describe('GET /api/comments/file/{commentId}/', () => {
  const commentOf = (providerId: number, format?: string) =>
    db
      .prepare(
        `SELECT id, title, file_name, file_format FROM issuer_comments
         WHERE provider_id = ? AND approved = 1 AND file_name IS NOT NULL AND (? IS NULL OR file_format = ?) ORDER BY id LIMIT 1`,
      )
      .get(providerId, format ?? null, format ?? null) as {
      id: number;
      title: string;
      file_name: string;
      file_format: string;
    };

  it('serves open files to everyone and the others by the access state, with the alert as `need`', async () => {
    const open = commentOf(1);
    const anon = await anonymous.get(`/api/comments/file/${open.id}/`);
    expect(anon.statusCode).toBe(200);
    expect(anon.headers['content-disposition']).toBe(`attachment; filename="${open.file_name}"`);

    const paidOnly = `/api/comments/file/${commentOf(2).id}/`;
    expect([(await anonymous.get(paidOnly)).statusCode, (await anonymous.get(paidOnly)).json().need]).toEqual(
      [401, 'need_auth'],
    );
    expect([(await free.get(paidOnly)).statusCode, (await free.get(paidOnly)).json().need]).toEqual([
      403,
      'need_get_access',
    ]);
    expect((await paid.get(paidOnly)).statusCode).toBe(200);

    const granted = `/api/comments/file/${commentOf(3).id}/`;
    expect((await free.get(granted)).json()).toMatchObject({ need: 'request_sent' });
    expect((await paid.get(granted)).statusCode).toBe(200);
    const refused = `/api/comments/file/${commentOf(4).id}/`;
    expect((await free.get(refused)).json()).toMatchObject({ need: 'download_denied' });
    expect([(await paid.get(refused)).statusCode, (await paid.get(refused)).json().need]).toEqual([
      403,
      'request_rejected',
    ]);
  });

  it('serves real files with the right Content-Type', async () => {
    const pdf = await paid.get(`/api/comments/file/${commentOf(2, 'pdf').id}/`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);

    const model = commentOf(2, 'xlsx');
    const xlsx = await paid.get(`/api/comments/file/${model.id}/`);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(String(workbook.worksheets[0]?.getCell('A1').value)).toBe(model.title);

    const note = commentOf(1, 'txt');
    const txt = await anonymous.get(`/api/comments/file/${note.id}/`);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body.split('\n')[0]).toBe(note.title);
    expect(txt.body).not.toMatch(/<[a-z]/);

    expect((await paid.get('/api/comments/file/99999/')).statusCode).toBe(404);
    expect((await paid.get('/api/comments/file/x/')).json().error).toMatch(/^params\.commentId/);
  });
});

describe('GET /api/comments/create_comments_access_request/{providerId}/', () => {
  const url = (providerId: number | string) => `/api/comments/create_comments_access_request/${providerId}/`;

  it('needs the session token (CSRF) and a signed-in user', async () => {
    expect((await free.get(url(4))).statusCode).toBe(403);
    expect((await getWithToken(free, url(4), 'not-the-token')).statusCode).toBe(403);
    const visitor = client(app);
    const token = await sidOf(visitor);
    const anon = await getWithToken(visitor, url(4), token);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ need: 'need_auth' });
  });

  it('stores the request; the provider’s comments then show “request sent”', async () => {
    const user = await signIn(app, '+79000000077');
    const token = await sidOf(user);
    const before = [...(await allComments(user)).values()].filter((c) => c.provider_id === 4);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.file_access === 'denied' && c.requestAllowed && !c.requestExists)).toBe(
      true,
    );

    const answer = await getWithToken(user, url(4), token);
    expect(answer.statusCode).toBe(200);
    const stored = db
      .prepare(
        "SELECT r.status, r.created_at FROM comment_access_requests r JOIN users u ON u.id = r.user_id WHERE u.phone = '+79000000077'",
      )
      .all() as Array<{ status: string; created_at: number }>;
    expect(stored.map((row) => row.status)).toEqual(['sent']);
    // The day it was sent, as the comments then say ("Requested on …").
    const day = new Date(stored[0]!.created_at).toISOString().slice(0, 10).split('-').reverse().join('.');
    expect(answer.json()).toEqual({
      response: { items: [{ success: true, status: 'sent', message: 'request_sent', date: day }] },
    });
    const after = [...(await allComments(user)).values()].filter((c) => c.provider_id === 4);
    expect(
      after.every(
        (c) =>
          c.file_access === 'request_sent' &&
          c.alert === 'request_sent' &&
          c.requestExists &&
          c.request_date === day,
      ),
    ).toBe(true);
    expect(before.every((c) => c.request_date === null)).toBe(true);
    // Asking again changes nothing.
    expect((await getWithToken(user, url(4), token)).json().response.items[0]).toMatchObject({
      status: 'sent',
    });
  });

  it('reports a refused request, and refuses providers that do not grant on request', async () => {
    const token = await sidOf(paid);
    expect((await getWithToken(paid, url(4), token)).json()).toEqual({
      response: {
        items: [
          {
            success: false,
            status: 'rejected',
            message: 'request_rejected',
            // The day of the request the provider refused (seeded ten days before the demo's today).
            date: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
          },
        ],
      },
    });
    expect((await getWithToken(paid, url(3), token)).json().response.items[0]).toMatchObject({
      success: true,
      status: 'approved',
    });
    expect((await getWithToken(paid, url(1), token)).statusCode).toBe(400);
    expect((await getWithToken(paid, url(77), token)).statusCode).toBe(404);
    expect((await getWithToken(paid, url('x'), token)).json().error).toMatch(/^params\.providerId/);
  });
});

describe('GET /api/company/{id}/multipliers/', () => {
  /** Capitalisation (mln) and net income of a year, with SQL of the test's own. */
  function peOf(emitentId: number, year: number): number {
    const date = `${year}-12-31`;
    const stocks = db
      .prepare('SELECT id, shares_outstanding FROM stocks WHERE emitent_id = ?')
      .all(emitentId) as Array<{
      id: number;
      shares_outstanding: number;
    }>;
    let cap = 0;
    for (const stock of stocks) {
      const ground = db
        .prepare('SELECT ground_id FROM stock_grounds WHERE stock_id = ? ORDER BY position LIMIT 1')
        .get(stock.id) as { ground_id: number };
      const close = (
        db
          .prepare(
            'SELECT close FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date <= ? ORDER BY date DESC LIMIT 1',
          )
          .get(stock.id, ground.ground_id, date) as { close: number }
      ).close;
      const split = db
        .prepare('SELECT coefficient FROM splits WHERE stock_id = ? AND date > ?')
        .all(stock.id, date) as Array<{ coefficient: number }>;
      cap += (close * stock.shares_outstanding) / split.reduce((f, s) => f * s.coefficient, 1);
    }
    const income = (
      db
        .prepare(
          "SELECT SUM(value) AS v FROM issuer_report_values WHERE emitent_id = ? AND source_id = 1 AND code = 'net_income_parent' AND year = ?",
        )
        .get(emitentId, year) as { v: number }
    ).v;
    return cap / 1e6 / income;
  }

  it('has quarterly (1) and annual (2) groups; P/E from the prices and the reports', async () => {
    const answer = await json<MultipliersAnswer>(paid, '/api/company/1/multipliers/');
    expect(Object.keys(answer)).toEqual(['1', '2']);
    for (const period of ['1', '2'] as const) {
      expect(answer[period].map((g) => g.group_id)).toEqual([1, 2, 3]);
      for (const group of answer[period]) {
        expect(group).toEqual({
          group_id: expect.any(Number),
          group_name: expect.any(String),
          headers: expect.any(Array),
          columns: expect.any(Array),
          body: expect.any(Array),
        });
        expect(group.headers).toHaveLength(group.columns.length);
        expect(group.columns[0]).toBe('name');
      }
    }
    expect(answer['2'][0]?.columns).toEqual(['name', 'p2024', 'p2023', 'p2022', 'p2021', 'p2020', 'p2019']);
    expect(answer['1'][0]?.headers.slice(0, 3)).toEqual(['Показатель', '1 кв. 2025', '4 кв. 2024']);
    expect(answer['1'][0]?.columns).toHaveLength(9);
    const pe = answer['2'][0]?.body.find((row) => row.id === 'pe');
    expect(pe?.name).toBe('P/E');
    expect(pe?.p2024 as number).toBeCloseTo(peOf(1, 2024), 1);
    // The split of Norilsk Nickel: capitalisation before it counts the shares of the time.
    const gmkn = await json<MultipliersAnswer>(paid, '/api/company/4/multipliers/');
    const gmknPe = gmkn['2'][0]?.body.find((row) => row.id === 'pe');
    expect(gmknPe?.p2020 as number).toBeCloseTo(peOf(4, 2020), 1);
    expect(gmknPe?.p2020 as number).toBeLessThan(3 * (gmknPe?.p2024 as number));
  });

  it('masks the market-based multipliers like prices; ratios from the reports alone stay', async () => {
    for (const [session, expectMasked] of [
      [anonymous, true],
      [free, true],
      [paid, false],
    ] as const) {
      const answer = await json<MultipliersAnswer>(session, '/api/company/1/multipliers/');
      const [valuation, profitability] = answer['2'];
      for (const row of valuation?.body ?? []) {
        const values = valuation?.columns.slice(1).map((c) => row[c]);
        expect(
          values?.every((v) => (expectMasked ? v === '***' : typeof v === 'number')),
          row.id,
        ).toBe(true);
      }
      const roe = profitability?.body.find((row) => row.id === 'roe');
      expect(typeof roe?.p2024).toBe('number');
      // The quarterly (trailing twelve months) valuation is masked the same way.
      const quarterly = answer['1'][0];
      expect(quarterly?.body.length).toBeGreaterThan(0);
      for (const row of quarterly?.body ?? []) {
        const values = quarterly?.columns.slice(1).map((c) => row[c]);
        expect(values?.length).toBeGreaterThan(0);
        expect(
          values?.every((v) => (expectMasked ? v === '***' : typeof v === 'number' || v === null)),
          `${row.id} (quarterly)`,
        ).toBe(true);
      }
    }
    // No prices before the listing: null stays null, masked or not.
    const recent = await json<MultipliersAnswer>(anonymous, '/api/company/26/multipliers/');
    const pe = recent['2'][0]?.body.find((row) => row.id === 'pe');
    expect(recent['2'][0]?.columns.slice(1).map((c) => pe?.[c])).toEqual([null, null, null]);
  });

  it('answers in the request language and validates the id', async () => {
    const answer = await json<MultipliersAnswer>(anonymous, '/api/company/1/multipliers/?lang=eng');
    expect(answer['1'][1]?.group_name).toBe('Profitability');
    expect(answer['1'][0]?.headers[1]).toBe('Q1 2025');
    expect((await anonymous.get('/api/company/0/multipliers/')).json().error).toMatch(/^params\.id/);
    expect((await anonymous.get('/api/company/999/multipliers/')).statusCode).toBe(404);
    expect(await json(anonymous, `/api/company/${BARE_EMITENT}/multipliers/`)).toEqual({ '1': [], '2': [] });
  });
});

describe('GET /api/company/{emitentId}/get-emitent-list-of-indexes/', () => {
  it('lists the consensus items with their labels; issuers without coverage have none', async () => {
    const answer = await json<ConsensusAnswer>(paid, '/api/company/1/get-emitent-list-of-indexes/');
    expect(answer.items.length).toBeGreaterThanOrEqual(6);
    for (const item of answer.items) {
      expect(item).toEqual({
        code: expect.any(String),
        indexName: expect.any(String),
        unit: expect.any(String),
        actual_year: 2024,
        actual_value: expect.any(Number),
        forecast_year: 2025,
        forecast_value: expect.any(Number),
        forecast_value_next: expect.any(Number),
        forecast_min: expect.any(Number),
        forecast_max: expect.any(Number),
        change: expect.any(Number),
        analysts_count: expect.any(Number),
        updated: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
      });
      expect(item.forecast_min as number).toBeLessThanOrEqual(item.forecast_max as number);
      // The element writes "name, unit": a name carrying the unit too read "ROE, %, %" (issue 20).
      expect(item.indexName).not.toMatch(/[,，]\s*%$/);
    }
    expect(answer.labels).toMatchObject({
      title: 'Консенсус-прогнозы',
      indexName: 'Показатель',
      actual_value: 'Факт 2024',
      forecast_value: 'Прогноз 2025',
      forecast_value_next: 'Прогноз 2026',
    });
    const revenue = answer.items.find((item) => item.code === 'revenue');
    if (revenue) expect(revenue.unit).toBe('млн RUB');

    for (const id of [12, 26, BARE_EMITENT]) {
      const none = await json<ConsensusAnswer>(anonymous, `/api/company/${id}/get-emitent-list-of-indexes/`);
      expect(none.items).toEqual([]);
      expect(none.labels.title).toBe('Консенсус-прогнозы');
    }
  });

  it('masks the share price row like prices: the last price for signed-in users, targets for paid', async () => {
    const lastClose = (
      db
        .prepare(
          'SELECT close FROM daily_bars WHERE stock_id = 1 AND ground_id = 1 ORDER BY date DESC LIMIT 1',
        )
        .get() as { close: number }
    ).close;
    const row = async (session: Client) =>
      (await json<ConsensusAnswer>(session, '/api/company/1/get-emitent-list-of-indexes/')).items.find(
        (item) => item.code === 'share_price',
      );
    const anon = await row(anonymous);
    expect(anon).toMatchObject({
      actual_value: '***',
      forecast_value: '***',
      forecast_value_next: '***',
      forecast_min: '***',
      forecast_max: '***',
      change: '***',
    });
    expect(await row(free)).toMatchObject({ actual_value: lastClose, forecast_value: '***', change: '***' });
    const paidRow = await row(paid);
    expect(paidRow?.actual_value).toBe(lastClose);
    expect(typeof paidRow?.forecast_value).toBe('number');
    // Other indicators are not prices.
    const other = (
      await json<ConsensusAnswer>(anonymous, '/api/company/1/get-emitent-list-of-indexes/')
    ).items.find((item) => item.code !== 'share_price');
    expect(typeof other?.actual_value).toBe('number');
  });
});

describe('GET /api/company/{id}/related/', () => {
  it('names the holders of the issuer’s stock as its shareholders, with the same shares (one source)', async () => {
    let compared = 0;
    for (const stock of STOCKS.filter((s) => s.kind === 'ordinary')) {
      const holders = (
        await json<{ data: Array<{ name: string; share: unknown }> }>(
          paid,
          `/api/stocks/get-holders/${stock.id}/?lang=eng`,
        )
      ).data.filter((row) => row.name !== 'Other shareholders' && row.name !== 'Free float');
      if (holders.length === 0) continue;
      const owners = (
        await json<RelatedLink[]>(paid, `/api/company/${stock.emitentId}/related/?lang=eng`)
      ).filter((link) => link.rel_type === 'shareholder' && link.parent_emitent_id === stock.emitentId);
      const byName = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
      expect(
        owners.map((o): [string, unknown] => [o.emitent_name, o.share]).sort(byName),
        stock.stringId,
      ).toEqual(holders.map((h): [string, unknown] => [h.name, h.share]).sort(byName));
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('gives the network graph its links: the issuer’s own first, then its neighbours’', async () => {
    const links = await json<RelatedLink[]>(anonymous, '/api/company/1/related/');
    expect(links.length).toBeGreaterThan(4);
    expect(links.length).toBeLessThanOrEqual(24);
    for (const link of links) {
      expect(Object.keys(link).sort()).toEqual(
        [
          'emitent_id',
          'emitent_name',
          'parent_emitent_id',
          'parent_emitent_name',
          'rel_type',
          'rel_type_name',
          'share',
          'url',
        ].sort(),
      );
    }
    // Sber's shareholders are the holders of its stock (the stock page's holders).
    expect(links[0]).toMatchObject({
      emitent_name: 'Фонд национального благосостояния',
      rel_type: 'shareholder',
      rel_type_name: 'Акционер',
      parent_emitent_id: 1,
      parent_emitent_name: 'Сбербанк',
      url: null,
    });
    const moex = links.find((link) => link.emitent_id === 17);
    expect(moex).toMatchObject({ rel_type: 'investment', parent_emitent_id: 1, url: '/company/17/' });
    expect(moex?.share).toBeGreaterThan(5);
    expect(moex?.share).toBeLessThan(20);
    // Second level: the other shareholders of the Moscow Exchange (the Bank of Russia).
    expect(links.some((link) => link.parent_emitent_id === 17 && link.emitent_id === 10004)).toBe(true);
    expect(links.some((link) => link.parent_emitent_id === 17 && link.emitent_id === 1)).toBe(false);

    const english = await json<RelatedLink[]>(anonymous, '/api/company/1/related/?lang=eng');
    expect(english[0]).toMatchObject({
      emitent_name: 'National Wealth Fund',
      rel_type_name: 'Shareholder',
    });
    expect(await json(anonymous, '/api/company/26/related/')).toEqual([]);
    expect((await anonymous.get('/api/company/999/related/')).statusCode).toBe(404);
  });
});

/** The ids of the page's `<section>`s, in page order. */
const sectionIds = (body: string) => [...body.matchAll(/<section id="([^"]+)"/g)].map((match) => match[1]);

describe('/company/{id}/ page', () => {
  it('injects page data the elements accept, for every audience and in every language it is asked in', async () => {
    for (const [who, lang] of [
      [anonymous, 'rus'],
      [free, 'eng'],
      [paid, 'chn'],
      [anonymous, 'tur'],
    ] as const) {
      const body = (await who.get(`/company/1/?lang=${lang}`)).body;
      const data = checkIssuerReportsPageData(jsonBlock(body, 'fin-page-data'), '');
      expect(data).toMatchObject({ lang, emitentId: 1 });
      expect(data.reports.length).toBeGreaterThan(0);
    }
    const bare = (await anonymous.get(`/company/${BARE_EMITENT}/`)).body;
    expect(checkIssuerReportsPageData(jsonBlock(bare, 'fin-page-data'), '')).toMatchObject({ reports: [] });
    // The language sticks to the session (a cookie): back to the default for the other tests.
    for (const who of [anonymous, free, paid]) await who.get('/company/1/?lang=rus');
  });

  it('keeps the price-dynamics fields and adds what the issuer blocks need', async () => {
    const response = await anonymous.get('/company/1/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<fin-price-dynamics variant="issuer"></fin-price-dynamics>');
    const data = jsonBlock(response.body, 'fin-page-data') as IssuerReportsPageData;
    expect(data).toMatchObject({
      lang: 'rus',
      emitentId: 1,
      emitentName: 'Сбербанк',
      stockId: 1,
      groundId: 1,
      priceDynamics: { lastPrice: '***' },
      emitentFullName: 'ПАО Сбербанк',
      currency: 'RUB',
      exportDefaultFrom: '01.01.2020',
      exportDefaultTo: '30.06.2025',
      reportExportAccess: false,
      defaultReportPeriod: 2,
      hasConsensus: true,
      graph: {
        mainEmitentId: 1,
        dataUrl: '/api/company/1/related/',
        exportFileName: 'related-sberbank',
        title: 'Связанные компании: Сбербанк',
      },
      loginUrl: '/login/?back=%2Fcompany%2F1%2F',
      accessUrl: '/profile/access/',
    });
    expect(data.reports.map((tab) => tab.apiUrl)).toEqual(['msfo', 'msfo2', 'rsbu', 'fmp', 'quarterly']);
    expect(data.reports[0]).toEqual({
      apiUrl: 'msfo',
      ttl: 'МСФО',
      url: '/api/company/get-report/msfo/1/',
      exportLink: '/api/company/1/export/msfo/?from=%from%&to=%to%&reportPeriod=%reportPeriod%',
    });
    expect(Object.keys(data.exportLinks)).toEqual(['msfo', 'msfo2', 'rsbu']);
    expect(data.apiUrls.commentsAccessRequest).toBe(
      '/api/comments/create_comments_access_request/%providerId%/',
    );
    expect(await json(anonymous, '/company/1/?format=json')).toEqual(data);
    // The element's test page gives it the same page data as the issuer page, for every audience.
    for (const who of [anonymous, free, paid]) {
      const testPage = await who.get('/test/issuer-reports/1/');
      expect(testPage.statusCode).toBe(200);
      expect(jsonBlock(testPage.body, 'fin-page-data')).toEqual(await json(who, '/company/1/?format=json'));
    }

    // Every call URL of the page data answers.
    const urls = [
      ...data.reports.map((tab) => tab.url),
      data.apiUrls.comments,
      data.apiUrls.multipliers,
      data.apiUrls.consensus,
      data.apiUrls.related,
      data.apiUrls.reportMsfo,
      data.apiUrls.reportRsbu,
      data.apiUrls.getReport.replace('%apiUrl%', 'msfo2'),
      data.apiUrls.reportFmp.replace('%periodId%', '2'),
      data.apiUrls.reportFmpLatest,
    ];
    for (const url of urls) expect((await anonymous.get(url)).statusCode, url).toBe(200);
  });

  it('is assembled from elements in SPEC order, with the issuer menu and no raw-JSON links', async () => {
    const body = (await anonymous.get('/company/1/?lang=eng')).body;
    // Sberbank has every section: all of them, in the contract's (SPEC §2) order.
    expect(sectionIds(body)).toEqual(ISSUER_PAGE_MENU_SECTIONS);
    expect(body).toContain('<fin-left-menu variant="issuer"></fin-left-menu>');
    for (const [section, sections] of [
      ['ifrs', 'ifrs'],
      ['ras', 'ras'],
      ['ifrs_fmp', 'fmp'],
      ['multipliers', 'multipliers'],
      ['comments', 'comments'],
      ['quarterly_reports', 'quarterly'],
    ])
      expect(body).toMatch(
        new RegExp(
          `<section id="${section}"[^>]*>\\s*<h2 id="${section}-title">[^<]+</h2>\\s*<fin-issuer-reports sections="${sections}"></fin-issuer-reports>`,
        ),
      );
    expect(body).toMatch(
      /<section id="consensus_forecasts"[^>]*>\s*<h2[^>]*>Consensus forecasts<\/h2>\s*<fin-consensus-forecasts>/,
    );
    for (const script of [
      'fin-left-menu',
      'fin-price-dynamics',
      'fin-issuer-reports',
      'fin-consensus-forecasts',
    ])
      expect(body).toContain(`<script type="module" src="/dist/elements/${script}.js"></script>`);
    // The answers are for the elements: no link opens raw JSON (or an export) from the page.
    expect(body).not.toMatch(/href="\/api\//);
    // Comment content never reaches the page's HTML (the element sanitizes it).
    expect(body).not.toContain('onerror="alert');
    expect(body).toContain('<a href="/company/17/">Moscow Exchange</a>');
  });

  it('leaves out the blocks an issuer has no data for', async () => {
    const noConsensus = await anonymous.get('/company/12/');
    expect(sectionIds(noConsensus.body)).not.toContain('consensus_forecasts');
    expect(noConsensus.body).not.toContain('<fin-consensus-forecasts');
    expect((jsonBlock(noConsensus.body, 'fin-page-data') as IssuerReportsPageData).hasConsensus).toBe(false);

    const bare = await anonymous.get(`/company/${BARE_EMITENT}/`);
    expect(bare.statusCode).toBe(200);
    const data = jsonBlock(bare.body, 'fin-page-data') as IssuerReportsPageData;
    expect(data).toMatchObject({
      reports: [],
      exportLinks: {},
      currency: null,
      stockId: null,
      priceDynamics: null,
    });
    expect(sectionIds(bare.body)).toEqual([]);
    expect(bare.body).not.toContain('<fin-issuer-reports');
    expect((await anonymous.get('/company/999/')).statusCode).toBe(404);
  });

  it('serves the issuer labels in every language', async () => {
    const labels = await json<Record<string, string>>(anonymous, '/api/labels/issuer/?lang=deu');
    expect(labels).toMatchObject({
      request_sent: 'Anfrage gesendet',
      request_rejected: 'Anfrage abgelehnt',
      download_denied: 'Die Datei kann nicht heruntergeladen werden',
      send_request_label: 'Zugang anfragen',
      section_balance_sheet: 'Bilanz',
    });
  });

  it('follows the page language', async () => {
    const data = await json<IssuerReportsPageData>(anonymous, '/company/21/?format=json&lang=eng');
    expect(data).toMatchObject({ lang: 'eng', emitentName: 'Apple', currency: 'USD' });
    expect(data.reports.map((tab) => tab.ttl)).toEqual([
      'IFRS',
      'IFRS (data provider)',
      'IFRS (FMP)',
      'Quarterly reports',
    ]);
  });
});
