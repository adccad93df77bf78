import { readBases } from '../lib/config';
import { isOfflineError, probeServer, request } from '../lib/http';
import { newUuid } from '../lib/ids';
import { otherAuthor, type ConflictChoice, type PendingChangeActions } from '../lib/pending-mark';
import { announceBackgroundSends } from './background-sends';
import { rebasedBody } from './conflicts';
import { readToken, readTokenClaims, sessionTag } from '../lib/session-token';
import { openOfflineDb, requestPersistentStorage, type OfflineDb, type OutboxEntry, type OutboxError } from './db';
import { createFetchSend } from './fetch-send';
import { createOutbox, OthersChangeError, type Outbox, type OutboxCall, type OutboxEvent, type OutboxSend } from './outbox';
import { startSync, type Sync } from './sync';
import { enqueueOrExplain } from './storage-full';
import { isTempId } from './temp-ids';

/*
 * The app's one offline store and queue. Features enqueue writes through `enqueueWrite` and read the
 * queue through the hooks of ./use-outbox; the shell starts the triggers once with `startOffline()`.
 */

export interface OfflineRuntime {
  db: OfflineDb;
  outbox: Outbox;
  /** The user name signed in now (changes are queued under it, and only its own are theirs to send or discard). */
  currentUser: () => string | undefined;
  /** Present once startOffline() ran. */
  sync: Sync | undefined;
}

let runtime: OfflineRuntime | undefined;

function userOfToken(): string | undefined {
  const token = readToken();
  return token ? readTokenClaims(token).userName : undefined;
}

export function createOfflineRuntime(
  options: { db?: OfflineDb; send?: OutboxSend; currentUser?: () => string | undefined } = {},
): OfflineRuntime {
  const db = options.db ?? openOfflineDb();
  const send = options.send ?? createFetchSend({ resolveBase: (base) => readBases()[base], getToken: readToken });
  const currentUser = options.currentUser ?? userOfToken;
  const currentSession = () => {
    const token = readToken();
    return token ? sessionTag(token) : undefined;
  };
  return { db, outbox: createOutbox({ db, send, currentUser, currentSession }), currentUser, sync: undefined };
}

export function getOffline(): OfflineRuntime {
  runtime ??= createOfflineRuntime();
  return runtime;
}

/** For tests: use this runtime instead of the browser one. */
export function setOfflineRuntime(next: OfflineRuntime | undefined) {
  runtime?.sync?.stop();
  runtime = next;
}

/** Starts replay triggers and asks for persistent storage. Returns a stop function (for tests and hot reload). */
export function startOffline(): () => void {
  const current = getOffline();
  let stopAnnouncing: (() => void) | undefined;
  if (!current.sync) {
    current.sync = startSync({ outbox: current.outbox, getToken: readToken, probe: probeServer });
    stopAnnouncing = announceBackgroundSends(current.db, current.outbox);
    void requestPersistentStorage();
  }
  return () => {
    current.sync?.stop();
    current.sync = undefined;
    stopAnnouncing?.();
  };
}

/** Queues a write; it goes out at once when online, else as soon as it can. */
export const enqueueWrite = (call: OutboxCall) => enqueueOrExplain(getOffline().outbox, call);

/**
 * A write that is sent now when there is a connection and queued when there is none. A first try that
 * got no answer may still have reached the server, so the queued call repeats its Idempotency-Key.
 */
export async function sendOrQueue(call: Omit<OutboxCall, 'idempotencyKey'>, online: boolean): Promise<'sent' | 'queued'> {
  const idempotencyKey = newUuid();
  if (online) {
    try {
      await request({ base: call.base, path: call.path }, { method: call.method, query: call.query, body: call.body, idempotencyKey });
      return 'sent';
    } catch (error) {
      if (!isOfflineError(error)) throw error;
    }
  }
  await enqueueWrite({ ...call, idempotencyKey });
  return 'queued';
}

/** "Sync now". */
export async function syncNow() {
  const current = getOffline();
  return current.sync ? current.sync.syncNow() : current.outbox.replay({ force: true });
}

/** Call after a successful sign-in: a queue paused by a 401 goes on. */
export const resumeOutbox = () => getOffline().outbox.resume();

export const retryEntry = async (seq: number) => {
  await getOffline().outbox.retry(seq);
  return syncNow();
};

export const discardEntry = (seq: number) => getOffline().outbox.discard(seq);

/**
 * Cancelling a record that never reached the server: its create and everything queued under it leave the
 * outbox instead of creating it only to delete it. False when the create is already on its way (then the
 * DELETE goes through the queue as usual).
 */
