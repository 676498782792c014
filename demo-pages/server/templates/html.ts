/**
 * Safe HTML building for the legacy-style templates. `html` escapes every interpolated value
 * unless it is already SafeHtml; JSON for `<script type="application/json">` is escaped so no
 * string in it (a hostile stock name, say) can close the script element.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<b>${name}</b>\`` escapes `name`; arrays are joined; null/false print nothing. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Marks trusted markup as safe. Only for text the server wrote itself. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` become \u003c, \u003e, \u0026
 * (so `</script>` and `<!--` cannot appear), and U+2028/U+2029 are escaped for old JS parsers.
 * JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `<script type="application/json" id="…">` carrying the value. */
export function jsonScript(id: string, value: unknown): SafeHtml {
  return html`<script type="application/json" id="${id}">
    ${trusted(jsonForScript(value))}
  </script>`;
}
