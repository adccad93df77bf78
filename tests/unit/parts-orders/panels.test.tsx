import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTS_ORDER_MESSAGES, WORK_ORDER_MESSAGES } from '../../../src/contract';
import { CATALOG_LOCK_HINT } from '../../../src/features/parts-orders/components/panels/parts-item-panel';
import { demoProfile } from '../fixtures/demo-profiles';
import { partsItem, stagedOrder } from './fixtures';
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

/** The panel once its form is there (a loading panel of the same title comes first). */
const panel = (name: string) =>
  waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    within(dialog).getByRole('button', { name: 'Save' });
    return dialog;
  });
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
const toasts = () => notices.map((notice) => notice.title);

describe('parts item panels (spec 3 §2, §5)', () => {
  it('adds a part picked from the approved catalog onto a card; description and unit are locked; quantity defaults to 1', async () => {
    const { router } = renderParts(service, '/partsorders/81/partsitems');
    const dialog = await panel('Add Parts Item');
    expect(field(dialog, /^Quantity/).value).toBe('1');
    // A customer order has no default billing code.
    expect(field(dialog, /^Billing code/).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Part from Catalog' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick FAU-1' }));

    const card = within(dialog).getByRole('group', { name: 'Chosen part FAU-1' });
    expect(card.textContent).toContain('Faucet FAU-1');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('blob:catalog/FAU-1.svg');
    expect(field(dialog, /^Part description/).value).toBe('Faucet FAU-1');
    expect(field(dialog, /^Part description/).disabled).toBe(true);
    expect(field(dialog, /^Unit of measure/).value).toBe('EA');
    expect(field(dialog, /^Unit of measure/).disabled).toBe(true);
    expect(within(dialog).getAllByText(CATALOG_LOCK_HINT).length).toBeGreaterThanOrEqual(2);

    fireEvent.change(field(dialog, /^Billing code/), { target: { value: 'Warranty' } });
    fireEvent.change(field(dialog, /^Quantity/), { target: { value: '2' } });
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['POST /Parts/81/PartsItem']));
    expect(server.sent[0]!.body).toEqual({
      categoryNumber: '05',
      commodityNumber: '20',
      partNumber: 'FAU-1',
      partDescription: 'Faucet FAU-1',
      notes: '',
      billingCode: 'Warranty',
      unitOfMeasure: 'EA',
      quantity: 2,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/81'));
    expect(toasts()).toContain(PARTS_ORDER_MESSAGES.itemAdded);
  });

  it('a catalog part without a description leaves it open to type; clearing the pick resets the item', async () => {
    renderParts(service, '/partsorders/81/partsitems');
    const dialog = await panel('Add Parts Item');
    fireEvent.change(field(dialog, /^Notes/), { target: { value: 'Left side' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Part from Catalog' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick BOX-9' }));
    expect(field(dialog, /^Part description/).disabled).toBe(false);
    expect(field(dialog, /^Unit of measure/).value).toBe('BOX');
    expect(field(dialog, /^Unit of measure/).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Part' }));
    expect(within(dialog).queryByRole('group', { name: /^Chosen part/ })).toBeNull();
    for (const label of [/^Part number/, /^Part description/, /^Unit of measure/, /^Notes/]) expect(field(dialog, label).value).toBe('');
    expect(field(dialog, /^Quantity/).value).toBe('1');
    expect(field(dialog, /^Part description/).disabled).toBe(false);
  });

  it('on a stock order a new item’s billing code is Retailer Inventory (spec 3 §4, §9)', async () => {
    server.orders.set(81, stagedOrder({ longSerialNumber: '', serialNumber: '999999', customerShipTo: null }));
    renderParts(service, '/partsorders/81/partsitems');
    const dialog = await panel('Add Parts Item');
    expect(field(dialog, /^Billing code/).value).toBe('Retailer Inventory');
    expect([...field(dialog, /^Billing code/).options].map((option) => option.value)).toEqual([
      '',
      'Non-Warranty',
      'Retailer Inventory',
      'Shortage',
      'Warranty',
    ]);
  });

  it('blocks an invalid save with the toast and field messages, sending nothing', async () => {
    renderParts(service, '/partsorders/81/partsitems');
    const dialog = await panel('Add Parts Item');
    fireEvent.change(field(dialog, /^Quantity/), { target: { value: '0' } });
    save(dialog);
    await waitFor(() => expect(toasts()).toContain(WORK_ORDER_MESSAGES.unableToSave));
    const errors = [...dialog.querySelectorAll('.field__errors li')].map((item) => item.textContent);
    expect(errors).toEqual(
      expect.arrayContaining([
        WORK_ORDER_MESSAGES.partDescriptionRequired,
        WORK_ORDER_MESSAGES.quantityInvalid,
        WORK_ORDER_MESSAGES.billingCodeRequired,
        WORK_ORDER_MESSAGES.unitOfMeasureRequired,
      ]),
    );
    expect(server.sent).toHaveLength(0);
  });

  it('edits an item with its rowVersion; the part it came from shows on its card with the locks', async () => {
    server.orders.set(
      81,
      stagedOrder({
        partsItems: [
          partsItem(601, 'FAU-1', { categoryNumber: '05', commodityNumber: '20', partDescription: 'Faucet FAU-1', rowVersion: 3 }),
        ],
      }),
    );
    const { router } = renderParts(service, '/partsorders/81/partsitems/601');
    const dialog = await panel('Edit Parts Item');
    expect(within(dialog).getByRole('group', { name: 'Chosen part FAU-1' })).toBeTruthy();
    expect(field(dialog, /^Part description/).disabled).toBe(true);
    fireEvent.change(field(dialog, /^Quantity/), { target: { value: '4' } });
    save(dialog);
    await waitFor(() => expect(calls(server)).toEqual(['PUT /Parts/81/PartsItem/601']));
    expect(server.sent[0]!.body).toMatchObject({ partNumber: 'FAU-1', quantity: 4, billingCode: 'Warranty', rowVersion: 3 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/81'));
    expect(toasts()).toContain(PARTS_ORDER_MESSAGES.itemUpdated);
  });

  it('a refusal naming a field shows on it and keeps the panel open', async () => {
    server.answerWith(() => ({ status: 400, body: { message: 'Choose a unit of measure from the list. (unitOfMeasure)' } }));
    const { router } = renderParts(service, '/partsorders/81/partsitems/601');
    const dialog = await panel('Edit Parts Item');
    save(dialog);
    await waitFor(() => expect(dialog.textContent).toContain('Choose a unit of measure from the list.'));
    expect(router.state.location.pathname).toBe('/partsorders/81/partsitems/601');
  });

  it('closing a changed form asks first (spec 3 §8)', async () => {
    renderParts(service, '/partsorders/81/partsitems');
    const dialog = await panel('Add Parts Item');
    fireEvent.change(field(dialog, /^Notes/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain(PARTS_ORDER_MESSAGES.unsavedChanges);
  });

  it('returns to the review when the user cannot edit the order, or the item is not on it (spec 3 §2)', async () => {
    const { router, unmount } = renderParts(viewer, '/partsorders/81/partsitems');
    await waitFor(() => expect(router.state.location.pathname).toBe('/partsorders/81'));
    unmount();
    const second = renderParts(service, '/partsorders/81/partsitems/999');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/partsorders/81'), { timeout: 4000 });
  });
});
