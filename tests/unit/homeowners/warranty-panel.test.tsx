import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WARRANTY_MESSAGES } from '../../../src/contract';
import { homeownerKeys } from '../../../src/features/homeowners/api/keys';
import { SOLD_DATE_FOCUS_DELAY_MS } from '../../../src/features/homeowners/components/warranty-panel';
import { LIST_RELOAD_DELAY_MS } from '../../../src/features/homeowners/use-homeowner-view';
import { HOMEOWNER_TEXT } from '../../../src/features/homeowners/messages';
import { addDaysToDay, formatUsDate } from '../../../src/contract/days';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../../src/contract/time-zones';
import { getOffline } from '../../../src/offline/runtime';
import { UNSAVED_CHANGES_MESSAGE } from '../../../src/ui/side-panel';
import { demoProfile } from '../fixtures/demo-profiles';
import {
  card,
  fakeListLayout,
  goOffline,
  keepHomeowners,
  notices,
  renderHomeowners,
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
  vi.useRealTimers();
});

/**
 * For the tests whose subject is a delay of the panel: its timers run on a clock the test moves on. The clock also
 * follows real time, so that the rest of the screen (queries, IndexedDB) goes on as usual.
 */
const usePanelClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

const PANEL = '/service/myhomeowners/warranty/42/CLW01001TN';
const panel = () => screen.findByRole('dialog', { name: HOMEOWNER_TEXT.panelTitle });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label (required ones end in ' *'). */
const field = (name: string) => screen.getByLabelText(new RegExp(`^${escaped(name)}( \\*)?$`)) as HTMLInputElement;
/** 'input' is what the masked phone and date fields listen to; React's onChange hears it too. */
const type = (name: string, value: string) => {
  fireEvent.input(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
/** The homeowner list's own reads, not the server search a device with no whole copy asks beside them. */
const listReads = () => backend.reads.filter((read) => read.startsWith('/api/Warranty/Homeowners') && !read.includes('page=')).length;
// The demo profiles' retail centers carry no zone: the sold date window counts from the organisation's day.
const inDays = (days: number) => formatUsDate(addDaysToDay(businessDay(DEFAULT_ORG_TIME_ZONE), days));
const details = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll('.ho-details > div')).map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]),
  );

