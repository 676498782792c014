import { afterEach, describe, expect, it } from 'vitest';
import { cspNonce } from './csp.ts';

describe('cspNonce', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('is empty on a page without a CSP nonce', () => {
    expect(cspNonce()).toBe('');
  });

  it('reads the nonce from <meta property="csp-nonce">, before any script', () => {
    document.head.innerHTML =
      '<script nonce="from-script" type="application/json">{}</script><meta property="csp-nonce" nonce="from-meta">';
    expect(cspNonce()).toBe('from-meta');
  });

  it("falls back to a nonced script's nonce", () => {
    document.head.innerHTML = '<script nonce="from-script" type="application/json">{}</script>';
    expect(cspNonce()).toBe('from-script');
  });
});
