/**
 * The DOM shim the product uses on the server (`@lit-labs/ssr-dom-shim`): the element modules
 * define classes that extend HTMLElement and register them, which plain Node cannot do. Imported
 * first by the server renderer, before any element module.
 */
import { HTMLElement, Element, customElements } from '@lit-labs/ssr-dom-shim';

if (typeof globalThis.HTMLElement === 'undefined')
  Object.assign(globalThis, { HTMLElement, Element, customElements });
