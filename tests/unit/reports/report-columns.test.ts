import { describe, expect, it } from 'vitest';
import type { DeliveryReportRow, PaidServiceOrderRow, ReceivableServiceOrderRow } from '../../../src/contract';
import { toCsv } from '../../../src/lib/csv';
import { sortRows } from '../../../src/lib/list';
import {
  DELIVERY_COLUMNS,
  PAID_COLUMNS,
  RECEIVABLE_COLUMNS,
  partsOrderStatusLabel,
  reportStatusLabel,
  requestTypeLabel,
  searchReport,
  totalAmount,
} from '../../../src/features/reports/report-columns';

const billing = (overrides: Partial<PaidServiceOrderRow>): PaidServiceOrderRow => ({
  billingId: 1,
  serviceRequestId: 11,
  workOrderNumber: 'WO-0000011',
  serviceRequestNumber: '000011',
  serialNumber: 'CLW012345TNAB',
  homeownerName: 'Dana Whitfield',
  retailerNumber: '4217',
  plantNumber: '910',
  plantName: 'Hillsboro',
  requestType: 'V',
  status: 'P',
  billingCode: 'OW',
  amount: 120.5,
  invoiceDate: '2026-09-28',
  paidDate: '2026-10-05',
  checkNumber: '482913',
  ...overrides,
});

const rows = [
  billing({}),
  billing({
    billingId: 2,
    workOrderNumber: 'WO-0000012',
    billingCode: 'RD',
    status: 'Q',
    requestType: 'A',
    amount: 9.99,
    paidDate: '2026-10-20',
    homeownerName: 'Luis Ortega',
  }),
  billing({
    billingId: 3,
    workOrderNumber: 'WO-0000013',
    billingCode: 'FE',
    status: 'G',
    requestType: 'F',
    amount: 1000,
    paidDate: '2026-10-11',
    plantName: 'Rutledge',
    plantNumber: '931',
  }),
];
const ids = (found: readonly PaidServiceOrderRow[]) => found.map((row) => row.billingId);

describe('report search (what the search box keeps)', () => {
  it('finds billings by the labels the screen shows, not only by their codes (spec 2 §4)', () => {
    expect(ids(searchReport(rows, PAID_COLUMNS, 'road damage'))).toEqual([2]);
    expect(ids(searchReport(rows, PAID_COLUMNS, 'open warranty'))).toEqual([1]);
    expect(ids(searchReport(rows, PAID_COLUMNS, 'Payment Submitted'))).toEqual([2]);
    expect(ids(searchReport(rows, PAID_COLUMNS, 'factory service'))).toEqual([3]);
  });

  it('finds dates as shown (MM/DD/YYYY), amounts, check numbers and names; every word must match', () => {
    expect(ids(searchReport(rows, PAID_COLUMNS, '10/05/2026'))).toEqual([1]);
    expect(ids(searchReport(rows, PAID_COLUMNS, '$1,000.00'))).toEqual([3]);
    expect(ids(searchReport(rows, PAID_COLUMNS, '482913'))).toEqual([1, 2, 3]);
    expect(ids(searchReport(rows, PAID_COLUMNS, 'luis road'))).toEqual([2]);
    expect(ids(searchReport(rows, PAID_COLUMNS, 'luis warranty'))).toEqual([]);
    expect(ids(searchReport(rows, PAID_COLUMNS, ''))).toEqual([1, 2, 3]);
  });

  it('finds delivery reports by plant name and number, and by who submitted them', () => {
    const reports: DeliveryReportRow[] = [
      {
        submittedSurveyId: 5,
        serialNumber: 'CLW000111TNAB',
        plantNumber: '910',
        plantName: 'Hillsboro',
        submittedBy: 'sales@demo.homesite.test',
        submitDate: '2026-11-02T15:00:00Z',
      },
      {
        submittedSurveyId: 6,
        serialNumber: 'RUT000222TNA',
        plantNumber: '931',
        plantName: 'Rutledge',
        submittedBy: 'service@demo.homesite.test',
        submitDate: '2026-10-30T15:00:00Z',
      },
    ];
    expect(searchReport(reports, DELIVERY_COLUMNS, 'rutledge').map((row) => row.submittedSurveyId)).toEqual([6]);
    expect(searchReport(reports, DELIVERY_COLUMNS, '910').map((row) => row.submittedSurveyId)).toEqual([5]);
    expect(searchReport(reports, DELIVERY_COLUMNS, 'service@').map((row) => row.submittedSurveyId)).toEqual([6]);
  });
});

