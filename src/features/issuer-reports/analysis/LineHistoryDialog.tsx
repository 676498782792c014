/**
 * The line-history dialog: a lazy chunk of its own (with the chart and the dialog widget), loaded
 * on the first click on a line's heading, so the page pays nothing for it until then.
 */
import type { Translate } from '../../../runtime/hooks.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { Dialog } from '../../../widgets/dialog/index.ts';
import { label } from './analysis-text.ts';
import type { LineHistory } from './line-history.ts';
import { LineHistoryChart } from './LineHistoryChart.tsx';
import css from './line-history.css?inline';

export interface LineHistoryDialogProps {
  history: LineHistory;
  t: Translate;
  onClose(): void;
}

export default function LineHistoryDialog({ history, t, onClose }: LineHistoryDialogProps) {
  useStyles(css, 'element');
  return (
    <Dialog
      open
      onClose={onClose}
      title={label(t, 'issuer:analysis_history_title', { line: history.title })}
      closeLabel={t('widgets:close')}
      className="an-history-dialog"
    >
      <LineHistoryChart history={history} t={t} />
    </Dialog>
  );
}
