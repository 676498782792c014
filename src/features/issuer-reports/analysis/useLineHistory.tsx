/**
 * Opens the history of a report line in a dialog. The dialog and its chart are a lazy chunk: it is
 * requested on the first opening only. The dialog gives focus back to the line's heading on close.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ReportSection } from '../../../contract/reports.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { lineHistory, type LineHistory } from './line-history.ts';

const LineHistoryDialog = lazy(() => import('./LineHistoryDialog.tsx'));

export function useLineHistory(t: Translate): {
  /** Shows the history of the line `lineId` of `section` (its reported values). */
  open(section: ReportSection, lineId: string): void;
  /** Render this once, anywhere in the element. */
  dialog: ReactNode;
} {
  const [history, setHistory] = useState<LineHistory | null>(null);
  const open = useCallback(
    (section: ReportSection, lineId: string) => setHistory(lineHistory(section, lineId)),
    [],
  );
  const dialog = history ? (
    <Suspense fallback={null}>
      <LineHistoryDialog history={history} t={t} onClose={() => setHistory(null)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
