/**
 * Styles inside an element's shadow root (CONVENTIONS 10: a widget brings its own styles). Every
 * widget calls `useStyles(css)`; wherever it renders (an element, a lazily loaded view, another
 * widget), its CSS joins that shadow root once, with no list of style strings to keep by hand.
 * The order is fixed whatever the render order: base styles, then widgets, then the element's
 * own, so an element can always override a widget. Constructed sheets are shared by every
 * instance (cheap for many tables) and are allowed under a strict CSP, unlike inline `<style>`.
 */
import { createContext, useContext, useInsertionEffect } from 'react';
import { cspNonce } from '../core/csp.ts';

export type StyleLayer = 'base' | 'widget' | 'element';
const LAYERS: readonly StyleLayer[] = ['base', 'widget', 'element'];

const adoptable =
  typeof ShadowRoot !== 'undefined' &&
  'adoptedStyleSheets' in ShadowRoot.prototype &&
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype;

const sheets = new Map<string, CSSStyleSheet>();

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** The attribute of the server's `<style>` elements in a declarative shadow root: their layer. */
export const SERVER_STYLE_ATTRIBUTE = 'data-fin-server-style';

/**
 * Before hydrating a server-rendered root: its `<style>` elements become the root's constructed
 * sheets (same texts, same order) and leave the DOM, all in one task, so nothing repaints and no
 * CSS is there twice; the components' own `useStyles` then find their CSS already in. Without
 * constructed sheets the server's DOM is emptied and rendered anew (false: do not hydrate).
 */
export function adoptServerStyles(root: ShadowRoot): boolean {
  const served = [...root.querySelectorAll<HTMLStyleElement>(`style[${SERVER_STYLE_ATTRIBUTE}]`)];
  if (!adoptable) {
    for (const node of [...root.childNodes])
      if (!(node instanceof HTMLStyleElement && node.dataset.finStyle)) node.remove();
    return false;
  }
  const scope = styleScope(root);
  for (const style of served) {
    const layer = style.getAttribute(SERVER_STYLE_ATTRIBUTE) as StyleLayer;
    scope.add(style.textContent ?? '', LAYERS.includes(layer) ? layer : 'widget');
    style.remove();
  }
  return true;
}

/** What a scope does: the browser's puts CSS into a shadow root, the server's collects it. */
export interface StyleSink {
  add(css: string, layer?: StyleLayer): void;
  /** The server renderer's scope: CSS is collected during render (no effects run there). */
  readonly collecting?: boolean;
}

/**
 * The styles a server render used, in layer order, for the `<style>` elements it writes into the
 * declarative shadow root.
 */
export class ServerStyles implements StyleSink {
  readonly collecting = true;
  private readonly layers = new Map<StyleLayer, string[]>(LAYERS.map((layer) => [layer, []]));

  add(css: string, layer: StyleLayer = 'widget'): void {
    const texts = this.layers.get(layer)!;
    if (css && !texts.includes(css)) texts.push(css);
  }

  get styles(): Array<{ layer: StyleLayer; css: string }> {
    return LAYERS.flatMap((layer) => this.layers.get(layer)!.map((css) => ({ layer, css })));
  }
}

/** The styles of one shadow root. */
export class StyleScope implements StyleSink {
  private readonly layers = new Map<StyleLayer, string[]>(LAYERS.map((layer) => [layer, []]));

  constructor(private readonly root: ShadowRoot) {}

  /** Adds the CSS to its layer once; later calls with the same text do nothing. */
  add(css: string, layer: StyleLayer = 'widget'): void {
    const texts = this.layers.get(layer)!;
    if (!css || texts.includes(css)) return;
    texts.push(css);
    const ordered = LAYERS.flatMap((name) => this.layers.get(name)!);
    if (adoptable) {
      this.root.adoptedStyleSheets = ordered.map(sheetOf);
      return;
    }
    // Browsers without constructed sheets: <style> elements first in the root, in layer order.
    const style = document.createElement('style');
    // A page under a strict CSP allows only nonced <style> elements.
    const nonce = cspNonce();
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    const next = ordered[ordered.indexOf(css) + 1];
    const before = [...this.root.querySelectorAll('style[data-fin-style]')].find(
      (element) => element.textContent === next,
    );
    style.dataset.finStyle = layer;
    this.root.insertBefore(style, before ?? this.root.firstChild);
  }

  /** The CSS texts in effect, in order (tests). */
  get texts(): string[] {
    return LAYERS.flatMap((name) => this.layers.get(name)!);
  }
}

/** The styles of the shadow root being rendered; define() provides it, test fixtures may too. */
export const StyleContext = createContext<StyleSink | null>(null);

const scopes = new WeakMap<ShadowRoot, StyleScope>();

export function styleScope(root: ShadowRoot): StyleScope {
  let scope = scopes.get(root);
  if (!scope) {
    scope = new StyleScope(root);
    scopes.set(root, scope);
  }
  return scope;
}

/**
 * A component's CSS in the shadow root it renders in: widgets use the `widget` layer, a feature's
 * top component the `element` layer. Outside an element (a plain React test root) there is no
 * shadow root to style and nothing happens.
 */
export function useStyles(css: string, layer: Exclude<StyleLayer, 'base'> = 'widget'): void {
  const scope = useContext(StyleContext);
  // On the server no effect runs: the CSS is collected as the component renders.
  if (scope?.collecting) scope.add(css, layer);
  useInsertionEffect(() => scope?.add(css, layer), [scope, css, layer]);
}
