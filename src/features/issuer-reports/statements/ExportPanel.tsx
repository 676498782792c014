import { useLayoutEffect, useRef, useState } from 'react';
import type { ReportPeriodId } from '../../../contract/reports.ts';
import type { AccessPrompt as AccessNeed } from '../../../core/access.ts';
import { AccessPrompt } from '../../../runtime/chrome/AccessPrompt.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import type { PeriodRange } from './statements.api.ts';
import { exportHref } from './statements.model.ts';

export interface ExportPanelProps {
  /** The report's export link template (%from%, %to%, %reportPeriod%). */
  template: string;
  /** The From / To of the shown periods (DD.MM.YYYY; SPEC §5 defaults from the page data). */
  range: PeriodRange;
  reportPeriod: ReportPeriodId;
  /** SPEC §6 Excel export: anonymous → log-in prompt, signed in without access → access prompt. */
  prompt: AccessNeed;
  loginUrl: string;
  accessUrl: string;
  t: Translate;
}

/**
 * The Excel export of a report (SPEC §5, §6, §7): the .xlsx link of the shown From / To and
 * period, or the prompt.
 */
export function ExportPanel({
  template,
  range,
  reportPeriod,
  prompt,
  loginUrl,
  accessUrl,
  t,
}: ExportPanelProps) {
  const [promptShown, setPromptShown] = useState(false);
  const promptLink = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    if (promptShown) promptLink.current?.focus({ preventScroll: true });
  }, [promptShown]);
  const href = exportHref(template, { ...range, reportPeriod });

  return (
    <div className="st-export" role="group" aria-label={t('common:export_excel')}>
      {prompt === 'granted' ? (
        <a className="fin-button st-export__link" href={href} download>
          {t('common:export_excel')}
        </a>
      ) : promptShown ? (
        // In the place of the button: the way to the export, at the end of the row, so nothing moves.
        <AccessPrompt
          className="st-export__prompt"
          need={prompt}
          action={t(prompt === 'need_auth' ? 'common:login_to_export' : 'common:access_to_export')}
          loginUrl={loginUrl}
          accessUrl={accessUrl}
          linkRef={promptLink}
        />
      ) : (
        <button type="button" className="fin-button st-export__link" onClick={() => setPromptShown(true)}>
          {t('common:export_excel')}
        </button>
      )}
    </div>
  );
}
