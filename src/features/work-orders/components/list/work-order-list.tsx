import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { isOfflineError } from '../../../../lib/http';
import type { SortState } from '../../../../lib/list';
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
import { KEPT_LIST_RULES } from '../../../../contract/kept-lists';
import { WORK_ORDER_STATUSES } from '../../../../contract';
import { CACHE_KINDS } from '../../api/keys';
import { workOrderSearch } from '../../api/search-work-orders';
import type { PendingMark, ServiceRequestSummaryView } from '../../model';
import { useOfflinePriming } from '../../use-offline-priming';
import { useRefreshOnDelivery, useWorkOrderListView } from '../../use-request-view';
import { ReviewLink } from './review-link';
import {
  applyFilters,
  DEFAULT_WORK_ORDER_SORT,
  displayStatus,
  formatCost,
  formatServiceDate,
  NO_FILTERS,
  plantOptions,
  plantText,
  requestNumberText,
  reviewHref,
  rowsForTab,
  statusOptions,
  WORK_ORDER_SORT_COLUMNS,
  workOrderSearchText,
  type WorkOrderFilters,
} from './list-rules';
import './service-list.css';

/** A queued change shows on its row: 'Pending' while it waits, 'Not saved' with the server's message once refused. */
export function PendingMarker({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null;
  if (mark.state === 'pending') {
    return (
      <span className="wo-marker wo-marker--pending" title={`${mark.label}: waiting to be sent`}>
        Pending
      </span>
    );
  }
  return (
    <span className="wo-marker-group">
      <span className="wo-marker wo-marker--failed">Not saved</span>
      {mark.message && <span className="wo-marker__message">{mark.message}</span>}
    </span>
  );
}

const sortColumn = (columnName: string) => WORK_ORDER_SORT_COLUMNS.find((column) => column.columnName === columnName)!;

/** The columns, with "Needs a connection" on a request's row when `needsConnection` says its detail cannot open now. */
const columnsFor = (needsConnection: (row: ServiceRequestSummaryView) => boolean): DataListColumn<ServiceRequestSummaryView>[] => [
  {
    columnName: 'request',
    displayName: 'Request',
    sortable: false,
    width: 'minmax(0, 1.25fr)',
    render: (row) => (
      <div className="wo-request">
        <ReviewLink href={reviewHref(row)} className="wo-request__number">
          {requestNumberText(row)}
        </ReviewLink>
        {row.homeownerName && <span className="wo-request__homeowner">{row.homeownerName}</span>}
        <PendingMarker mark={row.pending} />
        {row.notOnDevice ? <NotOnDeviceMark /> : needsConnection(row) && <NeedsConnectionMark />}
      </div>
    ),
  },
  { ...sortColumn('serialNumber'), width: 'minmax(0, 1.15fr)' },
  { ...sortColumn('plant'), width: 'minmax(0, 1fr)', render: plantText },
  { ...sortColumn('status'), width: 'minmax(0, 1fr)', render: displayStatus },
  { ...sortColumn('requestDate'), width: 'minmax(0, 0.85fr)', render: (row) => formatServiceDate(row.requestDate) },
  { ...sortColumn('startDate'), width: 'minmax(0, 0.85fr)', render: (row) => formatServiceDate(row.startDate) },
  { ...sortColumn('performedDate'), width: 'minmax(0, 0.85fr)', render: (row) => formatServiceDate(row.performedDate) },
  { ...sortColumn('technician'), width: 'minmax(0, 1fr)' },
  { ...sortColumn('totalServiceCost'), width: 'minmax(0, 0.85fr)', render: (row) => formatCost(row.totalServiceCost) },
  { ...sortColumn('totalCombinedCost'), width: 'minmax(0, 0.85fr)', render: (row) => formatCost(row.totalCombinedCost) },
];

/** Keeps a chosen filter value among the choices after the rows changed, so the select never hides what it filters by. */
const withChosen = (options: { value: string; label: string }[], chosen: string) =>
  chosen && !options.some((option) => option.value === chosen) ? [...options, { value: chosen, label: chosen }] : options;

/** While only the first kept rows are read there is nothing more to load: the whole list replaces them. */
const NOTHING_MORE = () => undefined;

/** Every status a search on the server may filter by (the kept rows may not show them all). */
const ALL_STATUSES = Object.values(WORK_ORDER_STATUSES).map((status) => ({ value: status, label: status }));

export interface WorkOrderListProps {
  scope: string;
  tab: 'workOrders' | 'portal';
  portalMode: boolean;
  homeownerUser: boolean;
}

/**
 * spec 3 §2 work order list: every request the user sees as it will be (queued changes applied and marked),
 * searched ('Search Requests...'), sorted by the nine options of §2, filtered by plant and status, 10 rows
 * growing by 10. The copy on the device says how old it is when the server could not be reached.
 */
export function WorkOrderList({ scope, tab, portalMode, homeownerUser }: WorkOrderListProps) {
  useRefreshOnDelivery();
  const list = useWorkOrderListView(scope);
  const online = useOnline();
  const priming = useOfflinePriming(scope, list.fromCache ? undefined : list.query.data?.data, online);
  const router = useRouter();
  const now = useNow();
  const id = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_WORK_ORDER_SORT);
  const [filters, setFilters] = useState<WorkOrderFilters>(NO_FILTERS);

  const tabRows = useMemo(() => rowsForTab(list.rows, { portalMode, tab, homeownerUser }), [list.rows, portalMode, tab, homeownerUser]);
  const rows = useMemo(() => applyFilters(tabRows, filters), [tabRows, filters]);

  // Issue 31 §3: when the user sees more on the server than the device keeps, the list searches, sorts and pages there
  // (online); the kept rows show until its first page comes, and a row found there that is not kept says so.
  const portal = portalMode ? (tab === 'portal' || homeownerUser ? 'only' : 'none') : undefined;
  const server = useServerSearch({
    list: workOrderSearch,
    scope,
    kept: tabRows,
    loaded: list.query.data !== undefined,
    online,
    fromCache: list.fromCache,
    scopeFilters: { portal },
    search: { q: search, sort, filters: { plant: filters.plant, status: filters.status } },
    keyOf: (row) => String(row.serviceRequestId),
    notKept: (row, key): ServiceRequestSummaryView => ({ ...row, key, notOnDevice: true }),
  });
  const { keptCount, rows: serverRows } = server;
  const inServerMode = serverRows !== undefined;

  const plants = useMemo(
    () => withChosen(plantOptions(inServerMode ? [...tabRows, ...serverRows] : tabRows), filters.plant),
    [inServerMode, tabRows, serverRows, filters.plant],
  );
  const statuses = useMemo(
    () => withChosen(inServerMode ? ALL_STATUSES : statusOptions(tabRows), filters.status),
    [inServerMode, tabRows, filters.status],
  );
  // Open requests are kept whole on the device; a closed or archived one only once it was opened (issue 19).
  const needsConnection = useNeedsConnection(CACHE_KINDS.detail);
  const columns = useMemo(() => columnsFor((row) => !isTempId(row.key) && needsConnection(row.key)), [needsConnection]);

  const query = list.query;
  const loading = query.isPending && query.fetchStatus === 'fetching';
  const failed = query.isError && !query.data;
  const filtered = search !== '' || filters.plant !== '' || filters.status !== '';

  const toolbar = (
    <div className="wo-toolbar">
      <div className="wo-toolbar__field">
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
      <div className="wo-toolbar__field">
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
      <SortControls columns={WORK_ORDER_SORT_COLUMNS} sort={sort} onSortChange={setSort} fieldClassName="wo-toolbar__field" />
      {filtered && (
        <button
          type="button"
          className="button wo-toolbar__clear"
          onClick={() => {
            setFilters(NO_FILTERS);
            setSearch('');
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );

  return (
    <div className="wo-list">
      {list.fromCache && list.storedAt !== undefined && (
        <p className="notice notice--info wo-list__age" role="status">
          Saved copy, updated {describeAge(list.storedAt, now)}. It refreshes when the connection is back.
        </p>
      )}
      {list.fromCache && (
        <p className="notice notice--info wo-list__kept" role="status">
          This device holds {keptCount.toLocaleString('en-US')} work orders: {KEPT_LIST_RULES.workOrders.toLowerCase()}. The rest need a
          connection.
        </p>
      )}
      <KeptListProgress progress={list.progress} shortOfSpace={list.shortOfSpace} what="work orders" />
      {priming && (
        <div className="wo-list__priming" role="status">
          <label>
            Making open work orders available offline ({priming.done} of {priming.total})
            <progress max={priming.total} value={priming.done} />
          </label>
        </div>
      )}
      {failed && (
        <div className="notice notice--warning wo-list__error" role="alert">
          {isOfflineError(query.error)
            ? 'You are offline and no copy of the work orders is saved on this device yet. They load when the connection is back.'
            : 'The work orders could not be loaded.'}{' '}
          <button type="button" className="button button--link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      <DataList
        label={tab === 'portal' ? 'Homeowner portal requests' : 'Work orders'}
        columns={columns}
        {...(server.dataList ??
          (list.partialTotal === undefined
            ? { rows, searchText: workOrderSearchText }
            : { mode: 'server' as const, rows, total: list.partialTotal, hasMore: false, onLoadMore: NOTHING_MORE }))}
        rowKey={(row) => row.key}
        loading={loading}
        searchLabel="Search requests"
        searchPlaceholder="Search Requests..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onRowClick={(row) => void router.navigate({ href: reviewHref(row) })}
        rowClassName={(row) => (row.pending ? `wo-row--${row.pending.state}` : undefined)}
        emptyMessage={
          filtered ? 'No requests match your search and filters.' : failed ? 'No work orders to show.' : 'There are no work orders to show.'
        }
        estimateRowHeight={72}
        className="wo-list__table"
        // Ten columns never fit the 72rem page beside the side nav: cards at every width.
        cards
        toolbar={toolbar}
      />
    </div>
  );
}
