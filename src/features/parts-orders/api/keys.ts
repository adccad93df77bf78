import { KEPT_DETAIL_KINDS } from '../../../entities/kept-details';
import type { CmhUser } from '../../../contract';

/**
 * Whose copy a kept list is: the user, and the retail center (or plant facilities) they work in. The same
 * text as the work-order screens' scope, so both read the one kept copy of the homes.
 */
export const viewScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;

/** Query keys of parts orders, written once. */
export const partsOrderKeys = {
  all: ['parts-orders'] as const,
  list: (scope: string) => [...partsOrderKeys.all, 'list', scope] as const,
  detail: (partsOrderId: number) => [...partsOrderKeys.all, 'detail', partsOrderId] as const,
  vantage: (partsRequestId: number) => [...partsOrderKeys.all, 'vantage', partsRequestId] as const,
  shipTo: (retailerNumber: string) => [...partsOrderKeys.all, 'ship-to', retailerNumber] as const,
  unitsOfMeasure: () => [...partsOrderKeys.all, 'units-of-measure'] as const,
  homes: (scope: string) => [...partsOrderKeys.all, 'homes', scope] as const,
  plants: (scope: string) => [...partsOrderKeys.all, 'plants', scope] as const,
};

/**
 * Kinds of the copies kept in IndexedDB (offline/cached-read). 'homes' and 'units-of-measure' are the
 * kinds the work-order screens keep too: one copy on the device serves both. The list itself is kept row by row
 * (get-parts-orders.ts).
 */
export const CACHE_KINDS = {
  detail: KEPT_DETAIL_KINDS.partsOrder,
  shipTo: 'ship-to-locations',
  unitsOfMeasure: 'units-of-measure',
  homes: 'homes',
  plants: 'parts-order-plants',
} as const;