describe('report sorting', () => {
  it('sorts amounts as numbers and dates as days, not as the text shown', () => {
    const amount = PAID_COLUMNS.find((column) => column.columnName === 'amount')!;
    expect(amount.text(rows[2]!)).toBe('$1,000.00');
    expect(ids(sortRows(rows, PAID_COLUMNS, { columnName: 'amount', direction: 'asc' }))).toEqual([2, 1, 3]);
    expect(ids(sortRows(rows, PAID_COLUMNS, { columnName: 'paidDate', direction: 'desc' }))).toEqual([2, 3, 1]);
    const receivable: ReceivableServiceOrderRow[] = [9, 120, 30].map((daysOutstanding, index) => {
      const { paidDate: _paid, checkNumber: _check, ...fields } = billing({ billingId: index + 1 });
      return { ...fields, daysOutstanding };
    });
    expect(
      sortRows(receivable, RECEIVABLE_COLUMNS, { columnName: 'daysOutstanding', direction: 'desc' }).map((row) => row.daysOutstanding),
    ).toEqual([120, 30, 9]);
  });

  it('offers the delivery report sorts of spec 2 §2: serial, plant, submitted by, submit date', () => {
    expect(DELIVERY_COLUMNS.map((column) => column.displayName)).toEqual(['Serial Number', 'Plant', 'Submitted By', 'Submit Date']);
  });
});

describe('report CSV and labels', () => {
  it('exports what the screen shows: labels, MM/DD/YYYY dates, amounts', () => {
    const csv = toCsv(
      [rows[1]!],
      PAID_COLUMNS.map((column) => ({ header: column.displayName, value: column.text })),
    );
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('Work Order,Serial Number,Homeowner,Facility,Type,Status,Billing Code,Amount,Invoice Date,Paid Date,Check Number');
    expect(line).toBe(
      'WO-0000012,CLW012345TNAB,Luis Ortega,Hillsboro,Authorization,Payment Submitted to Plant,Road Damage,$9.99,09/28/2026,10/20/2026,482913',
    );
  });

  it('labels work order types and parts order statuses as spec 2 §4 says, unknown codes as they are', () => {
    expect(['A', 'F', 'V'].map(requestTypeLabel)).toEqual(['Authorization', 'Factory Service', 'Request for Payment']);
    expect(requestTypeLabel('Q')).toBe('Q');
    expect(partsOrderStatusLabel('')).toBe('Active');
    expect(partsOrderStatusLabel('Shipped')).toBe('Shipped');
    // Every status spec 2 §4 names has its label, Partially Shipped too, whatever case the plant's system sends.
    expect(
      ['declined', 'CANCELED', 'Pending', 'SHIPPED', 'partially shipped', ' PARTIALLY SHIPPED ', 'received', 'COMPLETE'].map(
        partsOrderStatusLabel,
      ),
    ).toEqual(['Declined', 'Canceled', 'Pending', 'Shipped', 'Partially Shipped', 'Partially Shipped', 'Received', 'Complete']);
    expect(partsOrderStatusLabel('In Process')).toBe('In Process');
    expect(['G', 'F', 'Z'].map(reportStatusLabel)).toEqual(['Close Factory Request', 'Open Factory Request', 'Canceled Factory Request']);
    expect(reportStatusLabel('K')).toBe('K');
  });

  it('totals amounts to the cent', () => {
    expect(totalAmount([{ amount: 0.1 }, { amount: 0.2 }, { amount: 1000 }])).toBe('$1,000.30');
    expect(totalAmount([])).toBe('$0.00');
  });
});
