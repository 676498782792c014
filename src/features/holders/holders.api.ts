/** The holders call (SPEC §7 get-holders) as a resource: one per element, latest wins. */
import { fetchHolders, peekHolders } from '../../core/api/stocks.ts';
import { createResource } from '../../core/resource.ts';

export const createHoldersResource = () =>
  createResource({
    describe: (stockId: number) => `holders of ${stockId}`,
    load: fetchHolders,
    peek: peekHolders,
  });
