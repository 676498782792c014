/** GET /api/stocks/{stockId}/{tgId}/price-dynamics/ (SPEC §7): the 1M/1Y block of the stock page. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.ts';
import { HttpError, ID } from '../shared/context.ts';
import { priceAccessOf } from '../shared/masking.ts';
import { computePriceDynamics, stockPriceDynamics } from './price-dynamics.ts';

export function registerPriceDynamicsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { stockId: number; tgId: number } }>(
    '/api/stocks/:stockId/:tgId/price-dynamics/',
    {
      schema: {
        params: { type: 'object', properties: { stockId: ID, tgId: ID }, required: ['stockId', 'tgId'] },
      },
    },
    async (request) => {
      const { stockId, tgId } = request.params;
      const raw = computePriceDynamics(ctx.repo, stockId, tgId);
      if (!raw) throw new HttpError(404, `Stock ${stockId} is not traded on trading ground ${tgId}`);
      return stockPriceDynamics(raw, priceAccessOf(request.session?.user ?? null));
    },
  );
}
