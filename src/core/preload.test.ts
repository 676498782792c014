import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_BLOCK_ID, preloadKey } from '../contract/preload.ts';
import { integer } from '../contract/validate.ts';
import { peekPreloaded, setPreloadedAnswers } from './preload.ts';
import { createResource } from './resource.ts';

afterEach(() => {
  document.getElementById(PRELOAD_BLOCK_ID)?.remove();
  setPreloadedAnswers(null);
  vi.restoreAllMocks();
});

function pageBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PRELOAD_BLOCK_ID;
  block.textContent = text;
  document.body.append(block);
  setPreloadedAnswers(null); // read the page again
}

describe('preloadKey', () => {
  it('names a call the same whatever order its query is built in, without empty parameters', () => {
    expect(preloadKey('/api/x/', { b: 2, a: 'q r', c: undefined, d: null })).toBe('/api/x/?a=q+r&b=2');
    expect(preloadKey('/api/x/?b=2', { a: 'q r' })).toBe(preloadKey('/api/x/', { b: '2', a: 'q r' }));
    expect(preloadKey('/api/x/')).toBe('/api/x/');
  });
});

describe('peekPreloaded', () => {
  it("reads the page's block and passes the answer through the call's check", () => {
    pageBlock(JSON.stringify({ [preloadKey('/api/n/', { id: 1 })]: 7, '/api/bad/': 'seven' }));
    expect(peekPreloaded('/api/n/', { query: { id: 1 }, check: integer })).toBe(7);
    expect(peekPreloaded('/api/n/', { query: { id: 2 }, check: integer })).toBeUndefined();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(peekPreloaded('/api/bad/', { check: integer })).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/api/bad/ is malformed'));
  });

  it('a block that is not JSON means no preload, said once on the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    pageBlock('{"/api/n/": 7');
    expect(peekPreloaded('/api/n/')).toBeUndefined();
    expect(peekPreloaded('/api/n/')).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('resource.prime', () => {
  it('turns ready synchronously from the preload, and a later load still calls', async () => {
    setPreloadedAnswers({ '/api/n/?id=1': 41 });
    const load = vi.fn(async (id: number) => id * 100);
    const resource = createResource({
      describe: (id: number) => `n ${id}`,
      load,
      peek: (id) => peekPreloaded('/api/n/', { query: { id }, check: integer }),
    });
    expect(resource.prime(2)).toBe(false);
    expect(resource.$state.get()).toEqual({ status: 'idle' });
    expect(resource.prime(1)).toBe(true);
    expect(resource.$state.get()).toEqual({ status: 'ready', key: 1, value: 41 });
    expect(load).not.toHaveBeenCalled();
    await resource.load(2);
    expect(resource.$state.get()).toEqual({ status: 'ready', key: 2, value: 200 });
  });
});
