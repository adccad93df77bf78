import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { WarrantyCardInput } from '../../../src/contract';
import { saveWarrantyCardCall } from '../../../src/features/homeowners/api/calls';
import { homeownerList } from '../../../src/features/homeowners/api/get-homeowners';
import { HOMEOWNER_TEXT } from '../../../src/features/homeowners/messages';
import { NOT_ON_DEVICE } from '../../../src/ui/not-on-device';
import { getOffline } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import {
  card,
  fakeListLayout,
  goOffline,
  keepHomeowners,
  renderHomeowners,
  scrollListTo,
  startBackend,
  stopBackend,
  type FakeBackend,
} from './harness';
import { viewScope } from '../../../src/entities/view-scope';

fakeListLayout();

let backend: FakeBackend;
beforeEach(() => {
  backend = startBackend();
});
afterEach(() => {
  cleanup();
  stopBackend();
});

const table = () => screen.getByRole('table', { name: 'Homeowners' });
const dataRows = () => within(table()).queryAllByRole('row').slice(1);
const rowOf = (text: string) => dataRows().find((row) => row.textContent?.includes(text))!;
const serials = () => dataRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');

describe('My Homeowners (spec 3 §2)', () => {
  it('shows the cards with MM/DD/YYYY dates and status labels, 10 rows first, then 10 more', async () => {
    backend.cards = Array.from({ length: 25 }, (_, index) => card(index + 1, { lastName: `Owner${String(index + 1).padStart(2, '0')}` }));
    backend.cards[0] = { ...backend.cards[0]!, statusCode: 'I', soldDate: '', npsDate: '' };
    renderHomeowners(demoProfile('service'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Homeowners' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Showing 10 of 25/)).toBeTruthy());
    const cells = within(rowOf('Owner02'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 9)).toEqual([
      'CLW01002TNMaynardville',
      'First2',
      'Owner02',
      'owner2@example.com',
      'The Anniversary',
      '10/01/2025',
      '01/15/2026',
      '03/01/2026',
      'Active',
    ]);
    expect(within(rowOf('Owner01')).getAllByRole('cell')[8]!.textContent).toBe('Incomplete');

    // The end of the viewport is near: 10 more.
    await scrollListTo(100);
    expect(screen.getByText(/Showing 10 of 25/)).toBeTruthy();
    await scrollListTo(500);
    await waitFor(() => expect(screen.getByText(/Showing 20 of 25/)).toBeTruthy());
  });

  it("filters 'incomplete only', searches serial, names and e-mail, and sorts by a header", async () => {
    backend.cards = [
      card(1, { lastName: 'Young', statusCode: 'I' }),
      card(2, { lastName: 'Adams', emailAddress: 'cy.adams@example.com' }),
      card(3, { lastName: 'Moss', statusCode: 'I' }),
    ];
    renderHomeowners(demoProfile('service'));
    // Kept: the server's first page may show before the download, marked as not on the device.
    await waitFor(() => expect(dataRows().filter((row) => !row.textContent?.includes(NOT_ON_DEVICE))).toHaveLength(3));
    // Sorted by last name first.
    expect(serials()).toEqual(['CLW01002TNMaynardville', 'CLW01003TNMaynardville', 'CLW01001TNMaynardville']);

    fireEvent.click(screen.getByRole('switch', { name: HOMEOWNER_TEXT.incompleteOnly }));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('switch', { name: HOMEOWNER_TEXT.incompleteOnly }));
    await waitFor(() => expect(dataRows()).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: /Serial Number/ }));
    await waitFor(() => expect(serials()[0]).toBe('CLW01001TNMaynardville'));
    fireEvent.click(screen.getByRole('button', { name: /Serial Number/ }));
    await waitFor(() => expect(serials()[0]).toBe('CLW01003TNMaynardville'));

    fireEvent.change(screen.getByRole('searchbox', { name: HOMEOWNER_TEXT.searchLabel }), { target: { value: 'CY.ADAMS' } });
    await waitFor(() => expect(dataRows()).toHaveLength(1), { timeout: 2000 });
    expect(dataRows()[0]!.textContent).toContain('Adams');
  });

  it('gives the split button to those §6 names: Warranty opens the panel, New Service Request the add screen, Service History the home', async () => {
    backend.cards = [card(1)];
    const partsOrder = vi.fn();
    const { router } = renderHomeowners(demoProfile('service'), '/service/myhomeowners', { onNewPartsOrder: partsOrder });
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(within(rowOf('CLW01001TN')).getByRole('link', { name: 'Warranty for CLW01001TN' }));
    await screen.findByRole('dialog', { name: 'Edit Homeowner' });
    expect(router.state.location.pathname).toBe('/service/myhomeowners/warranty/42/CLW01001TN');
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Homeowner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('CLW01001TN')).getByRole('button', { name: 'More actions for CLW01001TN' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Warranty', 'New Service Request', 'New Parts Order', 'Service History']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'New Parts Order' }));
    expect(partsOrder).toHaveBeenCalledWith(expect.objectContaining({ serialNumber: 'CLW01001TN', plantNumber: '42' }));
    // Only the parts order: the row under the menu does not open the panel as well.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(rowOf('CLW01001TN')).getByRole('button', { name: 'More actions for CLW01001TN' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'New Service Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/add/CLW01001TN/42'));

    await router.navigate({ to: '/service/myhomeowners' });
    fireEvent.click(within(await waitFor(() => rowOf('CLW01001TN'))).getByRole('button', { name: 'More actions for CLW01001TN' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Service History' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serviceHistory/${card(1).vantageAssetId}`));
  });

  it('shows no split button to a homeowner viewer; a viewer gets neither new request nor new parts order', async () => {
    backend.cards = [card(1)];
    renderHomeowners({ ...demoProfile('viewer'), roles: ['Home_Owner_Viewer'] });
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(rowOf('CLW01001TN')).queryByRole('link', { name: /Warranty for/ })).toBeNull();
    cleanup();

    renderHomeowners(demoProfile('viewer'));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(within(rowOf('CLW01001TN')).getByRole('button', { name: 'More actions for CLW01001TN' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Warranty', 'Service History']);
  });

  it('offline, shows the kept copy with its age, and queued saves applied and marked; a refused one with its message', async () => {
    const user = demoProfile('service');
    const kept = [card(1, { lastName: 'Kept' }), card(2, { lastName: 'Other' })];
    await keepHomeowners(viewScope(user), kept, 3 * 60 * 60 * 1000);
    const { outbox } = getOffline();
    await outbox.enqueue(saveWarrantyCardCall('update', v.parse(WarrantyCardInput, { ...kept[0]!, firstName: 'Queued' }), 3, kept[0]!));
    goOffline(backend);

    renderHomeowners(user);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(await screen.findByText('Saved copy, updated 3 hours ago. It refreshes when the connection is back.')).toBeTruthy();
    expect(rowOf('Kept').textContent).toContain('Queued');
    expect(within(rowOf('Kept')).getByText('Pending')).toBeTruthy();
    expect(within(rowOf('Other')).queryByText('Pending')).toBeNull();

    // The server refuses it once back online: the row says so, with Retry and Discard above the list.
    backend.answer = () => ({ status: 400, body: { message: 'Sold date must be from 2 years ago to 3 months from today. (soldDate)' } });
    goOffline(backend, false);
    await act(async () => {
      await outbox.replay({ force: true });
    });
    await waitFor(() => expect(within(rowOf('Kept')).getByText('Not saved')).toBeTruthy());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Warranty card 42-CLW01001TN');
    expect(within(alert).getByRole('button', { name: 'Retry Warranty card 42-CLW01001TN' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Discard Warranty card 42-CLW01001TN' })).toBeTruthy();
  });

  it('says so when offline with no copy on the device', async () => {
    goOffline(backend);
    renderHomeowners(demoProfile('service'));
    expect((await screen.findByRole('alert')).textContent).toContain(HOMEOWNER_TEXT.offlineNoCopy);
  });

  it('searches on the server when it holds more than the device keeps: a card not kept is marked and opens; offline the list says how many it holds', async () => {
    // Issue 31 §3: the card of a home without an open work order, unchanged for long, is on the server only.
    backend.cards = [card(1, { lastName: 'Adams' }), card(2, { lastName: 'Baker' }), card(3, { lastName: 'Young', statusCode: 'I' })];
    backend.serverOnly = [card(4, { lastName: 'Olden', serialNumber: 'OLD04TN', hasOpenWorkOrder: false, changedOn: '2024-01-02' })];
    const searches = () =>
      backend.reads.filter((read) => read.includes('page=')).map((read) => new URL(read, 'http://localhost').searchParams);
    const user = demoProfile('service');
    const first = renderHomeowners(user);
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    // Until the first download is kept, every row found says it is not on the device.
    await waitFor(() => expect(dataRows().filter((row) => row.textContent?.includes(NOT_ON_DEVICE))).toHaveLength(1));
    expect(rowOf('OLD04TN').textContent).toContain(NOT_ON_DEVICE);

    fireEvent.change(screen.getByRole('searchbox', { name: HOMEOWNER_TEXT.searchLabel }), { target: { value: 'OLDEN' } });
    await waitFor(() => expect(dataRows()).toHaveLength(1), { timeout: 2000 });
    expect(rowOf('OLD04TN').textContent).toContain(NOT_ON_DEVICE);
    expect(searches().at(-1)?.get('q')).toBe('OLDEN');
    expect(searches().at(-1)?.get('sort')).toBe('lastName');

    // It opens, online.
    fireEvent.click(rowOf('OLD04TN'));
    await screen.findByRole('dialog', { name: 'Edit Homeowner' });
    expect(first.router.state.location.pathname).toBe('/service/myhomeowners/warranty/42/OLD04TN');
    await waitFor(() => expect((screen.getByLabelText(/^Last name( \*)?$/) as HTMLInputElement).value).toBe('Olden'));
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Homeowner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // 'Incomplete only' filters the search on the server too.
    fireEvent.change(screen.getByRole('searchbox', { name: HOMEOWNER_TEXT.searchLabel }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: HOMEOWNER_TEXT.incompleteOnly }));
    await waitFor(() => expect(dataRows().map((row) => row.textContent?.includes('Young'))).toEqual([true]), { timeout: 2000 });
    expect(rowOf('Young').textContent).not.toContain(NOT_ON_DEVICE);
    expect(searches().at(-1)?.get('status')).toBe('Incomplete');

    // Closing the panel synced the list again: let that sync end online, or the offline screen below would join it.
    await waitFor(() => expect(homeownerList.snapshot().syncing).toBe(false));
    first.unmount();
    goOffline(backend);
    renderHomeowners(user);
    await screen.findByText(
      'This device holds 3 homeowners: homes with an open work order, and cards or work orders changed in the last 90 days (at most the 30,000 changed last). The rest need a connection.',
      undefined,
      { timeout: 5000 },
    );
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(dataRows().some((row) => row.textContent?.includes('OLD04TN'))).toBe(false);
  });

  it('keeps the list it fetched on the device, whole', async () => {
    const user = demoProfile('service');
    backend.cards = Array.from({ length: 30 }, (_, index) => card(index + 1));
    renderHomeowners(user);
    await waitFor(() => expect(screen.getByText(/Showing 10 of 30/)).toBeTruthy());
    await waitFor(async () => expect(await getOffline().db.homeowners.count()).toBe(30));
    expect((await getOffline().db.syncState.get('homeowners'))?.scopeKey).toBe(viewScope(user));
  });
});
