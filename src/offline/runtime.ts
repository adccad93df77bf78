import { readBases } from '../lib/config';
import { isOfflineError, request } from '../lib/http';
import { newUuid } from '../lib/ids';
import { readToken, readTokenClaims } from '../lib/session-token';
import { openOfflineDb, requestPersistentStorage, type OfflineDb } from './db';
import { createFetchSend } from './fetch-send';
import { createOutbox, type Outbox, type OutboxCall, type OutboxSend } from './outbox';
import { startSync, type Sync } from './sync';

/*
 * The app's one offline store and queue. Features enqueue writes through `enqueueWrite` and read the
 * queue through the hooks of ./react; the shell starts the triggers once with `startOffline()`.
 */

export interface OfflineRuntime {
  db: OfflineDb;
  outbox: Outbox;
  /** Present once startOffline() ran. */
  sync: Sync | undefined;
}

let runtime: OfflineRuntime | undefined;

export function createOfflineRuntime(options: { db?: OfflineDb; send?: OutboxSend } = {}): OfflineRuntime {
  const db = options.db ?? openOfflineDb();
  const send = options.send ?? createFetchSend({ resolveBase: (base) => readBases()[base], getToken: readToken });
  const currentUser = () => {
    const token = readToken();
    return token ? readTokenClaims(token).userName : undefined;
  };
  return { db, outbox: createOutbox({ db, send, currentUser }), sync: undefined };
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
  if (!current.sync) {
    current.sync = startSync({ outbox: current.outbox, getToken: readToken });
    void requestPersistentStorage();
  }
  return () => {
    current.sync?.stop();
    current.sync = undefined;
  };
}

/** Queues a write; it goes out at once when online, else as soon as it can. */
export const enqueueWrite = (call: OutboxCall) => getOffline().outbox.enqueue(call);

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
