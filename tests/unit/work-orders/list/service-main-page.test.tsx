import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CmhUser } from '../../../../src/contract';
import { createServiceRequestCall, updateInformationCall } from '../../../../src/features/work-orders/api/calls';
import { viewScope } from '../../../../src/entities/view-scope';
import { HOMEOWNER_EXPERIENCE_COOKIE } from '../../../../src/features/work-orders/components/list/list-rules';
import { ServiceMainPage } from '../../../../src/features/work-orders/components/list/service-main-page';
import type { ServiceTab } from '../../../../src/features/work-orders/components/list/list-rules';
import { getOffline } from '../../../../src/offline/runtime';
import { demoProfile } from '../../fixtures/demo-profiles';
import { renderScreen } from '../../fixtures/render-screen';
import { fakeListLayout, home, startBackend, stopBackend, summary, type FakeBackend } from './fixtures';

fakeListLayout();

const ROWS = [
  summary(1, {
    serviceRequestNumber: '5001',
    status: 'Unsubmitted',
    requestDate: '2026-06-10',
    homeownerName: 'Ann Lee',
    plantNumber: '42',
  }),
  summary(2, {
    serviceRequestNumber: '5002',
    vantageWorkOrderId: 880002,
    vantageWorkOrderNumber: 'WO-00880002',
    status: 'Q',
    requestDate: '2026-04-02',
    startDate: '2026-04-05',
    performedDate: '2026-04-07',
    technician: 'Bo Rhodes',
    totalServiceCost: 412.5,
    totalCombinedCost: 1234.5,
    homeownerName: 'Cal Diaz',
    plantNumber: '07',
    plantName: 'Bean Station',
  }),
  summary(3, {
    serviceRequestNumber: '5003',
    vantageWorkOrderId: 880003,
    vantageWorkOrderNumber: 'WO-00880003',
    status: 'K',
    requestDate: '2026-05-20',
    technician: 'Al Ford',
    totalServiceCost: 80,
    totalCombinedCost: 95,
    homeownerName: 'Dee Moss',
    vantageCaseOrigin: 'Homeowner Portal',
  }),
];

