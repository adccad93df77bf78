// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { CmhUser } from '../../../src/contract';
import {
  HOMEOWNER_SORT_COLUMNS,
  canonicalHomeownersPath,
  filterIncomplete,
  homeownerActions,
  newServiceRequestHref,
  serviceHistoryHref,
  rowSearchText,
  showsSplitButton,
  warrantyPanelHref,
} from '../../../src/features/homeowners/list-rules';
import { rowsOfServerList } from '../../../src/features/homeowners/pending/apply-pending';
import { filterRows, sortRows } from '../../../src/lib/list';
import { canEditWarrantyCards, canViewMyHomeowners } from '../../../src/lib/permissions';
import { demoProfile } from '../fixtures/demo-profiles';
import { card } from './harness';
import { viewScope } from '../../../src/entities/view-scope';

const withRoles = (roles: string[], overrides: Partial<CmhUser> = {}): CmhUser => ({ ...demoProfile('service'), roles, ...overrides });
const plantSalesViewer = withRoles(['Sales_Viewer'], {
  isPlantUser: true,
  availableFacilities: [{ plantNumber: '42', name: 'Maynardville' }],
  availablePlants: [{ plantNumber: '42', name: 'Maynardville' }],
});
const home42 = { plantNumber: '42' };
const home7 = { plantNumber: '7' };

describe('who sees My Homeowners and who saves cards (spec 3 §6)', () => {
  it('shows the screen to Warranty_User, Home_Owner_Viewer or Service_User', () => {
    expect(canViewMyHomeowners(withRoles(['Warranty_User']))).toBe(true);
    expect(canViewMyHomeowners(withRoles(['Home_Owner_Viewer']))).toBe(true);
    expect(canViewMyHomeowners(withRoles(['Service_User']))).toBe(true);
    expect(canViewMyHomeowners(withRoles(['Service_Viewer', 'Sales_User']))).toBe(false);
    expect(canViewMyHomeowners(demoProfile('driver'))).toBe(false);
  });

  it('lets warranty and service admins save cards, as the server does', () => {
    expect(canEditWarrantyCards(withRoles(['Warranty_User']))).toBe(true);
    expect(canEditWarrantyCards(withRoles(['Service_User']))).toBe(true);
    expect(canEditWarrantyCards(demoProfile('viewer'))).toBe(false);
  });
});

describe('the split button of a row (spec 3 §2, §6)', () => {
  it('shows to service admins, warranty admins and sales viewers', () => {
    expect(showsSplitButton(withRoles(['Service_User']), home42)).toBe(true);
    expect(showsSplitButton(withRoles(['Warranty_User']), home42)).toBe(true);
    expect(showsSplitButton(withRoles(['Sales_Viewer']), home42)).toBe(true);
    // Sales_User implies sales viewer.
    expect(showsSplitButton(withRoles(['Sales_User']), home42)).toBe(true);
    expect(showsSplitButton(withRoles(['Home_Owner_Viewer']), home42)).toBe(false);
    expect(showsSplitButton(withRoles(['Service_Viewer']), home42)).toBe(false);
  });

  it('shows to a sales viewer who is a plant user only on homes of a plant among their facilities', () => {
    expect(showsSplitButton(plantSalesViewer, home42)).toBe(true);
    expect(showsSplitButton(plantSalesViewer, home7)).toBe(false);
    // Admin roles are not limited by plant.
    expect(showsSplitButton({ ...plantSalesViewer, roles: ['Warranty_User'] }, home7)).toBe(true);
    expect(showsSplitButton({ ...plantSalesViewer, roles: ['Service_User'] }, home7)).toBe(true);
  });

  it('offers Warranty, New Service Request and New Parts Order (when wired) to service admins, Service History to who may open it', () => {
    expect(homeownerActions(demoProfile('service'), home42, { partsOrders: false })).toEqual([
      'warranty',
      'serviceRequest',
      'serviceHistory',
    ]);
    expect(homeownerActions(demoProfile('service'), home42, { partsOrders: true })).toEqual([
      'warranty',
      'serviceRequest',
      'partsOrder',
      'serviceHistory',
    ]);
    // Parts orders are written by service admins only (the server's rule): a warranty admin gets no New Parts Order.
    expect(homeownerActions(withRoles(['Warranty_User']), home42, { partsOrders: true })).toEqual(['warranty', 'serviceHistory']);
    expect(homeownerActions(withRoles(['Sales_Viewer']), home42, { partsOrders: true })).toEqual(['warranty']);
    expect(homeownerActions(demoProfile('viewer'), home42, { partsOrders: true })).toEqual(['warranty', 'serviceHistory']);
    expect(homeownerActions(plantSalesViewer, home7, { partsOrders: true })).toEqual([]);
    expect(homeownerActions(withRoles(['Home_Owner_Viewer']), home42, { partsOrders: true })).toEqual([]);
  });

  it('links the panel and Add New Work Order of the home', () => {
    const home = card(1, { serialNumber: 'AB 12/3', plantNumber: '944' });
    expect(warrantyPanelHref(home)).toBe('/service/myhomeowners/warranty/944/AB%2012%2F3');
    expect(newServiceRequestHref(home)).toBe('/service/add/AB%2012%2F3/944');
    expect(serviceHistoryHref({ ...home, vantageAssetId: 77 })).toBe('/serviceHistory/77');
  });
});

