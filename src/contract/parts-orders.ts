import * as v from 'valibot';
import { PlantNumber, RowVersion } from './common';
import { searchPageAnswer, searchQueryFields } from './list-search';
import { RequiredText, Text } from './text';
import { ServicePartInput, type BILLING_CODES, type ServicePartsItem } from './work-orders';

/*
 * Parts orders (spec 3 §3 Parts order, Parts item, Ship-to location; §4 Parts order; §5; §8; §9): shapes
 * and the rules both sides run. Decided here where the spec leaves it open:
 * - One record per order. While staged it is addressed by partsOrderId (/partsorders/{partsOrderId});
 *   submitting gives it a vantagePartsRequestId and a partsLogNumber, and from then on it is read-only
 *   and addressed by the request id (/partsorders/vantage/{partsRequestId}).
 * - Statuses: 'Active' while staged (spec default), then Submitted → In Process → SHIPPED → Received,
 *   Closed; Canceled is the plant's. Only a SHIPPED order takes receipt marks (spec 3 §4).
 * - Receipt marks: the mark-received button sends the selected items as correct to
 *   PUT /Parts/{plantNumber}/{partsLogNumber}/PartsReceived; the incorrect-part modal sends its one item
 *   with the message to PUT /Parts/vantage/{vantagePartsRequestId}. Both take a PartsReceiptInput. An
 *   item marked incorrect can be marked correct later (select-all covers items not yet marked correct);
 *   the order becomes Received once every item is marked correct.
 * - Ship-to: the retailer's locations (order 1) come from GET /Parts/ShipToLocations?retailerNumber; a
 *   customer order adds the home's address (order 2) as `customerShipTo` on the order itself.
 */

/** spec 3 §3: the default status of a (staged) order. */
export const STAGED_ORDER_STATUS = 'Active';
/** spec 3 §4: mark-received needs this status, compared trimmed and in any case. */
export const SHIPPED_ORDER_STATUS = 'SHIPPED';
export const RECEIVED_ORDER_STATUS = 'Received';
/** The statuses an order goes through, in order; the list's status filter offers these. */
export const PARTS_ORDER_STATUSES = [
  STAGED_ORDER_STATUS,
  'Submitted',
  'In Process',
  SHIPPED_ORDER_STATUS,
  RECEIVED_ORDER_STATUS,
  'Closed',
  'Canceled',
] as const;

/** spec 3 §9: the serial number of a stock order, and its items' default billing code. */
export const STOCK_SERIAL_NUMBER = '999999';
/** What the parts list shows (and searches, and sorts by) in a stock order's serial column. */
export const STOCK_ORDER_TEXT = 'Stock Order';
export const STOCK_DEFAULT_BILLING_CODE: (typeof BILLING_CODES)[number] = 'Retailer Inventory';
/** spec 3 §9: a saved ship-to is found again by the first 35 characters of its name. */
export const SHIP_TO_NAME_MATCH_LENGTH = 35;
export const SHIP_TO_TYPES = ['Retailer', 'Home Address'] as const;
export type ShipToType = (typeof SHIP_TO_TYPES)[number];

/** spec 3 §8 (verbatim) and this product's messages where the spec gives none. */
export const PARTS_ORDER_MESSAGES = {
  unsavedChanges: 'You have unsaved changes, are you sure you want to close the form?',
  confirmDeleteItem: 'Are you sure you want to delete this item?',
  itemRemoved: 'Parts request line item has been removed!',
  confirmCancel: 'By canceling this order it will be permanently removed from the system. Do you wish to continue?',
  canceled: 'Parts request successfully has been canceled!',
  confirmMarkReceived: 'Are you sure you want to mark parts as received?',
  updated: 'Parts request has been successfully updated!',
  submitted: 'Parts request has been successfully submitted!',
  itemAdded: 'Parts Item has been successfully added!',
  itemUpdated: 'Parts Item has been successfully updated!',
  noItems: 'Add at least one part before submitting this order.',
  notStaged: 'This parts order has been submitted and can no longer be changed.',
  notShipped: 'Parts can be marked received only once the order has shipped.',
  incorrectMessageRequired: 'Please describe what is wrong with the part.',
  facilityRequired: 'Facility is required.',
  itemNotOnOrder: 'That item is not on this order.',
  shipToNameRequired: 'Choose where the parts are shipped.',
  noRetailer: 'A stock order is placed for a retail center; choose one first.',
  serialMismatch: 'The serial number and plant do not match a home.',
  orderNotFound: 'Parts order was not found.',
  notReceived: 'Only a received parts order can be closed.',
  facilityNotServed: 'That facility does not serve your retail center.',
  serviceRequestMismatch: 'That service request is not for this home.',
  shipToNotAllowed: 'That retail center is not one of yours.',
  shipToNotOffered: 'Choose one of the ship-to locations offered for this order.',
  alreadyReceived: 'That part is already marked received and correct.',
  itemNotFound: 'Parts item was not found.',
} as const;

