/**
 * The first answers of a page's own calls (issue 24, contract/preload.ts): the server asks its own
 * API routes for them with this visitor's cookies and language, so each answer is exactly what the
 * element would get (masked alike for anonymous, free and paid sessions), and writes them into the
 * page keyed as the element names its call. A call that does not answer 200 with JSON is left out:
 * the element makes it and shows its own error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preloadKey, type QueryValue } from '../../../src/contract/preload.ts';
import type { Lang } from '../../../src/contract/types.ts';

export interface PreloadCall {
  /** The call as the element makes it: its path and query (for a POST, its body's fields). */
  path: string;
  query?: Record<string, QueryValue>;
  /** The GET route that answers the same when the element's call is a POST (asked with `query`). */
  via?: string;
  /**
   * Asked too when this call's answer has no rows (`data: []`): the call the element makes next
   * by itself (leaders open their next tab when the first is empty, SPEC §2).
   */
  ifEmpty?: PreloadCall;
}

/** An answer whose rows are an empty list (`{ data: [] }`). */
const hasNoRows = (answer: unknown): boolean =>
  typeof answer === 'object' &&
  answer !== null &&
  Array.isArray((answer as { data?: unknown }).data) &&
  (answer as { data: unknown[] }).data.length === 0;

export async function preloadAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  lang: Lang,
  calls: readonly PreloadCall[],
): Promise<Record<string, unknown>> {
  const cookie = request.headers.cookie;
  const answer = async (call: PreloadCall): Promise<Array<readonly [string, unknown]>> => {
    const url = new URL(preloadKey(call.via ?? call.path, call.query), 'http://page.invalid');
    // The page's language, as the element's call carries it in the page's cookie.
    if (!url.searchParams.has('lang')) url.searchParams.set('lang', lang);
    const response = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
    });
    if (response.statusCode !== 200 || response.body === '') return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body) as unknown;
    } catch {
      return [];
    }
    const entry = [preloadKey(call.path, call.query), body] as const;
    return call.ifEmpty && hasNoRows(body) ? [entry, ...(await answer(call.ifEmpty))] : [entry];
  };
  const answers = await Promise.all(calls.map(answer));
  return Object.fromEntries(answers.flat());
}

/**
 * `?preload=0` (or `false`): the page as a legacy template without the preload gives it, no
 * `#fin-preload` and no `#fin-labels`, so the elements make their first calls (the browser tests
 * of those calls' answers and failures use it).
 */
export function preloadRequested(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.preload;
  return value !== '0' && value !== 'false';
}
