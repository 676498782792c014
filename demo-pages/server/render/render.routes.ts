/**
 * The render entry for legacy servers (issue 24 item 3, README "Render endpoint"):
 * `POST /api/render/` with `{ tag, lang, attributes?, pageData?, blocks?, user?, hints?, preload?, nonce? }`
 * answers the element as HTML (`<fin-x attrs><template shadowrootmode="open">…</template></fin-x>`)
 * that a non-Node template writes into its page where the tag goes, and may cache.
 *
 * It renders only from what it is given and the labels of the language: it reads no session, makes
 * no call (none with the visitor's cookies), and stores nothing, so the same body always gives the
 * same fragment. Masking is the caller's: what it passes as page data and preload must be what
 * that visitor may see (the same answers the API gives them).
 */
import type { FastifyInstance } from 'fastify';
import { checkUserGlobals } from '../../../src/contract/page-data.ts';
import { LANGUAGES, type Lang, type UserGlobals } from '../../../src/contract/types.ts';
import { ValidationError } from '../../../src/contract/validate.ts';
import { HttpError, type AppContext } from '../shared/context.ts';
import { labelsBlock, ELEMENT_LABEL_MODULES } from '../templates/label-modules.ts';

export const RENDER_PATH = '/api/render/';
/** The largest body accepted (page data, blocks and preload together). */
export const RENDER_BODY_LIMIT_BYTES = 256 * 1024;
/** How long a fragment may be cached by the caller (it depends on the body only). */
export const RENDER_MAX_AGE_S = 300;

interface RenderBody {
  tag: string;
  lang: string;
  attributes?: Record<string, string>;
  pageData?: unknown;
  blocks?: Record<string, unknown>;
  user?: unknown;
  /** The visitor's hints choice; default on (contract/hints.ts). */
  hints?: unknown;
  preload?: Record<string, unknown>;
  nonce?: string;
}

const BODY_SCHEMA = {
  type: 'object',
  required: ['tag', 'lang'],
  additionalProperties: false,
  properties: {
    tag: { type: 'string', pattern: '^fin-[a-z0-9-]{1,40}$' },
    lang: { type: 'string' },
    attributes: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { pattern: '^[a-z][a-z0-9-]{0,40}$' },
      additionalProperties: { type: 'string', maxLength: 2000 },
    },
    pageData: {},
    blocks: { type: 'object', maxProperties: 10, propertyNames: { pattern: '^[a-z][a-z0-9-]{0,40}$' } },
    user: { type: 'object' },
    // Checked in the handler: the schema would coerce "false", 0 or null to a boolean.
    hints: {},
    preload: { type: 'object' },
    nonce: { type: 'string', pattern: '^[A-Za-z0-9+/_-]{8,64}={0,2}$' },
  },
} as const;

export function registerRenderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: RenderBody }>(
    RENDER_PATH,
    { bodyLimit: RENDER_BODY_LIMIT_BYTES, schema: { body: BODY_SCHEMA }, config: { stateless: true } },
    async (request, reply) => {
      const renderer = ctx.renderer;
      if (!renderer) throw new HttpError(503, 'The server renderer is not built (npm run build)');
      const body = request.body;
      if (!renderer.SERVER_TAGS.includes(body.tag))
        throw new HttpError(
          400,
          `<${body.tag}> is not rendered on the server; these are: ${renderer.SERVER_TAGS.join(', ')}`,
        );
      if (!(LANGUAGES as readonly string[]).includes(body.lang))
        throw new HttpError(400, `Unknown language "${body.lang}"; one of ${LANGUAGES.join(', ')}`);
      const lang = body.lang as Lang;
      let user: UserGlobals | undefined;
      try {
        user = body.user === undefined ? undefined : checkUserGlobals(body.user, 'user');
      } catch (error) {
        if (error instanceof ValidationError) throw new HttpError(400, error.message);
        throw error;
      }
      if (body.hints !== undefined && typeof body.hints !== 'boolean')
        throw new HttpError(400, 'body.hints must be true or false');
      const started = performance.now();
      let fragment: string;
      try {
        fragment = renderer.renderElement({
          tag: body.tag,
          lang,
          attributes: body.attributes ?? {},
          blocks: {
            ...body.blocks,
            ...(body.pageData === undefined ? {} : { 'fin-page-data': body.pageData }),
          },
          labels: labelsBlock(ctx.labels, lang, false, ELEMENT_LABEL_MODULES[body.tag] ?? []),
          ...(user ? { user } : {}),
          ...(body.hints === undefined ? {} : { hints: body.hints }),
          ...(body.preload ? { preload: body.preload } : {}),
          ...(body.nonce ? { nonce: body.nonce } : {}),
        });
      } catch (error) {
        if (error instanceof renderer.RenderError) throw new HttpError(400, error.message);
        throw error;
      }
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', `public, max-age=${RENDER_MAX_AGE_S}`)
        .header('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`)
        .send(fragment);
    },
  );
}