/* ---- rules (spec 3 §4) ---- */

/** A non-blank long serial number makes a customer order; otherwise it is a stock order. */
export const isCustomerOrder = (order: Pick<PartsOrder, 'longSerialNumber'>) => (order.longSerialNumber ?? '').trim() !== '';
export const isStaged = (order: Pick<PartsOrder, 'vantagePartsRequestId'>) => order.vantagePartsRequestId === null;
export const canMarkReceived = (order: Pick<PartsOrder, 'orderStatus'>) => order.orderStatus.trim().toUpperCase() === SHIPPED_ORDER_STATUS;
/** spec 3 §4: select-all covers only items not yet marked correct. */
export const selectableForReceipt = <T extends Pick<PartsOrderItem, 'isCorrect'>>(items: readonly T[]) =>
  items.filter((item) => item.isCorrect !== true);
/** A new item's billing code: stock orders default to Retailer Inventory (spec 3 §4, §9). */
export const defaultBillingCode = (order: Pick<PartsOrder, 'longSerialNumber'>) =>
  isCustomerOrder(order) ? '' : STOCK_DEFAULT_BILLING_CODE;

/**
 * spec 3 §4: on first load the ship-to is the previously saved one, matched on the first 35 characters
 * of its name, or else the retailer (the first location of order 1).
 */
export function defaultShipTo<T extends Pick<ShipToLocation, 'name' | 'order'>>(
  locations: readonly T[],
  savedName: string | null | undefined,
): T | undefined {
  const saved = (savedName ?? '').trim().slice(0, SHIP_TO_NAME_MATCH_LENGTH).toUpperCase();
  const matched = saved
    ? locations.find((location) => location.name.trim().slice(0, SHIP_TO_NAME_MATCH_LENGTH).toUpperCase() === saved)
    : undefined;
  return matched ?? locations.find((location) => location.order === 1) ?? locations[0];
}

/** The ship-to fields an order stores for a chosen location. */
export const shipToFieldsOf = (location: ShipToLocation): Omit<PartsOrderUpdate, 'rowVersion'> => ({
  shipToType: location.order === 2 ? 'Home Address' : 'Retailer',
  shipToAddressName: location.name,
  shipToStreetAddress1: [location.address1, location.address2].filter(Boolean).join(' '),
  shipToCity: location.city,
  shipToState: location.state,
  shipToZipcode: location.zipCode,
});

/**
 * The items after receipt marks (both sides run it: the server stores the result, an offline screen
 * shows it). `today` is 'YYYY-MM-DD'. A correct mark clears an earlier incorrect message.
 */
export function applyReceiptMarks<
  T extends Pick<PartsOrderItem, 'partsOrderItemId' | 'isCorrect' | 'incorrectPartMessage' | 'receivedDate'>,
>(items: readonly T[], marks: PartsReceiptInput['items'], today: string): T[] {
  const byId = new Map(marks.map((mark) => [mark.partsOrderItemId, mark]));
  return items.map((item) => {
    const mark = byId.get(item.partsOrderItemId);
    if (!mark) return item;
    return {
      ...item,
      isCorrect: mark.isCorrect,
      incorrectPartMessage: mark.isCorrect ? '' : mark.incorrectPartMessage,
      receivedDate: today,
    };
  });
}

export const allReceivedCorrect = (items: readonly Pick<PartsOrderItem, 'isCorrect'>[]) =>
  items.length > 0 && items.every((item) => item.isCorrect === true);

