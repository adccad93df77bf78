import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { queryPersistOptions } from '../offline/query-persistence';
import { DeferredToaster } from './deferred-toaster';
import { UpdatePrompt } from './pwa/update-prompt';
import type { AppRouter } from './router';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  const [persistOptions] = useState(() => queryPersistOptions());
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {/* The modals are the signed-in pages' own (shell/authenticated-layout.tsx). */}
      <RouterProvider router={router} />
      <UpdatePrompt />
      <DeferredToaster />
    </PersistQueryClientProvider>
  );
}
