import { useLayoutEffect, useRef, useState } from 'react';
import type { ReportPeriodId } from '../../../contract/reports.ts';
import type { Lang } from '../../../contract/types.ts';
import type { AccessPrompt as AccessNeed } from '../../../core/access.ts';
import { AccessPrompt } from '../../../runtime/chrome/AccessPrompt.tsx';
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
  prompt: AccessNeed;
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
  const promptLink = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    if (promptShown) promptLink.current?.focus({ preventScroll: true });
  }, [promptShown]);
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
