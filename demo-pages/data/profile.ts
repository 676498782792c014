/**
 * The "profile" data domain: what the shell's profile calls read and write (SPEC §2 shell, §3
 * "Support ticket" and "Global settings", §6, §7).
 *
 *   tariffs                 what a user may subscribe to (management access) or has (support)
 *   user_settings           global settings of a signed-in user (hints), JSON; no row = defaults
 *   support_tickets         a user's support tickets, with their messages:
 *   support_ticket_messages   contacts_id = the sender (the user's id, or SUPPORT_CONTACT_ID),
 *                             status_id 1 = new (unread by the recipient), 2 = read
 *   subscription_requests   management access subscription and expansion requests (written by
 *                           the server)
 *   mobile_change_requests  phone changes waiting for their SMS code (written by the server)
 *
 * Demo rows: the paid user (+79000000002, tariff 677) has three tickets, two of them with an
 * unread answer; the free user has one ticket (which the free user may not load: SPEC §6).
 */
import type Database from 'better-sqlite3';
import { dateMs } from '../../src/contract/calendar.ts';
import type { DataDomain, DomainContext } from './domains.ts';
import { DEMO_USERS } from './instruments.ts';
import { substream } from './random.ts';

/** contacts_id of messages written by the support desk. */
export const SUPPORT_CONTACT_ID = 9000;
/** Message status_id values (SPEC §3: unread = status_id 1 and the sender is not the user). */
export const MESSAGE_STATUS = { new: 1, read: 2 } as const;
/** Ticket status_id values. */
export const TICKET_STATUS = { open: 1, answered: 2, closed: 3 } as const;

export interface TariffDef {
  id: number;
  kind: 'management' | 'support';
  name: string;
  nameEng: string;
  /** The access level a subscription gives (SPEC §9: paid access 1077), or null. */
  accessLevel: number | null;
}

/** 677 is the support tariff of SPEC §9; 701–703 are the management access subscriptions. */
export const TARIFFS: TariffDef[] = [
  {
    id: 677,
    kind: 'support',
    name: 'Поддержка с персональным менеджером',
    nameEng: 'Support with a personal manager',
    accessLevel: null,
  },
  {
    id: 701,
    kind: 'management',
    name: 'Управленческий доступ: базовый',
    nameEng: 'Management access: basic',
    accessLevel: 1077,
  },
  {
    id: 702,
    kind: 'management',
    name: 'Управленческий доступ: расширенный',
    nameEng: 'Management access: extended',
    accessLevel: 1077,
  },
  {
    id: 703,
    kind: 'management',
    name: 'Управленческий доступ: корпоративный',
    nameEng: 'Management access: corporate',
    accessLevel: 1077,
  },
];

export const PROFILE_SCHEMA = `
CREATE TABLE tariffs (
  id           INTEGER PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('management', 'support')),
  name         TEXT NOT NULL,
  name_eng     TEXT NOT NULL,
  access_level INTEGER
);

CREATE TABLE user_settings (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id),
  settings   TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE support_tickets (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  subject     TEXT NOT NULL,
  subject_eng TEXT NOT NULL,
  status_id   INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX support_tickets_by_user ON support_tickets (user_id, id);

CREATE TABLE support_ticket_messages (
  id          INTEGER PRIMARY KEY,
  ticket_id   INTEGER NOT NULL REFERENCES support_tickets(id),
  contacts_id INTEGER NOT NULL,
  status_id   INTEGER NOT NULL,
  message     TEXT NOT NULL,
  message_eng TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX support_ticket_messages_by_ticket ON support_ticket_messages (ticket_id, id);

CREATE TABLE subscription_requests (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users(id),
  kind              TEXT NOT NULL CHECK (kind IN ('subscribe', 'expand')),
  tariff_id         INTEGER NOT NULL REFERENCES tariffs(id),
  contact_person_id INTEGER,
  status            TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at        INTEGER NOT NULL
);
CREATE INDEX subscription_requests_by_user ON subscription_requests (user_id, id);

CREATE TABLE mobile_change_requests (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  phone   TEXT NOT NULL,
  code    TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
`;

interface MessageDef {
  fromSupport: boolean;
  unread?: boolean;
  text: string;
  textEng: string;
}

interface TicketDef {
  userPhone: string;
  daysAgo: number;
  status: number;
  subject: string;
  subjectEng: string;
  messages: MessageDef[];
}

