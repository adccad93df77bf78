import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTS_ORDER_MESSAGES, SEARCH_PAGE_SIZE, STOCK_SERIAL_NUMBER, type PartsOrderSummary } from '../../../src/contract';
import { addItemCall, createPartsOrderCall } from '../../../src/features/parts-orders/api/calls';
import { CACHE_KINDS, partsOrderKeys } from '../../../src/features/parts-orders/api/keys';
import { HOMES_KEPT_KIND } from '../../../src/entities/homes';
import { UNITS_OF_MEASURE_KEPT } from '../../../src/entities/units-of-measure';
import { viewScope } from '../../../src/entities/view-scope';
import { FACILITY_LABEL, STOCK_ORDER_TITLE } from '../../../src/features/parts-orders/components/list/stock-order-modal';
import { PARTS_ORDER_TEXTS } from '../../../src/features/parts-orders/messages';
import { QUEUED_MESSAGE } from '../../../src/offline/write-messages';
import { getOffline } from '../../../src/offline/runtime';
import { isTempId } from '../../../src/offline/temp-ids';
import { NOT_ON_DEVICE } from '../../../src/ui/not-on-device';
import { demoProfile } from '../fixtures/demo-profiles';
import { fakeListLayout } from '../work-orders/list/fixtures';
import { shippedOrder, stagedOrder, summaryOf } from './fixtures';
import { calls, jsonResponse, keepPartsOrders, notices, renderParts, setOnline, setUp, tearDown, type FakeServer } from './harness';

vi.mock('../../../src/features/parts-orders/catalog', async () => (await import('./catalog-mock')).catalogModule);

fakeListLayout();

const service = demoProfile('service');
const viewer = demoProfile('viewer');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  server.orders.set(81, stagedOrder());
  server.orders.set(82, shippedOrder({ partsOrderId: 82, plantNumber: '920', plantName: 'Bean Station', orderDate: '2026-05-01' }));
  server.orders.set(
    83,
    stagedOrder({
      partsOrderId: 83,
      vantagePartsRequestId: 3003,
      partsLogNumber: 'PL-3003',
      orderStatus: 'Received',
      orderDate: '2026-04-01',
    }),
  );
});

const closeOrder83 = () => server.orders.set(83, { ...server.orders.get(83)!, isClosed: true });
afterEach(async () => {
  cleanup();
  await tearDown();
});

const table = () => screen.findByRole('table', { name: 'Parts orders' });
const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

