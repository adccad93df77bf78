import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, workOrderKeys } from './keys';

/** GET {api}/Homes: the homes a request can be opened for; kept so that one can be opened offline. */
export const getHomes = () => request(paths.homes, { schema: HomeListAnswer });

export const homesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: workOrderKeys.homes(scope),
    queryFn: () => readThrough(CACHE_KINDS.homes, scope, getHomes),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });

export const useHomes = (scope: string) => useQuery(homesQueryOptions(scope));
