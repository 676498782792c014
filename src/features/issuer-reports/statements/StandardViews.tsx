/** The views of the `ifrs` and `ras` sections: a chunk loaded when one of them shows. */
import type { SectionProps } from '../issuer-reports.sections.ts';
// The statements with the analysis views (YoY, source difference, line history).
import { AnalyzedStatements } from '../analysis/AnalyzedStatements.tsx';

export function IfrsView(props: SectionProps) {
  return <AnalyzedStatements {...props} standard="msfo" />;
}

export function RasView(props: SectionProps) {
  return <AnalyzedStatements {...props} standard="rsbu" />;
}
