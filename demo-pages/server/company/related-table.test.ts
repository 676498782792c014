/**
 * The issuer page's related companies without JavaScript (SPEC §3 "Network graph input"): the
 * table of the network graph's links on /company/{id}/, in the contract model's default order, for
 * every access level, with hostile names as text and server-side sorting by the heading links; and
 * the demo data's group around Sberbank that the graph and the table show (its data URL in eng,
 * rus and chn).
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedLink } from '../../../src/contract/company.ts';
import type { Lang } from '../../../src/contract/types.ts';
import { formatShare, relatedRows, sortRelatedRows } from '../../../src/contract/related-links.ts';
import { GROUP_ENTITIES } from '../../data/issuers.ts';
import { startAudiences, type AudienceFixture, type Client } from '../shared/testing.ts';

/** The demo issuer whose group is the big graph. */
const SBER = 1;
/** A company of the group renamed by the test to markup that would run if it were not escaped. */
const HOSTILE_ID = 20010;
const HOSTILE_NAME = '<img src=x onerror=alert(1)><script>alert(2)</script>';

let fixture: AudienceFixture;

beforeAll(async () => {
  fixture = await startAudiences({
    prepare: (writable) => {
      writable
        .prepare('UPDATE related_entities SET name = ?, name_eng = ? WHERE id = ?')
        .run(HOSTILE_NAME, HOSTILE_NAME, HOSTILE_ID);
    },
  });
});

afterAll(() => fixture.close());

async function links(who: Client, lang: string): Promise<RelatedLink[]> {
  const response = await who.get(`/api/company/${SBER}/related/?lang=${lang}`);
  expect(response.statusCode).toBe(200);
  return response.json() as RelatedLink[];
}

/** The page's related-companies table: its caption, headings and rows as text. */
async function pageTable(who: Client, query: string) {
  const response = await who.get(`/company/${SBER}/?${query}`);
  expect(response.statusCode).toBe(200);
  const window = new Window();
  window.document.body.innerHTML = response.body.replace(/<script[\s\S]*?<\/script>/g, '');
  const section = window.document.querySelector('section#related_issuers')!;
  const table = section.querySelector('table[data-related-table]')!;
  const text = (node: { textContent: string | null } | null) =>
    (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    body: response.body,
    section,
    caption: text(table.querySelector('caption')),
    headings: [...table.querySelectorAll('thead th')].map((th) => ({
      scope: th.getAttribute('scope'),
      sort: th.getAttribute('aria-sort'),
      text: text(th),
      href: th.querySelector('a')?.getAttribute('href'),
    })),
    rows: [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => text(cell))),
    links: [...table.querySelectorAll('tbody a')].map((a) => [text(a), a.getAttribute('href')]),
  };
}

/** A row as the page shows it: issuer, its other end, relation, share ("—" read as "no share"). */
const shownRow = (row: ReturnType<typeof relatedRows>[number], noShare: string, lang: Lang) => [
  row.issuer,
  row.holding,
  row.relation,
  // As text() reads it: the narrow no-break space before "%" becomes a space.
  (formatShare(row.share, lang) ?? `—${noShare}`).replace(/\s+/g, ' '),
];

describe('the demo data: Sberbank’s group', () => {
  it('gives the graph more than ten links over two levels, every relation type, in eng, rus and chn', async () => {
    const english = await links(fixture.anonymous, 'eng');
    expect(english.length).toBeGreaterThan(10);
    expect(english.length).toBeLessThanOrEqual(24);
    const direct = english.filter((link) => link.parent_emitent_id === SBER);
    expect(direct.length).toBeGreaterThan(10);
    // Second level: subsidiaries of subsidiaries.
    expect(english).toContainEqual(
      expect.objectContaining({
        emitent_name: 'Sberbank Real Estate Centre',
        parent_emitent_name: 'DomClick',
      }),
    );
    expect(new Set(english.map((link) => link.rel_type))).toEqual(
      new Set(['subsidiary', 'associate', 'investment', 'shareholder', 'affiliate']),
    );
    expect(english.some((link) => link.share !== null && !Number.isInteger(link.share))).toBe(true);
    expect(english).toContainEqual(
      expect.objectContaining({
        emitent_name: 'Contribution to the Future Foundation',
        rel_type: 'affiliate',
        rel_type_name: 'Affiliate',
        share: null,
      }),
    );
    expect(english.some((link) => link.emitent_name.length > 22)).toBe(true);
    // Every company of the group is in the graph (none cut by the 24-link limit).
    const names = new Set(english.map((link) => link.emitent_name));
    for (const entity of GROUP_ENTITIES.filter((e) => e.id !== HOSTILE_ID))
      expect(names).toContain(entity.nameEng);

    const russian = await links(fixture.anonymous, 'rus');
    expect(russian.map((link) => link.emitent_id)).toEqual(english.map((link) => link.emitent_id));
    expect(russian).toContainEqual(
      expect.objectContaining({
        emitent_name: 'Сбербанк Страхование жизни',
        rel_type_name: 'Дочерняя компания',
        parent_emitent_name: 'Сбербанк',
      }),
    );
    const chinese = await links(fixture.anonymous, 'chn');
    expect(new Set(chinese.map((link) => link.rel_type_name))).toEqual(
      new Set(['子公司', '联营公司', '股权投资', '股东', '关联方']),
    );
  });
});

