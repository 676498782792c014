/**
 * The server renderer (DESIGN §5b, issue 24): an element's first view as declarative shadow DOM,
 * rendered in Node by the same React components under `@lit-labs/ssr-dom-shim`, from what it is
 * given only (the page's blocks, the visitor's user globals, the labels, the preloaded answers):
 * it makes no call. The browser's kit hydrates it (runtime/define.tsx).
 *
 * Built for Node by `vite build --mode server` into dist/server/render.js (the sources import CSS
 * with `?inline`); the reference server and the legacy render endpoint load that file.
 */
import './server-shim.ts';
import './fin-price-dynamics.ts';
import './fin-exchange-table.ts';
import './fin-dividends-table.ts';
import './fin-holders.ts';
import './fin-related-list.ts';
import './fin-leaders.ts';
import './fin-issuer-reports.ts';
import './fin-consensus-forecasts.ts';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import baseStyles from '../src/runtime/base.css?inline';
import { ANONYMOUS } from '../src/contract/page-data.ts';
import { LANGUAGES, DEFAULT_LANG } from '../src/contract/types.ts';
import type { RenderRequest } from '../src/contract/render-request.ts';
import { setServerPage } from '../src/core/page-data.ts';
import { setPreloadedAnswers } from '../src/core/preload.ts';
import { seedLabels } from '../src/core/stores/labels.ts';
import { $lang } from '../src/core/stores/lang.ts';
import { rereadPageData, resetPageData } from '../src/core/stores/page.ts';
import { resetPeriods } from '../src/core/stores/period.ts';
import { $ground } from '../src/core/stores/ground.ts';
import { $user } from '../src/core/stores/user.ts';
import { $hints } from '../src/core/stores/hints.ts';
import { HINTS_DEFAULT } from '../src/contract/hints.ts';
import { definitions, type PropType, type ServerContainer } from '../src/runtime/define.tsx';
import { ServerStyles, SERVER_STYLE_ATTRIBUTE } from '../src/runtime/styles.ts';
import { loadLazyViews } from '../src/runtime/lazy-view.ts';
import { setSanitizerDocument } from '../src/features/issuer-reports/comments/comment-html.ts';
import { JSDOM } from 'jsdom';

// Analytics comments are provider HTML: the server sanitizes them with the browser's DOMPurify and
// rules, in a jsdom document (the DOM shim has no parser), and renders what is left as elements.
setSanitizerDocument(new JSDOM('').window.document);

// The lazy views (each section of the issuer's reports, …) are loaded before the first render, so
// the first view holds them with their preloaded data, not their loading lines; importing this
// module waits for them.
for (const error of await loadLazyViews())
  console.error(`fin-elements server: a lazy view not loaded: ${String(error)}`);

/**
 * The elements whose first view the server renders. The others (charts, the network graph, the
 * search boxes, the shell's bars: canvas, the visitor's device or cookies decide what they show)
 * are left to the browser as before. So is the header's `<fin-menu>`: its view depends on the
 * window's width (a bar or one button), which the server cannot know, and its light DOM is the
 * plain menu that works without scripts (a shadow root would hide it); the header keeps its row,
 * so the upgrade moves nothing.
 */
export const SERVER_TAGS = [
  'fin-price-dynamics',
  'fin-exchange-table',
  'fin-dividends-table',
  'fin-holders',
  'fin-related-list',
  'fin-leaders',
  'fin-issuer-reports',
  'fin-consensus-forecasts',
] as const;
export type ServerTag = (typeof SERVER_TAGS)[number];

export type { RenderRequest };

export class RenderError extends Error {}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;
const NONCE = /^[A-Za-z0-9+/_-]+=*$/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** r2wc's parsing of an attribute, as the browser's element does it (define.tsx declares the types). */
function parseAttribute(type: PropType, value: string): unknown {
  if (type === 'number') return parseFloat(value);
  if (type === 'boolean') return value === '' || /^[ty1-9]/i.test(value);
  if (type === 'json') return JSON.parse(value);
  return value;
}

