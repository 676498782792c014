import { useEffect } from 'react';
import type { Translate } from '../hooks.ts';
import { ElementMessage } from './ElementMessage.tsx';

/**
 * The page data an element needs is missing or malformed: says which block and what is wrong, in
 * the page's language. A malformed block was logged when it was read; a missing one matters only
 * to an element that needs it, so it is logged here, once.
 */
export function PageDataMessage({ error, logOnce, t }: { error: Error; logOnce: boolean; t: Translate }) {
  useEffect(() => {
    if (logOnce) console.error(`fin-elements: ${error.message}`);
  }, [error, logOnce]);
  return (
    <ElementMessage kind="error">
      {t('common:error_page_data')} {error.message}
    </ElementMessage>
  );
}
