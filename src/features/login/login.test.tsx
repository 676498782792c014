import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-login.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $messages, clearMessages } from '../../core/stores/messages.ts';
import { resetMessageQueueForTests } from '../../runtime/messages/queue.ts';
import { codeFromText, waitText } from './login.model.ts';

const labels: Record<string, Record<string, string>> = {
  auth: { phone: 'Phone number', send_code: 'Get code', social_login_failed: 'Social sign-in failed' },
  common: {},
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
      return Response.json({ error: 'Unknown' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  // The kit's fallback stack shows the queue on this page: it re-renders when the queue empties.
  act(() => {
    clearMessages();
    resetMessageQueueForTests();
  });
  resetLabels();
  cleanStores($lang);
  vi.unstubAllGlobals();
});

describe('login model', () => {
  it('reads the code out of what was typed or pasted', () => {
    expect(codeFromText('12 34 56')).toBe('123456');
    expect(codeFromText('Your code: 12 34 56')).toBe('123456');
    expect(codeFromText('123-456')).toBe('123456');
    // The whole SMS: the WebOTP line names the code; its digits are not appended.
    expect(codeFromText('Your code: 123456\n\n@example.com #123456')).toBe('123456');
    expect(codeFromText('Code 654321, valid 10 min')).toBe('654321');
    expect(codeFromText('  ')).toBe('');
  });

  it('says a wait in the page language', () => {
    expect(waitText(900, 'eng')).toBe('15 minutes');
    expect(waitText(25, 'eng')).toBe('25 seconds');
    expect(waitText(61, 'deu')).toBe('2 Minuten');
  });
});

describe('<fin-login>', () => {
  it('puts a social-login error into the message queue as a red alert (SPEC §8)', async () => {
    act(() => {
      document.body.innerHTML = '<fin-login></fin-login>';
    });
    const host = document.querySelector('fin-login')!;
    await waitFor(() => expect(host.shadowRoot!.querySelector('#phone')).not.toBeNull());
    // The light-DOM announcer exists, empty, before anything is said.
    expect(document.getElementById('fin-announcer')?.textContent).toBe('');
    act(() => {
      document.dispatchEvent(new CustomEvent('fin-social-login-error', { detail: {} }));
    });
    await waitFor(() =>
      expect($messages.get()).toMatchObject([
        { type: 'alertRed', message: 'Social sign-in failed', timeout: null },
      ]),
    );
    act(() => {
      document.dispatchEvent(
        new CustomEvent('fin-social-login-error', { detail: { message: '<b>VK</b> refused' } }),
      );
    });
    // The same alert is replaced, not stacked; the text stays text.
    expect($messages.get()).toMatchObject([{ message: '<b>VK</b> refused' }]);
  });
});
