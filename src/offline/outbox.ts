import { META_LAST_SYNC, META_OUTBOX_PAUSE, getMeta, type OfflineDb, type OutboxFile } from './db';
import { storedBody, type JsonValue, type OutboxCall, type OutboxEntry, type OutboxError, type OutboxIntent } from './outbox-types';
import { newUuid } from '../lib/ids';
import { authorName, otherAuthor } from '../lib/pending-mark';
import { followRecord } from './conflicts';
import { findTempIds, readPath, rewriteJson, rewriteQuery, rewriteString, type TempIdMap } from './temp-ids';

export type { OutboxCall, OutboxFileInput } from './outbox-types';

/*
 * The outbox holds every write that has not reached the server yet, as the exact REST call it
 * stands for, and replays them. Exactly-once rests on the Idempotency-Key that is created at enqueue
 * and sent unchanged on every retry: when an answer is lost after the server acted, the retry gets
 * the stored answer instead of acting twice.
 *
 * Order: entries of one record (recordKey) go one at a time in queue (seq) order: an entry never
 * starts while an earlier entry of its record is pending, sending or failed. An entry that refers to
 * another record by temp id waits until that record's create has been answered and the id written
 * into it (complete(), one transaction). Entries of different records go concurrently, up to
 * MAX_IN_FLIGHT at once, so across records the server may see them in any order.
 *
 * Each run first sends one entry alone (a probe) and widens to MAX_IN_FLIGHT only once the server
 * has answered it with a 2xx or a refusal: after an outage or an expired session the first call tells
 * whether the server can be reached, instead of six calls meeting the same timeout or 401.
 *
 * Choosing is claiming: claim() marks what it chooses 'sending' in one transaction that checks it
 * against the store, so an entry is never handed out twice and what goes out carries the ids
 * complete() wrote. The run's own bookkeeping (complete, park, retryLater, pause) is one transaction
 * per answer; IndexedDB runs transactions over the same tables one after another, so answers that
 * arrive together cannot interleave their writes.
 *
 * Answers: no answer, 408, 429 and 5xx are transient (retry later with backoff): the trouble is the
 * network or the server, not the entry, so the run starts nothing more, lets the calls already out
 * finish (their answers are kept), and ends as 'transient'. The entry that failed then holds the
 * whole queue: no entry behind it in seq order starts before its retry falls due, unless forced. 401
 * pauses the whole queue (the same way: nothing new starts, calls already out finish) until the user
 * signs in again. Any other 4xx parks the entry as failed with the server's message for the user to
 * retry, fix or discard (the server wrote nothing); its record's later entries wait behind it while
 * other records go on. 2xx removes the entry and its files. A plain 500 that persists is a server bug
 * this entry keeps meeting: after MAX_SERVER_ERROR_ATTEMPTS it is parked too, so that one entry cannot
 * hold the queue forever (503 maintenance and network errors never park).
 */

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
  /** The session the pause met (OutboxOptions.currentSession): the same one, after a reload too, does not lift it. */
  session?: string;
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
  /**
   * `upload` sums the bytes of every upload under way in this run (several may be out at once);
   * `entryId` names the one whose progress just moved.
   */
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
  /** A tag of the signed-in session's token (lib/session-token.ts sessionTag), kept with a 401's pause (OutboxPause). */
  currentSession?: () => string | undefined;
  /** Web Locks keep one replay across all tabs; null turns them off (each tab then relies on idempotency alone). */
  locks?: LockManager | null;
  lockName?: string;
  /**
   * A meta key under which every acknowledged entry is counted, in the transaction that removes it: the service
   * worker's drain counts there what went out while no page was open (./background-sends.ts), exactly.
   */
  tallySentUnder?: string;
}

export const BACKOFF_BASE_MS = 2_000;
/** About 8 minutes of backoff: a 500 that survives it is not going away by itself. */
export const MAX_SERVER_ERROR_ATTEMPTS = 8;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Calls out at once, of different records. Six is what a browser opens per host over HTTP/1.1: more would only queue inside it. */
export const MAX_IN_FLIGHT = 6;

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

function errorFromThrown(error: unknown): OutboxError {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return { status: 0, message: `${DEFAULT_MESSAGES[0]}${detail}` };
}

