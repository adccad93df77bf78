import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoProfile } from '../fixtures/demo-profiles';
import { fakeListLayout } from '../work-orders/list/fixtures';
import { inventoryItem, renderSales, startBackend, stopBackend, type SalesBackend } from './harness';

/*
 * Issue 22 §2: the server answers a list's prices to price viewers only (View_Pricing), and leaves the fields out for
 * anyone else. A screen shows nothing or a dash where a price is missing: never NaN, and never $0.00 as if it were one.
 */

fakeListLayout();

let backend: SalesBackend;
beforeEach(() => {
  backend = startBackend();
});
afterEach(async () => {
  cleanup();
  await stopBackend();
});

const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="row"]')!;

describe('Inventory without a price', () => {
  it('shows a dash for a home whose invoice amount was not answered, beside one that was', async () => {
    backend.inventory = [inventoryItem(1), inventoryItem(2, { invoiceAmount: undefined })];
    renderSales(demoProfile('sales'), '/sales/inventory');

    await screen.findByText('STK-2');
    expect(within(rowOf('STK-1')).getByText('$85,000.00')).toBeTruthy();
    const unpriced = rowOf('STK-2');
    expect(within(unpriced).getByText('—')).toBeTruthy();
    expect(unpriced.textContent).not.toMatch(/NaN|\$/);
  });

  it('has no Invoice Amount column for a user without View_Pricing, and no money anywhere', async () => {
    const viewer = demoProfile('viewer');
    expect(viewer.roles).not.toContain('View_Pricing');
    backend.inventory = [inventoryItem(1, { invoiceAmount: undefined }), inventoryItem(2, { invoiceAmount: undefined })];
    const { container } = renderSales(viewer, '/sales/inventory');

    await screen.findByText('STK-2');
    expect(screen.queryByText('Invoice Amount')).toBeNull();
    expect(container.textContent).not.toMatch(/NaN|\$/);
  });
});
