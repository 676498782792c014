/** Pages for the browser tests (registered outside production only). */
import type { StockPageData } from '../../../src/contract/types.ts';
import { html, jsonScript, trusted, type SafeHtml } from './html.ts';
import { elementsBlock, ELEMENT_SCRIPTS, type PageElement, type PageMessage } from './layout.ts';

export function testMalformedPageElements(): PageElement[] {
  return [
    {
      markup: html`<fin-price-dynamics id="broken"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
    {
      markup: html`<fin-price-dynamics id="ok" page-data="#fin-page-data-ok"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
  ];
}

/** The page's #fin-page-data is malformed JSON; #fin-page-data-ok holds valid data for sber on ground 1. */
export function testMalformedPageBody(valid: StockPageData, elements: PageElement[]): SafeHtml {
  return html`<main>
    <h1>Test: malformed page data</h1>
    <p class="muted" lang="en">
      The first element reads <code>#fin-page-data</code>, which is not valid JSON, and must show an error
      without breaking the second, which reads <code>#fin-page-data-ok</code>.
    </p>
    ${jsonScript('fin-page-data-ok', valid)} ${elementsBlock(elements)}
  </main>`;
}

/** One element alone on a page with the stock page data: what a page with only that tag downloads. */
export function testSingleElementPage(tag: string): { elements: PageElement[]; body: SafeHtml } {
  const elements = [{ markup: html`${trusted(`<${tag}></${tag}>`)}`, script: `/dist/elements/${tag}.js` }];
  return {
    elements,
    body: html`<main>
      <h1>Test: <code>&lt;${tag}&gt;</code> alone</h1>
      ${elementsBlock(elements)}
    </main>`,
  };
}

/** Every element of the build (the /elements/ examples) on one page served under a strict CSP. */
export function testStrictCspBody(elements: PageElement[]): SafeHtml {
  return html`<main>
    <h1>Test: every element under a strict CSP</h1>
    <p class="muted" lang="en">
      Served with <code>Content-Security-Policy</code>: scripts and styles only from this site or with the
      page's nonce. Every element must render without a violation.
    </p>
    ${elementsBlock(elements)}
  </main>`;
}

const MESSAGE_TYPES = ['alertGreen', 'alertBlue', 'alertYellow', 'alertRed'] as const;

/**
 * The messages of /test/messages/ from its query: each `error=` text as the server's error on load
 * (SPEC §8), each `alert=type:text` as a message of that type; and whether the page carries
 * <fin-alerts> and <fin-message> (`views=none`: a page without them, as a partner's).
 */
export function testMessagesPage(query: Record<string, string | string[] | undefined>): {
  messages: PageMessage[];
  views: boolean;
} {
  const all = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
  const messages: PageMessage[] = all(query.error).map((message) => ({ message, type: 'alertRed' }));
  for (const entry of all(query.alert)) {
    const colon = entry.indexOf(':');
    const type = MESSAGE_TYPES.find((name) => name === entry.slice(0, colon));
    if (type) messages.push({ message: entry.slice(colon + 1), type });
  }
  return { messages, views: query.views !== 'none' };
}

/** One element of the kit on the page without the message views: its kit mounts the fallback stack. */
export function testMessagesElements(views: boolean): PageElement[] {
  return views
    ? []
    : [
        {
          markup: html`<fin-price-dynamics stock-id="1"></fin-price-dynamics>`,
          script: ELEMENT_SCRIPTS.priceDynamics,
        },
      ];
}

/** Controls down to the page's bottom: the stack must leave them usable on a phone. */
export function testMessagesBody(views: boolean): SafeHtml {
  return html`<main>
    <h1>Test: messages</h1>
    <p class="muted" lang="en">
      The page's message queue: the server's messages on load${views ? '' : ', without <fin-alerts>'}.
    </p>
    ${elementsBlock(testMessagesElements(views))}
    <form class="test-controls" action="#">
      <label>Name <input name="name" /></label>
      <button type="button">Save</button>
    </form>
  </main>`;
}

/**
 * A message for each view of the queue, staying until closed: the pages that show every element
 * (alone, under a strict CSP) show <fin-alerts> and <fin-message> with something in them, so the
 * shared gates (axe, keyboard, hostile labels, strict CSP) look at a shown message.
 */
export const VIEW_MESSAGES: PageMessage[] = [
  { message: 'Messages of the page show here until closed.', type: 'alertBlue', sticky: true },
  { message: 'The message banner shows here.', type: 'alertGreen', sticky: true, channel: 'banner' },
];
