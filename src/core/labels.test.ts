import { describe, expect, it } from 'vitest';
import { lookupLabel, showLabelsMode, splitKey } from './labels.ts';

describe('labels', () => {
  const labels = { pd: { title: 'Price dynamics', empty: '' } };

  it('looks up module:key and shows a missing key in double braces (SPEC §8)', () => {
    expect(lookupLabel(labels, 'pd:title')).toBe('Price dynamics');
    expect(lookupLabel(labels, 'pd:nope')).toBe('{{pd:nope}}');
    expect(lookupLabel(labels, 'pd:empty')).toBe('{{pd:empty}}');
    expect(lookupLabel(labels, 'other:title')).toBe('{{other:title}}');
  });

  it('reads keys without a module as common', () => {
    expect(splitKey('need_auth')).toEqual(['common', 'need_auth']);
    expect(splitKey('pd:no_data_min_max')).toEqual(['pd', 'no_data_min_max']);
  });

  it('switches show_labels mode from the query', () => {
    expect(showLabelsMode('?show_labels=1')).toBe(true);
    expect(showLabelsMode('?show_labels')).toBe(true);
    expect(showLabelsMode('?show_labels=0')).toBe(false);
    expect(showLabelsMode('?lang=eng')).toBe(false);
  });
});
