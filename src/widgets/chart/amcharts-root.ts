/**
 * The amCharts Root both of our canvases (the price chart, the network graph's map) start from:
 * no themes, the page's CSP nonce on the styles amCharts adds, and a cheaper font check.
 */
import { Root } from '@amcharts/amcharts5';
import { cspNonce } from '../../core/csp.ts';

export function newAmChartsRoot(element: HTMLElement): Root {
  // useSafeResolution would lower the pixel ratio on some devices; we draw few points, keep it sharp.
  const root = Root.new(element, { useSafeResolution: false, accessible: false });
  // amCharts' dynamically created <style> elements need the page's nonce under a strict CSP.
  root.nonce = cspNonce();
  root.setThemes([]);
  checkFontsCheaply(root);
  return root;
}

/**
 * amCharts checks at the start of every frame whether the host's font changed (its labels are then
 * measured again) by listing all ~1,200 keys of the host's computed style and reading the 26 whose
 * names start with "font": about 1 ms a frame, and a view takes several frames. The frame reads
 * only the properties a label's width depends on instead (not the `font` shorthand: Chromium
 * gives it as "" when a longhand such as tabular figures cannot be written in it). Patched on
 * the instance, and only where this version has the internal method (an upgrade without it keeps
 * its own check).
 */
const FONT_PROPERTIES = [
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-stretch',
  'font-variant',
  'font-variant-caps',
  'font-variant-numeric',
  'font-feature-settings',
  'font-variation-settings',
  'font-kerning',
];

export function checkFontsCheaply(root: Root): void {
  const internal = root as unknown as { _updateComputedStyles?: () => boolean };
  if (typeof internal._updateComputedStyles !== 'function') return;
  let font: string | null = null;
  internal._updateComputedStyles = () => {
    const style = getComputedStyle(root.dom);
    const next = FONT_PROPERTIES.map((name) => style.getPropertyValue(name)).join('|');
    if (next === font) return false;
    font = next;
    return true;
  };
}
