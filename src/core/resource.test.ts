import { allTasks, atom, computed } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client.ts';
import { createResource } from './resource.ts';

/** A load the test answers by hand, keeping the signal each call got. */
function manualLoad() {
  const calls: Array<{ key: number; signal: AbortSignal; answer(v: string): void; fail(e: unknown): void }> =
    [];
  const load = (key: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ key, signal, answer: resolve, fail: reject }));
  return { calls, load };
}

afterEach(() => vi.restoreAllMocks());

describe('createResource', () => {
  it('a newer load aborts the older one, and a late answer of the older never shows', async () => {
    const { calls, load } = manualLoad();
    const resource = createResource({ describe: (key: number) => `thing ${key}`, load });
    void resource.load(1);
    void resource.load(2);
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, false]);
    calls[1]!.answer('two');
    calls[0]!.answer('one');
    await allTasks();
    expect(resource.$state.get()).toEqual({ status: 'ready', key: 2, value: 'two' });
  });

  it('stores what a load brings alongside in one notification with its value, and nothing of a superseded load', async () => {
    const $share = atom('none');
    const answers: Array<(value: string) => void> = [];
    const resource = createResource({
      describe: (key: number) => `thing ${key}`,
      load: async (key: number, _signal: AbortSignal, alongside: (commit: () => void) => void) => {
        const value = await new Promise<string>((resolve) => answers.push(resolve));
        alongside(() => $share.set(`share of ${key}`));
        return value;
      },
    });
    // What a component sees: both stores read together at each notification of either.
    const seen: string[] = [];
    const both = computed([resource.$state, $share], (state, share) =>
      state.status === 'ready' ? `${state.value} + ${share}` : `${state.status} + ${share}`,
    );
    const stop = both.listen((value) => seen.push(value));
    void resource.load(1);
    void resource.load(2);
    answers[0]!('one'); // superseded: its share is never stored
    answers[1]!('two');
    await allTasks();
    stop();
    expect(seen).toEqual(['loading + none', 'two + share of 2']);
  });

  it('every load is a task: allTasks() waits for the answer', async () => {
    const resource = createResource({
      describe: (key: number) => `thing ${key}`,
      load: async (key: number) => `value ${key}`,
    });
    void resource.load(3);
    expect(resource.$state.get()).toEqual({ status: 'loading', key: 3 });
    await allTasks();
    expect(resource.$state.get()).toEqual({ status: 'ready', key: 3, value: 'value 3' });
  });

  it('a failure becomes an ApiError, logged once, and retry loads the same key again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, load } = manualLoad();
    const resource = createResource({ describe: (key: number) => `holders of ${key}`, load });
    void resource.load(7);
    calls[0]!.fail(new TypeError('boom'));
    await allTasks();
    const state = resource.$state.get();
    expect(state.status).toBe('error');
    expect(state.status === 'error' && state.error).toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('fin-elements: holders of 7 not loaded: boom');

    void resource.retry();
    expect(calls.map((call) => call.key)).toEqual([7, 7]);
    calls[1]!.answer('ok');
    await allTasks();
    expect(resource.$state.get()).toEqual({ status: 'ready', key: 7, value: 'ok' });
  });

  it('cancel aborts the load under way and leaves no error behind', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, load } = manualLoad();
    const resource = createResource({ describe: (key: number) => `thing ${key}`, load });
    void resource.load(1);
    resource.cancel();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.fail(new ApiError('aborted', '/x', 'aborted'));
    await allTasks();
    expect(resource.$state.get().status).toBe('loading');
    expect(error).not.toHaveBeenCalled();
  });
});
