import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { withReactRoot } from '../testing/react-root.ts';
import { Pager, pageCountOf, pageItems } from './index.ts';

const LABELS: Record<string, string> = {
  'widgets:pager': 'Pages',
  'widgets:previous_page': 'Previous page',
  'widgets:next_page': 'Next page',
  'widgets:page_number': 'Page {n}',
  'widgets:page_status': 'Page {n} of {total}',
};
const t = (key: string) => LABELS[key] ?? `{{${key}}}`;

let container: HTMLDivElement;
let root: Root;
withReactRoot((c, r) => {
  [container, root] = [c, r];
});

function Paged({ count }: { count: number }) {
  const [page, setPage] = useState(0);
  return <Pager page={page} pageCount={pageCountOf(count, 6)} onPage={setPage} t={t} />;
}

const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const status = () => container.querySelector('[role="status"]')!.textContent;

describe('Pager', () => {
  it('splits items into pages of a size, at least one page', () => {
    const items = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(pageCountOf(10, 6)).toBe(2);
    expect(pageCountOf(0, 6)).toBe(1);
    expect(pageCountOf(30, 6)).toBe(5);
    expect(pageItems(items, 0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(items, 1, 6)).toEqual([7, 8, 9, 10]);
  });

  it('renders nothing for a single page', () => {
    act(() => root.render(<Paged count={6} />));
    expect(container.querySelector('nav')).toBeNull();
  });

  it('marks the current page, says it, and keeps focus on the button used, also at the ends', () => {
    act(() => root.render(<Paged count={10} />));
    expect(container.querySelector('nav')!.getAttribute('aria-label')).toBe('Pages');
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');
    expect(status()).toBe('Page 1 of 2');
    expect(button('Previous page').getAttribute('aria-disabled')).toBe('true');

    act(() => button('Next page').focus());
    act(() => button('Next page').click());
    expect(button('Page 2').getAttribute('aria-current')).toBe('page');
    expect(button('Page 1').hasAttribute('aria-current')).toBe(false);
    expect(status()).toBe('Page 2 of 2');
    expect(document.activeElement).toBe(button('Next page'));
    expect(button('Next page').getAttribute('aria-disabled')).toBe('true');
    // At the end: nothing changes, focus stays.
    act(() => button('Next page').click());
    expect(status()).toBe('Page 2 of 2');
    expect(document.activeElement).toBe(button('Next page'));

    act(() => button('Page 1').click());
    expect(status()).toBe('Page 1 of 2');
  });
});
