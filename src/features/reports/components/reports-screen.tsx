import { useState, type ReactNode } from 'react';
import { REQUEST_TYPES, statusLabel, type CmhUser, type OpenPartsOrderRow, type ServiceRequestSummary } from '../../../contract';
import { toCsv, type CsvColumn } from '../../../lib/csv';
import { formatDate } from '../../../lib/dates';
import { saveBlob } from '../../../lib/files';
import { isOfflineError } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { deriveFlags } from '../../../lib/permissions';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { useNow } from '../../../offline/react';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { SelectFilter } from '../../../ui/select-filter';
import { useOpenPartsOrders, useOpenServiceRequests } from '../api/reports';
import '../reports.css';

export const REPORTS = { openServiceRequests: 'Open Service Requests', openPartsOrders: 'Open Parts Orders' } as const;
export type ReportKey = keyof typeof REPORTS;

/** spec 2 §2: the initial report is open service requests for service viewers (the others come with issue 12). */
export const initialReport = (user: CmhUser): ReportKey => (deriveFlags(user).isServiceViewer ? 'openServiceRequests' : 'openPartsOrders');

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const typeLabel = (code: string) => REQUEST_TYPES[code as keyof typeof REQUEST_TYPES] ?? code;
/** spec 2 §4: a parts order with no status shows Active. */
const partsStatus = (status: string) => status || 'Active';

interface ReportColumn<Row> extends DataListColumn<Row> {
  /** The cell as text, for the screen and the CSV alike. */
  text: (row: Row) => string | number;
}

const column = <Row,>(columnName: string, displayName: string, text: (row: Row) => string | number, width?: string): ReportColumn<Row> => ({
  columnName,
  displayName,
  filterable: true,
  value: (row) => text(row),
  render: (row) => String(text(row)),
  text,
  width,
});

const SERVICE_COLUMNS: ReportColumn<ServiceRequestSummary>[] = [
  column('number', 'Work Order', (row) => row.vantageWorkOrderNumber ?? row.serviceRequestNumber, '8rem'),
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, 'minmax(8rem, 1fr)'),
  column('plantName', 'Facility', (row) => row.plantName, 'minmax(6rem, 1fr)'),
  column('homeownerName', 'Homeowner', (row) => row.homeownerName, 'minmax(7rem, 1fr)'),
  column('requestType', 'Type', (row) => typeLabel(row.requestType), '9rem'),
  column('status', 'Status', (row) => statusLabel(row.status), 'minmax(8rem, 1fr)'),
  { ...column('requestDate', 'Request Date', (row) => formatDate(row.requestDate), '7rem'), value: (row) => row.requestDate },
  { ...column('total', 'Total', (row) => money.format(row.totalCombinedCost), '7rem'), value: (row) => row.totalCombinedCost },
];

const PARTS_COLUMNS: ReportColumn<OpenPartsOrderRow>[] = [
  column('requestNumber', 'Request Number', (row) => row.requestNumber, '8rem'),
  { ...column('dateOrdered', 'Date Ordered', (row) => formatDate(row.dateOrdered), '7rem'), value: (row) => row.dateOrdered },
  column('name', 'Homeowner', (row) => `${row.firstName} ${row.lastName}`.trim(), 'minmax(7rem, 1fr)'),
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, 'minmax(8rem, 1fr)'),
  column('plantName', 'Facility', (row) => row.plantName, 'minmax(6rem, 1fr)'),
  column('shipTo', 'Ship To', (row) => [row.shipToName, row.shipToStreet, `${row.shipToCity}, ${row.shipToState} ${row.shipToZip}`].filter(Boolean).join(', '), 'minmax(10rem, 2fr)'),
  column('status', 'Status', (row) => partsStatus(row.status), '7rem'),
];

function ReportList<Row>({ title, read, columns, rowKey, now }: { title: string; read: { data?: CachedRead<Row[]>; isPending: boolean; error: unknown }; columns: ReportColumn<Row>[]; rowKey: (row: Row) => string | number; now: number }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = read.data?.data ?? [];
  const exportCsv = () => {
    const csvColumns: CsvColumn<Row>[] = columns.map((entry) => ({ header: entry.displayName, value: entry.text }));
    saveBlob(new Blob([toCsv(rows, csvColumns)], { type: 'text/csv' }), `${title.toLowerCase().replace(/ /g, '-')}.csv`);
  };
  let notice: ReactNode = null;
  if (read.data?.fromCache) notice = <p className="notice notice--info" role="status">Saved copy, updated {describeAge(read.data.storedAt, now)}. It refreshes when the connection is back.</p>;
  else if (!read.data && read.error) notice = <p className="notice notice--warning" role="alert">{isOfflineError(read.error) ? 'You are offline and this report is not saved on this device yet.' : 'The report could not be loaded.'}</p>;
  return (
    <>
      {notice}
      <DataList
        label={title}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={read.isPending && !read.error}
        searchLabel={`Search ${title.toLowerCase()}`}
        searchPlaceholder="Search..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        emptyMessage="Nothing to report."
        estimateRowHeight={48}
        toolbar={
          <div className="list-filters reports-tools">
            <button type="button" className="button" onClick={exportCsv} disabled={rows.length === 0}>
              Export CSV
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          </div>
        }
      />
    </>
  );
}

/** spec 2 §2 Reports (/reports): a report chosen from those built so far, sortable, searchable, exportable and printable. */
export function ReportsScreen({ user, scope }: { user: CmhUser; scope: string }) {
  const [report, setReport] = useState<ReportKey>(() => initialReport(user));
  const now = useNow();
  const service = useOpenServiceRequests(scope, report === 'openServiceRequests');
  const parts = useOpenPartsOrders(scope, report === 'openPartsOrders');
  return (
    <div className="page reports-page">
      <h1 className="page__title">Reports</h1>
      <div className="list-filters reports-choice">
        <SelectFilter label="Report" value={report} onChange={(value) => setReport(value as ReportKey)} options={Object.entries(REPORTS).map(([value, label]) => ({ value, label }))} />
      </div>
      <h2 className="reports-page__title">{REPORTS[report]}</h2>
      {report === 'openServiceRequests' ? (
        <ReportList key={report} title={REPORTS[report]} read={service} columns={SERVICE_COLUMNS} rowKey={(row) => row.serviceRequestId} now={now} />
      ) : (
        <ReportList key={report} title={REPORTS[report]} read={parts} columns={PARTS_COLUMNS} rowKey={(row) => row.requestNumber} now={now} />
      )}
    </div>
  );
}
