import type { CompareSearchItem } from '../../core/events.ts';
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
  onCompare,
  onCancel,
  onInput,
}: {
  urls: Record<string, string>;
  pageData: string;
  loginUrl: string;
  accessUrl: string;
  onCompare(item: CompareSearchItem): void;
  /** The field's clear button (SPEC §4: clear emits cancel events): the chart cancels the comparison. */
  onCancel(): void;
  /** The search input rendered: the compare area hands it what was typed and the focus. */
  onInput(input: HTMLElement): void;
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
      // The compare area's stand-in input is in view while the code loads.
      fallback={null}
      focus='[part~="input"]'
      onControl={onInput}
    />
  );
}
