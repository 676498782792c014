/**
 * The message queue on a page (issue 23), started by the first element that connects
 * (define.tsx): the announcer regions exist before the first message, the messages the server
 * injected (`#fin-messages`, SPEC §8: an error text shown as an alert on load) are pushed once,
 * and a page without `<fin-alerts>` or `<fin-message>` (a partner page, a legacy page with one
 * element) still shows its messages, in a stack the kit mounts in the page's light DOM.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  $messages,
  pushMessage,
  type Message,
  type MessageChannel,
  type MessageType,
} from '../../core/stores/messages.ts';
import baseStyles from '../base.css?inline';
import { StyleContext, styleScope } from '../styles.ts';
import { announceMessages, ensureAnnouncers } from './announcer.ts';
import { MessageList } from './MessageList.tsx';

/**
 * The block a page's server writes its messages in: `[{ "message": "…", "type": "alertRed" }]`
 * (also `timeout`, `sticky: true`, `channel: "banner"`).
 */
export const PAGE_MESSAGES_ID = 'fin-messages';
export const FALLBACK_ID = 'fin-messages-fallback';

/** The tag that shows each channel; without one on the page, the fallback stack shows it. */
const VIEW_OF: Record<MessageChannel, string> = { alerts: 'fin-alerts', banner: 'fin-message' };
const TYPES: readonly MessageType[] = ['alertGreen', 'alertBlue', 'alertYellow', 'alertRed'];

let started = false;

/** On each element's connection: cheap when done already (two look-ups by id). */
export function startMessageQueue(): void {
  if (typeof document === 'undefined' || !document.body) return;
  ensureAnnouncers();
  if (!started) {
    started = true;
    $messages.subscribe((messages) => {
      announceMessages(messages);
      showFallback(messages);
    });
  }
  pushPageMessages();
}

/** The server's messages, once per page (a second bundle on the page finds the block marked). */
function pushPageMessages(): void {
  const block = document.getElementById(PAGE_MESSAGES_ID);
  if (!block || block.hasAttribute('data-fin-shown')) return;
  block.setAttribute('data-fin-shown', '');
  let entries: unknown;
  try {
    entries = JSON.parse(block.textContent ?? '');
  } catch {
    console.warn(`fin-elements: #${PAGE_MESSAGES_ID} is not JSON; its messages are not shown`);
    return;
  }
  for (const entry of Array.isArray(entries) ? entries : []) {
    const { message, type, timeout, sticky, channel } = (entry ?? {}) as Record<string, unknown>;
    if (typeof message !== 'string' || message.trim() === '') continue;
    pushMessage({
      message,
      sticky: sticky === true,
      channel: channel === 'banner' ? 'banner' : 'alerts',
      // The server's text is an error unless it says otherwise (SPEC §8).
      type: TYPES.includes(type as MessageType) ? (type as MessageType) : 'alertRed',
      ...(typeof timeout === 'number' && timeout > 0 ? { timeout } : {}),
      source: 'page',
    });
  }
}

let fallback: { root: Root; host: HTMLElement } | null = null;

/** The channels of shown messages whose view is not on the page. */
function orphanChannels(messages: readonly Message[]): MessageChannel[] {
  const channels = [...new Set(messages.map((message) => message.channel))];
  return channels.filter((channel) => !document.querySelector(VIEW_OF[channel]));
}

function showFallback(messages: readonly Message[]): void {
  const channels = orphanChannels(messages);
  if (channels.length === 0 && !fallback) return;
  if (!fallback || !fallback.host.isConnected) {
    // A page that replaced its body took the old stack with it.
    fallback?.root.unmount();
    const host = document.createElement('div');
    host.id = FALLBACK_ID;
    const shadow = host.attachShadow({ mode: 'open' });
    styleScope(shadow).add(baseStyles, 'base');
    document.body.append(host);
    fallback = { root: createRoot(shadow), host };
  }
  const scope = styleScope(fallback.host.shadowRoot!);
  fallback.root.render(
    createElement(
      StyleContext,
      { value: scope },
      createElement(MessageList, { channels, placement: 'stack', always: true }),
    ),
  );
}

/** Tests: forget the page (its regions and fallback are gone with `document.body`). */
export function resetMessageQueueForTests(): void {
  fallback?.root.unmount();
  fallback = null;
}
