/**
 * The graph's legend: the line of each relation type the graph shows (a stake's arrow points from
 * the holder to the held company, an affiliation is dashed without arrow) and the outline of a
 * node that opens a company page. Drawn in HTML beside the canvas, so it is read and translated
 * like any text; the relation names are the answer's own (`rel_type_name`).
 */
import type { RelatedLink } from '../../contract/company.ts';
import { RELATION_LINES, RELATION_TYPES } from '../../contract/network-graph.ts';
import { GRAPH_OTHER_NODE_COLOR } from '../../contract/palette.ts';
import type { Translate } from '../../runtime/hooks.ts';

export function GraphLegend({ links, t }: { links: readonly RelatedLink[]; t: Translate }) {
  const names = new Map<RelatedLink['rel_type'], string>();
  for (const link of links) if (!names.has(link.rel_type)) names.set(link.rel_type, link.rel_type_name);
  const types = RELATION_TYPES.filter((type) => names.has(type));
  const anyArrow = types.some((type) => RELATION_LINES[type].arrow);
  const anyPage = links.some((link) => link.url !== null);
  return (
    <div className="ng-legend" part="legend" role="group" aria-label={t('issuer:graph_legend')}>
      <ul className="ng-legend__list">
        {types.map((type) => (
          <li key={type} className="ng-legend__item" data-relation={type}>
            <LineSample {...RELATION_LINES[type]} />
            {names.get(type)}
          </li>
        ))}
        {anyPage ? (
          <li className="ng-legend__item" data-legend="linked">
            <svg className="ng-legend__sample" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
              <circle
                cx="9"
                cy="9"
                r="6.5"
                fill={GRAPH_OTHER_NODE_COLOR}
                stroke="#1a1d23"
                strokeWidth="2.5"
              />
            </svg>
            {t('issuer:graph_legend_linked')}
          </li>
        ) : null}
      </ul>
      {anyArrow ? <p className="ng-legend__note">{t('issuer:graph_legend_arrow')}</p> : null}
    </div>
  );
}

function LineSample({ color, dashed, arrow }: { color: string; dashed: boolean; arrow: boolean }) {
  return (
    <svg className="ng-legend__sample" width="34" height="12" viewBox="0 0 34 12" aria-hidden="true">
      <line
        x1="1"
        y1="6"
        x2={arrow ? 24 : 33}
        y2="6"
        stroke={color}
        strokeWidth="2"
        strokeDasharray={dashed ? '4 3' : undefined}
      />
      {arrow ? <path d="M23 1 L33 6 L23 11 Z" fill={color} /> : null}
    </svg>
  );
}
