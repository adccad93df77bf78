import * as v from 'valibot';
import { paths, type WarrantyCardSave } from '../../../contract';
import { changedFields } from '../../../offline/conflicts';
import type { OutboxEntry } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { intentOf } from '../../../offline/read-entry';
import { serialKey, warrantyRecordKey } from '../model';

const HOMEOWNERS = 'homeowners';

/** What the user did to a home's warranty card, as its outbox entry says it (OutboxIntent). */
export const WarrantyIntent = v.object({
  feature: v.literal(HOMEOWNERS),
  kind: v.literal('warranty-card'),
  action: v.picklist(['create', 'update']),
});
export type WarrantyIntent = v.InferOutput<typeof WarrantyIntent>;

/** The intent of a warranty card's entry; undefined for another feature's. */
export const warrantyIntentOf = (entry: Pick<OutboxEntry, 'intent'>) => intentOf(entry, WarrantyIntent);

/** What the user reads in the pending-changes list and on the card, e.g. 'Warranty card 944-CLW012345TNAB'. */
export const warrantyCardLabel = (plantNumber: string, serialNumber: string) => `Warranty card ${plantNumber}-${serialKey(serialNumber)}`;

/**
 * POST {api}/Warranty (a home without a card) or PUT {api}/Warranty (with the rowVersion the card has, or will
 * have once the saves queued before it are sent), spec 3 §7, as an outbox call. All saves of one home share
 * its record key, so they replay in the order they were made.
 *
 * An update carries the whole form; `seen` is the card as the form showed it, in the body's shape
 * (warranty-form.ts seenCard), so that the call says which fields the user changed (OutboxCall.changes) and never
 * writes back one they did not touch (issue 22 §11). The 'same as owner' toggle is not a field of the card: the
 * server reads it to write the home address, so an update whose user left it alone does not send it (the server
 * then tells it from the home address the update sends, which follows the card like any field left alone).
 */
/** A save of a card: the whole card on create; on update, what the user changed and what follows the card (below). */
export type WarrantyCall = OutboxCall<Partial<WarrantyCardSave>, WarrantyIntent>;

export function saveWarrantyCardCall(mode: 'create', body: WarrantyCardSave): WarrantyCall;
export function saveWarrantyCardCall(mode: 'update', body: WarrantyCardSave, rowVersion: number, seen: object): WarrantyCall;
export function saveWarrantyCardCall(mode: 'create' | 'update', body: WarrantyCardSave, rowVersion = 0, seen: object = {}): WarrantyCall {
  const { rowVersion: _ignored, ...card } = body;
  const call: WarrantyCall = {
    method: mode === 'create' ? 'POST' : 'PUT',
    base: paths.warranty.base,
    path: paths.warranty.path,
    recordKey: warrantyRecordKey(body.plantNumber, body.serialNumber),
    label: warrantyCardLabel(body.plantNumber, body.serialNumber),
    intent: { feature: HOMEOWNERS, kind: 'warranty-card', action: mode },
    body: card,
  };
  if (mode === 'create') return call;
  const changes = changedFields(card, seen);
  const { homeAddressSameAsOwner: _toggle, ...leftAlone } = card;
  const update = changes.includes('homeAddressSameAsOwner') ? card : leftAlone;
  return { ...call, body: { ...update, rowVersion }, changes };
}
