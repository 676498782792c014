import { describe, expect, it } from 'vitest';
import { reserveStyle } from './reserve.ts';

describe('reserveStyle()', () => {
  it('reserves a height per width, and per access level where prompts and data differ', () => {
    const css = reserveStyle(
      [
        { selector: 'fin-stock-chart', desktop: 763, phone: 800 },
        { selector: 'fin-archive-table', desktop: { anonymous: 535, paid: 509 }, phone: 555 },
      ],
      '.catalog ',
    );
    const [desktop, phone] = css.split('@media (max-width: 679.98px)');
    expect(desktop).toContain('.catalog fin-stock-chart { --fin-reserve-height: 763px; }');
    expect(desktop).toContain('.catalog fin-archive-table { --fin-reserve-height: 535px; }');
    // The paid reader's rule is the more specific one: it wins over the default for every level.
    expect(desktop).toContain(
      'body[data-access="paid"] .catalog fin-archive-table { --fin-reserve-height: 509px; }',
    );
    expect(phone).toContain('.catalog fin-stock-chart { --fin-reserve-height: 800px; }');
    expect(phone).toContain('.catalog fin-archive-table { --fin-reserve-height: 555px; }');
    expect(phone).not.toContain('data-access');
  });
});
