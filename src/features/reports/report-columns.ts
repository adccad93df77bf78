import {
  PARTS_ORDER_REPORT_STATUSES,
  REQUEST_TYPES,
  billingCodeLabel,
  statusLabel,
  type DeliveryReportRow,
  type OpenPartsOrderRow,
  type PaidServiceOrderRow,
  type ReceivableServiceOrderRow,
  type ServiceRequestSummary,
} from '../../contract';
import { formatDate } from '../../lib/date-format';
import { filterRows, type ListValue, type SortColumn } from '../../lib/list';

/*
 * The columns of each report (spec 2 §2, §3, §4): what the screen shows, sorts and searches by, and what the CSV
 * holds, from one text function per column, so the export always says what the screen says (codes as their labels).
 * Codes, numbers and dates keep their width (never broken mid-token); names and labels share the rest and wrap.
 */

/** spec 2 §4 names status G 'Close Factory Request' in reports (spec 3's screens: 'Closed Factory Request'). */
export const reportStatusLabel = (status: string) => (status === 'G' ? 'Close Factory Request' : statusLabel(status));

export interface ReportColumn<Row> extends SortColumn<Row> {
  /** The cell as text, for the screen, the search and the CSV alike. */
  text: (row: Row) => string | number;
  /** A CSS grid track (ui/data-list). */
  width?: string;
  /** Where the report is narrower than its columns, the order in which this one folds under the row (ui/column-fold). */
  foldOrder?: number;
}

/** The column, folding under the row in this order where the report is too narrow for all its columns (a tablet). */
const folding = <Row>(foldOrder: number, entry: ReportColumn<Row>): ReportColumn<Row> => ({ ...entry, foldOrder });

const column = <Row>(
  columnName: string,
  displayName: string,
  text: (row: Row) => string | number,
  width?: string,
  value?: (row: Row) => ListValue,
): ReportColumn<Row> => ({
  columnName,
  displayName,
  filterable: true,
  value: value ?? ((row) => text(row)),
  text,
  width,
});

/** A date column: shown MM/DD/YYYY (TBD when empty, spec 2 §5), sorted by the day itself. */
const dateColumn = <Row>(columnName: string, displayName: string, day: (row: Row) => string | null, width = '7rem') =>
  column<Row>(
    columnName,
    displayName,
    (row) => formatDate(day(row)),
    width,
    (row) => day(row),
  );

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const moneyColumn = <Row>(columnName: string, displayName: string, amount: (row: Row) => number, width = '7rem') =>
  column<Row>(columnName, displayName, (row) => money.format(amount(row)), width, amount);

/** spec 2 §4 work order types; other codes show as they are. */
export const requestTypeLabel = (code: string) =>
  Object.hasOwn(REQUEST_TYPES, code) ? REQUEST_TYPES[code as keyof typeof REQUEST_TYPES] : code;
/** spec 2 §4: a parts order's status in a report: one of the spec's as the spec writes it (read trimmed, in any case), none as Active, others as they are. */
export function partsOrderStatusLabel(status: string): string {
  const given = status.trim();
  if (!given) return PARTS_ORDER_REPORT_STATUSES[0];
  return PARTS_ORDER_REPORT_STATUSES.find((label) => label.toUpperCase() === given.toUpperCase()) ?? given;
}

export const SERVICE_COLUMNS: ReportColumn<ServiceRequestSummary>[] = [
  column('number', 'Work Order', (row) => row.vantageWorkOrderNumber ?? row.serviceRequestNumber, '8rem'),
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, 'minmax(8rem, 1fr)'),
  folding(
    1,
    column('plantName', 'Facility', (row) => row.plantName, 'minmax(6rem, 1fr)'),
  ),
  column('homeownerName', 'Homeowner', (row) => row.homeownerName, 'minmax(7rem, 1fr)'),
  folding(
    2,
    column('requestType', 'Type', (row) => requestTypeLabel(row.requestType), '9rem'),
  ),
  column('status', 'Status', (row) => reportStatusLabel(row.status), 'minmax(8rem, 1fr)'),
  dateColumn('requestDate', 'Request Date', (row) => row.requestDate),
  folding(
    3,
    moneyColumn('total', 'Total', (row) => row.totalCombinedCost),
  ),
];

