/**
 * The expand action log (SPEC §7 contactActionLog): features log a table's expansion with these
 * calls from the table's onExpandChange (the data-table widget does no analytics of its own).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logExpandAction } from './profile.ts';

function stubFetch(impl: () => Promise<Response>) {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('expand action log (SPEC §7)', () => {
  it('posts {actionId} to /api/contactActionLog/', async () => {
    const fetchMock = stubFetch(async () => Response.json({}));
    await logExpandAction(80);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contactActionLog/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ actionId: 80 });
  });

  it("uses the bond's address, ignores a failure and logs nothing without an action id", async () => {
    const fetchMock = stubFetch(async () => {
      throw new TypeError('offline');
    });
    // The failure is swallowed: the log resolves.
    await expect(logExpandAction(76, 7)).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/bonds/7/contactActionLog/']);

    fetchMock.mockClear();
    await logExpandAction(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
