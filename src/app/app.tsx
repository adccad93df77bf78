import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { queryPersistOptions } from '../offline/query-persistence';
import { ModalsProvider } from '../ui/modals';
import { Toaster } from '../ui/toaster';
import { UpdatePrompt } from './pwa/update-prompt';
import type { AppRouter } from './router';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  const [persistOptions] = useState(() => queryPersistOptions());
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <ModalsProvider>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </ModalsProvider>
      <Toaster />
    </PersistQueryClientProvider>
  );
}