describe('the address of the screen', () => {
  it("makes the home tile's '/service/myHomeowners' (and any case) the routes' own path, keeping the serial's case", () => {
    expect(canonicalHomeownersPath('/service/myHomeowners')).toBe('/service/myhomeowners');
    expect(canonicalHomeownersPath('/Service/MyHomeowners/Warranty/42/clw01001Tn')).toBe('/service/myhomeowners/warranty/42/clw01001Tn');
    expect(canonicalHomeownersPath('/service/myhomeowners')).toBeUndefined();
    expect(canonicalHomeownersPath('/service/myhomeowners/warranty/42/X')).toBeUndefined();
    expect(canonicalHomeownersPath('/service/myhomeownersx')).toBeUndefined();
    expect(canonicalHomeownersPath('/service')).toBeUndefined();
  });

  it('keeps one kept copy per user and retail center (or plants)', () => {
    expect(viewScope(demoProfile('service'))).toBe(
      `${demoProfile('service').userName.toLowerCase()}:${demoProfile('service').currentRetailer!.retailerNumber}`,
    );
    expect(viewScope(demoProfile('plant'))).toMatch(/:plants$/);
  });
});

describe('sorting, the incomplete filter and the search (spec 3 §2)', () => {
  const rows = rowsOfServerList([
    card(1, {
      lastName: 'Young',
      firstName: 'Bea',
      emailAddress: 'zed@example.com',
      manufacturedDate: '2025-03-01',
      modelName: 'Zenith',
      npsDate: '2026-02-01',
      soldDate: '2025-12-01',
      statusCode: 'A',
    }),
    card(2, {
      lastName: 'adams',
      firstName: 'Cy',
      emailAddress: 'amy@example.com',
      manufacturedDate: '2024-11-15',
      modelName: 'Aspen',
      npsDate: '',
      soldDate: '',
      statusCode: 'I',
    }),
    card(3, {
      lastName: 'Moss',
      firstName: 'Al',
      emailAddress: 'moss@example.com',
      manufacturedDate: '2025-07-04',
      modelName: 'Maple',
      npsDate: '2025-09-01',
      soldDate: '2025-06-20',
      statusCode: 'H',
    }),
    card(4, {
      lastName: 'Lee',
      firstName: 'Dee',
      emailAddress: 'dee@example.com',
      manufacturedDate: '2025-01-20',
      modelName: 'Birch',
      npsDate: '2026-01-10',
      soldDate: '2025-10-10',
      statusCode: 'X',
    }),
  ]);
  const sortedBy = (columnName: string, direction: 'asc' | 'desc' = 'asc') =>
    sortRows(rows, HOMEOWNER_SORT_COLUMNS, { columnName, direction }).map((row) => row.vantageWarrantyId);

  it('has exactly the sortable columns of §2', () => {
    expect(HOMEOWNER_SORT_COLUMNS.map((column) => column.displayName)).toEqual([
      'Email',
      'First Name',
      'Last Name',
      'Manufactured Date',
      'Model Name',
      'Estimated NPS Date',
      'Serial Number',
      'Sold Date',
      'Status',
    ]);
  });

  it('sorts each column, case-insensitively, dates by day, blanks last either way', () => {
    expect(sortedBy('emailAddress')).toEqual([2, 4, 3, 1]);
    expect(sortedBy('firstName')).toEqual([3, 1, 2, 4]);
    expect(sortedBy('lastName')).toEqual([2, 4, 3, 1]);
    expect(sortedBy('lastName', 'desc')).toEqual([1, 3, 4, 2]);
    expect(sortedBy('manufacturedDate')).toEqual([2, 4, 1, 3]);
    expect(sortedBy('modelName')).toEqual([2, 4, 3, 1]);
    expect(sortedBy('npsDate')).toEqual([3, 4, 1, 2]);
    expect(sortedBy('npsDate', 'desc')).toEqual([1, 4, 3, 2]);
    expect(sortedBy('serialNumber', 'desc')).toEqual([4, 3, 2, 1]);
    expect(sortedBy('soldDate')).toEqual([3, 4, 1, 2]);
    // Status by its label: Active, Archived (X), Historical, Incomplete.
    expect(sortedBy('statusLabel')).toEqual([1, 4, 3, 2]);
  });

  it("keeps only statusCode 'I' when 'incomplete only' is on", () => {
    expect(filterIncomplete(rows, true).map((row) => row.vantageWarrantyId)).toEqual([2]);
    expect(filterIncomplete(rows, false)).toBe(rows);
  });

  it('searches serials, names and e-mail, every word, in any case', () => {
    const search = (text: string) => filterRows(rows, HOMEOWNER_SORT_COLUMNS, text, rowSearchText).map((row) => row.vantageWarrantyId);
    expect(search('clw01003')).toEqual([3]);
    expect(search('ADAMS')).toEqual([2]);
    expect(search('dee@EXAMPLE')).toEqual([4]);
    expect(search('cy adams')).toEqual([2]);
    expect(search('cy moss')).toEqual([]);
    // Not by model or city: the search box is about the homeowner.
    expect(search('zenith')).toEqual([]);
  });

  it('searches and sorts 20,000 homeowners from their precomputed text', () => {
    const many = rowsOfServerList(Array.from({ length: 20_000 }, (_, index) => card(index, { lastName: `Owner${index % 977}` })));
    const found = sortRows(filterRows(many, HOMEOWNER_SORT_COLUMNS, 'owner5 example', rowSearchText), HOMEOWNER_SORT_COLUMNS, {
      columnName: 'lastName',
      direction: 'asc',
    });
    // 'owner5' is in the e-mail of owner5, owner5x, owner5xx, owner5xxxx (and in last names Owner5…).
    const expected = many.filter((row) => row.searchText.includes('owner5'));
    expect(found).toHaveLength(expected.length);
    expect(found.length).toBeGreaterThan(1000);
    expect(found[0]!.lastName.localeCompare(found.at(-1)!.lastName, undefined, { numeric: true })).toBeLessThanOrEqual(0);
  });
});
