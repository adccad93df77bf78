import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeListAnswer, paths } from '../contract';
import { request } from '../lib/http';
import { NOT_PERSISTED, readThrough } from '../offline/cached-read';

/**
 * The homes the user sees (a view scope's, entities/view-scope.ts): what a service request is opened for, and what an
 * order made offline shows its homeowner and address from until the server has it. Work orders and parts orders read
 * one copy, kept on the device so that a home can be picked offline.
 */

/** The kind the copy is kept under in IndexedDB (offline/cached-read), one per view scope: devices hold it already. */
export const HOMES_KEPT_KIND = 'homes';

export const homeKeys = {
  all: ['homes'] as const,
  list: (scope: string) => [...homeKeys.all, scope] as const,
};

/** GET {api}/Homes. */
export const fetchHomes = (signal?: AbortSignal) => request(paths.homes, { schema: HomeListAnswer, signal });

export const homesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: homeKeys.list(scope),
    queryFn: () => readThrough(HOMES_KEPT_KIND, scope, () => fetchHomes()),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });

export const useHomes = (scope: string) => useQuery(homesQueryOptions(scope));
