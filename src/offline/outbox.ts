import { META_OUTBOX_PAUSE, getMeta, type OfflineDb, type OutboxFile } from './db';
import {
  classifyStatus,
  createAnswerHandling,
  errorFromAnswer,
  errorFromThrown,
  MAX_SERVER_ERROR_ATTEMPTS,
  rewriteIntent,
  type AnswerKind,
  type QueueView,
} from './outbox-answers';
import { createdBy, createOutboxEdits } from './outbox-edits';
import {
  storedBody,
  type OutboxCall,
  type OutboxEntry,
  type OutboxError,
  type OutboxEvent,
  type OutboxListener,
  type OutboxPause,
  type ReplayResult,
  type ReplayStop,
  type SendAnswer,
} from './outbox-types';
import { newUuid } from '../lib/ids';
import { authorName, otherAuthor } from '../lib/pending-mark';
import { findTempIds, rewriteJson, rewriteQuery, rewriteString } from './temp-ids';

export type {
  OutboxCall,
  OutboxEvent,
  OutboxFileInput,
  OutboxListener,
  OutboxPause,
  ReplayResult,
  ReplayStop,
  SendAnswer,
} from './outbox-types';
export {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  MAX_SERVER_ERROR_ATTEMPTS,
  backoffDelay,
  classifyStatus,
  errorFromAnswer,
  type AnswerKind,
} from './outbox-answers';
export { OthersChangeError } from './outbox-edits';

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

export interface SendOptions {
  onUploadProgress?: (loaded: number, total: number) => void;
}

/** Sends one entry; resolves with any HTTP answer, rejects only when no answer came (network error, timeout). */
export type OutboxSend = (entry: OutboxEntry, files: OutboxFile[], options: SendOptions) => Promise<SendAnswer>;

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

/** Calls out at once, of different records. Six is what a browser opens per host over HTTP/1.1: more would only queue inside it. */
export const MAX_IN_FLIGHT = 6;

export const OUTBOX_LOCK_NAME = 'homesite-outbox';

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

  const { park, complete, pause, retryLater } = createAnswerHandling({
    db,
    now,
    random,
    tallySentUnder: options.tallySentUnder,
    currentSession: options.currentSession,
    emit,
    remember,
    view: () => view,
  });
  const { retry, revise, dropOnto, discard, dependentsOf } = createOutboxEdits({ db, uuid, authorElse, edited, emit });

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
