import { useSyncExternalStore } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isOfflineError } from '../lib/http';
import { describeAge } from './age';
import type { KeptList, KeptListSnapshot, KeptRead } from './kept-lists';
import { useNow } from './use-now';

/** A kept list's rows, sync state and progress (offline/kept-lists.ts), current as it loads and merges pages. */
export function useKeptList<Row>(list: KeptList<Row>): KeptListSnapshot<Row> {
  return useSyncExternalStore(list.subscribe, list.snapshot, list.snapshot);
}

/**
 * A kept list as a screen shows it: its query (which syncs, and carries the error) and the kept rows of `scope`,
 * current page by page. Before every kept row is read (a second for 50,000): the first rows in the list's default
 * order, with `partialTotal` saying how many there are in all.
 */
export function useKeptListRows<Row>(list: KeptList<Row>, scope: string, query: { data?: KeptRead<Row> | undefined }) {
  const kept = useKeptList(list);
  const mine = kept.state?.scopeKey === scope;
  const first = mine && !kept.rows && !query.data ? kept.first : undefined;
  return {
    rows: (mine ? kept.rows : undefined) ?? query.data?.data ?? first?.rows,
    storedAt: kept.state?.syncedAt ?? query.data?.storedAt,
    fromCache: kept.offline || (query.data?.fromCache ?? false),
    progress: kept.progress,
    shortOfSpace: kept.shortOfSpace,
    partialTotal: first?.total,
    /** The device's copy was read and holds no whole copy of this scope (none yet, or a download under way). */
    incomplete: kept.rows !== undefined && !(mine && kept.state?.complete === true),
  };
}

const NO_ROWS: readonly never[] = [];

/**
 * A kept list as a plain screen shows it (the sales lists): its rows, and what KeptListStatus says above them —
 * progress, the age of the copy shown when the server could not be reached, or why there is nothing.
 */
export function useKeptListView<Row>(list: KeptList<Row>, scope: string, query: UseQueryResult<KeptRead<Row>>) {
  const kept = useKeptListRows(list, scope, query);
  const now = useNow();
  const failed = query.isError && !kept.rows ? { offline: isOfflineError(query.error), retry: () => void query.refetch() } : undefined;
  return {
    rows: kept.rows ?? (NO_ROWS as readonly Row[]),
    partialTotal: kept.partialTotal,
    loading: query.isPending && query.fetchStatus === 'fetching',
    status: {
      progress: kept.progress,
      shortOfSpace: kept.shortOfSpace,
      savedAge: kept.fromCache && kept.storedAt !== undefined ? describeAge(kept.storedAt, now) : undefined,
      failed,
    },
  };
}
