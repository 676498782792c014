/**
 * The content of an analytics comment is HTML as the provider wrote it (SPEC §3 "Comment"): it is
 * never put into the page as is. DOMPurify keeps simple formatting only — paragraphs, emphasis,
 * lists, quotes and links — and drops scripts, event handlers, styles, ids, classes, frames,
 * forms and SVG (the text of a dropped element stays, the content of a script or style does
 * not). Links go through the one allow-list (safeHref) and open safely.
 *
 * The result is a DocumentFragment the view turns into React elements: no HTML string reaches a
 * sink, so the section also works on pages that enforce Trusted Types (DOMPurify parses through
 * its own `dompurify` policy there), and the server renders the same elements (in jsdom).
 */
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { safeHref } from '../../../contract/links.ts';

/** The formatting a comment may keep. Headings are left out: they would break the page's outline. */
export const COMMENT_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
] as const;

/** The only attribute kept (on links, checked by safeHref); `rel` and `target` are set by us. */
const COMMENT_ATTRIBUTES = ['href'];

const purifiers = new WeakMap<Window, DOMPurify>();

/** A DOMPurify of our own per window, so our hook never touches another copy on a partner page. */
function purifierOf(view: Window): DOMPurify {
  let purifier = purifiers.get(view);
  if (!purifier) {
    // A window is a WindowLike; the DOM typings do not list its constructors as properties.
    purifier = createDOMPurify(view as unknown as WindowLike);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const link = node as HTMLAnchorElement;
      const href = safeHref(link.getAttribute('href'));
      if (href === null) {
        link.removeAttribute('href');
        return;
      }
      link.setAttribute('href', href);
      // A provider's link leaves the portal: a new tab that cannot reach back to this page.
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer nofollow');
    });
    purifiers.set(view, purifier);
  }
  return purifier;
}

/** A start tag as the tokenizer reads it: quoted values may hold `>`. */
const START_TAG = /<[a-zA-Z](?:"[^"]*"?|'[^']*'?|[^>"'])*>?/g;

/**
 * Renames every `on…` attribute of the content's tags (`onerror` → `x-onerror`) before it is
 * parsed. DOMPurify drops handlers anyway and the page's script-src CSP would block them, but
 * Chromium reports each handler it parses, even into the sanitizer's inert document, as a CSP
 * violation in the console. Each tag is read as the HTML tokenizer reads it, so only attribute
 * names are renamed and a value (`href="https://x.example/online/"`) stays as written.
 */
export function withoutEventHandlers(content: string): string {
  return content.replace(START_TAG, renameHandlersInTag);
}

/** The tag with its `on…` attribute names prefixed; follows the HTML tokenizer's attribute states. */
function renameHandlersInTag(tag: string): string {
  let out = '';
  let at = 1;
  // The tag name runs to whitespace, `/` or `>`.
  while (at < tag.length && !/[\s/>]/.test(tag[at]!)) at++;
  out += tag.slice(0, at);
  while (at < tag.length) {
    // Before an attribute name: whitespace and `/` are skipped; `>` ends the tag.
    const separator = /^[\s/]*/.exec(tag.slice(at))![0];
    out += separator;
    at += separator.length;
    if (at >= tag.length || tag[at] === '>') break;
    // The name: its first character may be `=`; then up to whitespace, `/`, `>` or `=`.
    let end = at + 1;
    while (end < tag.length && !/[\s/>=]/.test(tag[end]!)) end++;
    const name = tag.slice(at, end);
    out += /^on/i.test(name) ? `x-${name}` : name;
    at = end;
    const beforeValue = /^\s*=\s*/.exec(tag.slice(at));
    if (!beforeValue) continue;
    out += beforeValue[0];
    at += beforeValue[0].length;
    const quote = tag[at];
    let valueEnd: number;
    if (quote === '"' || quote === "'") {
      // A quoted value runs to its closing quote; a name may follow it without a space.
      const close = tag.indexOf(quote, at + 1);
      valueEnd = close < 0 ? tag.length : close + 1;
    } else {
      valueEnd = at;
      while (valueEnd < tag.length && !/[\s>]/.test(tag[valueEnd]!)) valueEnd++;
    }
    out += tag.slice(at, valueEnd);
    at = valueEnd;
  }
  return out + tag.slice(at);
}

/** Where content is parsed outside a browser: the server renderer's jsdom document (elements/server.tsx). */
let documentOutsideBrowser: Document | null = null;

/**
 * Gives the sanitizer a document to parse in where there is no browser (`document`): the server
 * renders the comments with the same DOMPurify and the same rules as the browser.
 */
export function setSanitizerDocument(doc: Document | null): void {
  documentOutsideBrowser = doc;
}

/** The comment content as nodes safe to append to `doc`: only COMMENT_TAGS, links through safeHref. */
export function sanitizeCommentHtml(
  content: string,
  doc: Document = documentOutsideBrowser ?? document,
): DocumentFragment {
  const view = doc.defaultView;
  const purifier = view ? purifierOf(view) : null;
  if (!purifier?.isSupported) {
    // No DOM to parse in: the text without its tags, as text.
    const fragment = doc.createDocumentFragment();
    fragment.append(
      doc.createTextNode(
        content
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    );
    return fragment;
  }
  const fragment = purifier.sanitize(withoutEventHandlers(content), {
    ALLOWED_TAGS: [...COMMENT_TAGS],
    ALLOWED_ATTR: COMMENT_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  return doc === fragment.ownerDocument ? fragment : (doc.importNode(fragment, true) as DocumentFragment);
}
