/** GET /api/labels/{module}/ and /api/labels/{module}/{repository}/ (SPEC §7). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { HttpError } from './context.ts';
import { showLabelsRequested } from './labels.ts';
import { requestLang } from './lang.ts';

const NAME = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;

export function registerLabelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const schema = {
    params: { type: 'object', properties: { module: NAME, repository: NAME }, required: ['module'] },
    querystring: {
      type: 'object',
      properties: { lang: { type: 'string' }, show_labels: { type: 'string' } },
    },
  };
  const handler = async (request: FastifyRequest<{ Params: { module: string } }>) => {
    const { module } = request.params;
    const labels = ctx.labels.module(module, requestLang(request), showLabelsRequested(request.query));
    if (!labels) throw new HttpError(404, `Unknown label module "${module}"`);
    return labels;
  };
  app.get('/api/labels/:module/', { schema }, handler);
  // The legacy server keeps labels in repositories; the demo has one, so the segment selects the same labels.
  app.get('/api/labels/:module/:repository/', { schema }, handler);
}
