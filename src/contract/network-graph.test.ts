import { describe, expect, it } from 'vitest';
import { nodeLabel, overlapAllowed, shareText, sizesVary } from './network-graph.ts';
import { checkRelatedLinks } from './related-answer.ts';

describe('network graph rules', () => {
  it('cuts a node label at 22 characters with an ellipsis (SPEC §5), counting what the reader sees', () => {
    expect(nodeLabel('Sberbank')).toBe('Sberbank');
    expect(nodeLabel('A'.repeat(22))).toBe('A'.repeat(22));
    expect(nodeLabel('Long Named Industrial Holding Group')).toBe('Long Named Industrial …');
    expect([...nodeLabel('Long Named Industrial Holding Group')]).toHaveLength(23);
    // A character outside the basic plane is one character, never cut in half.
    expect(nodeLabel('𝔸'.repeat(30))).toBe(`${'𝔸'.repeat(22)}…`);
  });

  it('writes a share in the page number format with %, and nothing without a share', () => {
    expect(shareText(50)).toBe('50%');
    expect(shareText(9.99)).toBe('9.99%');
    expect(shareText(0.5)).toBe('0.50%');
    expect(shareText(null)).toBe('');
  });

  it('allows overlap with 10 links or fewer or in full screen, sizes vary above 10 links (SPEC §9)', () => {
    expect(overlapAllowed(10, false)).toBe(true);
    expect(overlapAllowed(11, false)).toBe(false);
    expect(overlapAllowed(11, true)).toBe(true);
    expect(sizesVary(10)).toBe(false);
    expect(sizesVary(11)).toBe(true);
  });
});

describe('links answer check', () => {
  const link = {
    emitent_id: 2,
    emitent_name: 'DomClick',
    rel_type: 'subsidiary',
    rel_type_name: 'Subsidiary',
    share: 100,
    parent_emitent_id: 1,
    parent_emitent_name: 'Sberbank',
    url: '/company/2/',
  };

  it('passes a list of links, a missing share or url as null', () => {
    expect(checkRelatedLinks([link], '')).toEqual([link]);
    const { share: _share, url: _url, ...bare } = link;
    expect(checkRelatedLinks([bare], '')[0]).toMatchObject({ share: null, url: null });
  });

  it('refuses another shape, naming the field', () => {
    expect(() => checkRelatedLinks({}, '')).toThrow(/a list/);
    expect(() => checkRelatedLinks([{ ...link, emitent_id: 'x' }], '')).toThrow(/\[0\]\.emitent_id/);
    expect(() => checkRelatedLinks([{ ...link, emitent_name: null }], '')).toThrow(/emitent_name/);
    expect(() => checkRelatedLinks([{ ...link, share: '5%' }], '')).toThrow(/share/);
  });
});