let backend: FakeBackend;
beforeEach(() => {
  backend = startBackend();
  backend.list = ROWS.map(({ key: _key, pending: _pending, ...row }) => row);
  backend.homes = [
    home(201, 'CMH201TN', '42', { homeownerName: 'Eve Park', city: 'Maryville' }),
    home(202, 'CMH-202-TN', '07', { homeownerName: 'Finn Ray' }),
  ];
});
afterEach(() => {
  cleanup();
  stopBackend();
  document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const render = (options: { user?: CmhUser; tab?: ServiceTab; deployPortal?: boolean } = {}) => {
  const user = options.user ?? demoProfile('service');
  return renderScreen(
    () => <ServiceMainPage user={user} tab={options.tab ?? 'workOrders'} deployPortal={options.deployPortal ?? false} />,
    {
      path: '/service',
    },
  );
};

const table = () => screen.getByRole('table', { name: /Work orders|Homeowner portal requests/ });
const dataRows = () => within(table()).queryAllByRole('row').slice(1);
const firstCells = () => dataRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
const rowOf = (text: string) => dataRows().find((row) => row.textContent?.includes(text))!;

describe('Service & Parts main page (spec 3 §2)', () => {
  it('lists the work orders with status meanings, MM/DD/YYYY dates (blank for 1900), dollar costs, newest request first', async () => {
    await render();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 1, name: 'Service & Parts' })).toBeTruthy();
    expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['5001Ann Lee', 'WO-00880003', 'WO-00880002']);

    const cells = within(rowOf('WO-00880002'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'CMH02TN',
      'Bean Station (07)',
      'Payment Submitted to Plant',
      '04/02/2026',
      '04/05/2026',
      '04/07/2026',
      'Bo Rhodes',
      '$412.50',
      '$1,234.50',
    ]);
    const staged = within(rowOf('5001'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(staged[3]).toBe('Unsubmitted');
    expect(staged[5]).toBe('');
    expect(staged[6]).toBe('');
    expect(within(rowOf('WO-00880003')).getAllByRole('cell')[3]!.textContent).toBe('K');
    expect(screen.getByRole('searchbox', { name: 'Search requests' }).getAttribute('placeholder')).toBe('Search Requests...');
  });

  it('shows Work Orders and Parts Requests tabs; the portal tab only with the cookie flag and deployPortal', async () => {
    await render({ deployPortal: true });
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Work Orders', 'Parts Requests']);
    expect(screen.getByRole('tab', { name: 'Work Orders' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Parts Requests' }).getAttribute('href')).toBe('/service/parts');
    expect(screen.getByRole('tabpanel', { name: 'Work Orders' })).toBeTruthy();
  });

  it('in portal mode leaves portal requests out of Work Orders for a service user and lists them under their own tab', async () => {
    document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=true; path=/`;
    await render({ deployPortal: true });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(firstCells().join()).not.toContain('WO-00880003');
    const portalTab = screen.getByRole('tab', { name: 'Homeowner Portal Requests' });
    expect(portalTab.getAttribute('href')).toBe('/service?tab=portal');
    cleanup();

    await render({ deployPortal: true, tab: 'portal' });
    expect(screen.getByRole('tab', { name: 'Homeowner Portal Requests' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['WO-00880003']));
  });

  it('in portal mode shows a homeowner user only the portal requests', async () => {
    document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=true; path=/`;
    await render({ deployPortal: true, user: demoProfile('viewer') });
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['WO-00880003']));
  });

  it('the cookie alone is not portal mode', async () => {
    document.cookie = `${HOMEOWNER_EXPERIENCE_COOKIE}=true; path=/`;
    await render({ deployPortal: false, tab: 'portal' });
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(screen.queryByRole('tab', { name: 'Homeowner Portal Requests' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Work Orders' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches request numbers, homeowners and technicians', async () => {
    await render();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search requests' }), { target: { value: 'rhodes' } });
    await waitFor(() => expect(dataRows()).toHaveLength(1), { timeout: 2000 });
    expect(firstCells()[0]).toContain('WO-00880002');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search requests' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No requests match your search and filters.', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
  });

  it('sorts by the chosen option and order, and by the column headers', async () => {
    await render();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
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
    fireEvent.change(sortBy, { target: { value: 'totalCombinedCost' } });
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['WO-00880002', 'WO-00880003', '5001Ann Lee']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort order' }), { target: { value: 'asc' } });
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['5001Ann Lee', 'WO-00880003', 'WO-00880002']));
    fireEvent.click(within(table()).getByRole('button', { name: 'Technician' }));
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 11))).toEqual(['WO-00880003', 'WO-00880002', '5001Ann Lee']));
    expect((sortBy as HTMLSelectElement).value).toBe('technician');
  });

  it('filters by plant and by status', async () => {
    await render();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    const plant = screen.getByRole('combobox', { name: 'Filter by plant' });
    expect(
      within(plant)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All plants', 'Bean Station (07)', 'Maynardville (42)']);
    fireEvent.change(plant, { target: { value: '42' } });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    fireEvent.change(status, { target: { value: 'Unsubmitted' } });
    await waitFor(() => expect(firstCells().map((text) => text.slice(0, 4))).toEqual(['5001']));
  });

  it('opens a staged request at /servicerequests/{id}/ and a work order at /workorders/{id}', async () => {
    const { router } = await render();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    fireEvent.click(rowOf('WO-00880002'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorders/880002'));
    router.history.back();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(within(rowOf('5001')).getByRole('link', { name: '5001' }).getAttribute('href')).toBe('/servicerequests/1/');
    fireEvent.keyDown(rowOf('5001'), { key: 'Enter' });
    // The app's router writes the path without the trailing slash; the review route answers both.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/servicerequests\/1\/?$/));
  });

  it('marks queued changes: a request made on this device is Pending, a refused change Not saved with the message', async () => {
    const { outbox } = getOffline();
    backend.answer = () => ({ status: 400, body: { message: 'Technician can be no longer than 50 characters.' } });
    await outbox.enqueue(
      updateInformationCall(
        { key: '2', serviceRequestId: 2, serviceRequestNumber: '5002', plantNumber: '07', vantageWorkOrderId: 880002, partsOrderId: 2 },
        { technician: 'x'.repeat(60) } as never,
        {},
      ),
    );
    await outbox.replay({ force: true });
    // Made offline afterwards: it waits.
    const created = createServiceRequestCall(home(201, 'CMH201TN', '42', { homeownerName: 'Eve Park' }), 'America/Chicago');
    await outbox.enqueue(created.call);

    await render();
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    const mine = rowOf('New request');
    expect(within(mine).getByText('Pending')).toBeTruthy();
    // The row of a request made on this device is drawn from its home (GET {api}/Homes).
    await waitFor(() => expect(rowOf('New request').textContent).toContain('Eve Park'));
    expect(within(mine).getByRole('link', { name: 'New request' }).getAttribute('href')).toBe(`/servicerequests/${created.tempId}/`);
    const refused = rowOf('WO-00880002');
    await waitFor(() => expect(within(refused).queryByText('Not saved')).toBeTruthy());
    expect(refused.textContent).toContain('Technician can be no longer than 50 characters.');
  });

  it('offline, shows the copy kept on the device and how old it is', async () => {
    const user = demoProfile('service');
    const { db } = getOffline();
    await db.workOrders.bulkPut(backend.list as never[]);
    await db.syncState.put({
      list: 'workOrders',
      scopeKey: viewScope(user),
      cursor: 'kept',
      received: 3,
      complete: true,
      syncedAt: Date.now() - 3 * 60 * 60_000,
    });
    backend.offline = true;
    await render({ user });
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(await screen.findByText(/Saved copy, updated 3 hours ago/)).toBeTruthy();
  });

  it('offline with no copy says so instead of an empty list', async () => {
    backend.offline = true;
    await render();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are offline and no copy of the work orders is saved on this device yet.',
    );
  });

  it('gives service admins New Service Request: a searchable home picker that opens Add New Work Order', async () => {
    const { router } = await render();
    fireEvent.click(screen.getByRole('button', { name: 'New Service Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a Home' });
    const homes = () =>
      within(within(dialog).getByRole('table', { name: 'Homes' }))
        .queryAllByRole('row')
        .slice(1);
    await waitFor(() => expect(homes()).toHaveLength(2));
    const eve = homes().find((row) => row.textContent?.includes('CMH201TN'))!;
    expect(
      within(eve)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['CMH201TN', 'Maynardville (42)', 'The Anniversary', 'Eve Park', 'Maryville, TN', 'Select']);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search homes' }), { target: { value: 'finn' } });
    await waitFor(() => expect(homes()).toHaveLength(1), { timeout: 2000 });
    expect(within(dialog).getByRole('link', { name: 'Select home CMH-202-TN' }).getAttribute('href')).toBe('/service/add/CMH202TN/07');
    fireEvent.click(homes()[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/add/CMH202TN/07'));
  });

  it('has no New Service Request for a service viewer', async () => {
    await render({ user: demoProfile('viewer') });
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'New Service Request' })).toBeNull();
  });

  it('the Parts Requests tab says honestly that its list comes with parts orders', async () => {
    await render({ tab: 'parts' });
    expect(screen.getByRole('tab', { name: 'Parts Requests' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Parts Requests' }).textContent).toContain('It arrives together with parts orders.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
