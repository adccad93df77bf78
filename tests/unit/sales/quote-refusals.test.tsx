import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CmhUser } from '../../../src/contract';
import { demoProfile } from '../fixtures/demo-profiles';
import { fakeListLayout } from '../work-orders/list/fixtures';
import { order, quote, renderSales, startBackend, stopBackend, type SalesBackend } from './harness';

/*
 * Issue 21 §8: copying an order or an older-system quote into Build A Quote is offered to MyCustomHomes only.
 */

fakeListLayout();

const sales = demoProfile('sales');
let backend: SalesBackend;

beforeEach(() => {
  backend = startBackend();
});
afterEach(async () => {
  cleanup();
  await stopBackend();
});

/** The list's first sync, the first of the file above all, can take longer than findBy's second on a busy machine. */
const LIST_LOADED = { timeout: 5_000 };

async function chooseAction(quoteNumber: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${quoteNumber}` }, LIST_LOADED));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('copying into Build A Quote needs MyCustomHomes itself (spec 2 §2, §6; issue 21)', () => {
  const withRoles = (user: CmhUser, roles: string[]): CmhUser => ({ ...user, roles: roles as CmhUser['roles'] });

  it('hides Copy on the orders list from a user with only the _Admin and _ApproverOverride variants', async () => {
    backend.orders = [order(1)];
    renderSales(withRoles(sales, ['Sales_User', 'MyCustomHomes_Admin', 'MyCustomHomes_ApproverOverride']), '/sales/orders');
    await screen.findByText('Buyer 1', {}, LIST_LOADED);
    expect(screen.queryByRole('button', { name: 'Copy order 700001 into Build A Quote' })).toBeNull();
    expect(screen.queryByText('Build A Quote')).toBeNull();
  });

  it('offers no copy of an older-system quote to that user, and offers it to a MyCustomHomes user', async () => {
    backend.quotes = [quote(1, { isMCHQuote: false, ismchQuote: false })];
    const view = renderSales(withRoles(sales, ['Sales_User', 'MyCustomHomes_Admin', 'MyCustomHomes_ApproverOverride']), '/sales/quotes');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for BAQ-310001' }, LIST_LOADED));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Copy into Build A Quote' })).toBeNull();
    view.unmount();
    renderSales(sales, '/sales/quotes');
    await chooseAction('BAQ-310001', 'Copy into Build A Quote');
    expect(await screen.findByRole('button', { name: 'Yes' })).toBeTruthy();
  });
});
