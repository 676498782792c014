// @vitest-environment jsdom
// DOMPurify relies on a standards-exact HTML parser and node iterator: happy-dom's let <script> and
// attributes through (it is not what DOMPurify supports), jsdom's behave like the browser's.
import { describe, expect, it } from 'vitest';
import { sanitizeCommentHtml, withoutEventHandlers } from './comment-html.ts';

/** The sanitized content as markup, the way a reader's browser would hold it. */
function clean(content: string): string {
  const box = document.createElement('div');
  box.append(sanitizeCommentHtml(content));
  return box.innerHTML;
}

/** Every element and attribute name left, to assert on what survives rather than on exact markup. */
function tagsAndAttributes(content: string): { tags: string[]; attributes: string[] } {
  const box = document.createElement('div');
  box.append(sanitizeCommentHtml(content));
  const elements = [...box.querySelectorAll('*')];
  return {
    tags: [...new Set(elements.map((e) => e.tagName.toLowerCase()))],
    attributes: [...new Set(elements.flatMap((e) => e.getAttributeNames()))],
  };
}

describe('sanitizeCommentHtml', () => {
  it('keeps the simple formatting a provider writes', () => {
    const content =
      '<p>Revenue <b>+12%</b>, <strong>EBITDA</strong> <i>flat</i> <em>x</em> H<sub>2</sub>O 10<sup>3</sup></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Risks</blockquote>line<br>break';
    expect(clean(content)).toBe(content);
  });

  it('drops scripts with their content, and keeps the text around them', () => {
    const html = clean('<p>Before</p><script>window.pwned = 1</script><p>After</p>');
    expect(html).toBe('<p>Before</p><p>After</p>');
    expect(html).not.toContain('pwned');
  });

  it('drops every event handler attribute (onerror, onclick, onmouseover…)', () => {
    const { attributes, tags } = tagsAndAttributes(
      '<p onclick="alert(1)">a</p><img src="x" onerror="alert(2)"><b onmouseover="alert(3)">b</b>',
    );
    expect(attributes).toEqual([]);
    expect(tags).not.toContain('img');
    expect(clean('<p onclick="alert(1)">a</p><img src=x onerror="alert(2)">')).toBe('<p>a</p>');
  });

  it('keeps no javascript:, data: or vbscript: link, but keeps the link text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<b>x',
      'vbscript:x',
    ]) {
      const html = clean(`<a href="${href}">report</a>`);
      expect(html, href).not.toMatch(/href/);
      expect(html, href).toContain('report');
    }
  });

  it('opens an allowed link in a new tab that cannot reach back to the page', () => {
    const box = document.createElement('div');
    box.append(
      sanitizeCommentHtml(
        '<a href="https://example.com/model.xlsx" target="_self" id="x" class="y">model</a>',
      ),
    );
    const link = box.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/model.xlsx');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
  });

  it('drops styles: style attributes, <style> elements and their rules', () => {
    const html = clean('<style>body{display:none}</style><p style="position:fixed;top:0">text</p>');
    expect(html).toBe('<p>text</p>');
  });

  it('drops ids and classes, which could collide with the page', () => {
    expect(clean('<p id="fin-page-data" class="ir">text</p>')).toBe('<p>text</p>');
  });

  it('drops frames, objects and embeds', () => {
    const { tags } = tagsAndAttributes(
      '<iframe src="https://evil.example/"></iframe><object data="x.swf"></object><embed src="x"><p>ok</p>',
    );
    expect(tags).toEqual(['p']);
  });

  it('drops SVG and MathML with their scripts and handlers', () => {
    const html = clean(
      '<svg onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><text>x</text></a></svg><math><mi>y</mi></math><p>ok</p>',
    );
    expect(html).not.toMatch(/svg|math|script|onload|javascript/i);
    expect(html).toContain('<p>ok</p>');
  });

  it('drops forms and their controls, keeping their text only', () => {
    const { tags, attributes } = tagsAndAttributes(
      '<form action="https://evil.example/"><input name="password"><button formaction="javascript:alert(1)">Send</button></form>',
    );
    expect(tags).toEqual([]);
    expect(attributes).toEqual([]);
    expect(clean('<form><button>Send</button></form>')).toBe('Send');
  });

  it('returns nodes, never a string a sink would take', () => {
    expect(sanitizeCommentHtml('<p>x</p>')).toBeInstanceOf(DocumentFragment);
  });
});

describe('withoutEventHandlers', () => {
  it('renames every handler the tokenizer would parse, so no `on…` attribute is ever created', () => {
    const hostile = [
      '<img src="x" onerror="alert(1)">',
      '<svg/onload=alert(1)>',
      '<img src="x"onerror=alert(1)>',
      '<img alt=">" ONERROR=alert(1)>',
      '<details open\tontoggle=alert(1)>',
      '<input autofocus onfocus>',
      '<b onmouseover=a() onclick=b()>x</b>',
    ].join('');
    const doc = new DOMParser().parseFromString(withoutEventHandlers(hostile), 'text/html');
    const handlers = [...doc.body.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    // The same markup without the rename has them: the check above can fail.
    const unchanged = new DOMParser().parseFromString(hostile, 'text/html');
    expect(
      unchanged.body.querySelectorAll('[onerror], [onload], [ontoggle], [onfocus], [onclick]').length,
    ).toBe(7);
  });

  it('leaves the text and a link untouched', () => {
    const safe = '<p>Margins on track; revenue on=target</p><a href="/company/1/">Sberbank online</a>';
    expect(withoutEventHandlers(safe)).toBe(safe);
  });

  it('renames attribute names only: a value holding `/on…` or ` on…` keeps its text', () => {
    const links = [
      '<a href="https://x.example/online/a">quoted</a>',
      "<a href='https://x.example/a onclick=b'>single quotes</a>",
      '<a href=https://x.example/online/b>unquoted</a>',
      '<a title="say onload=1" href="https://x.example/onboarding/">title</a>',
    ].join('');
    expect(withoutEventHandlers(links)).toBe(links);
    // And it still finds a handler right after such a value.
    expect(withoutEventHandlers('<a href="https://x.example/online/"onclick=b()>x</a>')).toBe(
      '<a href="https://x.example/online/"x-onclick=b()>x</a>',
    );
    expect(clean('<a href="https://x.example/online/a">link</a>')).toContain(
      'href="https://x.example/online/a"',
    );
  });
});
