import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  DUPLICATE_TOAST,
  ORDER_MESSAGES,
  QUOTE_EDIT_ROLES,
  QUOTE_MESSAGES,
  formatQuoteNumber,
  type CmhUser,
  type SalesOrder,
} from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import type { SortColumn, SortState } from '../../../lib/list';
import { notify } from '../../../lib/notifier';
import { isHttpError, isOfflineError, reportHttpError } from '../../../lib/http';
import { hasRole } from '../../../lib/permissions';
import { useNeedsConnection } from '../../../offline/kept-detail-ids';
import { useOnline } from '../../../offline/use-connection';
import { useKeptListView } from '../../../offline/use-kept-list';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { ActionButton } from '../../../ui/disabled-reason';
import { KeptListStatus } from '../../../ui/kept-list-status';
import { SelectFilter } from '../../../ui/select-filter';
import { useModals } from '../../../ui/modals';
import { NeedsConnectionMark, OFFLINE_DISABLED } from '../../../ui/not-on-device';
import { copyOrderIntoBuildAQuote, orderKeys, orderList, useOrders, type KeptReports } from '../api/orders';
import { viewScope } from '../../../entities/view-scope';

/** spec 2 §2 Orders list sort columns. */
export const ORDER_SORT_COLUMNS: readonly SortColumn<SalesOrder>[] = [
  { columnName: 'customer', displayName: 'Customer', filterable: true },
  { columnName: 'orderNumber', displayName: 'Order Number', filterable: true },
  { columnName: 'serialNumber', displayName: 'Serial Number', filterable: true, value: (row) => row.longSerialNumber || row.serialNumber },
  { columnName: 'plantName', displayName: 'Facility', filterable: true },
  { columnName: 'modelNumber', displayName: 'Model', filterable: true, value: (row) => `${row.modelNumber} ${row.modelDesc}` },
  { columnName: 'orderDate', displayName: 'Order Date' },
  { columnName: 'mdm', displayName: 'CSM', filterable: true },
  { columnName: 'estimatedOfflineWeekOf', displayName: 'Estimated Offline Week-of' },
  { columnName: 'scheduledOfflineDate', displayName: 'Offline Date' },
];
const column = (name: string) => ORDER_SORT_COLUMNS.find((entry) => entry.columnName === name)!;

export const orderDetailHref = (order: Pick<SalesOrder, 'plantNumber' | 'quoteNumber' | 'orderNumber'>) =>
  `/reports/sales/order/${order.plantNumber}/${order.quoteNumber}/${order.orderNumber}`;

/**
 * spec 2 §2 Orders (/sales/orders): kept on the device, filtered by facility and CSM, 10 rows growing by 10. A row
 * opens its Order Detail, which is kept once opened (not for every order); while the server cannot be reached, the rows
 * whose detail is not on the device say so before they are tapped (issue 19).
 */
