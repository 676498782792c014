import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-hints-toggle.ts';
import { $hints, readHintsCookie, resetHintsForTests } from '../../core/stores/hints.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $lang } from '../../core/stores/lang.ts';
import { $messages, clearMessages } from '../../core/stores/messages.ts';
import { resetMessageQueueForTests } from '../../runtime/messages/queue.ts';
import { $user } from '../../core/stores/user.ts';

const SIGNED_IN = {
  userAuth: true,
  userAccessLevel: 0,
  userTariffs: [],
  userId: 5,
  userCountryId: null,
  userMobileExists: true,
  sid: 'tok-5',
};

let saveStatus: number;
const posted: unknown[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/labels/')) return Response.json({ hints: 'Hints', hints_not_saved: 'Not saved' });
  if (path === '/api/user/settings/') return Response.json({ settings: { hints: true } });
  if (path === '/api/user/set-settings/') {
    posted.push(JSON.parse(String(init?.body)));
    return Response.json({ error: 'down' }, { status: saveStatus });
  }
  return Response.json({ error: 'Unknown' }, { status: 404 });
});

async function render(): Promise<ShadowRoot> {
  act(() => {
    document.head.innerHTML = `<script type="application/json" id="fin-user">${JSON.stringify(SIGNED_IN)}</script>`;
    document.body.innerHTML = '<fin-hints-toggle></fin-hints-toggle>';
  });
  const root = document.querySelector('fin-hints-toggle')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('[role="switch"]')?.getAttribute('aria-busy')).toBeNull());
  await waitFor(() =>
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/user/settings/'), expect.anything()),
  );
  return root;
}

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
    document.head.innerHTML = '';
  });
  resetHintsForTests();
  // The kit's fallback stack shows the queue on this page: it re-renders when the queue empties.
  act(() => {
    clearMessages();
    resetMessageQueueForTests();
  });
  resetLabels();
  cleanStores($lang, $user, $hints);
  vi.unstubAllGlobals();
});

describe('hints cookie', () => {
  it('reads 1 and 0 and nothing else', () => {
    expect(readHintsCookie('a=b; fin_hints=0')).toBe(false);
    expect(readHintsCookie('fin_hints=1; x=y')).toBe(true);
    expect(readHintsCookie('fin_hints=2')).toBeNull();
    expect(readHintsCookie('')).toBeNull();
  });
});

describe('<fin-hints-toggle>', () => {
  it('a failed save puts the switch back and pushes an error to the page’s message queue', async () => {
    saveStatus = 500;
    const root = await render();
    const button = root.querySelector<HTMLButtonElement>('[role="switch"]')!;
    await waitFor(() => expect(button.getAttribute('aria-checked')).toBe('true'));
    act(() => button.click());
    await waitFor(() => expect(root.querySelector('[data-save-failed]')).not.toBeNull());
    expect(posted).toEqual([{ sid: 'tok-5', settings: { settings: { hints: false } } }]);
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect($hints.get()).toBe(true);
    expect($messages.get()).toEqual([
      expect.objectContaining({ type: 'alertRed', key: 'profile:hints_save_failed', timeout: null }),
    ]);
  });

  it('a kept save turns every hint off and says nothing', async () => {
    saveStatus = 200;
    const root = await render();
    const button = root.querySelector<HTMLButtonElement>('[role="switch"]')!;
    act(() => button.click());
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(button.getAttribute('aria-checked')).toBe('false'));
    expect($hints.get()).toBe(false);
    expect($messages.get()).toEqual([]);
  });
});
