import { liveQuery } from 'dexie';
import type { OfflineDb } from './db';
import { isLostConnection, reportStoreLost } from './store-lost';

/**
 * Dexie's liveQuery over the device's store (`next` gets each answer, again whenever its tables change), surviving a
 * lost connection (./store-lost.ts): a query that fails on one is watched again on the reopened database; failing
 * again before any answer, the store is reported lost. Answers the stop.
 */
export function watchStore<T>(db: OfflineDb, query: () => Promise<T>, next: (value: T) => void, onError: (error: unknown) => void) {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  const watch = (afterReopen: boolean) => {
    const openedAs = db.connectionNumber;
    let answered = false;
    subscription = liveQuery(query).subscribe({
      next: (value) => {
        answered = true;
        next(value);
      },
      error: (error: unknown) => {
        if (stopped) return;
        if (!isLostConnection(error)) return onError(error);
        if (afterReopen && !answered) return onError(reportStoreLost(error));
        db.reopenAfter(openedAs).then(
          () => !stopped && watch(true),
          (failed: unknown) => onError(reportStoreLost(failed)),
        );
      },
    });
  };
  watch(false);
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
