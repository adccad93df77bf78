// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { WarrantyCardInput, type WarrantyCard } from '../../../src/contract';
import { saveWarrantyCardCall, warrantyCardLabel } from '../../../src/features/homeowners/api/calls';
import { homeKey, warrantyRecordKey } from '../../../src/features/homeowners/model';
import { applyPendingToCard, applyPendingToList, rowsOfServerList } from '../../../src/features/homeowners/pending/apply-pending';
import { storedBody, type OutboxEntry } from '../../../src/offline/db';
import type { OutboxCall } from '../../../src/offline/outbox';
import { card } from './harness';

let seq = 0;
/** An outbox entry as the outbox keeps a call (queued, or refused with the server's message). */
function entryOf(call: OutboxCall, status: OutboxEntry['status'] = 'pending', message?: string): OutboxEntry {
  seq += 1;
  return {
    ...call,
    body: storedBody(call.body),
    seq,
    id: `entry-${seq}`,
    fileIds: [],
    idempotencyKey: `key-${seq}`,
    dependsOn: [],
    status,
    attempts: status === 'failed' ? 1 : 0,
    nextAttemptAt: 0,
    createdAt: 1_700_000_000_000,
    ...(message ? { lastError: { status: 400, message } } : {}),
  };
}

const saveBody = (base: WarrantyCard, overrides: Record<string, unknown> = {}) =>
  v.parse(WarrantyCardInput, { ...base, soldDate: base.soldDate, ...overrides });

const updateOf = (base: WarrantyCard, overrides: Record<string, unknown>, rowVersion: number) =>
  saveWarrantyCardCall('update', saveBody(base, overrides), rowVersion, {});

describe('saves as outbox calls (spec 3 §7)', () => {
  it('POSTs a new card and PUTs an update with its rowVersion, under the home record key and a readable label', () => {
    const base = card(1, { serialNumber: 'clw01001tn' });
    const create = saveWarrantyCardCall('create', saveBody(base));
    expect(create).toMatchObject({
      method: 'POST',
      base: 'api',
      path: '/Warranty',
      recordKey: 'warranty:42:CLW01001TN',
      label: 'Warranty card 42-CLW01001TN',
    });
    expect(create.body).not.toHaveProperty('rowVersion');
    const update = saveWarrantyCardCall('update', saveBody(base), 7, {});
    expect(update).toMatchObject({ method: 'PUT', recordKey: warrantyRecordKey('42', 'CLW01001TN') });
    expect(update.body).toMatchObject({ rowVersion: 7, plantNumber: '42', serialNumber: 'clw01001tn' });
    expect(warrantyCardLabel('944', ' ab12 ')).toBe('Warranty card 944-AB12');
  });
});