export function OrdersScreen({ user, keptReports }: { user: CmhUser; keptReports: KeptReports }) {
  const scope = viewScope(user);
  const query = useOrders(scope);
  const view = useKeptListView(orderList, scope, query);
  const reportNeedsConnection = useNeedsConnection(keptReports.kind);
  const needsConnection = (order: SalesOrder) => reportNeedsConnection(keptReports.idOf(order));
  const modals = useModals();
  const router = useRouter();
  const queryClient = useQueryClient();
  const online = useOnline();
  const [facility, setFacility] = useState('');
  const [csm, setCsm] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ columnName: 'orderDate', direction: 'desc' });
  const allRows = view.rows;
  const rows = useMemo(
    () => allRows.filter((row) => (!facility || row.plantNumber === facility) && (!csm || row.mdm === csm)),
    [allRows, facility, csm],
  );
  const facilities = useMemo(
    () =>
      [...new Map(allRows.map((row) => [row.plantNumber, row.plantName]))]
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([value, label]) => ({ value, label })),
    [allRows],
  );
  const csms = useMemo(
    () => [...new Set(allRows.map((row) => row.mdm).filter(Boolean))].sort().map((name) => ({ value: name, label: name })),
    [allRows],
  );
  // spec 2 §2, §6: copying into Build A Quote is hidden without MyCustomHomes itself; its _Admin and _ApproverOverride
  // variants do not imply it (spec 1 §6 checks roles by name; see QUOTE_EDIT_ROLES).
  const canCopy = hasRole(user, ...QUOTE_EDIT_ROLES);

  async function copy(order: SalesOrder) {
    if (!(await modals.confirm(ORDER_MESSAGES.copyConfirm, 'Copy to Build A Quote'))) return;
    let result;
    try {
      result = await modals.withLoading(copyOrderIntoBuildAQuote(order));
    } catch (error) {
      // spec 2 §8: HTTP errors close the panel and hide the loading (the error catalogue has spoken); a refusal (the
      // retailer has no product lines) says why here, and a 400 without a message gets the catalogue's. Offline the button
      // is disabled (it says it needs a connection); a connection lost on the way is said here.
      if (isOfflineError(error)) await modals.message('You are offline. Copying an order into Build A Quote needs the connection.');
      else if (isHttpError(error, 400) && error.body?.message) await modals.message(error.body.message, 'Copy to Build A Quote');
      else if (isHttpError(error, 400)) reportHttpError(error);
      return;
    }
    if (!result.ModelActive || !result.NewQuote) {
      await modals.message(QUOTE_MESSAGES.modelNotAvailable(order.plantName), 'Copy to Build A Quote');
      return;
    }
    notify({
      level: 'success',
      title: QUOTE_MESSAGES.duplicated(formatQuoteNumber(order.quoteNumber), result.NewQuote.QuoteNumber),
      durationMs: DUPLICATE_TOAST.timeOut,
    });
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    await router.navigate({ href: `/reports/sales/quote/${order.plantNumber}/${result.NewQuote.QuoteNumber}/0` });
  }

  const columns: DataListColumn<SalesOrder>[] = [
    {
      ...column('customer'),
      width: 'minmax(8rem, 1.3fr)',
      render: (row) => (
        <>
          {row.customer}
          {needsConnection(row) && <NeedsConnectionMark />}
        </>
      ),
    },
    { ...column('orderNumber'), width: '7rem' },
    { ...column('serialNumber'), width: 'minmax(8rem, 1fr)', render: (row) => row.longSerialNumber || row.serialNumber || 'TBD' },
    { ...column('plantName'), width: 'minmax(6rem, 1fr)', foldOrder: 3 },
    { ...column('modelNumber'), width: 'minmax(7rem, 1.2fr)', render: (row) => `${row.modelNumber} ${row.modelDesc}` },
    { ...column('orderDate'), width: '7rem', foldOrder: 4, render: (row) => formatDate(row.orderDate) },
    { ...column('mdm'), width: 'minmax(6rem, 1fr)', foldOrder: 2 },
    { ...column('estimatedOfflineWeekOf'), width: '8rem', foldOrder: 1, render: (row) => formatDate(row.estimatedOfflineWeekOf) },
    { ...column('scheduledOfflineDate'), width: '7rem', foldOrder: 5, render: (row) => formatDate(row.scheduledOfflineDate) },
    ...(canCopy
      ? [
          {
            columnName: 'copy',
            displayName: 'Build A Quote',
            sortable: false,
            width: '7.5rem',
            render: (row: SalesOrder) => (
              <ActionButton
                className="button button--small"
                aria-label={`Copy order ${row.orderNumber} into Build A Quote`}
                {...(online ? {} : OFFLINE_DISABLED)}
                onClick={(event) => {
                  event.stopPropagation();
                  void copy(row);
                }}
              >
                Copy
              </ActionButton>
            ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <div className="list-filters">
      <SelectFilter label="Facility" value={facility} onChange={setFacility} allLabel="All facilities" options={facilities} />
      <SelectFilter label="CSM" value={csm} onChange={setCsm} allLabel="All CSMs" options={csms} />
    </div>
  );

  return (
    <div className="page sales-page">
      <h1 className="page__title">Orders</h1>
      <KeptListStatus what="orders" {...view.status} />
      <DataList
        label="Orders"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.orderId}
        loading={view.loading}
        searchLabel="Search orders"
        searchPlaceholder="Search Orders..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onRowClick={(row) => void router.navigate({ href: orderDetailHref(row) })}
        emptyMessage="No orders match."
        toolbar={toolbar}
        estimateRowHeight={52}
      />
    </div>
  );
}
