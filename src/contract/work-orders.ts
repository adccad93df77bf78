import * as v from 'valibot';
import { PlantNumber, RowVersion } from './common';
import { addDaysToDay, daysBetween, isRealDay } from './days';
import { searchPageAnswer, searchQueryFields } from './list-search';
import { Amount, RequiredText, Text } from './text';

/* Service requests and work orders (spec 3 §3–§5, §9): shapes and the validation rules both sides run. */

/** spec 3 §3, §9: an empty date is sent as this placeholder; any date before 1990 counts as empty. */
export const DATE_PLACEHOLDER = '1900-01-01';
export const EARLIEST_REAL_DATE = '1990-01-01';
/** spec 3 §9 */
export const MAX_DATE_RANGE_DAYS = 14;
export const PERFORMED_DATE_MAX_AGE_DAYS = 60;
export const UNSUBMITTED_STATUS = 'Unsubmitted';
/** spec 3 §9: the marker of a request that came from the homeowner portal. */
export const HOMEOWNER_PORTAL_ORIGIN = 'Homeowner Portal';

/** spec 3 §3 request types; D and S are this product's codes for the two the spec names without one. */
export const REQUEST_TYPES = {
  A: 'Authorization',
  F: 'Factory Service',
  V: 'Request for Payment',
  D: 'Dispatch Work Order',
  S: 'Standard',
} as const;
export type RequestType = keyof typeof REQUEST_TYPES;
export const FACTORY_SERVICE: RequestType = 'F';
export const REQUEST_FOR_PAYMENT: RequestType = 'V';
export const DISPATCH_WORK_ORDER: RequestType = 'D';
export const STANDARD_REQUEST: RequestType = 'S';

/** spec 3 §3 status codes; a code not listed shows as is. */
export const WORK_ORDER_STATUSES = {
  D: 'Deferred',
  F: 'Open Factory Request',
  G: 'Closed Factory Request',
  I: 'Independent Contractor',
  N: 'Declined',
  O: 'Open',
  P: 'Payment Completed',
  Q: 'Payment Submitted to Plant',
  S: 'Open Sales Center Request',
  V: 'Awaiting Payment',
  W: 'Awaiting Approval',
  X: 'Canceled',
  Z: 'Canceled Factory Request',
} as const;
/** The statuses of a closed work order (declined, paid, canceled; factory ones closed or canceled). */
export const CLOSED_STATUSES: readonly string[] = ['G', 'N', 'P', 'X', 'Z'];
export const statusLabel = (status: string) =>
  status in WORK_ORDER_STATUSES ? WORK_ORDER_STATUSES[status as keyof typeof WORK_ORDER_STATUSES] : status;

