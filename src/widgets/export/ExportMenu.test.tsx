import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { ExportMenu, type ExportDrawing, type ExportMenuProps } from './index.ts';

// The file makers are the lazy chunk; here each call waits until the test settles it.
const made: { format: string; settle(error?: Error): void }[] = [];
vi.mock('./export.ts', () => ({
  exportDrawing: (format: string) =>
    new Promise<void>((resolve, reject) =>
      made.push({ format, settle: (error?: Error) => (error ? reject(error) : resolve()) }),
    ),
}));

let container: HTMLDivElement;
let root: Root;
withReactRoot((c, r) => {
  [container, root] = [c, r];
});
afterEach(() => {
  made.length = 0;
});

const LABELS = { export: 'Export', print: 'Print', png: 'PNG', jpeg: 'JPEG', pdf: 'PDF', svg: 'SVG' };
const DRAWING: ExportDrawing = { width: 10, height: 10, draw() {} };

function render(props: Partial<ExportMenuProps> = {}) {
  act(() =>
    root.render(
      <ExportMenu
        getDrawing={() => DRAWING}
        options={{ fileName: 'graph', title: 'Graph', lang: 'eng', logo: false }}
        labels={LABELS}
        {...props}
      />,
    ),
  );
}

const button = () => container.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!;
const item = (name: string) =>
  [...container.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) => el.textContent === name)!;
const choose = async (name: string) => {
  act(() => button().click());
  await act(async () => item(name).click());
};

describe('ExportMenu', () => {
  it('is busy while a file is being made: items disabled, a second choice ignored, then ready again', async () => {
    render();
    await choose('PDF');
    expect(made.map((call) => call.format)).toEqual(['pdf']);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(item('SVG').getAttribute('aria-disabled')).toBe('true');
    await choose('SVG');
    expect(made).toHaveLength(1);
    await act(async () => made[0]!.settle());
    expect(button().hasAttribute('aria-busy')).toBe(false);
    expect(item('SVG').hasAttribute('aria-disabled')).toBe(false);
    await choose('SVG');
    expect(made.map((call) => call.format)).toEqual(['pdf', 'svg']);
  });

  it('hands failures to onError (not shown), including having nothing to export yet', async () => {
    const onError = vi.fn();
    render({ onError });
    await choose('PNG');
    await act(async () => made[0]!.settle(new Error('canvas too big')));
    expect(onError).toHaveBeenCalledWith(new Error('canvas too big'), 'png');
    expect(button().hasAttribute('aria-busy')).toBe(false);

    render({ onError, getDrawing: () => null });
    await choose('SVG');
    expect(made).toHaveLength(1);
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 'svg');
    expect(container.textContent).not.toContain('Nothing to export');
  });

  it("gives the focus back to the button when a click comes before the hover's effects have run", async () => {
    // A loaded machine: the render of the hover over "PNG" takes longer than React's 5 ms slice,
    // so React yields after committing it, and the click lands before its effects have run.
    // The click's close must still end with the focus on the button, not on the hidden item.
    let slow = false;
    const labels = new Proxy(LABELS, {
      get(target, key: keyof typeof LABELS) {
        if (slow && key === 'png') {
          slow = false;
          const until = performance.now() + 20;
          while (performance.now() < until);
          queueMicrotask(() => item('PNG').click());
        }
        return target[key];
      },
    });
    render({ labels });
    act(() => button().click());
    expect(container.ownerDocument.activeElement).toBe(item('Print'));

    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      slow = true;
      // The pointer moves from "Print" onto "PNG" (React reads enter and leave from `mouseout`).
      item('Print').dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: item('PNG') }));
      await vi.waitFor(() => expect(made.map((call) => call.format)).toEqual(['png']));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(slow).toBe(false);
    expect(item('PNG').closest('[role="menu"]')!.hasAttribute('hidden')).toBe(true);
    expect(container.ownerDocument.activeElement).toBe(button());
  });
});
