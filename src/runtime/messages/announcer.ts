/**
 * The page's one announcer (issue 23): two live regions in the page's light DOM, polite
 * (`role=status`, successes, information, warnings) and assertive (`role=alert`, errors). Each
 * message's text is written to one of them once, when it is pushed: not from a view, so a re-render,
 * a second view or a view mounted late never says it again. Chromium does not reliably announce a
 * live region inside a shadow root, nor one created already holding its text; so the regions are
 * written by the page's server (the reference layout does) or created here when an element first
 * connects, before the first message.
 */
import type { Message } from '../../core/stores/messages.ts';

export const POLITE_ANNOUNCER_ID = 'fin-announcer';
export const ASSERTIVE_ANNOUNCER_ID = 'fin-announcer-alert';

/** A region made just now is not yet watched by screen readers: its first text waits this long. */
const FRESH_REGION_MS = 500;
const createdAt = new WeakMap<HTMLElement, number>();

/** Read by screen readers, not shown; set through the CSSOM, which a strict CSP allows. */
function hide(region: HTMLElement): void {
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  });
}

function ensureRegion(id: string, politeness: 'polite' | 'assertive'): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null;
  let region = document.getElementById(id);
  if (!region) {
    region = document.createElement('div');
    region.id = id;
    region.setAttribute('role', politeness === 'polite' ? 'status' : 'alert');
    region.setAttribute('aria-live', politeness);
    region.setAttribute('aria-atomic', 'false');
    createdAt.set(region, Date.now());
    document.body.append(region);
  }
  hide(region);
  return region;
}

/** Makes sure both regions are in the page (idempotent). */
export function ensureAnnouncers(): void {
  ensureRegion(POLITE_ANNOUNCER_ID, 'polite');
  ensureRegion(ASSERTIVE_ANNOUNCER_ID, 'assertive');
}

/** The region a message of this type is said in. */
export function announcerIdOf(message: Pick<Message, 'type'>): string {
  return message.type === 'alertRed' ? ASSERTIVE_ANNOUNCER_ID : POLITE_ANNOUNCER_ID;
}

const said = new WeakSet<Message>();
/** The line each shown message wrote, removed (silently: removals are not announced) when it goes. */
const lines = new Map<string, HTMLElement>();

/**
 * Says each message not said yet (a message pushed again is a new Message object, and said again),
 * and takes the lines of messages that left the queue out of the regions.
 */
export function announceMessages(messages: readonly Message[]): void {
  for (const message of messages) {
    if (said.has(message)) continue;
    said.add(message);
    const polite = message.type !== 'alertRed';
    const region = ensureRegion(announcerIdOf(message), polite ? 'polite' : 'assertive');
    if (!region) continue;
    lines.get(message.id)?.remove();
    const line = document.createElement('p');
    line.style.margin = '0';
    line.dataset.messageId = message.id;
    lines.set(message.id, line);
    // An addition to a watched region is read; the text goes in with the node, in one mutation.
    line.textContent = message.message;
    const wait = (createdAt.get(region) ?? -Infinity) + FRESH_REGION_MS - Date.now();
    if (wait > 0) setTimeout(() => lines.get(message.id) === line && region.append(line), wait);
    else region.append(line);
  }
  const shown = new Set(messages.map((message) => message.id));
  for (const [id, line] of lines)
    if (!shown.has(id)) {
      line.remove();
      lines.delete(id);
    }
}

/** The line `announce` wrote last in each region: the next one replaces it. */
const freeLines = new Map<string, HTMLElement>();

/**
 * Says `text` once through the page's announcer, for what is not a queued message (a banner that
 * appears): the same two regions, so the page has one announcer. Call `ensureAnnouncers()` when the
 * element mounts, long before it has anything to say.
 */
export function announce(text: string, politeness: 'polite' | 'assertive' = 'polite'): void {
  const id = politeness === 'polite' ? POLITE_ANNOUNCER_ID : ASSERTIVE_ANNOUNCER_ID;
  const region = ensureRegion(id, politeness);
  if (!region) return;
  freeLines.get(id)?.remove();
  const line = document.createElement('p');
  line.style.margin = '0';
  line.dataset.finSaid = '';
  line.textContent = text;
  freeLines.set(id, line);
  const wait = (createdAt.get(region) ?? -Infinity) + FRESH_REGION_MS - Date.now();
  if (wait > 0) setTimeout(() => freeLines.get(id) === line && region.append(line), wait);
  else region.append(line);
}
