import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';

/**
 * GET {api}/Homes: the homes the user sees. An order made offline for a home shows its homeowner and
 * address from here until the server has it (the kept copy is the one the work-order screens keep).
 */
export const getHomes = () => request(paths.homes, { schema: HomeListAnswer });

export const homesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: partsOrderKeys.homes(scope),
    queryFn: () => readThrough(CACHE_KINDS.homes, scope, getHomes),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });

export const useHomes = (scope: string) => useQuery(homesQueryOptions(scope));
