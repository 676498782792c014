/**
 * First paint from the server (DESIGN §5b, issue 24): the elements of a page whose first view the
 * server renders get it as declarative shadow DOM, written right after their opening tag. The
 * renderer is the elements' own code built for Node (`vite build --mode server`,
 * dist/server/render.js); the server uses nothing of src/ but src/contract, so it loads the built
 * file. Without that build (server tests that build nothing) pages are sent as before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderRequest } from '../../../src/contract/render-request.ts';

export type { RenderRequest };

/** The built renderer's interface (elements/server.tsx). */
export interface ServerRenderer {
  SERVER_TAGS: readonly string[];
  renderShadowRoot(request: RenderRequest): string;
  renderElement(request: RenderRequest, lightDom?: string): string;
  RenderError: new (message: string) => Error;
}

/** Loads dist/server/render.js of the build the server serves; null when it was not built. */
export async function loadServerRenderer(distDir: string): Promise<ServerRenderer | null> {
  const file = join(distDir, 'server', 'render.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}

/** The mark of an element whose first view the server rendered. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-fin-server';

/** The page-wide part of each render: everything but the tag and its attributes. */
export type PageRender = Omit<RenderRequest, 'tag' | 'attributes'>;

const OPENING_TAG = /<(fin-[a-z0-9-]+)((?:\s+[a-z][a-z0-9-]*(?:="[^"<>]*")?)*)\s*>/g;
const ATTRIBUTE = /([a-z][a-z0-9-]*)(?:="([^"]*)")?/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&lt;': '<',
  '&gt;': '>',
  '&#39;': "'",
};

/**
 * The page with the first view of each server-rendered element inside its opening tag (the page's
 * templates write those tags with escaped attributes, so an opening tag is never inside text).
 * An element whose render fails is left to the browser, and the failure is logged.
 */
export function withFirstPaint(
  renderer: ServerRenderer,
  page: string,
  context: PageRender,
  log: (message: string) => void = console.error,
): string {
  // Raw text (a <style>'s comment, a script) is left alone: only markup holds elements.
  return page
    .split(RAW_TEXT)
    .map((part) => (RAW_TEXT_START.test(part) ? part : renderIn(renderer, part, context, log)))
    .join('');
}

const RAW_TEXT = /(<(?:script|style)\b[^>]*>[\s\S]*?<\/(?:script|style)>)/i;
const RAW_TEXT_START = /^<(?:script|style)\b/i;

function renderIn(
  renderer: ServerRenderer,
  markup: string,
  context: PageRender,
  log: (message: string) => void,
) {
  return markup.replace(OPENING_TAG, (opening: string, tag: string, attributeText: string) => {
    if (!renderer.SERVER_TAGS.includes(tag)) return opening;
    const attributes: Record<string, string> = {};
    for (const [, name, value] of attributeText.matchAll(ATTRIBUTE))
      attributes[name!] = (value ?? '').replace(/&(amp|quot|lt|gt|#39);/g, (entity) => ENTITIES[entity]!);
    try {
      const root = renderer.renderShadowRoot({ ...context, tag, attributes });
      // The page's CSS knows a server-rendered element by this mark (its fallback styles are off).
      return `${opening.slice(0, -1)} ${SERVER_RENDERED_ATTRIBUTE}>${root}`;
    } catch (error) {
      log(`first paint of <${tag}> failed: ${(error as Error).message}`);
      return opening;
    }
  });
}
