import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isHttpError, isOfflineError } from '../../lib/http';
import { useKeptListRows } from '../../offline/use-kept-list';
import { useOutboxEntries, useOutboxEvents, useResolvedTempId } from '../../offline/use-outbox';
import { isTempId } from '../../offline/temp-ids';
import { serviceRequestQueryOptions, workOrderQueryOptions } from './api/get-service-request';
import { useWorkOrders, workOrderList } from './api/get-work-orders';
import { workOrderKeys } from './api/keys';
import { requestKeyOfRecord, requestRecordKey, type ServiceRequestView } from './model';
import { applyPending, applyPendingToList } from './pending/apply-pending';
import { homesQueryOptions, useHomes } from '../../entities/homes';

/** How a screen names a request: its id (or temp id) from a /servicerequests route, or a work-order id. */
export type RequestAddress = { serviceRequestId: string } | { workOrderId: number };

export type RequestViewState =
  | { status: 'loading' }
  | { status: 'not-found' }
  /** The server cannot be reached and no copy of the request is kept on this device. */
  | { status: 'not-on-device' }
  | { status: 'error'; error: unknown }
  /** A request made offline reached the server: the screen moves to its server id. */
  | { status: 'moved'; serviceRequestId: number }
  | { status: 'ready'; view: ServiceRequestView; storedAt: number | undefined; fromCache: boolean };

/** The request as it will be (server copy + queued changes), kept current as the outbox and the server move on. */
export function useRequestView(address: RequestAddress, scope: string): RequestViewState {
  const requestId = 'serviceRequestId' in address ? address.serviceRequestId : undefined;
  const temp = requestId !== undefined && isTempId(requestId);
  const resolved = useResolvedTempId(temp ? requestId : '');
  const numericId = requestId !== undefined && /^\d+$/.test(requestId) ? Number(requestId) : undefined;

  const byId = useQuery({ ...serviceRequestQueryOptions(numericId ?? 0), enabled: numericId !== undefined });
  const byWorkOrder = useQuery({
    ...workOrderQueryOptions('workOrderId' in address ? address.workOrderId : 0),
    enabled: 'workOrderId' in address,
  });
  const query = 'workOrderId' in address ? byWorkOrder : byId;
  const homes = useHomes(scope);
  const entries = useOutboxEntries();

  const base = query.data?.data;
  const key = base ? String(base.serviceRequestId) : requestId;
  const view = useMemo(() => {
    if (key === undefined || entries === undefined) return undefined;
    const own = entries.filter((entry) => entry.recordKey === requestRecordKey(key));
    const homeList = homes.data?.data ?? [];
    return applyPending(base, own, (assetId) => homeList.find((home) => home.assetId === assetId));
  }, [base, entries, homes.data, key]);

  if (temp && typeof resolved === 'number') return { status: 'moved', serviceRequestId: resolved };
  if (view) return { status: 'ready', view, storedAt: query.data?.storedAt, fromCache: query.data?.fromCache ?? temp };
  // A request made on this device lives in the queue: not found only once the queue has been read.
  if (temp) return entries === undefined ? { status: 'loading' } : { status: 'not-found' };
  // Offline, a query with no copy to show waits (paused) for the connection with the reason of its failure.
  if (isOfflineError(query.error ?? query.failureReason)) return { status: 'not-on-device' };
  if (query.isError) return isHttpError(query.error, 404) ? { status: 'not-found' } : { status: 'error', error: query.error };
  return { status: 'loading' };
}

/** The work order list as it will be, with the age of the copy it comes from. */
export function useWorkOrderListView(scope: string) {
  // The query syncs (now, every 60 s, after a delivered change); the rows come from the kept list, page by page.
  const list = useWorkOrders(scope);
  const { rows: baseRows, ...kept } = useKeptListRows(workOrderList, scope, list);
  const entries = useOutboxEntries();
  // Only a request made on this device and not yet sent reads its home from the copy: the list does not ask for the
  // homes otherwise (on a fresh device they would be read beside its first screen).
  const creating = entries?.some((entry) => entry.createsTempId !== undefined) ?? false;
  const homes = useQuery({ ...homesQueryOptions(scope), enabled: creating });
  const rows = useMemo(() => {
    const homeList = homes.data?.data ?? [];
    return applyPendingToList(baseRows ?? [], entries ?? [], (assetId) => homeList.find((home) => home.assetId === assetId));
  }, [baseRows, homes.data, entries]);
  return { rows, query: list, ...kept };
}

/**
 * When the outbox delivers a change of a request, the screens' server copies are out of date: they are
 * fetched again (the queued change shown meanwhile is gone from the queue, so the fresh copy takes over).
 */
export function useRefreshOnDelivery() {
  const queryClient = useQueryClient();
  useOutboxEvents((event) => {
    if (event.type === 'sent' && requestKeyOfRecord(event.entry.recordKey) !== undefined) {
      void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
    }
  });
}