/* ---- bodies ---- */

/** These bodies always refused null in their text fields (a missing one reads as ''). */
const NOT_NULL = { allow: 'optional' } as const;

/** POST /Parts: a customer order names its home (plant + long serial); a stock order names only the plant. */
export const CreatePartsOrderInput = v.object({
  plantNumber: v.pipe(v.string(PARTS_ORDER_MESSAGES.facilityRequired), v.nonEmpty(PARTS_ORDER_MESSAGES.facilityRequired), PlantNumber),
  longSerialNumber: Text(40, NOT_NULL),
  /** Optional link to the service request the parts are for. */
  serviceRequestId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
});
export type CreatePartsOrderInput = v.InferOutput<typeof CreatePartsOrderInput>;

/** PUT /Parts/{partsOrderId}: the staged order's ship-to (spec 3 §4: choosing a location updates the order). */
export const PartsOrderUpdate = v.object({
  shipToType: v.picklist(SHIP_TO_TYPES, PARTS_ORDER_MESSAGES.shipToNameRequired),
  shipToAddressName: RequiredText(PARTS_ORDER_MESSAGES.shipToNameRequired, 80, { allow: 'string' }),
  shipToStreetAddress1: Text(120, NOT_NULL),
  shipToCity: Text(60, NOT_NULL),
  shipToState: Text(2, NOT_NULL),
  shipToZipcode: Text(10, NOT_NULL),
  rowVersion: RowVersion,
});
export type PartsOrderUpdate = v.InferOutput<typeof PartsOrderUpdate>;

/** POST /Parts/{id}/PartsItem and PUT /Parts/{id}/PartsItem/{itemId}: the same fields as a request's parts item. */
export const PartsOrderItemInput = ServicePartInput;
export type PartsOrderItemInput = v.InferOutput<typeof PartsOrderItemInput>;

const ReceiptMark = v.pipe(
  v.object({
    partsOrderItemId: v.pipe(v.number(), v.integer(), v.minValue(1)),
    isCorrect: v.boolean(),
    incorrectPartMessage: Text(500, NOT_NULL),
  }),
  v.forward(
    v.check((mark) => mark.isCorrect || mark.incorrectPartMessage !== '', PARTS_ORDER_MESSAGES.incorrectMessageRequired),
    ['incorrectPartMessage'],
  ),
);

/** PUT /Parts/{plant}/{log}/PartsReceived and PUT /Parts/vantage/{id}: receipt marks of some items. */
export const PartsReceiptInput = v.object({
  items: v.pipe(v.array(ReceiptMark), v.minLength(1, 'Choose at least one part.')),
});
export type PartsReceiptInput = v.InferOutput<typeof PartsReceiptInput>;

/** POST /Parts/Close: closes a received order. */
export const ClosePartsOrderInput = v.object({ vantagePartsRequestId: v.pipe(v.number(), v.integer(), v.minValue(1)) });
export type ClosePartsOrderInput = v.InferOutput<typeof ClosePartsOrderInput>;

