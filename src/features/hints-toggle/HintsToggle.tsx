import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $hints, $hintsStatus, setHints } from '../../core/stores/hints.ts';
import { pushMessage } from '../../core/stores/messages.ts';
import { useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './hints-toggle.css?inline';

/** The page's one hints switch (DESIGN §5a, SPEC §6): on, the tables and reports explain their terms. */
export interface HintsToggleProps {
  /**
   * The switch's text as the page already shows it (the header's fallback), so the upgrade does
   * not change it; default `profile:hints` in the page's language.
   */
  label?: string;
}

export function HintsToggle({ label }: HintsToggleProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('profile');
  const on = useStore($hints);
  const status = useStore($hintsStatus);
  const [failed, setFailed] = useState(false);

  async function toggle() {
    setFailed(false);
    const kept = await setHints(!on);
    if (kept) return;
    setFailed(true);
    // Said in the page's one message queue (DESIGN §5a) and beside the switch itself.
    pushMessage({
      message: t('profile:hints_save_failed'),
      type: 'alertRed',
      key: 'profile:hints_save_failed',
      source: 'fin-hints-toggle',
      id: 'fin-hints-toggle:save-failed',
    });
  }

  return (
    <span className="ht" part="block">
      <button
        type="button"
        role="switch"
        className="ht-switch"
        part="switch"
        aria-checked={on}
        aria-busy={status !== 'ready' || undefined}
        onClick={() => void toggle()}
      >
        <span className="ht-track" aria-hidden="true">
          <span className="ht-thumb" />
        </span>
        <span className="ht-label">{label ?? (ready ? t('profile:hints') : '…')}</span>
      </button>
      {failed ? (
        <span className="ht-error" part="error" data-save-failed="">
          {t('profile:hints_not_saved')}
        </span>
      ) : null}
    </span>
  );
}
