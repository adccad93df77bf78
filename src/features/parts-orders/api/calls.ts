import * as v from 'valibot';
import {
  paths,
  type CreatePartsOrderInput,
  type Endpoint,
  type PartsOrderItemInput,
  type PartsOrderUpdate,
  type PartsReceiptInput,
} from '../../../contract';
import { changedFields } from '../../../offline/conflicts';
import type { OutboxBody, OutboxEntry } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { intentOf } from '../../../offline/read-entry';
import { newTempId } from '../../../offline/temp-ids';
import { orderRecordKey, type PartsOrderRef } from '../model';

/*
 * Every write of a parts order as the exact REST call of spec 3 §7, ready for the outbox, with what the user did
 * (PartsOrderIntent) beside it for the screens' pending marks. All calls of one order (its items and receipt marks
 * too) share its record key, so they replay in the order they were made; an order made offline is named by its temp
 * id, which the outbox rewrites once the create is answered.
 */

const PARTS_ORDERS = 'parts-orders';

/** What the user did to a parts order, as its outbox entry says it (OutboxIntent). */
const feature = v.literal(PARTS_ORDERS);
export const PartsOrderIntent = v.variant('kind', [
  /** `orderId`: the order's temp id until the create is answered. */
  v.object({ feature, kind: v.literal('create-order'), orderId: v.string() }),
  v.object({ feature, kind: v.literal('ship-to') }),
  v.object({ feature, kind: v.literal('cancel') }),
  v.object({ feature, kind: v.literal('submit') }),
  /** An item added, changed or removed: `id` names it (its temp id when `add`, while unsent). */
  v.object({ feature, kind: v.literal('item'), action: v.picklist(['add', 'update', 'remove']), id: v.string() }),
  /** Receipt marks (correct or incorrect) of some of a submitted order's items; the body names them. */
  v.object({ feature, kind: v.literal('receipt') }),
]);
export type PartsOrderIntent = v.InferOutput<typeof PartsOrderIntent>;

/** The intent of an order's entry; undefined for another feature's. */
export const partsOrderIntentOf = (entry: Pick<OutboxEntry, 'intent'>) => intentOf(entry, PartsOrderIntent);

const call = <Body extends OutboxBody>(
  ref: Pick<PartsOrderRef, 'key'>,
  endpoint: Endpoint,
  method: OutboxCall['method'],
  label: string,
  intent: PartsOrderIntent,
  extra: Partial<Omit<OutboxCall<Body>, 'intent'>> = {},
): OutboxCall<Body, PartsOrderIntent> => ({
  method,
  base: endpoint.base,
  path: endpoint.path,
  recordKey: orderRecordKey(ref.key),
  label,
  intent,
  ...extra,
});

const item = (action: 'add' | 'update' | 'remove', id: number | string): PartsOrderIntent => ({
  feature: PARTS_ORDERS,
  kind: 'item',
  action,
  id: String(id),
});

export const createOrderLabel = (input: Pick<CreatePartsOrderInput, 'plantNumber' | 'longSerialNumber'>) =>
  input.longSerialNumber.trim()
    ? `Create parts order for ${input.longSerialNumber.trim()}`
    : `Create stock parts order for plant ${input.plantNumber}`;

/** POST /Parts: a staged order (customer: plant + long serial; stock: plant only). The answer is the order, with its partsOrderId. */
export function createPartsOrderCall(input: CreatePartsOrderInput) {
  const tempId = newTempId();
  return {
    tempId,
    call: call(
      { key: tempId },
      paths.createPartsOrder,
      'POST',
      createOrderLabel(input),
      { feature: PARTS_ORDERS, kind: 'create-order', orderId: tempId },
      {
        body: input,
        createsTempId: tempId,
        idField: 'partsOrderId',
      },
    ),
  };
}

/**
 * PUT /Parts/{partsOrderId}: the ship-to of a staged order (spec 3 §4: choosing a location updates the order). A
 * location is chosen whole, so the update changes every ship-to field (OutboxCall.changes): none of them follows
 * another version of the order, which would ship to a mix of two addresses.
 */