describe('/company/{id}/ related companies without JavaScript', () => {
  it('shows every audience the graph’s links as a table in the default order', async () => {
    for (const [who, lang, noShare] of [
      [fixture.anonymous, 'eng', 'no share'],
      [fixture.free, 'rus', 'нет доли'],
      [fixture.paid, 'eng', 'no share'],
    ] as const) {
      const table = await pageTable(who, `lang=${lang}`);
      const expected = relatedRows(await links(who, lang), SBER, lang).map((row) =>
        shownRow(row, noShare, lang),
      );
      expect(table.rows, `${lang}`).toEqual(expected);
      expect(table.rows.length).toBeGreaterThan(10);
      // Shares in the page's number format: "100 %" on a Russian page (its narrow no-break space read as a space), "100%" in English.
      expect(table.rows.map((row) => row[3])).toContain(lang === 'rus' ? '100 %' : '100%');
      expect(table.headings.map((heading) => heading.scope)).toEqual(['col', 'col', 'col', 'col']);
      if (lang === 'eng') {
        expect(table.caption).toBe(
          'Related companies: Sberbank. Links of Sberbank: its own first, then its group’s',
        );
        expect(table.headings.map((heading) => heading.text)).toEqual([
          'Company',
          'Holder → company',
          'Relation',
          'Share',
        ]);
        // Own links first (the shareholder and the subsidiaries), the group's after them.
        const ofSberbank = /^Sberbank [→↔] |[→↔] Sberbank$/;
        expect(table.rows[0]![1]).toMatch(ofSberbank);
        expect(table.rows.at(-1)![1]).not.toMatch(ofSberbank);
        // A shareholder holds Sberbank: its row reads "holder → Sberbank", never the other way.
        const shareholders = table.rows.filter((row) => row[2] === 'Shareholder' && ofSberbank.test(row[1]!));
        expect(shareholders.length).toBeGreaterThan(0);
        for (const row of shareholders) expect(row[1]).toBe(`${row[0]} → Sberbank`);
      } else {
        expect(table.caption).toBe(
          'Связанные компании: Сбербанк. Связи компании Сбербанк: сначала её собственные, затем связи группы',
        );
      }
    }
  });

  it('shows hostile names as text and links only the portal’s company pages', async () => {
    const table = await pageTable(fixture.anonymous, 'lang=eng');
    expect(table.rows.map((row) => row[0])).toContain(HOSTILE_NAME);
    expect(table.body).not.toContain(HOSTILE_NAME);
    expect(table.body).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(table.section.querySelector('tbody img, tbody script')).toBeNull();
    expect(table.links.length).toBeGreaterThan(0);
    for (const [, href] of table.links) expect(href).toMatch(/^\/company\/\d+\/$/);
  });

  it('sorts by a heading’s link: ascending, descending, then the default order, with aria-sort', async () => {
    const all = relatedRows(await links(fixture.anonymous, 'eng'), SBER, 'eng');
    const start = await pageTable(fixture.anonymous, 'lang=eng');
    expect(start.headings.map((heading) => heading.sort)).toEqual([null, null, null, null]);
    expect(start.headings[3]!.href).toBe(`/company/${SBER}/?lang=eng&related_sort=share-asc#related_issuers`);

    const ascending = await pageTable(fixture.anonymous, 'lang=eng&related_sort=share-asc');
    expect(ascending.headings.map((heading) => heading.sort)).toEqual([null, null, null, 'ascending']);
    expect(ascending.rows).toEqual(
      sortRelatedRows(all, 'share', 'asc', 'eng').map((row) => shownRow(row, 'no share', 'eng')),
    );
    expect(ascending.rows.at(-1)![3]).toBe('—no share');
    expect(ascending.headings[3]!.href).toBe(
      `/company/${SBER}/?lang=eng&related_sort=share-desc#related_issuers`,
    );
    expect(ascending.headings[0]!.href).toBe(
      `/company/${SBER}/?lang=eng&related_sort=issuer-asc#related_issuers`,
    );

    const descending = await pageTable(fixture.anonymous, 'lang=eng&related_sort=share-desc');
    expect(descending.headings[3]!.sort).toBe('descending');
    expect(descending.rows.map((row) => row[3])).toEqual(
      sortRelatedRows(all, 'share', 'desc', 'eng').map((row) => formatShare(row.share) ?? '—no share'),
    );
    expect(descending.rows.at(-1)![3]).toBe('—no share');
    expect(descending.headings[3]!.href).toBe(`/company/${SBER}/?lang=eng#related_issuers`);

    const byName = await pageTable(fixture.anonymous, 'lang=eng&related_sort=issuer-desc');
    expect(byName.rows.map((row) => row[0])).toEqual(
      sortRelatedRows(all, 'issuer', 'desc', 'eng').map((row) => row.issuer),
    );
    // An unknown sort is the default order, not an error.
    const unknown = await pageTable(fixture.anonymous, 'lang=eng&related_sort=price-up');
    expect(unknown.rows).toEqual(start.rows);
  });
});
