/**
 * Comparison on the stock chart (SPEC §4 "Compare mode", §5 limits, §7 index calls, §8): the
 * compared stocks and indexes with their colours, their series for the open window, and the calls
 * for them. Compared stocks come with the main series of a new window (parallel ids, see
 * stock-chart.windows.ts) or one by one when added; indexes in one getGraphicData call for a new
 * window, or getCompareGraphicData one by one when added. An item without data leaves with
 * null_compare_data (its colour is free again); an index that fails leaves silently (logged).
 */
import { atom, task } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { fetchIndexCompareGraphicData, fetchIndexGraphicData } from '../../core/api/indexes.ts';
import { logGlobalAction } from '../../core/api/profile.ts';
import { fetchTradings } from '../../core/api/stocks.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { createResource, type Resource } from '../../core/resource.ts';
import type { IndexGraphPoint } from '../../contract/indexes.ts';
import { allocateColor } from '../../contract/palette.ts';
import { INTRADAY_PERIOD_ID } from '../../contract/period.ts';
import type { ChartPoint } from '../../contract/stocks.ts';
import type { OpenWindow, SeriesOf } from './stock-chart.windows.ts';
import {
  calendarToday,
  compareLimitAlert,
  entityKey,
  isTodayPeriod,
  type ChartEntity,
  type ComparedItem,
} from './stock-chart.utils.ts';

/** SPEC §7: logged once, on the first index compare. */
export const INDEX_COMPARE_ACTION_ID = 313;

/** A compared item without its series (those belong to a window). */
export type ComparedEntry = Omit<ComparedItem, 'data'>;

export interface CompareState {
  /** In the order added; a removed item frees its colour. */
  items: ComparedEntry[];
  /** The compare field is shown. */
  open: boolean;
  /** The stock/ground key of a main series the user hid in the legend (shown again on another ground). */
  mainHidden: string | null;
}

/** The series of the compared items for one opening of a window. */
export interface ComparedData {
  windowId: string | null;
  seq: number;
  byKey: Readonly<Record<string, ChartPoint[]>>;
}

interface ItemsKey {
  window: OpenWindow;
  items: ComparedEntry[];
  /** The main line has 5-minute points: an added index asks for them too (period_id 99). */
  intraday?: boolean;
}

function indexPoints(points: readonly IndexGraphPoint[]): ChartPoint[] {
  // Index points carry Unix seconds (SPEC §3 "Chart point"); the chart works in ms.
  return points.map((point) => [point['date.numeric'] * 1000, point.value]);
}

function aborted(signal: AbortSignal): void {
  if (signal.aborted) throw new ApiError('aborted', '', 'Cancelled');
}

