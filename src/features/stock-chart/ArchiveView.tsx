import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { InnerElement } from './InnerElement.tsx';

/**
 * View 2 "archive" (SPEC §2): `<fin-archive-table>` of the chart's page-data block, loaded when
 * first shown. It follows the block's period by itself and shares the block's archive with the
 * chart's Excel export (core/stores/archive.ts).
 */
export function ArchiveView({
  pageData,
  loginUrl,
  accessUrl,
  loadingText,
}: {
  pageData: string;
  loginUrl: string;
  accessUrl: string;
  loadingText: string;
}) {
  return (
    <InnerElement
      tag="fin-archive-table"
      // data-fin-chart-view: the archive table's mark of the chart's own view (it never steps aside).
      attributes={{
        'page-data': pageData,
        'login-url': loginUrl,
        'access-url': accessUrl,
        'data-fin-chart-view': '',
      }}
      // Sorting the archive view is not an event of the chart.
      keep={['fin-sort-change']}
      fallback={<ElementMessage kind="loading">{loadingText}</ElementMessage>}
    />
  );
}
