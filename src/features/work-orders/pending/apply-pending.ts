import { pendingMarkOf } from '../../../offline/conflicts';
import {
  ATTACHMENT_TYPES,
  DATE_PLACEHOLDER,
  FACTORY_SERVICE,
  REQUEST_FOR_PAYMENT,
  UNSUBMITTED_STATUS,
  laborRateFor,
  roundToQuarterHour,
  workOrderCosts,
  type HomeSummary,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../../contract';
import type { JsonValue, OutboxEntry } from '../../../offline/db';
import { utcIsoDay } from '../../../lib/dates';
import {
  requestKeyOfRecord,
  type PendingMark,
  type ServiceAttachmentView,
  type ServiceRequestSummaryView,
  type ServiceRequestView,
} from '../model';

/*
 * The screens show a request as it will be once the outbox has replayed: the server's copy (or, for a
 * request made on this device, a skeleton from its home) with every queued call of its record applied
 * in queue order. The calls are the exact REST calls of spec 3 §7, so each is recognised by its path.
 * Nothing here is stored: after a reload the outbox still holds the calls and the view is the same.
 * Each queued update counts its record's rowVersion up by one, as the server will when it applies it:
 * a second edit made offline then carries the version the first one leaves behind, not a stale one.
 */

type Body = Record<string, JsonValue>;

export type PendingCall =
  | { kind: 'create' }
  /** PUT of the request's information, or DELETE of a staged request (cancel). */
  | { kind: 'information' }
  | { kind: 'submit' }
  | { kind: 'archive' }
  | { kind: 'item'; itemId?: string }
  | { kind: 'part'; itemId?: string }
  | { kind: 'attachment'; itemId?: string };

/** Which write of spec 3 §7 an outbox path is (the record it belongs to is known from its recordKey). */
export function classifyCall(path: string): PendingCall | undefined {
  const tail = (pattern: RegExp) => pattern.exec(path)?.[1];
  if (/\/CreateServiceRequest$/i.test(path)) return { kind: 'create' };
  if (/\/SubmitServiceRequest$/i.test(path) || /\/workorders\/[^/]+\/submit$/i.test(path)) return { kind: 'submit' };
  if (/\/workorders\/[^/]+\/archive$/i.test(path)) return { kind: 'archive' };
  if (/\/(items|lineitems)$/i.test(path)) return { kind: 'item' };
  const item = tail(/\/(?:items|lineitems)\/([^/]+)$/i);
  if (item) return { kind: 'item', itemId: decodeURIComponent(item) };
  const part = tail(/\/(?:PartsItem|partsitems)\/([^/]+)$/i);
  if (part) return { kind: 'part', itemId: decodeURIComponent(part) };
  if (/\/PartsOrder\/[^/]+$/i.test(path) || /\/partsitems$/i.test(path)) return { kind: 'part' };
  const attachment = tail(/\/(?:ServiceAttachment|attachments)\/([^/]+)$/i);
  if (attachment) return { kind: 'attachment', itemId: decodeURIComponent(attachment) };
  if (/\/(ServiceAttachment|attachments)$/i.test(path)) return { kind: 'attachment' };
  if (/^\/service\/(workorders\/)?[^/]+$/i.test(path)) return { kind: 'information' };
  return undefined;
}


const text = (body: Body, field: string, fallback: string) => (typeof body[field] === 'string' ? (body[field] as string) : fallback);
const numberOf = (body: Body, field: string, fallback: number) => {
  const value = body[field];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};
const boolOf = (body: Body, field: string, fallback: boolean) => (typeof body[field] === 'boolean' ? (body[field] as boolean) : fallback);
const dayOf = (body: Body, field: string, fallback: string) => {
  if (!(field in body)) return fallback;
  const value = body[field];
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 10) : DATE_PLACEHOLDER;
};
const asBody = (value: JsonValue | undefined): Body => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});

