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

  it('says a phrase of common once: no other module repeats it, but for the keys asked for by name', () => {
    // Keys whose words equal a common phrase but that element code or a field id asks for by
    // name: they move to common when their users do.
    const askedForByName = [
      'market:date', // DynamicTable.tsx, and the market tables' field labels (market:<field>)
      'market:name', // holders.utils.ts, leaders (market:<field>), the watchlist page
      'market:status', // the bond page's facts (market:<fact id>)
      'pd:date', // PriceDynamics.tsx
      'pd:login', // PriceDynamics.tsx
      'stock:div_year', // DividendsTable.tsx (stock:div_<field>)
      'stock:ex_date', // ExchangeTable.tsx (stock:ex_<field>)
      'stock:isin', // the stock page's parameters table (stock:<param id>)
      'stock:no_data', // Holders.tsx, ExchangeTable.tsx
      'widgets:no_data', // DataTable.tsx
    ];
    const phrase = (texts: Record<string, string>) => LANGUAGES.map((lang) => texts[lang]).join('\u0000');
    const common = new Set(Object.values(LABELS.common ?? {}).map(phrase));
    const repeated = Object.entries(LABELS)
      .filter(([module]) => module !== 'common')
      .flatMap(([module, keys]) =>
        Object.entries(keys)
          .filter(([, texts]) => common.has(phrase(texts)))
          .map(([key]) => `${module}:${key}`),
      );
    expect(repeated.sort()).toEqual(askedForByName);
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
