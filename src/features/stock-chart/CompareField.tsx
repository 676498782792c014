import type { CompareSearchItem } from '../../core/events.ts';
import { CompareSearch } from '../compare-search/index.ts';
import { COMPARE_TYPES } from './stock-chart.utils.ts';

/** The compare field (SPEC §4 "Comparison search"), loaded when a paid user first opens it. */
export function CompareField(props: {
  urls: Record<string, string>;
  pageData: string;
  loginUrl: string;
  accessUrl: string;
  onCompare(item: CompareSearchItem): void;
  /** The field's clear button (SPEC §4: clear emits cancel events): the chart cancels the comparison. */
  onCancel(): void;
}) {
  return (
    <>
      {/* With types set, every pick (an index has no trading ground) is a compare. */}
      <CompareSearch {...props} types={[...COMPARE_TYPES]} />
    </>
  );
}
