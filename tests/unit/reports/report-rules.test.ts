import { describe, expect, it } from 'vitest';
import { BILLING_CODE_LABELS, billingCodeLabel, PaidServiceOrderQuery, ROAD_DAMAGE_LABEL } from '../../../src/contract';
import * as v from 'valibot';
import {
  canAddDeliveryReport,
  initialReport,
  lastMonthRange,
  paidRangeIssues,
  paidRangeNotice,
  paidRangeQuery,
  REPORTS,
} from '../../../src/features/reports/report-rules';
import { demoProfile } from '../fixtures/demo-profiles';
import { businessDay } from '../../../src/contract/time-zones';

describe('the paid report’s default: the previous calendar month (spec 2 §2, §9)', () => {
  it('is the whole previous month of the business day, first to last day', () => {
    expect(lastMonthRange('2026-11-26')).toEqual({ start: '10/01/2026', end: '10/31/2026' });
    expect(lastMonthRange('2026-11-01')).toEqual({ start: '10/01/2026', end: '10/31/2026' });
    expect(lastMonthRange('2026-11-30')).toEqual({ start: '10/01/2026', end: '10/31/2026' });
  });

  it('counts from the day where the user works: at 01:00 UTC on 1 December it is still 30 November in Chicago', () => {
    const at = new Date('2026-12-01T01:00:00Z');
    expect(lastMonthRange(businessDay('America/Chicago', at))).toEqual({ start: '10/01/2026', end: '10/31/2026' });
    expect(lastMonthRange(businessDay('UTC', at))).toEqual({ start: '11/01/2026', end: '11/30/2026' });
  });

  it('goes back into December of the year before in January', () => {
    expect(lastMonthRange('2027-01-01')).toEqual({ start: '12/01/2026', end: '12/31/2026' });
    expect(lastMonthRange('2027-01-31')).toEqual({ start: '12/01/2026', end: '12/31/2026' });
  });

  it('ends on the month’s own last day: 30, 31, 28 or 29 in February', () => {
    expect(lastMonthRange('2026-05-15').end).toBe('04/30/2026');
    expect(lastMonthRange('2026-03-31')).toEqual({ start: '02/01/2026', end: '02/28/2026' });
    expect(lastMonthRange('2028-03-01')).toEqual({ start: '02/01/2028', end: '02/29/2028' });
  });

  it('is a valid range that asks the server for the same days', () => {
    const range = lastMonthRange('2026-11-26');
    expect(paidRangeIssues(range)).toEqual({});
    expect(paidRangeQuery(range)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });
});

describe('the paid report’s dates (spec 2 §5)', () => {
  it('needs both dates', () => {
    expect(paidRangeIssues({ start: '', end: '10/31/2026' })).toEqual({ start: 'Start date is required.' });
    expect(paidRangeIssues({ start: '10/01/2026', end: ' ' })).toEqual({ end: 'End date is required.' });
    expect(paidRangeQuery({ start: '', end: '' })).toBeNull();
  });

  it('needs a parseable date, exactly MM/DD/YYYY when written with a slash', () => {
    expect(paidRangeIssues({ start: '10/1/2026', end: '10/31/2026' })).toEqual({
      start: 'Start date must be a valid date in the format MM/DD/YYYY.',
    });
    expect(paidRangeIssues({ start: '02/30/2026', end: '10/31/2026' }).start).toBe(
      'Start date must be a valid date in the format MM/DD/YYYY.',
    );
    expect(paidRangeIssues({ start: '10/01/2026', end: '13/01/2026' }).end).toBe('End date must be a valid date in the format MM/DD/YYYY.');
    expect(paidRangeIssues({ start: '10/01/20', end: '10/31/2026' }).start).toBeDefined();
    // Without a slash, a date the browser or server would hand over is parseable.
    expect(paidRangeQuery({ start: '2026-10-01', end: '10/31/2026' })).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('needs the start on or before the end (the range validator), said on the end date', () => {
    expect(paidRangeIssues({ start: '11/01/2026', end: '10/31/2026' })).toEqual({ end: 'Start date must be on or before the end date.' });
    expect(paidRangeQuery({ start: '11/01/2026', end: '10/31/2026' })).toBeNull();
    expect(paidRangeQuery({ start: '10/31/2026', end: '10/31/2026' })).toEqual({ startDate: '2026-10-31', endDate: '2026-10-31' });
  });

  it('asks the server only what its own query schema accepts', () => {
    const query = paidRangeQuery({ start: '12/01/2025', end: '01/31/2026' })!;
    expect(v.safeParse(PaidServiceOrderQuery, query).success).toBe(true);
    expect(v.safeParse(PaidServiceOrderQuery, { startDate: '2026-02-01', endDate: '2026-01-31' }).issues?.[0]?.message).toBe(
      'Start date must be on or before the end date.',
    );
    expect(v.safeParse(PaidServiceOrderQuery, {}).issues?.map((issue) => issue.message)).toEqual([
      'Start date is required.',
      'End date is required.',
    ]);
  });
});

describe('billing code labels (spec 2 §4)', () => {
  it('labels every code of the spec', () => {
    const expected: Record<string, string> = {
      BB: 'Bill Back',
      O: 'Open',
      S: 'Shortage',
      T: 'Factory Tech',
      C: 'COD',
      EM: 'Employee Sale',
      FE: 'Factory Expense',
      OW: 'Open Warranty',
      RP: 'Return Part',
      FO: 'FRT Open/COD',
      DL: 'Declined',
      PN: 'Pending',
      I: 'Incorrect Part',
    };
    expect(BILLING_CODE_LABELS).toEqual(expected);
    for (const [code, label] of Object.entries(expected)) expect(billingCodeLabel(code)).toBe(label);
  });

  it('shows any other code as Road Damage', () => {
    for (const code of ['RD', 'X', '', 'B', 'OWX', 'toString', 'constructor']) expect(billingCodeLabel(code)).toBe(ROAD_DAMAGE_LABEL);
    expect(ROAD_DAMAGE_LABEL).toBe('Road Damage');
  });

  it('reads a code trimmed and in any case', () => {
    expect(billingCodeLabel(' ow ')).toBe('Open Warranty');
    expect(billingCodeLabel('fe')).toBe('Factory Expense');
  });
});

describe('the initial report by role (spec 2 §2, §6)', () => {
  it('is open service requests for service viewers (Service_User or Service_Viewer)', () => {
    expect(initialReport(demoProfile('service'))).toBe('openServiceRequests');
    expect(initialReport(demoProfile('viewer'))).toBe('openServiceRequests');
    expect(initialReport(demoProfile('plant'))).toBe('openServiceRequests');
    expect(initialReport(demoProfile('admin'))).toBe('openServiceRequests');
  });

  it('is delivery reports for everyone else', () => {
    expect(initialReport(demoProfile('sales'))).toBe('deliveryReports');
    expect(initialReport({ ...demoProfile('sales'), roles: ['Sales_Viewer'] })).toBe('deliveryReports');
  });

  it('offers the five reports of the spec', () => {
    expect(Object.values(REPORTS)).toEqual([
      'Paid Service Orders',
      'Receivable Service Orders',
      'Delivery Reports',
      'Open Service Requests',
      'Open Parts Orders',
    ]);
  });

  it('offers New Delivery Report to service and sales users, not to viewers', () => {
    expect(canAddDeliveryReport(demoProfile('service'))).toBe(true);
    expect(canAddDeliveryReport(demoProfile('sales'))).toBe(true);
    expect(canAddDeliveryReport(demoProfile('viewer'))).toBe(false);
  });
});

describe('what the paid report says while it cannot run', () => {
  it('names the range problem, otherwise how to run it', () => {
    expect(paidRangeNotice({ start: '11/01/2026', end: '10/31/2026' })).toBe('Start date must be on or before the end date.');
    expect(paidRangeNotice({ start: '', end: '10/31/2026' })).toBe('Enter a start date and an end date (MM/DD/YYYY) to run the report.');
  });
});
