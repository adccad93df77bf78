import { paths, type WarrantyCardSave } from '../../../contract';
import type { JsonValue } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { serialKey, warrantyRecordKey } from '../model';

/** What the user reads in the pending-changes list and on the card, e.g. 'Warranty card 944-CLW012345TNAB'. */
export const warrantyCardLabel = (plantNumber: string, serialNumber: string) => `Warranty card ${plantNumber}-${serialKey(serialNumber)}`;

/**
 * POST {api}/Warranty (a home without a card) or PUT {api}/Warranty (with the rowVersion the card has, or will
 * have once the saves queued before it are sent), spec 3 §7, as an outbox call. All saves of one home share
 * its record key, so they replay in the order they were made.
 */
export function saveWarrantyCardCall(mode: 'create' | 'update', body: WarrantyCardSave, rowVersion?: number): OutboxCall {
  const { rowVersion: _ignored, ...card } = body;
  return {
    method: mode === 'create' ? 'POST' : 'PUT',
    base: paths.warranty.base,
    path: paths.warranty.path,
    recordKey: warrantyRecordKey(body.plantNumber, body.serialNumber),
    label: warrantyCardLabel(body.plantNumber, body.serialNumber),
    body: (mode === 'create' ? card : { ...card, rowVersion: rowVersion ?? 0 }) as unknown as JsonValue,
  };
}
