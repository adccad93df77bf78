// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  displayStatus,
  findEditTarget,
  findHome,
  formatCost,
  formatServiceDate,
  HOMEOWNER_EXPERIENCE_COOKIE,
  homeAddress,
  isHomeownerExperienceCookieOn,
  isHomeownerUser,
  isPortalMode,
  plantOptions,
  requestNumberText,
  requestTypeFromRoute,
  reviewHref,
  rowsForTab,
  statusOptions,
  WORK_ORDER_SORT_COLUMNS,
  workOrderSearchText,
} from '../../../../src/features/work-orders/components/list/list-rules';
import { sortRows } from '../../../../src/lib/list';
import { home, serverSummary, summary } from './fixtures';

/* spec 3 §2 (main page, creation and older edit routes), §3 statuses, §6 portal mode, §9 marker and placeholder. */

describe('homeowner portal mode (spec 3 §2, §6)', () => {
  const rows = [
    summary(1, { vantageCaseOrigin: 'HomeSite' }),
    summary(2, { vantageCaseOrigin: 'Homeowner Portal' }),
    summary(3, { vantageCaseOrigin: 'Web - Homeowner Portal (pilot)' }),
    summary(4, { vantageCaseOrigin: '' }),
  ];
  const ids = (list: { serviceRequestId: number | string }[]) => list.map((row) => row.serviceRequestId);

  it('needs the cookie flag and deployPortal both', () => {
    expect(isPortalMode(true, true)).toBe(true);
    expect(isPortalMode(true, false)).toBe(false);
    expect(isPortalMode(false, true)).toBe(false);
  });

  it(`reads the cookie ${HOMEOWNER_EXPERIENCE_COOKIE}=true (any case), anything else is off`, () => {
    expect(isHomeownerExperienceCookieOn('true')).toBe(true);
    expect(isHomeownerExperienceCookieOn('TRUE')).toBe(true);
    expect(isHomeownerExperienceCookieOn('1')).toBe(false);
    expect(isHomeownerExperienceCookieOn('false')).toBe(false);
    expect(isHomeownerExperienceCookieOn(undefined)).toBe(false);
    document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=true; path=/`;
    expect(isHomeownerExperienceCookieOn()).toBe(true);
    document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    expect(isHomeownerExperienceCookieOn()).toBe(false);
  });

  it('homeowner users are the ones with Home_Owner_Viewer', () => {
    expect(isHomeownerUser({ roles: ['Service_Viewer', 'Home_Owner_Viewer'] })).toBe(true);
    expect(isHomeownerUser({ roles: ['Service_User', 'Warranty_User'] })).toBe(false);
  });

  it('without portal mode every request is listed', () => {
    expect(ids(rowsForTab(rows, { portalMode: false, tab: 'workOrders', homeownerUser: false }))).toEqual([1, 2, 3, 4]);
    expect(ids(rowsForTab(rows, { portalMode: false, tab: 'workOrders', homeownerUser: true }))).toEqual([1, 2, 3, 4]);
  });

  it('in portal mode homeowner users see only requests whose origin holds "Homeowner Portal"', () => {
    expect(ids(rowsForTab(rows, { portalMode: true, tab: 'workOrders', homeownerUser: true }))).toEqual([2, 3]);
  });

  it('in portal mode other users see the work orders without them', () => {
    expect(ids(rowsForTab(rows, { portalMode: true, tab: 'workOrders', homeownerUser: false }))).toEqual([1, 4]);
  });

  it('the Homeowner Portal Requests tab lists the portal requests', () => {
    expect(ids(rowsForTab(rows, { portalMode: true, tab: 'portal', homeownerUser: false }))).toEqual([2, 3]);
    expect(ids(rowsForTab(rows, { portalMode: true, tab: 'portal', homeownerUser: true }))).toEqual([2, 3]);
  });
});

describe('how a row reads', () => {
  it('shows the status meaning, an unknown code as is, Unsubmitted for a staged request', () => {
    expect(displayStatus({ status: 'G', vantageWorkOrderId: 9 })).toBe('Closed Factory Request');
    expect(displayStatus({ status: 'Q', vantageWorkOrderId: 9 })).toBe('Payment Submitted to Plant');
    expect(displayStatus({ status: 'K', vantageWorkOrderId: 9 })).toBe('K');
    expect(displayStatus({ status: 'Unsubmitted', vantageWorkOrderId: null })).toBe('Unsubmitted');
    expect(displayStatus({ status: '', vantageWorkOrderId: null })).toBe('Unsubmitted');
  });

  it('writes dates MM/DD/YYYY and leaves the 1900 placeholder (and anything before 1990) blank', () => {
    expect(formatServiceDate('2026-03-05')).toBe('03/05/2026');
    expect(formatServiceDate('2026-03-05T00:00:00')).toBe('03/05/2026');
    expect(formatServiceDate('1900-01-01')).toBe('');
    expect(formatServiceDate('1989-12-31')).toBe('');
    expect(formatServiceDate(null)).toBe('');
  });

  it('writes costs as dollars', () => {
    expect(formatCost(1234.5)).toBe('$1,234.50');
    expect(formatCost(0)).toBe('$0.00');
  });

  it('names a request by its work order number once submitted, else its request number; an unsent one is a new request', () => {
    expect(requestNumberText({ vantageWorkOrderNumber: 'WO-00012345', serviceRequestNumber: '5001' })).toBe('WO-00012345');
    expect(requestNumberText({ vantageWorkOrderNumber: null, serviceRequestNumber: '5001' })).toBe('5001');
    expect(requestNumberText({ vantageWorkOrderNumber: null, serviceRequestNumber: 'tmp_0f8fad5b-d9cb-469f-a165-70867728950e' })).toBe(
      'New request',
    );
  });

  it('opens a staged request at /servicerequests/{key}/ and a work order at /workorders/{id}', () => {
    expect(reviewHref({ key: '17', vantageWorkOrderId: null })).toBe('/servicerequests/17/');
    expect(reviewHref({ key: 'tmp_0f8fad5b-d9cb-469f-a165-70867728950e', vantageWorkOrderId: null })).toBe(
      '/servicerequests/tmp_0f8fad5b-d9cb-469f-a165-70867728950e/',
    );
    expect(reviewHref({ key: '17', vantageWorkOrderId: 880017 })).toBe('/workorders/880017');
  });

  it('searches numbers, serial, homeowner, technician, plant and status as shown', () => {
    const text = workOrderSearchText(summary(7, { vantageWorkOrderNumber: 'WO-777', technician: 'Bo Rhodes', status: 'Q' }));
    for (const part of ['5007', 'WO-777', 'CMH07TN', 'Ann Lee', 'Bo Rhodes', 'Maynardville', '42', 'Payment Submitted to Plant']) {
      expect(text).toContain(part);
    }
  });
});

describe('sort options and filters (spec 3 §2)', () => {
  it('offers exactly the nine sort options of the spec', () => {
    expect(WORK_ORDER_SORT_COLUMNS.map((column) => column.displayName)).toEqual([
      'End Date',
      'Plant',
      'Request Date',
      'Serial Number',
      'Start Date',
      'Status',
      'Technician',
      'Total Combined Cost',
      'Total Service Cost',
    ]);
  });

  it('End Date sorts by the performed date, with blank (1900) dates last', () => {
    const rows = [
      summary(1, { performedDate: '2026-02-01', endDate: '2026-01-01' }),
      summary(2, { performedDate: '1900-01-01', endDate: '2026-09-01' }),
      summary(3, { performedDate: '2026-01-15', endDate: '2026-12-01' }),
    ];
    const sorted = sortRows(rows, WORK_ORDER_SORT_COLUMNS, { columnName: 'performedDate', direction: 'asc' });
    expect(sorted.map((row) => row.serviceRequestId)).toEqual([3, 1, 2]);
    const descending = sortRows(rows, WORK_ORDER_SORT_COLUMNS, { columnName: 'performedDate', direction: 'desc' });
    expect(descending.map((row) => row.serviceRequestId)).toEqual([1, 3, 2]);
  });

  it('Total Combined Cost sorts by amount, Status by its meaning', () => {
    const rows = [
      summary(1, { totalCombinedCost: 90, status: 'O' }),
      summary(2, { totalCombinedCost: 1200, status: 'D' }),
      summary(3, { totalCombinedCost: 300, status: 'X' }),
    ];
    expect(
      sortRows(rows, WORK_ORDER_SORT_COLUMNS, { columnName: 'totalCombinedCost', direction: 'desc' }).map((row) => row.serviceRequestId),
    ).toEqual([2, 3, 1]);
    // Canceled < Deferred < Open
    expect(sortRows(rows, WORK_ORDER_SORT_COLUMNS, { columnName: 'status', direction: 'asc' }).map((row) => row.serviceRequestId)).toEqual([
      3, 2, 1,
    ]);
  });

  it('builds plant and status choices from the rows and filters by them', () => {
    const rows = [
      summary(1, { plantNumber: '42', plantName: 'Maynardville', status: 'O' }),
      summary(2, { plantNumber: '07', plantName: 'Bean Station', status: 'Unsubmitted' }),
      summary(3, { plantNumber: '42', plantName: 'Maynardville', status: 'D', vantageWorkOrderId: 3 }),
    ];
    expect(plantOptions(rows)).toEqual([
      { value: '07', label: 'Bean Station (07)' },
      { value: '42', label: 'Maynardville (42)' },
    ]);
    expect(statusOptions(rows).map((option) => option.label)).toEqual(['Deferred', 'Open', 'Unsubmitted']);
    expect(applyFilters(rows, { plant: '42', status: '' }).map((row) => row.serviceRequestId)).toEqual([1, 3]);
    expect(applyFilters(rows, { plant: '42', status: 'Deferred' }).map((row) => row.serviceRequestId)).toEqual([3]);
    expect(applyFilters(rows, { plant: '', status: 'Unsubmitted' }).map((row) => row.serviceRequestId)).toEqual([2]);
  });
});

describe('older edit routes and the add route (spec 3 §2)', () => {
  const rows = [
    serverSummary(1, { plantNumber: '42', serviceRequestNumber: '5001' }),
    serverSummary(2, { plantNumber: '07', serviceRequestNumber: '5001' }),
  ];

  it('takes {serviceID} as the id when given', () => {
    expect(findEditTarget(rows, { plantNumber: '42', serviceRequestNumber: '9999', serviceId: '31' })).toBe(31);
  });

  it('else finds the request of that plant and number', () => {
    expect(findEditTarget(rows, { plantNumber: '07', serviceRequestNumber: '5001' })).toBe(2);
    expect(findEditTarget(rows, { plantNumber: '42', serviceRequestNumber: '5001', serviceId: 'abc' })).toBe(1);
  });

  it('finds nothing for an unknown plant or number', () => {
    expect(findEditTarget(rows, { plantNumber: '99', serviceRequestNumber: '5001' })).toBeUndefined();
    expect(findEditTarget(rows, { plantNumber: '42', serviceRequestNumber: '5002' })).toBeUndefined();
    expect(findEditTarget(rows, { plantNumber: '42', serviceRequestNumber: '5001', serviceId: '0' })).toBe(1);
  });

  it('finds the home by serial (as the route writes it) and plant', () => {
    const homes = [home(1, 'CMH-123-TN', '42'), home(2, 'CMH-123-TN', '07'), home(3, 'CMH124TN', '42')];
    expect(findHome(homes, 'CMH123TN', '42')?.assetId).toBe(1);
    expect(findHome(homes, 'cmh123tn', '07')?.assetId).toBe(2);
    expect(findHome(homes, 'CMH123TN', '99')).toBeUndefined();
    expect(findHome(homes, '', '42')).toBeUndefined();
    expect(homeAddress(homes[0]!)).toBe('12 Oak St, Knoxville, TN 37918');
  });

  it('carries a known request type of the longer add route, by code or name', () => {
    expect(requestTypeFromRoute('F')).toBe('F');
    expect(requestTypeFromRoute('v')).toBe('V');
    expect(requestTypeFromRoute('Factory Service')).toBe('F');
    expect(requestTypeFromRoute('standard')).toBe('S');
    expect(requestTypeFromRoute('warranty')).toBeUndefined();
    expect(requestTypeFromRoute(undefined)).toBeUndefined();
  });
});
