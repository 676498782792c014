import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFor, servedFigure, withCookies } from './server.bench.ts';

describe('the server bench counts only 2xx answers as served', () => {
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    // A POST without the token is refused, as the reference server does.
    server = createServer((request, response) => {
      response.statusCode = request.headers['x-csrf-token'] === 'token' ? 200 : 403;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('prints req/s and p50/p99 when every answer was 2xx', async () => {
    const result = await loadFor(0.2, 4, () =>
      fetch(baseUrl, { method: 'POST', headers: { 'X-CSRF-Token': 'token' } }),
    );
    // Every connection sends at least once, however busy the machine.
    expect(result.requests).toBeGreaterThanOrEqual(4);
    expect(result.statuses).toEqual({ 200: result.requests });
    const figure = servedFigure('POST /', result);
    expect(figure).toMatch(/^POST \/: \d+ req\/s, p50 [\d.]+ ms, p99 [\d.]+ ms \(\d+ answers, all 2xx/);
  });

  it('says FAILED with the count of each other status instead of the figure', async () => {
    const result = await loadFor(0.2, 4, (i) =>
      fetch(baseUrl, { method: 'POST', headers: { 'X-CSRF-Token': i % 2 ? 'token' : 'none' } }),
    );
    const refused = result.statuses[403]!;
    expect(refused).toBeGreaterThan(0);
    const figure = servedFigure('POST /', result);
    expect(figure).toBe(`POST /: FAILED: ${refused} answers were 403 (of ${result.requests})`);
    expect(figure).not.toMatch(/req\/s/);
  });

  it('counts a call that got no answer as failed', async () => {
    const result = await loadFor(0.1, 1, () => fetch('http://127.0.0.1:1/'));
    expect(servedFigure('GET /', result)).toMatch(/^GET \/: FAILED: \d+ answers were no answer/);
  });

  it('keeps the cookies a page sets, a later value replacing an earlier one', () => {
    const first = new Response(null, { headers: [['Set-Cookie', 'fin_csrf=a; Path=/; HttpOnly']] });
    const second = new Response(null, {
      headers: [
        ['Set-Cookie', 'fin_sid=s; Path=/; HttpOnly'],
        ['Set-Cookie', 'fin_csrf=b; Path=/'],
      ],
    });
    expect(withCookies(withCookies('', first), second)).toBe('fin_csrf=b; fin_sid=s');
  });
});
