/** The view switch of a report table: values, year-over-year change, and (IFRS with both sources) their difference. */
import { useId } from 'react';
import type { Translate } from '../../../runtime/hooks.ts';

export type AnalysisMode = 'values' | 'yoy' | 'diff';

const LABEL_KEYS: Record<AnalysisMode, string> = {
  values: 'issuer:analysis_values',
  yoy: 'issuer:analysis_yoy',
  diff: 'issuer:analysis_diff',
};

export interface AnalysisSwitchProps {
  mode: AnalysisMode;
  onChange(mode: AnalysisMode): void;
  /** Offer the difference between the two IFRS sources (the issuer has both). */
  withDiff: boolean;
  t: Translate;
}

/** Native radios in a fieldset: arrow keys move between the views, screen readers say "1 of 3". */
export function AnalysisSwitch({ mode, onChange, withDiff, t }: AnalysisSwitchProps) {
  const name = useId();
  const modes: AnalysisMode[] = withDiff ? ['values', 'yoy', 'diff'] : ['values', 'yoy'];
  return (
    <fieldset className="an-switch" part="analysis-switch">
      <legend className="fin-visually-hidden">{t('issuer:analysis_view')}</legend>
      {modes.map((id) => (
        <label key={id} className="an-switch__option" data-mode={id}>
          <input type="radio" name={name} value={id} checked={mode === id} onChange={() => onChange(id)} />
          <span>{t(LABEL_KEYS[id])}</span>
        </label>
      ))}
    </fieldset>
  );
}
