import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../../src/contract';
import { quoteRevisionsKind } from '../../../src/features/quotes/api/quotes';
import { offlineViewOutcome } from '../../../src/features/quotes/list-rules';
import { salesDetailKind } from '../../../src/features/sales-detail/api/sales-detail';
import { viewScope } from '../../../src/entities/view-scope';
import { getOffline } from '../../../src/offline/runtime';
import { NEEDS_CONNECTION, notOnDeviceMessage } from '../../../src/ui/not-on-device';
import { demoProfile } from '../fixtures/demo-profiles';
import { fakeListLayout } from '../work-orders/list/fixtures';
import {
  detail,
  goOffline,
  lead,
  order,
  prospect,
  quote,
  renderSales,
  revisions,
  startBackend,
  stopBackend,
  type SalesBackend,
} from './harness';

/*
 * Issue 19 for the sales lists: offline, a row whose detail is kept opens it from its copy with its age; a row whose
 * detail is not kept says "Needs a connection" before it is tapped, and the detail then says plainly that it is not on
 * this device (no error, no Try again).
 */

fakeListLayout();

const sales = demoProfile('sales');
const HOURS = 60 * 60 * 1000;
let backend: SalesBackend;

beforeEach(() => {
  backend = startBackend();
});
afterEach(async () => {
  cleanup();
  await stopBackend();
});

/** The list row that shows `text`. */
const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="row"]')!;
const marked = (text: string) => within(rowOf(text)).queryByText(NEEDS_CONNECTION) !== null;

/** A detail report kept on the device `hoursAgo`, as opening it online would have kept it. */
async function keepReport(id: string, data: unknown, hoursAgo = 3) {
  await getOffline().db.entities.put({
    kind: salesDetailKind(viewScope(sales)),
    id,
    data: data as never,
    updatedAt: Date.now() - hoursAgo * HOURS,
  });
}

/** Says it plainly: the notice, no alert and no Try again. */
async function expectNotOnDevice(what: string) {
  await screen.findByText(notOnDeviceMessage(what));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
}

describe('orders offline (issue 19)', () => {
  it('keeps an Order Detail once opened; offline it opens from its copy, and the other rows say they need a connection', async () => {
    backend.orders = [order(1), order(2)];
    backend.details.set('910:310001:700001', detail('Buyer 1', '310001', '700001'));
    const { router } = renderSales(sales, '/sales/orders');
    await screen.findByText('Buyer 2');
    // Online nothing is marked.
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();

    fireEvent.click(rowOf('Buyer 1'));
    await screen.findByRole('heading', { name: 'Order Detail' });
    await screen.findByText('Farmhouse sink');
    expect(screen.queryByText(/Saved copy/)).toBeNull();

    await act(() => router.navigate({ to: '/sales/orders' }));
    await screen.findByText('Buyer 2');
    goOffline(backend);
    await waitFor(() => expect(marked('Buyer 2')).toBe(true));
    expect(marked('Buyer 1')).toBe(false);

    fireEvent.click(rowOf('Buyer 1'));
    await screen.findByText('Farmhouse sink');
    await screen.findByText(/Saved copy, updated .* It refreshes when the connection is back\./);

    await act(() => router.navigate({ to: '/sales/orders' }));
    await screen.findByText('Buyer 2');
    fireEvent.click(rowOf('Buyer 2'));
    await screen.findByRole('heading', { name: 'Order Detail' });
    await expectNotOnDevice('order detail');

    // Back online, the marks go.
    goOffline(backend, false);
    await act(() => router.navigate({ to: '/sales/orders' }));
    await screen.findByText('Buyer 2');
    await waitFor(() => expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull());
  });
});

