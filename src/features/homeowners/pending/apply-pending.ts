import { pendingMarkOf } from '../../../offline/conflicts';
import {
  ACTIVE_WARRANTY_STATUS,
  INCOMPLETE_WARRANTY_STATUS,
  WarrantyCardInput,
  warrantyStatusLabel,
  type WarrantyCard,
} from '../../../contract';
import type { OutboxEntry } from '../../../offline/db';
import { bodyFields } from '../../../offline/read-entry';
import { warrantyIntentOf } from '../api/calls';
import { homeKey, homeKeyOfRecord, type HomeownerRow, type PendingMark, type WarrantyCardView } from '../model';

/*
 * The screens show a card as it will be once the outbox has replayed: the server's copy (or, for a card
 * created on this device, one made from its create) with every queued save of its home applied in queue
 * order (what each save is, its intent; what it sends, its body read with the contract's schema). Nothing here is
 * stored: after a reload the outbox still holds the saves and the view is the same.
 * As the server does (src/server/routes/homeowners.ts): a created card starts at rowVersion 0 and is Active,
 * an update counts rowVersion up by one and makes an Incomplete card Active. So a save made after a queued
 * one carries the rowVersion the queued one will leave behind, not a stale one.
 */

/** The card's fields as a save sends them, each with its own rule (WarrantyCardInput before its whole-card checks). */
const WarrantyCardFields = WarrantyCardInput.pipe[0];

/** The fields a save writes (WarrantyCardInput), copied onto the card when the body has them. */
const SAVED_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'middleInitial',
  'suffix',
  'emailAddress',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
  'zip4',
  'areaCode',
  'phoneNumber',
  'cellAreaCode',
  'cellPhoneNumber',
  'homeAddress1',
  'homeAddress2',
  'homeCity',
  'homeState',
  'homeZipCode',
  'homePhoneNumber',
  'homeAddress',
] as const satisfies readonly (keyof WarrantyCard)[];

/** A failed save outweighs a pending one on the same card. */
const worst = (current: PendingMark | undefined, next: PendingMark) => (current?.state === 'failed' ? current : next);

/** A card created on this device, before the server has it: what its create's body tells. */
export function skeletonCard(create: OutboxEntry): WarrantyCard {
  const body = bodyFields(WarrantyCardFields, create.body);
  return {
    plantNumber: body.plantNumber ?? '',
    plantName: '',
    modelNumber: '',
    modelName: '',
    firstName: '',
    lastName: '',
    middleInitial: '',
    suffix: '',
    emailAddress: '',
    serialNumber: body.serialNumber ?? '',
    fullSerialNumber: body.serialNumber ?? '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zipCode: '',
    zip4: '',
    areaCode: '',
    phoneNumber: '',
    cellAreaCode: '',
    cellPhoneNumber: '',
    retailerNumber: '',
    retailerName: '',
    soldDate: '',
    npsDate: '',
    homeAddress1: '',
    homeAddress2: '',
    homeCity: '',
    homeState: '',
    homeZipCode: '',
    homePhoneNumber: '',
    homeAddress: '',
    showHomeAddress: false,
    statusCode: ACTIVE_WARRANTY_STATUS,
    thermalZone: '',
    windZone: '',
    roofLoad: '',
    manufacturedDate: '',
    orderNumber: '',
    purchaseOrderNumber: '',
    quoteNumber: '',
    vantageAssetId: 0,
    vantageAccountId: '',
    vantageWarrantyId: 0,
    rowVersion: 0,
  };
}

/** One save applied to the card (mutates `view`, a copy). */
function applySave(view: WarrantyCardView, entry: OutboxEntry, action: 'create' | 'update') {
  const body = bodyFields(WarrantyCardFields, entry.body);
  for (const field of SAVED_TEXT_FIELDS) view[field] = body[field] ?? view[field];
  if (body.soldDate !== undefined) view.soldDate = body.soldDate ?? '';
  if (body.homeAddressSameAsOwner !== undefined) view.showHomeAddress = !body.homeAddressSameAsOwner;
  if (view.statusCode === INCOMPLETE_WARRANTY_STATUS) view.statusCode = ACTIVE_WARRANTY_STATUS;
  if (action === 'update') view.rowVersion += 1;
}

/**
 * The card as it will be: `base` (the server's copy; undefined when the server has none) with `entries` (its
 * home's outbox entries, in queue order) applied. Undefined when there is neither a server copy nor a queued create.
 */
export function applyPendingToCard(base: WarrantyCard | undefined, entries: readonly OutboxEntry[]): WarrantyCardView | undefined {
  const create = entries.find((entry) => warrantyIntentOf(entry)?.action === 'create');
  const start = base ?? (create ? skeletonCard(create) : undefined);
  if (!start) return undefined;
  const view: WarrantyCardView = { ...start, key: homeKey(start.plantNumber, start.serialNumber), failures: [] };
  for (const entry of entries) {
    const intent = warrantyIntentOf(entry);
    if (!intent) continue;
    const mark = pendingMarkOf(entry);
    applySave(view, entry, intent.action);
    view.pending = worst(view.pending, mark);
    if (mark.state === 'failed') view.failures.push(mark);
  }
  return view;
}

/** spec 3 §2: the search box matches serial numbers, names and e-mail. */
export const homeownerSearchText = (
  card: Pick<WarrantyCard, 'serialNumber' | 'firstName' | 'middleInitial' | 'lastName' | 'emailAddress'>,
) => `${card.serialNumber} ${card.firstName} ${card.middleInitial} ${card.lastName} ${card.emailAddress}`.toLowerCase();

/** A list row of a card view: its status label and search text computed once. */
export const toHomeownerRow = (view: WarrantyCardView): HomeownerRow => ({
  ...view,
  statusLabel: warrantyStatusLabel(view.statusCode),
  searchText: homeownerSearchText(view),
});

/** The server's list as rows, nothing pending: done once per copy of the list, however many rows it has. */
export const rowsOfServerList = (cards: readonly WarrantyCard[]): HomeownerRow[] =>
  cards.map((card) => toHomeownerRow({ ...card, key: homeKey(card.plantNumber, card.serialNumber), failures: [] }));

/** Outbox entries of warranty cards, grouped by home key, each group in queue order. */
export function warrantyEntriesByHome(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const byHome = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const key = homeKeyOfRecord(entry.recordKey);
    if (key === undefined) continue;
    const group = byHome.get(key);
    if (group) group.push(entry);
    else byHome.set(key, [entry]);
  }
  return byHome;
}

/**
 * The list as it will be: rows with queued saves are replaced by their applied view (and marked); a card created
 * on this device that the server does not list yet comes first. Rows without queued saves are the very same
 * objects, and with no queued saves at all the very same array, so the list's search and sort are not redone.
 */
export function applyPendingToList(rows: readonly HomeownerRow[], entries: readonly OutboxEntry[]): readonly HomeownerRow[] {
  const byHome = warrantyEntriesByHome(entries);
  if (byHome.size === 0) return rows;
  const result = rows.map((row) => {
    const own = byHome.get(row.key);
    if (!own) return row;
    byHome.delete(row.key);
    const view = applyPendingToCard(row, own);
    return view ? toHomeownerRow(view) : row;
  });
  const created: HomeownerRow[] = [];
  for (const own of byHome.values()) {
    const view = applyPendingToCard(undefined, own);
    if (view) created.push(toHomeownerRow(view));
  }
  return created.length ? [...created, ...result] : result;
}
