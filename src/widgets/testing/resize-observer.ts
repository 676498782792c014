/**
 * A ResizeObserver for the happy-dom unit tests, which has none that reports (its `observe` does
 * nothing). Like a browser's, it reports each element it starts observing once, in a later frame
 * (a timer here, or `layoutFrame()` at once), never inside the `observe` call: code that waits for
 * the first layout (the data table's width) is tested as a page runs it. Reports run in React's
 * act(), as a browser's frame would have finished the render they cause. Sizes are whatever
 * happy-dom reports; a test that needs one stubs the measure it reads.
 *
 * Installed for every unit test by vitest.setup.ts.
 */
import { act } from 'react';

const observers = new Set<FakeResizeObserver>();
let frame: ReturnType<typeof setTimeout> | null = null;

class FakeResizeObserver implements ResizeObserver {
  /** Elements observed but not reported yet. */
  readonly pending = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {}

  observe(target: Element): void {
    this.pending.add(target);
    observers.add(this);
    frame ??= setTimeout(layoutFrame, 0);
  }

  unobserve(target: Element): void {
    this.pending.delete(target);
  }

  disconnect(): void {
    this.pending.clear();
    observers.delete(this);
  }

  report(): void {
    if (this.pending.size === 0) return;
    const entries = [...this.pending].map((target) => {
      const rect = target.getBoundingClientRect();
      const size = [{ inlineSize: rect.width, blockSize: rect.height }];
      return {
        target,
        contentRect: rect,
        borderBoxSize: size,
        contentBoxSize: size,
        devicePixelContentBoxSize: size,
      } as ResizeObserverEntry;
    });
    this.pending.clear();
    this.callback(entries, this);
  }
}

/** Delivers the first reports of every element observed so far, as the browser's next frame does. */
export function layoutFrame(): void {
  if (frame !== null) clearTimeout(frame);
  frame = null;
  act(() => {
    for (const observer of [...observers]) observer.report();
  });
}

export function installResizeObserver(): void {
  globalThis.ResizeObserver = FakeResizeObserver;
}
