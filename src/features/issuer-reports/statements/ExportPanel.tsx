import { useId, useState } from 'react';
import type { ReportPeriodId } from '../../../contract/reports.ts';
import type { AccessPrompt } from '../../../core/access.ts';
import { accessHref, loginHref } from '../../../runtime/chrome/access-links.ts';
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
  prompt: AccessPrompt;
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
  const statusId = useId();
  const href = exportHref(template, { ...range, reportPeriod });

  return (
    <div className="st-export" role="group" aria-label={t('common:export_excel')}>
      {prompt === 'granted' ? (
        <a className="fin-button st-export__link" href={href} download>
          {t('common:export_excel')}
        </a>
      ) : (
        <button
          type="button"
          className="fin-button st-export__link"
          aria-describedby={promptShown ? statusId : undefined}
          onClick={() => setPromptShown(true)}
        >
          {t('common:export_excel')}
        </button>
      )}
      <div id={statusId} role="status" className="st-export__prompt">
        {promptShown && prompt !== 'granted' ? (
          <span className="fin-message fin-message--error dt-locked">
            {t(prompt === 'need_auth' ? 'common:access_denied' : 'common:access_denied_auth')}{' '}
            <a href={prompt === 'need_auth' ? loginHref(loginUrl) : accessHref(accessUrl)}>
              {t(prompt === 'need_auth' ? 'common:login' : 'widgets:get_access')}
            </a>
          </span>
        ) : null}
      </div>
    </div>
  );
}
