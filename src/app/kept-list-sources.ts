import type { KeptList } from '../offline/kept-lists';

/**
 * The KeptList of a kept list by its syncState key, for Device status's "Sync now" (offline/device-status.ts
 * refreshKeptLists): each list's fetch belongs to its feature, so the app finds it here, loading the feature's api
 * module only when the list is kept on the device (the same module its screen loads, so the KeptList is the one the
 * screen shows). Undefined for a list this version does not know.
 */
export async function openKeptList(list: string): Promise<KeptList<unknown> | undefined> {
  const [table, share] = list.split(':');
  switch (table) {
    case 'workOrders':
      return (await import('../features/work-orders/api/get-work-orders')).workOrderList as KeptList<unknown>;
    case 'partsOrders':
      return (await import('../features/parts-orders/api/get-parts-orders')).partsOrderList as KeptList<unknown>;
    case 'homeowners':
      return (await import('../features/homeowners/api/get-homeowners')).homeownerList as KeptList<unknown>;
    case 'catalogParts':
      return share === undefined
        ? undefined
        : ((await import('../features/parts-orders/catalog/api')).approvedCatalogList(share) as KeptList<unknown>);
    case 'quotes':
      return (await import('../features/quotes/api/quotes')).quoteList as KeptList<unknown>;
    case 'salesOrders':
      return (await import('../features/orders/api/orders')).orderList as KeptList<unknown>;
    case 'leads':
      return (await import('../features/leads/api/leads')).leadList as KeptList<unknown>;
    case 'inventory':
      return (await import('../features/inventory/api/inventory')).inventoryList as KeptList<unknown>;
    default:
      return undefined;
  }
}