describe('parts list (spec 3 §2 /service/parts)', () => {
  it('lists every order newest first, opening staged ones by partsOrderId and submitted ones by request id', async () => {
    renderParts(service, '/service/parts');
    await table();
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(rowTexts()[0]).toContain('Staged order 81');
    expect(rowTexts()[1]).toContain('PL-3001');
    expect(screen.getByRole('link', { name: 'Staged order 81' }).getAttribute('href')).toBe('/partsorders/81');
    expect(screen.getByRole('link', { name: 'PL-3001' }).getAttribute('href')).toBe('/partsorders/vantage/3001');
  });

  it('sorts and filters by plant and status', async () => {
    renderParts(service, '/service/parts');
    await table();
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'plant' } });
    fireEvent.change(screen.getByLabelText('Sort order'), { target: { value: 'asc' } });
    await waitFor(() => expect(rowTexts()[0]).toContain('Bean Station'));
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'SHIPPED' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('PL-3001');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(screen.getByLabelText('Filter by plant'), { target: { value: '910' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
  });

  it('keeps the list, every open order whole (one copy per order, by partsOrderId), the ship-to locations and units on the device when opened online', async () => {
    closeOrder83();
    renderParts(service, '/service/parts');
    await table();
    const { db } = getOffline();
    // The list row by row, as the user's copy.
    await waitFor(async () => expect((await db.partsOrders.toArray()).map((row) => row.partsOrderId).sort()).toEqual([81, 82, 83]));
    expect((await db.syncState.get('partsOrders'))?.scopeKey).toBe(viewScope(service));
    await waitFor(async () => {
      const kept = await db.entities.toArray();
      const keys = kept.map((row) => `${row.kind}/${row.id}`);
      expect(keys).toEqual(
        expect.arrayContaining([
          `${CACHE_KINDS.detail}/81`,
          // The submitted (SHIPPED) order 82, read by its request id, is kept under its own id like a staged one.
          `${CACHE_KINDS.detail}/82`,
          `${CACHE_KINDS.shipTo}/4217`,
          `${UNITS_OF_MEASURE_KEPT.kind}/${UNITS_OF_MEASURE_KEPT.id}`,
          `${HOMES_KEPT_KIND}/${viewScope(service)}`,
        ]),
      );
      // A closed order is not kept whole: it is the archive, not open work.
      expect(keys).not.toContain(`${CACHE_KINDS.detail}/83`);
      expect(keys.filter((key) => key.startsWith(`${CACHE_KINDS.detail}/`))).toHaveLength(2);
    });
  });

  it('offline: shows the kept copy with its age', async () => {
    const first = renderParts(service, '/service/parts');
    await table();
    // Kept: the server's first page may show before the download, marked as not on the device.
    await waitFor(() => expect(rowTexts().filter((text) => !text.includes(NOT_ON_DEVICE))).toHaveLength(3));
    first.unmount();
    setOnline(server, false);
    renderParts(service, '/service/parts');
    await waitFor(() => expect(screen.getByText(/^Saved copy, updated/)).toBeTruthy());
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
  });

  it('offline, reads the list kept row by row with its age; back online it syncs and shows the server’s rows', async () => {
    await keepPartsOrders(viewScope(service), [summaryOf(stagedOrder())], 3 * 60 * 60 * 1000);
    setOnline(server, false);
    const { queryClient } = renderParts(service, '/service/parts');
    await screen.findByText(/^Saved copy, updated 3 hours ago\./);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    setOnline(server, true);
    // What the list's 60 s refresh does.
    await act(() => queryClient.refetchQueries({ queryKey: partsOrderKeys.all, type: 'active' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(screen.queryByText(/^Saved copy/)).toBeNull();
    expect(await getOffline().db.partsOrders.count()).toBe(3);
  });

  it('searches on the server when it holds more than the device keeps: an order not kept is marked; offline the list says how many it holds', async () => {
    // Issue 31 §3: a closed order older than the kept-list rule is on the server only.
    const old = summaryOf(
      shippedOrder({ partsOrderId: 70, vantagePartsRequestId: 2070, partsLogNumber: 'PL-2070', orderStatus: 'Closed', isClosed: true }),
      { changedOn: '2024-01-02' },
    );
    const plainList = server.readers['/api/parts']!;
    const searches: URLSearchParams[] = [];
    server.readers['/api/parts'] = (url) => {
      if (!url.searchParams.has('page')) return plainList(url);
      searches.push(url.searchParams);
      const all: PartsOrderSummary[] = [...[...server.orders.values()].map((order) => summaryOf(order)), old];
      const q = url.searchParams.get('q')?.toLowerCase();
      const rows = q ? all.filter((row) => (row.partsLogNumber ?? '').toLowerCase().includes(q)) : all;
      return jsonResponse(200, { rows, total: rows.length, page: 1, pageSize: SEARCH_PAGE_SIZE });
    };
    const first = renderParts(service, '/service/parts');
    await table();
    await waitFor(() => expect(rowTexts()).toHaveLength(4));
    const oldRow = () => rowTexts().find((text) => text.includes('PL-2070'));
    // The server's page may come before the first download: until it is kept, every row found says it is not on the device.
    await waitFor(() => expect(rowTexts().filter((text) => text.includes(NOT_ON_DEVICE))).toHaveLength(1));
    expect(oldRow()).toContain(NOT_ON_DEVICE);
    fireEvent.change(screen.getByPlaceholderText('Search Parts Orders...'), { target: { value: 'pl-2070' } });
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(oldRow()).toContain(NOT_ON_DEVICE);
    expect(searches.at(-1)?.get('q')).toBe('pl-2070');
    expect(searches.at(-1)?.get('sort')).toBe('-orderDate');

    first.unmount();
    setOnline(server, false);
    renderParts(service, '/service/parts');
    await screen.findByText(
      /This device holds 3 parts orders: open ones, and closed ones changed in the last 90 days \(at most the 5,000 changed last\)\. The rest need a connection\./,
    );
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(rowTexts().some((text) => text.includes('PL-2070'))).toBe(false);
  });

  it('marks orders with queued changes, and lists an order made on this device first', async () => {
    const created = createPartsOrderCall({ plantNumber: '920', longSerialNumber: '', serviceRequestId: null });
    const outbox = getOffline().outbox;
    await outbox.enqueue(created.call);
    await outbox.enqueue(
      addItemCall(
        { key: '81', partsOrderId: 81, plantNumber: '910', partsLogNumber: null, vantagePartsRequestId: null },
        {
          categoryNumber: '',
          commodityNumber: '',
          partNumber: 'X',
          partDescription: 'X',
          notes: '',
          billingCode: 'Warranty',
          unitOfMeasure: 'EA',
          quantity: 1,
        },
      ).call,
    );
    setOnline(server, false);
    renderParts(service, '/service/parts');
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(rowTexts()[0]).toContain('New order');
    expect(rowTexts()[0]).toContain(PARTS_ORDER_TEXTS.stockOrder);
    expect(rowTexts()[0]).toContain('Pending');
  });

  it('New Stock Order: the facility is required; the order is created and opened (spec 3 §2)', async () => {
    const { router } = renderParts(service, '/service/parts');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New Stock Order' }));
    const modal = await screen.findByRole('dialog', { name: STOCK_ORDER_TITLE });
    await waitFor(() => expect(within(modal).getAllByRole('option')).toHaveLength(3));
    fireEvent.click(within(modal).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(modal.textContent).toContain(PARTS_ORDER_MESSAGES.facilityRequired));
    expect(server.sent).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText(new RegExp(`^${FACILITY_LABEL}`)), { target: { value: '920' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/95'));
    expect(calls(server)).toEqual(['POST /Parts']);
    expect(server.sent[0]!.body).toEqual({ plantNumber: '920', longSerialNumber: '', serviceRequestId: null });
  });

  it('New Stock Order offline: made on the device, opened under its temp id as a skeleton with its pending mark', async () => {
    const { router } = renderParts(service, '/service/parts');
    await table();
    await waitFor(async () => expect(await getOffline().db.entities.get([CACHE_KINDS.plants, viewScope(service)])).toBeTruthy());
    // The ship-to locations are kept once the list has synced (usePartsOrderPriming).
    await waitFor(async () => expect(await getOffline().db.entities.get([CACHE_KINDS.shipTo, '4217'])).toBeTruthy());
    setOnline(server, false);
    fireEvent.click(screen.getByRole('button', { name: 'New Stock Order' }));
    const modal = await screen.findByRole('dialog', { name: STOCK_ORDER_TITLE });
    await waitFor(() => expect(within(modal).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(within(modal).getByLabelText(new RegExp(`^${FACILITY_LABEL}`)), { target: { value: '920' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/partsorders\/tmp_/));
    const tempId = router.state.location.pathname.split('/')[2]!;
    expect(isTempId(tempId)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'New Parts Order' })).toBeTruthy();
    expect(screen.getByText('Bean Station (920)')).toBeTruthy();
    expect(screen.getByText(PARTS_ORDER_TEXTS.stockOrder)).toBeTruthy();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(screen.getByText('This parts order was made on this device and has not reached the server yet.')).toBeTruthy();
    expect(notices.map((notice) => notice.title)).toContain(QUEUED_MESSAGE);
    // The kept ship-to locations of the retail center are there to choose from.
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Knoxville Homes' }) as HTMLInputElement).checked).toBe(true));
    expect(server.sent).toHaveLength(0);

    // Back online the create goes out, and the screen moves to the server's id.
    setOnline(server, true);
    await getOffline().outbox.replay({ force: true });
    expect(calls(server)).toEqual(['POST /Parts']);
    expect(server.sent[0]!.body).toMatchObject({ plantNumber: '920', longSerialNumber: '' });
    server.orders.set(
      95,
      stagedOrder({
        partsOrderId: 95,
        plantNumber: '920',
        plantName: 'Bean Station',
        longSerialNumber: '',
        serialNumber: STOCK_SERIAL_NUMBER,
        partsItems: [],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/95'));
  });

  it('no New Stock Order for a viewer', async () => {
    renderParts(viewer, '/service/parts');
    await table();
    expect(screen.queryByRole('button', { name: 'New Stock Order' })).toBeNull();
  });
});

describe('useCreateCustomerPartsOrder (the My Homeowners row action)', () => {
  it('creates the customer order for the home and opens it', async () => {
    const { router } = renderParts(service, '/service/myhomeowners');
    fireEvent.click(await screen.findByRole('button', { name: 'New Parts Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/95'));
    expect(server.sent[0]!.body).toEqual({ plantNumber: '910', longSerialNumber: 'MAY012345TNAB', serviceRequestId: null });
  });

  it('tells the server’s refusal in a toast and stays', async () => {
    server.answerWith(() => ({ status: 400, body: { message: PARTS_ORDER_MESSAGES.serialMismatch } }));
    const { router } = renderParts(service, '/service/myhomeowners');
    fireEvent.click(await screen.findByRole('button', { name: 'New Parts Order' }));
    await waitFor(() => expect(notices.map((notice) => notice.description)).toContain(PARTS_ORDER_MESSAGES.serialMismatch));
    expect(notices.map((notice) => notice.title)).toContain(PARTS_ORDER_TEXTS.notCreated);
    expect(router.state.location.pathname).toBe('/service/myhomeowners');
  });

  it('offline: the order is a skeleton with the kept home’s homeowner and address as a ship-to choice', async () => {
    const { router } = renderParts(service, '/service/parts');
    await table();
    await waitFor(async () => expect(await getOffline().db.entities.get([HOMES_KEPT_KIND, viewScope(service)])).toBeTruthy());
    setOnline(server, false);
    await router.navigate({ href: '/service/myhomeowners' });
    fireEvent.click(await screen.findByRole('button', { name: 'New Parts Order' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/partsorders\/tmp_/));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Parts Order' })).toBeTruthy();
    expect(screen.getAllByText('Ann Lee').length).toBeGreaterThan(0);
    expect(screen.getByText('MAY012345TNAB')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Ann Lee' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Add Parts Item' })).toBeTruthy();
  });
});