/** spec 3 §3 attachment types. */
export const ATTACHMENT_TYPES = { 1: 'Service Issue', 2: 'Receipt/Invoice' } as const;
/** spec 3 §3 parts item billing codes. */
export const BILLING_CODES = ['Non-Warranty', 'Retailer Inventory', 'Shortage', 'Warranty'] as const;
/** The largest attachment the server stores; a bigger one is answered 413. */
/** The longest file name an attachment keeps. */
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const WORK_ORDER_MESSAGES = {
  unableToSave: 'Unable to save form, please fix issues and try again.',
  endBeforeStart: 'End date cannot be before the start date.',
  rangeTooLong: `End date must be within ${MAX_DATE_RANGE_DAYS} days of the start date.`,
  endWithoutStart: 'A start date is required when an end date is entered.',
  performedDateRequired: 'Performed date is required.',
  performedDateTooEarly: `Performed date cannot be more than ${PERFORMED_DATE_MAX_AGE_DAYS} days ago.`,
  performedDateInFuture: 'Performed date cannot be in the future.',
  invalidDate: 'Enter a valid date.',
  requestTypeRequired: 'A request type is required.',
  requestTypeUnknown: 'Choose a request type from the list.',
  dispatchNotEnabled: 'Dispatch Work Order is not available for this retailer.',
  serviceItemRequired: 'At least one service item is required.',
  problemDescriptionRequired: 'Problem description is required.',
  determinedCauseRequired: 'Determined cause is required.',
  actionTakenRequired: 'Action taken is required.',
  partsCostInvalid: 'Parts cost must be a number of 0 or more.',
  laborHoursInvalid: 'Labor hours must be a number of 0 or more.',
  numberInvalid: 'Enter a number of 0 or more.',
  partDescriptionRequired: 'Part description is required.',
  unitOfMeasureRequired: 'Unit of measure is required.',
  unitOfMeasureUnknown: 'Choose a unit of measure from the list.',
  billingCodeRequired: 'Billing code is required.',
  quantityInvalid: 'Quantity must be a whole number of 1 or more.',
  attachmentTypeRequired: 'Attachment type is required.',
  fileRequired: 'Choose a file to attach.',
  fileNameTooLong: `The file name can be no longer than ${MAX_FILE_NAME_LENGTH} characters.`,
  fileTypeRefused: 'JPG, JPEG, PNG, GIF, and PDF are allowed.',
  fileTooLarge: `The file is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`,
  notEditable: 'This work order can no longer be edited.',
  notStaged: 'Only a staged service request can be cancelled or submitted this way.',
  notSubmitted: 'This service request has not been submitted yet.',
  cannotArchive: 'Only a closed work order that is not archived can be archived.',
  serialMismatch: 'The serial number and plant do not match the home.',
} as const;

/* ---- dates and numbers ---- */

/** spec 3 §5: '' , null, the placeholder and any date before 1990 are "no date" (null). */
export function normalizeServiceDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const day = value.trim().slice(0, 10);
  if (day === '' || day < EARLIEST_REAL_DATE) return null;
  return day;
}

/** spec 3 §5: labor hours and trip time round to the nearest quarter hour (2 decimals). */
export const roundToQuarterHour = (hoursValue: number) => Number((Math.round(hoursValue * 4) / 4).toFixed(2));

/** A date field: 'YYYY-MM-DD' (a longer ISO timestamp is cut to its day), '' or null; answers the day or null. */
export const ServiceDate = v.pipe(
  v.nullish(v.string(WORK_ORDER_MESSAGES.invalidDate)),
  v.transform((value): string => value ?? ''),
  v.check((value: string) => value.trim() === '' || isRealDay(value.trim().slice(0, 10)), WORK_ORDER_MESSAGES.invalidDate),
  v.transform((value: string): string | null => normalizeServiceDate(value)),
);

/** Hours and miles, up to what their numeric(8,2) columns hold (money fields are text.ts Amount). */
const Hours = (message: string) => v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(999_999.99, message));
const QuarterHours = (message: string) => v.pipe(Hours(message), v.transform(roundToQuarterHour));

export interface DateRangeIssue {
  field: 'startDate' | 'endDate';
  message: string;
}

/** spec 3 §5 Information form: end before start, more than 14 days apart, or end without start. */
export function dateRangeIssue(startDate: string | null, endDate: string | null): DateRangeIssue | null {
  if (endDate === null) return null;
  if (startDate === null) return { field: 'startDate', message: WORK_ORDER_MESSAGES.endWithoutStart };
  const days = daysBetween(startDate, endDate);
  if (days < 0) return { field: 'endDate', message: WORK_ORDER_MESSAGES.endBeforeStart };
  if (days > MAX_DATE_RANGE_DAYS) return { field: 'endDate', message: WORK_ORDER_MESSAGES.rangeTooLong };
  return null;
}

/** spec 3 §5: missing if required and empty; too early before 60 days ago; too late after today. */
export function performedDateIssue(performedDate: string | null, required: boolean, today: string): string | null {
  if (performedDate === null) return required ? WORK_ORDER_MESSAGES.performedDateRequired : null;
  if (performedDate < addDaysToDay(today, -PERFORMED_DATE_MAX_AGE_DAYS)) return WORK_ORDER_MESSAGES.performedDateTooEarly;
  if (performedDate > today) return WORK_ORDER_MESSAGES.performedDateInFuture;
  return null;
}

