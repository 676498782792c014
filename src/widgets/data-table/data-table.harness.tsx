/**
 * A page-side harness for the bench and the browser test of the data table: mounts a DataTable
 * with generated rows in a shadow root (as an element would, with the base and table styles) and
 * times render → next paint and header click → next paint. Not part of any element bundle: it is
 * built on demand by data-table.harness.build.ts.
 */
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import baseStyles from '../../runtime/base.css?inline';
import { DataTable } from './DataTable.tsx';
import tableStyles from './data-table.css?inline';
import cellStyles from './table-cell.css?inline';
import { HARNESS_COLUMNS, HARNESS_LABELS, harnessRows } from './data-table.harness.data.ts';
import type { DataTableProps, TableRow } from './data-table.types.ts';

export type HarnessOptions = Omit<Partial<DataTableProps>, 'rows' | 'columns' | 't' | 'caption'> & {
  /** How many generated rows. */
  rows: number;
  /** Width of the table's box in px (to try the < 680 px layout without resizing the page). */
  width?: number;
  /** Rows put before the generated ones (cells with tooltips, info marks, long texts). */
  leadRows?: TableRow[];
};

export interface HarnessTiming {
  /** From the render call (or the click) to the next paint, ms (includes waiting for the frame). */
  ms: number;
  /** From the render call (or the click) to the DOM updated, ms: the table's own work. */
  workMs: number;
  /** `<tr>` elements in the table's DOM. */
  tr: number;
  /** Text of the first body row's first cell. */
  first: string;
  /** Height of a body row and of the scroll box, px: how many rows are on screen at once. */
  rowPx: number;
  boxPx: number;
}

export interface DataTableHarness {
  mount(options: HarnessOptions): Promise<HarnessTiming>;
  clickHeader(field: string): Promise<HarnessTiming>;
  /** What the callbacks reported, in order. */
  events: Array<{ type: string; detail: unknown }>;
}

/** The page's window once the harness script ran (typed here, not as a global: only tests use it). */
export type HarnessWindow = Window & { finDataTableHarness?: DataTableHarness };

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let root: Root | null = null;
let shadow: ShadowRoot | null = null;
let box: HTMLElement | null = null;
const events: DataTableHarness['events'] = [];

/** Resolves in the next task: after the click's handlers and React's microtask flush, before the frame. */
const nextTask = () =>
  new Promise<number>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });

function timing(start: number, worked: number): HarnessTiming {
  return {
    ms: performance.now() - start,
    workMs: worked - start,
    tr: shadow?.querySelectorAll('tr').length ?? 0,
    first: shadow?.querySelector('tbody tr.dt-row > th')?.textContent ?? '',
    rowPx: shadow?.querySelector('tbody tr.dt-row')?.getBoundingClientRect().height ?? 0,
    boxPx: shadow?.querySelector('.dt-scroll')?.clientHeight ?? 0,
  };
}

(window as HarnessWindow).finDataTableHarness = {
  events,
  async mount({ rows: count, width, leadRows = [], ...props }) {
    if (!root) {
      const host = document.createElement('div');
      host.id = 'harness';
      document.body.append(host);
      shadow = host.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = `${baseStyles}\n${tableStyles}\n${cellStyles}`;
      box = document.createElement('div');
      shadow.append(style, box);
      root = createRoot(box);
    }
    box!.style.width = width ? `${width}px` : '';
    flushSync(() => root!.render(null));
    await nextPaint();
    const rows = [...leadRows, ...harnessRows(count)];
    const start = performance.now();
    flushSync(() =>
      root!.render(
        <DataTable
          columns={HARNESS_COLUMNS}
          rows={rows}
          caption="Stocks"
          t={(key) => HARNESS_LABELS[key] ?? `{{${key}}}`}
          onSortChange={(detail) => events.push({ type: 'sort', detail })}
          onExpandChange={(detail) => events.push({ type: 'expand', detail })}
          onCheckedChange={(detail) => events.push({ type: 'checked', detail: detail.length })}
          {...props}
        />,
      ),
    );
    const worked = performance.now();
    await nextPaint();
    return timing(start, worked);
  },
  async clickHeader(field) {
    const button = shadow?.querySelector<HTMLButtonElement>(`thead th[data-field="${field}"] button.dt-sort`);
    if (!button) throw new Error(`no sort button for ${field}`);
    const start = performance.now();
    button.click();
    const [worked] = await Promise.all([nextTask(), nextPaint()]);
    return timing(start, worked);
  },
};
