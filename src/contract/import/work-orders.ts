import * as v from 'valibot';
import { ATTACHMENT_TYPES, BILLING_CODES, MAX_FILE_NAME_LENGTH, REQUEST_TYPES, WORK_ORDER_STATUSES } from '../work-orders';
import {
  booleanCell,
  choiceCell,
  dateCell,
  decimalCell,
  digitsCell,
  importColumns,
  INTEGER_MAX,
  integerCell,
  optional,
  required,
  textCell,
  type Cell,
} from './cells';
import { documentFileCell } from './help-documents';
import { amountCell, fieldsObject, jsonCell } from './quotes';

/*
 * Import kind `work-orders`: the service history of a source system (spec 3 §3 Service request / work order), one
 * work order a row with its service items, parts items and attachments. Natural key: the source's work order id
 * (vantageWorkOrderId, in the work order's address /workorders/{id}). Only submitted work orders are imported:
 * a staged (Unsubmitted) request is a draft on a retailer's device, which no source system has.
 */

/** Hours and trip time: numeric(8, 2). */
export const HOURS_MAX = 999_999.99;
const hoursCell = decimalCell(0, HOURS_MAX, 2);
/** Far beyond any real work order; they keep a row's size bounded. */
export const WORK_ORDER_ITEMS_MAX = 200;

/** A serial number as homes are imported with it: letters, digits, dashes, compared in capitals. */
export const serialNumberCell = v.pipe(
  textCell(40, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] }),
  v.transform((serial) => serial.toUpperCase()),
);

/** A list of objects in one cell (JSON; CSV: JSON text), at most `max`. */
const listOf = <T>(item: Cell<T>, what: string, max: number) =>
  optional(jsonCell(v.pipe(v.array(item, `Must be a list of ${what}.`), v.maxLength(max, `Can have at most ${max} ${what}.`))), [] as T[]);

const serviceItemFields = {
  problemDescription: required(textCell(2000, { multiline: true })),
  determinedCause: required(textCell(2000, { multiline: true })),
  actionTaken: required(textCell(2000, { multiline: true })),
  declinedReason: optional(textCell(2000, { multiline: true }), ''),
  /** D: declined (spec 3 §3). */
  serviceRequestCode: optional(textCell(2), ''),
  partsCost: optional(amountCell, 0),
  laborHours: optional(hoursCell, 0),
  isTwoMan: optional(booleanCell, false),
  /** Default: the work order's two-man or one-man rate, as isTwoMan says (spec 3 §5). */
  hourlyLaborRate: optional(amountCell),
};

/** A parts item, of a work order or of a parts order (spec 3 §3 Parts item). */
export const partsItemFields = {
  categoryNumber: optional(textCell(20), ''),
  commodityNumber: optional(textCell(20), ''),
  partNumber: optional(textCell(40), ''),
  partDescription: required(textCell(255)),
  notes: optional(textCell(1000, { multiline: true }), ''),
  billingCode: required(choiceCell(BILLING_CODES)),
  /** A unit of measure HomeSite has, e.g. EA. */
  unitOfMeasure: required(textCell(10)),
  quantity: optional(integerCell(1, INTEGER_MAX), 1),
  /** The receipt: the day it came in, whether it was the right part, and what was wrong when it was not. */
  receivedDate: optional(dateCell),
  isCorrect: optional(booleanCell),
  incorrectPartMessage: optional(textCell(500), ''),
};
export const PartsItemImport = v.pipe(
  fieldsObject(partsItemFields, 'a parts item'),
  v.forward(
    v.check((item) => item.isCorrect !== false || item.incorrectPartMessage !== '', 'Say what was wrong with an incorrect part.'),
    ['incorrectPartMessage'],
  ),
  v.forward(
    v.check(
      (item) => item.isCorrect === undefined || item.receivedDate !== undefined,
      'A part marked correct or not was received: give the day.',
    ),
    ['receivedDate'],
  ),
);
export type PartsItemImport = v.InferOutput<typeof PartsItemImport>;

const ATTACHMENT_TYPE_CODES = { 'Service Issue': 1, 'Receipt/Invoice': 2 } as const;