/* ---- request type rules (spec 3 §4) ---- */

export interface RequestTypeSubject {
  isStaged: boolean;
  vantageCaseOrigin: string;
  requestType: string;
  status: string;
}

export const isHomeownerPortalOrigin = (origin: string) => origin.includes(HOMEOWNER_PORTAL_ORIGIN);

/**
 * spec 3 §4: a non-staged request, or one from the homeowner portal (portal deployed, type not
 * Standard, status not In Progress), is a Request for Payment: the type cannot be chosen and a
 * performed date is required.
 */
export function isRequestTypeForced(request: RequestTypeSubject, deployPortal: boolean): boolean {
  if (!request.isStaged) return true;
  return (
    deployPortal &&
    isHomeownerPortalOrigin(request.vantageCaseOrigin) &&
    request.requestType !== STANDARD_REQUEST &&
    request.status !== 'In Progress'
  );
}

/* ---- bodies ---- */

/** The information and additional-information panels (spec 3 §2): what PUT /service/{id} takes. */
export const ServiceRequestUpdate = v.object({
  requestType: v.optional(
    v.picklist(['', ...Object.keys(REQUEST_TYPES)] as [string, ...string[]], WORK_ORDER_MESSAGES.requestTypeUnknown),
    '',
  ),
  caseSubject: Text(255),
  caseDescription: Text(4000),
  technician: Text(100),
  requestDate: v.optional(ServiceDate, null),
  scheduledDate: v.optional(ServiceDate, null),
  performedDate: v.optional(ServiceDate, null),
  startDate: v.optional(ServiceDate, null),
  endDate: v.optional(ServiceDate, null),
  tripTime: v.optional(QuarterHours(WORK_ORDER_MESSAGES.numberInvalid), 0),
  mileage: v.optional(Hours(WORK_ORDER_MESSAGES.numberInvalid), 0),
  otherCosts: v.optional(Amount(WORK_ORDER_MESSAGES.numberInvalid), 0),
  signatureOnFile: v.optional(v.boolean(), false),
  isUnderWarranty: v.optional(v.boolean(), false),
  rowVersion: RowVersion,
});
export type ServiceRequestUpdate = v.InferOutput<typeof ServiceRequestUpdate>;

/**
 * The rules of the information form that need the request and today's date (spec 3 §4, §5):
 * the date range, and the performed date when the type is (or is forced to) Request for Payment.
 * Factory Service clears the performed date, so it is never checked then.
 */
export function informationIssues(
  update: Pick<ServiceRequestUpdate, 'requestType' | 'startDate' | 'endDate' | 'performedDate'>,
  today: string,
): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const range = dateRangeIssue(update.startDate, update.endDate);
  if (range) issues.push(range);
  if (update.requestType !== FACTORY_SERVICE) {
    const performed = performedDateIssue(update.performedDate, update.requestType === REQUEST_FOR_PAYMENT, today);
    if (performed) issues.push({ field: 'performedDate', message: performed });
  }
  return issues;
}

export interface SubmitSubject {
  isStaged: boolean;
  /** The type it will be submitted with: Request for Payment when forced (spec 3 §4). */
  requestType: string;
  itemCount: number;
  startDate: string | null;
  endDate: string | null;
  performedDate: string | null;
}

/**
 * spec 3 §5 Work order review submit: a staged request needs a request type, at least one service item
 * and a start date when an end date is set (not for Factory Service); a submitted one needs at least
 * one item, a start date if an end date is set, and a performed date for Request for Payment.
 */