describe('quotes offline (issue 19)', () => {
  it('opens a kept Quote Detail without the lock check, marks the others, and leaves a quote its row blocks unmarked', async () => {
    backend.quotes = [quote(1), quote(2), quote(3, { modelNumber: null })];
    await keepReport('910:310001:0', detail('Customer 1', '310001'));
    const { router } = renderSales(sales, '/sales/quotes');
    await screen.findByText('Customer 2');
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();

    goOffline(backend);
    await waitFor(() => expect(marked('Customer 2')).toBe(true));
    expect(marked('Customer 1')).toBe(false);
    // No model: it cannot be viewed with or without the connection, which its tap says (spec 2 §4).
    expect(marked('Customer 3')).toBe(false);

    backend.reads.length = 0;
    fireEvent.click(rowOf('Customer 1'));
    await screen.findByRole('heading', { name: 'Quote Detail' });
    await screen.findByText('Farmhouse sink');
    expect(screen.getByText('Saved copy, updated 3 hours ago. It refreshes when the connection is back.')).toBeTruthy();
    expect(backend.reads.some((read) => read.includes('check-locked-quote'))).toBe(false);

    await act(() => router.navigate({ to: '/sales/quotes' }));
    await screen.findByText('Customer 2');
    fireEvent.click(rowOf('Customer 2'));
    await screen.findByRole('heading', { name: 'Quote Detail' });
    await expectNotOnDevice('quote detail');

    await act(() => router.navigate({ to: '/sales/quotes' }));
    await screen.findByText('Customer 3');
    fireEvent.click(rowOf('Customer 3'));
    await within(await screen.findByRole('dialog')).findByText(QUOTE_MESSAGES.noModelSelected('310003'));
  });

  it('online, viewing still checks the lock first, and the detail it opens is kept', async () => {
    backend.quotes = [quote(1), quote(2)];
    backend.details.set('910:310001:0', detail('Customer 1', '310001'));
    const { router } = renderSales(sales, '/sales/quotes');
    await screen.findByText('Customer 1');
    fireEvent.click(rowOf('Customer 1'));
    await screen.findByText('Farmhouse sink');
    expect(backend.reads.some((read) => read.includes('/check-locked-quote/1/'))).toBe(true);

    await act(() => router.navigate({ to: '/sales/quotes' }));
    await screen.findByText('Customer 1');
    goOffline(backend);
    await waitFor(() => expect(marked('Customer 2')).toBe(true));
    expect(marked('Customer 1')).toBe(false);
  });

  it('offline, the actions that need the server say so in the menu; Compare opens from a kept comparison', async () => {
    backend.quotes = [quote(1), quote(2)];
    await getOffline().db.entities.put({
      kind: quoteRevisionsKind(viewScope(sales)),
      id: '1',
      data: revisions(1) as never,
      updatedAt: Date.now() - 2 * HOURS,
    });
    renderSales(sales, '/sales/quotes');
    await screen.findByText('Customer 2');
    goOffline(backend);
    await waitFor(() => expect(marked('Customer 2')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Actions for BAQ-310002' }));
    const item = (name: string) => screen.getByRole('menuitem', { name: new RegExp(`^${name}`) });
    await screen.findByRole('menuitem', { name: 'View' });
    expect(item('View').getAttribute('aria-disabled')).toBeNull();
    for (const name of ['Compare', 'Duplicate', 'Delete']) {
      expect(item(name).textContent).toBe(`${name} (${NEEDS_CONNECTION})`);
      expect(item(name).getAttribute('aria-disabled')).toBe('true');
    }
    const duplicate = item('Duplicate');
    fireEvent.keyDown(duplicate, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for BAQ-310001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Compare' }));
    const compare = await screen.findByRole('dialog', { name: 'Compare BAQ-310001' });
    await within(compare).findByText('Saved copy, updated 2 hours ago. It refreshes when the connection is back.');
    expect(within(compare).getByText('1 options differ between revision 1 and revision 2.')).toBeTruthy();
  });

  it('a comparison not on the device says so plainly when the connection drops before it is asked', async () => {
    backend.quotes = [quote(1)];
    renderSales(sales, '/sales/quotes');
    await screen.findByText('Customer 1');
    // navigator.onLine still says online: the menu offers Compare, the call finds no connection.
    backend.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Actions for BAQ-310001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Compare' }));
    const compare = await screen.findByRole('dialog', { name: 'Compare BAQ-310001' });
    await within(compare).findByText(notOnDeviceMessage('comparison'));
    expect(within(compare).queryByRole('alert')).toBeNull();
  });
});

describe('actions that need the server, offline (issue 34 §4): disabled with the reason, as the quote menu’s are', () => {
  /** The button, found by its name online or, offline, by its name with the reason. */
  const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}( \\(${NEEDS_CONNECTION}\\))?$`) });
  const writes = () => backend.reads.filter((read) => !read.startsWith('GET '));

  it('Copy of an order into Build A Quote: offline disabled and saying why, no dialog; online again it copies', async () => {
    backend.orders = [order(1)];
    renderSales(sales, '/sales/orders');
    await screen.findByText('Buyer 1');
    const copy = () => button('Copy order 700001 into Build A Quote') as HTMLButtonElement;
    expect(copy().disabled).toBe(false);
    expect(copy().textContent).toBe('Copy');

    goOffline(backend);
    await waitFor(() => expect(copy().disabled).toBe(true));
    expect(copy().textContent).toBe(`Copy (${NEEDS_CONNECTION})`);
    expect(copy().getAttribute('aria-label')).toBe(`Copy order 700001 into Build A Quote (${NEEDS_CONNECTION})`);
    fireEvent.click(copy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);

    goOffline(backend, false);
    await waitFor(() => expect(copy().disabled).toBe(false));
    expect(copy().textContent).toBe('Copy');
    fireEvent.click(copy());
    await screen.findByRole('dialog', { name: 'Copy to Build A Quote' });
  });

  it('Convert of a lead to a prospect: offline disabled and saying why, no dialog; online again it converts', async () => {
    backend.leads = [lead(5)];
    backend.prospects.set(6, { ...prospect(6), leadId: 5 });
    renderSales(sales, '/sales/leads');
    await screen.findByText('Ann Lee5');
    const convert = () => button('Convert Ann Lee5 to a prospect') as HTMLButtonElement;
    expect(convert().disabled).toBe(false);

    goOffline(backend);
    await waitFor(() => expect(convert().disabled).toBe(true));
    expect(convert().textContent).toBe(`Convert (${NEEDS_CONNECTION})`);
    expect(convert().getAttribute('aria-label')).toBe(`Convert Ann Lee5 to a prospect (${NEEDS_CONNECTION})`);
    fireEvent.click(convert());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);
    // Claim still works offline (it is queued): only the actions that need the server are disabled.
    expect((button('Claim Ann Lee5') as HTMLButtonElement).disabled).toBe(false);

    goOffline(backend, false);
    await waitFor(() => expect(convert().disabled).toBe(false));
    expect(convert().textContent).toBe('Convert');
    fireEvent.click(convert());
    await screen.findByRole('heading', { name: 'Contact Info' });
    expect(writes()).toEqual(['POST /crm/webapi/api/Prospects/Lead']);
  });
});

describe('detail screens not on the device (issue 19)', () => {
  it('a Home Invoice never opened says plainly that it is not on this device', async () => {
    goOffline(backend);
    renderSales(sales, '/reports/homeinvoice/CLW01TN/910');
    await screen.findByRole('heading', { name: 'Home Invoice' });
    await expectNotOnDevice('home invoice');
  });

  it('a report the server does not know still says it was not found', async () => {
    renderSales(sales, '/reports/sales/order/910/310009/700009');
    await screen.findByRole('heading', { name: 'Order Detail' });
    expect((await screen.findByRole('alert')).textContent).toBe('The report could not be found.');
  });

  it('a prospect opened once reads offline with its age; one never opened says it is not on this device', async () => {
    backend.prospects.set(5, prospect(5));
    const { router } = renderSales(sales, '/crm/web/prospects/5/contactInfo');
    await screen.findByText('Rosa Diaz');
    goOffline(backend);
    await act(() => router.navigate({ to: '/crm/web/prospects/$prospectId/contactInfo' as never, params: { prospectId: '6' } as never }));
    await screen.findByRole('heading', { name: 'Contact Info' });
    await expectNotOnDevice('prospect');
    await act(() => router.navigate({ to: '/crm/web/prospects/$prospectId/contactInfo' as never, params: { prospectId: '5' } as never }));
    await screen.findByText('Rosa Diaz');
    await screen.findByText(/Saved copy, updated/);
  });
});

describe('the viewing flow without the server (issue 19)', () => {
  it('blocks what the row tells (no product line, no model) and otherwise opens the kept detail, lock unknown', () => {
    const retailer = 'Retailer 4217';
    expect(offlineViewOutcome(sales, quote(1), retailer)).toEqual({ kind: 'open', href: '/reports/sales/quote/910/310001/0' });
    expect(offlineViewOutcome(sales, quote(1, { isLocked: true, lockedBy: 'admin@demo.homesite.test' }), retailer).kind).toBe('open');
    expect(offlineViewOutcome(sales, quote(1, { productLineId: null }), retailer).kind).toBe('blocked');
    expect(offlineViewOutcome(sales, quote(1, { modelNumber: null }), retailer).kind).toBe('blocked');
  });
});
