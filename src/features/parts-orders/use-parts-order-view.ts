import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CmhUser } from '../../contract';
import { isHttpError, isOfflineError } from '../../lib/http';
import { useKeptListRows } from '../../offline/use-kept-list';
import { useOutboxEntries, useOutboxEvents, useResolvedTempId } from '../../offline/use-outbox';
import { isTempId } from '../../offline/temp-ids';
import { partsOrderQueryOptions, vantagePartsOrderQueryOptions } from './api/get-parts-order';
import { partsOrderList, usePartsOrders } from './api/get-parts-orders';
import { usePlantChoices } from './api/get-plants';
import { partsOrderKeys } from './api/keys';
import { orderKeyOfRecord, orderRecordKey, type PartsOrderView } from './model';
import { applyPending, applyPendingToList, findHome, type SkeletonContext } from './pending/apply-pending';
import { useHomes } from '../../entities/homes';
import { viewScope } from '../../entities/view-scope';

/** How a screen names an order: a staged one by its partsOrderId (or temp id), a submitted one by its parts request id. */
export type OrderAddress = { partsOrderId: string } | { partsRequestId: number };

export type OrderViewState =
  | { status: 'loading' }
  | { status: 'not-found' }
  /** The server cannot be reached and no copy of the order is kept on this device. */
  | { status: 'not-on-device' }
  | { status: 'error'; error: unknown }
  /** An order made offline reached the server: the screen moves to its server id. */
  | { status: 'moved'; partsOrderId: number }
  | { status: 'ready'; view: PartsOrderView; storedAt: number | undefined; fromCache: boolean };

/** What the device knows to draw an order it made itself: the kept homes, the user's plants and retail center. */
export function useSkeletonContext(user: CmhUser): SkeletonContext {
  const homes = useHomes(viewScope(user));
  const { plants } = usePlantChoices(user);
  const retailer = user.currentRetailer;
  return useMemo<SkeletonContext>(() => {
    const homeList = homes.data?.data ?? [];
    return {
      home: (plantNumber, longSerialNumber) => findHome(homeList, plantNumber, longSerialNumber),
      plantName: (plantNumber) => plants?.find((plant) => plant.plantNumber === plantNumber)?.name,
      ...(retailer ? { retailer: { retailerNumber: retailer.retailerNumber, name: retailer.name, timeZone: retailer.timeZone } } : {}),
    };
  }, [homes.data, plants, retailer]);
}

/** The order as it will be (server copy + queued changes), kept current as the outbox and the server move on. */
export function usePartsOrderView(address: OrderAddress, user: CmhUser): OrderViewState {
  const orderId = 'partsOrderId' in address ? address.partsOrderId : undefined;
  const temp = orderId !== undefined && isTempId(orderId);
  const resolved = useResolvedTempId(temp ? orderId : '');
  const numericId = orderId !== undefined && /^\d+$/.test(orderId) ? Number(orderId) : undefined;
  const requestId = 'partsRequestId' in address ? address.partsRequestId : undefined;

  const staged = useQuery({ ...partsOrderQueryOptions(numericId ?? 0), enabled: numericId !== undefined });
  const submitted = useQuery({ ...vantagePartsOrderQueryOptions(requestId ?? 0), enabled: requestId !== undefined });
  const query = requestId !== undefined ? submitted : staged;
  const context = useSkeletonContext(user);
  const entries = useOutboxEntries();

  const base = query.data?.data;
  const key = base ? String(base.partsOrderId) : orderId;
  const view = useMemo(() => {
    if (key === undefined || entries === undefined) return undefined;
    const own = entries.filter((entry) => entry.recordKey === orderRecordKey(key));
    return applyPending(base, own, context);
  }, [base, entries, context, key]);

  if (temp && typeof resolved === 'number') return { status: 'moved', partsOrderId: resolved };
  if (view) return { status: 'ready', view, storedAt: query.data?.storedAt, fromCache: query.data?.fromCache ?? temp };
  // An order made on this device lives in the queue: not found only once the queue has been read.
  if (temp) return entries === undefined ? { status: 'loading' } : { status: 'not-found' };
  // Offline, a query with no copy to show waits (paused) for the connection with the reason of its failure.
  if (isOfflineError(query.error ?? query.failureReason)) return { status: 'not-on-device' };
  if (query.isError) return isHttpError(query.error, 404) ? { status: 'not-found' } : { status: 'error', error: query.error };
  return { status: 'loading' };
}

/** The parts list as it will be, with the age of the copy it comes from. */
export function usePartsOrderListView(user: CmhUser) {
  const scope = viewScope(user);
  // The query syncs (now, every 60 s, after a delivered change); the rows come from the kept list, page by page.
  const list = usePartsOrders(scope);
  const { rows: baseRows, ...kept } = useKeptListRows(partsOrderList, scope, list);
  const context = useSkeletonContext(user);
  const entries = useOutboxEntries();
  const rows = useMemo(() => applyPendingToList(baseRows ?? [], entries ?? [], context), [baseRows, entries, context]);
  return { rows, query: list, ...kept };
}

/**
 * When the outbox delivers a change of an order, the screens' server copies are out of date: they are fetched
 * again (the queued change shown meanwhile has left the queue, so the fresh copy takes over).
 */
export function useRefreshOnDelivery() {
  const queryClient = useQueryClient();
  useOutboxEvents((event) => {
    if (event.type === 'sent' && orderKeyOfRecord(event.entry.recordKey) !== undefined) {
      void queryClient.invalidateQueries({ queryKey: partsOrderKeys.all });
    }
  });
}
