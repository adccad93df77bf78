import { META_LAST_SYNC, META_OUTBOX_PAUSE, type OfflineDb } from './db';
import type { JsonValue, OutboxEntry, OutboxError, OutboxEvent, OutboxIntent, OutboxPause, SendAnswer } from './outbox-types';
import { readPath, rewriteJson, rewriteQuery, rewriteString, type TempIdMap } from './temp-ids';

/*
 * The outbox's answer handling (outbox.ts): what each kind of answer does to the entry in the store, one transaction
 * per answer, and how the running replay's picture of the queue (QueueView) follows.
 */

export const BACKOFF_BASE_MS = 2_000;
/** About 8 minutes of backoff: a 500 that survives it is not going away by itself. */
export const MAX_SERVER_ERROR_ATTEMPTS = 8;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Exponential backoff with ±20 % jitter, capped at BACKOFF_MAX_MS: 2 s, 4 s, 8 s … 5 min. */
export function backoffDelay(attempts: number, random: () => number): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(BACKOFF_MAX_MS, Math.round(exponential * (0.8 + 0.4 * random())));
}

export type AnswerKind = 'done' | 'transient' | 'unauthorized' | 'rejected';

export function classifyStatus(status: number): AnswerKind {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'rejected';
}

const DEFAULT_MESSAGES: Record<number, string> = {
  0: 'No connection to the server.',
  400: 'Bad Request',
  401: 'Your session has expired. Sign in again to send your changes.',
  403: 'You do not have permission to make this change.',
  404: 'The record of this change no longer exists.',
  409: 'This record was changed by someone else.',
  413: 'The upload is too large.',
  422: 'The server could not process this change.',
  503: 'The server is under maintenance.',
};

export function errorFromAnswer(answer: SendAnswer): OutboxError {
  const body = answer.body;
  const serverMessage =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
  const error: OutboxError = {
    status: answer.status,
    message: serverMessage || DEFAULT_MESSAGES[answer.status] || `The server answered HTTP ${answer.status}.`,
  };
  // A stale update's 409 carries the record as it is now (ConflictBody): kept to show mine beside theirs.
  if (answer.status === 409 && body && typeof body === 'object' && 'current' in body) {
    const current = (body as { current?: unknown }).current;
    if (current !== undefined) error.current = current as JsonValue;
  }
  return error;
}

export function errorFromThrown(error: unknown): OutboxError {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return { status: 0, message: `${DEFAULT_MESSAGES[0]}${detail}` };
}

/**
 * A running replay's picture of the queue: every entry by seq (in seq order), the server ids known for
 * the temp ids they wait for, and the queueEdits count it was read at.
 */
export interface QueueView {
  entries: Map<number, OutboxEntry>;
  known: Map<string, string | number>;
  readAt: number;
}

/** What the answer handling needs of the outbox it serves. */
export interface AnswerContext {
  db: OfflineDb;
  now: () => number;
  random: () => number;
  tallySentUnder: string | undefined;
  currentSession: (() => string | undefined) | undefined;
  emit: (event: OutboxEvent) => void;
  /** The run wrote a row: its view follows. */
  remember: (row: OutboxEntry) => void;
  /** The running replay's view, if a replay runs. */
  view: () => QueueView | undefined;
}

