import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { ERROR_MESSAGES, errorResponse } from './errors';

/** How long a repeat waits for the request that holds its key before asking the client to retry. */
const WAIT_LIMIT_MS = 30_000;
const POLL_INTERVAL_MS = 25;
/** The advisory-lock class of idempotency keys: the two-int lock space, apart from the migration lock's one-bigint key. */
const KEY_LOCK_CLASS = 727_002;

export const REPLAYED_HEADER = 'Idempotent-Replayed';

export interface IdempotentRequest {
  userId: number | null;
  key: string;
  method: string;
  path: string;
}

class ClaimLost extends Error {}

/** Another request holds the key's lock right now. */
const BUSY = Symbol('busy');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sameOwner = (userId: number | null) => (userId === null ? isNull(t.idempotencyKeys.userId) : eq(t.idempotencyKeys.userId, userId));

function replay(row: typeof t.idempotencyKeys.$inferSelect): Response {
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
  if (row.responseContentType) headers['content-type'] = row.responseContentType;
  const status = row.responseStatus ?? 200;
  const body = status === 204 || status === 205 || status === 304 ? null : row.responseBody;
  return new Response(body, { status, headers });
}

/**
 * Takes the key's transaction-scoped advisory lock, or answers false when another transaction holds it. The lock is
 * the database's word on whether a claimant is alive: it is held for exactly as long as the claimant's transaction
 * runs, and PostgreSQL drops it the moment that transaction ends, committed, rolled back, or cut with a dead instance's
 * connection. (On PGlite there is one session and one transaction at a time, so it is always free.)
 */
async function lockKey(tx: Database, request: IdempotentRequest): Promise<boolean> {
  const owner = request.userId === null ? '' : String(request.userId);
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${owner} || ':' || ${request.key})) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}

/**
 * Runs a write at most once per (user, Idempotency-Key) — ARCHITECTURE "The REST contract".
 *
 * One transaction holds the key's advisory lock, claims the key, runs the write and marks the key done with the
 * response: a crash leaves nothing of it, and the lock is gone with the crashed connection, so the device's retry runs
 * at once on any instance. A repeat that finds the lock held waits for it and then answers the stored response. Only
 * successful answers are kept: an error answer or a throw writes nothing, so a retry runs afresh. A claim row found
 * still running was left by a claimant that is gone (new claims are never committed running), so it is taken over;
 * if that claimant was in fact alive (an instance of an older version, which committed its claim first), its own
 * completion finds the claim no longer its own and rolls its write back.
 */
export async function runIdempotent(
  db: Database,
  request: IdempotentRequest,
  write: (tx: Database) => Promise<Response>,
  { waitLimitMs = WAIT_LIMIT_MS }: { waitLimitMs?: number } = {},
): Promise<Response> {
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    let outcome: Response | typeof BUSY | undefined;
    try {
      outcome = await db.transaction(async (tx) => {
        if (!(await lockKey(tx, request))) return BUSY;
        const claim = randomUUID();
        const [existing] = await tx
          .select()
          .from(t.idempotencyKeys)
          .where(and(sameOwner(request.userId), eq(t.idempotencyKeys.key, request.key)));
        if (existing && (existing.method !== request.method || existing.path !== request.path)) {
          return errorResponse(422, ERROR_MESSAGES.idempotencyKeyReused);
        }
        if (existing?.state === 'done') return replay(existing);
        const [claimed] = existing
          ? await tx
              .update(t.idempotencyKeys)
              .set({ claim, startedAt: new Date() })
              .where(and(eq(t.idempotencyKeys.id, existing.id), eq(t.idempotencyKeys.claim, existing.claim)))
              .returning({ id: t.idempotencyKeys.id })
          : await tx
              .insert(t.idempotencyKeys)
              .values({ ...request, state: 'running', claim, startedAt: new Date() })
              .onConflictDoNothing()
              .returning({ id: t.idempotencyKeys.id });
        // An instance of an older version claimed or finished it between our look and our claim.
        if (!claimed) throw new ClaimLost();
        return execute(tx, claimed.id, claim, write);
      });
    } catch (error) {
      if (!(error instanceof ClaimLost)) throw error;
    }
    if (outcome instanceof Response) return outcome;
    if (outcome === BUSY) {
      if (Date.now() > deadline) return errorResponse(503, ERROR_MESSAGES.idempotencyKeyBusy, { 'retry-after': '2' });
      await sleep(POLL_INTERVAL_MS);
    }
  }
}

/** The write and the key's completion, in the claiming transaction; throws ClaimLost (rolling the write back) when the claim is no longer ours. */
async function execute(tx: Database, id: number, claim: string, write: (tx: Database) => Promise<Response>): Promise<Response> {
  const ours = and(eq(t.idempotencyKeys.id, id), eq(t.idempotencyKeys.claim, claim));
  const response = await write(tx);
  const body = await response.text();
  if (response.ok) {
    const [done] = await tx
      .update(t.idempotencyKeys)
      .set({
        state: 'done',
        responseStatus: response.status,
        responseContentType: response.headers.get('content-type'),
        responseBody: body,
        completedAt: new Date(),
      })
      .where(and(ours, eq(t.idempotencyKeys.state, 'running')))
      .returning({ id: t.idempotencyKeys.id });
    if (!done) throw new ClaimLost();
  } else {
    await tx.delete(t.idempotencyKeys).where(ours);
  }
  const status = response.status;
  return new Response(status === 204 || status === 205 ? null : body, { status, headers: response.headers });
}

/** Keys are kept long enough for an offline device to come back and replay its outbox. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

export async function pruneIdempotencyKeys(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
  await db.delete(t.idempotencyKeys).where(lt(t.idempotencyKeys.createdAt, cutoff));
}
