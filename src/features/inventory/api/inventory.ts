import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';

/** GET {api}/Inventory: the stock, kept on the device row by row and brought up to date by delta sync. */
export const inventoryList = keptList<InventoryItem>({
  list: 'inventory' satisfies KeptListName,
  table: (db) => db.inventory,
  key: (row) => row.inventoryId,
  firstPage: { index: 'stockedDate', reverse: true },
  compare: (a, b) => b.stockedDate.localeCompare(a.stockedDate) || b.inventoryId - a.inventoryId,
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.inventory),
});

export const useInventory = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: ['inventory', 'list', scope],
      queryFn: () => readKeptList(inventoryList, scope),
      meta: NOT_PERSISTED,
      structuralSharing: false,
    }),
  );
