/** The links call (SPEC §7: GET on the caller's data URL) as a resource: one per element, latest wins. */
import { fetchRelated, peekRelated } from '../../core/api/company.ts';
import { createResource } from '../../core/resource.ts';

export const createRelatedResource = () =>
  createResource({
    describe: (dataUrl: string) => `related issuers from ${dataUrl}`,
    load: fetchRelated,
    peek: peekRelated,
  });
