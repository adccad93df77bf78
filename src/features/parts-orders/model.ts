import type { PartsOrder, PartsOrderItem, PartsOrderSummary } from '../../contract';

/*
 * What the parts-order screens show: the server's copy with the changes still waiting in the outbox
 * applied on top ("as they will be"), each marked. An order made on this device is named by its temp id
 * (tmp_<uuid>) until its create reaches the server, so ids here are strings or numbers.
 */

import type { PendingMark } from '../../lib/pending-mark';

export type { PendingMark };

export type PartsOrderItemView = Omit<PartsOrderItem, 'partsOrderItemId'> & {
  /** The route and call key: the server id as text, or the temp id of an item not sent yet. */
  key: string;
  partsOrderItemId: number | string;
  pending?: PendingMark;
};

export interface PartsOrderView extends Omit<PartsOrder, 'partsOrderId' | 'partsItems'> {
  /** The route and record key: the server id as text, or the temp id of an order made on this device. */
  key: string;
  partsOrderId: number | string;
  partsItems: PartsOrderItemView[];
  /** The order itself (its create) is waiting. */
  pending?: PendingMark;
  /** A ship-to change is waiting. */
  pendingShipTo?: PendingMark;
  pendingSubmit?: PendingMark;
  pendingCancel?: PendingMark;
  /** Receipt marks (correct or incorrect) are waiting. */
  pendingReceipt?: PendingMark;
  /** Every change of this order the server refused. */
  failures: PendingMark[];
  hasPendingChanges: boolean;
}

export type PartsOrderSummaryView = Omit<PartsOrderSummary, 'partsOrderId'> & {
  key: string;
  partsOrderId: number | string;
  pending?: PendingMark;
  /** A submit, cancel or receipt waits: what the row will become. */
  pendingAction?: 'submit' | 'cancel' | 'receipt';
  /** Found by a search on the server, not kept on this device (issue 31 §3). */
  notOnDevice?: true;
};

/** The outbox record of an order: every write of one order (its items and receipts included) replays in order under it. */
export const ORDER_RECORD_PREFIX = 'parts-order:';
export const orderRecordKey = (orderKey: string | number) => `${ORDER_RECORD_PREFIX}${orderKey}`;
export const orderKeyOfRecord = (recordKey: string) =>
  recordKey.startsWith(ORDER_RECORD_PREFIX) ? recordKey.slice(ORDER_RECORD_PREFIX.length) : undefined;

/** What a write needs to address an order (spec 3 §7: staged by partsOrderId, receipts by plant + log number or request id). */
export interface PartsOrderRef {
  key: string;
  partsOrderId: number | string;
  plantNumber: string;
  partsLogNumber: string | null;
  vantagePartsRequestId: number | null;
}

export const orderRef = (order: PartsOrderView): PartsOrderRef => ({
  key: order.key,
  partsOrderId: order.partsOrderId,
  plantNumber: order.plantNumber,
  partsLogNumber: order.partsLogNumber,
  vantagePartsRequestId: order.vantagePartsRequestId,
});
