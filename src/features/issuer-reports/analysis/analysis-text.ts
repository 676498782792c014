import { formatPercentChange } from '../../../core/format.ts';
import type { Translate } from '../../../runtime/hooks.ts';

/** A label with its `{name}` placeholders filled in. */
export function label(t: Translate, key: string, vars: Record<string, string> = {}): string {
  let text = t(key);
  for (const [name, value] of Object.entries(vars)) text = text.replaceAll(`{${name}}`, value);
  return text;
}

/** A reported figure as the statement tables show it. */
export { figureDecimals, formatFigure as figure } from '../statements/statements.model.ts';

/** A change in percent with its sign (+12.3%, −4.0%), a dash when there is none. */
export function percent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '—' : formatPercentChange(value, 1);
}
