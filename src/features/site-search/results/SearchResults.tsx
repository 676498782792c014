/**
 * The results view of `<fin-site-search variant="page">` (the /search/ page). A first version: the
 * tabs with their counts and the first page of the active tab as links; the full view (paging,
 * focus management) takes its place with the same props.
 */
import { SEARCH_CATEGORIES, type SearchCategory, type SearchSuggestion } from '../../../contract/search.ts';
import { safeHref } from '../../../contract/links.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { Tabs } from '../../../widgets/tabs/index.ts';
import type { SiteSearchGroup } from '../site-search.utils.ts';
import { panelMessage, groupTotal } from '../site-search.utils.ts';
import { formatNumber } from '../../../core/format.ts';

export interface SearchResultsProps {
  /** The searched term (trimmed), '' while the input holds less than 3 characters. */
  term: string;
  /** loading while a search for the term is out. */
  status: 'idle' | 'loading' | 'ready';
  /** The first page of every category, SPEC order; `answer` null when its call failed. */
  groups: SiteSearchGroup[];
  /** The active tab (remembered or first with results), null when none has results. */
  active: SearchCategory | null;
  /** The words to mark in names, tickers and ISINs (the term and its converted form). */
  words: readonly string[];
  /** The term converted from the other keyboard layout, when the server searched it too. */
  convertedTerm: string | null;
  /** The user picked a tab: the element remembers it and makes it active. */
  onSelectTab(category: SearchCategory): void;
  /** The user chose a result: the element navigates or fires `fin-search-select`. */
  onChoose(item: SearchSuggestion, category: SearchCategory): void;
  t: Translate;
}

export function SearchResults({ term, groups, active, onSelectTab, t }: SearchResultsProps) {
  if (!term || groups.length === 0) return null;
  const notFound = t('search:label_not_found');
  if (active === null) return <p role="status">{notFound}</p>;
  const group = groups.find((candidate) => candidate.category === active);
  const message = panelMessage(group, notFound);
  return (
    <section className="ss-results" part="results">
      <Tabs
        tabs={SEARCH_CATEGORIES.map((category) => {
          const found = groups.find((candidate) => candidate.category === category);
          return {
            id: category,
            ttl: `${t(`search:tab_${category}`)} (${formatNumber(groupTotal(found), 0)})`,
          };
        })}
        active={active}
        onSelect={(category) => onSelectTab(category as SearchCategory)}
        label={t('search:results')}
      />
      {message ? (
        <p role="status">{message.text}</p>
      ) : (
        <ul>
          {(group?.answer?.items ?? []).map((item) => (
            <li key={item.id}>
              <a href={safeHref(item.url) ?? undefined}>{item.ttl}</a> {item.ticker.join(' ')}{' '}
              {item.isin ?? ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
