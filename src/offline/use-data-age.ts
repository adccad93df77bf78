import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { describeAge } from './age';
import { useNow } from './use-now';

/** When the data of a query was last fetched from the server (ms), or undefined if it never was. */
export function useCachedAt(queryKey: QueryKey): number | undefined {
  const client = useQueryClient();
  const queryHash = hashKey(queryKey);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const getSnapshot = useCallback(() => {
    const updatedAt = client.getQueryCache().get(queryHash)?.state.dataUpdatedAt;
    return updatedAt ? updatedAt : undefined;
  }, [client, queryHash]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * How old the shown data of a query is, e.g. 'Updated 3 hours ago', or undefined when there is none.
 * Screens show it while offline (or whenever the copy is not fresh) so nobody mistakes it for live data.
 */
export function useDataAge(queryKey: QueryKey, intervalMs = 30_000): string | undefined {
  const updatedAt = useCachedAt(queryKey);
  const now = useNow(intervalMs);
  return updatedAt === undefined ? undefined : `Updated ${describeAge(updatedAt, now)}`;
}
