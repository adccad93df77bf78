import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import { removeOldestQuery, type Persister } from '@tanstack/react-query-persist-client';
import { version } from '../../package.json';

/**
 * A field user may go a week without signal; the persisted cache has to outlive that with room to
 * spare, so it is kept for two weeks (TanStack's default of 24 h would drop it overnight). Queries
 * must use a gcTime at least this long or they are garbage-collected before they are persisted.
 */
export const PERSIST_MAX_AGE = 14 * 24 * 60 * 60 * 1000;

/** A new app version may change the shape of cached answers: its cache starts afresh. */
export const PERSIST_BUSTER = `homesite@${version}`;

export const QUERY_CACHE_STORAGE_KEY = 'HomeSite.queryCache';

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
