import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../contract/validate.ts';
import {
  ApiError,
  getJson,
  pageUrl,
  postJson,
  request,
  resolveApiBase,
  setApiBase,
  setCsrfToken,
} from './client.ts';

function answer(body: string, status = 200) {
  return vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('api client', () => {
  it('returns parsed JSON and builds the query, leaving out empty values', async () => {
    const fetchMock = answer('{"a":1}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(getJson('/api/x/', { query: { lang: 'eng', show_labels: undefined } })).resolves.toEqual({
      a: 1,
    });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/x/?lang=eng');
  });

  it('turns HTTP errors into typed errors with the server message', async () => {
    vi.stubGlobal('fetch', answer('{"error":"Unknown stock"}', 404));
    const error = await failure(getJson('/api/x/'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Unknown stock' });
  });

  it('turns a non-JSON answer into a json error', async () => {
    vi.stubGlobal('fetch', answer('<html>oops</html>'));
    expect(await failure(getJson('/api/x/'))).toMatchObject({ kind: 'json' });
  });

  it('turns a network failure into a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(getJson('/api/x/'))).toMatchObject({ kind: 'network' });
  });

  it('times out a slow call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    expect(await failure(getJson('/api/slow/', { timeoutMs: 20 }))).toMatchObject({ kind: 'timeout' });
  });

  it('reports a caller cancel as aborted', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const pending = getJson('/api/x/', { signal: controller.signal });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'aborted' });
  });

  it('lets a caller accept a non-2xx status as an answer', async () => {
    vi.stubGlobal('fetch', answer('{"date":"01.01.2020"}', 409));
    await expect(request('/api/x/', { acceptStatus: [409] })).resolves.toEqual({
      status: 409,
      data: { date: '01.01.2020' },
    });
  });

  it('sends the session token with a POST, read from the page user data', async () => {
    document.body.innerHTML =
      '<script type="application/json" id="fin-user">{"userAuth": true, "sid": "tok-1"}</script>';
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    await postJson('/api/user/set-settings/', { settings: { hints: false } });
    expect(
      new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get(
        'X-CSRF-Token',
      ),
    ).toBe('tok-1');
    setCsrfToken(null);
    await postJson('/api/user/set-settings/', {});
    expect(
      new Headers((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).get(
        'X-CSRF-Token',
      ),
    ).toBeNull();
    document.body.innerHTML = '';
  });

  it('sends the session token with a GET only when the call asks for it', async () => {
    setCsrfToken('tok-2');
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    await getJson('/api/x/');
    await getJson('/api/comments/create_comments_access_request/3/', { csrf: true });
    const sent = fetchMock.mock.calls.map((call) =>
      new Headers((call as unknown as [string, RequestInit])[1].headers).get('X-CSRF-Token'),
    );
    expect(sent).toEqual([null, 'tok-2']);
    setCsrfToken(null);
  });
});

describe('api client: the session token only to the page origin', () => {
  const tokenOf = (call: unknown) =>
    new Headers((call as [string, RequestInit])[1].headers).get('X-CSRF-Token');

  afterEach(() => {
    setCsrfToken(null);
    setApiBase('');
  });

  it('a POST or token GET to another host (a tampered link in page data) carries no token and no cookies', async () => {
    setCsrfToken('tok-3');
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    const here = globalThis.location.origin;
    await postJson('https://evil.example/api/stocks/tradings/', {});
    await getJson('https://evil.example/x/', { csrf: true });
    await postJson(`${here}/api/stocks/tradings/`, {});
    await postJson('/api/stocks/tradings/', {});
    expect(fetchMock.mock.calls.map(tokenOf)).toEqual([null, null, 'tok-3', 'tok-3']);
    expect(
      fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].credentials),
    ).toEqual(['same-origin', 'same-origin', 'same-origin', 'same-origin']);
  });

  it("a partner page's API base on another origin gets its cookies, not the page's token", async () => {
    setCsrfToken('tok-4');
    setApiBase('https://data.example');
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    await postJson('/api/user/set-settings/', {});
    await postJson('https://evil.example/api/x/', {});
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url)).toEqual([
      'https://data.example/api/user/set-settings/',
      'https://evil.example/api/x/',
    ]);
    expect(calls.map(tokenOf)).toEqual([null, null]);
    expect(calls.map(([, init]) => init.credentials)).toEqual(['include', 'same-origin']);
  });
});

