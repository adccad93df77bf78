import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { ERROR_MESSAGES, errorResponse } from './errors';

/** A claim older than this belongs to a request that died (its transaction never committed). */
const ABANDONED_AFTER_MS = 2 * 60_000;
/** How long a repeat waits for the first request before asking the client to retry. */
const WAIT_LIMIT_MS = 30_000;
const POLL_INTERVAL_MS = 25;

export const REPLAYED_HEADER = 'Idempotent-Replayed';

export interface IdempotentRequest {
  userId: number | null;
  key: string;
  method: string;
  path: string;
}

class ClaimLost extends Error {}

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
 * Runs a write at most once per (user, Idempotency-Key) — ARCHITECTURE "The REST contract".
 *
 * The key is claimed in its own statement (state running), then the write runs in a transaction
 * that also marks the key done with the response. So a crash leaves either nothing done and a
 * claim that can be taken over, or the write and its stored response together. A repeat waits
 * while the key is running and then answers the stored response. Only successful answers are
 * kept: an error answer writes nothing, so the key is released and a retry runs afresh.
 */
export async function runIdempotent(
  db: Database,
  request: IdempotentRequest,
  write: (tx: Database) => Promise<Response>,
): Promise<Response> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claim = randomUUID();
    const [claimed] = await db
      .insert(t.idempotencyKeys)
      .values({ ...request, state: 'running', claim, startedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: t.idempotencyKeys.id });
    if (claimed) {
      const outcome = await execute(db, claimed.id, claim, write);
      if (outcome) return outcome;
      continue;
    }

    const [existing] = await db
      .select()
      .from(t.idempotencyKeys)
      .where(and(sameOwner(request.userId), eq(t.idempotencyKeys.key, request.key)));
    if (!existing) continue; // released between our insert and select: claim it again
    if (existing.method !== request.method || existing.path !== request.path) {
      return errorResponse(422, ERROR_MESSAGES.idempotencyKeyReused);
    }
    if (existing.state === 'done') return replay(existing);

    if (Date.now() - existing.startedAt.getTime() > ABANDONED_AFTER_MS) {
      const [taken] = await db
        .update(t.idempotencyKeys)
        .set({ claim, startedAt: new Date() })
        .where(
          and(eq(t.idempotencyKeys.id, existing.id), eq(t.idempotencyKeys.claim, existing.claim), eq(t.idempotencyKeys.state, 'running')),
        )
        .returning({ id: t.idempotencyKeys.id });
      if (taken) {
        const outcome = await execute(db, taken.id, claim, write);
        if (outcome) return outcome;
      }
      continue;
    }
    if (Date.now() > deadline) {
      return errorResponse(503, ERROR_MESSAGES.idempotencyKeyBusy, { 'retry-after': '2' });
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** The write and the key's completion in one transaction; undefined when another request took the claim over. */
async function execute(db: Database, id: number, claim: string, write: (tx: Database) => Promise<Response>): Promise<Response | undefined> {
  const ours = and(eq(t.idempotencyKeys.id, id), eq(t.idempotencyKeys.claim, claim));
  try {
    return await db.transaction(async (tx) => {
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
    });
  } catch (error) {
    if (error instanceof ClaimLost) return undefined;
    await db.delete(t.idempotencyKeys).where(ours);
    throw error;
  }
}

/**
 * At the start of the only process that can reach the database (embedded PGlite), a running claim is a request that
 * died with the last process: released, so that the device's retry runs at once instead of waiting out
 * ABANDONED_AFTER_MS. (On a PostgreSQL server another instance may still be running it; there the wait stands.)
 */
export async function releaseClaimsOfEndedProcess(db: Database): Promise<number> {
  const released = await db.delete(t.idempotencyKeys).where(eq(t.idempotencyKeys.state, 'running')).returning({ id: t.idempotencyKeys.id });
  return released.length;
}

/** Keys are kept long enough for an offline device to come back and replay its outbox. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

export async function pruneIdempotencyKeys(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
  await db.delete(t.idempotencyKeys).where(lt(t.idempotencyKeys.createdAt, cutoff));
}