export function createChartCompare({ alert }: { alert(key: string): void }) {
  const $compare = atom<CompareState>({ items: [], open: false, mainHidden: null });
  const $data = atom<ComparedData>({ windowId: null, seq: -1, byKey: {} });
  /** Loads of compared items under way, each a resource of its own (they run side by side). */
  const loading = new Map<Resource<ItemsKey, void>, ItemsKey>();
  let indexCompareLogged = false;

  const update = (patch: Partial<CompareState>) => $compare.set({ ...$compare.get(), ...patch });
  const isOpen = (window: OpenWindow) => $data.get().seq === window.seq;

  // -------------------------------------------------------------------------------------------
  // Answers

  function remove(keys: readonly string[]): void {
    const drop = new Set(keys);
    update({ items: $compare.get().items.filter((item) => !drop.has(item.key)) });
  }

  /**
   * Series of the open window. SPEC §4, §5: items without data are removed (their colour is
   * freed) with null_compare_data; items the user removed meanwhile are gone and say nothing.
   */
  function receive(window: OpenWindow, entries: Array<[string, ChartPoint[]]>): void {
    if (!isOpen(window) || entries.length === 0) return;
    const current = $data.get();
    $data.set({ ...current, byKey: { ...current.byKey, ...Object.fromEntries(entries) } });
    const empty = new Set(entries.filter(([, data]) => data.length === 0).map(([key]) => key));
    if (!$compare.get().items.some((item) => empty.has(item.key))) return;
    remove([...empty]);
    alert('compare:null_compare_data');
  }

  /** The compared stocks of a main call (stock-chart.windows.ts). */
  function receiveStocks(window: OpenWindow, stocks: ComparedEntry[], seriesOf: SeriesOf): void {
    receive(
      window,
      stocks.map((item) => [
        item.key,
        seriesOf(item.entity.id, item.entity.tgId as number, 'close')?.data ?? [],
      ]),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Loads

  function run(key: ItemsKey, describe: string, load: (key: ItemsKey, signal: AbortSignal) => Promise<void>) {
    const resource = createResource<ItemsKey, void>({
      describe: () => describe,
      async load(key, signal) {
        try {
          await load(key, signal);
        } catch (error) {
          // SPEC §8: a compared item that failed leaves (its colour is freed); the failure is logged.
          if (!signal.aborted && isOpen(key.window)) remove(key.items.map((item) => item.key));
          throw error;
        }
      },
    });
    loading.set(resource, key);
    void resource.load(key).finally(() => loading.delete(resource));
  }

  /** A compared stock on its own (added to a window whose main series is there). */
  function loadStock(window: OpenWindow, item: ComparedEntry): void {
    run(
      { window, items: [item] },
      `compared stock ${item.entity.id}/${item.entity.tgId}`,
      async (_, signal) => {
        const answer = await fetchTradings(
          window.ctx.tradingsLink,
          {
            date_from: window.period.from,
            date_to: window.period.to,
            stocks_ids: [item.entity.id],
            trading_ground_ids: [item.entity.tgId as number],
            userChangePeriod: false,
            getChartIteration: 1,
            fields: ['close'],
          },
          signal,
        );
        aborted(signal);
        // A 206 for a compared stock does not move the chart's dates: it has no data here.
        const data =
          answer.status === 200 ? (answer.series.find((s) => s.field === 'close')?.data ?? []) : [];
        receive(window, [[item.key, data]]);
      },
    );
  }

  /** Compared indexes of a new window, in one getGraphicData call (periodId 99 for Today). */
  function loadIndexes(window: OpenWindow, items: ComparedEntry[]): void {
    run({ window, items }, 'compared indexes', async (_, signal) => {
      const [first, ...rest] = items as [ComparedEntry, ...ComparedEntry[]];
      const answer = await fetchIndexGraphicData(
        first.entity.id,
        {
          beginDate: window.period.from,
          endDate: window.period.to,
          compareIndexes: rest.map((item) => item.entity.id),
          periodId: isTodayPeriod(window.period, calendarToday()) ? INTRADAY_PERIOD_ID : null,
        },
        signal,
      );
      aborted(signal);
      const byId = new Map(
        answer.compare_data.map((entry) => [entry.index_id, indexPoints(entry.graph_data)]),
      );
      receive(
        window,
        items.map((item) => [item.key, byId.get(item.entity.id) ?? []]),
      );
    });
  }

  /** An index added to a window whose main series is there (getCompareGraphicData). */
  function loadIndex(window: OpenWindow, item: ComparedEntry, intraday: boolean): void {
    run({ window, items: [item], intraday }, `compared index ${item.entity.id}`, async (_, signal) => {
      const answer = await fetchIndexCompareGraphicData(
        item.entity.id,
        {
          index_id: item.entity.id,
          begin_date: window.period.from,
          end_date: window.period.to,
          // SPEC §7: 99 when intraday, so the index matches the main line's 5-minute points.
          period_id: intraday || isTodayPeriod(window.period, calendarToday()) ? INTRADAY_PERIOD_ID : null,
        },
        signal,
      );
      aborted(signal);
      receive(window, [[item.key, indexPoints(answer.graph_data)]]);
    });
  }

  /** Items of the open window with no series yet and no call on its way for them. */
  function missing(window: OpenWindow, alsoOnTheirWay: readonly string[]): ComparedEntry[] {
    const onTheirWay = new Set(alsoOnTheirWay);
    for (const key of loading.values())
      if (key.window.seq === window.seq) key.items.forEach((item) => onTheirWay.add(item.key));
    const { byKey } = $data.get();
    return $compare.get().items.filter((item) => !(item.key in byKey) && !onTheirWay.has(item.key));
  }

  /** A window opens: the series of the old one go, and so do their loads. */
  function open(window: OpenWindow): void {
    cancel();
    $data.set({ windowId: window.id, seq: window.seq, byKey: {} });
  }

  function cancel(): void {
    for (const resource of loading.keys()) resource.cancel();
    loading.clear();
  }

  // -------------------------------------------------------------------------------------------
  // Actions

  /**
   * Adds a stock or an index picked in the compare field (SPEC §4, §5): the lowest free colour,
   * the limits. Returns the item added, or null. The caller loads it.
   */
  function add(picked: CompareSearchItem, mainKey: string): ComparedEntry | null {
    const model = picked.type === 'indexes' ? 'index' : picked.type === 'stocks' ? 'stock' : null;
    if (model === null || (model === 'stock' && picked.tradingGroundsId === null)) {
      console.error(`fin-elements: the stock chart compares stocks and indexes, not ${picked.type}`);
      return null;
    }
    const entity: ChartEntity = {
      id: picked.emissionId,
      tgId: model === 'stock' ? picked.tradingGroundsId : null,
      model,
      name: picked.emissionName,
      tgName: model === 'stock' ? picked.tradingGroundsName : null,
    };
    const key = entityKey(entity);
    const { items } = $compare.get();
    if (key === mainKey || items.some((item) => item.key === key)) return null;
    const stocks = 1 + items.filter((item) => item.entity.model === 'stock').length;
    const indexes = items.filter((item) => item.entity.model === 'index').length;
    const limit = compareLimitAlert(model, stocks, indexes);
    if (limit) {
      alert(`compare:${limit}`);
      return null;
    }
    const colorIndex = allocateColor(items.map((item) => item.colorIndex));
    if (colorIndex === null) return null;
    const item: ComparedEntry = { key, entity, colorIndex, visible: true };
    update({ items: [...items, item] });
    if (model === 'index' && !indexCompareLogged) {
      indexCompareLogged = true;
      void task(() =>
        logGlobalAction(INDEX_COMPARE_ACTION_ID).catch((error: unknown) => {
          // SPEC §8: log call failures are not shown.
          console.error(
            `fin-elements: action log ${INDEX_COMPARE_ACTION_ID} failed: ${(error as Error).message}`,
          );
        }),
      );
    }
    return item;
  }

  /** The legend's hide/show of a compared item, or of the main series (`mainKey`: its stock and ground). */
  function toggleVisible(key: string, main: { key: string; ground: string } | null): void {
    const state = $compare.get();
    if (main && key === main.key) {
      update({ mainHidden: state.mainHidden === main.ground ? null : main.ground });
      return;
    }
    update({
      items: state.items.map((item) => (item.key === key ? { ...item, visible: !item.visible } : item)),
    });
  }

  /**
   * SPEC §4: cancelling clears the compared series (the caller reloads the single chart). The
   * toolbar's cancel closes the field; the field's own clear leaves it open for the next search.
   * Returns false when nothing was compared.
   */
  function clear(closeField: boolean): boolean {
    const { items, open } = $compare.get();
    update({ items: [], open: closeField ? false : open, mainHidden: null });
    return items.length > 0;
  }

  return {
    $compare,
    $data,
    receiveStocks,
    loadStock,
    loadIndexes,
    loadIndex,
    missing,
    open,
    cancel,
    add,
    remove,
    toggleVisible,
    clear,
    setOpen: (open: boolean) => update({ open }),
  };
}

export type ChartCompare = ReturnType<typeof createChartCompare>;

/** The compared items with their series of the window shown (null: still loading). */
export function comparedItems(items: readonly ComparedEntry[], data: ComparedData, windowId: string | null) {
  const byKey = data.windowId !== null && data.windowId === windowId ? data.byKey : {};
  return items.map((item): ComparedItem => ({ ...item, data: byKey[item.key] ?? null }));
}
