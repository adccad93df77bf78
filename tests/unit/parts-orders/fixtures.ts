import {
  DATE_PLACEHOLDER,
  type HomeSummary,
  type PartsOrder,
  type PartsOrderItem,
  type PartsOrderSummary,
  type ShipToLocation,
} from '../../../src/contract';
import { storedBody, type OutboxEntry } from '../../../src/offline/db';
import type { OutboxCall } from '../../../src/offline/outbox';

export const partsItem = (id: number, partNumber: string, changes: Partial<PartsOrderItem> = {}): PartsOrderItem => ({
  partsOrderItemId: id,
  categoryNumber: '05',
  commodityNumber: '12',
  combinedPartNumber: `0512${partNumber}`,
  partNumber,
  partDescription: `Part ${partNumber}`,
  notes: '',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 1,
  receivedDate: DATE_PLACEHOLDER,
  isCorrect: null,
  incorrectPartMessage: '',
  vantagePartsRequestNumber: null,
  vantagePartsRequestLineItemId: null,
  rowVersion: 1,
  ...changes,
});

export const RETAILER_LOCATIONS: ShipToLocation[] = [
  {
    display: 'Knoxville Homes - 1 Retail Way',
    name: 'Knoxville Homes',
    address1: '1 Retail Way',
    address2: '',
    city: 'Knoxville',
    state: 'TN',
    zipCode: '37918',
    order: 1,
  },
  {
    display: 'Knoxville Homes Warehouse - 9 Depot Rd',
    name: 'Knoxville Homes Warehouse',
    address1: '9 Depot Rd',
    address2: '',
    city: 'Knoxville',
    state: 'TN',
    zipCode: '37919',
    order: 1,
  },
];

export const CUSTOMER_SHIP_TO: ShipToLocation = {
  display: 'Ann Lee - 12 Oak St',
  name: 'Ann Lee',
  address1: '12 Oak St',
  address2: '',
  city: 'Knoxville',
  state: 'TN',
  zipCode: '37918',
  order: 2,
};

/** A staged customer order (id 81) as GET /Parts/81 answers it; `changes` make a stock order, a submitted one, … */
export function stagedOrder(changes: Partial<PartsOrder> = {}): PartsOrder {
  return {
    partsOrderId: 81,
    partsLogNumber: null,
    serviceRequestNumber: null,
    serviceRequestId: null,
    longSerialNumber: 'MAY012345TNAB',
    serialNumber: 'MAY012345TN',
    plantNumber: '910',
    plantName: 'Maynardville',
    retailerNumber: '4217',
    retailerName: 'Knoxville Homes',
    vantageAssetId: 7,
    orderStatus: 'Active',
    orderDate: '2026-06-10',
    expectedShipDate: null,
    viaDescription: '',
    trackingNumber: '',
    isStagedPart: true,
    isClosed: false,
    changedOn: '2026-06-01',
    allReceivedCorrect: false,
    serviceEmail: '',
    requestType: '',
    warranty: { firstName: 'Ann', lastName: 'Lee' },
    partsItems: [partsItem(601, 'P1'), partsItem(602, 'P2', { quantity: 3 })],
    vantagePartsOrderName: null,
    vantageWorkOrderNumber: null,
    vantagePartsRequestId: null,
    vantageWorkOrderId: null,
    vantageHomeCenterId: '',
    vantageHomeBuildingFacilityId: '',
    shipToType: 'Retailer',
    shipToAddress1: '',
    shipToAddress2: '',
    shipToAddress3: '',
    shipToAddress4: '',
    shipToAddressName: 'Knoxville Homes',
    shipToStreetAddress1: '1 Retail Way',
    shipToCity: 'Knoxville',
    shipToState: 'TN',
    shipToZipcode: '37918',
    customerShipTo: CUSTOMER_SHIP_TO,
    canEdit: true,
    rowVersion: 4,
    ...changes,
  };
}

/** The same order submitted and SHIPPED: parts request 3001, log number PL-3001. */
export const shippedOrder = (changes: Partial<PartsOrder> = {}) =>
  stagedOrder({
    vantagePartsRequestId: 3001,
    partsLogNumber: 'PL-3001',
    orderStatus: 'SHIPPED',
    isStagedPart: false,
    expectedShipDate: '2026-06-20',
    viaDescription: 'UPS Ground',
    trackingNumber: '1Z999',
    canEdit: false,
    partsItems: [partsItem(601, 'P1'), partsItem(602, 'P2'), partsItem(603, 'P3', { isCorrect: true, receivedDate: '2026-06-21' })],
    ...changes,
  });

export const summaryOf = (order: PartsOrder, changes: Partial<PartsOrderSummary> = {}): PartsOrderSummary => ({
  partsOrderId: order.partsOrderId,
  vantagePartsRequestId: order.vantagePartsRequestId,
  partsLogNumber: order.partsLogNumber,
  plantNumber: order.plantNumber,
  plantName: order.plantName,
  retailerNumber: order.retailerNumber,
  serialNumber: order.serialNumber,
  longSerialNumber: order.longSerialNumber,
  homeownerName: `${order.warranty.firstName} ${order.warranty.lastName}`.trim(),
  orderStatus: order.orderStatus,
  orderDate: order.orderDate,
  expectedShipDate: order.expectedShipDate,
  isStagedPart: order.isStagedPart,
  isClosed: order.isClosed,
  changedOn: order.changedOn,
  itemCount: order.partsItems.length,
  rowVersion: order.rowVersion,
  ...changes,
});

export const home = (changes: Partial<HomeSummary> = {}): HomeSummary => ({
  assetId: 7,
  serialNumber: 'MAY012345TNAB',
  plantNumber: '910',
  plantName: 'Maynardville',
  retailerNumber: '4217',
  modelNumber: '32LEG80A5',
  modelName: 'The Legend',
  manufacturedDate: '2025-01-01',
  soldDate: '2025-03-01',
  homeownerName: 'Ann Lee',
  address1: '12 Oak St',
  city: 'Knoxville',
  state: 'TN',
  zipCode: '37918',
  ...changes,
});

let seq = 0;
/** An outbox entry as the queue stores it for a call. */
export function entryOf(call: OutboxCall, status: OutboxEntry['status'] = 'pending', message?: string): OutboxEntry {
  seq += 1;
  return {
    seq,
    id: `entry-${seq}`,
    method: call.method,
    base: call.base,
    path: call.path,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body !== undefined ? { body: storedBody(call.body) } : {}),
    fileIds: [],
    idempotencyKey: `key-${seq}`,
    recordKey: call.recordKey,
    label: call.label,
    intent: call.intent,
    ...(call.createsTempId ? { createsTempId: call.createsTempId, idField: call.idField ?? 'id' } : {}),
    dependsOn: [],
    status,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.parse('2026-06-15T10:00:00Z'),
    ...(message ? { lastError: { status: 400, message } } : {}),
  };
}
