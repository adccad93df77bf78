import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartsOrderSummary } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';
import { orderRecordKey } from '../model';
import { partsOrderKeys } from './keys';

/** The parts list refreshes while open, like the work-order list (a plant may ship meanwhile). */
export const PARTS_LIST_REFRESH_MS = 60_000;

/**
 * GET {api}/parts (spec 3 §7): every order the user sees, kept on the device row by row and brought up to date
 * by delta sync (`?since=`, offline/kept-lists.ts), so a refresh downloads what changed, not the list.
 */
export const partsOrderList = keptList<PartsOrderSummary>({
  list: 'partsOrders' satisfies KeptListName,
  table: (db) => db.partsOrders,
  key: (row) => row.partsOrderId,
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.partsOrders),
  rule: { subject: (row) => row, recordKey: (row) => orderRecordKey(row.partsOrderId) },
});

export const partsOrdersQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: partsOrderKeys.list(scope),
    queryFn: () => readKeptList(partsOrderList, scope),
    meta: NOT_PERSISTED,
    refetchInterval: PARTS_LIST_REFRESH_MS,
    // The rows are the kept list's; comparing each refresh's answer with the last, field by field, costs more than it saves.
    structuralSharing: false,
  });

export const usePartsOrders = (scope: string) => useQuery(partsOrdersQueryOptions(scope));
