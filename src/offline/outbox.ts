import type { ApiBase } from '../contract';
import {
  META_LAST_SYNC,
  META_OUTBOX_PAUSE,
  getMeta,
  type JsonValue,
  type OfflineDb,
  type OutboxEntry,
  type OutboxError,
  type OutboxFile,
  type OutboxMethod,
  type AlsoCreated,
} from './db';
import { newUuid } from '../lib/ids';
import { findTempIds, readPath, rewriteJson, rewriteQuery, rewriteString, type TempIdMap } from './temp-ids';

/*
 * The outbox holds every write that has not reached the server yet, as the exact REST call it
 * stands for, and replays them in order. Exactly-once rests on the Idempotency-Key that is created
 * at enqueue and sent unchanged on every retry: when an answer is lost after the server acted, the
 * retry gets the stored answer instead of acting twice.
 *
 * Order: entries go in queue (seq) order. An entry waits while an earlier entry of its record is
 * failed (or itself waiting), and while a record it refers to by temp id has not been created on the
 * server; entries of other records go ahead of such waiting entries. A transient failure holds the
 * whole queue instead: the trouble is the network or the server, not the entry, so nothing overtakes
 * it and the queue stays first-in first-out until its retry falls due.
 *
 * Answers: no answer, 408, 429 and 5xx are transient (retry later with backoff; this run stops, as
 * the next call would most likely meet the same trouble); 401 pauses the whole queue until the user
 * signs in again; any other 4xx parks the entry as failed with the server's message for the user to
 * retry, fix or discard (the server wrote nothing); 2xx removes the entry and its files. A plain 500
 * that persists is a server bug this entry keeps meeting: after MAX_SERVER_ERROR_ATTEMPTS it is parked
 * too, so that one entry cannot hold the queue forever (503 maintenance and network errors never park).
 */

export interface OutboxFileInput {
  /** Multipart field name. */
  field: string;
  blob: Blob;
  /** File name sent to the server; defaults to the File's own name. */
  name?: string;
}

/** A write as a feature describes it: the REST call plus what the queue needs to order and show it. */
export interface OutboxCall {
  method: OutboxMethod;
  base: ApiBase;
  path: string;
  query?: Record<string, string>;
  /** JSON body; with files, its top-level fields become multipart fields. */
  body?: JsonValue;
  files?: OutboxFileInput[];
  recordKey: string;
  label: string;
  createsTempId?: string;
  idField?: string;
  /** Further temp ids the create hands out, read from the answer at their own paths. */
  alsoCreates?: AlsoCreated[];
  /** Temp ids the call needs besides those found in its path, query and body. */
  dependsOn?: string[];
  /** The key of a first try that got no answer: the server may have stored it, so the replay must repeat it. */
  idempotencyKey?: string;
}

export interface SendAnswer {
  status: number;
  body: unknown;
}

export interface SendOptions {
  onUploadProgress?: (loaded: number, total: number) => void;
}

/** Sends one entry; resolves with any HTTP answer, rejects only when no answer came (network error, timeout). */
export type OutboxSend = (entry: OutboxEntry, files: OutboxFile[], options: SendOptions) => Promise<SendAnswer>;

export interface OutboxPause {
  at: number;
  error: OutboxError;
}

export type ReplayStop = 'drained' | 'transient' | 'paused';

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Entries still in the queue (pending or failed) when the run ended. */
  remaining: number;
  stoppedBy: ReplayStop;
}

export type OutboxEvent =
  | { type: 'queued'; entry: OutboxEntry }
  | { type: 'sending'; entry: OutboxEntry }
  | { type: 'sent'; entry: OutboxEntry; answer: SendAnswer }
  | { type: 'retrying'; entry: OutboxEntry; error: OutboxError; nextAttemptAt: number }
  | { type: 'failed'; entry: OutboxEntry; error: OutboxError }
  | { type: 'paused'; error: OutboxError }
  | { type: 'resumed' }
  | { type: 'idAssigned'; tempId: string; serverId: string | number }
  | { type: 'progress'; sent: number; total: number; upload?: { entryId: string; loaded: number; total: number } }
  | { type: 'discarded'; entries: OutboxEntry[] }
  | { type: 'replayStarted' }
  | { type: 'replayFinished'; result: ReplayResult };