/** A request made on this device, before the server has it: what its create call and its home tell. */
export function skeletonRequest(create: OutboxEntry, home: HomeSummary | undefined): ServiceRequestView {
  const query = create.query ?? {};
  const key = create.createsTempId ?? create.id;
  const numberTempId = create.alsoCreates?.[0]?.tempId ?? key;
  const [firstName = '', ...rest] = (home?.homeownerName ?? '').split(' ');
  return {
    key,
    serviceRequestId: key,
    serviceRequestNumber: numberTempId,
    partsOrderId: key,
    vantageWorkOrderId: null,
    vantageWorkOrderNumber: null,
    assetId: Number(query.assetId ?? home?.assetId ?? 0),
    plantNumber: query.plantNumber ?? home?.plantNumber ?? '',
    plantName: home?.plantName ?? '',
    serialNumber: home?.serialNumber ?? query.longSerialNumber ?? '',
    longSerialNumber: query.longSerialNumber ?? home?.serialNumber ?? '',
    retailerNumber: home?.retailerNumber ?? '',
    modelNumber: home?.modelNumber ?? '',
    vantageCaseOrigin: 'HomeSite',
    requestType: '',
    status: UNSUBMITTED_STATUS,
    requestDate: utcIsoDay(create.createdAt),
    scheduledDate: DATE_PLACEHOLDER,
    startDate: DATE_PLACEHOLDER,
    endDate: DATE_PLACEHOLDER,
    performedDate: DATE_PLACEHOLDER,
    caseSubject: '',
    caseDescription: '',
    technician: '',
    tripTime: 0,
    mileage: 0,
    mileageCost: 0,
    driverCost: 0,
    otherCosts: 0,
    laborCost: 0,
    partsCost: 0,
    totalServiceCost: 0,
    totalCombinedCost: 0,
    // The plant's rates come with the server's answer; until then costs show what is known.
    mileageRate: 0,
    oneManServiceRate: 0,
    twoManServiceRate: 0,
    driverRate: 0,
    homeownerName: home?.homeownerName ?? '',
    signatureOnFile: false,
    isUnderWarranty: false,
    account: {
      firstName,
      lastName: rest.join(' '),
      street: home?.address1 ?? '',
      city: home?.city ?? '',
      state: home?.state ?? '',
      zip: home?.zipCode ?? '',
      emailAddress: '',
      phoneNumber: '',
      mobilePhoneNumber: '',
    },
    stockHomeString: home && home.soldDate === null ? 'Stock Home' : '',
    serviceItems: [],
    partsItems: [],
    serviceAttachments: [],
    isStaged: true,
    isRequestTypeForced: false,
    // Only a service admin can have queued the create; the server decides again when it arrives.
    canEdit: true,
    canArchive: false,
    isDispatchEnabled: false,
    isClosed: false,
    isArchived: false,
    rowVersion: 0,
    failures: [],
    hasPendingChanges: true,
  };
}

/** The server's request as a view, with nothing pending. */
export function viewOfServerRequest(request: ServiceRequest): ServiceRequestView {
  const workOrder = request.vantageWorkOrderId !== null;
  return {
    ...request,
    key: String(request.serviceRequestId),
    serviceItems: request.serviceItems.map((item) => ({ ...item, key: String(item.serviceRequestItemId) })),
    partsItems: request.partsItems.map((part) => ({ ...part, key: String(part.partsOrderItemId) })),
    serviceAttachments: request.serviceAttachments.map((attachment) => ({
      ...attachment,
      key: workOrder ? attachment.contentDocumentId : String(attachment.serviceAttachmentId),
    })),
    failures: [],
    hasPendingChanges: false,
  };
}

const matches = (id: string, ...candidates: (string | number | null)[]) => candidates.some((candidate) => candidate !== null && String(candidate) === id);

function applyItem(view: ServiceRequestView, entry: OutboxEntry, call: { itemId?: string }, mark: PendingMark) {
  if (entry.method === 'DELETE') {
    view.serviceItems = view.serviceItems.filter((item) => !matches(call.itemId ?? '', item.key, item.serviceRequestItemId));
    return;
  }
  const body = asBody(entry.body);
  const isTwoMan = boolOf(body, 'isTwoMan', false);
  const laborHours = body.laborHours === null ? 0 : roundToQuarterHour(numberOf(body, 'laborHours', 0));
  const hourlyLaborRate = laborRateFor(isTwoMan, view);
  const fields = {
    problemDescription: text(body, 'problemDescription', ''),
    determinedCause: text(body, 'determinedCause', ''),
    actionTaken: text(body, 'actionTaken', ''),
    declinedReason: text(body, 'declinedReason', ''),
    serviceRequestCode: text(body, 'serviceRequestCode', ''),
    partsCost: body.partsCost === null ? 0 : numberOf(body, 'partsCost', 0),
    laborHours,
    hourlyLaborRate,
    laborCost: Math.round(laborHours * hourlyLaborRate * 100) / 100,
    isTwoMan,
  };
  if (entry.method === 'POST') {
    const key = entry.createsTempId ?? entry.id;
    const sequence = Math.max(0, ...view.serviceItems.map((item) => item.serviceRequestSequence)) + 1;
    view.serviceItems = [
      ...view.serviceItems,
      {
        ...fields,
        key,
        serviceRequestItemId: key,
        serviceRequestSequence: sequence,
        vantageWorkOrderId: view.vantageWorkOrderId,
        vantageWorkOrderLineItemId: null,
        rowVersion: 0,
        pending: mark,
      },
    ];
    return;
  }
  view.serviceItems = view.serviceItems.map((item) =>
    matches(call.itemId ?? '', item.key, item.serviceRequestItemId)
      ? { ...item, ...fields, rowVersion: item.rowVersion + 1, pending: worst(item.pending, mark) }
      : item,
  );
}

