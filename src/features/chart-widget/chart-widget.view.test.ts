import { describe, expect, it } from 'vitest';
import { FONT_SIZE, nextFontSize } from './chart-widget.view.ts';

describe('A- / A+ (SPEC §9: 1 px per step)', () => {
  it('moves 1 px per step and stops at the bounds', () => {
    expect(nextFontSize(12, 1)).toBe(13);
    expect(nextFontSize(12, -1)).toBe(11);
    expect(nextFontSize(FONT_SIZE.max, 1)).toBe(FONT_SIZE.max);
    expect(nextFontSize(FONT_SIZE.min, -1)).toBe(FONT_SIZE.min);
  });
});
