import { queryOptions, useQuery } from '@tanstack/react-query';
import { InventoryItem, paths, syncPageAnswer } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, readKeptList } from '../../../offline/kept-lists';

const InventoryPage = syncPageAnswer(InventoryItem);

/** GET {api}/Inventory: the stock, kept on the device row by row and brought up to date by delta sync. */
export const inventoryList = keptList<InventoryItem>({
  list: 'inventory',
  table: (db) => db.inventory,
  key: (row) => row.inventoryId,
  firstPage: { index: 'stockedDate', reverse: true },
  compare: (a, b) => b.stockedDate.localeCompare(a.stockedDate) || b.inventoryId - a.inventoryId,
  fetchPage: (since, limit) => request(paths.inventory, { query: { since, limit }, schema: InventoryPage }),
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