export type OutboxListener = (event: OutboxEvent) => void;

export interface OutboxOptions {
  db: OfflineDb;
  send: OutboxSend;
  now?: () => number;
  /** In [0, 1): spreads retries of many devices after an outage. */
  random?: () => number;
  uuid?: () => string;
  onEvent?: OutboxListener;
  /**
   * The signed-in user's name. Entries remember who made them and are only sent while that user is
   * signed in: on a shared tablet, one user's changes must never go out under another's token.
   */
  currentUser?: () => string | undefined;
  /** Web Locks keep one replay across all tabs; null turns them off (each tab then relies on idempotency alone). */
  locks?: LockManager | null;
  lockName?: string;
}

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
  return {
    status: answer.status,
    message: serverMessage || DEFAULT_MESSAGES[answer.status] || `The server answered HTTP ${answer.status}.`,
  };
}

function errorFromThrown(error: unknown): OutboxError {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return { status: 0, message: `${DEFAULT_MESSAGES[0]}${detail}` };
}

export const OUTBOX_LOCK_NAME = 'homesite-outbox';

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(options: OutboxOptions) {
  const { db, send } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const uuid = options.uuid ?? newUuid;
  const locks = options.locks === undefined ? globalThis.navigator?.locks : options.locks;
  const lockName = options.lockName ?? OUTBOX_LOCK_NAME;
  const currentUser = () => options.currentUser?.()?.trim().toLowerCase() || undefined;
  const listeners = new Set<OutboxListener>();
  if (options.onEvent) listeners.add(options.onEvent);

  let running: Promise<ReplayResult> | undefined;
  let forceRequested = false;
  let requestCount = 0;

  function emit(event: OutboxEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener must not stop the queue.
        console.error('outbox listener failed', error);
      }
    }
  }

  async function tempIdMap(ids: readonly string[]): Promise<Map<string, string | number>> {
    const map = new Map<string, string | number>();
    if (ids.length === 0) return map;
    const rows = await db.tempIds.bulkGet([...ids]);
    for (const row of rows) if (row) map.set(row.tempId, row.serverId);
    return map;
  }

  async function enqueue(call: OutboxCall): Promise<OutboxEntry> {
    if (!call.label.trim() || !call.recordKey.trim()) throw new Error('An outbox call needs a label and a recordKey.');
    // Read the files before the transaction: IndexedDB commits a transaction that awaits anything else.
    const files: OutboxFile[] = await Promise.all(
      (call.files ?? []).map(async (file) => ({
        id: uuid(),
        field: file.field,
        data: await readBlob(file.blob),
        name: file.name ?? (file.blob as Partial<File>).name ?? 'file',
        type: file.blob.type || 'application/octet-stream',
        size: file.blob.size,
      })),
    );
    const entry = await db.transaction('rw', db.outbox, db.files, db.tempIds, async () => {
      const mentioned = findTempIds(call.path, call.query, call.body, call.dependsOn ?? []);
      // A temp id whose create was already sent is written as the server id straight away.
      const known = await tempIdMap(mentioned);
      const row: OutboxEntry = {
        id: uuid(),
        method: call.method,
        base: call.base,
        path: rewriteString(call.path, known),
        fileIds: files.map((file) => file.id),
        idempotencyKey: call.idempotencyKey ?? uuid(),
        recordKey: rewriteString(call.recordKey, known),
        label: call.label,
        dependsOn: mentioned.filter((tempId) => !createdBy(call).includes(tempId) && !known.has(tempId)),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: now(),
      };
      const owner = currentUser();
      if (owner) row.owner = owner;
      const query = rewriteQuery(call.query, known);
      if (query) row.query = query;
      if (call.body !== undefined) row.body = rewriteJson(call.body, known);
      if (call.createsTempId) {
        row.createsTempId = call.createsTempId;
        row.idField = call.idField ?? 'id';
        if (call.alsoCreates?.length) row.alsoCreates = call.alsoCreates;
      }
      if (files.length) await db.files.bulkAdd(files);
      row.seq = await db.outbox.add(row);
      return row;
    });
    emit({ type: 'queued', entry });
    return entry;
  }

  /** The next entry this run may send, or undefined. Parks entries that can never be sent. */
  async function pickNext(force: boolean): Promise<OutboxEntry | undefined> {
    const entries = await db.outbox.orderBy('seq').toArray();
    const known = await tempIdMap([...new Set(entries.flatMap((entry) => entry.dependsOn))]);
    const queuedCreates = new Set(entries.flatMap(createdBy));
    const waitingRecords = new Set<string>();
    const time = now();
    for (const entry of entries) {
      const unresolved = entry.dependsOn.filter((tempId) => !known.has(tempId));
      const orphan = unresolved.find((tempId) => !queuedCreates.has(tempId));
      if (orphan && entry.status === 'pending') {
        await park(entry, {
          status: 0,
          message: `This change refers to a record that was never saved (${orphan}). Discard it and enter it again.`,
        });
      }
      const waits =
        orphan !== undefined || entry.status !== 'pending' || waitingRecords.has(entry.recordKey) || unresolved.length > 0;
      if (waits) {
        waitingRecords.add(entry.recordKey);
        continue;
      }
      // The first entry that could go is waiting out a transient failure: everything behind it waits too.
      if (!force && entry.nextAttemptAt > time) return undefined;
      return entry;
    }
    return undefined;
  }

  async function park(entry: OutboxEntry, error: OutboxError) {
    await db.outbox.update(entry.seq!, { status: 'failed', lastError: error, nextAttemptAt: 0, attempts: entry.attempts });
    emit({ type: 'failed', entry: { ...entry, status: 'failed', lastError: error }, error });
  }

  /** 2xx: the entry and its files go, the temp ids it created are learned and rewritten everywhere, in one transaction. */
  async function complete(entry: OutboxEntry, answer: SendAnswer): Promise<{ tempId: string; serverId: string | number }[]> {
    return db.transaction('rw', [db.outbox, db.files, db.tempIds, db.meta], async () => {
      const current = await db.outbox.get(entry.seq!);
      if (!current) return [];
      await db.outbox.delete(entry.seq!);
      if (current.fileIds.length) await db.files.bulkDelete(current.fileIds);
      await db.meta.put({ key: META_LAST_SYNC, value: now() });
      if (!current.createsTempId) return [];
      const assigned: { tempId: string; serverId: string | number }[] = [];
      const created = [{ tempId: current.createsTempId, idField: current.idField ?? 'id' }, ...(current.alsoCreates ?? [])];
      for (const { tempId, idField } of created) {
        const serverId = readPath(answer.body, idField);
        // Without an id the dependents cannot be sent; they are parked (pickNext) rather than dropped.
        if (!((typeof serverId === 'string' && serverId !== '') || (typeof serverId === 'number' && Number.isFinite(serverId)))) continue;
        await db.tempIds.put({ tempId, serverId, assignedAt: now() });
        const ids: TempIdMap = new Map([[tempId, serverId]]);
        const dependents = await db.outbox.where('dependsOn').equals(tempId).toArray();
        for (const dependent of dependents) {
          const changes: Partial<OutboxEntry> = {
            path: rewriteString(dependent.path, ids),
            recordKey: rewriteString(dependent.recordKey, ids),
            dependsOn: dependent.dependsOn.filter((id) => id !== tempId),
          };
          if (dependent.query) changes.query = rewriteQuery(dependent.query, ids)!;
          if (dependent.body !== undefined) changes.body = rewriteJson(dependent.body, ids);
          await db.outbox.update(dependent.seq!, changes);
        }
        // Later entries of the same record keep their order under the record's new key.
        await db.outbox.where('recordKey').equals(current.recordKey).modify((row) => {
          row.recordKey = rewriteString(row.recordKey, ids);
        });
        assigned.push({ tempId, serverId });
      }
      return assigned;
    });
  }

  async function sendOne(
    entry: OutboxEntry,
    progress: { sent: number; total: number },
  ): Promise<AnswerKind | 'no-answer' | 'gone'> {
    if (entry.owner && options.currentUser && currentUser() !== entry.owner) {
      await pause(entry, { status: 401, message: `Sign in as ${entry.owner} to send the changes made under that account.` });
      return 'unauthorized';
    }
    // Discarded between choosing and sending: nothing to do.
    if (!(await db.outbox.update(entry.seq!, { status: 'sending' }))) return 'gone';
    const sending: OutboxEntry = { ...entry, status: 'sending' };
    emit({ type: 'sending', entry: sending });

    // Ids learned since the entry was written (e.g. by another tab) are applied once more before sending.
    const ids = await tempIdMap(findTempIds(entry.path, entry.query, entry.body));
    const outgoing: OutboxEntry = { ...sending, path: rewriteString(entry.path, ids) };
    if (entry.query) outgoing.query = rewriteQuery(entry.query, ids)!;
    if (entry.body !== undefined) outgoing.body = rewriteJson(entry.body, ids);
    const files = (await db.files.bulkGet(entry.fileIds)).filter((file): file is OutboxFile => !!file);
    if (files.length !== entry.fileIds.length) {
      await park(entry, { status: 0, message: 'A file of this change is missing from this device. Discard it and add the file again.' });
      return 'rejected';
    }

    let answer: SendAnswer;
    try {
      answer = await send(outgoing, files, {
        onUploadProgress: (loaded, total) =>
          emit({ type: 'progress', ...progress, upload: { entryId: entry.id, loaded, total } }),
      });
    } catch (thrown) {
      await retryLater(entry, errorFromThrown(thrown));
      return 'no-answer';
    }

    const kind = classifyStatus(answer.status);
    if (kind === 'done') {
      const assigned = await complete(entry, answer);
      emit({ type: 'sent', entry: { ...entry, status: 'done' }, answer });
      for (const id of assigned) emit({ type: 'idAssigned', ...id });
    } else if (kind === 'transient') {
      if (answer.status === 500 && entry.attempts + 1 >= MAX_SERVER_ERROR_ATTEMPTS) {
        const error = errorFromAnswer(answer);
        await park({ ...entry, attempts: entry.attempts + 1 }, { ...error, message: `${error.message} (the server failed ${MAX_SERVER_ERROR_ATTEMPTS} times)` });
        return 'rejected';
      }
      await retryLater(entry, errorFromAnswer(answer));
    } else if (kind === 'unauthorized') {
      await pause(entry, errorFromAnswer({ status: 401, body: undefined }));
    } else {
      await park(entry, errorFromAnswer(answer));
    }
    return kind;
  }

  async function pause(entry: OutboxEntry, error: OutboxError) {
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.update(entry.seq!, { status: 'pending', lastError: error });
      await db.meta.put({ key: META_OUTBOX_PAUSE, value: { at: now(), error } satisfies OutboxPause });
    });
    emit({ type: 'paused', error });
  }

  async function retryLater(entry: OutboxEntry, error: OutboxError) {
    const attempts = entry.attempts + 1;
    const nextAttemptAt = now() + backoffDelay(attempts, random);
    await db.outbox.update(entry.seq!, { status: 'pending', attempts, nextAttemptAt, lastError: error });
    emit({ type: 'retrying', entry: { ...entry, attempts, nextAttemptAt, lastError: error }, error, nextAttemptAt });
  }

  async function runPass(): Promise<ReplayResult> {
    // Under the lock nothing else is sending: a 'sending' entry is left over from a closed tab or a
    // reload mid-request. Sending it again is safe because it keeps its idempotency key.
    await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    let sent = 0;
    let failed = 0;
    const finish = async (stoppedBy: ReplayStop): Promise<ReplayResult> => {
      const remaining = await db.outbox.count();
      return { sent, failed, remaining, stoppedBy };
    };
    if (await getMeta<OutboxPause>(db, META_OUTBOX_PAUSE)) return finish('paused');
    const total = await db.outbox.where('status').equals('pending').count();
    for (;;) {
      const seenRequests = requestCount;
      const next = await pickNext(forceRequested);
      if (!next) {
        // A replay() that arrived while this one was choosing may carry `force`: look once more.
        if (seenRequests !== requestCount) continue;
        return finish('drained');
      }
      const kind = await sendOne(next, { sent, total: Math.max(total, sent + 1) });
      if (kind === 'done') {
        sent += 1;
        emit({ type: 'progress', sent, total: Math.max(total, sent) });
      } else if (kind === 'rejected') {
        failed += 1;
      } else if (kind === 'unauthorized') {
        return finish('paused');
      } else if (kind === 'no-answer' || kind === 'transient') {
        return finish('transient');
      }
    }
  }

  function withLock<T>(task: () => Promise<T>): Promise<T> {
    if (!locks) return task();
    return locks.request(lockName, { mode: 'exclusive' }, task) as Promise<T>;
  }

  /** Sends what can be sent now. A call while a replay runs joins it. `force` ignores retry delays. */
  function replay(replayOptions: { force?: boolean } = {}): Promise<ReplayResult> {
    requestCount += 1;
    if (replayOptions.force) forceRequested = true;
    if (running) return running;
    emit({ type: 'replayStarted' });
    running = withLock(runPass).finally(() => {
      running = undefined;
      forceRequested = false;
    });
    void running.then(
      (result) => emit({ type: 'replayFinished', result }),
      () => undefined,
    );
    return running;
  }

  async function pauseState(): Promise<OutboxPause | undefined> {
    return getMeta<OutboxPause>(db, META_OUTBOX_PAUSE);
  }

  /** After the user signed in again: lift the 401 pause and send. */
  async function resume(): Promise<ReplayResult> {
    const wasPaused = await pauseState();
    await db.meta.delete(META_OUTBOX_PAUSE);
    if (wasPaused) emit({ type: 'resumed' });
    return replay({ force: true });
  }

  async function getEntry(seq: number): Promise<OutboxEntry> {
    const entry = await db.outbox.get(seq);
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
    await db.outbox.update(seq, { status: 'pending', attempts: 0, nextAttemptAt: 0, ...(refused ? { idempotencyKey: uuid() } : {}) });
  }

  /** Replaces the call of a failed entry (e.g. the body rebased on the record's current rowVersion) and puts it back in line. */
  async function revise(seq: number, change: { path?: string; query?: Record<string, string>; body?: JsonValue }): Promise<void> {
    const entry = await getEntry(seq);
    if (entry.status !== 'failed') throw new Error('Only a failed change can be revised.');
    const update: Partial<OutboxEntry> = { status: 'pending', attempts: 0, nextAttemptAt: 0, idempotencyKey: uuid() };
    if (change.path !== undefined) update.path = change.path;
    if (change.query !== undefined) update.query = change.query;
    if (change.body !== undefined) update.body = change.body;
    await db.outbox.update(seq, update);
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
    return (await discardSet(seq)).slice(1);
  }

  /** Removes an entry the user gave up on, with the entries that cannot be sent without it. */
  async function discard(seq: number): Promise<OutboxEntry[]> {
    const removed = await db.transaction('rw', db.outbox, db.files, async () => {
      const chosen = await discardSet(seq);
      if (chosen.some((entry) => entry.status === 'sending')) {
        throw new Error('This change is being sent right now; wait for the answer before discarding it.');
      }
      await db.outbox.bulkDelete(chosen.map((entry) => entry.seq!));
      await db.files.bulkDelete(chosen.flatMap((entry) => entry.fileIds));
      return chosen;
    });
    if (removed.length) emit({ type: 'discarded', entries: removed });
    return removed;
  }

  /** The server id of a record created offline once known, else the id itself. */
  async function resolveId(id: string): Promise<string | number> {
    return (await db.tempIds.get(id))?.serverId ?? id;
  }

  function subscribe(listener: OutboxListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    db,
    enqueue,
    replay,
    resume,
    retry,
    revise,
    discard,
    dependentsOf,
    pauseState,
    resolveId,
    subscribe,
    isReplaying: () => running !== undefined,
  };
}

/** The temp ids a call or entry hands out when its create is answered. */
function createdBy(call: Pick<OutboxCall, 'createsTempId' | 'alsoCreates'>): string[] {
  return call.createsTempId ? [call.createsTempId, ...(call.alsoCreates ?? []).map((also) => also.tempId)] : [];
}

async function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // jsdom's Blob lacks arrayBuffer(); FileReader is there.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
