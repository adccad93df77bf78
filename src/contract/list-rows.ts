import * as v from 'valibot';
import type { PartsOrderSummary } from './parts-orders';
import type { WarrantyCard } from './warranty';
import type { ServiceRequestSummary } from './work-orders';

/*
 * Every field of the rows of the kept lists whose check at the http boundary is loose on purpose (ServiceRequestSummaryRow,
 * PartsOrderSummaryRow, HomeownerRow check the identifying fields of tens of thousands of rows, the rest is typed): the
 * API reference (server/openapi) describes these rows with these schemas. Each must say exactly what its interface says:
 * a field added to one and not the other fails the typecheck.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** S itself when its output is T, field for field (an optional field too); never otherwise, which no schema fits. */
type Exactly<S extends v.GenericSchema, T> =
  Same<v.InferOutput<S>, T> extends true ? (Same<keyof v.InferOutput<S>, keyof T> extends true ? S : never) : never;
const describes =
  <T>() =>
  <S extends v.GenericSchema>(schema: S & Exactly<S, T>): S =>
    schema;

const Day = v.pipe(v.string(), v.description('YYYY-MM-DD, or "" when there is none.'));

export const ServiceRequestListRow = describes<ServiceRequestSummary>()(
  v.object({
    serviceRequestId: v.number(),
    serviceRequestNumber: v.string(),
    vantageWorkOrderId: v.nullable(v.number()),
    vantageWorkOrderNumber: v.nullable(v.string()),
    assetId: v.number(),
    plantNumber: v.string(),
    plantName: v.string(),
    serialNumber: v.string(),
    retailerNumber: v.string(),
    vantageCaseOrigin: v.string(),
    requestType: v.string(),
    status: v.string(),
    requestDate: Day,
    startDate: Day,
    endDate: Day,
    performedDate: Day,
    technician: v.string(),
    totalServiceCost: v.number(),
    totalCombinedCost: v.number(),
    homeownerName: v.string(),
    isClosed: v.boolean(),
    isArchived: v.boolean(),
    changedOn: Day,
    rowVersion: v.number(),
  }),
);

export const PartsOrderListRow = describes<PartsOrderSummary>()(
  v.object({
    partsOrderId: v.number(),
    vantagePartsRequestId: v.nullable(v.number()),
    partsLogNumber: v.nullable(v.string()),
    plantNumber: v.string(),
    plantName: v.string(),
    retailerNumber: v.string(),
    serialNumber: v.string(),
    longSerialNumber: v.string(),
    homeownerName: v.string(),
    orderStatus: v.string(),
    orderDate: Day,
    expectedShipDate: v.nullable(v.string()),
    isStagedPart: v.boolean(),
    isClosed: v.boolean(),
    changedOn: Day,
    itemCount: v.number(),
    rowVersion: v.number(),
  }),
);

export const HomeownerListRow = describes<WarrantyCard>()(
  v.object({
    plantNumber: v.string(),
    plantName: v.string(),
    modelNumber: v.string(),
    modelName: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    middleInitial: v.string(),
    suffix: v.string(),
    emailAddress: v.string(),
    serialNumber: v.string(),
    fullSerialNumber: v.string(),
    address1: v.string(),
    address2: v.string(),
    city: v.string(),
    state: v.string(),
    zipCode: v.string(),
    zip4: v.string(),
    areaCode: v.string(),
    phoneNumber: v.string(),
    cellAreaCode: v.string(),
    cellPhoneNumber: v.string(),
    retailerNumber: v.string(),
    retailerName: v.string(),
    soldDate: Day,
    timeZone: v.optional(v.string()),
    npsDate: v.string(),
    homeAddress1: v.string(),
    homeAddress2: v.string(),
    homeCity: v.string(),
    homeState: v.string(),
    homeZipCode: v.string(),
    homePhoneNumber: v.string(),
    homeAddress: v.string(),
    showHomeAddress: v.boolean(),
    statusCode: v.string(),
    thermalZone: v.string(),
    windZone: v.string(),
    roofLoad: v.string(),
    manufacturedDate: v.string(),
    orderNumber: v.string(),
    purchaseOrderNumber: v.string(),
    quoteNumber: v.string(),
    vantageAssetId: v.number(),
    vantageAccountId: v.string(),
    vantageWarrantyId: v.number(),
    rowVersion: v.number(),
    changedOn: v.optional(v.string()),
    hasOpenWorkOrder: v.optional(v.boolean()),
  }),
);
