/**
 * The view of the message queue (SPEC §2 "alerts", "transient message banner"): the messages of
 * its channels, newest first, each with its type shown by colour, icon and a hidden word (colour is
 * not the only sign), its action and a close button. Hovering or focusing a message holds its timer
 * (WCAG 2.2.1). The list is not a live region: the page's one announcer (announcer.ts) says each
 * message once, so a screen reader does not hear it twice.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import {
  $messages,
  dismissMessage,
  holdMessage,
  releaseMessage,
  type Message,
  type MessageChannel,
  type MessageType,
} from '../../core/stores/messages.ts';
import { safeHref } from '../../contract/links.ts';
import { useLabels, type Translate } from '../hooks.ts';
import { useStyles } from '../styles.ts';
import css from './messages.css?inline';

export interface MessageListProps {
  channels: readonly MessageChannel[];
  /** `stack`: the alerts at the bottom; `top`: the alerts at the top; `banner`: the message banner. */
  placement: 'stack' | 'top' | 'banner';
  /**
   * Shows its channels whether or not another view does (the kit's fallback stack, which shows
   * only channels no view is on the page for). Otherwise the first view of a channel shows it and
   * a second `<fin-alerts>` on the page stays empty, so no message shows twice.
   */
  always?: boolean;
}

/** The views showing each channel, in the order they connected. */
const $views = atom<Readonly<Partial<Record<MessageChannel, readonly object[]>>>>({});

function useShowsChannels(channels: readonly MessageChannel[], always: boolean): boolean {
  const [token] = useState(() => ({}));
  const views = useStore($views);
  const key = channels.join(',');
  useEffect(() => {
    if (always) return;
    const mine = key.split(',') as MessageChannel[];
    const change = (add: boolean) => {
      const next = { ...$views.get() };
      for (const channel of mine) {
        const others = (next[channel] ?? []).filter((view) => view !== token);
        next[channel] = add ? [...others, token] : others;
      }
      $views.set(next);
    };
    change(true);
    return () => change(false);
  }, [key, always, token]);
  return always || channels.every((channel) => views[channel]?.[0] === token);
}

const TYPE_WORD: Record<MessageType, string> = {
  alertGreen: 'common:message_success',
  alertBlue: 'common:message_info',
  alertYellow: 'common:message_warning',
  alertRed: 'common:message_error',
};

const ICON: Record<MessageType, string> = {
  alertGreen: 'M3 8.5l3 3 7-7',
  alertBlue: 'M8 7v5M8 4v.5',
  alertYellow: 'M8 3v6M8 12v.5',
  alertRed: 'M4 4l8 8M12 4l-8 8',
};

export function MessageList({ channels, placement, always = false }: MessageListProps) {
  useStyles(css, 'element');
  const { t } = useLabels('common');
  const all = useStore($messages);
  const list = useRef<HTMLUListElement>(null);
  const shows = useShowsChannels(channels, always);
  const shown = shows ? all.filter((message) => channels.includes(message.channel)).reverse() : [];
  useRoomBelow(list, placement === 'stack' && shown.length > 0);
  // An empty, role-less box while nothing shows: the element has rendered (pages wait for that),
  // and no empty landmark is announced.
  if (shown.length === 0) return <div className="fin-msgs fin-msgs--empty" />;

  /** Closing by keyboard keeps focus in the stack: on the next message's close button, if any. */
  const close = (id: string) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [])];
    const at = items.findIndex((item) => item.dataset.messageId === id);
    const hadFocus = items[at]?.matches(':focus-within') ?? false;
    dismissMessage(id);
    const next = items[at + 1] ?? items[at - 1];
    if (hadFocus) next?.querySelector<HTMLElement>('.fin-msg__close')?.focus();
  };

  return (
    <section
      className={`fin-msgs fin-msgs--${placement}`}
      part={placement === 'banner' ? 'banner' : 'stack'}
      aria-label={t(placement === 'banner' ? 'common:message_banner' : 'common:messages')}
    >
      <ul ref={list} className="fin-msgs__list">
        {shown.map((message) => (
          <MessageItem key={message.id} message={message} t={t} onClose={() => close(message.id)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * While the stack shows, `--fin-alerts-room` on the page's root says how much of the viewport's
 * bottom it covers: the page pads its end and its scroll-into-view by it (the reference layout
 * does), so every control can still be scrolled, or tabbed, above the stack on a phone.
 */
function useRoomBelow(list: RefObject<HTMLUListElement | null>, active: boolean): void {
  useEffect(() => {
    const element = list.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty(
        '--fin-alerts-room',
        `${Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top))}px`,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--fin-alerts-room');
    };
  }, [list, active]);
}

function MessageItem({ message, t, onClose }: { message: Message; t: Translate; onClose(): void }) {
  const { id, type, action } = message;
  const href = action?.href ? safeHref(action.href) : null;
  const blur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) releaseMessage(id, 'focus');
  };
  return (
    <li
      className={`fin-msg fin-msg--${type}`}
      part={`message ${type}`}
      data-message-id={id}
      data-type={type}
      data-key={message.key}
      data-source={message.source}
      onMouseEnter={() => holdMessage(id, 'hover')}
      onMouseLeave={() => releaseMessage(id, 'hover')}
      onFocus={() => holdMessage(id, 'focus')}
      onBlur={blur}
    >
      <svg
        className="fin-msg__icon"
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        <path d={ICON[type]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="fin-msg__text">
        <span className="fin-visually-hidden">{`${t(TYPE_WORD[type])}: `}</span>
        <span className="fin-msg__body" part="text">
          {message.message}
        </span>
        {action ? (
          <>
            {' '}
            {href ? (
              <a className="fin-msg__action" href={href}>
                {action.label}
              </a>
            ) : (
              <button type="button" className="fin-msg__action" onClick={() => action.run?.()}>
                {action.label}
              </button>
            )}
          </>
        ) : null}
      </p>
      <button
        type="button"
        className="fin-msg__close"
        part="close"
        aria-label={t('common:close_message')}
        title={t('common:close_message')}
        onClick={onClose}
      >
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
          <path d="M2 2l8 8M10 2L2 10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