function applyPart(view: ServiceRequestView, entry: OutboxEntry, call: { itemId?: string }, mark: PendingMark) {
  if (entry.method === 'DELETE') {
    view.partsItems = view.partsItems.filter((part) => !matches(call.itemId ?? '', part.key, part.partsOrderItemId, part.vantagePartsRequestLineItemId));
    return;
  }
  const body = asBody(entry.body);
  const fields = {
    categoryNumber: text(body, 'categoryNumber', ''),
    commodityNumber: text(body, 'commodityNumber', ''),
    partNumber: text(body, 'partNumber', ''),
    partDescription: text(body, 'partDescription', ''),
    notes: text(body, 'notes', ''),
    billingCode: text(body, 'billingCode', ''),
    unitOfMeasure: text(body, 'unitOfMeasure', ''),
    quantity: numberOf(body, 'quantity', 1),
  };
  const combinedPartNumber = `${fields.categoryNumber}${fields.commodityNumber}${fields.partNumber}`;
  if (entry.method === 'POST') {
    const key = entry.createsTempId ?? entry.id;
    view.partsItems = [
      ...view.partsItems,
      {
        ...fields,
        combinedPartNumber,
        key,
        partsOrderItemId: key,
        receivedDate: DATE_PLACEHOLDER,
        isCorrect: null,
        incorrectPartMessage: '',
        vantagePartsRequestNumber: null,
        vantagePartsRequestLineItemId: null,
        rowVersion: 0,
        pending: mark,
      },
    ];
    return;
  }
  view.partsItems = view.partsItems.map((part) =>
    matches(call.itemId ?? '', part.key, part.partsOrderItemId, part.vantagePartsRequestLineItemId)
      ? { ...part, ...fields, combinedPartNumber, rowVersion: part.rowVersion + 1, pending: worst(part.pending, mark) }
      : part,
  );
}

function applyAttachment(view: ServiceRequestView, entry: OutboxEntry, call: { itemId?: string }, mark: PendingMark) {
  const isIt = (attachment: ServiceAttachmentView) =>
    matches(call.itemId ?? '', attachment.key, attachment.serviceAttachmentId, attachment.contentDocumentId);
  if (entry.method === 'DELETE') {
    view.serviceAttachments = view.serviceAttachments.filter((attachment) => !isIt(attachment));
    return;
  }
  const body = asBody(entry.body);
  const attachmentType = numberOf(body, 'attachmentType', 1) === 2 ? 2 : 1;
  const fields = {
    attachmentType,
    attachmentTypeDisplay: ATTACHMENT_TYPES[attachmentType],
    description: text(body, 'description', ''),
    amount: numberOf(body, 'amount', 0),
  } as const;
  if (entry.method === 'POST') {
    const key = entry.createsTempId ?? entry.id;
    const fileId = entry.fileIds[0];
    view.serviceAttachments = [
      ...view.serviceAttachments,
      {
        ...fields,
        key,
        serviceAttachmentId: key,
        workOrderId: view.vantageWorkOrderId,
        contentDocumentId: key,
        // Name, type and size are those of the local file (localFileId) until the server has it.
        imageFileName: '',
        contentType: '',
        sizeBytes: 0,
        isPdf: false,
        imageUrl: '',
        rowVersion: 0,
        pending: mark,
        ...(fileId ? { localFileId: fileId } : {}),
      },
    ];
    return;
  }
  view.serviceAttachments = view.serviceAttachments.map((attachment) =>
    isIt(attachment) ? { ...attachment, ...fields, rowVersion: attachment.rowVersion + 1, pending: worst(attachment.pending, mark) } : attachment,
  );
}

