import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeownerListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { HOMEOWNER_CACHE_KINDS, homeownerKeys } from './keys';

/** GET {api}/Warranty/Homeowners (spec 3 §7 "Get homeowners"): every card of the user's scope. */
export const getHomeowners = () => request(paths.homeowners, { schema: HomeownerListAnswer });

/** How long a fetched list counts as current. */
export const HOMEOWNER_LIST_STALE_MS = 60_000;

/**
 * The list is kept whole on the device, one copy per scope: tens of thousands of cards are too much for the
 * persisted query cache (localStorage), so the query is not persisted and IndexedDB holds it instead.
 */
export const homeownersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: homeownerKeys.list(scope),
    queryFn: () => readThrough(HOMEOWNER_CACHE_KINDS.list, scope, getHomeowners),
    meta: NOT_PERSISTED,
    // Tens of thousands of cards are not fetched again on every return to the tab; saves and closed panels reload it (§9).
    staleTime: HOMEOWNER_LIST_STALE_MS,
  });

export const useHomeowners = (scope: string) => useQuery(homeownersQueryOptions(scope));