export const OUTBOX_LOCK_NAME = 'homesite-outbox';

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

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(options: OutboxOptions) {
  const { db, send } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const uuid = options.uuid ?? newUuid;
  const locks = options.locks === undefined ? globalThis.navigator?.locks : options.locks;
  const lockName = options.lockName ?? OUTBOX_LOCK_NAME;
  const currentUser = () => authorName(options.currentUser?.());
  /** Who made `entry` when it is not the user signed in: their change is sent, discarded or rewritten only by them. */
  const authorElse = (entry: OutboxEntry) => (options.currentUser ? otherAuthor(entry.owner, currentUser()) : undefined);
  const listeners = new Set<OutboxListener>();
  if (options.onEvent) listeners.add(options.onEvent);

  let running: Promise<ReplayResult> | undefined;
  let forceRequested = false;
  let requestCount = 0;
  /** The replay() calls the running pass looked at the queue after: one made later is not answered by that pass. */
  let requestsSeen = 0;
  /** Bumped after every change to the queue made other than by a run's own bookkeeping. */
  let queueEdits = 0;
  /** The running replay's picture of the queue (see QueueView); undefined outside a run. */
  let view: QueueView | undefined;
  /** Wakes a running replay that waits for answers, to choose again (see runPass). */
  let wake: (() => void) | undefined;

  function edited() {
    queueEdits += 1;
    wake?.();
  }

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
        data: await file.blob.arrayBuffer(),
        name: file.name ?? (file.blob as Partial<File>).name ?? 'file',
        type: file.blob.type || 'application/octet-stream',
        size: file.blob.size,
      })),
    );
    const id = uuid();
    const idempotencyKey = call.idempotencyKey ?? uuid();
    const write = async () => {
      // A try before a reopen (OfflineDb.withReopen) may have been written after all: the change is not queued twice.
      const written = await db.outbox.where('id').equals(id).first();
      if (written) return written;
      const mentioned = findTempIds(call.path, call.query, call.body, call.intent, call.dependsOn ?? []);
      // A temp id whose create was already sent is written as the server id straight away.
      const known = await tempIdMap(mentioned);
      const row: OutboxEntry = {
        id,
        method: call.method,
        base: call.base,
        path: rewriteString(call.path, known),
        fileIds: files.map((file) => file.id),
        idempotencyKey,
        recordKey: rewriteString(call.recordKey, known),
        label: call.label,
        intent: rewriteIntent(call.intent, known),
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
      if (call.body !== undefined) row.body = rewriteJson(storedBody(call.body), known);
      if (call.fieldLabels) row.fieldLabels = { ...call.fieldLabels };
      if (call.changes) row.changes = [...call.changes];
      if (call.createsTempId) {
        row.createsTempId = call.createsTempId;
        row.idField = call.idField ?? 'id';
        if (call.alsoCreates?.length) row.alsoCreates = call.alsoCreates;
      }
      if (files.length) await db.files.bulkAdd(files);
      row.seq = await db.outbox.add(row);
      return row;
    };
    const entry = await db.withReopen(() => db.transaction('rw', db.outbox, db.files, db.tempIds, write));
    edited();
    emit({ type: 'queued', entry });
    return entry;
  }

  /** The whole queue and the temp ids its entries wait for, read in the caller's transaction. */
  async function readView(): Promise<QueueView> {
    const readAt = queueEdits;
    const entries = await db.outbox.orderBy('seq').toArray();
    const known = await tempIdMap([...new Set(entries.flatMap((entry) => entry.dependsOn))]);
    return { entries: new Map(entries.map((entry) => [entry.seq!, entry])), known, readAt };
  }

  /** The run wrote `row`: its view follows (rows it never read are left to the next full read). */
  function remember(row: OutboxEntry) {
    if (view?.entries.has(row.seq!)) view.entries.set(row.seq!, row);
  }

  /**
   * Chooses up to `slots` entries this run may send now and marks them 'sending', in one transaction:
   * the same entry cannot be chosen twice, and what is chosen is read from the store right there, so it
   * carries every id complete() has written. `inFlight` (seqs this run has out) are never chosen again,
   * whatever the store says. Parks entries that can never be sent.
   *
   * The choice is made on the run's view, not on a fresh read of every entry after every answer. The
   * view is read whole at the start of a run and whenever anything but the run itself changed the
   * queue in this tab (queueEdits), and follows the run's own writes. What else can make it stale is
   * another tab (without the Web Lock, or enqueuing meanwhile), and that only ever makes the run wait:
   * an entry it does not know yet, or a failed one another tab put back in line, goes in the next run.
   * The one stale view that could do harm, an entry chosen that is no longer what the view says (gone,
   * not pending, other record or dependencies), is caught by comparing it with the store inside this
   * transaction; and entries are parked as orphans only on a view read in this transaction.
   */
  async function claim(slots: number, force: boolean, inFlight: ReadonlySet<number>): Promise<OutboxEntry[]> {
    const orphans: { entry: OutboxEntry; error: OutboxError }[] = [];
    const claimInStore = async () => {
      orphans.length = 0;
      let current = view?.readAt === queueEdits ? view : undefined;
      let fresh = false;
      for (;;) {
        if (!current) {
          current = view = await readView();
          fresh = true;
        }
        const plan = choose(current, slots, force, inFlight, now());
        if (plan.orphans.length && !fresh) {
          current = undefined;
          continue;
        }
        const rows = await db.outbox.bulkGet(plan.chosen.map((entry) => entry.seq!));
        // Read in this transaction, the view cannot disagree with the store: at most one more round.
        if (rows.some((row, index) => !row || !sameSchedule(row, plan.chosen[index]!))) {
          current = undefined;
          continue;
        }
        for (const { entry, tempId } of plan.orphans) {
          const error = {
            status: 0,
            message: `This change refers to a record that was never saved (${tempId}). Discard it and enter it again.`,
          };
          await db.outbox.update(entry.seq!, { status: 'failed', lastError: error, nextAttemptAt: 0 });
          const parked: OutboxEntry = { ...entry, status: 'failed', lastError: error, nextAttemptAt: 0 };
          current.entries.set(entry.seq!, parked);
          orphans.push({ entry: parked, error });
        }
        // Whole rows just read in this transaction: writing them back loses nothing.
        const chosen = (rows as OutboxEntry[]).map((row): OutboxEntry => ({ ...row, status: 'sending' }));
        if (chosen.length) await db.outbox.bulkPut(chosen);
        for (const row of chosen) current.entries.set(row.seq!, row);
        return chosen;
      }
    };
    const claimed = await db.withReopen(async () => {
      try {
        return await db.transaction('rw', db.outbox, db.tempIds, claimInStore);
      } catch (error) {
        // The view may hold what the failed transaction did not write: the next try reads the store afresh.
        view = undefined;
        throw error;
      }
    });
    for (const { entry, error } of orphans) emit({ type: 'failed', entry, error });
    return claimed;
  }

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
      if (options.tallySentUnder) {
        const tally = (await db.meta.get(options.tallySentUnder))?.value;
        await db.meta.put({ key: options.tallySentUnder, value: (typeof tally === 'number' ? tally : 0) + 1 });
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
    view?.entries.delete(entry.seq!);
    changed.forEach(remember);
    for (const { tempId, serverId } of assigned) view?.known.set(tempId, serverId);
    return assigned;
  }

  /** Sends one claimed ('sending') entry and does the bookkeeping its answer calls for. */
  async function sendOne(entry: OutboxEntry, onUploadProgress: (loaded: number, total: number) => void): Promise<AnswerKind | 'no-answer'> {
    if (authorElse(entry)) {
      await pause(entry, { status: 401, message: `Sign in as ${entry.owner} to send the changes made under that account.` });
      return 'unauthorized';
    }
    emit({ type: 'sending', entry });

    // Ids learned since the entry was written (e.g. by another tab) are applied once more before sending.
    const ids = await db.withReopen(() => tempIdMap(findTempIds(entry.path, entry.query, entry.body)));
    const outgoing: OutboxEntry = { ...entry, path: rewriteString(entry.path, ids) };
    if (entry.query) outgoing.query = rewriteQuery(entry.query, ids)!;
    if (entry.body !== undefined) outgoing.body = rewriteJson(entry.body, ids);
    const files = entry.fileIds.length
      ? (await db.withReopen(() => db.files.bulkGet(entry.fileIds))).filter((file): file is OutboxFile => !!file)
      : [];
    if (files.length !== entry.fileIds.length) {
      await park(entry, { status: 0, message: 'A file of this change is missing from this device. Discard it and add the file again.' });
      return 'rejected';
    }

    let answer: SendAnswer;
    try {
      answer = await send(outgoing, files, { onUploadProgress });
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
        await park(
          { ...entry, attempts: entry.attempts + 1 },
          { ...error, message: `${error.message} (the server failed ${MAX_SERVER_ERROR_ATTEMPTS} times)` },
        );
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
    await db.withReopen(() =>
      db.transaction('rw', db.outbox, db.meta, async () => {
        await db.outbox.update(entry.seq!, { status: 'pending', lastError: error });
        const session = options.currentSession?.();
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

  async function runPass(): Promise<ReplayResult> {
    // Under the lock nothing else is sending: a 'sending' entry is left over from a closed tab or a
    // reload mid-request. Sending it again is safe because it keeps its idempotency key.
    await db.withReopen(() => db.outbox.where('status').equals('sending').modify({ status: 'pending' }));
    view = undefined;
    let sent = 0;
    let failed = 0;
    const finish = async (stoppedBy: ReplayStop): Promise<ReplayResult> => {
      view = undefined;
      const remaining = await db.withReopen(() => db.outbox.count());
      return { sent, failed, remaining, stoppedBy };
    };
    if (await getMeta<OutboxPause>(db, META_OUTBOX_PAUSE)) return finish('paused');
    /** Sends under way, by seq; each task settles (never rejects) once its bookkeeping is written. */
    const inFlight = new Map<number, Promise<void>>();
    let total = await db.withReopen(() => db.outbox.where('status').equals('pending').count());
    const progressTotal = () => Math.max(total, sent + inFlight.size);
    const uploads = new Map<string, { loaded: number; total: number }>();
    /** Once set, nothing new starts; the run ends so when the calls already out have finished. */
    let stop: 'transient' | 'paused' | undefined;
    let crash: { error: unknown } | undefined;
    /** The probe has been answered (2xx or a refusal): from now on up to MAX_IN_FLIGHT go at once. */
    let widened = false;
    /** Calls settled so far: one that settles while the loop is choosing makes it choose again. */
    let settled = 0;

    const start = (entry: OutboxEntry) => {
      const reportUpload = (loaded: number, size: number) => {
        uploads.set(entry.id, { loaded, total: size });
        let allLoaded = 0;
        let allTotal = 0;
        for (const upload of uploads.values()) {
          allLoaded += upload.loaded;
          allTotal += upload.total;
        }
        emit({ type: 'progress', sent, total: progressTotal(), upload: { entryId: entry.id, loaded: allLoaded, total: allTotal } });
      };
      const task = sendOne(entry, reportUpload).then(
        (kind) => {
          if (kind === 'done') {
            widened = true;
            sent += 1;
            emit({ type: 'progress', sent, total: progressTotal() });
          } else if (kind === 'rejected') {
            widened = true;
            failed += 1;
          } else if (kind === 'unauthorized') {
            stop = 'paused';
          } else if (stop === undefined) {
            stop = 'transient';
          }
        },
        (error: unknown) => {
          // The store failed under us: stop, and throw once the other calls are settled (a run that
          // ended with calls still out would let the next run send them a second time at once). The
          // entry stays 'sending' until the next run puts it back in line.
          crash ??= { error };
          stop ??= 'transient';
        },
      );
      inFlight.set(
        entry.seq!,
        task.finally(() => {
          inFlight.delete(entry.seq!);
          uploads.delete(entry.id);
          settled += 1;
        }),
      );
    };

    for (;;) {
      const seenRequests = requestCount;
      const seenSettled = settled;
      const slots = stop ? 0 : (widened ? MAX_IN_FLIGHT : 1) - inFlight.size;
      if (slots > 0) {
        let claimed: OutboxEntry[] = [];
        try {
          claimed = await claim(slots, forceRequested, new Set(inFlight.keys()));
        } catch (error) {
          // As below: the calls out finish their bookkeeping before the run ends with the error.
          crash ??= { error };
          stop ??= 'transient';
        }
        claimed.forEach(start);
        total = progressTotal();
        // A call settled while this was choosing: what it freed may not have been seen, and it is no
        // longer in `inFlight` to wake the wait below.
        if (settled !== seenSettled) continue;
      }
      if (inFlight.size === 0) {
        requestsSeen = seenRequests;
        if (crash) throw crash.error;
        if (stop) return finish(stop);
        // A replay() that arrived while this one was choosing may carry `force`: look once more.
        if (seenRequests !== requestCount) continue;
        return finish('drained');
      }
      // An answer may free a slot, a record, or a temp id that others wait for: choose again. So may
      // a change queued meanwhile or a replay() joining this one (e.g. a form saved online while a long
      // upload of another record is out: it goes now, not after the upload).
      await new Promise<void>((resolve) => {
        wake = resolve;
        void Promise.race(inFlight.values()).then(resolve);
      });
      wake = undefined;
    }
  }

  function withLock<T>(task: () => Promise<T>): Promise<T> {
    if (!locks) return task();
    return locks.request(lockName, { mode: 'exclusive' }, task) as Promise<T>;
  }

  /** Sends what can be sent now. A call while a replay runs joins it. `force` ignores retry delays. */
  function replay(replayOptions: { force?: boolean } = {}): Promise<ReplayResult> {
    requestCount += 1;
    const request = requestCount;
    if (replayOptions.force) forceRequested = true;
    if (running) {
      wake?.();
      // Joined too late (the pass had chosen for the last time, e.g. a change queued as it ended): a pass of its own,
      // once this one has let go, or the change would wait for the next trigger.
      return running.then(
        (result) => (request <= requestsSeen ? result : replay(replayOptions)),
        (error: unknown) => (request <= requestsSeen ? Promise.reject(error) : replay(replayOptions)),
      );
    }
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
    await db.withReopen(() => db.meta.delete(META_OUTBOX_PAUSE));
    if (wasPaused) emit({ type: 'resumed' });
    return replay({ force: true });
  }

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

  /** The server id of a record created offline once known, else the id itself. */
  async function resolveId(id: string): Promise<string | number> {
    return (await db.withReopen(() => db.tempIds.get(id)))?.serverId ?? id;
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
    dropOnto,
    discard,
    dependentsOf,
    pauseState,
    resolveId,
    subscribe,
    isReplaying: () => running !== undefined,
  };
}

/**
 * A running replay's picture of the queue: every entry by seq (in seq order), the server ids known for
 * the temp ids they wait for, and the queueEdits count it was read at.
 */
interface QueueView {
  entries: Map<number, OutboxEntry>;
  known: Map<string, string | number>;
  readAt: number;
}

/**
 * The order rules on a view: up to `slots` entries that may go now, in seq order, and entries that
 * wait for a temp id nobody will hand out. An entry goes only when it is pending, no earlier entry of
 * its record is left (pending, sending or failed), every temp id it names is known, and it is due;
 * the first one that is not due (a transient failure's backoff, unless forced) stops the choice.
 */
function choose(view: QueueView, slots: number, force: boolean, inFlight: ReadonlySet<number>, time: number) {
  const entries = [...view.entries.values()];
  const queuedCreates = new Set(entries.flatMap(createdBy));
  const busyRecords = new Set<string>();
  const chosen: OutboxEntry[] = [];
  const orphans: { entry: OutboxEntry; tempId: string }[] = [];
  for (const entry of entries) {
    if (chosen.length >= slots) break;
    const unresolved = entry.dependsOn.filter((tempId) => !view.known.has(tempId));
    const orphan = unresolved.find((tempId) => !queuedCreates.has(tempId));
    if (orphan !== undefined && entry.status === 'pending' && !inFlight.has(entry.seq!)) orphans.push({ entry, tempId: orphan });
    const waits =
      orphan !== undefined ||
      entry.status !== 'pending' ||
      inFlight.has(entry.seq!) ||
      busyRecords.has(entry.recordKey) ||
      unresolved.length > 0;
    busyRecords.add(entry.recordKey);
    if (waits) continue;
    if (!force && entry.nextAttemptAt > time) break;
    chosen.push(entry);
  }
  return { chosen, orphans };
}

/** The fields choose() decides on are the same in both. */
function sameSchedule(a: OutboxEntry, b: OutboxEntry): boolean {
  return (
    a.status === b.status &&
    a.recordKey === b.recordKey &&
    a.nextAttemptAt === b.nextAttemptAt &&
    a.dependsOn.length === b.dependsOn.length &&
    a.dependsOn.every((tempId, index) => tempId === b.dependsOn[index])
  );
}

function rowVersionOf(body: JsonValue | undefined): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const version = body.rowVersion;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/** An intent names records as screens key them, by text: a temp id in it becomes the server id as text. */
function rewriteIntent(intent: OutboxIntent, ids: TempIdMap): OutboxIntent {
  return rewriteJson(intent, new Map([...ids].map(([tempId, serverId]) => [tempId, String(serverId)])));
}

/** The temp ids a call or entry hands out when its create is answered. */
function createdBy(call: Pick<OutboxCall, 'createsTempId' | 'alsoCreates'>): string[] {
  return call.createsTempId ? [call.createsTempId, ...(call.alsoCreates ?? []).map((also) => also.tempId)] : [];
}
