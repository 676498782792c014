import { useId, useState } from 'react';
import type { ReportPeriodId } from '../../../contract/reports.ts';
import type { Lang } from '../../../contract/types.ts';
import type { AccessPrompt } from '../../../core/access.ts';
import { accessHref, loginHref } from '../../../runtime/chrome/access-links.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { DatePicker } from '../../../widgets/date-picker/index.ts';
import { exportHref } from './statements.model.ts';

export interface ExportPanelProps {
  /** The report's export link template (%from%, %to%, %reportPeriod%). */
  template: string;
  /** SPEC §5 defaults, DD.MM.YYYY: 1 January five years back and today. */
  defaultFrom: string;
  defaultTo: string;
  reportPeriod: ReportPeriodId;
  /** SPEC §6 Excel export: anonymous → log-in prompt, signed in without access → access prompt. */
  prompt: AccessPrompt;
  loginUrl: string;
  accessUrl: string;
  lang: Lang;
  t: Translate;
}

/** The Excel export of a report (SPEC §5, §6, §7): the dates, then the .xlsx link or the prompt. */
export function ExportPanel({
  template,
  defaultFrom,
  defaultTo,
  reportPeriod,
  prompt,
  loginUrl,
  accessUrl,
  lang,
  t,
}: ExportPanelProps) {
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(defaultTo);
  const [promptShown, setPromptShown] = useState(false);
  const statusId = useId();
  const href = exportHref(template, { from, to, reportPeriod });

  return (
    <div className="st-export" role="group" aria-label={t('common:export_excel')}>
      <DatePicker
        lang={lang}
        t={t}
        label={t('issuer:export_from')}
        value={from}
        max={to || null}
        noShortcuts
        onChange={setFrom}
        className="st-export__date"
      />
      <DatePicker
        lang={lang}
        t={t}
        label={t('issuer:export_to')}
        value={to}
        min={from || null}
        noShortcuts
        onChange={setTo}
        className="st-export__date"
      />
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
