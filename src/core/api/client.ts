import { readUser } from '../page-data.ts';
import { ValidationError, type Check } from '../../contract/validate.ts';

/**
 * The one fetch wrapper every call goes through: cancellable, with a timeout, and with failures
 * turned into typed ApiErrors an element can explain to the user.
 */

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'json' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly url: string,
    message: string,
    readonly status?: number,
    /** The parsed body of an HTTP error answer, when it had one. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any failure as an ApiError: what a call threw already is one; anything else (a bug in a decoder) counts as a malformed answer. */
export function toApiError(error: unknown, url = ''): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('json', url, error instanceof Error ? error.message : String(error));
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST';
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body of a POST. */
  body?: unknown;
  /** Cancels the request, e.g. when a newer one for the same thing starts. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send the session token on a GET that writes (SPEC has such calls); POSTs always send it. */
  csrf?: boolean;
  /** Statuses other than 2xx that are answers, not failures (the tradings call's 206 is 2xx already). */
  acceptStatus?: number[];
  /**
   * The contract check of the answer (contract/answers.ts): an answer of another shape (null, `{}`
   * for a list) is an ApiError of kind `json` naming the field, shown as a load error with retry,
   * never a crash inside the element.
   */
  check?: Check<T>;
  /** What an empty body means for this call (no data); without it an empty body goes to `check` as null. */
  empty?: () => T;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** Where the API is, and which cookies go with the calls there. */
export interface ApiBase {
  /** Origin (and path prefix) of the API without the trailing slash; '' is the page's own origin. */
  base: string;
  credentials: RequestCredentials;
}

/** Set by setApiBase; undefined: read from the page at the first call (resolveApiBase). */
let apiBase: ApiBase | undefined;
let csrfToken: string | null | undefined;

/** The session's CSRF token (`sid` of the page's user data), sent with every POST. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

function currentCsrfToken(): string | null {
  // Read lazily from the page the first time a POST goes out, so no element has to remember it.
  if (csrfToken === undefined)
    csrfToken = typeof document === 'undefined' ? null : (readUser(document).sid ?? null);
  return csrfToken;
}

/** The meta a partner page names our API with: `<meta name="fin-api-base" content="https://…">`. */
export const API_BASE_META = 'meta[name="fin-api-base"]';

/**
 * Where the calls go when no code said it (README "Embedding on a partner site"):
 *  1. the page's `<meta name="fin-api-base">`: a partner that embeds our data names our API; the
 *     visitor's cookies go there (the server lets only configured partner origins read such
 *     answers: FIN_PARTNER_ORIGINS);
 *  2. else, when the elements' modules were loaded from another origin than the page's (a partner
 *     page importing them from us), that origin, without cookies: anonymous data, as anybody may
 *     fetch it;
 *  3. else the page's own origin (our own pages).
 * `moduleUrl` is the runtime chunk's `import.meta.url`; a non-http one (tests, file://) is ignored.
 */
export function resolveApiBase(
  moduleUrl: string | undefined,
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
  pageOrigin: string | undefined = globalThis.location?.origin,
): ApiBase {
  const named = doc?.querySelector<HTMLMetaElement>(API_BASE_META)?.content.trim();
  if (named) return { base: named.replace(/\/$/, ''), credentials: 'include' };
  if (moduleUrl && /^https?:/.test(moduleUrl) && pageOrigin && pageOrigin !== 'null') {
    const origin = new URL(moduleUrl).origin;
    if (origin !== pageOrigin) return { base: origin, credentials: 'omit' };
  }
  return { base: '', credentials: 'same-origin' };
}

/**
 * Partner sites load elements from another origin: point the calls at the data server, whose
 * cookies then go with them. null goes back to what the page says (resolveApiBase).
 */
export function setApiBase(base: string | null): void {
  apiBase = base === null ? undefined : { base: base.replace(/\/$/, ''), credentials: 'include' };
}

