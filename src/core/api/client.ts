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

let apiBase = '';
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

/** Partner sites load elements from another origin: point the calls at the data server. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(path.startsWith('http') ? path : `${apiBase}${path}`, globalThis.location?.href);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return path.startsWith('http') || apiBase ? url.href : `${url.pathname}${url.search}`;
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
        // The data server of a partner page (setApiBase) gets its own cookies; nobody else any.
        credentials: apiBase && url.startsWith(`${apiBase}/`) ? 'include' : 'same-origin',
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
