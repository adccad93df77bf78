import { useState } from 'react';
import type { CmhUser, InventoryItem } from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { deriveFlags } from '../../../lib/permissions';
import type { SortState } from '../../../lib/list';
import { useKeptListView } from '../../../offline/use-kept-list';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { KeptListStatus } from '../../../ui/kept-list-status';
import { inventoryList, useInventory } from '../api/inventory';
import { viewScope } from '../../../entities/view-scope';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The fields of spec 2 §3 Inventory item, every one sortable, the text ones searched. */
const COLUMNS: DataListColumn<InventoryItem>[] = [
  { columnName: 'stockNumber', displayName: 'Stock Number', filterable: true, width: '9rem' },
  { columnName: 'serailNumber', displayName: 'Serial Number', filterable: true, width: 'minmax(9rem, 1fr)' },
  {
    columnName: 'modelNumber',
    displayName: 'Model',
    filterable: true,
    width: 'minmax(8rem, 1.2fr)',
    value: (row) => `${row.modelNumber} ${row.modelName}`,
  },
  { columnName: 'plantName', displayName: 'Facility', filterable: true, width: 'minmax(6rem, 1fr)', foldOrder: 8 },
  { columnName: 'type', displayName: 'Type', filterable: true, width: '5rem', foldOrder: 6 },
  { columnName: 'tdes', displayName: 'Sections', filterable: true, width: '6rem', foldOrder: 5 },
  { columnName: 'reg', displayName: 'Reg', filterable: true, width: '4rem', foldOrder: 1 },
  { columnName: 'owner', displayName: 'Owner', filterable: true, width: 'minmax(7rem, 1fr)', foldOrder: 4 },
  { columnName: 'wso', displayName: 'WSO', filterable: true, width: '7rem', foldOrder: 2 },
  { columnName: 'poNumber', displayName: 'PO Number', filterable: true, width: '7rem', foldOrder: 3 },
  {
    columnName: 'invoiceAmount',
    displayName: 'Invoice Amount',
    width: '8rem',
    // Sent to price viewers only; a row kept from before the user was one has none.
    render: (row) => (row.invoiceAmount === undefined ? '—' : money.format(row.invoiceAmount)),
  },
  { columnName: 'age', displayName: 'Age (days)', width: '6rem' },
  {
    columnName: 'salesDate',
    displayName: 'Sales Date',
    width: '7rem',
    foldOrder: 7,
    render: (row) => (row.salesDate ? formatDate(row.salesDate) : ''),
  },
];
/** Without View_Pricing the server sends no invoice amount (spec 2 §6), and the list has no column for it. */
const UNPRICED_COLUMNS = COLUMNS.filter((column) => column.columnName !== 'invoiceAmount');

/** Inventory (/sales/inventory): the spec shows no screen; a sortable, searchable list of the stock's fields. */
export function InventoryScreen({ user }: { user: CmhUser }) {
  const scope = viewScope(user);
  const query = useInventory(scope);
  const view = useKeptListView(inventoryList, scope, query);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ columnName: 'age', direction: 'desc' });
  return (
    <div className="page sales-page">
      <h1 className="page__title">Inventory</h1>
      <KeptListStatus what="inventory" {...view.status} />
      <DataList
        label="Inventory"
        columns={deriveFlags(user).isPriceViewer ? COLUMNS : UNPRICED_COLUMNS}
        rows={view.rows}
        rowKey={(row) => row.inventoryId}
        loading={view.loading}
        searchLabel="Search inventory"
        searchPlaceholder="Search Inventory..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        emptyMessage="No homes in stock match."
        estimateRowHeight={48}
      />
    </div>
  );
}
