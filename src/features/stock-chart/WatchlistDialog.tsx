import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, type FormEvent } from 'react';
import type { Translate } from '../../runtime/hooks.ts';
import type { TradingGround } from '../../contract/types.ts';
import { Dialog } from '../../widgets/dialog/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { createWatchlistStore } from './stock-chart.watchlist.ts';

export interface WatchlistDialogProps {
  open: boolean;
  stockId: number;
  grounds: TradingGround[];
  onClose(): void;
  /** Saved: the chart shows a confirmation. */
  onSaved(): void;
  t: Translate;
}

/**
 * The watchlist dialog (signed-in users): a checkbox per trading ground of the stock and a
 * quantity, loaded from the user's watchlist and saved with addStock (SPEC §3, §7).
 */
export function WatchlistDialog({ open, stockId, grounds, onClose, onSaved, t }: WatchlistDialogProps) {
  const id = useId();
  const store = useMemo(() => createWatchlistStore(), []);
  const form = useStore(store.$form);

  useEffect(() => {
    if (!open) return;
    void store.load(stockId);
    return store.cancel;
  }, [open, stockId, store]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await store.save(stockId)) onSaved();
  };

  const busy = form.status === 'loading' || form.status === 'saving';
  return (
    <Dialog open={open} onClose={onClose} title={t('market:watchlist')} closeLabel={t('widgets:close')}>
      {form.status === 'loading' || form.status === 'idle' ? (
        <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>
      ) : form.failed === 'load' ? (
        <ElementMessage kind="error" onRetry={() => void store.load(stockId)} retryLabel={t('common:retry')}>
          {t('common:error_load')}
        </ElementMessage>
      ) : (
        <form
          className="sc__watchlist"
          part="watchlist-form"
          onSubmit={(event) => void submit(event)}
          aria-busy={busy || undefined}
        >
          <fieldset>
            <legend>{t('chart:watchlist_grounds')}</legend>
            {grounds.map((ground) => (
              <label key={ground.id} className="sc__check">
                <input
                  type="checkbox"
                  name="ground"
                  value={ground.id}
                  checked={form.grounds.includes(ground.id)}
                  disabled={busy}
                  onChange={() => store.toggleGround(ground.id)}
                />{' '}
                {ground.text}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-count`}>{t('market:count')}</label>{' '}
          <input
            id={`${id}-count`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={form.count}
            disabled={busy}
            onChange={(event) => store.setCount(event.currentTarget.valueAsNumber)}
          />
          {form.failed === 'save' ? (
            <p className="sc__form-error" role="alert">
              {t('chart:watchlist_save_error')}
            </p>
          ) : null}
          <p className="sc__form-actions">
            <button type="submit" className="sc__button sc__button--primary" disabled={busy}>
              {t('chart:watchlist_save')}
            </button>
          </p>
        </form>
      )}
    </Dialog>
  );
}
