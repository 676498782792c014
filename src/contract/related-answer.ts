/**
 * The check of the network graph's links (SPEC §3 "Network graph input", §7 GET on the caller's
 * data URL), run by the API layer: an answer of another shape fails with the field named, so the
 * graph shows a load error with retry instead of drawing nonsense. An empty body or list is data:
 * the issuer has no links.
 */
import type { RelatedLink } from './company.ts';
import { arrayOf, integer, nullable, number, optional, record, string, type Check } from './validate.ts';

const link: Check<RelatedLink> = (v, path) => {
  const source = record(v, path);
  return {
    emitent_id: integer(source.emitent_id, `${path}.emitent_id`),
    emitent_name: string(source.emitent_name, `${path}.emitent_name`),
    // The type is shown by its name; an unknown code is kept as text, not refused.
    rel_type: optional(string, '')(source.rel_type, `${path}.rel_type`) as RelatedLink['rel_type'],
    rel_type_name: optional(string, '')(source.rel_type_name, `${path}.rel_type_name`),
    share: optional(nullable(number), null)(source.share, `${path}.share`),
    parent_emitent_id: integer(source.parent_emitent_id, `${path}.parent_emitent_id`),
    parent_emitent_name: optional(string, '')(source.parent_emitent_name, `${path}.parent_emitent_name`),
    url: optional(nullable(string), null)(source.url, `${path}.url`),
  };
};

export const checkRelatedLinks: Check<RelatedLink[]> = arrayOf(link);

/** An empty body: no links. */
export const emptyRelatedLinks = (): RelatedLink[] => [];