export const updateShipToCall = (ref: PartsOrderRef, body: PartsOrderUpdate) =>
  call(
    ref,
    paths.partsOrder(ref.partsOrderId),
    'PUT',
    `Ship to ${body.shipToAddressName}`,
    { feature: PARTS_ORDERS, kind: 'ship-to' },
    {
      body,
      changes: Object.keys(body).filter((name) => name !== 'rowVersion'),
    },
  );

/** DELETE /Parts/{partsOrderId}: cancelling a staged order removes it (spec 3 §8). */
export const cancelOrderCall = (ref: PartsOrderRef) =>
  call(ref, paths.partsOrder(ref.partsOrderId), 'DELETE', 'Cancel parts order', { feature: PARTS_ORDERS, kind: 'cancel' });

/** POST /Parts/{partsOrderId}: submit. */
export const submitOrderCall = (ref: PartsOrderRef) =>
  call(ref, paths.partsOrder(ref.partsOrderId), 'POST', 'Submit parts order', { feature: PARTS_ORDERS, kind: 'submit' }, { body: {} });

const itemName = (body: Pick<PartsOrderItemInput, 'partNumber' | 'partDescription'>) => body.partNumber || body.partDescription;

/** POST /Parts/{partsOrderId}/PartsItem. */
export function addItemCall(ref: PartsOrderRef, body: PartsOrderItemInput) {
  const tempId = newTempId();
  return {
    tempId,
    call: call(ref, paths.partsOrderItems(ref.partsOrderId), 'POST', `Add parts item ${itemName(body)}`, item('add', tempId), {
      body,
      createsTempId: tempId,
      idField: 'partsOrderItemId',
    }),
  };
}

/**
 * PUT /Parts/{partsOrderId}/PartsItem/{partsOrderItemId} with the item's rowVersion. The body is the whole form;
 * `seen` is the item as the form showed it, so that the call says which fields the user changed
 * (OutboxCall.changes) and never writes back one they did not touch (issue 22 §11).
 */
export const updateItemCall = (ref: PartsOrderRef, itemKey: string, body: PartsOrderItemInput & { rowVersion: number }, seen: object) =>
  call(ref, paths.partsOrderItem(ref.partsOrderId, itemKey), 'PUT', `Update parts item ${itemName(body)}`, item('update', itemKey), {
    body,
    changes: changedFields(body, seen),
  });

export const deleteItemCall = (ref: PartsOrderRef, itemKey: string, name: string) =>
  call(ref, paths.partsOrderItem(ref.partsOrderId, itemKey), 'DELETE', `Remove parts item ${name}`, item('remove', itemKey));

const RECEIPT: PartsOrderIntent = { feature: PARTS_ORDERS, kind: 'receipt' };

/** PUT /Parts/{plantNumber}/{partsLogNumber}/PartsReceived: the selected items marked correct (spec 3 §4). */
export function markReceivedCall(ref: PartsOrderRef, partsOrderItemIds: readonly number[]) {
  if (!ref.partsLogNumber) throw new Error('Only a submitted order (with a parts log number) takes receipt marks.');
  const body: PartsReceiptInput = {
    items: partsOrderItemIds.map((partsOrderItemId) => ({ partsOrderItemId, isCorrect: true, incorrectPartMessage: '' })),
  };
  const count = partsOrderItemIds.length;
  return call(
    ref,
    paths.partsReceived(ref.plantNumber, ref.partsLogNumber),
    'PUT',
    `Mark ${count} ${count === 1 ? 'part' : 'parts'} received`,
    RECEIPT,
    {
      body,
    },
  );
}

/** PUT /Parts/vantage/{vantagePartsRequestId}: one item marked incorrect with the user's message (spec 3 §4). */
export function markIncorrectCall(ref: PartsOrderRef, partsOrderItemId: number, incorrectPartMessage: string, name: string) {
  if (ref.vantagePartsRequestId === null) throw new Error('Only a submitted order takes receipt marks.');
  const body: PartsReceiptInput = { items: [{ partsOrderItemId, isCorrect: false, incorrectPartMessage }] };
  return call(ref, paths.vantagePartsOrder(ref.vantagePartsRequestId), 'PUT', `Mark part ${name} incorrect`, RECEIPT, { body });
}
