import { userInfo } from 'node:os';
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuditAction, AuditActorKind, AuditEvent, AuditQuery } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import '../ops/request-context';

/*
 * The audit trail (issue 29 §5): one row per identity or administration event, written with the database handle of the
 * change it records, so both commit or neither. Never a password, a token or a request body: details hold only what
 * changed ({ from, to } of roles) or counts.
 */

export interface AuditActor {
  kind: AuditActorKind;
  userId?: number | null;
  /** The user name, the command line's operating-system user, or the API key's name. */
  name?: string | null;
}

/** Where the event came from: the request's client address and id (null from the command line). */
export interface AuditOrigin {
  actor: AuditActor;
  clientAddress?: string | null;
  requestId?: string | null;
}

export interface AuditEntry extends AuditOrigin {
  action: AuditAction;
  target?: { userId?: number | null; name: string } | null;
  details?: Record<string, unknown>;
  at?: Date;
}

/** The actor and origin of an HTTP request: its signed-in user, or nobody (sign-in, forgotten password). */
export function requestOrigin(c: Context, user?: { cmhUserId: number; userName: string } | null): AuditOrigin {
  return {
    actor: user ? { kind: 'user', userId: user.cmhUserId, name: user.userName } : { kind: 'anonymous' },
    clientAddress: c.get('clientAddress') ?? null,
    requestId: c.get('requestId') ?? null,
  };
}

/** The command line's actor: the operating-system user who ran it (SUDO_USER first: the person behind sudo). */
export function cliOrigin(env: NodeJS.ProcessEnv = process.env): AuditOrigin {
  let name = env.SUDO_USER || env.USER || env.LOGNAME;
  if (!name) {
    try {
      name = userInfo().username;
    } catch {
      name = 'unknown';
    }
  }
  return { actor: { kind: 'cli', name } };
}

/** The retail centers of these users, for the audit rows' scope (a retailer's admin sees their own users' events). */
async function retailersOf(db: Database, userIds: readonly number[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ retailerNumber: t.userRetailers.retailerNumber })
    .from(t.userRetailers)
    .where(inArray(t.userRetailers.userId, [...userIds]));
  return rows.map((row) => row.retailerNumber).sort();
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const userIds = [entry.actor.kind === 'user' ? entry.actor.userId : null, entry.target?.userId].filter(
    (id): id is number => typeof id === 'number',
  );
  await db.insert(t.auditEvents).values({
    ...(entry.at ? { at: entry.at } : {}),
    action: entry.action,
    actorKind: entry.actor.kind,
    actorUserId: entry.actor.userId ?? null,
    actorName: entry.actor.name ?? null,
    targetUserId: entry.target?.userId ?? null,
    targetName: entry.target?.name ?? null,
    retailerNumbers: await retailersOf(db, userIds),
    details: entry.details ?? {},
    clientAddress: entry.clientAddress ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** What the events of a list may be: a retailer's admin sees those of their retail centers' users; an internal admin all. */
export type AuditScope = { all: true } | { all: false; retailerNumbers: readonly string[] };

export interface AuditFilter {
  user?: string;
  action?: AuditAction;
  from?: Date;
  to?: Date;
  /** Events older than this id (the next page). */
  before?: number;
}

export const auditFilterOf = (query: AuditQuery): AuditFilter => ({
  user: query.user || undefined,
  action: query.action,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
  before: query.before,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function conditionsOf(filter: AuditFilter, scope: AuditScope): SQL[] {
  const conditions: SQL[] = [];
  if (!scope.all) conditions.push(sql`${t.auditEvents.retailerNumbers} && ${sql.param([...scope.retailerNumbers])}::text[]`);
  if (filter.user) {
    const pattern = `%${escapeLike(filter.user)}%`;
    conditions.push(or(ilike(t.auditEvents.actorName, pattern), ilike(t.auditEvents.targetName, pattern))!);
  }
  if (filter.action) conditions.push(eq(t.auditEvents.action, filter.action));
  if (filter.from) conditions.push(gte(t.auditEvents.at, filter.from));
  if (filter.to) conditions.push(lt(t.auditEvents.at, filter.to));
  if (filter.before !== undefined) conditions.push(lt(t.auditEvents.id, filter.before));
  return conditions;
}

type AuditRow = typeof t.auditEvents.$inferSelect;

export const auditEventOf = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action as AuditAction,
  actorKind: row.actorKind,
  actorName: row.actorName,
  targetName: row.targetName,
  details: row.details,
  clientAddress: row.clientAddress,
  requestId: row.requestId,
});

/** Newest first, at most `limit` events matching the filter within the scope. */
export async function listAuditEvents(db: Database, filter: AuditFilter, scope: AuditScope, limit: number): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(t.auditEvents)
    .where(and(...conditionsOf(filter, scope)))
    .orderBy(desc(t.auditEvents.id))
    .limit(limit);
  return rows.map(auditEventOf);
}

/** Every matching event, newest first, a batch at a time (an export of a year's trail does not sit in memory whole). */
export async function* allAuditEvents(db: Database, filter: AuditFilter, scope: AuditScope, batch = 1_000): AsyncGenerator<AuditEvent> {
  let before = filter.before;
  for (;;) {
    const events = await listAuditEvents(db, { ...filter, before }, scope, batch);
    yield* events;
    if (events.length < batch) return;
    before = events[events.length - 1]!.id;
  }
}

export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

export async function pruneAuditEvents(db: Database, now: Date, retentionDays = DEFAULT_AUDIT_RETENTION_DAYS) {
  await db.delete(t.auditEvents).where(lt(t.auditEvents.at, new Date(now.getTime() - retentionDays * 86_400_000)));
}
