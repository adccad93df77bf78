import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isHomeAddressSameAsOwner, normalizeCardAddress, WarrantyCardInput, type WarrantyCard } from '../../../src/contract';
import { saveWarrantyCardCall } from '../../../src/features/homeowners/api/calls';
import { HOMEOWNER_TEXT } from '../../../src/features/homeowners/messages';
import { checkWarrantyForm, seenCard, warrantyFormValues, type WarrantyFormValues } from '../../../src/features/homeowners/warranty-form';
import { businessDay } from '../../../src/contract/time-zones';
import type { JsonValue, OutboxEntry } from '../../../src/offline/db';
import type { SendAnswer } from '../../../src/offline/outbox';
import { getOffline, resolveConflict } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import { card, fakeListLayout, goOffline, keepHomeowners, renderHomeowners, startBackend, stopBackend, type FakeBackend } from './harness';
import { viewScope } from '../../../src/entities/view-scope';

/*
 * Issue 22 §11: a warranty card update queued on the device says which of its fields the user changed
 * (OutboxCall.changes), so that a later settled conflict is not undone by the fields it only carries. The card's
 * 'same as owner' toggle is no field of the card but decides the home address on the server: an update whose user
 * left it alone does not send it.
 */

fakeListLayout();

let backend: FakeBackend;
beforeEach(() => {
  backend = startBackend();
});
afterEach(() => {
  cleanup();
  stopBackend();
});

const PANEL = '/service/myhomeowners/warranty/42/CLW01001TN';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label (required ones end in ' *'; 'Home address' also names its section). */
const field = (name: string) =>
  screen
    .getAllByLabelText(new RegExp(`^${escaped(name)}( \\*)?$`))
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
const type = (name: string, value: string) => {
  fireEvent.input(field(name), { target: { value } });
  fireEvent.blur(field(name));
};

/** The panel over the kept copy of `stored`, offline: `edit`, save, and the queued entry. */
async function queuedAfter(stored: WarrantyCard, edit: () => void) {
  const user = demoProfile('service');
  await keepHomeowners(viewScope(user), [stored]);
  goOffline(backend);
  renderHomeowners(user, PANEL);
  await screen.findByRole('dialog', { name: HOMEOWNER_TEXT.panelTitle });
  await waitFor(() => expect(field('First name').value).toBe(stored.firstName));
  edit();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const entries = await getOffline().db.outbox.toArray();
  expect(entries).toHaveLength(1);
  expect(backend.sent).toHaveLength(0);
  return entries[0]!;
}

describe('the warranty card update says which fields the user changed (issue 22 §11)', () => {
  it('the last name alone; the toggle the user left alone is not sent', async () => {
    const entry = await queuedAfter(card(1, { rowVersion: 5 }), () => type('Last name', 'Offline'));
    expect(entry).toMatchObject({ method: 'PUT', path: '/Warranty', status: 'pending' });
    expect(entry.body).toMatchObject({
      firstName: 'First1',
      lastName: 'Offline',
      address1: '1 Oak Ridge Road',
      areaCode: '865',
      phoneNumber: '5550123',
      rowVersion: 5,
    });
    expect(entry.body).not.toHaveProperty('homeAddressSameAsOwner');
    expect(entry.changes).toEqual(['lastName']);
  });

  it('the toggle turned off with a home address of its own: the toggle and the home address, sent with it', async () => {
    const entry = await queuedAfter(card(1, { rowVersion: 5 }), () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Home address same as owner' }));
      type('Home address', '9 Lake Dr');
      type('Home city', 'Norris');
      type('Home zip code', '37828');
    });
    expect(entry.body).toMatchObject({
      homeAddressSameAsOwner: false,
      homeAddress1: '9 Lake Dr',
      homeCity: 'Norris',
      homeZipCode: '37828',
      homeAddress: '9 Lake Dr, Norris, TN 37828',
    });
    expect([...entry.changes!].sort()).toEqual(['homeAddress', 'homeAddress1', 'homeAddressSameAsOwner', 'homeCity', 'homeZipCode']);
  });
});

