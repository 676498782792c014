/**
 * The line-history dialog: a lazy chunk of its own (with the chart and the dialog widget), loaded
 * on the first click on a line's heading, so the page pays nothing for it until then.
 */
import type { ReportSection } from '../../../contract/reports.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { Dialog } from '../../../widgets/dialog/index.ts';
import { label } from './analysis-text.ts';
import { lineHistory } from './line-history.ts';
import { LineHistoryChart } from './LineHistoryChart.tsx';
import css from './line-history.css?inline';

export interface LineHistoryDialogProps {
  /** The section as answered (reported values, whatever view the table shows). */
  section: ReportSection;
  lineId: string;
  t: Translate;
  onClose(): void;
}

export default function LineHistoryDialog({ section, lineId, t, onClose }: LineHistoryDialogProps) {
  useStyles(css, 'element');
  // Worked out here, so the model stays in this chunk too.
  const history = lineHistory(section, lineId);
  if (!history) return null;
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
