import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
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
  plantOptions,
  plantText,
  requestNumberText,
  reviewHref,
  rowsForTab,
  statusOptions,
  WORK_ORDER_SORT_COLUMNS,
  workOrderSearchText,
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

const REQUEST_COLUMN = { columnName: 'request', displayName: 'Request', sortable: false } as const;

/** A request's first cell: its number (the link to its review), homeowner and the marks of its row. */
const RequestCell = ({ row, needsConnection }: { row: ServiceRequestSummaryView; needsConnection: boolean }) => (
  <RecordCell
    className="wo-request"
    record={row}
    link={
      <ReviewLink href={reviewHref(row)} className="wo-request__number">
        {requestNumberText(row)}
      </ReviewLink>
    }
    needsConnection={needsConnection}
  >
    <PendingMarker mark={row.pending} />
  </RecordCell>
);

/** The columns, with "Needs a connection" on a request's row when `needsConnection` says its detail cannot open now. */
const columnsFor = (needsConnection: (row: ServiceRequestSummaryView) => boolean): DataListColumn<ServiceRequestSummaryView>[] => [
  { ...REQUEST_COLUMN, width: 'minmax(0, 1.25fr)', render: (row) => <RequestCell row={row} needsConnection={needsConnection(row)} /> },
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
  const controls = usePlantStatusControls(DEFAULT_WORK_ORDER_SORT);
  const { search, sort, filters, filtered } = controls;

  const tabRows = useMemo(() => rowsForTab(list.rows, { portalMode, tab, homeownerUser }), [list.rows, portalMode, tab, homeownerUser]);
  const rows = useMemo(() => applyFilters(tabRows, filters), [tabRows, filters]);

  // Issue 31 §3: when the user sees more on the server than the device keeps, the list searches, sorts and pages there
  // (online); the kept rows show until its first page comes, and a row found there that is not kept says so.
  const portal = portalMode ? (tab === 'portal' || homeownerUser ? 'only' : 'none') : undefined;
  const server = useServerSearch({
    list: workOrderSearch,
    scope,
    kept: tabRows,
    loaded: list.query.data !== undefined || list.incomplete,
    online,
    fromCache: list.fromCache,
    scopeFilters: { portal },
    search: { q: search, sort, filters: { plant: filters.plant, status: filters.status } },
    keyOf: (row) => String(row.serviceRequestId),
    notKept: (row, key): ServiceRequestSummaryView => ({ ...row, key, notOnDevice: true }),
  });
  const { keptCount, rows: serverRows } = server;
  const inServerMode = serverRows !== undefined;

  const plants = useMemo(() => plantOptions(inServerMode ? [...tabRows, ...serverRows] : tabRows), [inServerMode, tabRows, serverRows]);
  const statuses = useMemo(() => (inServerMode ? ALL_STATUSES : statusOptions(tabRows)), [inServerMode, tabRows]);
  // Open requests are kept whole on the device; a closed or archived one only once it was opened (issue 19).
  const needsConnection = useNeedsConnection(CACHE_KINDS.detail);
  const columns = useMemo(() => columnsFor((row) => !isTempId(row.key) && needsConnection(row.key)), [needsConnection]);

  const { loading, failed } = keptRecordsQueryState(list.query);

  const savedAge = list.storedAt === undefined ? undefined : describeAge(list.storedAt, now);
  const toolbar = (
    <PlantStatusToolbar className="wo-toolbar" controls={controls} plants={plants} statuses={statuses} sorts={WORK_ORDER_SORT_COLUMNS} />
  );

  return (
    <div className="wo-list">
      <KeptRecordsNotices className="wo-list" kind="workOrders" view={list} keptCount={keptCount} savedAge={savedAge}>
        <PrimingProgress className="wo-list__priming" label="Making open work orders available offline" priming={priming} />
      </KeptRecordsNotices>
      <DataList
        label={tab === 'portal' ? 'Homeowner portal requests' : 'Work orders'}
        columns={columns}
        {...(server.dataList ??
          (list.partialTotal === undefined
            ? { rows, searchText: workOrderSearchText }
            : { mode: 'server' as const, rows, total: list.partialTotal, hasMore: false, onLoadMore: NOTHING_MORE }))}
        {...controls.dataList}
        loading={loading}
        searchLabel="Search requests"
        searchPlaceholder="Search Requests..."
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
