import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-access-requests.ts';
import { setCsrfToken } from '../../core/api/client.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $user } from '../../core/stores/user.ts';

const labels: Record<string, Record<string, string>> = {
  profile: {
    tariff: 'Tariff',
    send_request: 'Send request',
    expand_request: 'Request an expansion',
    request_forbidden: 'You cannot send this request.',
    login_to_request: 'Log in to send a request',
  },
  auth: {},
  common: {},
};

let calls: string[];
let expandAnswer: Response;

beforeEach(() => {
  calls = [];
  setCsrfToken('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/profile/pa/requests/')
        return Response.json({
          tariffs: [{ id: 701, name: 'Management 1' }],
          requests: [],
          contactPersonId: 2,
          canExpand: true,
        });
      if (path === '/api/profile/pa/subscr_expand_request/') return expandAnswer;
      return Response.json({ error: 'Unknown' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetLabels();
  cleanStores($lang, $user);
  vi.unstubAllGlobals();
});

function user(globals: object): string {
  return `<script type="application/json" id="fin-user">${JSON.stringify(globals)}</script>`;
}

describe('<fin-access-requests>', () => {
  it('asks a visitor to log in and calls nothing', async () => {
    act(() => {
      document.body.innerHTML = `${user({ userAuth: false, userAccessLevel: 0, userTariffs: [], userId: null, userCountryId: null, userMobileExists: false })}<fin-access-requests></fin-access-requests>`;
    });
    const root = document.querySelector('fin-access-requests')!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('a')?.textContent).toBe('Log in to send a request'));
    expect(calls).toEqual([]);
  });

  it('says forbidden_request_label in place when the server refuses a request (403)', async () => {
    expandAnswer = Response.json(
      { error: 'Only a user with paid access can expand it', messages: ['forbidden_request_label'] },
      { status: 403 },
    );
    act(() => {
      document.body.innerHTML = `${user({ userAuth: true, userAccessLevel: 1077, userTariffs: [], userId: 2, userCountryId: null, userMobileExists: true })}<fin-access-requests></fin-access-requests>`;
    });
    const host = document.querySelector('fin-access-requests')!;
    const root = host.shadowRoot!;
    await waitFor(() => expect(root.querySelector('form[data-request-form="expand"]')).not.toBeNull());
    // A user with a mobile gets no phone form.
    expect(root.querySelector('form[data-phone-form]')).toBeNull();
    act(() => {
      root.querySelector<HTMLButtonElement>('form[data-request-form="expand"] button')!.click();
    });
    await waitFor(() =>
      expect(root.querySelector('form[data-request-form="expand"] .notice')?.textContent).toBe(
        'You cannot send this request.',
      ),
    );
    // Said once through the page's announcer, not only shown.
    await waitFor(() =>
      expect(document.querySelector('#fin-announcer [data-fin-said]')?.textContent).toBe(
        'You cannot send this request.',
      ),
    );
    expect(calls).toContain('POST /api/profile/pa/subscr_expand_request/');
  });
});
