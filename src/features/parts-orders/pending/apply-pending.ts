import { entriesByRecord, queuedApplier } from '../../../offline/apply-queued';
import { pendingMarkOf } from '../../../offline/conflicts';
import {
  allReceivedCorrect,
  applyReceiptMarks,
  businessDay,
  CreatePartsOrderInput,
  DEFAULT_ORG_TIME_ZONE,
  PartsOrderItemInput,
  PartsOrderUpdate,
  PartsReceiptInput,
  RECEIVED_ORDER_STATUS,
  serialKey,
  STAGED_ORDER_STATUS,
  STOCK_SERIAL_NUMBER,
  type HomeSummary,
  type PartsOrder,
  type PartsOrderSummary,
  type ShipToLocation,
} from '../../../contract';
import type { OutboxEntry } from '../../../offline/db';
import { bodyFields } from '../../../offline/read-entry';
import { applyPartsItemChange, worstMark as worst } from '../../../entities/pending-parts-items';
import { partsOrderIntentOf, type PartsOrderIntent } from '../api/calls';
import { orderKeyOfRecord, type PartsOrderItemView, type PartsOrderSummaryView, type PartsOrderView, type PendingMark } from '../model';

/*
 * The screens show an order as it will be once the outbox has replayed: the server's copy (or, for an
 * order made on this device, a skeleton from its create call and the kept home) with every queued call
 * of its record applied in queue order. What each call does is its intent (api/calls.ts PartsOrderIntent);
 * its body is read with the contract's schema. Nothing here is stored: after a reload the outbox still
 * holds the calls and the view is the same. A queued ship-to change, submit or receipt counts the order's
 * rowVersion up by one and a queued item update the item's, as the server will when it applies them
 * (item writes leave the order's rowVersion alone, as on a service request): a later change made
 * offline then carries the version the earlier one leaves behind.
 */

type ItemIntent = Extract<PartsOrderIntent, { kind: 'item' }>;

/** What the device knows to fill in an order it made itself (the server fills in the rest when the create arrives). */
export interface SkeletonContext {
  /** The kept home with this plant and long serial number. */
  home?: (plantNumber: string, longSerialNumber: string) => HomeSummary | undefined;
  plantName?: (plantNumber: string) => string | undefined;
  /** The retail center the user works for: a stock order is placed for it, dated by its business day. */
  retailer?: { retailerNumber: string; name: string; timeZone?: string };
}

/** The kept home with this plant and long serial (serials compared as letters and digits only). */
export function findHome(homes: readonly HomeSummary[], plantNumber: string, longSerialNumber: string): HomeSummary | undefined {
  const wanted = serialKey(longSerialNumber);
  if (!wanted) return undefined;
  return homes.find((home) => home.plantNumber === plantNumber && serialKey(home.serialNumber) === wanted);
}

/** The home's address as the order-2 ship-to location of a customer order. */
export function homeShipTo(home: HomeSummary): ShipToLocation {
  const name = home.homeownerName.trim() || `Home ${home.serialNumber}`;
  const line = [home.address1, [home.city, home.state].filter(Boolean).join(', '), home.zipCode].filter(Boolean).join(' ');
  return {
    display: line ? `${name} - ${line}` : name,
    name,
    address1: home.address1,
    address2: '',
    city: home.city,
    state: home.state,
    zipCode: home.zipCode,
    order: 2,
  };
}

