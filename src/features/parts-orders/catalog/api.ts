import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CatalogPartRow, PartsCatalog } from '../../../contract';
import { catalogListName, catalogListSource } from '../../../contract/kept-lists';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList, type KeptList, type KeptRead } from '../../../offline/kept-lists';
import { useKeptList } from '../../../offline/use-kept-list';
import { catalogOrder, catalogTree } from './model';

/** Kind of what the catalog keeps as documents: each image (the parts themselves are a kept list, below). */
export const CATALOG_KINDS = { image: 'catalog-image' } as const;

export const catalogKeys = {
  all: ['parts-catalog'] as const,
  approved: (scope: string, plantNumber: string) => [...catalogKeys.all, 'approved', scope, plantNumber] as const,
};

/**
 * Every failure is the caller's to show (the picker says it in place, priming runs unseen), except 401: an ended
 * session still goes to sign-in.
 */
const QUIET_STATUSES = Array.from({ length: 200 }, (_, index) => 400 + index).filter((status) => status !== 401);

/** What the syncs of a plant's catalog fetched while a tally was open (the priming figures, prime.ts). */
export interface CatalogSyncTally {
  pages: number;
  /** Rows received (changed or new) and ids removed. */
  rows: number;
  removed: number;
  /** Size of the answers as JSON text. */
  bytes: number;
  /** Time from a page's answer to the next page's request or the tally's end: merging it into IndexedDB and memory. */
  mergeMs: number;
}

const openTallies = new Map<string, CatalogSyncTally & { answeredAt: number | undefined }>();

/** Counts what the syncs of `plantNumber` fetch from now on; the returned function ends the count and answers it. */
export function tallyCatalogSync(plantNumber: string): () => CatalogSyncTally {
  const tally = { pages: 0, rows: 0, removed: 0, bytes: 0, mergeMs: 0, answeredAt: undefined as number | undefined };
  openTallies.set(plantNumber, tally);
  return () => {
    if (openTallies.get(plantNumber) === tally) openTallies.delete(plantNumber);
    if (tally.answeredAt !== undefined) tally.mergeMs += performance.now() - tally.answeredAt;
    const { answeredAt: _answeredAt, ...figures } = tally;
    return figures;
  };
}

/** The syncState key of a plant's approved catalog: one share of the catalogParts table. */
export { catalogListName };

/** Whose copy a kept catalog is: the user's scope (entities/view-scope) and the plant. */
export const catalogScope = (scope: string, plantNumber: string) => `${scope}|${plantNumber}`;

/**
 * GET {api}/PartsCatalog?plantNumber={n}&approved=true (spec 3 §7): the approved and active parts of a plant, kept
 * on the device as flat rows in the catalogParts table (the plant's share of it) and brought up to date by delta
 * sync (`?since=`, offline/kept-lists.ts): a part approved, changed or withdrawn on the server reaches the device
 * as that one row.
 */
export function approvedCatalogList(plantNumber: string): KeptList<CatalogPartRow> {
  const fetchPage = keptPageOf(catalogListSource(plantNumber), { handles: QUIET_STATUSES });
  return keptList<CatalogPartRow>({
    list: catalogListName(plantNumber),
    table: (db) => db.catalogParts,
    key: (row) => row.partsCatalogId,
    share: { index: 'plantNumber', value: plantNumber },
    compare: catalogOrder,
    fetchPage: async (since, limit) => {
      const tally = openTallies.get(plantNumber);
      if (tally?.answeredAt !== undefined) tally.mergeMs += performance.now() - tally.answeredAt;
      const page = await fetchPage(since, limit);
      if (tally) {
        tally.pages += 1;
        tally.rows += page.items.length;
        tally.removed += page.removed.length;
        tally.bytes += JSON.stringify(page).length;
        tally.answeredAt = performance.now();
      }
      return page;
    },
  });
}

/** Brings a plant's kept catalog up to date (offline: the kept copy) and answers its rows, as a list query does. */
export const syncApprovedCatalog = (scope: string, plantNumber: string): Promise<KeptRead<CatalogPartRow>> =>
  readKeptList(approvedCatalogList(plantNumber), catalogScope(scope, plantNumber));

export interface ApprovedCatalogRead {
  data: PartsCatalog;
  /** When the server last answered (ms); undefined when it never did. */
  storedAt: number | undefined;
  fromCache: boolean;
}

export const approvedCatalogQueryOptions = (scope: string, plantNumber: string) =>
  queryOptions({
    queryKey: catalogKeys.approved(scope, plantNumber),
    // 403 (a plant that is not the user's) is shown in the picker itself.
    queryFn: () => syncApprovedCatalog(scope, plantNumber),
    meta: NOT_PERSISTED,
    // spec 3 §7: "cached per plant for the session". A copy read offline is stale at once, so that the
    // server's replaces it as soon as the connection is back.
    staleTime: (query) => (query.state.data?.fromCache ? 0 : Infinity),
    gcTime: Infinity,
    structuralSharing: false,
    enabled: plantNumber !== '',
  });

/**
 * The approved catalog of a plant, as the picker and the parts item card read it: `data` is `{ data, storedAt,
 * fromCache }` with the catalog as a tree. The query syncs; the tree is made from the kept rows, so a sync run by
 * anyone else (the parts list's priming) shows here at once.
 */
export function useApprovedCatalog(plantNumber: string, scope: string) {
  const query = useQuery(approvedCatalogQueryOptions(scope, plantNumber));
  const kept = useKeptList(approvedCatalogList(plantNumber));
  const mine = kept.state?.scopeKey === catalogScope(scope, plantNumber);
  const rows = (mine ? kept.rows : undefined) ?? query.data?.data;
  const storedAt = (mine ? kept.state?.syncedAt : undefined) ?? query.data?.storedAt;
  const fromCache = (mine && kept.offline) || (query.data?.fromCache ?? false);
  const tree = useMemo(() => (rows ? catalogTree(plantNumber, rows) : undefined), [plantNumber, rows]);
  const data = useMemo<ApprovedCatalogRead | undefined>(() => tree && { data: tree, storedAt, fromCache }, [tree, storedAt, fromCache]);
  return { data, isPending: data === undefined && query.isPending, isError: query.isError, error: query.error, refetch: query.refetch };
}
