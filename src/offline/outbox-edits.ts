import type { OfflineDb } from './db';
import { followRecord } from './conflicts';
import type { JsonValue, OutboxCall, OutboxEntry, OutboxEvent } from './outbox-types';

/*
 * What the user does to queued changes (outbox.ts): put a failed one back in line, revise it, drop it onto the
 * server's version, discard it with what depends on it. Each is one transaction; `edited` wakes a running replay.
 */

/** Someone other than the change's author tried to discard or rewrite it (issue 22 §1). */
export class OthersChangeError extends Error {
  override readonly name = 'OthersChangeError';
  constructor(
    readonly author: string,
    label: string,
  ) {
    super(`“${label}” was made by ${author}: only they can send or discard it, after signing in on this device.`);
  }
}

/** What the edit actions need of the outbox they serve. */
export interface EditContext {
  db: OfflineDb;
  uuid: () => string;
  /** Who made `entry` when it is not the user signed in: their change is sent, discarded or rewritten only by them. */
  authorElse: (entry: OutboxEntry) => string | undefined;
  /** The queue changed other than by a run's own bookkeeping. */
  edited: () => void;
  emit: (event: OutboxEvent) => void;
}

export function createOutboxEdits(ctx: EditContext) {
  const { db, uuid, authorElse, edited, emit } = ctx;

  async function getEntry(seq: number): Promise<OutboxEntry> {
    const entry = await db.withReopen(() => db.outbox.get(seq));
    if (!entry) throw new Error(`No queued change #${seq}.`);
    return entry;
  }

  /**
   * Puts a failed entry back in line. After a refusal (4xx) it gets a new idempotency key: a server
   * may keep the refusal under the old key, and a refusal means nothing was written, so no double.
   * After a server failure (5xx) the old key stays: whether that request wrote anything is unknown.
   */
  async function retry(seq: number): Promise<void> {
    const entry = await getEntry(seq);
    if (entry.status !== 'failed') return;
    const refused = (entry.lastError?.status ?? 0) >= 400 && (entry.lastError?.status ?? 0) < 500;
    const update = { status: 'pending' as const, attempts: 0, nextAttemptAt: 0, ...(refused ? { idempotencyKey: uuid() } : {}) };
    await db.withReopen(() => db.outbox.update(seq, update));
    edited();
  }

  /**
   * Later queued updates of the resource `entry` updates, once `entry` settled on the server's `record` version:
   * each predicted its rowVersion from this one's (one more per update before it), so it moves by `shift`; and
   * the fields it did not change follow the record as it will then be (conflicts.ts followRecord), so that what
   * the user chose for `entry` is not overwritten by a later update composed before the choice (issue 22 §11).
   */
  async function carryLaterUpdates(entry: OutboxEntry, record: JsonValue | undefined, shift: number) {
    const later = await db.outbox.where('seq').above(entry.seq!).toArray();
    let after = record;
    for (const row of later) {
      const version = rowVersionOf(row.body);
      if (
        row.method !== entry.method ||
        row.base !== entry.base ||
        row.path !== entry.path ||
        version === undefined ||
        row.status === 'sending'
      )
        continue;
      const body: JsonValue = { ...(followRecord(row.body, after, row.changes) as Record<string, JsonValue>), rowVersion: version + shift };
      await db.outbox.update(row.seq!, { body });
      after = body;
    }
  }

  /**
   * Replaces the call of a failed entry (e.g. the body rebased on the record's current rowVersion) and puts it
   * back in line; later queued updates of the same resource move onto it (carryLaterUpdates).
   */
  async function revise(seq: number, change: { path?: string; query?: Record<string, string>; body?: JsonValue }): Promise<void> {
    const reviseInStore = async () => {
      const entry = await getEntry(seq);
      if (entry.status !== 'failed') throw new Error('Only a failed change can be revised.');
      refuseOthersChanges([entry]);
      const update: Partial<OutboxEntry> = { status: 'pending', attempts: 0, nextAttemptAt: 0, idempotencyKey: uuid() };
      if (change.path !== undefined) update.path = change.path;
      if (change.query !== undefined) update.query = change.query;
      if (change.body !== undefined) update.body = change.body;
      await db.outbox.update(seq, update);
      const shift = (rowVersionOf(change.body) ?? NaN) - (rowVersionOf(entry.body) ?? NaN);
      if (Number.isFinite(shift)) await carryLaterUpdates(entry, change.body, shift);
    };
    await db.withReopen(() => db.transaction('rw', db.outbox, reviseInStore));
    edited();
  }

  /**
   * Drops an update the server refused with 409 whose user kept the server's version (`current`): later queued
   * updates of the resource, which predicted their rowVersion from it, move onto `current` (carryLaterUpdates).
   */
  async function dropOnto(seq: number, current: JsonValue): Promise<void> {
    const entry = await getEntry(seq);
    refuseOthersChanges([entry]);
    const version = rowVersionOf(entry.body);
    const theirs = rowVersionOf(current);
    if (version !== undefined && theirs !== undefined) {
      // Without this update the next one goes at their version, not one past this one's.
      await db.withReopen(() => db.transaction('rw', db.outbox, () => carryLaterUpdates(entry, current, theirs - (version + 1))));
    }
    await discard(seq);
  }

  /** The entry and every entry that needs the record it creates, transitively: what a discard removes. */
  async function discardSet(seq: number): Promise<OutboxEntry[]> {
    const entries = await db.outbox.orderBy('seq').toArray();
    const root = entries.find((entry) => entry.seq === seq);
    if (!root) return [];
    const chosen = [root];
    const lostTempIds = new Set(createdBy(root));
    for (const entry of entries) {
      if (entry === root || !entry.dependsOn.some((tempId) => lostTempIds.has(tempId))) continue;
      chosen.push(entry);
      for (const tempId of createdBy(entry)) lostTempIds.add(tempId);
    }
    return chosen;
  }

  /** The entries a discard of `seq` would also remove (beyond `seq` itself), for the confirmation. */
  async function dependentsOf(seq: number): Promise<OutboxEntry[]> {
    return (await db.withReopen(() => discardSet(seq))).slice(1);
  }

  /** Throws when one of `entries` is another user's change (issue 22 §1: on a shared tablet only its author may drop or rewrite it). */
  function refuseOthersChanges(entries: readonly OutboxEntry[]) {
    const theirs = entries.find(authorElse);
    if (theirs) throw new OthersChangeError(theirs.owner!, theirs.label);
  }

  /** Removes an entry the user gave up on, with the entries that cannot be sent without it. */
  async function discard(seq: number): Promise<OutboxEntry[]> {
    const discardInStore = async () => {
      const chosen = await discardSet(seq);
      if (chosen.some((entry) => entry.status === 'sending')) {
        throw new Error('This change is being sent right now; wait for the answer before discarding it.');
      }
      refuseOthersChanges(chosen);
      await db.outbox.bulkDelete(chosen.map((entry) => entry.seq!));
      await db.files.bulkDelete(chosen.flatMap((entry) => entry.fileIds));
      return chosen;
    };
    const removed = await db.withReopen(() => db.transaction('rw', db.outbox, db.files, discardInStore));
    edited();
    if (removed.length) emit({ type: 'discarded', entries: removed });
    return removed;
  }

  return { retry, revise, dropOnto, discard, dependentsOf };
}

function rowVersionOf(body: JsonValue | undefined): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const version = body.rowVersion;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/** The temp ids a call or entry hands out when its create is answered. */
export function createdBy(call: Pick<OutboxCall, 'createsTempId' | 'alsoCreates'>): string[] {
  return call.createsTempId ? [call.createsTempId, ...(call.alsoCreates ?? []).map((also) => also.tempId)] : [];
}
