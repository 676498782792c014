import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $messages,
  ALERT_TIMEOUT_MS,
  clearMessages,
  dismissMessage,
  holdMessage,
  pushMessage,
  releaseMessage,
} from './messages.ts';

const shownIds = () => $messages.get().map((m) => m.id);

describe('the message queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    clearMessages();
    vi.useRealTimers();
  });

  it('defaults to alertGreen and hides a success after 3 s (SPEC §3, §9)', () => {
    const id = pushMessage({ message: 'Request sent' });
    expect($messages.get()).toEqual([
      expect.objectContaining({ id, type: 'alertGreen', timeout: ALERT_TIMEOUT_MS, channel: 'alerts' }),
    ]);
    vi.advanceTimersByTime(ALERT_TIMEOUT_MS - 1);
    expect(shownIds()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(shownIds()).toEqual([]);
  });

  it('keeps errors, sticky messages and messages with an action until closed', () => {
    const error = pushMessage({ message: 'Access denied', type: 'alertRed', timeout: 100 });
    const sticky = pushMessage({ message: 'Read me', sticky: true });
    const action = pushMessage({ message: 'Sign in', action: { label: 'Sign in', href: '/login/' } });
    vi.advanceTimersByTime(60_000);
    expect(shownIds()).toEqual([error, sticky, action]);
    expect($messages.get().map((m) => m.timeout)).toEqual([null, null, null]);
    dismissMessage(sticky);
    expect(shownIds()).toEqual([error, action]);
  });

  it('pauses while hovered or focused and goes on with the time it had left', () => {
    const id = pushMessage({ message: 'Saved', timeout: 3_000 });
    vi.advanceTimersByTime(2_000);
    holdMessage(id, 'hover');
    holdMessage(id, 'focus');
    vi.advanceTimersByTime(10_000);
    releaseMessage(id, 'hover');
    vi.advanceTimersByTime(10_000);
    expect(shownIds()).toEqual([id]); // focus still holds it
    releaseMessage(id, 'focus');
    vi.advanceTimersByTime(999);
    expect(shownIds()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(shownIds()).toEqual([]);
  });

  it('replaces a message pushed again with the same id and restarts its timer', () => {
    pushMessage({ id: 'limit', message: 'At most 10', timeout: 3_000 });
    vi.advanceTimersByTime(2_500);
    pushMessage({ id: 'limit', message: 'At most 10 stocks', timeout: 3_000 });
    expect($messages.get()).toEqual([expect.objectContaining({ id: 'limit', message: 'At most 10 stocks' })]);
    vi.advanceTimersByTime(2_999);
    expect(shownIds()).toEqual(['limit']);
    vi.advanceTimersByTime(1);
    expect(shownIds()).toEqual([]);
  });

  it('stacks several messages, each with its own timer, and uses the banner timeout given', () => {
    const first = pushMessage({ message: 'One', timeout: 1_000 });
    const banner = pushMessage({ message: 'Two', channel: 'banner', type: 'alertBlue', timeout: 5_000 });
    expect(shownIds()).toEqual([first, banner]);
    vi.advanceTimersByTime(1_000);
    expect(shownIds()).toEqual([banner]);
    vi.advanceTimersByTime(4_000);
    expect(shownIds()).toEqual([]);
  });
});