export function submitIssues(request: SubmitSubject): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const { isStaged: staged, requestType } = request;
  if (staged && requestType === '') issues.push({ field: 'requestType', message: WORK_ORDER_MESSAGES.requestTypeRequired });
  if (request.itemCount === 0) issues.push({ field: 'serviceItems', message: WORK_ORDER_MESSAGES.serviceItemRequired });
  const needsStart = request.endDate !== null && request.startDate === null && (!staged || requestType !== FACTORY_SERVICE);
  if (needsStart) issues.push({ field: 'startDate', message: WORK_ORDER_MESSAGES.endWithoutStart });
  if (!staged && requestType === REQUEST_FOR_PAYMENT && request.performedDate === null) {
    issues.push({ field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateRequired });
  }
  return issues;
}

/** A service item / line item (spec 3 §5 Service item); hours round to the quarter. */
export const ServiceItemInput = v.object({
  problemDescription: RequiredText(WORK_ORDER_MESSAGES.problemDescriptionRequired, 2000, { allow: 'string' }),
  determinedCause: RequiredText(WORK_ORDER_MESSAGES.determinedCauseRequired, 2000, { allow: 'string' }),
  actionTaken: RequiredText(WORK_ORDER_MESSAGES.actionTakenRequired, 2000, { allow: 'string' }),
  declinedReason: Text(2000),
  serviceRequestCode: Text(2),
  partsCost: v.nullish(Amount(WORK_ORDER_MESSAGES.partsCostInvalid), null),
  laborHours: v.nullish(QuarterHours(WORK_ORDER_MESSAGES.laborHoursInvalid), null),
  isTwoMan: v.optional(v.boolean(), false),
  rowVersion: v.optional(RowVersion),
});
export type ServiceItemInput = v.InferOutput<typeof ServiceItemInput>;

/** spec 3 §5: parts cost and labor hours must be given unless the request is Factory Service. */
export function serviceItemIssues(item: Pick<ServiceItemInput, 'partsCost' | 'laborHours'>, requestType: string) {
  if (requestType === FACTORY_SERVICE) return [];
  const issues: { field: string; message: string }[] = [];
  if (item.partsCost === null) issues.push({ field: 'partsCost', message: WORK_ORDER_MESSAGES.partsCostInvalid });
  if (item.laborHours === null) issues.push({ field: 'laborHours', message: WORK_ORDER_MESSAGES.laborHoursInvalid });
  return issues;
}

/** spec 3 §5 Service item: the hourly rate follows isTwoMan. */
export const laborRateFor = (isTwoMan: boolean, rates: { oneManServiceRate: number; twoManServiceRate: number }) =>
  isTwoMan ? rates.twoManServiceRate : rates.oneManServiceRate;

/** A parts item on a request (spec 3 §3 Parts item). */
export const ServicePartInput = v.object({
  categoryNumber: Text(20),
  commodityNumber: Text(20),
  partNumber: Text(40),
  partDescription: RequiredText(WORK_ORDER_MESSAGES.partDescriptionRequired, 255, { allow: 'string' }),
  notes: Text(1000),
  billingCode: v.picklist(BILLING_CODES, WORK_ORDER_MESSAGES.billingCodeRequired),
  unitOfMeasure: RequiredText(WORK_ORDER_MESSAGES.unitOfMeasureRequired, 10, { allow: 'string' }),
  quantity: v.optional(
    v.pipe(
      v.number(WORK_ORDER_MESSAGES.quantityInvalid),
      v.integer(WORK_ORDER_MESSAGES.quantityInvalid),
      v.minValue(1, WORK_ORDER_MESSAGES.quantityInvalid),
    ),
    1,
  ),
  vantagePartsRequestNumber: v.optional(v.string()),
  rowVersion: v.optional(RowVersion),
});
export type ServicePartInput = v.InferOutput<typeof ServicePartInput>;

/** The fields of an attachment besides its file (multipart fields on upload, JSON on update). */
export const AttachmentFields = v.object({
  attachmentType: v.pipe(
    v.union([v.number(), v.string()], WORK_ORDER_MESSAGES.attachmentTypeRequired),
    v.transform(Number),
    v.picklist([1, 2], WORK_ORDER_MESSAGES.attachmentTypeRequired),
  ),
  description: Text(500),
  amount: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform((value) => (value === '' ? 0 : Number(value))),
      Amount(WORK_ORDER_MESSAGES.numberInvalid),
    ),
    0,
  ),
  rowVersion: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), RowVersion)),
});
export type AttachmentFields = v.InferOutput<typeof AttachmentFields>;

