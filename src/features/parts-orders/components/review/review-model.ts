import { isCustomerOrder, selectableForReceipt, type ShipToLocation } from '../../../../contract';
import { formatDate } from '../../../../lib/date-format';
import { isEmptyDate } from '../../../../lib/dates';
import { isTempId } from '../../../../offline/temp-ids';
import { PARTS_ORDER_TEXTS } from '../../messages';
import type { PartsOrderItemView, PartsOrderView } from '../../model';

/* How a parts order reads on its review (spec 3 §2, §4). Pure, so tested alone. */

export const itemName = (item: Pick<PartsOrderItemView, 'partNumber' | 'partDescription'>) =>
  [item.partNumber.trim(), item.partDescription.trim()].filter(Boolean).join(' ') || 'part';

export function orderTitle(view: Pick<PartsOrderView, 'key' | 'partsLogNumber'>): string {
  if (view.partsLogNumber) return `${PARTS_ORDER_TEXTS.title} ${view.partsLogNumber}`;
  return isTempId(view.key) ? `New ${PARTS_ORDER_TEXTS.title}` : `${PARTS_ORDER_TEXTS.title} ${view.key}`;
}

/** spec 3 §4: a customer order shows its serial; a stock order says so. */
export const serialOrStock = (view: Pick<PartsOrderView, 'longSerialNumber' | 'serialNumber'>) =>
  isCustomerOrder(view) ? view.serialNumber || view.longSerialNumber : PARTS_ORDER_TEXTS.stockOrder;

export const plantText = (view: Pick<PartsOrderView, 'plantName' | 'plantNumber'>) =>
  view.plantName ? `${view.plantName} (${view.plantNumber})` : view.plantNumber;

export const homeownerText = (view: Pick<PartsOrderView, 'warranty'>) =>
  [view.warranty.firstName, view.warranty.lastName].filter(Boolean).join(' ');

export const dateOrTbd = (value: string | null | undefined) => formatDate(value);
export const dateOrBlank = (value: string | null | undefined) => (isEmptyDate(value) ? '' : formatDate(value));

/** spec 3 §3 Ship-to location: the retailer's locations (order 1) first, then the customer's home (order 2). */
export function shipToChoices(retailerLocations: readonly ShipToLocation[], customerShipTo: ShipToLocation | null): ShipToLocation[] {
  const own = retailerLocations.filter((location) => location.order !== 2);
  return customerShipTo ? [...own, { ...customerShipTo, order: 2 }] : own;
}

/** The ship-to the order stores, as one line (when the locations are not available to choose from). */
export const savedShipToText = (view: PartsOrderView) =>
  [view.shipToAddressName, view.shipToStreetAddress1, [view.shipToCity, view.shipToState].filter(Boolean).join(', '), view.shipToZipcode]
    .filter((part) => part && part.trim())
    .join(' ');

export const locationAddress = (location: ShipToLocation) =>
  [
    [location.address1, location.address2].filter(Boolean).join(' '),
    [location.city, location.state].filter(Boolean).join(', '),
    location.zipCode,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * spec 3 §4 receipt: the items select-all covers (not yet marked correct); an item not sent yet (temp id) or
 * with a receipt mark still waiting is left out until the server has it.
 */
export const receivableItems = (view: Pick<PartsOrderView, 'partsItems'>) =>
  selectableForReceipt(view.partsItems).filter((item) => typeof item.partsOrderItemId === 'number');

/** What an item's receipt mark says: 'Correct', 'Incorrect: {message}', or nothing yet. */
export function receiptText(item: Pick<PartsOrderItemView, 'isCorrect' | 'incorrectPartMessage'>): string {
  if (item.isCorrect === true) return 'Correct';
  if (item.isCorrect === false) return item.incorrectPartMessage ? `Incorrect: ${item.incorrectPartMessage}` : 'Incorrect';
  return '';
}

/** A server refusal reads 'Message. (field)' (the field is for forms); people read the message. */
export const refusalMessage = (message: string) => message.replace(/\s*\([A-Za-z0-9_.[\]]+\)\s*$/, '');

/** The field a server refusal names ('Message. (field)'), if any. */
export const refusalField = (message: string) => /\(([A-Za-z0-9_.[\]]+)\)\s*$/.exec(message)?.[1];
