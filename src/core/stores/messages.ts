import { atom } from 'nanostores';

/**
 * The page's one message queue (DESIGN §5a, SPEC §3 Message: id, message, type, timeout).
 *
 * Every element that tells the visitor something transient (compare limits, request sent, access
 * denied, the server's error text on load) pushes here instead of drawing its own alert;
 * `<fin-alerts>` and `<fin-message>` show the queue. The timers live here, not in a view, so that
 * one rule holds for every message: successes and information hide after their timeout, errors and
 * sticky messages and messages with an action stay until closed, and hovering or focusing a
 * message pauses its timer (WCAG 2.2.1) until the pointer and focus leave it.
 */

/** SPEC §3: the type defaults to alertGreen (a success). */
export type MessageType = 'alertGreen' | 'alertBlue' | 'alertYellow' | 'alertRed';

/** SPEC §9: alerts hide after 3 s; the message banner's default timeout is 3000 ms. */
export const ALERT_TIMEOUT_MS = 3_000;

/** Where a message is shown: the alerts stack (`<fin-alerts>`) or the banner (`<fin-message>`). */
export type MessageChannel = 'alerts' | 'banner';

export interface MessageAction {
  /** Text of the link or button, already in the page's language. */
  label: string;
  /** A link (same-site); without it the action is a button calling `run`. */
  href?: string;
  run?: () => void;
}

export interface Message {
  id: string;
  /** The text as shown, already in the page's language; always rendered as text, never HTML. */
  message: string;
  type: MessageType;
  /** Milliseconds until it hides by itself; `null` when it stays until closed. */
  timeout: number | null;
  channel: MessageChannel;
  /** The label key the text came from, when it came from one (tests and analytics read it). */
  key?: string;
  /** The element that raised it (`fin-stock-chart`), for the console and tests. */
  source?: string;
  action?: MessageAction;
}

export interface MessageInput {
  message: string;
  /** Default alertGreen (SPEC §3). */
  type?: MessageType;
  /** Default ALERT_TIMEOUT_MS; ignored for errors, sticky messages and messages with an action. */
  timeout?: number;
  /** Stays until closed whatever its type (SPEC §4: "unless flagged sticky"). */
  sticky?: boolean;
  channel?: MessageChannel;
  key?: string;
  source?: string;
  action?: MessageAction;
  /**
   * Replaces a shown message with the same id instead of stacking a second one (pushing the same
   * limit alert twice restarts its timer rather than piling up copies).
   */
  id?: string;
}

/** The shown messages, oldest first. */
export const $messages = atom<readonly Message[]>([]);

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  /** Time left when paused, or the full timeout before it first runs. */
  remaining: number;
  startedAt: number;
  /** Reasons the timer is held (`hover`, `focus`): it runs only when none is left. */
  holds: Set<string>;
}

const timers = new Map<string, Timer>();
let sequence = 0;

/** Whether a message of this input hides by itself. */
export function hidesByItself(input: Pick<MessageInput, 'type' | 'sticky' | 'action'>): boolean {
  return !input.sticky && !input.action && (input.type ?? 'alertGreen') !== 'alertRed';
}

/** Adds a message to the queue (or replaces the one with the same id) and returns its id. */
export function pushMessage(input: MessageInput): string {
  const id = input.id ?? `message-${++sequence}`;
  const message: Message = {
    id,
    message: input.message,
    type: input.type ?? 'alertGreen',
    timeout: hidesByItself(input) ? (input.timeout ?? ALERT_TIMEOUT_MS) : null,
    channel: input.channel ?? 'alerts',
    ...(input.key !== undefined ? { key: input.key } : {}),
    ...(input.source !== undefined ? { source: input.source } : {}),
    ...(input.action !== undefined ? { action: input.action } : {}),
  };
  stopTimer(id);
  const shown = $messages.get();
  const at = shown.findIndex((m) => m.id === id);
  $messages.set(at < 0 ? [...shown, message] : shown.map((m, i) => (i === at ? message : m)));
  if (message.timeout !== null) {
    timers.set(id, { handle: undefined, remaining: message.timeout, startedAt: 0, holds: new Set() });
    runTimer(id);
  }
  return id;
}

/** Removes a message (its close button, or its timeout). */
export function dismissMessage(id: string): void {
  stopTimer(id);
  const shown = $messages.get();
  if (shown.some((m) => m.id === id)) $messages.set(shown.filter((m) => m.id !== id));
}

/**
 * Holds a message's timer while the pointer is over it or focus is in it; the timer goes on with
 * the time it had left once every hold is released.
 */
export function holdMessage(id: string, reason: 'hover' | 'focus'): void {
  const timer = timers.get(id);
  if (!timer) return;
  if (timer.holds.size === 0 && timer.handle !== undefined) {
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }
  timer.holds.add(reason);
}

export function releaseMessage(id: string, reason: 'hover' | 'focus'): void {
  const timer = timers.get(id);
  if (!timer || !timer.holds.delete(reason)) return;
  if (timer.holds.size === 0) runTimer(id);
}

/** Empties the queue (tests; a page that replaces its content). */
export function clearMessages(): void {
  for (const id of [...timers.keys()]) stopTimer(id);
  $messages.set([]);
}

function runTimer(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.holds.size > 0) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissMessage(id), timer.remaining);
}

function stopTimer(id: string): void {
  const timer = timers.get(id);
  if (timer?.handle !== undefined) clearTimeout(timer.handle);
  timers.delete(id);
}
