/**
 * A test element around LinksTable (not a product element: no manifest entry), for the unit test
 * and the browser test's fixture page, with a small group of links: own and second-level links,
 * a hostile name, a name longer than the graph's 22-character cut and an affiliate without share.
 */
import type { RelatedLink } from '../../../contract/company.ts';
import { define } from '../../../runtime/define.tsx';
import { LinksTable } from './LinksTable.tsx';

export const FIXTURE_TAG = 'links-table-fixture';
export const FIXTURE_MAIN = 1;
export const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';

const own = (
  emitent_id: number,
  emitent_name: string,
  rel_type: RelatedLink['rel_type'],
  share: number | null,
  url: string | null = null,
): RelatedLink => ({
  emitent_id,
  emitent_name,
  rel_type,
  rel_type_name: rel_type[0]!.toUpperCase() + rel_type.slice(1),
  share,
  parent_emitent_id: FIXTURE_MAIN,
  parent_emitent_name: 'Sberbank',
  url,
});

export const FIXTURE_LINKS: RelatedLink[] = [
  own(17, 'Moscow Exchange', 'investment', 9.87, '/company/17/'),
  own(201, 'Contribution to the Future Foundation', 'affiliate', null),
  own(202, 'DomClick', 'subsidiary', 100),
  own(203, HOSTILE_NAME, 'associate', 40.25, 'javascript:window.__pwned=2'),
  own(204, 'Evotor', 'associate', 45.5),
  {
    ...own(205, 'Sberbank Real Estate Centre', 'subsidiary', 100),
    parent_emitent_id: 202,
    parent_emitent_name: 'DomClick',
  },
];

define(FIXTURE_TAG, LinksTable, { props: { links: 'json', mainEmitentId: 'number', caption: 'string' } });