export const ShipToQuery = v.object({ retailerNumber: v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Retailer number must be digits.')) });

/* ---- answers ---- */

/** spec 3 §3 Parts item: the same record as a request's parts item. */
export type PartsOrderItem = ServicePartsItem;

/** spec 3 §3 Ship-to location; order 1 for retailers, 2 for the customer. */
export interface ShipToLocation {
  display: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  order: 1 | 2;
}

/** spec 3 §3 Parts order. */
export interface PartsOrder {
  partsOrderId: number;
  partsLogNumber: string | null;
  serviceRequestNumber: string | null;
  serviceRequestId: number | null;
  longSerialNumber: string;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  retailerNumber: string;
  retailerName: string;
  vantageAssetId: number | null;
  orderStatus: string;
  orderDate: string;
  expectedShipDate: string | null;
  viaDescription: string;
  trackingNumber: string;
  isStagedPart: boolean;
  isClosed: boolean;
  /** The day it last changed: created, edited, submitted, received (kept-list rule, contract/kept-lists.ts). */
  changedOn: string;
  allReceivedCorrect: boolean;
  serviceEmail: string;
  requestType: string;
  warranty: { firstName: string; lastName: string };
  /** The zone of its retail center's business day, whose day its receipts are dated by (contract/time-zones.ts). */
  timeZone?: string;
  partsItems: PartsOrderItem[];
  vantagePartsOrderName: string | null;
  vantageWorkOrderNumber: string | null;
  vantagePartsRequestId: number | null;
  vantageWorkOrderId: number | null;
  vantageHomeCenterId: string;
  vantageHomeBuildingFacilityId: string;
  shipToType: ShipToType;
  shipToAddress1: string;
  shipToAddress2: string;
  shipToAddress3: string;
  shipToAddress4: string;
  shipToAddressName: string;
  shipToStreetAddress1: string;
  shipToCity: string;
  shipToState: string;
  shipToZipcode: string;
  /** The home's address as a ship-to location (order 2); null for a stock order. */
  customerShipTo: ShipToLocation | null;
  /** Whether this user may change it: a service admin, and the order still staged. */
  canEdit: boolean;
  rowVersion: number;
}

/** A row of GET /parts (spec 3 §2 Parts list): what the list shows, sorts and filters on. */
export interface PartsOrderSummary {
  partsOrderId: number;
  vantagePartsRequestId: number | null;
  partsLogNumber: string | null;
  plantNumber: string;
  plantName: string;
  retailerNumber: string;
  serialNumber: string;
  longSerialNumber: string;
  homeownerName: string;
  orderStatus: string;
  orderDate: string;
  expectedShipDate: string | null;
  isStagedPart: boolean;
  isClosed: boolean;
  /** The day it last changed: created, edited, submitted, received (kept-list rule, contract/kept-lists.ts). */
  changedOn: string;
  itemCount: number;
  rowVersion: number;
}

/* ---- answer checks at the http boundary: the identifying fields, the rest as typed above ---- */

const OrderFields = {
  partsOrderId: v.number(),
  vantagePartsRequestId: v.nullable(v.number()),
  plantNumber: v.string(),
  orderStatus: v.string(),
  rowVersion: v.number(),
};
export const PartsOrderAnswer = v.pipe(
  v.looseObject({ ...OrderFields, partsItems: v.array(v.looseObject({ partsOrderItemId: v.number() })) }),
  v.transform((order) => order as unknown as PartsOrder),
);
export const PartsOrderListAnswer = v.pipe(
  v.array(v.looseObject(OrderFields)),
  v.transform((rows) => rows as unknown as PartsOrderSummary[]),
);
export const PartsOrderSummaryRow = v.pipe(
  v.looseObject(OrderFields),
  v.transform((row) => row as unknown as PartsOrderSummary),
);

/** The parts list's sort columns (spec 3 §2 Parts list: plant, ship date, request date, status, serial; list-rules.ts PARTS_SORT_COLUMNS). */
export const PARTS_ORDER_SORT_NAMES = ['expectedShipDate', 'orderDate', 'plant', 'serialNumber', 'status'] as const;
export type PartsOrderSortName = (typeof PARTS_ORDER_SORT_NAMES)[number];

/**
 * GET {api}/parts?page=n[&q=][&sort=][&plant=][&status=] (issue 31 §3): the list searched on the server, with the
 * screen's filters: a plant, and a status as shown (trimmed, in any case).
 */
export const PartsOrderSearchQueryFields = {
  ...searchQueryFields(PARTS_ORDER_SORT_NAMES),
  plant: v.optional(PlantNumber),
  status: v.optional(Text(60, { allow: 'string' })),
};
export type PartsOrderSearchQuery = v.InferOutput<v.ObjectSchema<typeof PartsOrderSearchQueryFields, undefined>>;
export const PartsOrderSearchAnswer = searchPageAnswer(PartsOrderSummaryRow);
export const AssetPartsOrdersAnswer = v.pipe(
  v.array(v.looseObject(OrderFields)),
  v.transform((rows) => rows as unknown as PartsOrder[]),
);
export const ShipToListAnswer = v.pipe(
  v.array(v.looseObject({ name: v.string(), order: v.number() })),
  v.transform((rows) => rows as unknown as ShipToLocation[]),
);
