import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  removeOldestQuery,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { PERSIST_BUSTER, PERSIST_MAX_AGE, QUERY_CACHE_STORAGE_KEY } from './query-cache-policy';

export { PERSIST_BUSTER, PERSIST_MAX_AGE, QUERY_CACHE_STORAGE_KEY } from './query-cache-policy';

export function createQueryPersister(storage: Storage | undefined = globalThis.localStorage): Persister {
  return createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: 1000,
    // localStorage holds about 5 MB: when it is full, the least recently updated queries go first.
    retry: removeOldestQuery,
  });
}

/** What PersistQueryClientProvider takes as `persistOptions`. */
export function queryPersistOptions(persister: Persister = createQueryPersister()) {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
    // Queries marked NOT_PERSISTED keep their own copy in IndexedDB (./cached-read.ts).
    dehydrateOptions: { shouldDehydrateQuery: (query: Query) => query.meta?.persist !== false && defaultShouldDehydrateQuery(query) },
  };
}

/**
 * What PersistQueryClientProvider does on mount, for a provider that loads this module with import() (app/app.tsx):
 * the saved cache into `queryClient` (an unusable one is removed), then every change saved. Returns the stop.
 */
export async function restoreAndPersist(queryClient: QueryClient): Promise<() => void> {
  const options = { queryClient, ...queryPersistOptions() };
  await persistQueryClientRestore(options).catch(() => undefined);
  return persistQueryClientSubscribe(options);
}
