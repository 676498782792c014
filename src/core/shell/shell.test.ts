import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AD_CLOSED_SECONDS,
  MARKETING_COOKIE_SECONDS,
  REGISTRATION_CLOSED_SECONDS,
} from '../../contract/shell.ts';
import { cookieText, documentCookies, getCookie, readCookie, setCookie } from './cookies.ts';
import { appPlatformOf, registrationVariantAt, scrolledPast } from './device.ts';
import { marketingCookieNames, marketingCookieTexts, marketingParamsOf } from './marketing.ts';

describe('marketing parameters', () => {
  it('keeps the utm parameters and the ad click ids of the address, nothing else', () => {
    expect(
      marketingParamsOf(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&gclid=Cj0KCQ&yclid=42&fbclid=IwAR&lang=eng&q=sber',
      ),
    ).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring sale',
      gclid: 'Cj0KCQ',
      yclid: '42',
      fbclid: 'IwAR',
    });
  });

  it('takes the first of a repeated parameter, skips empty and overlong values, and keeps at most 12', () => {
    expect(marketingParamsOf('?utm_source=a&utm_source=b&utm_term=&gclid=' + 'x'.repeat(501))).toEqual({
      utm_source: 'a',
    });
    const many = Array.from({ length: 20 }, (_, i) => `utm_p${i}=v`).join('&');
    expect(Object.keys(marketingParamsOf(`?${many}`))).toHaveLength(12);
    expect(marketingParamsOf('')).toEqual({});
  });

  it('writes each as a fin_mkt_ cookie kept 5 days', () => {
    expect(MARKETING_COOKIE_SECONDS).toBe(5 * 86_400);
    expect(marketingCookieTexts({ utm_source: 'a b;c', gclid: 'G' })).toEqual([
      'fin_mkt_utm_source=a%20b%3Bc; Max-Age=432000; Path=/; SameSite=Lax',
      'fin_mkt_gclid=G; Max-Age=432000; Path=/; SameSite=Lax',
    ]);
    expect(
      marketingCookieNames('fin_marketing_consent=accepted; fin_mkt_gclid=G; fin_mkt_utm_source=x'),
    ).toEqual(['fin_mkt_gclid', 'fin_mkt_utm_source']);
  });
});

describe('cookies', () => {
  it('reads a cookie by its exact name, decoded', () => {
    const header = 'a=1; fin_ad_closed=1; fin_mkt_utm_source=a%20b; bad=%E0';
    expect(readCookie(header, 'fin_ad_closed')).toBe('1');
    expect(readCookie(header, 'fin_mkt_utm_source')).toBe('a b');
    expect(readCookie(header, 'ad_closed')).toBeNull();
    expect(readCookie(header, 'bad')).toBe('%E0');
  });

  it('gives the registration banner 24 h and the ad strip a day', () => {
    expect(REGISTRATION_CLOSED_SECONDS).toBe(86_400);
    expect(AD_CLOSED_SECONDS).toBe(86_400);
    expect(cookieText('fin_ad_closed', '1', AD_CLOSED_SECONDS)).toBe(
      'fin_ad_closed=1; Max-Age=86400; Path=/; SameSite=Lax',
    );
  });

  describe('in a document with an opaque origin (a sandboxed iframe)', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('reads no cookies and keeps none, instead of throwing', () => {
      const denied = () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      };
      vi.stubGlobal('document', Object.defineProperty({}, 'cookie', { get: denied, set: denied }));
      expect(() => document.cookie).toThrow('Access is denied');
      expect(documentCookies()).toBe('');
      expect(getCookie('fin_hints')).toBeNull();
      expect(() => setCookie('fin_hints', '0', 60)).not.toThrow();
    });

    it("reads and writes the page's cookies where it may", () => {
      const jar: string[] = [];
      vi.stubGlobal(
        'document',
        Object.defineProperty({}, 'cookie', {
          get: () => jar.map((text) => text.split(';')[0]).join('; '),
          set: (text: string) => jar.push(text),
        }),
      );
      setCookie('fin_hints', '0', 60);
      expect(jar).toEqual(['fin_hints=0; Max-Age=60; Path=/; SameSite=Lax']);
      expect(documentCookies()).toBe('fin_hints=0');
      expect(getCookie('fin_hints')).toBe('0');
    });
  });
});

describe('device and variant', () => {
  it('tells Huawei, Android and iOS devices from desktops', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const huawei =
      'Mozilla/5.0 (Linux; Android 10; HUAWEI P40) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    expect(appPlatformOf(android)).toBe('android');
    expect(appPlatformOf(huawei)).toBe('huawei');
    expect(appPlatformOf(iphone)).toBe('ios');
    expect(appPlatformOf(desktop)).toBeNull();
  });

  it('chooses the variant by the odd or even second', () => {
    expect(registrationVariantAt(new Date('2026-03-02T10:00:14Z'))).toBe('even');
    expect(registrationVariantAt(new Date('2026-03-02T10:00:15Z'))).toBe('odd');
  });

  it('counts the page as read past 60 % once the viewport bottom is below that share', () => {
    const page = { viewportHeight: 800, pageHeight: 4000 };
    expect(scrolledPast(0.6, { ...page, scrollY: 1500 })).toBe(false);
    expect(scrolledPast(0.6, { ...page, scrollY: 1600 })).toBe(true);
    // A page that fits: nothing scrolled, nothing shown.
    expect(scrolledPast(0.6, { scrollY: 0, viewportHeight: 800, pageHeight: 800 })).toBe(false);
  });
});
