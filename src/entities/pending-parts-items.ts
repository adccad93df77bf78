import { DATE_PLACEHOLDER, type ServicePartsItem } from '../contract';
import type { PendingMark } from '../lib/pending-mark';

/*
 * The parts items of a work order and of a parts order (one shape: contract PartsOrderItem is ServicePartsItem) as
 * they will be once their queued adds, edits and removals reach the server: the pending-change appliers of both
 * features read them through here.
 */

/** A parts item as a review shows it: keyed by its server id as text, or the temp id of one not sent yet. */
export type PendingPartsItem = Omit<ServicePartsItem, 'partsOrderItemId'> & {
  key: string;
  partsOrderItemId: number | string;
  pending?: PendingMark;
};

/** The fields a queued add or edit carries (the body of its call; a field it leaves out takes its empty value). */
export type PartsItemBody = Partial<
  Pick<
    ServicePartsItem,
    'categoryNumber' | 'commodityNumber' | 'partNumber' | 'partDescription' | 'notes' | 'billingCode' | 'unitOfMeasure' | 'quantity'
  >
>;

/** A failed change outweighs a pending one on the same row. */
export const worstMark = (current: PendingMark | undefined, next: PendingMark) => (current?.state === 'failed' ? current : next);

/**
 * `items` with one queued change applied: a removal drops the item; an add appends it (not received, not in a Vantage
 * request yet); an edit takes the new fields and counts a version on. `isIt` finds the item the change names.
 */
export function applyPartsItemChange<Item extends PendingPartsItem>(
  items: readonly Item[],
  change: { action: 'add' | 'update' | 'remove'; id: string },
  readBody: () => PartsItemBody,
  mark: PendingMark,
  isIt: (item: Item) => boolean,
): Item[] {
  if (change.action === 'remove') return items.filter((item) => !isIt(item));
  const body = readBody();
  const fields = {
    categoryNumber: body.categoryNumber ?? '',
    commodityNumber: body.commodityNumber ?? '',
    partNumber: body.partNumber ?? '',
    partDescription: body.partDescription ?? '',
    notes: body.notes ?? '',
    billingCode: body.billingCode ?? '',
    unitOfMeasure: body.unitOfMeasure ?? '',
    quantity: body.quantity ?? 1,
  };
  const combinedPartNumber = `${fields.categoryNumber}${fields.commodityNumber}${fields.partNumber}`;
  if (change.action === 'add') {
    const added: PendingPartsItem = {
      ...fields,
      combinedPartNumber,
      key: change.id,
      partsOrderItemId: change.id,
      receivedDate: DATE_PLACEHOLDER,
      isCorrect: null,
      incorrectPartMessage: '',
      vantagePartsRequestNumber: null,
      vantagePartsRequestLineItemId: null,
      rowVersion: 0,
      pending: mark,
    };
    // Item is PendingPartsItem in both features (their item views are this type under another name).
    return [...items, added as Item];
  }
  return items.map((item) =>
    isIt(item) ? { ...item, ...fields, combinedPartNumber, rowVersion: item.rowVersion + 1, pending: worstMark(item.pending, mark) } : item,
  );
}
