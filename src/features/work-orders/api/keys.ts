import { KEPT_DETAIL_KINDS } from '../../../entities/kept-details';
import type { CmhUser } from '../../../contract';

/** Whose copy a cached list is: the user, and the retail center (or plant facilities) they work in. */
export const viewScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;

/** Query keys of work orders, written once. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (scope: string) => [...workOrderKeys.all, 'list', scope] as const,
  detail: (serviceRequestId: number) => [...workOrderKeys.all, 'detail', serviceRequestId] as const,
  byWorkOrder: (workOrderId: number) => [...workOrderKeys.all, 'work-order', workOrderId] as const,
  homes: (scope: string) => [...workOrderKeys.all, 'homes', scope] as const,
  unitsOfMeasure: () => [...workOrderKeys.all, 'units-of-measure'] as const,
};

/** Kinds of the copies kept in IndexedDB (offline/cached-read). */
export const CACHE_KINDS = {
  detail: KEPT_DETAIL_KINDS.serviceRequest,
  homes: 'homes',
  unitsOfMeasure: 'units-of-measure',
} as const;