describe('api client: answer checks', () => {
  const check = (v: unknown, path: string) => {
    if (!Array.isArray(v)) throw new ValidationError(path, 'a list', v);
    return v as number[];
  };

  it('a wrong-shape answer is a json ApiError naming what was expected', async () => {
    vi.stubGlobal('fetch', answer('{}'));
    expect(await failure(getJson('/api/x/', { check }))).toMatchObject({
      kind: 'json',
      message: 'Malformed answer: expected a list, got an object',
    });
    vi.stubGlobal('fetch', answer('null'));
    expect(await failure(getJson('/api/x/', { check }))).toMatchObject({ kind: 'json' });
  });

  it('an empty body is the call’s empty value (no data), or goes to the check as null', async () => {
    vi.stubGlobal('fetch', answer(''));
    await expect(getJson('/api/x/', { check, empty: () => [] })).resolves.toEqual([]);
    expect(await failure(getJson('/api/x/', { check }))).toMatchObject({ kind: 'json' });
  });

  it('an HTTP error stays an HTTP error, not a shape error', async () => {
    vi.stubGlobal('fetch', answer('', 500));
    expect(await failure(getJson('/api/x/', { check, empty: () => [] }))).toMatchObject({
      kind: 'http',
      status: 500,
    });
  });
});

describe('api client: the API base of a partner page', () => {
  const metaPage = (content: string) => {
    const doc = document.implementation.createHTMLDocument('partner');
    const meta = doc.createElement('meta');
    meta.name = 'fin-api-base';
    meta.content = content;
    doc.head.append(meta);
    return doc;
  };
  const blank = () => document.implementation.createHTMLDocument('page');

  afterEach(() => {
    document.head.querySelector('meta[name="fin-api-base"]')?.remove();
    setApiBase('');
  });

  it("the page names our API with a meta (cookies go there); else the modules' origin when it is another (no cookies); else the page's", () => {
    const page = 'https://partner.example';
    expect(
      resolveApiBase(
        'https://fin.example/dist/chunks/runtime-x.js',
        metaPage(' https://api.fin.example/ '),
        page,
      ),
    ).toEqual({
      base: 'https://api.fin.example',
      credentials: 'include',
    });
    expect(resolveApiBase('https://fin.example/dist/chunks/runtime-x.js', blank(), page)).toEqual({
      base: 'https://fin.example',
      credentials: 'omit',
    });
    // Our own pages, tests and the legacy script: the page's origin, as before.
    expect(
      resolveApiBase('https://fin.example/dist/chunks/runtime-x.js', blank(), 'https://fin.example'),
    ).toEqual({
      base: '',
      credentials: 'same-origin',
    });
    expect(resolveApiBase('file:///repo/src/core/api/client.ts', blank(), page).base).toBe('');
    expect(resolveApiBase(undefined, blank(), page).base).toBe('');
  });

  it("a call goes to the page's meta base with its cookies, read when the first call goes out", async () => {
    setApiBase(null);
    const meta = document.createElement('meta');
    meta.name = 'fin-api-base';
    meta.content = 'https://fin.example';
    document.head.append(meta);
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    await getJson('/api/labels/chart/', { query: { lang: 'eng' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://fin.example/api/labels/chart/?lang=eng');
    expect(init.credentials).toBe('include');
  });

  it("a partner's page-relative data URL stays the partner's, whatever the API base", async () => {
    setApiBase('https://fin.example');
    const here = globalThis.location.origin;
    const fetchMock = answer('{}');
    vi.stubGlobal('fetch', fetchMock);
    await postJson(pageUrl('/api/chart/bond-map/'), {});
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${here}/api/chart/bond-map/`);
    expect(init.credentials).toBe('same-origin');
    expect(pageUrl('https://partner.example/data/')).toBe('https://partner.example/data/');
  });
});
