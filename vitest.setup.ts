/**
 * Setup of the happy-dom unit tests (the `elements` project of vitest.config.ts).
 *
 * React's act() environment is on, so React warns of every state update a test did not wait for
 * inside act() (the test read the screen before React had finished). Such a warning fails the
 * test it came from, so their count stays at zero. console.error is a mock for the whole run: a
 * test's `vi.spyOn(console, 'error')` gets that same mock (to silence it or check what an element
 * logged), so a silenced warning is still seen. Each test starts with it passing through again.
 *
 * happy-dom's ResizeObserver never reports; ours reports each observed element in a later frame,
 * as a browser does (src/widgets/testing/resize-observer.ts).
 */
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { installResizeObserver } from './src/widgets/testing/resize-observer.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
installResizeObserver();

const print = console.error.bind(console);
const consoleError = vi.fn((...args: unknown[]) => print(...args));
console.error = consoleError;

/** React's act() warnings among the console.error calls so far, first line each. */
function actWarnings(): string[] {
  return consoleError.mock.calls
    .filter(([message]) => typeof message === 'string' && message.includes('act('))
    .map((args) => format(...args).split('\n')[0]!);
}

function failOn(warnings: string[], when: string): void {
  if (warnings.length > 0)
    throw new Error(`React act() warning ${when}:\n${warnings.join('\n')}\nWrap the update in act().`);
}

beforeEach(() => {
  const stray = actWarnings();
  consoleError.mockReset();
  failOn(stray, 'after the previous test ended');
});

afterEach(() => {
  const warnings = actWarnings();
  consoleError.mockClear();
  failOn(warnings, 'in this test');
});

afterAll(() => failOn(actWarnings(), 'after the last test of the file ended'));
