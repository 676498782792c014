/**
 * Server-side code (a Node renderer, a test runner, a tool reading the tag map) may import the
 * element modules with the DOM shim the product uses for SSR: registration must not throw and
 * must not touch a document that is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HTMLElement, Element, customElements } from '@lit-labs/ssr-dom-shim';
import { describe, expect, it, vi } from 'vitest';

Object.assign(globalThis, { HTMLElement, Element, customElements });

/** Every element file (one per tag, as the build and the manifest find them). */
const TAGS = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
  .filter((file) => /^fin-.*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

describe('element modules in plain Node', () => {
  it('register every tag with the shim and create an element without a document', async () => {
    await import('./index.ts');
    expect(TAGS).toContain('fin-price-dynamics');
    expect(TAGS.filter((tag) => customElements.get(tag) === undefined)).toEqual([]);
    const PriceDynamics = customElements.get('fin-price-dynamics')!;
    const element = new PriceDynamics();
    // The shadow root a server renderer fills is there and open.
    expect(element.shadowRoot?.mode).toBe('open');
  });

  it('a second copy of the bundle (two bundles on one page) registers nothing again and does not throw', async () => {
    await import('./index.ts');
    const first = TAGS.map((tag) => customElements.get(tag));
    // Fresh module instances: every define() runs again against the same registry, which throws
    // on a name used before (as browsers do).
    vi.resetModules();
    await import('./index.ts');
    TAGS.forEach((tag, i) => expect(customElements.get(tag), tag).toBe(first[i]));
  });
});

describe('the README', () => {
  it('lists every element in its element table, so integrators find each tag there', () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    const listed = [...readme.matchAll(/^\| `(fin-[a-z0-9-]+)` +\|/gm)].map((match) => match[1]);
    expect(listed.length).toBeGreaterThan(0);
    expect(TAGS.filter((tag) => !listed.includes(tag))).toEqual([]);
  });
});
