import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchBoxModel } from './search-box.model.ts';
import { matchSegments, searchWords } from './highlight.ts';

interface Group {
  id: string;
  items: string[];
}

/** A model whose search answers by term from `answers`, recording every request and its signal. */
function harness(answers: Record<string, Group[]>) {
  const calls: Array<{ term: string; signal: AbortSignal; release(): void }> = [];
  let hold = false;
  const model = createSearchBoxModel<Group, string>({
    describe: (term) => `test search for ${term}`,
    search: (term, signal) =>
      new Promise((resolve) => {
        const release = () => resolve(answers[term] ?? []);
        calls.push({ term, signal, release });
        if (!hold) release();
      }),
    groupId: (group) => group.id,
    results: (group) => group.items,
    pickActive: (groups) => groups.find((group) => group.items.length > 0)?.id ?? null,
  });
  return { model, calls, holdAnswers: () => (hold = true) };
}

describe('the search box model: debounce and abort', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches nothing under 3 characters and a longer term only 300 ms after the last keystroke', async () => {
    const { model, calls } = harness({});
    model.input('sb');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    for (const term of ['sbe', 'sber', 'sberb', 'sberba']) {
      model.input(term);
      await vi.advanceTimersByTimeAsync(299);
    }
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.term)).toEqual(['sberba']);
  });

  it('searches a term the page gives at once', () => {
    const { model, calls } = harness({});
    model.searchNow('gazprom');
    expect(calls.map((call) => call.term)).toEqual(['gazprom']);
    model.searchNow('ga');
    expect(calls).toHaveLength(1);
  });

  it('aborts the request in flight when a newer term is searched, and a late answer never shows', async () => {
    const { model, calls, holdAnswers } = harness({
      sber: [{ id: 'stocks', items: ['Sberbank'] }],
      gazp: [{ id: 'stocks', items: ['Gazprom'] }],
    });
    holdAnswers();
    model.input('sber');
    await vi.advanceTimersByTimeAsync(300);
    expect(model.$state.get().status).toBe('loading');
    model.input('gazp');
    expect(calls[0]!.signal.aborted).toBe(true); // aborted by the keystroke, not only ignored
    await vi.advanceTimersByTimeAsync(300);
    calls[1]!.release();
    await vi.waitFor(() => expect(model.$state.get().status).toBe('ready'));
    calls[0]!.release(); // the slow earlier answer arrives last
    await vi.advanceTimersByTimeAsync(10);
    expect(model.activeResults()).toEqual(['Gazprom']);
    expect(model.$state.get().term).toBe('gazp');
  });

  it('a shorter term, a clear or a shown pick abort what is under way', async () => {
    const { model, calls, holdAnswers } = harness({});
    holdAnswers();
    for (const stop of [() => model.input('ab'), () => model.clear(), () => model.setTerm('Picked')]) {
      model.input('abc');
      await vi.advanceTimersByTimeAsync(300);
      const call = calls[calls.length - 1]!;
      stop();
      expect(call.signal.aborted).toBe(true);
      expect(model.$state.get()).toMatchObject({ status: 'idle', open: false });
    }
  });
});

