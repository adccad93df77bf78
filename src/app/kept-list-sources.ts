import { catalogPlantOf, type KeptListName } from '../contract/kept-lists';
import type { KeptList } from '../offline/kept-lists';

type Open = () => Promise<KeptList<unknown>>;

/** Each list's KeptList, from its feature's api module (the one its screen loads, so it is the KeptList the screen shows). */
const OPEN_LIST: Record<KeptListName, Open> = {
  workOrders: async () => (await import('../features/work-orders/api/get-work-orders')).workOrderList as KeptList<unknown>,
  partsOrders: async () => (await import('../features/parts-orders/api/get-parts-orders')).partsOrderList as KeptList<unknown>,
  homeowners: async () => (await import('../features/homeowners/api/get-homeowners')).homeownerList as KeptList<unknown>,
  quotes: async () => (await import('../features/quotes/api/quotes')).quoteList as KeptList<unknown>,
  salesOrders: async () => (await import('../features/orders/api/orders')).orderList as KeptList<unknown>,
  leads: async () => (await import('../features/leads/api/leads')).leadList as KeptList<unknown>,
  inventory: async () => (await import('../features/inventory/api/inventory')).inventoryList as KeptList<unknown>,
};

/**
 * The KeptList of a kept list by its syncState key (contract/kept-lists.ts), for Device status's "Sync now"
 * (offline/device-status.ts refreshKeptLists): each list's fetch belongs to its feature, so the app finds it here,
 * loading the feature's module only when the list is kept on the device. Undefined for a list this version does not know.
 */
export async function openKeptList(list: string): Promise<KeptList<unknown> | undefined> {
  const plant = catalogPlantOf(list);
  if (plant !== undefined) return (await import('../features/parts-orders/catalog/api')).approvedCatalogList(plant) as KeptList<unknown>;
  return Object.hasOwn(OPEN_LIST, list) ? OPEN_LIST[list as KeptListName]() : undefined;
}
