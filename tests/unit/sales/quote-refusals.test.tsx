import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES, type CmhUser } from '../../../src/contract';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';
import { fakeListLayout } from '../work-orders/list/fixtures';
import { order, quote, renderSales, startBackend, stopBackend, type SalesBackend } from './harness';

/*
 * Issue 21 §8: spec 2 §8's quote messages shown where the spec has them — deleting without the permission, and
 * duplicating or making a new quote (copying an order or an older-system quote into Build A Quote) for a retailer
 * with no product lines. The server refuses (tests/api/sales.test.ts); the screens say why in a message.
 */

fakeListLayout();

const sales = demoProfile('sales');
const noProductLines = (suffix: string) => `There are no product lines associated with Retailer 4217. ${suffix}`;
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

/** The message modal `header` shows `text`, and only it: the error catalogue shows no toast of its own. */
async function expectMessage(header: string, text: string) {
  const dialog = await screen.findByRole('dialog', { name: header });
  expect(within(dialog).getByText(text)).toBeTruthy();
  expect(backend.notices).toEqual([]);
}

describe('quote messages of spec 2 §8 (issue 21)', () => {
  it('Delete refused for want of permission: You do not have sufficient permissions to delete this quote.', async () => {
    backend.quotes = [quote(1)];
    backend.answer = (method, path) =>
      method === 'DELETE' && path.startsWith('/mch-quote-api/1/')
        ? jsonResponse(403, { message: QUOTE_MESSAGES.noDeletePermission })
        : undefined;
    renderSales(sales, '/sales/quotes');
    await chooseAction('BAQ-310001', 'Delete');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await expectMessage('Delete Quote', 'You do not have sufficient permissions to delete this quote.');
  });

  it('Duplicate for a retailer without product lines: This quote can not be duplicated.', async () => {
    backend.quotes = [quote(1)];
    const message = noProductLines(QUOTE_MESSAGES.cannotDuplicateSuffix);
    backend.answer = (_method, path) =>
      path === `/mch-quote-api/310001/${sales.cmhUserId}/copy` ? jsonResponse(400, { message }) : undefined;
    renderSales(sales, '/sales/quotes');
    await chooseAction('BAQ-310001', 'Duplicate');
    await expectMessage('Duplicate Quote', 'There are no product lines associated with Retailer 4217. This quote can not be duplicated.');
  });

  it('an older-system quote copied into Build A Quote for a retailer without product lines: To create a new quote, select a different retailer.', async () => {
    backend.quotes = [quote(1, { isMCHQuote: false, ismchQuote: false })];
    const message = noProductLines(QUOTE_MESSAGES.newQuoteSuffix);
    backend.answer = (method, path) =>
      method === 'PUT' && path === '/mch-quote-api/copyiseriesquote' ? jsonResponse(400, { message }) : undefined;
    renderSales(sales, '/sales/quotes');
    await chooseAction('BAQ-310001', 'Copy into Build A Quote');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await expectMessage(
      'Copy Quote',
      'There are no product lines associated with Retailer 4217. To create a new quote, select a different retailer.',
    );
  });

  it('an order copied into Build A Quote for a retailer without product lines says the same', async () => {
    backend.orders = [order(1)];
    const message = noProductLines(QUOTE_MESSAGES.newQuoteSuffix);
    backend.answer = (method, path) =>
      method === 'PUT' && path === '/mch-quote-api/copyiseriesquote' ? jsonResponse(400, { message }) : undefined;
    renderSales(sales, '/sales/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy order 700001 into Build A Quote' }, LIST_LOADED));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await expectMessage(
      'Copy to Build A Quote',
      'There are no product lines associated with Retailer 4217. To create a new quote, select a different retailer.',
    );
  });

  it('a refusal without a message still gets the catalogue’s Bad Request, as before', async () => {
    backend.orders = [order(1)];
    backend.answer = (method, path) =>
      method === 'PUT' && path === '/mch-quote-api/copyiseriesquote' ? new Response('', { status: 400 }) : undefined;
    renderSales(sales, '/sales/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy order 700001 into Build A Quote' }, LIST_LOADED));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(backend.notices).toEqual([{ level: 'warning', title: 'Bad Request' }]));
    expect(screen.queryByRole('dialog', { name: 'Copy to Build A Quote' })).toBeNull();
  });
});

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
