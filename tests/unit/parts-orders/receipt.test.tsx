import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTS_ORDER_MESSAGES } from '../../../src/contract';
import { MARK_RECEIVED_LABEL, SELECT_ALL_LABEL } from '../../../src/features/parts-orders/components/review/order-items';
import { INCORRECT_MESSAGE_LABEL, INCORRECT_PART_TITLE } from '../../../src/features/parts-orders/components/review/incorrect-part-modal';
import { CACHE_KINDS } from '../../../src/features/parts-orders/api/keys';
import { getOffline } from '../../../src/offline/runtime';
import { notOnDeviceMessage } from '../../../src/ui/not-on-device';
import { demoProfile } from '../fixtures/demo-profiles';
import { partsItem, shippedOrder } from './fixtures';
import { calls, notices, renderParts, setOnline, setUp, tearDown, type FakeServer } from './harness';

vi.mock('../../../src/features/parts-orders/catalog', async () => (await import('./catalog-mock')).catalogModule);

const service = demoProfile('service');
const viewer = demoProfile('viewer');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  server.orders.set(81, shippedOrder());
});
afterEach(async () => {
  cleanup();
  await tearDown();
});

const heading = () => screen.findByRole('heading', { level: 1, name: 'Parts Order PL-3001' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const confirmWith = async (text: string, answer: 'Yes' | 'No') => {
  const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
  expect(dialog.textContent).toContain(text);
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
};
const toasts = () => notices.map((notice) => notice.title);

describe('submitted parts order (spec 3 §2 /partsorders/vantage/{partsRequestId}) and its receipt (spec 3 §4)', () => {
  it('is read-only: no ship-to chooser, no add, edit, delete, submit or cancel; the shipping data shows', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    for (const text of ['SHIPPED', 'UPS Ground', '1Z999', '06/20/2026', 'Knoxville Homes 1 Retail Way Knoxville, TN 37918']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('link', { name: /^(Edit|Add) / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Delete|Submit|Cancel Order)/ })).toBeNull();
    expect(screen.getByText('Correct')).toBeTruthy();
  });

  it('select-all covers the parts not yet marked correct; Mark Received asks, then PUTs them as correct', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    const markReceived = screen.getByRole('button', { name: MARK_RECEIVED_LABEL }) as HTMLButtonElement;
    expect(markReceived.disabled).toBe(true);
    // The part already marked correct has no check box.
    expect(screen.queryByRole('checkbox', { name: 'Select P3 Part P3' })).toBeNull();
    fireEvent.click(checkbox(SELECT_ALL_LABEL));
    expect(checkbox('Select P1 Part P1').checked).toBe(true);
    expect(checkbox('Select P2 Part P2').checked).toBe(true);
    fireEvent.click(checkbox('Select P2 Part P2'));
    expect(checkbox(SELECT_ALL_LABEL).checked).toBe(false);
    fireEvent.click(checkbox('Select P2 Part P2'));
    expect(markReceived.disabled).toBe(false);

    fireEvent.click(markReceived);
    await confirmWith(PARTS_ORDER_MESSAGES.confirmMarkReceived, 'Yes');
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Parts/910/PL-3001/PartsReceived']));
    expect(server.sent[0]!.body).toEqual({
      items: [
        { partsOrderItemId: 601, isCorrect: true, incorrectPartMessage: '' },
        { partsOrderItemId: 602, isCorrect: true, incorrectPartMessage: '' },
      ],
    });
    await waitFor(() => expect(toasts()).toContain(PARTS_ORDER_MESSAGES.updated));
  });

  it('No keeps the parts unmarked', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    fireEvent.click(checkbox('Select P1 Part P1'));
    fireEvent.click(screen.getByRole('button', { name: MARK_RECEIVED_LABEL }));
    await confirmWith(PARTS_ORDER_MESSAGES.confirmMarkReceived, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toHaveLength(0);
  });

  it('Incorrect opens the modal: a message is required; confirming PUTs the mark with it (spec 3 §5)', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Mark P2 Part P2 incorrect' }));
    const modal = await screen.findByRole('dialog', { name: INCORRECT_PART_TITLE });
    fireEvent.click(within(modal).getByRole('button', { name: 'Mark Incorrect' }));
    await waitFor(() => expect(modal.textContent).toContain(PARTS_ORDER_MESSAGES.incorrectMessageRequired));
    expect(server.sent).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText(new RegExp(INCORRECT_MESSAGE_LABEL.replace('?', '\\?'))), {
      target: { value: 'Wrong finish: brushed, not chrome' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Mark Incorrect' }));
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Parts/vantage/3001']));
    expect(server.sent[0]!.body).toEqual({
      items: [{ partsOrderItemId: 602, isCorrect: false, incorrectPartMessage: 'Wrong finish: brushed, not chrome' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: INCORRECT_PART_TITLE })).toBeNull());
    expect(toasts()).toContain(PARTS_ORDER_MESSAGES.updated);
  });

  it('closing the incorrect-part modal with a message typed asks first; No keeps it open', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Mark P1 Part P1 incorrect' }));
    const modal = await screen.findByRole('dialog', { name: INCORRECT_PART_TITLE });
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: 'Cracked' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await confirmWith(PARTS_ORDER_MESSAGES.unsavedChanges, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull());
    expect(screen.getByRole('dialog', { name: INCORRECT_PART_TITLE })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog', { name: INCORRECT_PART_TITLE })).getByRole('button', { name: 'Cancel' }));
    await confirmWith(PARTS_ORDER_MESSAGES.unsavedChanges, 'Yes');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toHaveLength(0);
  });

  it('receiving with one incorrect part offline: the marks show at once, pending, and go out in order once online', async () => {
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    setOnline(server, false);
    fireEvent.click(screen.getByRole('button', { name: 'Mark P2 Part P2 incorrect' }));
    const modal = await screen.findByRole('dialog', { name: INCORRECT_PART_TITLE });
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: 'Cracked' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Mark Incorrect' }));
    await waitFor(() => expect(screen.getByText('Incorrect: Cracked')).toBeTruthy());
    // P2 marked incorrect stays selectable (it can be marked correct later); P1 is marked received now.
    fireEvent.click(checkbox('Select P1 Part P1'));
    fireEvent.click(screen.getByRole('button', { name: MARK_RECEIVED_LABEL }));
    await confirmWith(PARTS_ORDER_MESSAGES.confirmMarkReceived, 'Yes');
    await waitFor(() => expect(screen.getAllByText('Correct')).toHaveLength(2));
    expect(screen.getAllByText('Pending').length).toBeGreaterThanOrEqual(2);
    expect(server.sent).toHaveLength(0);

    setOnline(server, true);
    const { getOffline } = await import('../../../src/offline/runtime');
    await getOffline().outbox.replay({ force: true });
    expect(calls(server)).toEqual(['PUT /Parts/vantage/3001', 'PUT /Parts/910/PL-3001/PartsReceived']);
    expect(await getOffline().db.outbox.count()).toBe(0);
  });

  it('no receipt controls for a viewer, or before the order has shipped', async () => {
    const { unmount } = renderParts(viewer, '/partsorders/vantage/3001');
    await heading();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: MARK_RECEIVED_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: /incorrect$/ })).toBeNull();
    unmount();

    server.orders.set(81, shippedOrder({ orderStatus: 'In Process', partsItems: [partsItem(601, 'P1')] }));
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    expect(screen.queryByRole('button', { name: MARK_RECEIVED_LABEL })).toBeNull();
    expect(screen.getByText(PARTS_ORDER_MESSAGES.notShipped)).toBeTruthy();
  });

  it('status SHIPPED is compared trimmed and in any case (spec 3 §4)', async () => {
    server.orders.set(81, shippedOrder({ orderStatus: ' shipped ' }));
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    expect(screen.getByRole('button', { name: MARK_RECEIVED_LABEL })).toBeTruthy();
  });
});

describe('submitted parts orders offline (issue 19)', () => {
  it('one read online by its request id is kept once, under its partsOrderId, and opens offline with its receipt controls', async () => {
    const online = renderParts(service, '/partsorders/vantage/3001');
    await heading();
    const keptIds = async () => (await getOffline().db.entities.where('kind').equals(CACHE_KINDS.detail).primaryKeys()).map(([, id]) => id);
    await waitFor(async () => expect(await keptIds()).toEqual(['81']));
    online.unmount();

    setOnline(server, false);
    renderParts(service, '/partsorders/vantage/3001');
    await heading();
    expect(await screen.findByText(/^Saved copy, updated/)).toBeTruthy();
    // Receipt works offline (it goes through the outbox): the control is there.
    expect(screen.getByRole('button', { name: MARK_RECEIVED_LABEL })).toBeTruthy();
  });

  it('offline, one that is not kept on the device says so plainly, with no Try again', async () => {
    setOnline(server, false);
    renderParts(service, '/partsorders/vantage/3999');
    expect(await screen.findByText(notOnDeviceMessage('parts order'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
