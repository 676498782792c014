import type { Root } from '@amcharts/amcharts5';
import { describe, expect, it } from 'vitest';
import { checkFontsCheaply } from './amcharts-root.ts';

describe('checkFontsCheaply', () => {
  it("tells amCharts the host's font changed on the first frame and after a change, not otherwise", () => {
    const dom = document.createElement('div');
    document.body.append(dom);
    const root = { dom, _updateComputedStyles: () => false };
    checkFontsCheaply(root as unknown as Root);
    expect(root._updateComputedStyles()).toBe(true); // the first frame measures the labels
    expect(root._updateComputedStyles()).toBe(false);
    dom.style.fontSize = '20px';
    expect(root._updateComputedStyles()).toBe(true);
    dom.style.fontVariantNumeric = 'tabular-nums';
    expect(root._updateComputedStyles()).toBe(true);
    expect(root._updateComputedStyles()).toBe(false);
    dom.remove();
  });

  it('leaves a Root without the internal check as it is (an amCharts upgrade)', () => {
    const root = { dom: document.createElement('div') } as {
      dom: HTMLElement;
      _updateComputedStyles?: unknown;
    };
    checkFontsCheaply(root as unknown as Root);
    expect(root._updateComputedStyles).toBeUndefined();
  });
});
