import { describe, expect, it } from 'vitest';
import type { StockPageData } from '../../contract/types.ts';
import { resolveInstrument } from './instrument.ts';

const page = {
  lang: 'eng',
  stockId: 7,
  groundId: 1,
  stringId: 'sber',
  stockInfo: { stock_full_name: 'Sberbank', splits: [] },
  tradingGrounds: [
    { id: 1, text: 'MOEX' },
    { id: 2, text: 'SPB' },
  ],
  excelDefaultEnd: '30.06.2025',
} as unknown as StockPageData;
const ok = { status: 'ok', data: page } as const;

describe('resolveInstrument', () => {
  it('follows the shared ground only where the stock trades, and only for the main block', () => {
    const ground = (shared: number, pageData?: string) => {
      const state = resolveInstrument({ pageData }, ok, shared, null);
      return state.status === 'ok' ? state.instrument.groundId : null;
    };
    expect(ground(2)).toBe(2);
    expect(ground(9)).toBe(1);
    expect(ground(2, '#second-stock')).toBe(1);
  });

  it('gives the block stock its period, 1M back from its last date until one is chosen (SPEC §4)', () => {
    const period = (chosen: Parameters<typeof resolveInstrument>[3], options = {}) => {
      const state = resolveInstrument(options, ok, null, chosen);
      return state.status === 'ok' ? state.instrument.period : undefined;
    };
    expect(period(null)).toEqual({ id: 1, from: '30.05.2025', to: '30.06.2025', lastDate: '30.06.2025' });
    const chosen = { id: 4, from: '30.06.2024', to: '30.06.2025', lastDate: '30.06.2025' } as const;
    expect(period(chosen)).toBe(chosen);
    // A period of an earlier last date (the page data moved on) is not this stock's.
    expect(period({ ...chosen, lastDate: '27.06.2025' })).toMatchObject({ id: 1, from: '30.05.2025' });
    // Another stock than the block's has no period of the block.
    expect(period(chosen, { stockId: 22, groundId: 2 })).toBeNull();
  });
});
