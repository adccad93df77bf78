import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { PARTS_ORDER_STATUSES, type CmhUser } from '../../../../contract';
import { deriveFlags } from '../../../../lib/permissions';
import { useNeedsConnection } from '../../../../offline/kept-detail-ids';
import { describeAge } from '../../../../offline/age';
import { useOnline } from '../../../../offline/use-connection';
import { useNow } from '../../../../offline/use-now';
import { isTempId } from '../../../../offline/temp-ids';
import { useServerSearch } from '../../../../offline/use-list-search';
import { DataList, type DataListColumn } from '../../../../ui/data-list';
import { KeptRecordsNotices, PrimingProgress, keptRecordsQueryState } from '../../../../ui/kept-records-notices';
import { RecordCell } from '../../../../ui/record-cell';
import { PlantStatusToolbar, usePlantStatusControls } from '../../../../ui/plant-status-toolbar';
import { PathLink } from '../../../../ui/path-link';
import { useCatalogPriming } from '../../catalog';
import { usePlantChoices } from '../../api/get-plants';
import { CACHE_KINDS } from '../../api/keys';
import { partsOrderSearch } from '../../api/search-parts-orders';
import type { PartsOrderSummaryView } from '../../model';
import { usePartsOrderPriming } from '../../use-offline-priming';
import { usePartsOrderListView, useRefreshOnDelivery } from '../../use-parts-order-view';
import { PendingBadge } from '../../../../ui/pending-marks';
import {
  applyFilters,
  dateText,
  DEFAULT_PARTS_SORT,
  orderHref,
  orderNumberText,
  partsSearchText,
  PARTS_SORT_COLUMNS,
  plantOptions,
  plantText,
  serialText,
  statusOptions,
  statusText,
} from './list-rules';
import { StockOrderModal } from './stock-order-modal';
import { viewScope } from '../../../../entities/view-scope';
import '../parts-orders.css';

const PENDING_ACTION_TEXT = { submit: 'Submit waiting', cancel: 'Cancel waiting', receipt: 'Receipt waiting' } as const;

const sortColumn = (columnName: string) => PARTS_SORT_COLUMNS.find((column) => column.columnName === columnName)!;

const ORDER_COLUMN = { columnName: 'order', displayName: 'Order', sortable: false } as const;

/** An order's first cell: its number (the link), homeowner, the queued action and the marks of its row. */
function OrderCell({ row, needsConnection }: { row: PartsOrderSummaryView; needsConnection: boolean }) {
  const link = (
    <PathLink href={orderHref(row)} className="po-row__number">
      {orderNumberText(row)}
    </PathLink>
  );
  return (
    <RecordCell className="po-row" record={row} link={link} needsConnection={needsConnection}>
      {row.pendingAction && row.pending?.state !== 'failed' && (
        <span className="po-row__action">{PENDING_ACTION_TEXT[row.pendingAction]}</span>
      )}
      <PendingBadge mark={row.pending} subject={orderNumberText(row)} />
    </RecordCell>
  );
}

/** The columns, with "Needs a connection" on an order's row when `needsConnection` says its detail cannot open now. */
const columnsFor = (needsConnection: (row: PartsOrderSummaryView) => boolean): DataListColumn<PartsOrderSummaryView>[] => [
  { ...ORDER_COLUMN, width: 'minmax(0, 1.3fr)', render: (row) => <OrderCell row={row} needsConnection={needsConnection(row)} /> },
  { ...sortColumn('serialNumber'), width: 'minmax(0, 1.1fr)', render: serialText },
  { ...sortColumn('plant'), width: 'minmax(0, 1fr)', render: plantText },
  { ...sortColumn('status'), width: 'minmax(0, 0.8fr)', render: statusText },
  { ...sortColumn('orderDate'), width: 'minmax(0, 0.8fr)', render: (row) => dateText(row.orderDate) },
  { ...sortColumn('expectedShipDate'), width: 'minmax(0, 0.8fr)', render: (row) => dateText(row.expectedShipDate) },
  { columnName: 'itemCount', displayName: 'Items', sortable: false, width: 'minmax(0, 0.5fr)', render: (row) => String(row.itemCount) },
];

/** Every status a search on the server may filter by (the kept rows may not show them all). */
const ALL_STATUSES = PARTS_ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * spec 3 §2 Parts list (tab 1 of Service & Parts): every order the user sees as it will be (queued changes applied
 * and marked), searched, sorted by plant, ship date, request date, status or serial, filtered by plant and status,
 * 10 rows growing by 10. Opened online it keeps the list, every open order and the approved catalogs
 * of the user's plants on the device, so that orders can be made, edited and received offline.
 */
