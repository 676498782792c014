import { describe, expect, it } from 'vitest';
import { formatNumber as elementsFormat } from '../../../src/contract/format.ts';
import { formatNumber } from './company.template.ts';

describe('the issuer page writes numbers as the elements do', () => {
  it('groups thousands with a no-break space, so a value never breaks across lines', () => {
    expect(formatNumber(7_981_250, 0)).toBe(elementsFormat(7_981_250, 0));
    expect(formatNumber(7_981_250, 0)).not.toMatch(/[ \t]/);
    expect(formatNumber(-1_038_811, 0)).toBe('−1\u202f038\u202f811');
    expect(formatNumber(109.05, 2)).toBe('109.05');
  });

  it('drops a zero fraction and shows masked and missing values as the elements do', () => {
    expect(formatNumber(305, 2)).toBe('305');
    expect(formatNumber(12_345.5, 2)).toBe('12\u202f345.50');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber('***')).toBe('***');
  });
});
