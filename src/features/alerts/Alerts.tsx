/**
 * `<fin-alerts>` and `<fin-message>` (SPEC §2 "alerts", "transient message banner"; issue 23): the
 * page's views of the one message queue (src/core/stores/messages.ts). Elements push their
 * messages there; these only show them (runtime/messages/MessageList.tsx, which the kit also uses
 * for a page that has neither tag).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { pushMessage, type MessageType } from '../../core/stores/messages.ts';
import { MessageList } from '../../runtime/messages/MessageList.tsx';

const STACK = ['alerts'] as const;
const BANNER = ['banner'] as const;
const TYPES: readonly MessageType[] = ['alertGreen', 'alertBlue', 'alertYellow', 'alertRed'];

export interface AlertsProps {
  /** `bottom` (default) or `top` of the viewport, for a page whose bottom is taken. */
  position?: string;
}

/** The alerts stack at the bottom (or top) of the viewport. */
export function Alerts({ position = 'bottom' }: AlertsProps) {
  return <MessageList channels={STACK} placement={position === 'top' ? 'top' : 'stack'} />;
}

export interface MessageBannerProps {
  /** A message to show on load or whenever it changes (the banner shows arbitrary messages, SPEC §8). */
  message?: string;
  /** alertGreen (default), alertBlue, alertYellow or alertRed. */
  type?: string;
  /** Milliseconds it shows for; default 3000 (SPEC §9). */
  timeout?: number;
}

/** The transient message banner at the top of the viewport. */
let bannerSequence = 0;

export function MessageBanner({ message, type, timeout }: MessageBannerProps) {
  // Each tag's text replaces its own previous one, not another banner's message.
  const [id] = useState(() => `fin-message-${++bannerSequence}`);
  // A new text shows; a change of its type or timeout alone applies to the next text.
  const show = useEffectEvent((text: string) => {
    pushMessage({
      id,
      channel: 'banner',
      message: text,
      type: TYPES.includes(type as MessageType) ? (type as MessageType) : 'alertGreen',
      ...(timeout !== undefined && Number.isFinite(timeout) && timeout > 0 ? { timeout } : {}),
      source: 'fin-message',
    });
  });
  useEffect(() => {
    if (message?.trim()) show(message);
  }, [message]);
  return <MessageList channels={BANNER} placement="banner" />;
}
