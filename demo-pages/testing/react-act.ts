/**
 * Waiting in unit tests with React's act() environment on (vitest.setup.ts), where every React
 * update has to happen inside act(): user actions, attributes and store changes are wrapped in
 * `act(() => …)` from react; waiting for what loads meanwhile goes through `waitFor` and
 * `settled` here, which let the time pass inside act().
 */
import { act } from 'react';

/** The clock and timer of the test runner, taken before a test fakes timers. */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/** A pause of `ms` inside act(): what arrives meanwhile is rendered when it ends. */
const pauseInAct = (ms: number) => act(() => new Promise<void>((resolve) => realSetTimeout(resolve, ms)));

/**
 * Lets everything already on its way land, inside act(), before a check that nothing more
 * happened: promise jobs (a stubbed server that answers without timers, store syncs) and React's
 * rendering all run before the next task.
 */
export async function settled(): Promise<void> {
  await pauseInAct(0);
}

export interface WaitForOptions {
  /** ms; default 1000, as vi.waitFor */
  timeout?: number;
  /** ms between checks; default 20 */
  interval?: number;
}

/**
 * vi.waitFor for React: runs `check` until it stops throwing, each time after a pause inside
 * act() (none before the first check, `interval` ms before the others), so what arrived meanwhile
 * (an answer, a store change, a timer) has been rendered, and what was already on its way when
 * the wait began has landed. Throws the last failure once `timeout` ms have passed.
 */
export async function waitFor<T>(
  check: () => T,
  { timeout = 1000, interval = 20 }: WaitForOptions = {},
): Promise<T> {
  const deadline = realNow() + timeout;
  for (let pause = 0; ; pause = interval) {
    await pauseInAct(pause);
    try {
      return check();
    } catch (error) {
      if (realNow() >= deadline) throw error;
    }
  }
}