describe('a card as it will be (queued saves applied)', () => {
  it('applies a queued update: the fields, Incomplete → Active, rowVersion + 1, marked pending', () => {
    const base = card(1, { statusCode: 'I', soldDate: '', rowVersion: 4 });
    const view = applyPendingToCard(base, [
      entryOf(updateOf(base, { firstName: 'Mary', soldDate: '01/15/2026', areaCode: '', phoneNumber: '(423) 555-0199' }, 4)),
    ])!;
    expect(view).toMatchObject({
      firstName: 'Mary',
      soldDate: '2026-01-15',
      areaCode: '423',
      phoneNumber: '5550199',
      statusCode: 'A',
      rowVersion: 5,
    });
    expect(view.pending).toMatchObject({ state: 'pending', label: 'Warranty card 42-CLW01001TN' });
    expect(view.failures).toEqual([]);
  });

  it('keeps a Historical card historical and turns the toggle into showHomeAddress', () => {
    const base = card(2, { statusCode: 'H' });
    const view = applyPendingToCard(base, [
      entryOf(
        updateOf(
          base,
          { homeAddressSameAsOwner: false, homeAddress1: '9 Lake Dr', homeCity: 'Norris', homeState: 'TN', homeZipCode: '37828' },
          3,
        ),
      ),
    ])!;
    expect(view).toMatchObject({
      statusCode: 'H',
      showHomeAddress: true,
      homeAddress1: '9 Lake Dr',
      homeAddress: '9 Lake Dr, Norris, TN 37828',
    });
  });

  it('builds a card created on this device from its create: Active, rowVersion 0, so a queued update after it carries 0', () => {
    const home = card(3);
    const create = entryOf(saveWarrantyCardCall('create', saveBody(home, { firstName: 'Ann' })));
    const created = applyPendingToCard(undefined, [create])!;
    expect(created).toMatchObject({
      key: homeKey('42', home.serialNumber),
      firstName: 'Ann',
      statusCode: 'A',
      rowVersion: 0,
      plantNumber: '42',
      serialNumber: home.serialNumber,
    });
    // The panel's next save takes the view's rowVersion: what the server's new card will have.
    const update = entryOf(updateOf(home, { firstName: 'Anne' }, created.rowVersion));
    expect(update.body).toMatchObject({ rowVersion: 0 });
    const both = applyPendingToCard(undefined, [create, update])!;
    expect(both).toMatchObject({ firstName: 'Anne', rowVersion: 1 });
  });

  it('marks a refused save failed with the server message; a failed save outweighs a later pending one', () => {
    const base = card(4);
    const refused = entryOf(updateOf(base, { lastName: 'Stale' }, 3), 'failed', 'This record was changed by someone else.');
    const later = entryOf(updateOf(base, { lastName: 'Later' }, 4));
    const view = applyPendingToCard(base, [refused, later])!;
    expect(view.pending).toMatchObject({ state: 'failed', message: 'This record was changed by someone else.' });
    expect(view.failures).toHaveLength(1);
    expect(view.lastName).toBe('Later');
  });

  it('is undefined with neither a server card nor a queued create', () => {
    const base = card(5);
    expect(applyPendingToCard(undefined, [entryOf(updateOf(base, {}, 3))])).toBeUndefined();
    expect(applyPendingToCard(undefined, [])).toBeUndefined();
  });
});

describe('the list as it will be', () => {
  const cards = [card(1), card(2), card(3, { plantNumber: '7' })];
  const rows = rowsOfServerList(cards);

  it('computes each row key, status label and search text once', () => {
    expect(rows.map((row) => [row.key, row.statusLabel])).toEqual([
      ['42:CLW01001TN', 'Active'],
      ['42:CLW01002TN', 'Active'],
      ['7:CLW01003TN', 'Active'],
    ]);
    expect(rows[0]!.searchText).toBe('clw01001tn first1  last1 owner1@example.com');
  });

  it('hands back the very same array when no warranty save is queued (other records do not count)', () => {
    const other: OutboxEntry = { ...entryOf(updateOf(cards[0]!, {}, 3)), recordKey: 'service-request:12' };
    expect(applyPendingToList(rows, [])).toBe(rows);
    expect(applyPendingToList(rows, [other])).toBe(rows);
  });

  it('replaces only the rows with queued saves, and puts cards created on this device first', () => {
    const fresh = card(9, { plantNumber: '42' });
    const next = applyPendingToList(rows, [
      entryOf(updateOf(cards[1]!, { emailAddress: 'NEW@example.com' }, 3)),
      entryOf(saveWarrantyCardCall('create', saveBody(fresh))),
    ]);
    expect(next.map((row) => row.key)).toEqual(['42:CLW01009TN', '42:CLW01001TN', '42:CLW01002TN', '7:CLW01003TN']);
    expect(next[1]).toBe(rows[0]);
    expect(next[2]).toMatchObject({ emailAddress: 'NEW@example.com', pending: { state: 'pending' } });
    expect(next[2]!.searchText).toContain('new@example.com');
    expect(next[0]!.pending?.state).toBe('pending');
  });

  it('matches a queued save to its row whatever the case of the serial', () => {
    const lower = { ...cards[0]!, serialNumber: cards[0]!.serialNumber.toLowerCase() };
    const next = applyPendingToList(rows, [entryOf(updateOf(lower, { firstName: 'Lowercase' }, 3))]);
    expect(next).toHaveLength(3);
    expect(next[0]!.firstName).toBe('Lowercase');
  });
});