function currentApiBase(): ApiBase {
  // Read lazily: module scripts run after the page's head (and its meta) is parsed.
  apiBase ??= resolveApiBase(moduleUrl());
  return apiBase;
}

/**
 * Where our code was loaded from: this module's URL, or for the legacy classic script (which has
 * no import.meta) its script tag's, found by name as the export module finds it.
 */
function moduleUrl(): string | undefined {
  if (import.meta.env.MODE !== 'legacy') return import.meta.url;
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[src*="fin-elements.legacy"]')?.src;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const { base } = currentApiBase();
  const url = new URL(path.startsWith('http') ? path : `${base}${path}`, globalThis.location?.href);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return path.startsWith('http') || base ? url.href : `${url.pathname}${url.search}`;
}

/**
 * A URL the page gave (a `data-url` attribute, absolute or relative to the page), made absolute
 * against the page when an API base is in effect, so the call never goes to the API base: as for
 * any URL in HTML, `/data/links.json` on a partner page is the partner's. Unchanged otherwise.
 */
export function pageUrl(url: string): string {
  const here = globalThis.location;
  if (!currentApiBase().base || !here || here.origin === 'null') return url;
  return new URL(url, globalThis.document?.baseURI ?? here.href).href;
}

/**
 * Whether a URL goes to the page's own origin. Only there do the session token and cookies go: a
 * link from page data (a tampered `tradingsLink`, say) or a partner page's API base may point at
 * another host, which gets the call without them.
 */
export function isPageOrigin(url: string): boolean {
  const here = globalThis.location;
  if (!here || here.origin === 'null') return url.startsWith('/') && !url.startsWith('//');
  try {
    return new URL(url, here.href).origin === here.origin;
  } catch {
    return false;
  }
}

export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  const url = buildUrl(path, options.query);
  const { base, credentials: baseCredentials } = currentApiBase();
  const ownOrigin = isPageOrigin(url);
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        // The API a partner page names (setApiBase, the meta) gets its cookies; the implicit one
        // (our origin, the modules') and anybody else none.
        credentials: base && url.startsWith(`${base}/`) ? baseCredentials : 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...((options.method === 'POST' || options.csrf) && ownOrigin && currentCsrfToken()
            ? { 'X-CSRF-Token': currentCsrfToken()! }
            : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', url, `No answer within ${timeoutMs / 1000} s`);
      if (options.signal?.aborted) throw new ApiError('aborted', url, 'Cancelled');
      throw new ApiError('network', url, `Network error: ${(error as Error).message}`);
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', url, `No answer within ${timeoutMs / 1000} s`);
      if (options.signal?.aborted) throw new ApiError('aborted', url, 'Cancelled');
      throw new ApiError('network', url, `Network error: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch {
      if (!response.ok) throw new ApiError('http', url, `HTTP ${response.status}`, response.status);
      throw new ApiError('json', url, 'The answer is not valid JSON', response.status);
    }
    if (!response.ok && !options.acceptStatus?.includes(response.status)) {
      const message = (data as { error?: unknown } | null)?.error;
      throw new ApiError(
        'http',
        url,
        typeof message === 'string' ? message : `HTTP ${response.status}`,
        response.status,
        data,
      );
    }
    if (text === '' && options.empty && response.ok)
      return { status: response.status, data: options.empty() };
    if (!options.check) return { status: response.status, data: data as T };
    try {
      return { status: response.status, data: options.check(data, '') };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new ApiError(
        'json',
        url,
        `Malformed answer: ${error.message.replace(/^: /, '')}`,
        response.status,
      );
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

export async function getJson<T>(path: string, options: Omit<RequestOptions<T>, 'method'> = {}): Promise<T> {
  return (await request<T>(path, { ...options, method: 'GET' })).data;
}

export async function postJson<T>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
): Promise<T> {
  return (await request<T>(path, { ...options, method: 'POST', body })).data;
}
