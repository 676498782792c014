/**
 * The profile tables of demo-pages/data/profile.ts: global settings, tariffs and subscription
 * requests, phone-change requests and support tickets. Users and the SMS outbox belong to the
 * login (auth/login.service.ts); the action log has its own module (action-log.repo.ts).
 */
import { randomInt } from 'node:crypto';
import type { Lang } from '../../../src/contract/types.ts';
import type { SupportTicket } from '../../../src/contract/profile.ts';
import type { LoginService } from '../auth/login.service.ts';
import type { Db } from '../shared/db.ts';
import { pickName } from '../shared/lang.ts';

export const DEFAULT_SETTINGS = { hints: true } as const;

export interface TariffRow {
  id: number;
  kind: 'management' | 'support';
  name: string;
  name_eng: string;
  access_level: number | null;
}

export interface SubscriptionRequestRow {
  id: number;
  kind: 'subscribe' | 'expand';
  tariff_id: number;
  contact_person_id: number | null;
  status: 'pending' | 'approved' | 'rejected';
  created_at: number;
}

interface TicketRow {
  id: number;
  subject: string;
  subject_eng: string;
  status_id: number;
  created_at: number;
}

interface MessageRow {
  id: number;
  ticket_id: number;
  contacts_id: number;
  status_id: number;
  message: string;
  message_eng: string;
  created_at: number;
}

/** SQL of the profile tables (settings, tariffs, requests, phone changes, support tickets); prepared once per app. */
export class ProfileRepository {
  private readonly statements;

  constructor(
    private readonly db: Db,
    /** The login's SMS outbox, which the phone change's code goes through too. */
    private readonly login: LoginService,
  ) {
    this.statements = {
      settings: db.prepare<[number], { settings: string }>(
        'SELECT settings FROM user_settings WHERE user_id = ?',
      ),
      saveSettings: db.prepare<[number, string, number]>(
        `INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      ),
      tariffs: db.prepare<[], TariffRow>(
        'SELECT id, kind, name, name_eng, access_level FROM tariffs ORDER BY id',
      ),
      tariff: db.prepare<[number], TariffRow>(
        'SELECT id, kind, name, name_eng, access_level FROM tariffs WHERE id = ?',
      ),
      pendingRequest: db.prepare<[number, string, number], { id: number }>(
        "SELECT id FROM subscription_requests WHERE user_id = ? AND kind = ? AND tariff_id = ? AND status = 'pending'",
      ),
      insertRequest: db.prepare<[number, string, number, number | null, number]>(
        `INSERT INTO subscription_requests (user_id, kind, tariff_id, contact_person_id, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      requests: db.prepare<[number], SubscriptionRequestRow>(
        `SELECT id, kind, tariff_id, contact_person_id, status, created_at FROM subscription_requests
         WHERE user_id = ? ORDER BY id DESC`,
      ),
      mobileRequest: db.prepare<[number], { sent_at: number }>(
        'SELECT sent_at FROM mobile_change_requests WHERE user_id = ?',
      ),
      saveMobileRequest: db.prepare<[number, string, string, number]>(
        `INSERT INTO mobile_change_requests (user_id, phone, code, sent_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET phone = excluded.phone, code = excluded.code, sent_at = excluded.sent_at`,
      ),
      tickets: db.prepare<[number], TicketRow>(
        'SELECT id, subject, subject_eng, status_id, created_at FROM support_tickets WHERE user_id = ? ORDER BY id DESC',
      ),
      messages: db.prepare<[number], MessageRow>(
        `SELECT m.id, m.ticket_id, m.contacts_id, m.status_id, m.message, m.message_eng, m.created_at
         FROM support_ticket_messages m JOIN support_tickets t ON t.id = m.ticket_id
         WHERE t.user_id = ? ORDER BY m.ticket_id, m.id`,
      ),
    };
  }

  settings(userId: number): { hints: boolean } {
    const row = this.statements.settings.get(userId);
    const stored = row ? (JSON.parse(row.settings) as { hints?: unknown }) : {};
    return { hints: typeof stored.hints === 'boolean' ? stored.hints : DEFAULT_SETTINGS.hints };
  }

  saveSettings(userId: number, settings: { hints: boolean }, now: number): void {
    this.statements.saveSettings.run(userId, JSON.stringify(settings), now);
  }

  tariffs(): TariffRow[] {
    return this.statements.tariffs.all();
  }

  tariff(id: number): TariffRow | undefined {
    return this.statements.tariff.get(id);
  }

  /** Stores a request unless the same one is pending; returns its id and whether it existed. */
  request(
    userId: number,
    kind: 'subscribe' | 'expand',
    tariffId: number,
    contactPersonId: number | null,
    now: number,
  ): { id: number; existed: boolean } {
    return this.db.transaction(() => {
      const pending = this.statements.pendingRequest.get(userId, kind, tariffId);
      if (pending) return { id: pending.id, existed: true };
      const result = this.statements.insertRequest.run(userId, kind, tariffId, contactPersonId, now);
      return { id: Number(result.lastInsertRowid), existed: false };
    })();
  }

  requests(userId: number): SubscriptionRequestRow[] {
    return this.statements.requests.all(userId);
  }

  lastMobileCodeAt(userId: number): number | null {
    return this.statements.mobileRequest.get(userId)?.sent_at ?? null;
  }

  /** Records the phone change and sends its confirmation code. */
  sendMobileCode(userId: number, sessionId: string, phone: string, now: number): void {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.db.transaction(() => {
      this.statements.saveMobileRequest.run(userId, phone, code, now);
      this.login.sendSms(phone, code, now, sessionId);
    })();
  }

  tickets(userId: number, lang: Lang): SupportTicket[] {
    const byTicket = new Map<number, MessageRow[]>();
    for (const message of this.statements.messages.all(userId)) {
      const list = byTicket.get(message.ticket_id) ?? [];
      list.push(message);
      byTicket.set(message.ticket_id, list);
    }
    return this.statements.tickets.all(userId).map((ticket) => {
      const messages = (byTicket.get(ticket.id) ?? []).map((m) => ({
        id: m.id,
        message: pickName(lang, m.message, m.message_eng),
        status_id: m.status_id,
        contacts_id: m.contacts_id,
        date: displayMoment(m.created_at),
        'date.numeric': Math.floor(m.created_at / 1000),
      }));
      return {
        id: ticket.id,
        title: pickName(lang, ticket.subject, ticket.subject_eng),
        status_id: ticket.status_id,
        date: displayMoment(ticket.created_at),
        'date.numeric': Math.floor(ticket.created_at / 1000),
        messages,
        unread: messages.filter((m) => m.status_id === 1 && m.contacts_id !== userId).length,
      };
    });
  }
}

/** DD.MM.YYYY HH:mm in UTC. */
export function displayMoment(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}
