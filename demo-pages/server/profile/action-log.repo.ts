/**
 * The `action_log` table (created by data/market.ts): user actions the portal logs, such as the
 * show-more of a report table (SPEC §7 contactActionLog, actionId 80 and 76). Every route that
 * logs an action writes through logAction, whatever its scope ('stocks', 'bonds', 'global' …).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../shared/db.ts';

export interface ActionLogEntry {
  /** Where the action was logged from, e.g. 'stocks' for POST /api/stocks/contactActionLog/. */
  scope: string;
  actionId: number;
  /** The signed-in user, or null for an anonymous session. */
  userId: number | null;
  sessionId: string | null;
  /** Unix milliseconds (the app's clock). */
  createdAt: number;
}

type InsertParams = [string, number, number | null, string | null, number];
const inserts = new WeakMap<Db, Statement<InsertParams>>();

type RecentParams = [{ scope: string | null; limit: number }];
interface ActionLogRow {
  id: number;
  scope: string;
  action_id: number;
  user_id: number | null;
  created_at: number;
}
const recents = new WeakMap<Db, Statement<RecentParams, ActionLogRow>>();

/** Stores one action; returns the new row's id. */
export function logAction(db: Db, entry: ActionLogEntry): number {
  let insert = inserts.get(db);
  if (!insert) {
    insert = db.prepare<InsertParams>(
      'INSERT INTO action_log (scope, action_id, user_id, session_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    inserts.set(db, insert);
  }
  const result = insert.run(entry.scope, entry.actionId, entry.userId, entry.sessionId, entry.createdAt);
  return Number(result.lastInsertRowid);
}

/** The latest actions, newest first, of one scope or all (GET /dev/action-log; session ids stay out). */
export function recentActions(db: Db, scope: string | null, limit: number) {
  let select = recents.get(db);
  if (!select) {
    select = db.prepare<RecentParams, ActionLogRow>(
      `SELECT id, scope, action_id, user_id, created_at FROM action_log
       WHERE @scope IS NULL OR scope = @scope ORDER BY id DESC LIMIT @limit`,
    );
    recents.set(db, select);
  }
  return select.all({ scope, limit }).map((row) => ({
    id: row.id,
    scope: row.scope,
    actionId: row.action_id,
    userId: row.user_id,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