export async function discardUnsentCreate(tempKey: string): Promise<boolean> {
  if (!isTempId(tempKey)) return false;
  const { outbox, db, currentUser } = getOffline();
  const create = await db.withReopen(() => db.outbox.where('createsTempId').equals(tempKey).first());
  // Another user's create, or a change of theirs under it, stays theirs (issue 22 §1): the DELETE then waits in the queue.
  if (!create || create.status === 'sending' || create.seq === undefined || otherAuthor(create.owner, currentUser())) return false;
  try {
    await outbox.discard(create.seq);
  } catch (error) {
    if (error instanceof OthersChangeError) return false;
    throw error;
  }
  return true;
}

/** Retry and Discard of a refused change, for the screens' pending marks (ui/pending-marks.tsx). */
export const outboxActions: PendingChangeActions = {
  retry: async (seq) => {
    await retryEntry(seq);
  },
  discard: async (seq) => {
    await discardEntry(seq);
  },
  dependentLabels: async (seq) => (await getOffline().outbox.dependentsOf(seq)).map((entry) => entry.label),
  resolveConflict,
  signedInUser: () => getOffline().currentUser(),
};

/**
 * Settles a queued change the server refused with 409 (offline/conflicts.ts): keeping theirs drops my change,
 * re-applying puts it back in line on their version; either way later queued updates of the record move onto the
 * result, keeping only what the user changed in them (Outbox.revise, Outbox.dropOnto).
 */
export async function resolveConflict(seq: number, choice: ConflictChoice): Promise<void> {
  const { outbox, db } = getOffline();
  const entry = await db.withReopen(() => db.outbox.get(seq));
  if (!entry || entry.status !== 'failed' || entry.lastError?.status !== 409)
    throw new Error('This change is no longer waiting for a decision.');
  if ('keep' in choice) {
    await outbox.dropOnto(seq, entry.lastError.current ?? null);
    await syncNow();
    return;
  }
  await outbox.revise(seq, { body: rebasedBody(entry.body, entry.lastError.current, choice.reapply.theirs, entry.changes) });
  await syncNow();
}

export type WriteOutcome = { status: 'sent'; body: unknown; entry: OutboxEntry } | { status: 'queued'; entry: OutboxEntry };

/** The server refused a write made while online (4xx): nothing was stored, the form shows why. */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
  constructor(readonly error: OutboxError) {
    super(error.message);
  }
}

/** How long an online write waits for its answer before the screen treats it as queued. */
const WRITE_ANSWER_WAIT_MS = 15_000;

/**
 * Every offline-capable write goes through the outbox, online or not, so that it can never overtake
 * an earlier queued change of its record, and so that exactly-once rests on one mechanism. Online,
 * the call is sent at once and this waits for its answer: 2xx → 'sent' with the answer; a refusal
 * (4xx) is taken back out of the queue and thrown as WriteRefusedError, so the still-open form can
 * be fixed and saved again, as with a direct call. No answer, a retry, a pause, or an entry waiting
 * behind an earlier one of its record → 'queued': the outbox sends it when it can.
 */
export async function submitWrite(call: OutboxCall, online: boolean): Promise<WriteOutcome> {
  const { outbox } = getOffline();
  let settle: ((outcome: WriteOutcome | WriteRefusedError) => void) | undefined;
  const answered = new Promise<WriteOutcome | WriteRefusedError>((resolve) => (settle = resolve));
  let entry: OutboxEntry | undefined;
  const early: OutboxEvent[] = [];
  const onEvent = (event: OutboxEvent) => {
    if (!entry) {
      early.push(event);
      return;
    }
    if ((event.type === 'sent' || event.type === 'failed' || event.type === 'retrying') && event.entry.id !== entry.id) return;
    if (event.type === 'sent') settle?.({ status: 'sent', body: event.answer.body, entry });
    else if (event.type === 'failed') settle?.(new WriteRefusedError(event.error));
    else if (event.type === 'retrying' || event.type === 'paused' || event.type === 'replayFinished') settle?.({ status: 'queued', entry });
  };
  const unsubscribe = outbox.subscribe(onEvent);
  try {
    // A full device throws DeviceFullError here: nothing was queued, and the form says why.
    entry = await enqueueOrExplain(outbox, call);
    if (!online) return { status: 'queued', entry };
    early.forEach(onEvent);
    void outbox.replay({ force: true });
    const timer = setTimeout(() => settle?.({ status: 'queued', entry: entry! }), WRITE_ANSWER_WAIT_MS);
    const outcome = await answered;
    clearTimeout(timer);
    if (outcome instanceof WriteRefusedError) {
      // Refused while the user is still in the form: nothing is stored, so it leaves the queue (with
      // any change queued meanwhile that needs it) and the form shows the server's message.
      if (entry.seq !== undefined) await outbox.discard(entry.seq);
      throw outcome;
    }
    return outcome;
  } finally {
    unsubscribe();
  }
}
