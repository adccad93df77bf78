import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARTS_ORDER_MESSAGES } from '../../../src/contract';
import { forgetPrimedCatalogs } from '../../../src/features/parts-orders/catalog/use-catalog-priming';
import { demoProfile } from '../fixtures/demo-profiles';
import { listOrSyncPage } from '../fixtures/sync';
import { approvedCatalogRows } from './catalog-mock';
import { stagedOrder } from './fixtures';
import { calls, jsonResponse, notices, renderParts, setUp, tearDown, type FakeServer } from './harness';

/* The item panel with the catalog helper's real picker: a stock order made from the catalog, as the end-to-end test does. */

const service = demoProfile('service');
let server: FakeServer;

beforeEach(() => {
  server = setUp();
  forgetPrimedCatalogs();
  server.orders.set(81, stagedOrder({ longSerialNumber: '', serialNumber: '999999', customerShipTo: null, partsItems: [] }));
  server.readers['/api/PartsCatalog'] = (url) =>
    jsonResponse(200, listOrSyncPage(url, approvedCatalogRows(url.searchParams.get('plantNumber') ?? '')));
  for (const name of ['FAU-1.svg', 'BOX-9.svg', 'placeholder.svg']) {
    server.readers[`/images/PartsCatalogImages/${name}`] = () =>
      new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/svg+xml' } });
  }
});
afterEach(async () => {
  cleanup();
  await tearDown();
});

describe('parts item panel with the approved catalog picker', () => {
  it('a stock order’s part picked by drill-down goes out with the catalog’s fields and billing code Retailer Inventory', async () => {
    renderParts(service, '/partsorders/81/partsitems');
    const dialog = await waitFor(() => {
      const found = screen.getByRole('dialog', { name: 'Add Parts Item' });
      within(found).getByRole('button', { name: 'Save' });
      return found;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Part from Catalog' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: /Kitchen/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: /Faucets/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: /Faucet FAU-1/ }));

    expect(within(dialog).getByRole('group', { name: 'Chosen part FAU-1' })).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Part description/) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/^Billing code/) as HTMLSelectElement).value).toBe('Retailer Inventory');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(server)).toEqual(['POST /Parts/81/PartsItem']));
    expect(server.sent[0]!.body).toMatchObject({
      partNumber: 'FAU-1',
      partDescription: 'Faucet FAU-1',
      unitOfMeasure: 'EA',
      billingCode: 'Retailer Inventory',
      quantity: 1,
    });
    await waitFor(() => expect(notices.map((notice) => notice.title)).toContain(PARTS_ORDER_MESSAGES.itemAdded));
    // The save ends by closing the panel: the test ends after it, not while its navigation is still under way.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Parts Item' })).toBeNull());
  });
});
