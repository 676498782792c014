import { describe, expect, it } from 'vitest';
import type { ChartSeries, LinePoint } from '../../contract/chart-widget.ts';
import {
  canUndo,
  clearSelection,
  createDeletePoints,
  isSelected,
  moveCursor,
  removeSelected,
  toggleAtCursor,
  togglePoint,
  undoRemove,
  UNDO_LIMIT,
  type DeletePointsState,
} from './delete-points.ts';

const DAY = 86_400;
const series = (field: string, values: (number | null)[]): ChartSeries<LinePoint> => ({
  field,
  name: field.toUpperCase(),
  data: values.map((value, i): LinePoint => [1_790_000_000 + i * DAY, value]),
});

const values = (state: DeletePointsState<LinePoint>): (number | null)[][] =>
  state.series.map((s) => s.data.map((p) => p[1]));

function fresh(): DeletePointsState<LinePoint> {
  return createDeletePoints([series('a', [1, 2, null, 4, 5]), series('b', [10, 20, 30])]);
}

describe('delete-points mode', () => {
  it('toggles a clicked point on and off, and ignores a gap or a point that does not exist', () => {
    let state = togglePoint(fresh(), { field: 'a', index: 3 });
    state = togglePoint(state, { field: 'a', index: 0 });
    expect(state.selected).toEqual([
      { field: 'a', index: 0 },
      { field: 'a', index: 3 },
    ]);
    state = togglePoint(state, { field: 'a', index: 3 });
    expect(isSelected(state, { field: 'a', index: 3 })).toBe(false);
    expect(togglePoint(state, { field: 'a', index: 2 })).toBe(state);
    expect(togglePoint(state, { field: 'zz', index: 0 })).toBe(state);
    expect(clearSelection(state).selected).toEqual([]);
  });

  it('moves a keyboard cursor over the points, skipping gaps, across series and between them', () => {
    let state = moveCursor(fresh(), 'next');
    expect(state.cursor).toEqual({ field: 'a', index: 0 });
    state = moveCursor(moveCursor(state, 'next'), 'next');
    expect(state.cursor).toEqual({ field: 'a', index: 3 }); // index 2 is a gap
    state = moveCursor(moveCursor(state, 'next'), 'next');
    expect(state.cursor).toEqual({ field: 'b', index: 0 });
    state = moveCursor(state, 'last');
    expect(moveCursor(state, 'next').cursor).toEqual({ field: 'b', index: 2 }); // stops at the end
    expect(moveCursor(state, 'previousSeries').cursor).toEqual({ field: 'a', index: 1 });
    expect(moveCursor(state, 'nextSeries')).toBe(state);
    expect(moveCursor(fresh(), 'previous').cursor).toEqual({ field: 'b', index: 2 });
    expect(moveCursor(fresh(), 'next', new Set(['a'])).cursor).toEqual({ field: 'b', index: 0 });
  });

  it('toggles the point under the cursor (Space), removes the selection and leaves the input untouched', () => {
    const start = fresh();
    let state = toggleAtCursor(moveCursor(start, 'first'));
    state = toggleAtCursor(moveCursor(moveCursor(state, 'last'), 'previous'));
    state = removeSelected(state);
    expect(values(state)).toEqual([
      [2, null, 4, 5],
      [10, 30],
    ]);
    expect(state.selected).toEqual([]);
    expect(state.cursor).toEqual({ field: 'b', index: 1 }); // the point after the removed one
    expect(values(start)).toEqual([
      [1, 2, null, 4, 5],
      [10, 20, 30],
    ]);
  });

  it('undoes removals one level at a time, then has nothing left to undo', () => {
    let state = removeSelected(togglePoint(fresh(), { field: 'a', index: 0 }));
    state = removeSelected(togglePoint(state, { field: 'b', index: 2 }));
    expect(values(state)).toEqual([
      [2, null, 4, 5],
      [10, 20],
    ]);
    state = undoRemove(state);
    expect(values(state)).toEqual([
      [2, null, 4, 5],
      [10, 20, 30],
    ]);
    state = undoRemove(state);
    expect(values(state)).toEqual([
      [1, 2, null, 4, 5],
      [10, 20, 30],
    ]);
    expect(canUndo(state)).toBe(false);
    expect(undoRemove(state)).toBe(state);
  });

  it('does nothing on remove without a selection, and keeps at most the undo limit', () => {
    const start = fresh();
    expect(removeSelected(start)).toBe(start);
    let state = createDeletePoints([
      series(
        'a',
        Array.from({ length: UNDO_LIMIT + 5 }, (_, i) => i),
      ),
    ]);
    for (let i = 0; i < UNDO_LIMIT + 5; i++)
      state = removeSelected(togglePoint(state, { field: 'a', index: 0 }));
    expect(state.series[0]!.data).toHaveLength(0);
    expect(state.cursor).toBeNull();
    expect(state.undoStack).toHaveLength(UNDO_LIMIT);
    while (canUndo(state)) state = undoRemove(state);
    expect(state.series[0]!.data).toHaveLength(UNDO_LIMIT);
  });
});
