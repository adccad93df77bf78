import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstScreen } from './deferred';
import { DeferredToaster } from './deferred-toaster';
import type { AppRouter } from './router';

/**
 * PersistQueryClientProvider's behaviour with its persister loaded by import() beside the first route's chunks (the
 * first screen is drawn without it): queries wait (isRestoring) until the saved cache is restored, then every change
 * is saved. A persister that cannot be loaded leaves the app working with an unsaved cache.
 */
export function PersistedQueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let stopped = false;
    let stopSaving: (() => void) | undefined;
    import('../offline/query-persistence')
      .then(({ restoreAndPersist }) => restoreAndPersist(client))
      .then(
        (stop) => {
          if (stopped) stop();
          else stopSaving = stop;
        },
        (error: unknown) => console.error('the saved query cache could not be restored', error),
      )
      .finally(() => {
        if (!stopped) setRestoring(false);
      });
    return () => {
      stopped = true;
      stopSaving?.();
    };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

// A prompt that could not be fetched draws nothing (the service worker then registers on a later visit).
const LazyUpdatePrompt = lazy(() =>
  import('./pwa/update-prompt').then(
    (module) => ({ default: module.UpdatePrompt }),
    () => ({ default: () => null }),
  ),
);

/** The service worker is registered, and a waiting version offered, once the first screen is up (./deferred.ts). */
function DeferredUpdatePrompt() {
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstScreen(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyUpdatePrompt />
    </Suspense>
  );
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <PersistedQueryClientProvider client={queryClient}>
      {/* The modals are the signed-in pages' own (shell/authenticated-layout.tsx). */}
      <RouterProvider router={router} />
      <DeferredUpdatePrompt />
      <DeferredToaster />
    </PersistedQueryClientProvider>
  );
}
