import { describe, expect, it } from 'vitest';
import type { CompanyComment } from '../../../contract/company.ts';
import {
  afterAccessRequest,
  alertKey,
  fileControl,
  fileFormat,
  fileStateKey,
  languageName,
} from './comments.model.ts';

function comment(id: number, providerId: number, overrides: Partial<CompanyComment> = {}): CompanyComment {
  return {
    id,
    title: `Comment ${id}`,
    provider_name: `Provider ${providerId}`,
    provider_id: providerId,
    language: 'eng',
    file: `file-${id}.pdf`,
    mimetype: 'application/pdf',
    content: '<p>x</p>',
    cb_link: '',
    cb_file_link: null,
    date: '01.11.2026',
    'date.numeric': 1_793_491_200,
    linked_emitents: [],
    moderated: true,
    approved: true,
    checked: true,
    requestExists: false,
    file_access_kind: 'request',
    file_access: 'denied',
    alert: 'download_denied',
    requestAllowed: true,
    ...overrides,
  };
}

describe('fileControl: one control per state of a file', () => {
  it('request -> requested on the day -> download; the way in when it cannot be requested', () => {
    expect(fileControl(comment(1, 4))).toEqual({ kind: 'request' });
    const [sent] = afterAccessRequest([comment(1, 4)], 4, 'sent', '12.11.2026')!;
    expect(fileControl(sent!)).toEqual({ kind: 'requested', date: '12.11.2026' });
    expect(
      fileControl(
        comment(1, 4, { file_access: 'open', alert: null, requestAllowed: false, cb_file_link: '/f/1/' }),
      ),
    ).toEqual({ kind: 'download' });
    expect(
      fileControl(
        comment(1, 4, { file_access: 'request_rejected', alert: 'request_rejected', requestAllowed: false }),
      ),
    ).toEqual({ kind: 'declined' });
    expect(fileControl(comment(1, 4, { alert: 'need_auth', requestAllowed: false }))).toEqual({
      kind: 'login',
      toRequest: true,
    });
    expect(
      fileControl(
        comment(1, 4, { file_access_kind: 'paid', alert: 'need_get_access', requestAllowed: false }),
      ),
    ).toEqual({ kind: 'get_access' });
  });

  it('never offers a download without a link to the file', () => {
    expect(fileControl(comment(1, 4, { file_access: 'open', alert: null, requestAllowed: false }))).toEqual({
      kind: 'unavailable',
    });
  });
});

describe('afterAccessRequest', () => {
  const list = [
    comment(1, 4),
    comment(2, 3),
    comment(3, 4, { file: null, alert: null }),
    comment(4, 4, { file_access_kind: 'open', file_access: 'open', alert: null, requestAllowed: false }),
  ];

  it('moves every comment of the provider to request_sent, and no other', () => {
    const after = afterAccessRequest(list, 4, 'sent')!;
    expect(after.map((c) => [c.id, c.file_access, c.alert, c.requestAllowed, c.requestExists])).toEqual([
      [1, 'request_sent', 'request_sent', false, true],
      [2, 'denied', 'download_denied', true, false],
      // A comment without a file has no alert to show.
      [3, 'request_sent', null, false, true],
      // An open file stays open.
      [4, 'open', null, false, false],
    ]);
  });

  it('moves them to request_rejected when the provider refused before', () => {
    expect(afterAccessRequest(list, 4, 'rejected')![0]).toMatchObject({
      file_access: 'request_rejected',
      alert: 'request_rejected',
      requestAllowed: false,
    });
  });

  it('asks for a reload when access is granted (the file links come from the server)', () => {
    expect(afterAccessRequest(list, 4, 'approved')).toBeNull();
  });
});

describe('what a file shows', () => {
  it('names the state of a file the user cannot download yet, by its kind when denied', () => {
    expect(fileStateKey(comment(1, 4))).toBe('issuer:file_access_request');
    expect(fileStateKey(comment(1, 2, { file_access_kind: 'paid' }))).toBe('issuer:file_access_paid');
    expect(fileStateKey(comment(1, 4, { file_access: 'request_sent' }))).toBe('issuer:request_sent');
    expect(fileStateKey(comment(1, 4, { file_access: 'request_rejected' }))).toBe('issuer:request_rejected');
    expect(fileStateKey(comment(1, 1, { file_access: 'open' }))).toBeNull();
  });

  it('gives each SPEC alert its label', () => {
    expect(alertKey('need_auth')).toBe('common:need_auth');
    expect(alertKey('need_get_access')).toBe('common:need_get_access');
    expect(alertKey('request_sent')).toBe('issuer:already_send_request_label');
    expect(alertKey('request_rejected')).toBe('issuer:forbidden_request_label');
    expect(alertKey('download_denied')).toBe('issuer:download_denied');
  });

  it('names the format from the file name', () => {
    expect(fileFormat('model.xlsx')).toBe('XLSX');
    expect(fileFormat('notes')).toBe('');
    expect(fileFormat('.hidden')).toBe('');
  });
});

describe('languageName', () => {
  it("names a comment's language in the page's language", () => {
    expect(languageName('deu', 'eng')).toBe('German');
    expect(languageName('eng', 'rus')).toBe('английский');
  });

  it('shows an unknown code as it came rather than inventing a name', () => {
    expect(languageName('xx-unknown', 'eng')).toBe('xx-unknown');
  });
});
