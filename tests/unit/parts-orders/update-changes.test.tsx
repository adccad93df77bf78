import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shipToFieldsOf } from '../../../src/contract';
import { updateShipToCall } from '../../../src/features/parts-orders/api/calls';
import { getOffline } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import { partsItem, RETAILER_LOCATIONS, stagedOrder } from './fixtures';
import { renderParts, setOnline, setUp, tearDown, type FakeServer } from './harness';

vi.mock('../../../src/features/parts-orders/catalog', async () => (await import('./catalog-mock')).catalogModule);

/*
 * Issue 22 §11: a parts-order update queued on the device says which of its fields the user changed
 * (OutboxCall.changes), so that a later settled conflict is not undone by the fields it only carries.
 */

const service = demoProfile('service');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  // A part typed by hand (not in the catalog), its unit stored padded as the plant system keeps some.
  server.orders.set(
    81,
    stagedOrder({ partsItems: [partsItem(601, 'HINGE-2', { unitOfMeasure: 'EA  ', notes: 'Left door', quantity: 2, rowVersion: 3 })] }),
  );
});
afterEach(async () => {
  cleanup();
  await tearDown();
});

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

/** The item panel's one edit, saved offline: the queued entry. */
async function queuedAfter(edit: (dialog: HTMLElement) => void) {
  renderParts(service, '/partsorders/81/partsitems/601');
  const dialog = await waitFor(() => {
    const found = screen.getByRole('dialog', { name: 'Edit Parts Item' });
    within(found).getByRole('button', { name: 'Save' });
    return found;
  });
  expect(field(dialog, /^Part number/).value).toBe('HINGE-2');
  setOnline(server, false);
  edit(dialog);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect(await getOffline().db.outbox.count()).toBe(1));
  expect(server.sent).toHaveLength(0);
  const [entry] = await getOffline().db.outbox.toArray();
  // Back online, it goes out as queued (and nothing is left waiting for the next test).
  setOnline(server, true);
  await getOffline().outbox.replay({ force: true });
  expect(server.sent.map((sent) => sent.seq)).toEqual([entry!.seq]);
  return entry!;
}

describe('the parts item update says which fields the user changed (issue 22 §11)', () => {
  it('the quantity alone: not the unit the form shows trimmed, nor the fields it only carries', async () => {
    const entry = await queuedAfter((dialog) => fireEvent.change(field(dialog, /^Quantity/), { target: { value: '4' } }));
    expect(entry).toMatchObject({ method: 'PUT', path: '/Parts/81/PartsItem/601', status: 'pending' });
    expect(entry.body).toMatchObject({ partNumber: 'HINGE-2', unitOfMeasure: 'EA', notes: 'Left door', quantity: 4, rowVersion: 3 });
    expect(entry.changes).toEqual(['quantity']);
  });

  it('the notes alone', async () => {
    const entry = await queuedAfter((dialog) => fireEvent.change(field(dialog, /^Notes/), { target: { value: 'Left door, upper' } }));
    expect(entry.body).toMatchObject({ notes: 'Left door, upper', quantity: 2 });
    expect(entry.changes).toEqual(['notes']);
  });
});

describe('the ship-to update', () => {
  it('changes every ship-to field: a location is chosen whole, none of its fields follows another version', () => {
    const ref = { key: '81', partsOrderId: 81, plantNumber: '910', partsLogNumber: null, vantagePartsRequestId: null };
    const call = updateShipToCall(ref, { ...shipToFieldsOf(RETAILER_LOCATIONS[1]!), rowVersion: 4 });
    expect(call.changes).toEqual(['shipToType', 'shipToAddressName', 'shipToStreetAddress1', 'shipToCity', 'shipToState', 'shipToZipcode']);
  });
});
