import { KEPT_DETAIL_KINDS } from '../../../entities/kept-details';

/** Query keys of work orders, written once. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (scope: string) => [...workOrderKeys.all, 'list', scope] as const,
  detail: (serviceRequestId: number) => [...workOrderKeys.all, 'detail', serviceRequestId] as const,
  byWorkOrder: (workOrderId: number) => [...workOrderKeys.all, 'work-order', workOrderId] as const,
};

/** Kinds of the copies kept in IndexedDB (offline/cached-read); the homes and units of measure are entities (src/entities). */
export const CACHE_KINDS = {
  detail: KEPT_DETAIL_KINDS.serviceRequest,
} as const;
