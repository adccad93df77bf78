import { currentConnection, subscribeReachability } from '../lib/reachability';
import { sessionTag } from '../lib/session-token';
import type { Outbox, ReplayResult } from './outbox';
import { OUTBOX_SYNC_TAG, isOutboxSyncMessage } from './sw-messages';

/*
 * When the outbox replays: on start, when the browser comes back online, when the page becomes
 * visible or gets focus, every 30 s, when a retry falls due, right after something is queued, when
 * Background Sync fires (Chromium; the service worker forwards it to the page), on "Sync now", and at once when
 * any call is answered after calls went unanswered (the server is back: Firefox may send no 'online' event).
 * Automatic triggers do nothing while the browser reports no network; "Sync now" always tries. While the server
 * cannot be reached and nothing is queued to find out, the interval probes it (lib/http.ts probeServer).
 */

export const SYNC_INTERVAL_MS = 30_000;

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export interface SyncOptions {
  outbox: Outbox;
  intervalMs?: number;
  /** Where to listen for online / focus / visibilitychange. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  documentTarget?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | undefined;
  isOnline?: () => boolean;
  /** Asks the server anything, so that its answer tells whether it is back (lib/reachability.ts). */
  probe?: () => Promise<void>;
  serviceWorker?: ServiceWorkerContainer | undefined;
  /**
   * The current token: a queue paused by a 401 resumes by itself once a different token appears
   * (the user signed in again, perhaps in another tab).
   */
  getToken?: () => string | undefined;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export interface Sync {
  /** "Sync now": resumes nothing by itself, ignores retry delays, tries even when the browser says offline. */
  syncNow(): Promise<ReplayResult | undefined>;
  stop(): void;
}

export function startSync(options: SyncOptions): Sync {
  const { outbox } = options;
  const target = 'target' in options ? options.target : globalThis.window;
  const documentTarget = 'documentTarget' in options ? options.documentTarget : globalThis.document;
  const isOnline = options.isOnline ?? (() => currentConnection() !== 'offline');
  const serviceWorker = 'serviceWorker' in options ? options.serviceWorker : globalThis.navigator?.serviceWorker;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? ((error: unknown) => console.error('outbox replay failed', error));
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenAtPause: string | undefined;

  async function run(force: boolean, manual = false): Promise<ReplayResult | undefined> {
    if (stopped || (!manual && !isOnline())) return undefined;
    try {
      const pause = await outbox.pauseState();
      if (pause) {
        const token = options.getToken?.();
        // The pause says which session it met: after a reload (no tokenAtPause) the same expired token is not tried again.
        if (!token || token === tokenAtPause || sessionTag(token) === pause.session) return undefined;
        return await outbox.resume();
      }
      return await outbox.replay({ force });
    } catch (error) {
      onError(error);
      return undefined;
    }
  }

  const auto = () => void run(false);
  const onOnline = () => void run(true);
  const onVisibility = () => {
    if (documentTarget?.visibilityState !== 'hidden') auto();
  };
  const onServiceWorkerMessage = (event: MessageEvent) => {
    if (isOutboxSyncMessage(event.data)) auto();
  };

  function registerBackgroundSync() {
    serviceWorker?.ready
      .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
      .catch(() => undefined); // Not granted or not supported: the page's own triggers still replay.
  }

  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'queued') {
      registerBackgroundSync();
      queueMicrotask(auto);
    } else if (event.type === 'retrying') {
      registerBackgroundSync();
      clearTimeout(retryTimer);
      retryTimer = setTimeout(auto, Math.max(0, event.nextAttemptAt - now()));
    } else if (event.type === 'paused') {
      tokenAtPause = options.getToken?.();
    }
  });

  const unsubscribeReachability = subscribeReachability((event) => {
    // An answer just came: the server is there whatever the browser's flag says.
    if (event === 'recovered') void run(true, true);
  });
  const onInterval = () => {
    if (currentConnection() === 'unreachable') void options.probe?.();
    auto();
  };

  target?.addEventListener('online', onOnline);
  target?.addEventListener('focus', auto);
  documentTarget?.addEventListener('visibilitychange', onVisibility);
  serviceWorker?.addEventListener('message', onServiceWorkerMessage);
  const interval = setInterval(onInterval, options.intervalMs ?? SYNC_INTERVAL_MS);
  auto();

  return {
    syncNow: () => run(true, true),
    stop() {
      stopped = true;
      unsubscribe();
      unsubscribeReachability();
      clearInterval(interval);
      clearTimeout(retryTimer);
      target?.removeEventListener('online', onOnline);
      target?.removeEventListener('focus', auto);
      documentTarget?.removeEventListener('visibilitychange', onVisibility);
      serviceWorker?.removeEventListener('message', onServiceWorkerMessage);
    },
  };
}
