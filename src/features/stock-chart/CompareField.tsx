import type { CompareSearchItem } from '../../core/events.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { InnerElement } from './InnerElement.tsx';
import { COMPARE_TYPES } from './stock-chart.utils.ts';

/**
 * The compare field (SPEC §4 "Comparison search"): `<fin-compare-search>`, loaded when a paid user
 * first opens it. Its picks and its clear come as its `fin-compare` / `fin-compare-cancel` events.
 */
export function CompareField({
  urls,
  pageData,
  loginUrl,
  accessUrl,
  loadingText,
  onCompare,
  onCancel,
  focusInput,
}: {
  urls: Record<string, string>;
  pageData: string;
  loginUrl: string;
  accessUrl: string;
  loadingText: string;
  onCompare(item: CompareSearchItem): void;
  /** The field's clear button (SPEC §4: clear emits cancel events): the chart cancels the comparison. */
  onCancel(): void;
  /** The user opened the field: the search input takes the focus once it renders. */
  focusInput: boolean;
}) {
  return (
    <InnerElement
      tag="fin-compare-search"
      attributes={{
        urls: JSON.stringify(urls),
        // With types set, every pick (an index has no trading ground) is a compare.
        types: JSON.stringify(COMPARE_TYPES),
        'page-data': pageData,
        'login-url': loginUrl,
        'access-url': accessUrl,
      }}
      on={{
        'fin-compare': ({ item }) => onCompare(item),
        'fin-compare-cancel': () => onCancel(),
      }}
      // With types set there is no plain select; should one come, it is not the chart's event.
      keep={['fin-compare-select']}
      fallback={<ElementMessage kind="loading">{loadingText}</ElementMessage>}
      focus={focusInput ? '[part~="input"]' : undefined}
    />
  );
}