export const CreateServiceRequestQuery = v.object({
  plantNumber: PlantNumber,
  longSerialNumber: v.pipe(v.string(), v.trim(), v.nonEmpty(WORK_ORDER_MESSAGES.serialMismatch)),
  assetId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'assetId must be digits.'), v.transform(Number)),
});

/* ---- answers ---- */

export interface ServiceItem {
  serviceRequestItemId: number;
  serviceRequestSequence: number;
  vantageWorkOrderId: number | null;
  vantageWorkOrderLineItemId: number | null;
  problemDescription: string;
  determinedCause: string;
  actionTaken: string;
  declinedReason: string;
  serviceRequestCode: string;
  partsCost: number;
  laborHours: number;
  hourlyLaborRate: number;
  laborCost: number;
  isTwoMan: boolean;
  rowVersion: number;
}

export interface ServicePartsItem {
  partsOrderItemId: number;
  categoryNumber: string;
  commodityNumber: string;
  combinedPartNumber: string;
  partNumber: string;
  partDescription: string;
  notes: string;
  billingCode: string;
  unitOfMeasure: string;
  quantity: number;
  receivedDate: string;
  isCorrect: boolean | null;
  incorrectPartMessage: string;
  vantagePartsRequestNumber: string | null;
  vantagePartsRequestLineItemId: number | null;
  rowVersion: number;
}

export interface ServiceAttachment {
  serviceAttachmentId: number;
  workOrderId: number | null;
  contentDocumentId: string;
  attachmentType: 1 | 2;
  attachmentTypeDisplay: string;
  imageFileName: string;
  contentType: string;
  sizeBytes: number;
  isPdf: boolean;
  description: string;
  amount: number;
  /** Where the file is read, under the images base (GET, signed in). */
  imageUrl: string;
  rowVersion: number;
}

export interface ServiceAccount {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  emailAddress: string;
  phoneNumber: string;
  mobilePhoneNumber: string;
}

/** One row of GET /service: what the list searches, sorts and filters on (spec 3 §2). */
export interface ServiceRequestSummary {
  serviceRequestId: number;
  serviceRequestNumber: string;
  vantageWorkOrderId: number | null;
  vantageWorkOrderNumber: string | null;
  assetId: number;
  plantNumber: string;
  plantName: string;
  serialNumber: string;
  retailerNumber: string;
  vantageCaseOrigin: string;
  requestType: string;
  status: string;
  requestDate: string;
  startDate: string;
  endDate: string;
  performedDate: string;
  technician: string;
  totalServiceCost: number;
  totalCombinedCost: number;
  homeownerName: string;
  isClosed: boolean;
  isArchived: boolean;
  /** The day it last changed: created, edited, submitted, closed (kept-list rule, contract/kept-lists.ts). */
  changedOn: string;
  rowVersion: number;
}

/** A service request or work order with everything of spec 3 §3. */
export interface ServiceRequest extends ServiceRequestSummary {
  partsOrderId: number;
  caseSubject: string;
  caseDescription: string;
  scheduledDate: string;
  tripTime: number;
  mileage: number;
  mileageCost: number;
  driverCost: number;
  otherCosts: number;
  laborCost: number;
  partsCost: number;
  mileageRate: number;
  oneManServiceRate: number;
  twoManServiceRate: number;
  driverRate: number;
  longSerialNumber: string;
  modelNumber: string;
  signatureOnFile: boolean;
  isUnderWarranty: boolean;
  account: ServiceAccount;
  stockHomeString: string;
  serviceItems: ServiceItem[];
  partsItems: ServicePartsItem[];
  serviceAttachments: ServiceAttachment[];
  isStaged: boolean;
  isRequestTypeForced: boolean;
  canEdit: boolean;
  canArchive: boolean;
  isDispatchEnabled: boolean;
  /** The zone of its retail center's business day, which its date rules count from (contract/time-zones.ts). */
  timeZone?: string;
}

