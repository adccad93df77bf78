import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { NpsDetail, NpsUpcomingCall } from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import type { SortState } from '../../../lib/list';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { NeedsConnectionMark } from '../../../ui/not-on-device';
import { SelectFilter } from '../../../ui/select-filter';
import { SortControls } from '../../../ui/sort-controls';
import {
  BAND_FILTER_OPTIONS,
  COMPLETED_SORT_COLUMNS,
  DEFAULT_COMPLETED_SORT,
  DEFAULT_UPCOMING_SORT,
  UPCOMING_SORT_COLUMNS,
  completedSearchText,
  filterByBand,
  upcomingRow,
  type BandFilter,
  type UpcomingRow,
} from '../list-rules';

const completedColumn = (name: string) => COMPLETED_SORT_COLUMNS.find((entry) => entry.columnName === name)!;
const upcomingColumn = (name: string) => UPCOMING_SORT_COLUMNS.find((entry) => entry.columnName === name)!;

/** A customer's name: for service viewers, a link to the home's service history (spec 2 §2) when the call names a home. */
function CustomerName({ row, text, linked }: { row: NpsDetail; text: string; linked: boolean }) {
  if (!linked || row.vantageAssetId === null) return <>{text}</>;
  return (
    <Link
      to="/serviceHistory/$assetId"
      params={{ assetId: row.vantageAssetId }}
      aria-label={`Service history of ${row.customerFirstName} ${row.customerLastName}`.trim()}
    >
      {text}
    </Link>
  );
}

/**
 * Which homes' service history opens offline (issue 19): `undefined` while the server can be reached (or while the kept
 * set is read), so that no row is marked; else whether the history of a home (its assetId) is kept on the device.
 */
export type HistoryKept = ((assetId: number) => boolean) | undefined;

/**
 * spec 2 §2 Completed calls: filter by band, search, sort, infinite scroll by 10. A customer's name opens the home's
 * service history, kept on the device only for some homes: the others say so before they are tapped, offline.
 */
export function CompletedCalls({
  rows,
  loading,
  linkToServiceHistory,
  historyKept,
}: {
  rows: readonly NpsDetail[];
  loading: boolean;
  linkToServiceHistory: boolean;
  historyKept?: HistoryKept;
}) {
  const [band, setBand] = useState<BandFilter>('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_COMPLETED_SORT);
  const shown = useMemo(() => filterByBand(rows, band), [rows, band]);
  const columns = useMemo<DataListColumn<NpsDetail>[]>(
    () => [
      {
        ...completedColumn('customerFirstName'),
        width: 'minmax(0, 1.15fr)',
        render: (row) => <CustomerName row={row} text={row.customerFirstName} linked={linkToServiceHistory} />,
      },
      {
        ...completedColumn('customerLastName'),
        width: 'minmax(0, 1.15fr)',
        render: (row) => <CustomerName row={row} text={row.customerLastName} linked={linkToServiceHistory} />,
      },
      { ...completedColumn('serial'), width: 'minmax(0, 1.5fr)' },
      { ...completedColumn('recommend'), width: '4.5rem' },
      {
        columnName: 'recommendGroup',
        displayName: 'Group',
        sortable: false,
        width: '6rem',
        render: (row) => <span className={`nps-group nps-group--${row.recommendGroup.toLowerCase()}`}>{row.recommendGroup}</span>,
      },
      { ...completedColumn('sixMonthCompleteDate'), width: '7rem', render: (row) => formatDate(row.sixMonthCompleteDate) },
      {
        columnName: 'comments',
        displayName: 'Comments',
        sortable: false,
        width: 'minmax(0, 2.4fr)',
        // The row's mark goes in its widest cell: the name columns are too narrow for it (it would be cut).
        render: (row) => (
          <>
            {row.comments}
            {linkToServiceHistory && historyKept !== undefined && row.vantageAssetId !== null && !historyKept(row.vantageAssetId) && (
              <NeedsConnectionMark />
            )}
          </>
        ),
      },
    ],
    [linkToServiceHistory, historyKept],
  );
  return (
    <DataList
      label="Completed Calls"
      columns={columns}
      rows={shown}
      rowKey={(row) => row.npsResponseId}
      loading={loading}
      searchText={completedSearchText}
      searchLabel="Search completed calls"
      searchPlaceholder="Search Completed Calls..."
      search={search}
      onSearchChange={setSearch}
      sort={sort}
      onSortChange={setSort}
      emptyMessage="No completed calls match."
      estimateRowHeight={56}
      toolbar={
        <div className="list-filters nps-toolbar">
          <SelectFilter
            label="Recommend group"
            value={band}
            onChange={(value) => setBand(value as BandFilter)}
            allLabel="All"
            options={BAND_FILTER_OPTIONS}
          />
          <SortControls columns={COMPLETED_SORT_COLUMNS} sort={sort} onSortChange={setSort} fieldClassName="field list-filters__field" />
        </div>
      }
    />
  );
}

/** A cell of two lines: the value, and a muted detail below it. */
function TwoLines({ main, detail }: { main: string; detail: string }) {
  return (
    <span className="nps-stack">
      <span>{main}</span>
      <span className="nps-muted">{detail}</span>
    </span>
  );
}

/** spec 2 §2 Upcoming calls: today to 90 days ahead, upper-cased address and model, the address-differs flag. */
export function UpcomingCalls({ calls, loading }: { calls: readonly NpsUpcomingCall[]; loading: boolean }) {
  const [sort, setSort] = useState<SortState>(DEFAULT_UPCOMING_SORT);
  const rows = useMemo(() => calls.map(upcomingRow), [calls]);
  const columns = useMemo<DataListColumn<UpcomingRow>[]>(
    () => [
      {
        ...upcomingColumn('customerName'),
        width: 'minmax(0, 1.4fr)',
        render: (row) => <TwoLines main={row.customerName} detail={row.phoneText} />,
      },
      {
        ...upcomingColumn('fullSerialNumber'),
        width: 'minmax(0, 1.3fr)',
        render: (row) => <TwoLines main={row.fullSerialNumber} detail={row.plantName} />,
      },
      {
        ...upcomingColumn('modelNumber'),
        width: 'minmax(0, 1.3fr)',
        render: (row) => <TwoLines main={row.modelNumber} detail={row.modelName} />,
      },
      { ...upcomingColumn('npsDate'), width: '6.5rem', render: (row) => formatDate(row.npsDate) },
      { ...upcomingColumn('soldDate'), width: '6.5rem', render: (row) => formatDate(row.soldDate) },
      {
        columnName: 'address',
        displayName: 'Address',
        sortable: false,
        width: 'minmax(0, 2.4fr)',
        render: (row) => (
          <span className="nps-stack">
            <span>{row.customerAddressLine}</span>
            {row.addressDiffers && (
              <>
                <span className="nps-flag">Home address differs</span>
                <span className="nps-muted">Home: {row.homeAddressLine || 'not given'}</span>
              </>
            )}
          </span>
        ),
      },
      { columnName: 'services', displayName: 'Services', sortable: false, width: '4.5rem' },
    ],
    [],
  );
  return (
    <DataList
      label="Upcoming Calls"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.vantageAssetId}
      loading={loading}
      showSearch={false}
      sort={sort}
      onSortChange={setSort}
      emptyMessage="No calls are due in the next 90 days."
      estimateRowHeight={64}
      toolbar={
        <div className="list-filters nps-toolbar">
          <SortControls columns={UPCOMING_SORT_COLUMNS} sort={sort} onSortChange={setSort} fieldClassName="field list-filters__field" />
        </div>
      }
    />
  );
}