function propsOf(tag: string, attributes: Record<string, string>): Record<string, unknown> {
  const definition = definitions.get(tag)!;
  const props: Record<string, unknown> = {};
  for (const [prop, type] of Object.entries(definition.options.props)) {
    const name = prop.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const value = attributes[name];
    // r2wc leaves an empty attribute unset, except the kit's bare booleans.
    if (value === undefined || (value === '' && type !== 'boolean')) continue;
    try {
      props[prop] = parseAttribute(type, value);
    } catch {
      throw new RenderError(`attribute ${name} is not JSON`);
    }
  }
  return props;
}

/** Sets the page's stores for one render; the returned function puts them back as they were. */
function withPage(request: RenderRequest): () => void {
  const texts = Object.fromEntries(
    Object.entries(request.blocks ?? {}).map(([id, value]) => [
      id,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  texts['fin-user'] ??= JSON.stringify(request.user ?? ANONYMOUS);
  setServerPage(texts);
  setPreloadedAnswers(request.preload ?? {});
  seedLabels(request.labels ?? { lang: request.lang, modules: {} });
  $lang.set(request.lang);
  $user.set(request.user ?? ANONYMOUS);
  $hints.set(request.hints ?? HINTS_DEFAULT);
  $ground.set(null);
  resetPeriods();
  rereadPageData();
  return () => {
    setServerPage(null);
    setPreloadedAnswers({});
    seedLabels({ lang: DEFAULT_LANG, modules: {} });
    $lang.set(DEFAULT_LANG);
    $user.set(ANONYMOUS);
    $hints.set(HINTS_DEFAULT);
    $ground.set(null);
    resetPeriods();
    resetPageData();
  };
}

/** A stand-in host: what a component does to its element during render is of no use on the server. */
function serverHost(tag: string): ServerContainer['host'] {
  return {
    localName: tag,
    dispatchEvent: () => true,
    toggleAttribute: () => true,
    setAttribute: () => undefined,
    removeAttribute: () => undefined,
  };
}

/**
 * The declarative shadow root of one element: `<template shadowrootmode="open">` with its styles
 * (`<style nonce>`, in the kit's layer order) and its first view. Synchronous: the page's stores
 * are set for this render and put back before it returns, so nothing of one visitor's page is
 * left for the next. Throws RenderError for an unknown tag or a bad request.
 */
export function renderShadowRoot(request: RenderRequest): string {
  const { tag } = request;
  if (!(SERVER_TAGS as readonly string[]).includes(tag) || !definitions.has(tag))
    throw new RenderError(`<${tag}> is not rendered on the server`);
  if (!LANGUAGES.includes(request.lang)) throw new RenderError(`unknown language ${String(request.lang)}`);
  if (request.nonce !== undefined && !NONCE.test(request.nonce)) throw new RenderError('a nonce is base64');
  const definition = definitions.get(tag)!;
  const props = propsOf(tag, request.attributes ?? {});
  const styles = new ServerStyles();
  styles.add(baseStyles, 'base');
  if (definition.options.styles) styles.add(definition.options.styles, 'element');
  const container: ServerContainer = { host: serverHost(tag), styles };
  const restore = withPage(request);
  let markup: string;
  try {
    markup = renderToString(createElement(definition.Root, { ...props, container }));
  } finally {
    restore();
  }
  const nonce = request.nonce ? ` nonce="${request.nonce}"` : '';
  const styleElements = styles.styles
    .map(({ layer, css }) => {
      if (/<\/style/i.test(css)) throw new RenderError('a stylesheet closes its <style>');
      return `<style${nonce} ${SERVER_STYLE_ATTRIBUTE}="${layer}">${css}</style>`;
    })
    .join('');
  return `<template shadowrootmode="open">${styleElements}${markup}</template>`;
}

/** The whole element: its tag with the attributes, the declarative shadow root, then `lightDom` (HTML as given). */
export function renderElement(request: RenderRequest, lightDom = ''): string {
  const attributes = Object.entries(request.attributes ?? {})
    .map(([name, value]) => {
      if (!ATTRIBUTE_NAME.test(name)) throw new RenderError(`bad attribute name ${name}`);
      return value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
    })
    .join('');
  const root = renderShadowRoot(request);
  return `<${request.tag}${attributes}>${root}${lightDom}</${request.tag}>`;
}