describe('the search box model: a partial answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the groups answered so far; the highlight stays on the same option only; a tab chosen meanwhile stays', async () => {
    let report: (groups: Group[]) => void = () => {};
    let finish: (groups: Group[]) => void = () => {};
    const model = createSearchBoxModel<Group, string>({
      describe: (term) => `test search for ${term}`,
      search: (_term, _signal, partial) =>
        new Promise((resolve) => {
          report = partial;
          finish = resolve;
        }),
      groupId: (group) => group.id,
      results: (group) => group.items,
      pickActive: (groups) => groups.find((group) => group.items.length > 0)?.id ?? null,
      // A top result above the groups once the ETFs have answered.
      leadingOptions: (groups) => (groups.some((group) => group.id === 'etf') ? 1 : 0),
    });
    // Each category's answer is one object, as the site search keeps it.
    const bonds = { id: 'bonds', items: [] };
    const stocks = { id: 'stocks', items: ['A', 'B'] };
    const indexes = { id: 'indexes', items: ['I'] };
    const etf = { id: 'etf', items: ['E'] };
    model.input('abc');
    await vi.advanceTimersByTimeAsync(300);
    report([bonds]);
    // Nothing to open yet: no empty state before the whole answer.
    expect(model.$state.get()).toMatchObject({ status: 'loading', open: false, groups: [] });
    report([bonds, stocks]);
    expect(model.$state.get()).toMatchObject({ status: 'loading', open: true, active: 'stocks' });
    expect(model.activeResults()).toEqual(['A', 'B']);
    model.move(1);
    report([bonds, stocks, indexes]);
    expect(model.$state.get()).toMatchObject({ active: 'stocks', highlighted: 0 }); // still "A"
    report([bonds, stocks, indexes, etf]);
    expect(model.$state.get().highlighted).toBe(-1); // a top result came before "A"
    model.move(1);
    report([bonds, stocks, indexes, { id: 'companies', items: [] }, etf]);
    expect(model.$state.get().highlighted).toBe(-1); // the top result may have changed
    model.selectTab('etf');
    finish([{ id: 'bonds', items: ['Z'] }, stocks, indexes, { id: 'companies', items: [] }, etf]);
    await vi.waitFor(() => expect(model.$state.get().status).toBe('ready'));
    expect(model.$state.get().active).toBe('etf');
  });
});

describe('the search box model: keys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function opened() {
    const { model } = harness({
      abc: [
        { id: 'bonds', items: [] },
        { id: 'stocks', items: ['A', 'B', 'C'] },
      ],
    });
    model.input('abc');
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(model.$state.get().open).toBe(true));
    return model;
  }

  it('opens the group the feature picks; arrows wrap, Home and End go to the ends', async () => {
    const model = await opened();
    expect(model.$state.get()).toMatchObject({ active: 'stocks', highlighted: -1 });
    model.move(-1);
    expect(model.$state.get().highlighted).toBe(2);
    model.move(1);
    expect(model.$state.get().highlighted).toBe(0);
    model.moveTo('last');
    expect(model.$state.get().highlighted).toBe(2);
    model.moveTo('first');
    expect(model.$state.get().highlighted).toBe(0);
    model.selectTab('bonds');
    expect(model.$state.get()).toMatchObject({ active: 'bonds', highlighted: -1, open: true });
  });

  it('Escape closes the list, a second one clears the term, a third is left to the page', async () => {
    const model = await opened();
    expect(model.escape()).toBe('closed');
    expect(model.$state.get()).toMatchObject({ open: false, term: 'abc' });
    model.move(1); // an arrow opens it again
    expect(model.$state.get().open).toBe(true);
    model.setOpen(false);
    expect(model.escape()).toBe('cleared');
    expect(model.$state.get()).toMatchObject({ term: '', groups: [], open: false });
    expect(model.escape()).toBe('none');
    model.input('abc');
    expect(model.escape({ clear: false })).toBe('none'); // a box whose host closes on it instead
    expect(model.$state.get().term).toBe('abc');
  });
});

describe('highlighting the searched words', () => {
  it('splits the plain text on every word of the term, case-insensitive, longest first', () => {
    const words = searchWords(['sb  SBER', null]);
    expect(words).toEqual(['sber', 'sb']);
    expect(matchSegments('Sberbank (SBERP)', words)).toEqual([
      { text: 'Sber', match: true },
      { text: 'bank (', match: false },
      { text: 'SBER', match: true },
      { text: 'P)', match: false },
    ]);
  });

  it('treats the term as text, not a pattern, and keeps markup in names as text', () => {
    expect(matchSegments('a.b+c (x)', searchWords(['.b+', '(x'])).map((s) => s.match)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(matchSegments('<img src=x> Сбер', searchWords(['сбер']))).toEqual([
      { text: '<img src=x> ', match: false },
      { text: 'Сбер', match: true },
    ]);
    expect(matchSegments(null, ['a'])).toEqual([]);
  });
});
