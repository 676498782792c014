/** React glue between the elements and the shared stores. */
import { useStore } from '@nanostores/react';
import { useCallback, useContext, useEffect } from 'react';
import { FALLBACK_LABELS } from '../contract/fallback-labels.ts';
import { HostContext } from './host-context.ts';
import { lookupLabel } from '../core/labels.ts';
import { $labelErrors, $labels, loadLabels } from '../core/stores/labels.ts';
import { $lang } from '../core/stores/lang.ts';

export type Translate = (key: string) => string;

/**
 * Labels of the given modules in the page's language. `ready` turns true once each module has
 * loaded or failed, so elements do not flash `{{keys}}` while the labels are on their way.
 */
export function useLabels(...modules: string[]): { ready: boolean; t: Translate } {
  const lang = useStore($lang);
  const labels = useStore($labels);
  const errors = useStore($labelErrors);
  const moduleList = modules.join(',');

  useEffect(() => {
    for (const module of moduleList.split(',')) void loadLabels(module, lang);
  }, [moduleList, lang]);

  const t = useCallback<Translate>(
    (key) => {
      const text = lookupLabel(labels, key);
      return text.startsWith('{{') ? (FALLBACK_LABELS[key]?.[lang] ?? text) : text;
    },
    [labels, lang],
  );
  const ready = moduleList
    .split(',')
    .every((module) => labels[module] !== undefined || errors[module] !== undefined);
  return { ready, t };
}

/** The element this component renders in, its tag, and `emit` for its `fin-*` events. */
export function useHost() {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() is for components rendered by define()');
  return host;
}
