import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { Tabs, tabId, type TabOption, type TabsProps } from './index.ts';

const PERIODS: TabOption[] = [
  { id: 0, ttl: 'Today' },
  { id: 1, ttl: '1M' },
  { id: 2, ttl: '3M', disabled: true },
  { id: 3, ttl: '6M' },
  { id: 4, ttl: '1Y', show: false },
  { id: 5, ttl: '3Y', hidden: true },
];

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});

function render(props: Partial<TabsProps> & Pick<TabsProps, 'onSelect'>) {
  act(() => root.render(<Tabs tabs={PERIODS} active={1} label="Period" {...props} />));
}

const tabs = () => [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const tab = (text: string) => tabs().find((button) => button.textContent === text)!;

function press(key: string) {
  act(() => {
    (document.activeElement as HTMLElement).dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
  });
}

describe('Tabs', () => {
  it('renders a labelled tablist of real buttons without the show:false and hidden tabs', () => {
    render({ onSelect: vi.fn() });
    const list = container.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('Period');
    expect(tabs().map((button) => button.textContent)).toEqual(['Today', '1M', '3M', '6M']);
    expect(tabs().every((button) => button.tagName === 'BUTTON' && button.type === 'button')).toBe(true);
  });

  it('marks only the active tab selected and makes it the single tab stop', () => {
    render({ onSelect: vi.fn() });
    expect(tabs().map((button) => button.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    expect(tabs().map((button) => button.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(tab('1M').classList.contains('fin-tabs__tab--active')).toBe(true);
  });

  it('with active null selects nothing and keeps the first enabled tab reachable', () => {
    render({ active: null, onSelect: vi.fn() });
    expect(tabs().some((button) => button.getAttribute('aria-selected') === 'true')).toBe(false);
    expect(tab('Today').tabIndex).toBe(0);
  });

  it('selects a tab on click, but not the already active one', () => {
    const onSelect = vi.fn();
    render({ onSelect });
    act(() => tab('6M').click());
    expect(onSelect).toHaveBeenCalledWith(3);
    act(() => tab('1M').click());
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('does not select a disabled tab', () => {
    const onSelect = vi.fn();
    render({ onSelect });
    act(() => tab('3M').click());
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('moves focus and selects with the arrow keys, skipping disabled tabs and wrapping', () => {
    const onSelect = vi.fn();
    render({ onSelect });
    act(() => tab('1M').focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('6M'));
    expect(onSelect).toHaveBeenLastCalledWith(3);
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Today'));
    expect(onSelect).toHaveBeenLastCalledWith(0);
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('6M'));
  });

  it('Home and End go to the first and last enabled tab', () => {
    const onSelect = vi.fn();
    render({ onSelect });
    act(() => tab('1M').focus());
    press('End');
    expect(document.activeElement).toBe(tab('6M'));
    expect(onSelect).toHaveBeenLastCalledWith(3);
    press('Home');
    expect(document.activeElement).toBe(tab('Today'));
    expect(onSelect).toHaveBeenLastCalledWith(0);
  });

  it('ignores other keys and browser shortcuts such as Alt+Left', () => {
    const onSelect = vi.fn();
    render({ onSelect });
    act(() => tab('1M').focus());
    press('a');
    act(() => {
      tab('1M').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowLeft', altKey: true, bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(tab('1M'));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('links every tab to the panel it controls, and the panel to the active tab (aria-labelledby)', () => {
    act(() =>
      root.render(
        <>
          <Tabs
            tabs={PERIODS}
            active={3}
            label="Leaders"
            onSelect={vi.fn()}
            id="leaders"
            controls="leaders-panel"
          />
          <div role="tabpanel" id="leaders-panel" aria-labelledby={tabId('leaders', 3)}>
            Panel
          </div>
        </>,
      ),
    );
    const panel = container.querySelector('[role="tabpanel"]')!;
    expect(tabs().every((button) => button.getAttribute('aria-controls') === 'leaders-panel')).toBe(true);
    const labelledBy = container.querySelector(`#${panel.getAttribute('aria-labelledby')}`);
    expect(labelledBy).toBe(tab('6M'));
    expect(new Set(tabs().map((button) => button.id)).size).toBe(4);
  });

  it('gives each tab its own panel with a function, and no aria-controls without panels', () => {
    render({ onSelect: vi.fn(), id: 'views', controls: (id) => `views-panel-${id}` });
    expect(tab('1M').getAttribute('aria-controls')).toBe('views-panel-1');
    expect(tab('1M').id).toBe(tabId('views', 1));
    render({ onSelect: vi.fn() });
    expect(tabs().some((button) => button.hasAttribute('aria-controls'))).toBe(false);
    // Ids are unique even without a base given: two tab bars on one page do not clash.
    expect(tab('1M').id).not.toBe('');
  });

  it('applies the size, className and per-tab class', () => {
    render({
      onSelect: vi.fn(),
      size: 'small',
      className: 'views',
      tabs: [{ id: 'a', ttl: 'A', class: 'is-new' }],
      active: 'a',
    });
    const list = container.querySelector('[role="tablist"]')!;
    expect(list.className).toBe('fin-tabs fin-tabs--small views');
    expect(tab('A').classList.contains('is-new')).toBe(true);
  });
});
