import type { Workbox } from 'workbox-window';
import { afterFirstScreen } from '../deferred';

/*
 * The service worker (sw/sw.ts, built to /sw.js) is registered in production builds only: in
 * `vite dev` there is no precache manifest and a worker would serve stale modules.
 */

export const SERVICE_WORKER_URL = '/sw.js';
/** Devices stay on one page for days in the field: look for a new version every hour too. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateHandle {
  /** Activates the waiting worker; the page reloads once it controls the page. */
  activate(): void;
}

type WorkboxLike = Pick<Workbox, 'addEventListener' | 'register' | 'update' | 'messageSkipWaiting'>;

export interface RegisterOptions {
  onUpdateWaiting: (update: UpdateHandle) => void;
  createWorkbox?: () => WorkboxLike;
  reload?: () => void;
}

/**
 * Registers the worker and reports a waiting update. Returns a cleanup function. workbox-window is loaded with
 * import() once the first route is on screen: the first screen does not wait for it, and the worker's precaching
 * does not compete with the first screen's own chunks.
 */
export function registerServiceWorker(options: RegisterOptions): () => void {
  const reload = options.reload ?? (() => window.location.reload());
  let reloading = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const start = (workbox: WorkboxLike) => {
    if (stopped) return;
    workbox.addEventListener('waiting', () => {
      options.onUpdateWaiting({
        activate() {
          workbox.addEventListener('controlling', () => {
            if (reloading) return;
            reloading = true;
            reload();
          });
          workbox.messageSkipWaiting();
        },
      });
    });
    void workbox.register().catch((error: unknown) => console.error('service worker registration failed', error));
    timer = setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  };

  let cancelLoad: (() => void) | undefined;
  if (options.createWorkbox) start(options.createWorkbox());
  else {
    cancelLoad = afterFirstScreen(() => {
      import('workbox-window').then(
        ({ Workbox }) => start(new Workbox(SERVICE_WORKER_URL, { scope: '/' })),
        (error: unknown) => console.error('service worker registration failed', error),
      );
    });
  }
  return () => {
    stopped = true;
    cancelLoad?.();
    clearInterval(timer);
  };
}