export const PARTS_COLUMNS: ReportColumn<OpenPartsOrderRow>[] = [
  column('requestNumber', 'Request Number', (row) => row.requestNumber, '8rem'),
  dateColumn('dateOrdered', 'Date Ordered', (row) => row.dateOrdered),
  column('name', 'Homeowner', (row) => `${row.firstName} ${row.lastName}`.trim(), 'minmax(7rem, 1fr)'),
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, 'minmax(8rem, 1fr)'),
  folding(
    2,
    column('plantName', 'Facility', (row) => row.plantName, 'minmax(6rem, 1fr)'),
  ),
  folding(
    1,
    column(
      'shipTo',
      'Ship To',
      (row) => [row.shipToName, row.shipToStreet, `${row.shipToCity}, ${row.shipToState} ${row.shipToZip}`].filter(Boolean).join(', '),
      'minmax(10rem, 2fr)',
    ),
  ),
  column('status', 'Status', (row) => partsOrderStatusLabel(row.status), '7rem'),
];

/** The columns the paid and receivable reports share: which work order, whose home, and how it was billed. */
const billingColumns = <Row extends PaidServiceOrderRow | ReceivableServiceOrderRow>(): ReportColumn<Row>[] => [
  column('workOrderNumber', 'Work Order', (row) => row.workOrderNumber, '5.5rem'),
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, '7.5rem'),
  column('homeownerName', 'Homeowner', (row) => row.homeownerName, 'minmax(6.25rem, 1.2fr)'),
  column('plantName', 'Facility', (row) => row.plantName, 'minmax(5rem, 1fr)'),
  folding(
    5,
    column('requestType', 'Type', (row) => requestTypeLabel(row.requestType), '5.75rem'),
  ),
  column('status', 'Status', (row) => reportStatusLabel(row.status), 'minmax(4.75rem, 1fr)'),
  folding(
    3,
    column('billingCode', 'Billing Code', (row) => billingCodeLabel(row.billingCode), 'minmax(4.5rem, 1fr)'),
  ),
  moneyColumn('amount', 'Amount', (row) => row.amount, '4.75rem'),
  folding(
    4,
    dateColumn('invoiceDate', 'Invoice Date', (row) => row.invoiceDate, '4.75rem'),
  ),
];

export const PAID_COLUMNS: ReportColumn<PaidServiceOrderRow>[] = [
  ...billingColumns<PaidServiceOrderRow>(),
  folding(
    2,
    dateColumn('paidDate', 'Paid Date', (row) => row.paidDate, '4.75rem'),
  ),
  folding(
    1,
    column('checkNumber', 'Check Number', (row) => row.checkNumber, '4.5rem'),
  ),
];

export const RECEIVABLE_COLUMNS: ReportColumn<ReceivableServiceOrderRow>[] = [
  ...billingColumns<ReceivableServiceOrderRow>(),
  column('daysOutstanding', 'Days Outstanding', (row) => row.daysOutstanding, '6rem'),
];

/** spec 2 §2 Delivery reports: rows serialNumber, plantNumber, plantName, submittedBy, submitDate; sorts by serial, plant, submitted by, submit date. */
export const DELIVERY_COLUMNS: ReportColumn<DeliveryReportRow>[] = [
  column('serialNumber', 'Serial Number', (row) => row.serialNumber, 'minmax(8rem, 1fr)'),
  column(
    'plant',
    'Plant',
    (row) => `${row.plantNumber} ${row.plantName}`,
    'minmax(8rem, 1.5fr)',
    (row) => row.plantNumber,
  ),
  column('submittedBy', 'Submitted By', (row) => row.submittedBy, 'minmax(8rem, 1.5fr)'),
  dateColumn('submitDate', 'Submit Date', (row) => row.submitDate),
];

/** The total of the amounts of a billing report's rows, shown under its title to reconcile against a statement. */
export const totalAmount = (rows: readonly { amount: number }[]) =>
  money.format(rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100);

const searchTexts = new WeakMap<object, (row: never) => string>();

/** What a report's search looks in: every cell as the screen shows it (labels, MM/DD/YYYY dates, amounts), one function per report. */
export function searchTextOf<Row>(columns: readonly ReportColumn<Row>[]): (row: Row) => string {
  let text = searchTexts.get(columns) as ((row: Row) => string) | undefined;
  if (!text) {
    text = (row: Row) => columns.map((entry) => entry.text(row)).join(' ');
    searchTexts.set(columns, text as (row: never) => string);
  }
  return text;
}

/** The rows of a report that hold every word of the search (what the screen's search box shows). */
export const searchReport = <Row>(rows: readonly Row[], columns: readonly ReportColumn<Row>[], search: string) =>
  filterRows(rows, columns, search, searchTextOf(columns));
