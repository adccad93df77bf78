import { queryOptions } from '@tanstack/react-query';
import { PartsOrderAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough, readThroughAlias } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';

/** GET {api}/Parts/{partsOrderId} (spec 3 §7): a staged order. Kept on the device once read. */
export const getPartsOrder = (partsOrderId: number) =>
  request(paths.partsOrder(partsOrderId), { schema: PartsOrderAnswer, handles: [404] });

/** GET {api}/Parts/vantage/{partsRequestId} (spec 3 §7): a submitted order. */
export const getVantagePartsOrder = (partsRequestId: number) =>
  request(paths.vantagePartsOrder(partsRequestId), { schema: PartsOrderAnswer, handles: [404] });

export const partsOrderQueryOptions = (partsOrderId: number) =>
  queryOptions({
    queryKey: partsOrderKeys.detail(partsOrderId),
    queryFn: () => readThrough(CACHE_KINDS.detail, String(partsOrderId), () => getPartsOrder(partsOrderId)),
    meta: NOT_PERSISTED,
  });

export const vantagePartsOrderQueryOptions = (partsRequestId: number) =>
  queryOptions({
    queryKey: partsOrderKeys.vantage(partsRequestId),
    // Kept under its partsOrderId like a staged order: one copy per order, whichever route read it.
    queryFn: () =>
      readThroughAlias(
        CACHE_KINDS.detail,
        () => getVantagePartsOrder(partsRequestId),
        (order) => String(order.partsOrderId),
        (order) => order.vantagePartsRequestId === partsRequestId,
      ),
    meta: NOT_PERSISTED,
  });
