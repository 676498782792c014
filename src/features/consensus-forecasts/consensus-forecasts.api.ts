/** The consensus call (SPEC §7 get-emitent-list-of-indexes) as a resource: one per element, latest wins. */
import { fetchConsensus, peekConsensus } from '../../core/api/company.ts';
import { createResource } from '../../core/resource.ts';

export const createConsensusResource = () =>
  createResource({
    describe: (url: string) => `consensus forecasts ${url}`,
    load: fetchConsensus,
    peek: peekConsensus,
  });
