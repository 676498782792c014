/**
 * Server-side code (a Node renderer, a test runner, a tool reading the tag map) may import the
 * element modules with the DOM shim the product uses for SSR: registration must not throw and
 * must not touch a document that is not there.
 */
import { HTMLElement, Element, customElements } from '@lit-labs/ssr-dom-shim';
import { describe, expect, it } from 'vitest';

Object.assign(globalThis, { HTMLElement, Element, customElements });

describe('element modules in plain Node', () => {
  it('register every tag with the shim and create an element without a document', async () => {
    await import('./index.ts');
    const PriceDynamics = customElements.get('fin-price-dynamics');
    expect(PriceDynamics).toBeDefined();
    expect(() => new PriceDynamics!()).not.toThrow();
    // Registering twice (two bundles on one page) stays a no-op.
    await expect(import('./fin-price-dynamics.ts')).resolves.toBeDefined();
  });
});
