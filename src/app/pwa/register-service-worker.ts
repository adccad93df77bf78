import { Workbox } from 'workbox-window';

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

export interface RegisterOptions {
  onUpdateWaiting: (update: UpdateHandle) => void;
  createWorkbox?: () => Pick<Workbox, 'addEventListener' | 'register' | 'update' | 'messageSkipWaiting'>;
  reload?: () => void;
}

/** Registers the worker and reports a waiting update. Returns a cleanup function. */
export function registerServiceWorker(options: RegisterOptions): () => void {
  const workbox = options.createWorkbox?.() ?? new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  const reload = options.reload ?? (() => window.location.reload());
  let reloading = false;

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
  const timer = setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
