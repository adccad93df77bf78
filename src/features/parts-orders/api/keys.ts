import { KEPT_DETAIL_KINDS } from '../../../entities/kept-details';

/** Query keys of parts orders, written once. */
export const partsOrderKeys = {
  all: ['parts-orders'] as const,
  list: (scope: string) => [...partsOrderKeys.all, 'list', scope] as const,
  detail: (partsOrderId: number) => [...partsOrderKeys.all, 'detail', partsOrderId] as const,
  vantage: (partsRequestId: number) => [...partsOrderKeys.all, 'vantage', partsRequestId] as const,
  shipTo: (retailerNumber: string) => [...partsOrderKeys.all, 'ship-to', retailerNumber] as const,
  plants: (scope: string) => [...partsOrderKeys.all, 'plants', scope] as const,
};

/**
 * Kinds of the copies kept in IndexedDB (offline/cached-read); the homes and units of measure the work-order screens
 * read too are entities (src/entities). The list itself is kept row by row (get-parts-orders.ts).
 */
export const CACHE_KINDS = {
  detail: KEPT_DETAIL_KINDS.partsOrder,
  shipTo: 'ship-to-locations',
  plants: 'parts-order-plants',
} as const;
