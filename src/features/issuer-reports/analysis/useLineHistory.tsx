/**
 * Opens the history of a report line in a dialog. The dialog and its chart are a lazy chunk: it is
 * requested on the first opening only. The dialog gives focus back to the line's heading on close.
 * If the chunk cannot be loaded, an inline error with a retry says so (kept in view while scrolling).
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { ReportSection } from '../../../contract/reports.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import { lazyModule, useLazyView } from '../../../runtime/lazy-view.ts';
import type { LineHistoryDialogProps } from './LineHistoryDialog.tsx';

const loadDialog = lazyModule<LineHistoryDialogProps>(() => import('./LineHistoryDialog.tsx'));

export function useLineHistory(t: Translate): {
  /** Shows the history of the line `lineId` of `section` (its reported values). */
  open(section: ReportSection, lineId: string): void;
  /** Render this once, anywhere in the element. */
  dialog: ReactNode;
} {
  const [history, setHistory] = useState<{ section: ReportSection; lineId: string } | null>(null);
  const open = useCallback((section: ReportSection, lineId: string) => setHistory({ section, lineId }), []);
  const { state, retry } = useLazyView(loadDialog, history !== null);
  let dialog: ReactNode = null;
  if (history && state.status === 'ready')
    dialog = <state.Component {...history} t={t} onClose={() => setHistory(null)} />;
  else if (history && state.status === 'error')
    dialog = (
      <div className="an-load-error">
        <ElementMessage kind="error" onRetry={retry} retryLabel={t('common:retry')}>
          {t('common:error_load')}
        </ElementMessage>
      </div>
    );
  return { open, dialog };
}