export function PartsOrderList({ user }: { user: CmhUser }) {
  useRefreshOnDelivery();
  const list = usePartsOrderListView(user);
  const online = useOnline();
  const scope = viewScope(user);
  const priming = usePartsOrderPriming(scope, list.fromCache ? undefined : list.query.data?.data, online, {
    currentRetailer: user.currentRetailer?.retailerNumber ?? null,
    isPlantUser: user.isPlantUser,
  });
  const { plants: userPlants } = usePlantChoices(user);
  // The catalogs a part may be picked from offline: the user's plants, and the plant of every staged order (a customer
  // order picks from the catalog of its home's plant).
  const plantKey = [
    ...new Set([
      ...(userPlants ?? []).map((plant) => plant.plantNumber),
      ...list.rows.filter((row) => row.vantagePartsRequestId === null && !row.isClosed).map((row) => row.plantNumber),
    ]),
  ]
    .filter(Boolean)
    .sort()
    .join(',');
  // Keyed by its text, so that the priming starts again only when the set of plants changes.
  const plantNumbers = useMemo(() => (online && plantKey ? plantKey.split(',') : []), [online, plantKey]);
  const catalogPriming = useCatalogPriming(scope, plantNumbers);
  const router = useRouter();
  const now = useNow();
  const controls = usePlantStatusControls(DEFAULT_PARTS_SORT);
  const { search, sort, filters, filtered } = controls;
  const [creatingStock, setCreatingStock] = useState(false);
  const canCreate = deriveFlags(user).isServiceAdmin;

  const rows = useMemo(() => applyFilters(list.rows, filters), [list.rows, filters]);
  // Issue 31 §3: when the user sees more on the server than the device keeps, the list searches, sorts and pages there
  // (online); the kept rows show until its first page comes, and a row found there that is not kept says so.
  const server = useServerSearch({
    list: partsOrderSearch,
    scope,
    kept: list.rows,
    loaded: list.query.data !== undefined || list.incomplete,
    online,
    fromCache: list.fromCache,
    search: { q: search, sort, filters: { plant: filters.plant, status: filters.status } },
    keyOf: (row) => String(row.partsOrderId),
    notKept: (row, key): PartsOrderSummaryView => ({ ...row, key, notOnDevice: true }),
  });
  const { keptCount, rows: serverRows } = server;
  const inServerMode = serverRows !== undefined;

  const plants = useMemo(
    () => plantOptions(inServerMode ? [...list.rows, ...serverRows] : list.rows),
    [inServerMode, list.rows, serverRows],
  );
  const statuses = useMemo(() => (inServerMode ? ALL_STATUSES : statusOptions(list.rows)), [inServerMode, list.rows]);
  // Open orders are kept whole on the device; a closed one only once it was opened (issue 19).
  const needsConnection = useNeedsConnection(CACHE_KINDS.detail);
  const columns = useMemo(() => columnsFor((row) => !isTempId(row.key) && needsConnection(row.key)), [needsConnection]);

  const { loading } = keptRecordsQueryState(list.query);

  const savedAge = list.storedAt === undefined ? undefined : describeAge(list.storedAt, now);
  const toolbar = (
    <PlantStatusToolbar className="po-toolbar" controls={controls} plants={plants} statuses={statuses} sorts={PARTS_SORT_COLUMNS}>
      {canCreate && (
        <button
          type="button"
          className="button button--primary po-toolbar__new"
          aria-haspopup="dialog"
          onClick={() => setCreatingStock(true)}
        >
          New Stock Order
        </button>
      )}
    </PlantStatusToolbar>
  );

  return (
    <div className="po-list">
      <KeptRecordsNotices className="po-list" kind="partsOrders" view={list} keptCount={keptCount} savedAge={savedAge}>
        <PrimingProgress className="po-list__priming" label="Making open parts orders available offline" priming={priming} />
        <PrimingProgress className="po-list__priming" label="Making the parts catalogs available offline" priming={catalogPriming} />
      </KeptRecordsNotices>
      <DataList
        label="Parts orders"
        columns={columns}
        {...(server.dataList ?? { rows, searchText: partsSearchText })}
        {...controls.dataList}
        loading={loading}
        searchLabel="Search parts orders"
        searchPlaceholder="Search Parts Orders..."
        onRowClick={(row) => void router.navigate({ href: orderHref(row) })}
        rowClassName={(row) => (row.pending ? `po-list-row--${row.pending.state}` : undefined)}
        emptyMessage={filtered ? 'No parts orders match your search and filters.' : 'There are no parts orders to show.'}
        estimateRowHeight={72}
        className="po-list__table"
        // On tablets, portrait and landscape, seven columns would cut dates, statuses and serials.
        cards="(max-width: 75rem)"
        toolbar={toolbar}
      />
      {creatingStock && <StockOrderModal user={user} onClose={() => setCreatingStock(false)} />}
    </div>
  );
}
