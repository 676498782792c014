import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { ShowMoreList, type ShowMoreListProps } from './index.ts';

const ISSUERS = ['Sberbank', 'Gazprom', 'Lukoil', 'Norilsk Nickel', 'Yandex', 'Magnit', 'MTS'].map((name) => (
  <a href={`/company/${name}/`}>{name}</a>
));
const LABELS = { more: 'Show more', hide: 'Hide' };

let container: HTMLDivElement;
let root: Root;

withReactRoot((c, r) => {
  [container, root] = [c, r];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function render(props: Partial<ShowMoreListProps> = {}) {
  act(() => root.render(<ShowMoreList items={ISSUERS} labels={LABELS} {...props} />));
}

const entries = () => [...container.querySelectorAll('li')].map((item) => item.textContent);
const toggle = () => container.querySelector<HTMLButtonElement>('.fin-show-more__toggle');

describe('ShowMoreList', () => {
  it('shows the first 5 entries and a collapsed show-more button controlling the list', () => {
    render();
    expect(entries()).toEqual(['Sberbank', 'Gazprom', 'Lukoil', 'Norilsk Nickel', 'Yandex']);
    expect(container.querySelector('ul')).not.toBeNull();
    expect(toggle()!.textContent).toBe('Show more');
    expect(toggle()!.getAttribute('aria-expanded')).toBe('false');
    expect(toggle()!.getAttribute('aria-controls')).toBe(container.querySelector('ul')!.id);
  });

  it('expands and collapses with focus kept on the button, announcing each change', () => {
    const onExpandChange = vi.fn();
    render({ onExpandChange });
    act(() => toggle()!.focus());
    act(() => toggle()!.click());
    expect(entries()).toHaveLength(7);
    expect(toggle()!.textContent).toBe('Hide');
    expect(toggle()!.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle());
    expect(onExpandChange).toHaveBeenLastCalledWith(true);

    act(() => toggle()!.click());
    expect(entries()).toHaveLength(5);
    expect(document.activeElement).toBe(toggle());
    expect(onExpandChange).toHaveBeenLastCalledWith(false);
  });

  it('collapsing brings the list top back into view when it was scrolled past', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true })); // reduced motion: one jump
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render();
    const list = container.querySelector('ul')!;
    list.getBoundingClientRect = () => ({ top: -120 }) as DOMRect;
    act(() => toggle()!.click());
    act(() => toggle()!.click());
    expect(scrollTo).toHaveBeenCalledWith(0, 380);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    delete (window as { scrollY?: number }).scrollY;
  });

  it('takes another limit, an ordered list, and needs no button when everything fits', () => {
    render({ limit: 2, as: 'ol' });
    expect(container.querySelector('ol')).not.toBeNull();
    expect(entries()).toEqual(['Sberbank', 'Gazprom']);
    render({ limit: 7 });
    expect(entries()).toHaveLength(7);
    expect(toggle()).toBeNull();
  });
});
