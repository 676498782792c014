/**
 * The menu block every page carries (#fin-menu-data): the sections and their links lead to pages
 * that exist, `active` follows the page's address, the texts are in the page's language, and the
 * language links keep the address and its ground.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMenuData, MENU_DATA_ID, type MenuData } from '../../../src/contract/menu.ts';
import { LANGUAGES } from '../../../src/contract/types.ts';
import { LABELS } from '../../data/labels.ts';
import { jsonBlock, startAudiences, type AudienceFixture } from '../shared/testing.ts';
import { isActive, withLang } from './menu.ts';

let fixture: AudienceFixture;
beforeAll(async () => {
  fixture = await startAudiences();
});
afterAll(() => fixture.close());

async function menuOf(url: string): Promise<{ menu: MenuData; body: string }> {
  const response = await fixture.anonymous.get(url);
  expect(response.statusCode, url).toBe(200);
  return { menu: checkMenuData(jsonBlock(response.body, MENU_DATA_ID), ''), body: response.body };
}

const active = (menu: MenuData) => [
  ...menu.items.filter((item) => item.active).map((item) => item.id),
  ...menu.items.flatMap((item) =>
    item.items
      .flat()
      .filter((link) => link.active)
      .map((link) => link.url),
  ),
];

describe('the menu block', () => {
  it('marks the section and the link of the page shown, also on another ground of the stock', async () => {
    expect(active((await menuOf('/stocks/sber/2/?lang=eng')).menu)).toEqual(['stocks', '/stocks/sber/']);
    expect(active((await menuOf('/watchlist/?lang=eng')).menu)).toEqual(['watchlist']);
    expect(active((await menuOf('/profile_access/?lang=eng')).menu)).toEqual(['profile', '/profile_access/']);
    expect(active((await menuOf('/?lang=eng')).menu)).toEqual([]);
  });

  it("leads only to pages that answer, and writes the sections' titles in each of the ten languages", async () => {
    const { menu } = await menuOf('/?lang=eng');
    const urls = new Set(
      menu.items.flatMap((item) => [item.url ?? [], item.items.flat().map((l) => l.url)].flat()),
    );
    expect(urls.size).toBeGreaterThan(20);
    // The element catalog needs the build, which this test's app has not got (it answers 503 then).
    for (const url of urls)
      expect((await fixture.anonymous.get(url)).statusCode, url).toBe(url === '/elements/' ? 503 : 200);
    for (const lang of LANGUAGES) {
      const titles = (await menuOf(`/?lang=${lang}`)).menu.items.map((item) => item.title);
      expect(titles, lang).toEqual(
        ['stocks', 'bonds', 'etf', 'indexes', 'issuers', 'search', 'watchlist', 'profile'].map(
          (key) => LABELS.menu![key]![lang],
        ),
      );
    }
  });

  it('gives each language the same address with its ground and query, the current one marked', async () => {
    const { menu, body } = await menuOf('/stocks/sber/2/?lang=ukr&x=1');
    expect(menu.languages.map((language) => language.url)).toEqual(
      LANGUAGES.map((lang) => `/stocks/sber/2/?lang=${lang}&x=1`),
    );
    expect(menu.languages.filter((language) => language.current).map((l) => l.lang)).toEqual(['ukr']);
    // Without scripts the same links are in the header, inside <fin-menu>.
    const header = /<fin-menu class="shell-menu">([\s\S]*?)<\/fin-menu>/.exec(body)![1]!;
    expect(header).toContain('href="/stocks/sber/2/?lang=deu&amp;x=1"');
    expect(header).toContain('href="/watchlist/"');
  });

  it('isActive: the page or below it; the front page only itself', () => {
    expect(isActive('/stocks/sber/', '/stocks/sber/2/')).toBe(true);
    expect(isActive('/company/1/', '/company/12/')).toBe(false);
    expect(isActive('/', '/watchlist/')).toBe(false);
    expect(withLang('/search/?q=a%26b&lang=eng', 'tur')).toBe('/search/?q=a%26b&lang=tur');
  });
});
