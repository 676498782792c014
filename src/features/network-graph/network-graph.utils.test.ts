import { describe, expect, it } from 'vitest';
import type { RelatedLink } from '../../contract/company.ts';
import { buildGraph } from './network-graph.utils.ts';

const link = (over: Partial<RelatedLink>): RelatedLink => ({
  emitent_id: 2,
  emitent_name: 'DomClick',
  rel_type: 'subsidiary',
  rel_type_name: 'Subsidiary',
  share: 100,
  parent_emitent_id: 1,
  parent_emitent_name: 'Sberbank',
  url: '/company/2/',
  ...over,
});

describe('graph from links', () => {
  const graph = buildGraph(
    [
      link({}),
      link({
        emitent_id: 3,
        emitent_name: 'Long Named Industrial Holding Group',
        rel_type_name: 'Affiliate',
        share: null,
        url: 'javascript:alert(1)',
      }),
      link({ emitent_id: 4, emitent_name: 'Grandchild', parent_emitent_id: 3, share: 12.5 }),
    ],
    1,
  );

  it('has the main issuer first and every named issuer once, main marked', () => {
    expect(graph.nodes.map((node) => [node.id, node.main])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
  });

  it('cuts labels but names nodes in full: "name, relation, share"', () => {
    const long = graph.nodes.find((node) => node.id === 3)!;
    expect(long.label).toBe('Long Named Industrial …');
    expect(long.description).toBe('Long Named Industrial Holding Group, Affiliate');
    expect(graph.nodes.find((node) => node.id === 4)!.description).toBe('Grandchild, Subsidiary, 12.50%');
  });

  it('links parent to issuer with the share as label and the relation as tooltip; unsafe pages dropped', () => {
    expect(graph.edges.map(({ from, to, label, title }) => ({ from, to, label, title }))).toEqual([
      { from: 1, to: 2, label: '100%', title: 'Subsidiary' },
      { from: 1, to: 3, label: '', title: 'Affiliate' },
      { from: 3, to: 4, label: '12.50%', title: 'Subsidiary' },
    ]);
    expect(graph.nodes.find((node) => node.id === 2)!.href).toBe('/company/2/');
    expect(graph.nodes.find((node) => node.id === 3)!.href).toBeNull();
  });

  it('writes shares in the page language: "12,50 %" on a German page', () => {
    const german = buildGraph([link({}), link({ emitent_id: 4, share: 12.5 })], 1, undefined, 'deu');
    expect(german.edges.map((edge) => edge.label)).toEqual(['100\u202f%', '12,50\u202f%']);
    expect(german.nodes.find((node) => node.id === 4)!.description).toBe(
      'DomClick, Subsidiary, 12,50\u202f%',
    );
  });

  it('draws a shareholder’s arrow from the holder to the issuer it holds, an affiliate without arrow', () => {
    const withHolder = buildGraph(
      [
        link({}),
        link({
          emitent_id: 9,
          emitent_name: 'National Wealth Fund',
          rel_type: 'shareholder',
          rel_type_name: 'Shareholder',
          share: 50,
        }),
        link({ emitent_id: 3, rel_type: 'affiliate', rel_type_name: 'Affiliate', share: null }),
      ],
      1,
    );
    expect(withHolder.edges.map(({ from, to, arrow, dashed }) => ({ from, to, arrow, dashed }))).toEqual([
      { from: 1, to: 2, arrow: true, dashed: false },
      { from: 9, to: 1, arrow: true, dashed: false },
      { from: 1, to: 3, arrow: false, dashed: true },
    ]);
  });
});
