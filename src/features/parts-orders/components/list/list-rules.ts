import { isCustomerOrder, PARTS_ORDER_STATUSES, type PartsOrderSummary } from '../../../../contract';
import { formatDate } from '../../../../lib/date-format';
import { isEmptyDate } from '../../../../lib/dates';
import type { SortColumn, SortState } from '../../../../lib/list';
import { isTempId } from '../../../../offline/temp-ids';
import { PARTS_ORDER_TEXTS, stagedOrderPath, vantageOrderPath } from '../../messages';
import type { PartsOrderSummaryView } from '../../model';

/* The parts list (spec 3 §2 Parts list): how a row reads, where it opens, its sorts and filters. Pure, so tested alone. */

/** Where a row opens: a staged order by its partsOrderId (or temp id), a submitted one by its parts request id. */
export const orderHref = (row: Pick<PartsOrderSummaryView, 'key' | 'vantagePartsRequestId'>) =>
  row.vantagePartsRequestId === null ? stagedOrderPath(row.key) : vantageOrderPath(row.vantagePartsRequestId);

/** The number a person knows an order by: its parts log number once submitted. */
export function orderNumberText(row: Pick<PartsOrderSummaryView, 'key' | 'partsLogNumber'>): string {
  if (row.partsLogNumber) return row.partsLogNumber;
  // An order made on this device has no number until the server gives it one.
  return isTempId(row.key) ? 'New order' : `Staged order ${row.key}`;
}

/** spec 3 §4: a customer order shows its home's serial; a stock order says so. */
export const serialText = (row: Pick<PartsOrderSummary, 'longSerialNumber' | 'serialNumber'>) =>
  isCustomerOrder(row) ? row.serialNumber || row.longSerialNumber : PARTS_ORDER_TEXTS.stockOrder;

export const plantText = (row: Pick<PartsOrderSummary, 'plantName' | 'plantNumber'>) =>
  row.plantName ? `${row.plantName} (${row.plantNumber})` : row.plantNumber;

export const statusText = (row: Pick<PartsOrderSummary, 'orderStatus'>) => row.orderStatus.trim();

/** MM/DD/YYYY, or '' for no date (the list shows no 'TBD' in every empty cell). */
export const dateText = (value: string | null | undefined) => (isEmptyDate(value) ? '' : formatDate(value));

const sortDay = (value: string | null | undefined) => (isEmptyDate(value) ? null : (value ?? '').slice(0, 10));

/** spec 3 §2 Parts list sort options: plant, ship date, request date, status, serial. */
export const PARTS_SORT_COLUMNS: readonly SortColumn<PartsOrderSummaryView>[] = [
  { columnName: 'plant', displayName: 'Plant', value: plantText },
  { columnName: 'expectedShipDate', displayName: 'Ship Date', value: (row) => sortDay(row.expectedShipDate) },
  { columnName: 'orderDate', displayName: 'Request Date', value: (row) => sortDay(row.orderDate) },
  { columnName: 'status', displayName: 'Status', value: statusText },
  { columnName: 'serialNumber', displayName: 'Serial Number', value: serialText },
];

export const DEFAULT_PARTS_SORT: SortState = { columnName: 'orderDate', direction: 'desc' };

export interface PartsFilters {
  /** A plant number, or '' for every plant. */
  plant: string;
  /** A status as shown, or '' for every status. */
  status: string;
}

export const NO_FILTERS: PartsFilters = { plant: '', status: '' };

export function applyFilters<R extends Pick<PartsOrderSummary, 'plantNumber' | 'orderStatus'>>(
  rows: readonly R[],
  filters: PartsFilters,
): R[] {
  if (!filters.plant && !filters.status) return [...rows];
  const status = filters.status.toUpperCase();
  return rows.filter(
    (row) => (!filters.plant || row.plantNumber === filters.plant) && (!status || statusText(row).toUpperCase() === status),
  );
}

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' });

/** The plant filter's choices: the plants of the listed rows. */
export function plantOptions(rows: readonly Pick<PartsOrderSummary, 'plantName' | 'plantNumber'>[]) {
  const plants = new Map<string, string>();
  for (const row of rows) if (row.plantNumber && !plants.has(row.plantNumber)) plants.set(row.plantNumber, plantText(row));
  return [...plants].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The status filter's choices: the statuses an order goes through (contract order), then any other status of the rows. */
export function statusOptions(rows: readonly Pick<PartsOrderSummary, 'orderStatus'>[]) {
  const seen = new Set(rows.map(statusText).filter(Boolean));
  const known = PARTS_ORDER_STATUSES.filter((status) => [...seen].some((value) => value.toUpperCase() === status.toUpperCase()));
  const others = [...seen].filter((value) => !PARTS_ORDER_STATUSES.some((status) => status.toUpperCase() === value.toUpperCase())).sort();
  return [...known, ...others].map((status) => ({ value: status, label: status }));
}

/** What the search box looks through. */
export const partsSearchText = (row: PartsOrderSummaryView) =>
  [
    orderNumberText(row),
    serialText(row),
    row.longSerialNumber,
    row.homeownerName,
    row.plantNumber,
    row.plantName,
    statusText(row),
    dateText(row.orderDate),
    dateText(row.expectedShipDate),
  ].join(' ');
