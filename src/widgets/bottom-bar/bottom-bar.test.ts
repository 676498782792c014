import { afterEach, describe, expect, it } from 'vitest';
import { escapeBelongsElsewhere, layoutBottomBars } from './bottom-bar.utils.ts';

afterEach(() => {
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-fin-bottom-room');
  document.documentElement.removeAttribute('style');
});

describe('bottom bars', () => {
  it('stacks the bars from the last one up and gives the page room for all of them', () => {
    document.body.style.paddingBottom = '7px';
    document.body.innerHTML =
      '<fin-a data-fin-bottom-bar="40"></fin-a><fin-b data-fin-bottom-bar="30.5"></fin-b>';
    expect(layoutBottomBars()).toBe(70.5);
    const [first, second] = [...document.querySelectorAll<HTMLElement>('[data-fin-bottom-bar]')];
    expect(second!.style.getPropertyValue('--fin-bar-offset')).toBe('0px');
    expect(first!.style.getPropertyValue('--fin-bar-offset')).toBe('30.5px');
    expect(document.body.style.paddingBottom).toBe('calc(71px + var(--fin-alerts-room, 0px))');
    expect(document.documentElement.style.getPropertyValue('--fin-bottom-offset')).toBe('71px');

    // The last bar gone: the page's own padding is back.
    first!.removeAttribute('data-fin-bottom-bar');
    second!.removeAttribute('data-fin-bottom-bar');
    expect(layoutBottomBars()).toBe(0);
    expect(document.body.style.paddingBottom).toBe('7px');
    expect(document.documentElement.style.getPropertyValue('--fin-bottom-offset')).toBe('');
  });

  it('leaves an Escape to an open dialog, menu or expanded control', () => {
    document.body.innerHTML =
      '<button id="plain">x</button><button id="open" aria-expanded="true">menu</button><div role="dialog"><input id="field"></div>';
    const escapeOn = (id: string) => {
      let belongs: boolean | null = null;
      const target = document.getElementById(id)!;
      target.addEventListener('keydown', (event) => (belongs = escapeBelongsElsewhere(event)), {
        once: true,
      });
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      return belongs;
    };
    expect(escapeOn('plain')).toBe(false);
    expect(escapeOn('open')).toBe(true);
    expect(escapeOn('field')).toBe(true);
  });
});
