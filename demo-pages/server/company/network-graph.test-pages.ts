/**
 * Synthetic links for the network graph's browser tests and bench (outside production only):
 *
 *   GET /test/network-graph/links/?links=N&hostile=1   N links over 2 levels from issuer 1000
 *   GET /test/network-graph/?links=N&hostile=1&below=1 <fin-network-graph> on those links
 *
 * Deterministic: the same N gives the same names, relation types and shares. A third of the links
 * start at the main issuer, the others at those first-level issuers. Every fifth link has no share
 * (an affiliate), every third name is longer than the 22 characters a label shows, issuers with an
 * even id have a page. `hostile=1` puts the XSS corpus (demo-pages/testing/hostile.ts) into the
 * names, relation names and page addresses. `below=1` puts the graph below the first screen (lazy
 * loading).
 */
import type { FastifyInstance } from 'fastify';
import type { RelatedLink } from '../../../src/contract/company.ts';
import { PAYLOADS } from '../../testing/hostile.ts';
import type { AppContext } from '../shared/context.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { html } from '../templates/html.ts';
import { elementsBlock, ELEMENT_SCRIPTS } from '../templates/layout.ts';

export const TEST_GRAPH_MAIN_ID = 1000;
const MAIN_NAME = 'Main Test Issuer';
/** The most links a test asks for (the bench's biggest graph). */
const MAX_LINKS = 2000;

const RELATIONS: ReadonlyArray<[RelatedLink['rel_type'], string]> = [
  ['subsidiary', 'Subsidiary'],
  ['associate', 'Associate'],
  ['investment', 'Investment'],
  ['shareholder', 'Shareholder'],
  ['affiliate', 'Affiliate'],
];

export function testGraphLinks(count: number, hostile = false): RelatedLink[] {
  const firstLevel = Math.max(1, Math.ceil(count / 3));
  const links: RelatedLink[] = [];
  const nameOf = (id: number, index: number): string => {
    if (id === TEST_GRAPH_MAIN_ID) return MAIN_NAME;
    if (hostile) return PAYLOADS[index % PAYLOADS.length]!(index);
    return index % 3 === 2 ? `Long Named Industrial Holding Group ${index}` : `Company ${index}`;
  };
  for (let index = 0; index < count; index++) {
    const id = TEST_GRAPH_MAIN_ID + 1 + index;
    const parentIndex = index < firstLevel ? -1 : (index - firstLevel) % firstLevel;
    const parentId = parentIndex < 0 ? TEST_GRAPH_MAIN_ID : TEST_GRAPH_MAIN_ID + 1 + parentIndex;
    const [relType, relName] = RELATIONS[index % RELATIONS.length]!;
    links.push({
      emitent_id: id,
      emitent_name: nameOf(id, index),
      rel_type: relType,
      rel_type_name: hostile ? PAYLOADS[(index + 3) % PAYLOADS.length]!(index) : relName,
      share: index % 5 === 4 ? null : Math.round(((index * 3739) % 9900) + 100) / 100,
      parent_emitent_id: parentId,
      parent_emitent_name: nameOf(parentId, parentIndex),
      url: hostile
        ? PAYLOADS[(index + 4) % PAYLOADS.length]!(index)
        : id % 2 === 0
          ? `/company/${id}/`
          : null,
    });
  }
  return links;
}

const QUERY = {
  type: 'object',
  properties: {
    links: { type: 'integer', minimum: 0, maximum: MAX_LINKS, default: 12 },
    hostile: { type: 'integer', enum: [0, 1], default: 0 },
    below: { type: 'integer', enum: [0, 1], default: 0 },
    lang: { type: 'string' },
  },
} as const;

interface GraphQuery {
  links: number;
  hostile: 0 | 1;
  below: 0 | 1;
}

export function registerNetworkGraphTestPages(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: GraphQuery }>(
    '/test/network-graph/links/',
    { schema: { querystring: QUERY } },
    async (request) => testGraphLinks(request.query.links, request.query.hostile === 1),
  );

  app.get<{ Querystring: GraphQuery }>(
    '/test/network-graph/',
    { config: { page: true }, schema: { querystring: QUERY } },
    async (request, reply) => {
      const { links, hostile, below } = request.query;
      const lang = pageLang(request, reply);
      const dataUrl = `/test/network-graph/links/?links=${links}&hostile=${hostile}`;
      const elements = [
        {
          markup: html`<fin-network-graph
            data-url="${dataUrl}"
            main-emitent-id="${TEST_GRAPH_MAIN_ID}"
            title="${MAIN_NAME}: related companies"
            export-file-name="related-${links}"
            export-title="${MAIN_NAME}: related companies (synthetic test data)"
          ></fin-network-graph>`,
          script: ELEMENT_SCRIPTS.networkGraph,
        },
      ];
      return sendPage(ctx, request, reply, lang, {
        title: `Test: network graph of ${links} links`,
        elements,
        body: html`<main>
          <h1>Test: <code>&lt;fin-network-graph&gt;</code>, ${links} links</h1>
          ${below === 1 ? html`<div class="test-spacer" style="height: 2400px">Below: the graph.</div>` : null}
          ${elementsBlock(elements)}
        </main>`,
      });
    },
  );
}
