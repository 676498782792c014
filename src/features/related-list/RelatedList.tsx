import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { pageDataGate } from '../../runtime/chrome/ElementState.tsx';
import { ShowMoreList, SHOW_MORE_LIMIT } from '../../widgets/show-more-list/index.ts';
import { RELATED_KINDS, RELATED_SOURCES, relatedItems, relatedKind } from './related-list.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './related-list.css?inline';

/**
 * One related list of the stock page: the issuer's other stocks, its bonds, or the indexes that
 * hold the stock; five entries until expanded (SPEC §9). The element hides itself when the list
 * is empty, so the page shows no empty block. It renders a plain list: put it in a section
 * headed with its title (the stock page uses the `stock:menu_*` label of RELATED_SOURCES).
 */
export interface RelatedListProps {
  /** Which list: `stocks` (the issuer's other stocks), `bonds` (its bonds) or `indexes` (holding the stock). */
  kind?: string;
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
}

export function RelatedList({
  kind: kindAttribute,
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
}: RelatedListProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('widgets', 'common');
  const { emit, setHidden, tag } = useHost();
  const page = useStore(stockPageStore(pageData));
  const kind = relatedKind(kindAttribute);
  const items = useMemo(
    () => (kind && page.status === 'ok' ? relatedItems(kind, page.data) : null),
    [kind, page],
  );
  const empty = items !== null && items.length === 0;

  useEffect(() => {
    setHidden(empty);
  }, [setHidden, empty]);

  if (!kind) {
    return (
      <ElementMessage kind="error">
        {`<${tag} kind="${kindAttribute ?? ''}">: kind must be one of ${RELATED_KINDS.join(', ')}`}
      </ElementMessage>
    );
  }
  const gate = pageDataGate(page, ready, t, [RELATED_SOURCES[kind].field]);
  if (gate || !items) return gate;
  if (empty) return null;

  // The list is content, not site navigation: no <nav> landmark. The page's section heading
  // names it (SPEC §2 menu label), so the element does not repeat that name.
  return (
    <div className="rl" part="block" data-kind={kind}>
      <ShowMoreList
        limit={SHOW_MORE_LIMIT}
        labels={{ more: t('widgets:show_more'), hide: t('widgets:hide') }}
        onExpandChange={(expanded) => emit('fin-expand-change', { expanded })}
        items={items.map((item) => (
          <span className="rl-item" key={item.key}>
            {item.url ? (
              <a className="rl-link" href={item.url}>
                {item.name}
              </a>
            ) : (
              <span className="rl-link">{item.name}</span>
            )}
            {item.note ? <span className="rl-note">{item.note}</span> : null}
          </span>
        ))}
      />
    </div>
  );
}
