import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { PARTS_ORDER_STATUSES, type CmhUser } from '../../../../contract';
import { KEPT_LIST_RULES } from '../../../../contract/kept-lists';
import { isOfflineError } from '../../../../lib/http';
import type { SortState } from '../../../../lib/list';
import { deriveFlags } from '../../../../lib/permissions';
import { describeAge } from '../../../../offline/age';
import { useNeedsConnection } from '../../../../offline/kept-detail-ids';
import { useOnline } from '../../../../offline/use-connection';
import { useNow } from '../../../../offline/use-now';
import { isTempId } from '../../../../offline/temp-ids';
import { useServerSearch } from '../../../../offline/use-list-search';
import { DataList, type DataListColumn } from '../../../../ui/data-list';
import { KeptListProgress } from '../../../../ui/kept-list-progress';
import { NeedsConnectionMark, NotOnDeviceMark } from '../../../../ui/not-on-device';
import { SortControls } from '../../../../ui/sort-controls';
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
  NO_FILTERS,
  orderHref,
  orderNumberText,
  partsSearchText,
  PARTS_SORT_COLUMNS,
  plantOptions,
  plantText,
  serialText,
  statusOptions,
  statusText,
  type PartsFilters,
} from './list-rules';
import { StockOrderModal } from './stock-order-modal';
import { viewScope } from '../../../../entities/view-scope';
import '../parts-orders.css';

const PENDING_ACTION_TEXT = { submit: 'Submit waiting', cancel: 'Cancel waiting', receipt: 'Receipt waiting' } as const;

const sortColumn = (columnName: string) => PARTS_SORT_COLUMNS.find((column) => column.columnName === columnName)!;

/** The columns, with "Needs a connection" on an order's row when `needsConnection` says its detail cannot open now. */
const columnsFor = (needsConnection: (row: PartsOrderSummaryView) => boolean): DataListColumn<PartsOrderSummaryView>[] => [
  {
    columnName: 'order',
    displayName: 'Order',
    sortable: false,
    width: 'minmax(0, 1.3fr)',
    render: (row) => (
      <div className="po-row">
        <PathLink href={orderHref(row)} className="po-row__number">
          {orderNumberText(row)}
        </PathLink>
        {row.homeownerName && <span className="po-row__homeowner">{row.homeownerName}</span>}
        {row.pendingAction && row.pending?.state !== 'failed' && (
          <span className="po-row__action">{PENDING_ACTION_TEXT[row.pendingAction]}</span>
        )}
        <PendingBadge mark={row.pending} subject={orderNumberText(row)} />
        {row.notOnDevice ? <NotOnDeviceMark /> : needsConnection(row) && <NeedsConnectionMark />}
      </div>
    ),
  },
  { ...sortColumn('serialNumber'), width: 'minmax(0, 1.1fr)', render: serialText },
  { ...sortColumn('plant'), width: 'minmax(0, 1fr)', render: plantText },
  { ...sortColumn('status'), width: 'minmax(0, 0.8fr)', render: statusText },
  { ...sortColumn('orderDate'), width: 'minmax(0, 0.8fr)', render: (row) => dateText(row.orderDate) },
  { ...sortColumn('expectedShipDate'), width: 'minmax(0, 0.8fr)', render: (row) => dateText(row.expectedShipDate) },
  { columnName: 'itemCount', displayName: 'Items', sortable: false, width: 'minmax(0, 0.5fr)', render: (row) => String(row.itemCount) },
];