describe("the 'Edit Homeowner' panel (spec 3 §2, §4, §5)", () => {
  it("opens in edit mode with the card's values: MM/DD/YYYY sold date, masked phone, the home's data read-only", async () => {
    backend.cards = [card(1, { soldDate: '2026-01-15', cellAreaCode: '423', cellPhoneNumber: '5550199' })];
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    expect(field('Last name').value).toBe('Last1');
    expect(field('Sold date').value).toBe('01/15/2026');
    expect(field('Main phone').value).toBe('(865) 555-0123');
    expect(field('Cell phone').value).toBe('(423) 555-0199');
    expect(screen.getByRole('switch', { name: 'Home address same as owner' })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText(/^Home city/)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Home address same as owner' }));
    expect(field('Home city').value).toBe('Clinton');
    expect(details()).toMatchObject({
      Plant: '42 - Maynardville',
      'Serial number': 'CLW01001TN',
      'Manufactured date': '10/01/2025',
      Status: 'Active',
      'Thermal zone': '2',
      'Wind zone': 'I',
      'Estimated NPS date': '03/01/2026',
    });
  });

  it('shows a stored main phone that is not 10 digits blank', async () => {
    backend.cards = [card(1, { areaCode: '865', phoneNumber: '55501' })];
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    expect(field('Main phone').value).toBe('');
  });

  it('focuses the sold date 1 s after it opens (spec 3 §9)', async () => {
    usePanelClock();
    backend.cards = [card(1)];
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    expect(document.activeElement).not.toBe(field('Sold date'));
    act(() => vi.advanceTimersByTime(SOLD_DATE_FOCUS_DELAY_MS));
    expect(document.activeElement).toBe(field('Sold date'));
  });

  it('updates the card with PUT and its rowVersion, says so with the §7 toast, closes, and reloads the list 500 ms later', async () => {
    backend.cards = [card(1, { statusCode: 'I', rowVersion: 3 })];
    const { router } = renderHomeowners(demoProfile('service'), '/service/myhomeowners');
    await screen.findByRole('link', { name: 'Warranty for CLW01001TN' });
    fireEvent.click(screen.getByRole('link', { name: 'Warranty for CLW01001TN' }));
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    type('First name', '  Mary ');
    type('Address line 2', 'Lot 7');
    type('Sold date', inDays(-30));
    const before = listReads();
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/service/myhomeowners');
    expect(backend.sent).toHaveLength(1);
    expect(backend.sent[0]).toMatchObject({ method: 'PUT', path: '/Warranty', recordKey: 'warranty:42:CLW01001TN' });
    expect(backend.sent[0]!.body).toMatchObject({
      firstName: 'Mary',
      address1: '1 Oak Ridge Road Lot 7',
      address2: '',
      areaCode: '865',
      phoneNumber: '5550123',
      rowVersion: 3,
    });
    expect((backend.sent[0]!.body as { soldDate: string }).soldDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(notices).toContainEqual(
      expect.objectContaining({
        level: 'success',
        title: WARRANTY_MESSAGES.updatedTitle,
        description: WARRANTY_MESSAGES.updated('CLW01001TN'),
      }),
    );
    // The row has the saved card at once; the list is fetched again 500 ms after the panel closed.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Homeowners' }).textContent).toContain('Mary'));
    expect(listReads()).toBe(before);
    await waitFor(() => expect(listReads()).toBe(before + 1), { timeout: 2000 });
  });

  it('reloads the list 500 ms after the panel closes, also without a save (spec 3 §9), and not while it is open', async () => {
    usePanelClock();
    backend.cards = [card(1)];
    const { queryClient } = renderHomeowners(demoProfile('service'), '/service/myhomeowners');
    fireEvent.click(await screen.findByRole('link', { name: 'Warranty for CLW01001TN' }));
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    // The reload marks the homeowner queries stale as its timer fires, before its request goes out.
    const reloadStarted = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: homeownerKeys.all })
        .some((query) => query.state.isInvalidated);
    const before = listReads();
    act(() => vi.advanceTimersByTime(4 * LIST_RELOAD_DELAY_MS));
    expect(reloadStarted()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => vi.advanceTimersByTime(300));
    expect(reloadStarted()).toBe(false);
    act(() => vi.advanceTimersByTime(LIST_RELOAD_DELAY_MS - 300));
    expect(reloadStarted()).toBe(true);
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });

  it('opens in add mode for a home without a card, plant and serial filled in, and creates it with POST', async () => {
    renderHomeowners(demoProfile('service'), '/service/myhomeowners/warranty/42/NEW123');
    await panel();
    expect(await screen.findByText(HOMEOWNER_TEXT.addMode)).toBeTruthy();
    expect(details()).toMatchObject({ Plant: '42', 'Serial number': 'NEW123', Status: 'No card yet' });
    expect(field('First name').value).toBe('');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Address', '5 Elm St');
    type('City', 'Knoxville');
    fireEvent.change(field('State'), { target: { value: 'TN' } });
    type('Zip code', '37918');
    type('Sold date', inDays(0));
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.sent[0]).toMatchObject({ method: 'POST', recordKey: 'warranty:42:NEW123', label: 'Warranty card 42-NEW123' });
    expect(backend.sent[0]!.body).not.toHaveProperty('rowVersion');
    expect(backend.sent[0]!.body).toMatchObject({
      plantNumber: '42',
      serialNumber: 'NEW123',
      homeAddress: '5 Elm St, Knoxville, TN 37918',
      homeAddressSameAsOwner: true,
    });
    expect(notices).toContainEqual(
      expect.objectContaining({ title: WARRANTY_MESSAGES.enteredTitle, description: WARRANTY_MESSAGES.entered('NEW123') }),
    );
  });

  it("blocks a save with every rule's message, sending nothing", async () => {
    backend.cards = [card(1)];
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    type('First name', '');
    type('Email', 'mary@');
    type('Main phone', '(865) 55');
    type('Sold date', inDays(120));
    save();
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ title: HOMEOWNER_TEXT.unableToSave })));
    const dialog = await panel();
    for (const message of [
      WARRANTY_MESSAGES.firstNameRequired,
      WARRANTY_MESSAGES.emailInvalid,
      WARRANTY_MESSAGES.phoneInvalid,
      WARRANTY_MESSAGES.soldDateOutOfRange,
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(backend.sent).toHaveLength(0);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before closing with changes (spec 3 §8); No keeps the panel, Yes closes it; taking a change back is not a change', async () => {
    backend.cards = [card(1)];
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    type('First name', 'Changed');
    type('First name', 'First1');
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Homeowner' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: HOMEOWNER_TEXT.panelTitle })).toBeNull());

    cleanup();
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    type('City', 'Norris');
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Homeowner' }));
    const question = await screen.findByText(UNSAVED_CHANGES_MESSAGE);
    expect(question.textContent).toBe(WARRANTY_MESSAGES.unsavedChanges);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull());
    expect(screen.getByRole('dialog', { name: HOMEOWNER_TEXT.panelTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: HOMEOWNER_TEXT.panelTitle })).toBeNull());
    expect(backend.sent).toHaveLength(0);
  });

  it("puts the server's refusal on the field it names and stays open", async () => {
    backend.cards = [card(1)];
    backend.answer = () => ({ status: 400, body: { message: `${WARRANTY_MESSAGES.soldDateOutOfRange} (soldDate)` } });
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    type('Last name', 'Refused');
    save();
    const dialog = await panel();
    await waitFor(() => expect(within(dialog).getByText(WARRANTY_MESSAGES.soldDateOutOfRange)).toBeTruthy());
    expect(field('Sold date').getAttribute('aria-invalid')).toBe('true');
    // Refused while online: nothing waits in the outbox.
    expect(await getOffline().db.outbox.count()).toBe(0);
  });

  it('is read-only for a viewer who cannot save cards', async () => {
    backend.cards = [card(1)];
    renderHomeowners(demoProfile('viewer'), PANEL);
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    expect(screen.getByText(HOMEOWNER_TEXT.readOnly)).toBeTruthy();
    expect(field('First name').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the panel offline (issue 5 item 6)', () => {
  it("edits the kept list's row, queues the save, says so, closes, and the row shows it pending", async () => {
    const user = demoProfile('service');
    await keepHomeowners(viewScope(user), [card(1, { rowVersion: 5 })], 60 * 60 * 1000);
    goOffline(backend);
    renderHomeowners(user, '/service/myhomeowners');
    fireEvent.click(await screen.findByRole('link', { name: 'Warranty for CLW01001TN' }));
    await panel();
    await waitFor(() => expect(field('First name').value).toBe('First1'));
    expect(within(await panel()).getByText('Saved copy, updated 1 hour ago. It refreshes when the connection is back.')).toBeTruthy();
    type('Last name', 'Offline');
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices).toContainEqual(
      expect.objectContaining({ level: 'info', title: HOMEOWNER_TEXT.saved, description: 'Warranty card 42-CLW01001TN' }),
    );
    const [queued] = await getOffline().db.outbox.toArray();
    expect(queued).toMatchObject({
      method: 'PUT',
      recordKey: 'warranty:42:CLW01001TN',
      label: 'Warranty card 42-CLW01001TN',
      status: 'pending',
    });
    expect(queued!.body).toMatchObject({ lastName: 'Offline', rowVersion: 5 });
    const row = await screen.findByRole('row', { name: /Offline/ });
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(backend.sent).toHaveLength(0);
  });

  it('creates a card offline for a home the kept list has none for, and a second save PUTs with the rowVersion the create leaves (0)', async () => {
    const user = demoProfile('service');
    await keepHomeowners(viewScope(user), [card(1)]);
    goOffline(backend);
    const { router } = renderHomeowners(user, '/service/myhomeowners/warranty/42/NEW9');
    await panel();
    expect(await screen.findByText(HOMEOWNER_TEXT.addMode)).toBeTruthy();
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Address', '5 Elm St');
    type('City', 'Knoxville');
    fireEvent.change(field('State'), { target: { value: 'TN' } });
    type('Zip code', '37918');
    type('Sold date', inDays(0));
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => router.navigate({ href: '/service/myhomeowners/warranty/42/new9' }));
    await panel();
    // The queued card is read back from IndexedDB; on a loaded machine that takes longer than waitFor's default second.
    await waitFor(() => expect(field('First name').value).toBe('Ann'), { timeout: 5000 });
    expect(screen.queryByText(HOMEOWNER_TEXT.addMode)).toBeNull();
    expect(within(await panel()).getByText('Pending')).toBeTruthy();
    type('First name', 'Anne');
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const entries = await getOffline().db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.method, entry.recordKey])).toEqual([
      ['POST', 'warranty:42:NEW9'],
      ['PUT', 'warranty:42:NEW9'],
    ]);
    expect(entries[1]!.body).toMatchObject({ firstName: 'Anne', rowVersion: 0 });

    // Back online, both arrive in order, once each; the server's rowVersion check accepts the PUT.
    goOffline(backend, false);
    await act(async () => {
      await getOffline().outbox.replay({ force: true });
    });
    expect(backend.sent.map((entry) => entry.method)).toEqual(['POST', 'PUT']);
    expect(backend.cards.find((item) => item.serialNumber === 'NEW9')).toMatchObject({ firstName: 'Anne', rowVersion: 1 });
  });

  it('says so when offline with nothing kept for the home', async () => {
    goOffline(backend);
    renderHomeowners(demoProfile('service'), PANEL);
    await panel();
    expect(await screen.findByText(HOMEOWNER_TEXT.cardOfflineNoCopy)).toBeTruthy();
  });
});
