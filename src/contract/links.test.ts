import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHref } from './links.ts';

describe('safeHref: addresses from server or page data', () => {
  it('lets http, https, mailto, tel and relative addresses through, trimmed', () => {
    expect(safeHref('/stocks/sber/')).toBe('/stocks/sber/');
    expect(safeHref('  https://example.com/a?b=1#c ')).toBe('https://example.com/a?b=1#c');
    expect(safeHref('HTTP://example.com/')).toBe('HTTP://example.com/');
    expect(safeHref('mailto:ir@example.com')).toBe('mailto:ir@example.com');
    expect(safeHref('tel:+74950000000')).toBe('tel:+74950000000');
    expect(safeHref('#dividends')).toBe('#dividends');
    expect(safeHref('?lang=eng')).toBe('?lang=eng');
    expect(safeHref('//cdn.example.com/x')).toBe('//cdn.example.com/x');
    expect(safeHref('bonds/12/')).toBe('bonds/12/');
    // A colon after the first slash, question mark or hash is no scheme.
    expect(safeHref('/search/?q=a:b')).toBe('/search/?q=a:b');
    expect(safeHref('/search/?q=a b')).toBe('/search/?q=a b');
  });

  it('gives no link for other schemes, whatever their case', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://example.com/x',
      'ftp://example.com/',
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
  });

  it('sees through the control characters and whitespace a browser drops from an address', () => {
    // The URL parser removes tab and newline anywhere and C0 controls and spaces at the ends.
    for (const href of [
      'java\nscript:alert(1)',
      'java\tscript:alert(1)',
      'java\r\nscript:alert(1)',
      '\x01javascript:alert(1)',
      '\x00javascript:alert(1)',
      '\x1f javascript:alert(1)',
      'javas\x00cript:alert(1)',
      'java script:alert(1)',
      '\u00a0javascript:alert(1)',
      'javascript\t:alert(1)',
      ' \n data:text/html,x',
    ]) {
      expect(safeHref(href), JSON.stringify(href)).toBeNull();
    }
  });

  it('returns the address without the control characters it carried', () => {
    expect(safeHref('\x01/stocks/\nsber/\x7f')).toBe('/stocks/sber/');
    expect(safeHref('https://exa\tmple.com/')).toBe('https://example.com/');
  });

  it('gives no link for empty values and non-strings', () => {
    for (const value of ['', '   ', '\n\t', '\x00', null, undefined, 42, {}, ['/x/']]) {
      expect(safeHref(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('never returns an address a browser would read as a non-allowed scheme', () => {
    const noise = fc.constantFrom('', '\n', '\t', '\r', '\x00', '\x01', '\x1f', ' ', '\x7f', '\u00a0');
    const scheme = fc.constantFrom('javascript', 'data', 'vbscript', 'JaVaScRiPt', 'file');
    fc.assert(
      fc.property(
        fc.array(noise, { maxLength: 3 }),
        scheme,
        fc.array(fc.tuple(fc.nat(12), noise), { maxLength: 4 }),
        fc.string({ maxLength: 10 }),
        (prefix, name, inserts, rest) => {
          let polluted = name;
          for (const [at, char] of inserts) {
            const index = at % (polluted.length + 1);
            polluted = polluted.slice(0, index) + char + polluted.slice(index);
          }
          expect(safeHref(`${prefix.join('')}${polluted}:${rest}`)).toBeNull();
        },
      ),
    );
  });

  it('keeps any address without a colon, without its control characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        fc.pre(!text.includes(':'));
        const cleaned = text.replace(/\p{Cc}/gu, '').trim();
        expect(safeHref(text)).toBe(cleaned === '' ? null : cleaned);
      }),
    );
  });
});