/** An order made on this device, before the server has it: what its create call, its home and the user tell. */
export function skeletonOrder(create: OutboxEntry, orderId: string, context: SkeletonContext = {}): PartsOrderView {
  const body = bodyFields(CreatePartsOrderInput, create.body);
  const key = orderId;
  const plantNumber = body.plantNumber ?? '';
  const longSerialNumber = body.longSerialNumber ?? '';
  const customer = longSerialNumber !== '';
  const home = customer ? context.home?.(plantNumber, longSerialNumber) : undefined;
  const [firstName = '', ...rest] = (home?.homeownerName ?? '').trim().split(/\s+/);
  const serviceRequestId = body.serviceRequestId ?? null;
  const madeOn = businessDay(context.retailer?.timeZone ?? DEFAULT_ORG_TIME_ZONE, create.createdAt);
  return {
    key,
    partsOrderId: key,
    partsLogNumber: null,
    serviceRequestNumber: null,
    serviceRequestId,
    longSerialNumber,
    // spec 3 §4, §9: a stock order's serial number.
    serialNumber: customer ? (home?.serialNumber ?? longSerialNumber) : STOCK_SERIAL_NUMBER,
    plantNumber,
    plantName: home?.plantName || context.plantName?.(plantNumber) || '',
    retailerNumber: home?.retailerNumber || context.retailer?.retailerNumber || '',
    retailerName: context.retailer?.name ?? '',
    vantageAssetId: home?.assetId ?? null,
    orderStatus: STAGED_ORDER_STATUS,
    orderDate: madeOn,
    changedOn: madeOn,
    timeZone: context.retailer?.timeZone,
    expectedShipDate: null,
    viaDescription: '',
    trackingNumber: '',
    isStagedPart: true,
    isClosed: false,
    allReceivedCorrect: false,
    serviceEmail: '',
    requestType: '',
    warranty: { firstName, lastName: rest.join(' ') },
    partsItems: [],
    vantagePartsOrderName: null,
    vantageWorkOrderNumber: null,
    vantagePartsRequestId: null,
    vantageWorkOrderId: null,
    vantageHomeCenterId: '',
    vantageHomeBuildingFacilityId: '',
    // Empty: the review's default rule (spec 3 §4) then shows the retailer, as the server's create will store.
    shipToType: 'Retailer',
    shipToAddress1: '',
    shipToAddress2: '',
    shipToAddress3: '',
    shipToAddress4: '',
    shipToAddressName: '',
    shipToStreetAddress1: '',
    shipToCity: '',
    shipToState: '',
    shipToZipcode: '',
    customerShipTo: home ? homeShipTo(home) : null,
    // Only a service admin can have queued the create; the server decides again when it arrives.
    canEdit: true,
    rowVersion: 0,
    failures: [],
    hasPendingChanges: true,
  };
}

/** The server's order as a view, with nothing pending. */
export function viewOfServerOrder(order: PartsOrder): PartsOrderView {
  return {
    ...order,
    key: String(order.partsOrderId),
    partsItems: order.partsItems.map((item) => ({ ...item, key: String(item.partsOrderItemId) })),
    failures: [],
    hasPendingChanges: false,
  };
}

const matches = (id: string, ...candidates: (string | number | null)[]) =>
  candidates.some((candidate) => candidate !== null && String(candidate) === id);

function applyItem(view: PartsOrderView, entry: OutboxEntry, intent: ItemIntent, mark: PendingMark) {
  const readBody = () => bodyFields(PartsOrderItemInput, entry.body);
  view.partsItems = applyPartsItemChange(view.partsItems, intent, readBody, mark, (item) =>
    matches(intent.id, item.key, item.partsOrderItemId),
  );
}

function applyReceipt(view: PartsOrderView, entry: OutboxEntry, mark: PendingMark) {
  const marks = bodyFields(PartsReceiptInput, entry.body).items ?? [];
  const ids = new Set(marks.map((receipt) => String(receipt.partsOrderItemId)));
  // Receipt marks only ever name items the server has (a submitted order's), so their ids are numbers.
  const items = applyReceiptMarks(
    view.partsItems as (PartsOrderItemView & { partsOrderItemId: number })[],
    marks,
    businessDay(view.timeZone ?? DEFAULT_ORG_TIME_ZONE, entry.createdAt),
  );
  view.partsItems = items.map((item) => (ids.has(String(item.partsOrderItemId)) ? { ...item, pending: worst(item.pending, mark) } : item));
  view.pendingReceipt = worst(view.pendingReceipt, mark);
  view.rowVersion += 1;
  // The contract's rule: the order is Received once every item is marked correct.
  if (allReceivedCorrect(view.partsItems)) {
    view.allReceivedCorrect = true;
    view.orderStatus = RECEIVED_ORDER_STATUS;
  }
}

function applyShipTo(view: PartsOrderView, entry: OutboxEntry) {
  const body = bodyFields(PartsOrderUpdate, entry.body);
  view.shipToType = body.shipToType ?? view.shipToType;
  view.shipToAddressName = body.shipToAddressName ?? view.shipToAddressName;
  view.shipToStreetAddress1 = body.shipToStreetAddress1 ?? view.shipToStreetAddress1;
  view.shipToCity = body.shipToCity ?? view.shipToCity;
  view.shipToState = body.shipToState ?? view.shipToState;
  view.shipToZipcode = body.shipToZipcode ?? view.shipToZipcode;
}