export function createAnswerHandling(ctx: AnswerContext) {
  const { db, now, random, emit, remember } = ctx;

  async function park(entry: OutboxEntry, error: OutboxError) {
    await db.withReopen(() =>
      db.outbox.update(entry.seq!, { status: 'failed', lastError: error, nextAttemptAt: 0, attempts: entry.attempts }),
    );
    const parked: OutboxEntry = { ...entry, status: 'failed', lastError: error, nextAttemptAt: 0 };
    remember(parked);
    emit({ type: 'failed', entry: parked, error });
  }

  /**
   * 2xx: the entry and its files go, the temp ids it created are learned and rewritten everywhere, in
   * one transaction. The run's view follows: the entry leaves it, the rows rewritten are replaced.
   */
  async function complete(entry: OutboxEntry, answer: SendAnswer): Promise<{ tempId: string; serverId: string | number }[]> {
    const assigned: { tempId: string; serverId: string | number }[] = [];
    const changed = new Map<number, OutboxEntry>();
    const completeInStore = async () => {
      assigned.length = 0;
      changed.clear();
      const current = await db.outbox.get(entry.seq!);
      if (!current) return;
      await db.outbox.delete(entry.seq!);
      if (current.fileIds.length) await db.files.bulkDelete(current.fileIds);
      await db.meta.put({ key: META_LAST_SYNC, value: now() });
      if (ctx.tallySentUnder) {
        const tally = (await db.meta.get(ctx.tallySentUnder))?.value;
        await db.meta.put({ key: ctx.tallySentUnder, value: (typeof tally === 'number' ? tally : 0) + 1 });
      }
      if (!current.createsTempId) return;
      const created = [{ tempId: current.createsTempId, idField: current.idField ?? 'id' }, ...(current.alsoCreates ?? [])];
      for (const { tempId, idField } of created) {
        const serverId = readPath(answer.body, idField);
        // Without an id the dependents cannot be sent; they are parked (claim) rather than dropped.
        if (!((typeof serverId === 'string' && serverId !== '') || (typeof serverId === 'number' && Number.isFinite(serverId)))) continue;
        await db.tempIds.put({ tempId, serverId, assignedAt: now() });
        const ids: TempIdMap = new Map([[tempId, serverId]]);
        const dependents = await db.outbox.where('dependsOn').equals(tempId).toArray();
        for (const dependent of dependents) {
          const changes: Partial<OutboxEntry> = {
            path: rewriteString(dependent.path, ids),
            recordKey: rewriteString(dependent.recordKey, ids),
            intent: rewriteIntent(dependent.intent, ids),
            dependsOn: dependent.dependsOn.filter((id) => id !== tempId),
          };
          if (dependent.query) changes.query = rewriteQuery(dependent.query, ids)!;
          if (dependent.body !== undefined) changes.body = rewriteJson(dependent.body, ids);
          await db.outbox.update(dependent.seq!, changes);
          changed.set(dependent.seq!, { ...dependent, ...changes });
        }
        // Later entries of the same record keep their order under the record's new key.
        for (const row of await db.outbox.where('recordKey').equals(current.recordKey).toArray()) {
          const recordKey = rewriteString(row.recordKey, ids);
          if (recordKey === row.recordKey) continue;
          await db.outbox.update(row.seq!, { recordKey });
          changed.set(row.seq!, { ...row, recordKey });
        }
        assigned.push({ tempId, serverId });
      }
    };
    // The answer is at hand: written after a reopen, the entry is not sent a second time (issue 22 §6).
    await db.withReopen(() => db.transaction('rw', [db.outbox, db.files, db.tempIds, db.meta], completeInStore));
    ctx.view()?.entries.delete(entry.seq!);
    changed.forEach(remember);
    for (const { tempId, serverId } of assigned) ctx.view()?.known.set(tempId, serverId);
    return assigned;
  }

  async function pause(entry: OutboxEntry, error: OutboxError) {
    await db.withReopen(() =>
      db.transaction('rw', db.outbox, db.meta, async () => {
        await db.outbox.update(entry.seq!, { status: 'pending', lastError: error });
        const session = ctx.currentSession?.();
        await db.meta.put({ key: META_OUTBOX_PAUSE, value: { at: now(), error, ...(session ? { session } : {}) } satisfies OutboxPause });
      }),
    );
    remember({ ...entry, status: 'pending', lastError: error });
    emit({ type: 'paused', error });
  }

  async function retryLater(entry: OutboxEntry, error: OutboxError) {
    const attempts = entry.attempts + 1;
    const nextAttemptAt = now() + backoffDelay(attempts, random);
    await db.withReopen(() => db.outbox.update(entry.seq!, { status: 'pending', attempts, nextAttemptAt, lastError: error }));
    const waiting: OutboxEntry = { ...entry, status: 'pending', attempts, nextAttemptAt, lastError: error };
    remember(waiting);
    emit({ type: 'retrying', entry: waiting, error, nextAttemptAt });
  }

  return { park, complete, pause, retryLater };
}

/** An intent names records as screens key them, by text: a temp id in it becomes the server id as text. */
export function rewriteIntent(intent: OutboxIntent, ids: TempIdMap): OutboxIntent {
  return rewriteJson(intent, new Map([...ids].map(([tempId, serverId]) => [tempId, String(serverId)])));
}
