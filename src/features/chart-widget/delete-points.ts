/**
 * The chart widget's delete-points mode (SPEC §2, §4): the user selects points — by clicking, or
 * with the keyboard by moving a cursor through the points and toggling the one under it — removes
 * the selection, and may undo removals one step at a time. Pure: every step returns a new state and
 * the series it was given are never changed, so undo simply restores an earlier list.
 */
import type { ChartSeries, LinePoint, MapPoint } from '../../contract/chart-widget.ts';

/** A point by its series' field (unique on a chart) and its index in that series' data. */
export interface PointRef {
  field: string;
  index: number;
}

export interface DeletePointsState<P extends LinePoint | MapPoint = LinePoint | MapPoint> {
  series: readonly ChartSeries<P>[];
  /** Selected points, in series order then index order. */
  selected: readonly PointRef[];
  /** The keyboard cursor: the point Space/Enter toggles; null before the first move. */
  cursor: PointRef | null;
  /** Earlier series lists, the latest last. */
  undoStack: readonly (readonly ChartSeries<P>[])[];
}

/** Undo levels kept; older removals can no longer be undone. */
export const UNDO_LIMIT = 50;

export type CursorMove = 'next' | 'previous' | 'first' | 'last' | 'nextSeries' | 'previousSeries';

export function createDeletePoints<P extends LinePoint | MapPoint>(
  series: readonly ChartSeries<P>[],
): DeletePointsState<P> {
  return { series, selected: [], cursor: null, undoStack: [] };
}

const sameRef = (a: PointRef, b: PointRef): boolean => a.field === b.field && a.index === b.index;

/** A gap (a line point without a value) is not a point the user can see, so it cannot be selected. */
function selectable(point: LinePoint | MapPoint | undefined): boolean {
  return point !== undefined && point[1] !== null;
}

/** Every selectable point, in series order then index order; `hidden` series are skipped. */
function selectablePoints(series: readonly ChartSeries[], hidden: ReadonlySet<string>): PointRef[] {
  return series
    .filter((s) => !hidden.has(s.field))
    .flatMap((s) => s.data.flatMap((point, index) => (selectable(point) ? [{ field: s.field, index }] : [])));
}

function pointAt(series: readonly ChartSeries[], ref: PointRef): LinePoint | MapPoint | undefined {
  return series.find((s) => s.field === ref.field)?.data[ref.index];
}

export function isSelected(state: DeletePointsState, ref: PointRef): boolean {
  return state.selected.some((r) => sameRef(r, ref));
}

/** Select the point, or clear it when it was selected (a click, or Space on the cursor). */
export function togglePoint<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
  ref: PointRef,
): DeletePointsState<P> {
  if (!selectable(pointAt(state.series, ref))) return state;
  if (isSelected(state, ref)) return { ...state, selected: state.selected.filter((r) => !sameRef(r, ref)) };
  const order = state.series.map((s) => s.field);
  const selected = [...state.selected, ref].sort(
    (a, b) => order.indexOf(a.field) - order.indexOf(b.field) || a.index - b.index,
  );
  return { ...state, selected };
}

/** Toggle the point under the keyboard cursor. */
export function toggleAtCursor<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
): DeletePointsState<P> {
  return state.cursor ? togglePoint(state, state.cursor) : state;
}

export function clearSelection<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
): DeletePointsState<P> {
  return state.selected.length === 0 ? state : { ...state, selected: [] };
}

/**
 * Move the keyboard cursor: next/previous point (across series, stopping at the ends), first/last,
 * or the same position in the next/previous series. The first move from no cursor lands on the
 * first point (on the last for previous/last).
 */
export function moveCursor<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
  move: CursorMove,
  hidden: ReadonlySet<string> = new Set(),
): DeletePointsState<P> {
  const points = selectablePoints(state.series, hidden);
  if (points.length === 0) return state.cursor === null ? state : { ...state, cursor: null };
  const at = state.cursor ? points.findIndex((r) => sameRef(r, state.cursor!)) : -1;
  let target: PointRef;
  if (at === -1 || move === 'first' || move === 'last') {
    target =
      move === 'previous' || move === 'last' || move === 'previousSeries' ? points.at(-1)! : points[0]!;
  } else if (move === 'next' || move === 'previous') {
    target = points[Math.min(points.length - 1, Math.max(0, at + (move === 'next' ? 1 : -1)))]!;
  } else {
    const fields = [...new Set(points.map((r) => r.field))];
    const current = state.cursor!;
    const field = fields[fields.indexOf(current.field) + (move === 'nextSeries' ? 1 : -1)];
    if (field === undefined) return state;
    const inSeries = points.filter((r) => r.field === field);
    // The point of the other series nearest in index, so the cursor stays at about the same place.
    target = inSeries.reduce((best, r) =>
      Math.abs(r.index - current.index) < Math.abs(best.index - current.index) ? r : best,
    );
  }
  return { ...state, cursor: target };
}

/**
 * Remove the selected points. The series before the removal go on the undo stack; the cursor
 * moves to the nearest point that remains in its series (or the first point left).
 */
export function removeSelected<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
): DeletePointsState<P> {
  if (state.selected.length === 0) return state;
  const removed = new Map<string, Set<number>>();
  for (const ref of state.selected) {
    const set = removed.get(ref.field) ?? new Set<number>();
    set.add(ref.index);
    removed.set(ref.field, set);
  }
  const series = state.series.map((s) => {
    const gone = removed.get(s.field);
    return gone ? { ...s, data: s.data.filter((_, index) => !gone.has(index)) } : s;
  });
  let cursor: PointRef | null = null;
  if (state.cursor) {
    const { field, index } = state.cursor;
    const gone = removed.get(field) ?? new Set<number>();
    const before = [...gone].filter((i) => i < index).length;
    const length = series.find((s) => s.field === field)?.data.length ?? 0;
    // A removed cursor point hands the cursor to the point after it (or the new last one).
    cursor = length > 0 ? { field, index: Math.min(index - before, length - 1) } : null;
  }
  const undoStack = [...state.undoStack, state.series].slice(-UNDO_LIMIT);
  const next: DeletePointsState<P> = { series, selected: [], cursor, undoStack };
  if (next.cursor === null || !selectable(pointAt(series, next.cursor))) {
    return { ...next, cursor: selectablePoints(series, new Set())[0] ?? null };
  }
  return next;
}

export function canUndo(state: DeletePointsState): boolean {
  return state.undoStack.length > 0;
}

/** Bring back the points of the latest removal; the selection is cleared. */
export function undoRemove<P extends LinePoint | MapPoint>(
  state: DeletePointsState<P>,
): DeletePointsState<P> {
  const previous = state.undoStack.at(-1);
  if (!previous) return state;
  const cursor = state.cursor && selectable(pointAt(previous, state.cursor)) ? state.cursor : null;
  return { series: previous, selected: [], cursor, undoStack: state.undoStack.slice(0, -1) };
}
