import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, ServiceRequestListAnswer } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, workOrderKeys } from './keys';

/** spec 3 §2: the list refreshes every 60 s while open. */
export const WORK_ORDER_LIST_REFRESH_MS = 60_000;

/** GET {api}/service (spec 3 §7): every request the user sees, newest first. Kept on the device for offline use. */
export const getWorkOrders = () => request(paths.serviceRequests, { schema: ServiceRequestListAnswer });

export const workOrdersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: workOrderKeys.list(scope),
    queryFn: () => readThrough(CACHE_KINDS.list, scope, getWorkOrders),
    meta: NOT_PERSISTED,
    refetchInterval: WORK_ORDER_LIST_REFRESH_MS,
  });

export const useWorkOrders = (scope: string) => useQuery(workOrdersQueryOptions(scope));
