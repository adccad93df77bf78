import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Notifier } from '../lib/notifier';
import type * as toasterModule from '../ui/toaster';
import { afterFirstScreen } from './deferred';

/*
 * The toaster (sonner) is not needed to draw the first screen: it is a chunk of its own, loaded when the page is idle
 * after the first route is on screen, or at once when a notice comes earlier. Sonner keeps a toast raised before its
 * Toaster is mounted and shows it when the Toaster subscribes, so no notice is lost in between.
 */

let loading: Promise<typeof toasterModule> | undefined;
function loadToaster() {
  loading ??= import('../ui/toaster').catch((error: unknown) => {
    // Not fetched (a dropped connection before the service worker had the app): the next notice tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  void loadToaster();
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The lib notifier as toasts: the first notice loads the toaster; notices keep their order. */
export function createDeferredToastNotifier(navigate: (href: string) => void): Notifier {
  let ready: Promise<Notifier> | undefined;
  return {
    notify(notification) {
      want();
      ready ??= loadToaster().then((module) => module.createToastNotifier(navigate));
      ready.then(
        (notifier) => notifier.notify(notification),
        () => {
          ready = undefined;
          console.info(`[${notification.level}] ${notification.title}`, notification.description ?? '');
        },
      );
    },
  };
}

// A toaster that could not be fetched draws nothing rather than taking the app down with it.
const NoToaster = () => null;
const LazyToaster = lazy(() =>
  loadToaster().then(
    (module): { default: () => ReactNode } => ({ default: module.Toaster }),
    () => ({ default: NoToaster }),
  ),
);

/** Mounts the toaster once the page is idle after its first paint, or as soon as a notice asks for it. */
export function DeferredToaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => afterFirstScreen(want), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