const attachmentFields = {
  /** The source's id of the document ('069…' in the service system): the attachment's key, unique across work orders. */
  contentDocumentId: required(textCell(40, { pattern: [/^[A-Za-z0-9_-]+$/, 'Must be letters, digits, _ or -.'] })),
  /** 1 or Service Issue, 2 or Receipt/Invoice. */
  attachmentType: required(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'number' ? String(value) : value)),
      choiceCell(['1', '2', ...Object.values(ATTACHMENT_TYPES)]),
      v.transform((choice): 1 | 2 => (choice === '1' || choice === '2' ? (Number(choice) as 1 | 2) : ATTACHMENT_TYPE_CODES[choice])),
    ),
  ),
  description: optional(textCell(500), ''),
  amount: optional(amountCell, 0),
  /** The photo or PDF (JPEG, PNG, GIF or PDF, told by its bytes), relative to the imported file. */
  file: optional(documentFileCell),
  /** The name it opens under; default: the name of `file`. Required without a file. */
  fileName: optional(textCell(MAX_FILE_NAME_LENGTH, { pattern: [/^[^/\\]+$/, 'Must be a file name, without folders.'] })),
};
export const AttachmentImport = v.pipe(
  fieldsObject(attachmentFields, 'an attachment'),
  v.forward(
    v.check((attachment) => attachment.file !== undefined || attachment.fileName !== undefined, 'Give the file, or its name.'),
    ['fileName'],
  ),
  v.transform((attachment) => ({ ...attachment, fileName: attachment.fileName ?? attachment.file!.split('/').pop()! })),
);
export type AttachmentImport = v.InferOutput<typeof AttachmentImport>;

/** Every status but Unsubmitted: an imported request is a work order. */
export const IMPORTED_WORK_ORDER_STATUSES = Object.keys(WORK_ORDER_STATUSES) as (keyof typeof WORK_ORDER_STATUSES)[];

const workOrderColumns = {
  /** The source's work order id: the key, and the work order's address (/workorders/{id}). Below WORK_ORDER_NUMBER_START. */
  workOrderId: required(integerCell(1, INTEGER_MAX)),
  /** The number users see, e.g. WO-0412007. */
  workOrderNumber: required(textCell(20, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] })),
  /** The home, which must be on file: the work order is at its plant. */
  serialNumber: required(serialNumberCell),
  /** The retail center whose list shows it; default: the home's retailer. */
  retailerNumber: optional(digitsCell(10)),
  /** The source's case number; default empty. */
  serviceRequestNumber: optional(textCell(20), ''),
  /** Where the case came from, e.g. Homeowner Portal (spec 3 §9). */
  caseOrigin: optional(textCell(100), ''),
  caseSubject: optional(textCell(255), ''),
  caseDescription: optional(textCell(4000, { multiline: true }), ''),
  /** A Authorization, F Factory Service, V Request for Payment, D Dispatch Work Order, S Standard; default none. */
  requestType: optional(choiceCell(Object.keys(REQUEST_TYPES) as (keyof typeof REQUEST_TYPES)[])),
  /** A status code of spec 3 §3, e.g. O Open, P Payment Completed. */
  status: required(choiceCell(IMPORTED_WORK_ORDER_STATUSES)),
  requestDate: required(dateCell),
  scheduledDate: optional(dateCell),
  performedDate: optional(dateCell),
  startDate: optional(dateCell),
  endDate: optional(dateCell),
  technician: optional(textCell(100), ''),
  tripTime: optional(hoursCell, 0),
  mileage: optional(hoursCell, 0),
  otherCosts: optional(amountCell, 0),
  /** The rates the work order was priced at; each defaults to the plant's service rate. */
  mileageRate: optional(amountCell),
  oneManServiceRate: optional(amountCell),
  twoManServiceRate: optional(amountCell),
  driverRate: optional(amountCell),
  signatureOnFile: optional(booleanCell, false),
  isUnderWarranty: optional(booleanCell, false),
  /** Only a closed work order can be archived (spec 3 §4). */
  isArchived: optional(booleanCell, false),
  serviceItems: listOf(fieldsObject(serviceItemFields, 'a service item'), 'service items', WORK_ORDER_ITEMS_MAX),
  partsItems: listOf(PartsItemImport, 'parts items', WORK_ORDER_ITEMS_MAX),
  attachments: listOf(AttachmentImport, 'attachments', WORK_ORDER_ITEMS_MAX),
};

const CLOSED_STATUS_CODES: readonly string[] = ['G', 'N', 'P', 'X', 'Z'];

export const WorkOrderImportRow = v.pipe(
  v.object(workOrderColumns),
  v.forward(
    v.check((row) => row.endDate === undefined || row.startDate !== undefined, 'An end date needs a start date.'),
    ['startDate'],
  ),
  v.forward(
    v.check(
      (row) => row.endDate === undefined || row.startDate === undefined || row.endDate >= row.startDate,
      'Must be on or after the start date.',
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (row) => !row.isArchived || CLOSED_STATUS_CODES.includes(row.status),
      'Only a closed work order (G, N, P, X, Z) can be archived.',
    ),
    ['isArchived'],
  ),
  v.forward(
    v.check(
      (row) => new Set(row.attachments.map((item) => item.contentDocumentId)).size === row.attachments.length,
      'A contentDocumentId is listed twice.',
    ),
    ['attachments'],
  ),
);
export type WorkOrderImportRow = v.InferOutput<typeof WorkOrderImportRow>;
export const WORK_ORDER_IMPORT_COLUMNS = importColumns(workOrderColumns);