function applyInformation(view: ServiceRequestView, body: Body) {
  const requestType = view.isRequestTypeForced ? REQUEST_FOR_PAYMENT : text(body, 'requestType', view.requestType);
  view.requestType = requestType;
  view.caseSubject = text(body, 'caseSubject', view.caseSubject);
  view.caseDescription = text(body, 'caseDescription', view.caseDescription);
  view.technician = text(body, 'technician', view.technician);
  view.requestDate = dayOf(body, 'requestDate', view.requestDate);
  view.scheduledDate = dayOf(body, 'scheduledDate', view.scheduledDate);
  view.startDate = dayOf(body, 'startDate', view.startDate);
  view.endDate = dayOf(body, 'endDate', view.endDate);
  // spec 3 §4: Factory Service clears the performed date.
  view.performedDate = requestType === FACTORY_SERVICE ? DATE_PLACEHOLDER : dayOf(body, 'performedDate', view.performedDate);
  view.tripTime = roundToQuarterHour(numberOf(body, 'tripTime', view.tripTime));
  view.mileage = numberOf(body, 'mileage', view.mileage);
  view.otherCosts = numberOf(body, 'otherCosts', view.otherCosts);
  view.signatureOnFile = boolOf(body, 'signatureOnFile', view.signatureOnFile);
  view.isUnderWarranty = boolOf(body, 'isUnderWarranty', view.isUnderWarranty);
}

/** A failed change outweighs a pending one on the same row. */
const worst = (current: PendingMark | undefined, next: PendingMark) => (current?.state === 'failed' ? current : next);

/**
 * The request as it will be: `base` (the server's copy; undefined for a request made on this device)
 * with `entries` (its record's outbox entries, in queue order) applied. Undefined when there is
 * neither a server copy nor a create to build one from.
 */
export function applyPending(
  base: ServiceRequest | undefined,
  entries: readonly OutboxEntry[],
  homeOf: (assetId: number) => HomeSummary | undefined = () => undefined,
): ServiceRequestView | undefined {
  const create = entries.find((entry) => classifyCall(entry.path)?.kind === 'create');
  let view: ServiceRequestView | undefined = base
    ? viewOfServerRequest(base)
    : create
      ? skeletonRequest(create, homeOf(Number(create.query?.assetId)))
      : undefined;
  if (!view) return undefined;
  view = { ...view, serviceItems: [...view.serviceItems], partsItems: [...view.partsItems], serviceAttachments: [...view.serviceAttachments] };

  for (const entry of entries) {
    const call = classifyCall(entry.path);
    if (!call) continue;
    const mark = pendingMarkOf(entry);
    view.hasPendingChanges = true;
    if (mark.state === 'failed') view.failures.push(mark);
    switch (call.kind) {
      case 'create':
        if (!base) view.pending = mark;
        break;
      case 'information':
        if (entry.method === 'DELETE') view.pendingCancel = mark;
        else {
          applyInformation(view, asBody(entry.body));
          view.rowVersion += 1;
          view.pending = worst(view.pending, mark);
        }
        break;
      case 'submit':
        view.pendingSubmit = mark;
        view.rowVersion += 1;
        break;
      case 'archive':
        view.pending = worst(view.pending, mark);
        view.rowVersion += 1;
        break;
      case 'item':
        applyItem(view, entry, call, mark);
        break;
      case 'part':
        applyPart(view, entry, call, mark);
        break;
      case 'attachment':
        applyAttachment(view, entry, call, mark);
        break;
    }
  }
  if (view.hasPendingChanges) {
    // Totals as the server will compute them from what is known here (spec 3 §3 costs).
    const costs = workOrderCosts({ ...view, items: view.serviceItems });
    Object.assign(view, costs);
  }
  return view;
}

const summaryOf = (view: ServiceRequestView): ServiceRequestSummaryView => ({
  key: view.key,
  serviceRequestId: view.serviceRequestId,
  serviceRequestNumber: view.serviceRequestNumber,
  vantageWorkOrderId: view.vantageWorkOrderId,
  vantageWorkOrderNumber: view.vantageWorkOrderNumber,
  assetId: view.assetId,
  plantNumber: view.plantNumber,
  plantName: view.plantName,
  serialNumber: view.serialNumber,
  retailerNumber: view.retailerNumber,
  vantageCaseOrigin: view.vantageCaseOrigin,
  requestType: view.requestType,
  status: view.status,
  requestDate: view.requestDate,
  startDate: view.startDate,
  endDate: view.endDate,
  performedDate: view.performedDate,
  technician: view.technician,
  totalServiceCost: view.totalServiceCost,
  totalCombinedCost: view.totalCombinedCost,
  homeownerName: view.homeownerName,
  isClosed: view.isClosed,
  isArchived: view.isArchived,
  rowVersion: view.rowVersion,
  ...(view.pending || view.pendingSubmit || view.pendingCancel || view.hasPendingChanges
    ? { pending: view.failures[0] ?? view.pending ?? view.pendingSubmit ?? view.pendingCancel ?? markOfFirst(view) }
    : {}),
});

