import type { WarrantyCard } from '../../contract';

/*
 * What the homeowner screens show: a warranty card as it will be once the outbox has replayed (the
 * server's copy with the queued saves of its home applied), marked while a save waits or was refused.
 */

import type { PendingMark } from '../../lib/pending-mark';

export type { PendingMark };

export interface WarrantyCardView extends WarrantyCard {
  /** `{plantNumber}:{SERIAL}`: one home, one card. */
  key: string;
  /** The worst mark of the queued saves applied (a failed one outweighs a pending one). */
  pending?: PendingMark;
  /** Every queued save of this card the server refused. */
  failures: PendingMark[];
}

/** A row of My Homeowners: the card view plus what the list reads many times, computed once. */
export interface HomeownerRow extends WarrantyCardView {
  statusLabel: string;
  /** Lower-case serial, names and e-mail: the search box matches against this. */
  searchText: string;
  /** Found by a search on the server, not kept on this device (issue 31 §3). */
  notOnDevice?: true;
}

/** Serials compare case-insensitively (the server does so too). */
export const serialKey = (serialNumber: string) => serialNumber.trim().toUpperCase();

/** One home: its plant and its serial. */
export const homeKey = (plantNumber: string, serialNumber: string) => `${plantNumber.trim()}:${serialKey(serialNumber)}`;

const RECORD_PREFIX = 'warranty:';

/** The outbox record of a home's card: its saves replay in the order they were made. */
export const warrantyRecordKey = (plantNumber: string, serialNumber: string) => `${RECORD_PREFIX}${homeKey(plantNumber, serialNumber)}`;

/** The home key of a warranty record key, or undefined for another record. */
export const homeKeyOfRecord = (recordKey: string) =>
  recordKey.startsWith(RECORD_PREFIX) ? recordKey.slice(RECORD_PREFIX.length) : undefined;