const TICKETS: TicketDef[] = [
  {
    userPhone: '+79000000002',
    daysAgo: 40,
    status: TICKET_STATUS.closed,
    subject: 'Выгрузка архива торгов в Excel',
    subjectEng: 'Exporting the trading archive to Excel',
    messages: [
      {
        fromSupport: false,
        text: 'Не получается выгрузить архив торгов за 10 лет: файл обрывается.',
        textEng: 'I cannot export the 10-year trading archive: the file is cut off.',
      },
      {
        fromSupport: true,
        text: 'Спасибо за сообщение! Исправили, попробуйте выгрузить ещё раз.',
        textEng: 'Thank you for the report! It is fixed, please try the export again.',
      },
      {
        fromSupport: false,
        text: 'Всё работает, спасибо.',
        textEng: 'It works now, thank you.',
      },
    ],
  },
  {
    userPhone: '+79000000002',
    daysAgo: 6,
    status: TICKET_STATUS.answered,
    subject: 'Сравнение с индексами на графике',
    subjectEng: 'Comparing with indexes on the chart',
    messages: [
      {
        fromSupport: false,
        text: 'Можно ли сравнить акцию одновременно с двумя индексами?',
        textEng: 'Can I compare a stock with two indexes at once?',
      },
      {
        fromSupport: true,
        unread: true,
        text: 'Да, до 10 индексов: добавьте их через поле сравнения над графиком.',
        textEng: 'Yes, up to 10 indexes: add them in the comparison field above the chart.',
      },
    ],
  },
  {
    userPhone: '+79000000002',
    daysAgo: 1,
    status: TICKET_STATUS.open,
    subject: 'Квартальная отчётность эмитента',
    subjectEng: "The issuer's quarterly reports",
    messages: [
      {
        fromSupport: false,
        text: 'Когда появится отчётность за последний квартал?',
        textEng: 'When will the last quarter’s report be available?',
      },
      {
        fromSupport: true,
        unread: true,
        text: 'Отчёт публикуется в течение 45 дней после окончания квартала.',
        textEng: 'The report is published within 45 days after the end of the quarter.',
      },
      {
        fromSupport: true,
        unread: true,
        text: 'Мы пришлём уведомление, как только он появится.',
        textEng: 'We will notify you as soon as it is out.',
      },
    ],
  },
  {
    userPhone: '+79000000001',
    daysAgo: 3,
    status: TICKET_STATUS.answered,
    subject: 'Как получить платный доступ?',
    subjectEng: 'How do I get paid access?',
    messages: [
      {
        fromSupport: false,
        text: 'Подскажите, как подключить полный доступ к ценам?',
        textEng: 'How do I get full access to the prices?',
      },
      {
        fromSupport: true,
        unread: true,
        text: 'Оставьте заявку на странице «Уровни доступа», менеджер свяжется с вами.',
        textEng: 'Send a request on the "Access levels" page and a manager will contact you.',
      },
    ],
  },
];

export const profileDomain: DataDomain = {
  name: 'profile',
  schema: PROFILE_SCHEMA,
  fill(db: Database.Database, ctx: DomainContext): void {
    const tariff = db.prepare(
      'INSERT INTO tariffs (id, kind, name, name_eng, access_level) VALUES (?, ?, ?, ?, ?)',
    );
    for (const t of TARIFFS) tariff.run(t.id, t.kind, t.name, t.nameEng, t.accessLevel);

    const ticket = db.prepare(
      'INSERT INTO support_tickets (user_id, subject, subject_eng, status_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    const message = db.prepare(
      `INSERT INTO support_ticket_messages (ticket_id, contacts_id, status_id, message, message_eng, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const rng = substream(ctx.seed, 'profile:tickets');
    const asOfMs = dateMs(ctx.asOf);
    for (const def of TICKETS) {
      const user = DEMO_USERS.find((u) => u.phone === def.userPhone);
      if (!user) throw new Error(`profile: unknown demo user ${def.userPhone}`);
      // Office hours of the day, then a reply every few hours.
      let at = asOfMs - def.daysAgo * 86_400_000 + (7 + rng.int(0, 8)) * 3_600_000 + rng.int(0, 59) * 60_000;
      const ticketId = Number(
        ticket.run(user.id, def.subject, def.subjectEng, def.status, at).lastInsertRowid,
      );
      for (const m of def.messages) {
        message.run(
          ticketId,
          m.fromSupport ? SUPPORT_CONTACT_ID : user.id,
          m.unread ? MESSAGE_STATUS.new : MESSAGE_STATUS.read,
          m.text,
          m.textEng,
          at,
        );
        at += rng.int(1, 5) * 3_600_000 + rng.int(0, 59) * 60_000;
      }
    }
  },
};
