import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settled, waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-alerts.ts';
import '../../../elements/fin-message.ts';
import { clearMessages, pushMessage } from '../../core/stores/messages.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { define } from '../../runtime/define.tsx';
import { FALLBACK_ID, resetMessageQueueForTests } from '../../runtime/messages/queue.ts';

const labels: Record<string, string> = {
  close_message: 'Close message',
  messages: 'Notifications',
  message_banner: 'Message',
  message_success: 'Success',
  message_info: 'Information',
  message_warning: 'Warning',
  message_error: 'Error',
};

/** An element of the kit that shows no message view (as on a partner page). */
define('fin-test-probe', () => <p>probe</p>, { props: {} });

async function mount(markup: string): Promise<void> {
  await act(async () => {
    document.body.innerHTML = markup;
  });
  await settled();
}

const stackOf = (tag = 'fin-alerts') => document.querySelector(tag)!.shadowRoot!;
const items = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.fin-msg')];
const texts = (root: ParentNode) =>
  items(root).map((item) => item.querySelector('.fin-msg__text')!.textContent);
const said = (id: string) =>
  [...(document.getElementById(id)?.querySelectorAll('p') ?? [])].map((line) => line.textContent);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(labels)),
  );
});

afterEach(async () => {
  act(() => clearMessages());
  act(() => {
    resetMessageQueueForTests();
    document.body.innerHTML = '';
  });
  resetLabels();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<fin-alerts>', () => {
  it('shows the queue newest first, each type by class and a hidden word, text never as HTML', async () => {
    await mount('<fin-alerts></fin-alerts>');
    act(() => {
      pushMessage({ message: 'Saved', type: 'alertGreen' });
      pushMessage({ message: '<img src=x onerror="window.__hit=1">', type: 'alertRed', key: 'x:y' });
    });
    await waitFor(() =>
      expect(texts(stackOf())).toEqual(['Error: <img src=x onerror="window.__hit=1">', 'Success: Saved']),
    );
    expect(stackOf().querySelector('img')).toBeNull();
    expect(items(stackOf()).map((item) => item.dataset.type)).toEqual(['alertRed', 'alertGreen']);
    expect(items(stackOf())[0]!.dataset.key).toBe('x:y');
    // The view is not a live region: the page's announcer says each message (no double reading).
    expect(stackOf().querySelector('[role="alert"], [role="status"], [aria-live]')).toBeNull();
    const close = items(stackOf())[1]!.querySelector('button')!;
    expect(close.getAttribute('aria-label')).toBe('Close message');
    act(() => close.click());
    expect(texts(stackOf())).toEqual(['Error: <img src=x onerror="window.__hit=1">']);
  });

  it('hides a success after 3 s; hovering or focusing it holds it; an error stays', async () => {
    await mount('<fin-alerts></fin-alerts>');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => {
      pushMessage({ message: 'Hovered' });
      pushMessage({ message: 'Focused' });
      pushMessage({ message: 'Left alone' });
      pushMessage({ message: 'Broken', type: 'alertRed' });
    });
    await waitFor(() => expect(items(stackOf())).toHaveLength(4));
    const [, alone, focused, hovered] = items(stackOf());
    act(() => {
      hovered!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      focused!.querySelector('button')!.focus();
    });
    act(() => vi.advanceTimersByTime(3_000));
    expect(texts(stackOf())).toEqual(['Error: Broken', 'Success: Focused', 'Success: Hovered']);
    expect(alone!.isConnected).toBe(false);
    act(() => {
      hovered!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
      focused!.querySelector('button')!.blur();
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(texts(stackOf())).toEqual(['Error: Broken']);
  });

  it('a second <fin-alerts> on the page stays empty: each message shows once', async () => {
    await mount('<fin-alerts></fin-alerts><fin-alerts id="second"></fin-alerts>');
    act(() => {
      pushMessage({ message: 'Once' });
    });
    await waitFor(() => expect(texts(stackOf())).toEqual(['Success: Once']));
    expect(items(document.getElementById('second')!.shadowRoot!)).toEqual([]);
  });
});

describe('the announcer', () => {
  it('is in the light DOM before the first message and says each message once, errors assertively', async () => {
    await mount('<fin-alerts></fin-alerts>');
    const polite = document.getElementById('fin-announcer')!;
    const assertive = document.getElementById('fin-announcer-alert')!;
    expect([polite.getAttribute('role'), polite.getAttribute('aria-live'), polite.textContent]).toEqual([
      'status',
      'polite',
      '',
    ]);
    expect([assertive.getAttribute('role'), assertive.getAttribute('aria-live')]).toEqual([
      'alert',
      'assertive',
    ]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The regions were made just now: their first text waits until a screen reader watches them.
    act(() => {
      pushMessage({ message: 'Request sent', type: 'alertBlue' });
      pushMessage({ message: 'Access denied', type: 'alertRed' });
    });
    act(() => vi.advanceTimersByTime(500));
    expect([said('fin-announcer'), said('fin-announcer-alert')]).toEqual([
      ['Request sent'],
      ['Access denied'],
    ]);
    // More messages and re-renders do not say the first ones again.
    act(() => {
      pushMessage({ message: 'Saved' });
    });
    await waitFor(() => expect(items(stackOf())).toHaveLength(3));
    expect(said('fin-announcer')).toEqual(['Request sent', 'Saved']);
    expect(said('fin-announcer-alert')).toEqual(['Access denied']);
  });
});

describe('a page without <fin-alerts>', () => {
  it('shows its messages in a stack the kit mounts in the light DOM', async () => {
    await mount('<fin-test-probe></fin-test-probe>');
    expect(document.getElementById(FALLBACK_ID)).toBeNull();
    act(() => {
      pushMessage({ message: 'Shown anyway', type: 'alertYellow' });
    });
    await waitFor(() =>
      expect(texts(document.getElementById(FALLBACK_ID)!.shadowRoot!)).toEqual(['Warning: Shown anyway']),
    );
  });

  it('shows the server error text of #fin-messages on load, as an error, once', async () => {
    await mount(
      `<script type="application/json" id="fin-messages">[{"message":"Payment failed <b>now</b>"},{"message":"Welcome","type":"alertBlue"}]</script>
      <fin-alerts></fin-alerts><fin-test-probe></fin-test-probe>`,
    );
    await waitFor(() =>
      expect(texts(stackOf())).toEqual(['Information: Welcome', 'Error: Payment failed <b>now</b>']),
    );
    expect(stackOf().querySelector('b')).toBeNull();
    // Another element connecting later does not push them again.
    await mount(`${document.body.innerHTML}<fin-test-probe></fin-test-probe>`);
    expect(texts(stackOf())).toHaveLength(2);
  });
});

describe('<fin-message>', () => {
  it('shows its message by type at the top for its timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await mount(
      '<fin-alerts></fin-alerts><fin-message message="Settings saved" type="alertBlue" timeout="5000"></fin-message>',
    );
    await waitFor(() => expect(texts(stackOf('fin-message'))).toEqual(['Information: Settings saved']));
    expect(stackOf('fin-message').querySelector('.fin-msgs--banner')).not.toBeNull();
    // Not in the alerts stack.
    expect(items(stackOf())).toEqual([]);
    act(() => vi.advanceTimersByTime(4_999));
    expect(items(stackOf('fin-message'))).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(items(stackOf('fin-message'))).toHaveLength(0);
  });
});