describe('a later queued save does not undo a settled conflict on the home address (issue 22 §11)', () => {
  /** The server as src/server/routes/homeowners.ts is: the contract's save step (the toggle, or without it the home address, decides the home address). */
  function contractSave(body: JsonValue | undefined): SendAnswer {
    const save = v.parse(WarrantyCardInput, body);
    const index = backend.cards.findIndex((stored) => stored.plantNumber === save.plantNumber && stored.serialNumber === save.serialNumber);
    const stored = backend.cards[index]!;
    if (save.rowVersion !== stored.rowVersion)
      return { status: 409, body: { message: 'This record was changed by someone else.', current: stored } as unknown as JsonValue };
    const { plantNumber: _plant, serialNumber: _serial, homeAddressSameAsOwner: _same, rowVersion: _version, ...fields } = save;
    const saved = normalizeCardAddress({ ...stored, ...fields, soldDate: fields.soldDate ?? '', rowVersion: stored.rowVersion + 1 });
    backend.cards[index] = { ...saved, showHomeAddress: !isHomeAddressSameAsOwner(saved) };
    return { status: 200, body: backend.cards[index] as unknown as JsonValue };
  }

  const context = (shown: WarrantyCard) => ({
    plantNumber: '42',
    serialNumber: shown.serialNumber,
    card: shown,
    today: businessDay('America/Chicago'),
  });
  /** What the panel queues: the form over the card it showed, with the user's `edits`. */
  function update(shown: WarrantyCard, edits: Partial<WarrantyFormValues>) {
    const check = checkWarrantyForm({ ...warrantyFormValues(shown), ...edits }, context(shown));
    if (!check.ok) throw new Error(JSON.stringify(check));
    return saveWarrantyCardCall('update', check.body, shown.rowVersion, seenCard(context(shown)));
  }

  async function twoSavesThenTheirs() {
    const shown = card(1, { rowVersion: 5 });
    backend.cards = [shown];
    backend.answer = (entry: OutboxEntry) => contractSave(entry.body);
    goOffline(backend);
    const { outbox } = getOffline();
    // On the tablet, offline: the last name, then (on the card as it then shows) the first name.
    await outbox.enqueue(update(shown, { lastName: 'Offline' }));
    await outbox.enqueue(update({ ...shown, lastName: 'Offline', rowVersion: 6 }, { firstName: 'Mary' }));
    // Meanwhile the office gives the home an address of its own.
    contractSave(
      v.parse(WarrantyCardInput, {
        ...shown,
        homeAddressSameAsOwner: false,
        homeAddress1: '9 Lake Dr',
        homeCity: 'Norris',
        homeZipCode: '37828',
      }) as unknown as JsonValue,
    );
    expect(backend.cards[0]).toMatchObject({ homeAddress: '9 Lake Dr, Norris, TN 37828', showHomeAddress: true, rowVersion: 6 });
    goOffline(backend, false);
    await outbox.replay({ force: true });
    const [parked] = await getOffline().db.outbox.where('status').equals('failed').toArray();
    expect(parked?.lastError?.status).toBe(409);
    return parked!;
  }

  const THEIR_HOME = {
    homeAddress1: '9 Lake Dr',
    homeCity: 'Norris',
    homeZipCode: '37828',
    homeAddress: '9 Lake Dr, Norris, TN 37828',
    showHomeAddress: true,
  };

  it('keeping theirs: the first name goes on their card, which keeps its home address', async () => {
    const parked = await twoSavesThenTheirs();
    await resolveConflict(parked.seq!, { keep: 'theirs' });
    expect(backend.cards[0]).toMatchObject({ firstName: 'Mary', lastName: 'Last1', ...THEIR_HOME, rowVersion: 7 });
    expect(await getOffline().db.outbox.count()).toBe(0);
  });

  it('re-applying mine: the last name and then the first name go on their card, which keeps its home address', async () => {
    const parked = await twoSavesThenTheirs();
    await resolveConflict(parked.seq!, { reapply: { theirs: [] } });
    expect(backend.cards[0]).toMatchObject({ firstName: 'Mary', lastName: 'Offline', ...THEIR_HOME, rowVersion: 8 });
    expect(await getOffline().db.outbox.count()).toBe(0);
  });
});