const markOfFirst = (view: ServiceRequestView): PendingMark | undefined =>
  [...view.serviceItems, ...view.partsItems, ...view.serviceAttachments].find((row) => row.pending)?.pending;

/**
 * The list as it will be: the server's rows with their records' queued changes applied and marked,
 * and the requests made on this device (newest first, ahead of the server's rows).
 * `details` gives the cached full copy of a request when there is one (for its costs).
 */
/**
 * The view of a row with nothing queued, made once per row object: a list of 50,000 rows keeps its views (and
 * the search text lib/list.ts keeps per view) when only the queue changed.
 */
const plainViews = new WeakMap<ServiceRequestSummary, ServiceRequestSummaryView>();
function plainView(row: ServiceRequestSummary): ServiceRequestSummaryView {
  let view = plainViews.get(row);
  if (!view) plainViews.set(row, (view = { ...row, key: String(row.serviceRequestId) }));
  return view;
}

export function applyPendingToList(
  rows: readonly ServiceRequestSummary[],
  entries: readonly OutboxEntry[],
  homeOf: (assetId: number) => HomeSummary | undefined = () => undefined,
): ServiceRequestSummaryView[] {
  const byRecord = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const key = requestKeyOfRecord(entry.recordKey);
    if (key === undefined) continue;
    byRecord.set(key, [...(byRecord.get(key) ?? []), entry]);
  }
  const result: ServiceRequestSummaryView[] = [];
  const created: ServiceRequestSummaryView[] = [];
  const listed = byRecord.size > 0 ? new Set(rows.map((row) => String(row.serviceRequestId))) : undefined;
  for (const [key, recordEntries] of byRecord) {
    if (listed?.has(key)) continue;
    const view = applyPending(undefined, recordEntries, homeOf);
    if (view) created.unshift(summaryOf(view));
  }
  for (const row of rows) {
    const recordEntries = byRecord.size > 0 ? byRecord.get(String(row.serviceRequestId)) : undefined;
    if (!recordEntries) {
      result.push(plainView(row));
      continue;
    }
    const key = String(row.serviceRequestId);
    const summary: ServiceRequestSummaryView = { ...row, key };
    const view = applyPending(asMinimalRequest(row), recordEntries, homeOf);
    if (!view) continue;
    const merged = summaryOf(view);
    // Costs of a summary without its items cannot be recomputed here; the server's totals stay.
    result.push({ ...merged, totalServiceCost: summary.totalServiceCost, totalCombinedCost: summary.totalCombinedCost });
  }
  return [...created, ...result];
}

/** A summary dressed as a request with no items, so list rows go through the same applyPending. */
function asMinimalRequest(row: ServiceRequestSummary): ServiceRequest {
  return {
    ...row,
    partsOrderId: row.serviceRequestId,
    caseSubject: '',
    caseDescription: '',
    scheduledDate: DATE_PLACEHOLDER,
    tripTime: 0,
    mileage: 0,
    mileageCost: 0,
    driverCost: 0,
    otherCosts: 0,
    laborCost: 0,
    partsCost: 0,
    mileageRate: 0,
    oneManServiceRate: 0,
    twoManServiceRate: 0,
    driverRate: 0,
    longSerialNumber: row.serialNumber,
    modelNumber: '',
    signatureOnFile: false,
    isUnderWarranty: false,
    account: { firstName: '', lastName: '', street: '', city: '', state: '', zip: '', emailAddress: '', phoneNumber: '', mobilePhoneNumber: '' },
    stockHomeString: '',
    serviceItems: [],
    partsItems: [],
    serviceAttachments: [],
    isStaged: row.vantageWorkOrderId === null,
    isRequestTypeForced: row.vantageWorkOrderId !== null,
    canEdit: true,
    canArchive: false,
    isDispatchEnabled: false,
  };
}
