import { useStyles } from '../../runtime/styles.ts';
import css from './pager.css?inline';

export interface PagerProps {
  /** The page shown, 0-based. */
  page: number;
  pageCount: number;
  onPage(page: number): void;
  /** `widgets:pager`, `widgets:previous_page`, `widgets:next_page`, `widgets:page_number` ({n}), `widgets:page_status` ({n}, {total}). */
  t: (key: string) => string;
}

/**
 * Page buttons under a paged table or list: previous, one per page, next. The current page is
 * marked `aria-current="page"` and said in a polite live region once the user pages; previous and
 * next stay focusable at the ends (`aria-disabled`), so focus is never lost from under the user.
 * Nothing is rendered for a single page.
 */
export function Pager({ page, pageCount, onPage, t }: PagerProps) {
  useStyles(css);
  if (pageCount <= 1) return null;
  const go = (next: number) => {
    if (next >= 0 && next < pageCount && next !== page) onPage(next);
  };
  const numbered = (key: string, n: number) =>
    t(key).replace('{n}', String(n)).replace('{total}', String(pageCount));
  return (
    <nav className="fin-pager" part="pager" aria-label={t('widgets:pager')}>
      <button
        type="button"
        className="fin-pager__step"
        part="pager-button"
        aria-label={t('widgets:previous_page')}
        aria-disabled={page === 0 ? 'true' : undefined}
        onClick={() => go(page - 1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <ul className="fin-pager__pages">
        {Array.from({ length: pageCount }, (_, index) => (
          <li key={index}>
            <button
              type="button"
              className="fin-pager__page"
              part={index === page ? 'pager-button pager-current' : 'pager-button'}
              aria-label={numbered('widgets:page_number', index + 1)}
              aria-current={index === page ? 'page' : undefined}
              onClick={() => go(index)}
            >
              {index + 1}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="fin-pager__step"
        part="pager-button"
        aria-label={t('widgets:next_page')}
        aria-disabled={page === pageCount - 1 ? 'true' : undefined}
        onClick={() => go(page + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
      <p className="fin-pager__status" role="status">
        {numbered('widgets:page_status', page + 1)}
      </p>
    </nav>
  );
}

/** The items of one page (0-based) of `size`. */
export function pageItems<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, page * size + size);
}

/** How many pages `count` items fill at `size` a page (at least 1). */
export function pageCountOf(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}