/** Keeps a chosen filter value among the choices after the rows changed, so the select never hides what it filters by. */
const withChosen = (options: { value: string; label: string }[], chosen: string) =>
  chosen && !options.some((option) => option.value === chosen) ? [...options, { value: chosen, label: chosen }] : options;

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
  const id = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_PARTS_SORT);
  const [filters, setFilters] = useState<PartsFilters>(NO_FILTERS);
  const [creatingStock, setCreatingStock] = useState(false);
  const canCreate = deriveFlags(user).isServiceAdmin;

  const rows = useMemo(() => applyFilters(list.rows, filters), [list.rows, filters]);
  // Issue 31 §3: when the user sees more on the server than the device keeps, the list searches, sorts and pages there
  // (online); the kept rows show until its first page comes, and a row found there that is not kept says so.
  const server = useServerSearch({
    list: partsOrderSearch,
    scope,
    kept: list.rows,
    loaded: list.query.data !== undefined,
    online,
    fromCache: list.fromCache,
    search: { q: search, sort, filters: { plant: filters.plant, status: filters.status } },
    keyOf: (row) => String(row.partsOrderId),
    notKept: (row, key): PartsOrderSummaryView => ({ ...row, key, notOnDevice: true }),
  });
  const { keptCount, rows: serverRows } = server;
  const inServerMode = serverRows !== undefined;

  const plants = useMemo(
    () => withChosen(plantOptions(inServerMode ? [...list.rows, ...serverRows] : list.rows), filters.plant),
    [inServerMode, list.rows, serverRows, filters.plant],
  );
  const statuses = useMemo(
    () => withChosen(inServerMode ? ALL_STATUSES : statusOptions(list.rows), filters.status),
    [inServerMode, list.rows, filters.status],
  );
  // Open orders are kept whole on the device; a closed one only once it was opened (issue 19).
  const needsConnection = useNeedsConnection(CACHE_KINDS.detail);
  const columns = useMemo(() => columnsFor((row) => !isTempId(row.key) && needsConnection(row.key)), [needsConnection]);

  const query = list.query;
  const loading = query.isPending && query.fetchStatus === 'fetching';
  const failed = query.isError && !query.data;
  const filtered = search !== '' || filters.plant !== '' || filters.status !== '';

  const toolbar = (
    <div className="po-toolbar">
      <div className="po-toolbar__field">
        <label htmlFor={`${id}-plant`}>Filter by plant</label>
        <select
          id={`${id}-plant`}
          className="field__input field__select"
          value={filters.plant}
          onChange={(event) => setFilters((current) => ({ ...current, plant: event.target.value }))}
        >
          <option value="">All plants</option>
          {plants.map((plant) => (
            <option key={plant.value} value={plant.value}>
              {plant.label}
            </option>
          ))}
        </select>
      </div>
      <div className="po-toolbar__field">
        <label htmlFor={`${id}-status`}>Filter by status</label>
        <select
          id={`${id}-status`}
          className="field__input field__select"
          value={filters.status}
          onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value }))}
        >
          <option value="">All statuses</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </div>
      <SortControls columns={PARTS_SORT_COLUMNS} sort={sort} onSortChange={setSort} fieldClassName="po-toolbar__field" />
      {filtered && (
        <button
          type="button"
          className="button po-toolbar__clear"
          onClick={() => {
            setFilters(NO_FILTERS);
            setSearch('');
          }}
        >
          Clear filters
        </button>
      )}
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
    </div>
  );

  return (
    <div className="po-list">
      {list.fromCache && list.storedAt !== undefined && (
        <p className="notice notice--info" role="status">
          Saved copy, updated {describeAge(list.storedAt, now)}. It refreshes when the connection is back.
        </p>
      )}
      {list.fromCache && (
        <p className="notice notice--info" role="status">
          This device holds {keptCount.toLocaleString('en-US')} parts orders: {KEPT_LIST_RULES.partsOrders.toLowerCase()}. The rest need a
          connection.
        </p>
      )}
      <KeptListProgress progress={list.progress} shortOfSpace={list.shortOfSpace} what="parts orders" />
      {priming && (
        <div className="po-list__priming" role="status">
          <label>
            Making open parts orders available offline ({priming.done} of {priming.total})
            <progress max={priming.total} value={priming.done} />
          </label>
        </div>
      )}
      {catalogPriming && (
        <div className="po-list__priming" role="status">
          <label>
            Making the parts catalogs available offline ({catalogPriming.done} of {catalogPriming.total})
            <progress max={catalogPriming.total} value={catalogPriming.done} />
          </label>
        </div>
      )}
      {failed && (
        <div className="notice notice--warning" role="alert">
          {isOfflineError(query.error)
            ? 'You are offline and no copy of the parts orders is saved on this device yet. They load when the connection is back.'
            : 'The parts orders could not be loaded.'}{' '}
          <button type="button" className="button button--link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      <DataList
        label="Parts orders"
        columns={columns}
        {...(server.dataList ?? { rows, searchText: partsSearchText })}
        rowKey={(row) => row.key}
        loading={loading}
        searchLabel="Search parts orders"
        searchPlaceholder="Search Parts Orders..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
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
