/** The price-dynamics call (SPEC §7) as a resource: one per element, a quick ground switch never shows the old ground. */
import { fetchPriceDynamics, peekPriceDynamics } from '../../core/api/stocks.ts';
import { createResource } from '../../core/resource.ts';

export const createPriceDynamicsResource = () =>
  createResource({
    describe: ({ stockId, groundId }: { stockId: number; groundId: number }) =>
      `price dynamics of ${stockId}/${groundId}`,
    load: ({ stockId, groundId }, signal) => fetchPriceDynamics(stockId, groundId, signal),
    peek: ({ stockId, groundId }) => peekPriceDynamics(stockId, groundId),
  });
