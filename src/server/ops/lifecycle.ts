/**
 * Where the instance is in its life, for /readyz and graceful shutdown: starting (database not ready yet), ready,
 * or draining (SIGTERM: finish what is in flight, take nothing new). Also counts the requests in flight, so that
 * shutdown can wait for them.
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export function createLifecycle(initial: LifecycleState = 'starting') {
  let state = initial;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const drainListeners = new Set<() => void>();
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
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
