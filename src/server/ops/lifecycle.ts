import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';
import { jsonResponse } from '../http/errors';

/**
 * Where the instance is in its life, for /readyz and graceful shutdown: starting (database not ready yet), ready,
 * or draining (SIGTERM: finish what is in flight, take nothing new). Also counts the requests in flight, so that
 * shutdown can wait for them, and gives up on those still running when its grace period ends (below).
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

/**
 * Thrown into the work of a request the instance gave up on at the end of its shutdown grace period: raised where the
 * work checks `givenUp` (an import between rows) or at its transaction's commit, which is refused. Either way the
 * transaction rolls back.
 */
export class ShutdownRollback extends Error {
  override readonly name = 'ShutdownRollback';
  constructor() {
    super('rolled back: shutdown');
  }
}

/** How long a client told 503 at shutdown should wait before it tries again (another instance takes it at once). */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;
export const SHUTDOWN_MESSAGE = 'The server is restarting: try again in a moment.';

/** The answer to a request the instance gave up on: complete, and the connection ends after it. */
export const shutdownResponse = () =>
  jsonResponse(
    503,
    { message: SHUTDOWN_MESSAGE },
    { 'retry-after': String(SHUTDOWN_RETRY_AFTER_SECONDS), connection: 'close', 'cache-control': 'no-store' },
  );

/** One request over the listener (`answering`): whether it was given up, and its transactions committing right now. */
interface RequestWatch {
  givenUp: boolean;
  committing: number;
  committed: Set<() => void>;
}

type Fetch<Args extends unknown[]> = (request: Request, ...rest: Args) => Response | Promise<Response>;

export function createLifecycle(initial: LifecycleState = 'starting') {
  let state = initial;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const drainListeners = new Set<() => void>();
  const givingUp = new AbortController();
  const whenGivenUp = new Promise<undefined>((resolve) => givingUp.signal.addEventListener('abort', () => resolve(undefined)));
  const requests = new AsyncLocalStorage<RequestWatch>();

  /**
   * The request's own answer, or — once the instance gives up — a complete 503. A request whose transaction is
   * committing at that moment is let through to its own answer (the commit decides); every other one is marked given
   * up first, so that nothing it does afterwards commits (guardCommits).
   */
  async function answerOrGiveUp(watch: RequestWatch, answer: Promise<Response>, onGivenUp: () => void): Promise<Response> {
    let answered: Response | undefined;
    answer.then(
      (response) => (answered = response),
      () => undefined,
    );
    const first = await Promise.race([answer, whenGivenUp]);
    if (first) return first;
    while (watch.committing > 0 && !answered) await Promise.race([answer, new Promise<void>((resolve) => watch.committed.add(resolve))]);
    // A commit that just ended: its handler answers in the next few steps.
    if (!answered) await new Promise((resolve) => setImmediate(resolve));
    if (answered) return answered;
    watch.givenUp = true;
    onGivenUp();
    return shutdownResponse();
  }

  return {
    get state() {
      return state;
    },
    get inFlight() {
      return inFlight;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    startDraining() {
      if (state !== 'draining') for (const listener of drainListeners) listener();
      state = 'draining';
    },
    /** Called when draining starts (long-lived answers, such as live-changes streams, end then). */
    onDrain(listener: () => void) {
      drainListeners.add(listener);
    },
    requestStarted() {
      inFlight++;
    },
    requestEnded() {
      inFlight--;
      if (inFlight === 0) for (const wake of idleWaiters) wake();
    },
    /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
    whenIdle(timeoutMs: number): Promise<boolean> {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          idleWaiters.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        idleWaiters.add(wake);
      });
    },
    /** Aborted (reason: a ShutdownRollback) when the grace period ends: long work checks it and stops. */
    givenUp: givingUp.signal,
    /** The grace period is over: every request still running is answered 503 and nothing of it commits. */
    giveUp() {
      givingUp.abort(new ShutdownRollback());
    },
    /** Whether the request running this code was given up (its client is answered 503, and nothing of it commits). */
    givenUpOnThisRequest(): boolean {
      return requests.getStore()?.givenUp === true;
    },
    /** The request running this code stopped on `givenUp` and rolled back: it counts as given up. */
    rolledBackOnThisRequest() {
      const watch = requests.getStore();
      if (watch) watch.givenUp = true;
    },
    /**
     * The listener's fetch: each request runs watched, and is answered 503 if the instance gives up on it;
     * `onGivenUp` is then told, with the request's arguments (the listener ends a body still on its way).
     */
    answering<Args extends unknown[]>(fetch: Fetch<Args>, onGivenUp: (request: Request, ...rest: Args) => void = () => {}): Fetch<Args> {
      return (request, ...rest) => {
        const watch: RequestWatch = { givenUp: false, committing: 0, committed: new Set() };
        return answerOrGiveUp(
          watch,
          requests.run(watch, async () => fetch(request, ...rest)),
          () => onGivenUp(request, ...rest),
        );
      };
    },
    /**
     * Makes every outermost transaction of `db` refuse to commit for a request given up (it throws ShutdownRollback,
     * and rolls back), and lets a request wait for the commit it is in the middle of before it is given up. Work outside
     * a watched request (the mailer, the restamper) is left as it is.
     */
    guardCommits(db: Database) {
      const transaction = db.transaction.bind(db);
      db.transaction = (async (work, config) => {
        const watch = requests.getStore();
        if (!watch) return transaction(work, config);
        let committing = false;
        try {
          return await transaction(async (tx) => {
            const result = await work(tx);
            if (watch.givenUp) throw new ShutdownRollback();
            committing = true;
            watch.committing++;
            return result;
          }, config);
        } finally {
          if (committing) {
            watch.committing--;
            for (const wake of watch.committed) wake();
            watch.committed.clear();
          }
        }
      }) as typeof db.transaction;
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
