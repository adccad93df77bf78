import { queryOptions, useQuery } from '@tanstack/react-query';
import { PartsOrderListAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';

/** The parts list refreshes while open, like the work-order list (a plant may ship meanwhile). */
export const PARTS_LIST_REFRESH_MS = 60_000;

/** GET {api}/parts (spec 3 §7): every order the user sees. Kept on the device for offline use. */
export const getPartsOrders = () => request(paths.partsOrders, { schema: PartsOrderListAnswer });

export const partsOrdersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: partsOrderKeys.list(scope),
    queryFn: () => readThrough(CACHE_KINDS.list, scope, getPartsOrders),
    meta: NOT_PERSISTED,
    refetchInterval: PARTS_LIST_REFRESH_MS,
  });

export const usePartsOrders = (scope: string) => useQuery(partsOrdersQueryOptions(scope));