const applyEntries = queuedApplier({
  intentOf: partsOrderIntentOf,
  createKind: 'create-order',
  // The order the changes apply to: the server's, or the one its queued create makes; its items copied.
  start: (server: PartsOrder | undefined, create, context: SkeletonContext): PartsOrderView | undefined => {
    if (server) return { ...viewOfServerOrder(server), failures: [] };
    if (create?.intent.kind !== 'create-order') return undefined;
    const skeleton = skeletonOrder(create.entry, create.intent.orderId, context);
    return { ...skeleton, partsItems: [...skeleton.partsItems], failures: [] };
  },
  apply: (view, intent, entry, mark) => {
    if (intent.kind === 'ship-to') {
      applyShipTo(view, entry);
      view.rowVersion += 1;
      view.pendingShipTo = worst(view.pendingShipTo, mark);
    } else if (intent.kind === 'item') {
      applyItem(view, entry, intent, mark);
    } else if (intent.kind === 'receipt') {
      applyReceipt(view, entry, mark);
    } else {
      // The create, the cancel and the submit are queuedApplier's; a kind added to the union and missed here fails to compile.
      intent satisfies Extract<PartsOrderIntent, { kind: 'create-order' | 'cancel' | 'submit' }>;
    }
  },
});

/**
 * The order as it will be: `base` (the server's copy; undefined for an order made on this device) with
 * `entries` (its record's outbox entries, in queue order) applied. Undefined when there is neither a
 * server copy nor a create to build one from.
 */
export function applyPending(
  base: PartsOrder | undefined,
  entries: readonly OutboxEntry[],
  context: SkeletonContext = {},
): PartsOrderView | undefined {
  return applyEntries(base, entries, context);
}

function summaryOfView(view: PartsOrderView): PartsOrderSummaryView {
  return {
    key: view.key,
    partsOrderId: view.partsOrderId,
    vantagePartsRequestId: view.vantagePartsRequestId,
    partsLogNumber: view.partsLogNumber,
    plantNumber: view.plantNumber,
    plantName: view.plantName,
    retailerNumber: view.retailerNumber,
    serialNumber: view.serialNumber,
    longSerialNumber: view.longSerialNumber,
    homeownerName: [view.warranty.firstName, view.warranty.lastName].filter(Boolean).join(' '),
    orderStatus: view.orderStatus,
    orderDate: view.orderDate,
    expectedShipDate: view.expectedShipDate,
    isStagedPart: view.isStagedPart,
    isClosed: view.isClosed,
    changedOn: view.changedOn,
    itemCount: view.partsItems.length,
    rowVersion: view.rowVersion,
  };
}

/** The row's marker: a refusal first, else the first change still waiting. */
const firstMark = (entries: readonly OutboxEntry[]) => {
  const marks = entries.filter((entry) => partsOrderIntentOf(entry)).map(pendingMarkOf);
  return marks.find((mark) => mark.state === 'failed') ?? marks[0];
};

const pendingActionOf = (entries: readonly OutboxEntry[]): PartsOrderSummaryView['pendingAction'] => {
  const kinds = entries.map((entry) => partsOrderIntentOf(entry)?.kind);
  if (kinds.includes('cancel')) return 'cancel';
  if (kinds.includes('submit')) return 'submit';
  if (kinds.includes('receipt')) return 'receipt';
  return undefined;
};

/**
 * The list as it will be: the server's rows with their orders' queued changes marked (item counts follow
 * queued adds and removals), and the orders made on this device (newest first, ahead of the server's rows).
 */
export function applyPendingToList(
  rows: readonly PartsOrderSummary[],
  entries: readonly OutboxEntry[],
  context: SkeletonContext = {},
): PartsOrderSummaryView[] {
  const byOrder = entriesByRecord(entries, orderKeyOfRecord);
  const known = new Set(rows.map((row) => String(row.partsOrderId)));
  const created: PartsOrderSummaryView[] = [];
  for (const [key, orderEntries] of byOrder) {
    if (known.has(key)) continue;
    const view = applyPending(undefined, orderEntries, context);
    if (!view) continue;
    const action = pendingActionOf(orderEntries);
    created.unshift({ ...summaryOfView(view), pending: firstMark(orderEntries), ...(action ? { pendingAction: action } : {}) });
  }
  const result = rows.map((row): PartsOrderSummaryView => {
    const key = String(row.partsOrderId);
    const orderEntries = byOrder.get(key);
    if (!orderEntries) return { ...row, key };
    let itemCount = row.itemCount;
    for (const entry of orderEntries) {
      const intent = partsOrderIntentOf(entry);
      if (intent?.kind !== 'item') continue;
      if (intent.action === 'add') itemCount += 1;
      else if (intent.action === 'remove') itemCount -= 1;
    }
    const action = pendingActionOf(orderEntries);
    const mark = firstMark(orderEntries);
    return {
      ...row,
      key,
      itemCount: Math.max(0, itemCount),
      ...(mark ? { pending: mark } : {}),
      ...(action ? { pendingAction: action } : {}),
    };
  });
  return [...created, ...result];
}
