/**
 * The answers the server put into the page (contract/preload.ts). An element's first load looks
 * here before it calls: a hit is used synchronously, so the first render (on the server, and the
 * hydrating one in the browser) already shows the data. A block that is missing, not JSON or of
 * another shape means no preload: the element calls as it always did.
 */
import { PRELOAD_BLOCK_ID, preloadKey, type QueryValue } from '../contract/preload.ts';
import { ValidationError, type Check } from '../contract/validate.ts';

let answers: Map<string, unknown> | null = null;

function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block = typeof document === 'undefined' ? null : document.getElementById(PRELOAD_BLOCK_ID);
  if (!block) return answers;
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      answers = new Map(Object.entries(parsed));
    else console.error(`fin-elements: #${PRELOAD_BLOCK_ID} is not an object; the elements will call instead`);
  } catch (error) {
    console.error(
      `fin-elements: #${PRELOAD_BLOCK_ID} is not JSON (${(error as Error).message}); the elements will call instead`,
    );
  }
  return answers;
}

/** The server renderer (per page it renders) and tests set the answers; null reads the page again. */
export function setPreloadedAnswers(record: Record<string, unknown> | null): void {
  answers = record ? new Map(Object.entries(record)) : null;
}

/**
 * The preloaded answer of a GET, passed through the call's contract check; undefined when the page
 * has none or it does not pass (then the element calls, and a bad answer is reported there).
 */
export function peekPreloaded<T>(
  path: string,
  options: { query?: Record<string, QueryValue>; check?: Check<T> } = {},
): T | undefined {
  const key = preloadKey(path, options.query);
  const store = pageAnswers();
  if (!store.has(key)) return undefined;
  const value = store.get(key);
  if (!options.check) return value as T;
  try {
    return options.check(value, '');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.error(`fin-elements: preloaded ${key} is malformed (${error.message}); calling instead`);
    return undefined;
  }
}
