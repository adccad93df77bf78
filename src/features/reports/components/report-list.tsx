import { useMemo, useState, type ReactNode } from 'react';
import { toCsv, type CsvColumn } from '../../../lib/csv';
import { saveBlob } from '../../../lib/files';
import { isOfflineError } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { searchTextOf, type ReportColumn } from '../report-columns';

export interface ReportRead<Row> {
  data?: CachedRead<Row[]>;
  isPending: boolean;
  error: unknown;
}

interface ReportListProps<Row> {
  title: string;
  read: ReportRead<Row>;
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string | number;
  now: number;
  /** Where a row leads (a delivery report opens its read-only view). */
  onRowClick?: (row: Row) => void;
  /** Cells drawn otherwise than as their text (a link), by column name. */
  renderCell?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** A line under the notices, e.g. the billings' total. */
  summary?: (rows: readonly Row[]) => ReactNode;
  /** More tools after Export CSV and Print. */
  tools?: ReactNode;
  /** Many columns: set denser, and scrolled sideways where the screen is too narrow for them (a tablet). */
  wide?: boolean;
}

/**
 * One report: sortable and searchable (every cell as shown), exported as CSV with the same text, printed, and, when
 * the server cannot be reached, the copy kept on the device with its age.
 */
export function ReportList<Row>({
  title,
  read,
  columns,
  rowKey,
  now,
  onRowClick,
  renderCell,
  summary,
  tools,
  wide = false,
}: ReportListProps<Row>) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = read.data?.data ?? [];
  const listColumns = useMemo(
    () =>
      columns.map((entry): DataListColumn<Row> => ({
        ...entry,
        render: renderCell?.[entry.columnName] ?? ((row) => String(entry.text(row))),
      })),
    [columns, renderCell],
  );
  const exportCsv = () => {
    const csvColumns: CsvColumn<Row>[] = columns.map((entry) => ({ header: entry.displayName, value: entry.text }));
    saveBlob(new Blob([toCsv(rows, csvColumns)], { type: 'text/csv' }), `${title.toLowerCase().replace(/ /g, '-')}.csv`);
  };
  let notice: ReactNode = null;
  if (read.data?.fromCache)
    notice = (
      <p className="notice notice--info" role="status">
        Saved copy, updated {describeAge(read.data.storedAt, now)}. It refreshes when the connection is back.
      </p>
    );
  else if (!read.data && read.error)
    notice = (
      <p className="notice notice--warning" role="alert">
        {isOfflineError(read.error)
          ? 'You are offline and this report is not saved on this device yet.'
          : 'The report could not be loaded.'}
      </p>
    );
  return (
    <>
      {notice}
      {read.data && summary && <p className="reports-page__summary">{summary(rows)}</p>}
      <DataList
        label={title}
        className={wide ? 'reports-list--wide' : undefined}
        columns={listColumns}
        rows={rows}
        rowKey={rowKey}
        loading={read.isPending && !read.error}
        searchLabel={`Search ${title.toLowerCase()}`}
        searchPlaceholder="Search..."
        search={search}
        onSearchChange={setSearch}
        searchText={searchTextOf(columns)}
        sort={sort}
        onSortChange={setSort}
        onRowClick={onRowClick}
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
            {tools}
          </div>
        }
      />
    </>
  );
}
