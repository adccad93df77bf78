import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequestSummary } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';
import { requestRecordKey } from '../model';
import { workOrderKeys } from './keys';

/** spec 3 §2: the list refreshes every 60 s while open. */
export const WORK_ORDER_LIST_REFRESH_MS = 60_000;

/**
 * GET {api}/service (spec 3 §7): every request the user sees, kept on the device row by row and brought up to
 * date by delta sync (`?since=`, offline/kept-lists.ts), so a refresh downloads what changed, not the list.
 */
export const workOrderList = keptList<ServiceRequestSummary>({
  list: 'workOrders' satisfies KeptListName,
  table: (db) => db.workOrders,
  key: (row) => row.serviceRequestId,
  // The list's default order: Request Date, newest first (list-rules DEFAULT_WORK_ORDER_SORT).
  firstPage: { index: 'requestDate', reverse: true },
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.workOrders),
  rule: { subject: (row) => row, recordKey: (row) => requestRecordKey(row.serviceRequestId) },
});

export const workOrdersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: workOrderKeys.list(scope),
    queryFn: () => readKeptList(workOrderList, scope),
    meta: NOT_PERSISTED,
    refetchInterval: WORK_ORDER_LIST_REFRESH_MS,
    // Tens of thousands of rows: comparing each refresh's answer with the last, field by field, costs more than it saves.
    structuralSharing: false,
  });

export const useWorkOrders = (scope: string) => useQuery(workOrdersQueryOptions(scope));
