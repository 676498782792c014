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
});
