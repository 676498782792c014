import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/contract/types.ts';
import { LABELS } from './labels.ts';

describe('label texts', () => {
  it('has every key in all ten languages, none empty', () => {
    const missing: string[] = [];
    for (const [module, keys] of Object.entries(LABELS)) {
      for (const [key, texts] of Object.entries(keys)) {
        for (const lang of LANGUAGES) {
          if (typeof texts[lang] !== 'string' || texts[lang].trim() === '')
            missing.push(`${module}:${key} ${lang}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the keys the price-dynamics element and the shell use', () => {
    expect(Object.keys(LABELS.pd ?? {})).toEqual(
      expect.arrayContaining([
        'title',
        'period_1m',
        'period_1y',
        'max',
        'min',
        'change',
        'last_price',
        'date',
        'no_data_min_max',
        'price_range',
        'masked_hint_auth',
        'masked_hint_paid',
        'login',
        'get_access',
      ]),
    );
    expect(Object.keys(LABELS.common ?? {})).toEqual(
      expect.arrayContaining([
        'need_auth',
        'need_get_access',
        'access_denied',
        'access_denied_auth',
        'error_load',
        'error_page_data',
        'error_timeout',
        'retry',
        'demo_data',
        'loading',
      ]),
    );
  });

  it('keeps {placeholders} in every translation', () => {
    for (const keys of Object.values(LABELS)) {
      for (const texts of Object.values(keys)) {
        const placeholders = (texts.eng.match(/\{\w+\}/g) ?? []).sort();
        for (const lang of LANGUAGES)
          expect((texts[lang].match(/\{\w+\}/g) ?? []).sort(), texts.eng).toEqual(placeholders);
      }
    }
  });
});