export interface UnitOfMeasure {
  abbreviation: string;
  description: string;
}

/*
 * ---- costs (spec 3 §3): computed on the server, shown by the client ----
 * Service money, answered to whoever may see the work order: View_Pricing is about the prices of homes (spec 2 §6).
 */

const cents = (value: number) => Math.round(value * 100) / 100;

export interface CostInput {
  tripTime: number;
  mileage: number;
  otherCosts: number;
  mileageRate: number;
  driverRate: number;
  items: readonly { laborHours: number; hourlyLaborRate: number; partsCost: number }[];
}

/**
 * totalServiceCost = labor (hours × the item's one- or two-man rate) + mileage × mileage rate
 * + trip time × driver rate + other costs; totalCombinedCost adds the items' parts cost.
 */
export function workOrderCosts(input: CostInput) {
  const laborCost = cents(input.items.reduce((sum, item) => sum + item.laborHours * item.hourlyLaborRate, 0));
  const partsCost = cents(input.items.reduce((sum, item) => sum + item.partsCost, 0));
  const mileageCost = cents(input.mileage * input.mileageRate);
  const driverCost = cents(input.tripTime * input.driverRate);
  const totalServiceCost = cents(laborCost + mileageCost + driverCost + input.otherCosts);
  return { laborCost, partsCost, mileageCost, driverCost, totalServiceCost, totalCombinedCost: cents(totalServiceCost + partsCost) };
}

/* ---- answer checks at the http boundary: the identifying fields of each answer, the rest as typed above ---- */

const SummaryFields = {
  serviceRequestId: v.number(),
  serviceRequestNumber: v.string(),
  vantageWorkOrderId: v.nullable(v.number()),
  plantNumber: v.string(),
  serialNumber: v.string(),
  status: v.string(),
  rowVersion: v.number(),
};
export const ServiceRequestSummaryRow = v.pipe(
  v.looseObject(SummaryFields),
  v.transform((row) => row as unknown as ServiceRequestSummary),
);
export const ServiceRequestListAnswer = v.array(ServiceRequestSummaryRow);

/** spec 3 §2 sort options of the work order list, by column name (End Date is the performed date). */
export const WORK_ORDER_SORT_NAMES = [
  'performedDate',
  'plant',
  'requestDate',
  'serialNumber',
  'startDate',
  'status',
  'technician',
  'totalCombinedCost',
  'totalServiceCost',
] as const;
export type WorkOrderSortName = (typeof WORK_ORDER_SORT_NAMES)[number];

/**
 * GET {api}/service?page=n[&q=][&sort=][&plant=][&status=][&portal=] (issue 31 §3): the list searched on the server, with
 * the screen's filters: a plant, a status as shown (statusLabel), and in homeowner portal mode only the portal's
 * requests ('only') or none of them ('none').
 */
export const WorkOrderSearchQueryFields = {
  ...searchQueryFields(WORK_ORDER_SORT_NAMES),
  plant: v.optional(PlantNumber),
  status: v.optional(Text(60, { allow: 'string' })),
  portal: v.optional(v.picklist(['only', 'none'], 'portal must be only or none.')),
};
export type WorkOrderSearchQuery = v.InferOutput<v.ObjectSchema<typeof WorkOrderSearchQueryFields, undefined>>;
export const ServiceRequestSearchAnswer = searchPageAnswer(ServiceRequestSummaryRow);
export const ServiceRequestAnswer = v.pipe(
  v.looseObject({
    ...SummaryFields,
    serviceItems: v.array(v.looseObject({ serviceRequestItemId: v.number() })),
    partsItems: v.array(v.any()),
    serviceAttachments: v.array(v.any()),
  }),
  v.transform((row) => row as unknown as ServiceRequest),
);
export const UnitsOfMeasureAnswer = v.array(v.object({ abbreviation: v.string(), description: v.string() }));
