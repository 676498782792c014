import { describe, expect, it } from 'vitest';
import { accessHref, loginHref } from './access-links.ts';

describe('access links', () => {
  it('the log-in link returns to the page the visitor is on', () => {
    expect(loginHref(undefined, '/stocks/sber/2/?lang=eng#chart')).toBe(
      '/login/?back=%2Fstocks%2Fsber%2F2%2F%3Flang%3Deng%23chart',
    );
    expect(loginHref('/signin/?from=pd', '/x/')).toBe('/signin/?from=pd&back=%2Fx%2F');
    expect(loginHref('/signin/#top', '/x/')).toBe('/signin/?back=%2Fx%2F#top');
  });

  it("keeps a page's own back= and refuses addresses that are not links", () => {
    expect(loginHref('/signin/?back=/home/', '/x/')).toBe('/signin/?back=/home/');
    expect(loginHref('javascript:alert(1)', '/x/')).toBe('/login/?back=%2Fx%2F');
    expect(accessHref('java\nscript:alert(1)')).toBe('/profile/access/');
    expect(accessHref('/pay/')).toBe('/pay/');
  });
});
