import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTS_ORDER_MESSAGES } from '../../../src/contract';
import { SUBMIT_BLOCKED_TITLE } from '../../../src/features/parts-orders/components/review/order-screen';
import { PARTS_ORDER_TEXTS } from '../../../src/features/parts-orders/messages';
import { demoProfile } from '../fixtures/demo-profiles';
import { shippedOrder, stagedOrder } from './fixtures';
import { calls, notices, renderParts, setUp, tearDown, type FakeServer } from './harness';

vi.mock('../../../src/features/parts-orders/catalog', async () => (await import('./catalog-mock')).catalogModule);

const service = demoProfile('service');
const viewer = demoProfile('viewer');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  server.orders.set(81, stagedOrder());
});
afterEach(async () => {
  cleanup();
  await tearDown();
});

const heading = () => screen.findByRole('heading', { level: 1, name: /^Parts Order \S+$/ });
const confirmWith = async (text: string, answer: 'Yes' | 'No') => {
  const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
  expect(dialog.textContent).toContain(text);
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
};
const toasts = () => notices.map((notice) => notice.title);
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('staged parts order review (spec 3 §2 /partsorders/{partsOrderId})', () => {
  it('shows the header, the ship-to chooser with the saved choice, the items and the editor’s controls', async () => {
    renderParts(service, '/partsorders/81');
    expect((await heading()).textContent).toBe('Parts Order 81');
    for (const text of ['Maynardville (910)', 'MAY012345TN', 'Ann Lee', '06/10/2026'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    await waitFor(() => expect(radio('Knoxville Homes').checked).toBe(true));
    expect(radio('Knoxville Homes Warehouse').checked).toBe(false);
    expect(radio('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'P1 Part P1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Parts Item' }).getAttribute('href')).toBe('/partsorders/81/partsitems');
    expect(screen.getByRole('link', { name: 'Edit P2 Part P2' }).getAttribute('href')).toBe('/partsorders/81/partsitems/602');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
    // A staged order takes no receipt marks.
    expect(screen.queryByRole('button', { name: 'Mark Received' })).toBeNull();
  });

  it('a stock order says so instead of a serial (spec 3 §4)', async () => {
    server.orders.set(
      81,
      stagedOrder({ longSerialNumber: '', serialNumber: '999999', customerShipTo: null, warranty: { firstName: '', lastName: '' } }),
    );
    renderParts(service, '/partsorders/81');
    await heading();
    expect(screen.getByText(PARTS_ORDER_TEXTS.stockOrder)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
  });

  it('the default ship-to is the retailer when nothing is saved, or the saved one matched on its first 35 characters (spec 3 §4)', async () => {
    server.orders.set(81, stagedOrder({ shipToAddressName: '' }));
    const { unmount } = renderParts(service, '/partsorders/81');
    await waitFor(() => expect(radio('Knoxville Homes').checked).toBe(true));
    unmount();
    server.orders.set(81, stagedOrder({ shipToAddressName: 'ANN LEE' }));
    renderParts(service, '/partsorders/81');
    await waitFor(() => expect(radio('Ann Lee').checked).toBe(true));
  });

  it('choosing another ship-to location saves it with the order’s rowVersion', async () => {
    renderParts(service, '/partsorders/81');
    await waitFor(() => expect(radio('Knoxville Homes Warehouse')).toBeTruthy());
    fireEvent.click(radio('Knoxville Homes Warehouse'));
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Parts/81']));
    expect(server.sent[0]!.body).toEqual({
      shipToType: 'Retailer',
      shipToAddressName: 'Knoxville Homes Warehouse',
      shipToStreetAddress1: '9 Depot Rd',
      shipToCity: 'Knoxville',
      shipToState: 'TN',
      shipToZipcode: '37919',
      rowVersion: 4,
    });
    await waitFor(() => expect(toasts()).toContain(PARTS_ORDER_MESSAGES.updated));
  });

  it('submit with no items shows the invalid-order state and sends nothing (spec 3 §4)', async () => {
    server.orders.set(81, stagedOrder({ partsItems: [] }));
    renderParts(service, '/partsorders/81');
    await heading();
    expect(screen.getByText('No parts on this order yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SUBMIT_BLOCKED_TITLE);
    expect(alert.textContent).toContain(PARTS_ORDER_MESSAGES.noItems);
    expect(server.sent).toHaveLength(0);
  });

  it('submit sends POST /Parts/{id}, toasts and goes to the parts list', async () => {
    const { router } = renderParts(service, '/partsorders/81');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/parts'));
    expect(calls(server)).toEqual(['POST /Parts/81']);
    expect(toasts()).toContain(PARTS_ORDER_MESSAGES.submitted);
  });

  it('a refused submit shows the server’s message and stays', async () => {
    server.answerWith(() => ({ status: 400, body: { message: PARTS_ORDER_MESSAGES.noItems } }));
    const { router } = renderParts(service, '/partsorders/81');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(PARTS_ORDER_MESSAGES.noItems));
    expect(router.state.location.pathname).toBe('/partsorders/81');
  });

  it('cancel asks first (No keeps it); Yes deletes the order, toasts and goes to the parts list (spec 3 §8)', async () => {
    const { router } = renderParts(service, '/partsorders/81');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await confirmWith(PARTS_ORDER_MESSAGES.confirmCancel, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await confirmWith(PARTS_ORDER_MESSAGES.confirmCancel, 'Yes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/parts'));
    expect(calls(server)).toEqual(['DELETE /Parts/81']);
    expect(toasts()).toContain(PARTS_ORDER_MESSAGES.canceled);
  });

  it('delete of an item asks first, then removes it with the §8 toast', async () => {
    renderParts(service, '/partsorders/81');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete P1 Part P1' }));
    await confirmWith(PARTS_ORDER_MESSAGES.confirmDeleteItem, 'Yes');
    await waitFor(() => expect(calls(server)).toEqual(['DELETE /Parts/81/PartsItem/601']));
    await waitFor(() => expect(toasts()).toContain(PARTS_ORDER_MESSAGES.itemRemoved));
  });

  it('is view only for a service viewer and for an order the server does not let one edit (spec 3 §4)', async () => {
    const { unmount } = renderParts(viewer, '/partsorders/81');
    await heading();
    await waitFor(() => expect(screen.getAllByRole('radio').length).toBeGreaterThan(0));
    // Disabled by their fieldset, which happy-dom's :disabled does not look up to.
    expect(screen.getAllByRole('radio').every((input) => input.matches(':disabled, fieldset[disabled] *'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Edit|Add) / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    unmount();

    server.orders.set(81, stagedOrder({ canEdit: false }));
    renderParts(service, '/partsorders/81');
    await heading();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Parts Item' })).toBeNull();
  });

  it('a staged address that answers a submitted order moves to its read-only view', async () => {
    server.orders.set(81, shippedOrder());
    const { router } = renderParts(service, '/partsorders/81');
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/vantage/3001'));
  });

  it('an unknown order says so; a load failure is an error state with Try again (spec 3 §8)', async () => {
    const { unmount } = renderParts(service, '/partsorders/99');
    expect(await screen.findByText(PARTS_ORDER_TEXTS.notFound)).toBeTruthy();
    unmount();
    server.readers['/api/Parts/81'] = () => new Response('boom', { status: 500 });
    renderParts(service, '/partsorders/81');
    expect((await screen.findByRole('alert')).textContent).toContain(PARTS_ORDER_TEXTS.loadError);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
