import { entriesByRecord, queuedApplier } from '../../../offline/apply-queued';
import {
  ATTACHMENT_TYPES,
  AttachmentFields,
  DATE_PLACEHOLDER,
  DEFAULT_ORG_TIME_ZONE,
  FACTORY_SERVICE,
  REQUEST_FOR_PAYMENT,
  ServiceItemInput,
  ServicePartInput,
  ServiceRequestUpdate,
  UNSUBMITTED_STATUS,
  businessDay,
  laborRateFor,
  workOrderCosts,
  type HomeSummary,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../../contract';
import type { OutboxEntry } from '../../../offline/db';
import { bodyFields } from '../../../offline/read-entry';
import { applyPartsItemChange, worstMark as worst } from '../../../entities/pending-parts-items';
import { workOrderIntentOf, type WorkOrderIntent } from '../api/calls';
import {
  requestKeyOfRecord,
  type PendingMark,
  type ServiceAttachmentView,
  type ServicePartsItemView,
  type ServiceRequestSummaryView,
  type ServiceRequestView,
} from '../model';

/*
 * The screens show a request as it will be once the outbox has replayed: the server's copy (or, for a
 * request made on this device, a skeleton from its home) with every queued call of its record applied
 * in queue order. What each call does is its intent (api/calls.ts WorkOrderIntent); its body is read with
 * the contract's schema. Nothing here is stored: after a reload the outbox still holds the calls and the
 * view is the same. Each queued update counts its record's rowVersion up by one, as the server will when
 * it applies it: a second edit made offline then carries the version the first one leaves behind, not a
 * stale one.
 */

type CreateIntent = Extract<WorkOrderIntent, { kind: 'create-request' }>;
type RowIntent = Extract<WorkOrderIntent, { kind: 'service-item' | 'parts-item' | 'attachment' }>;

/** A date of an information body as the view shows it: the placeholder for none. */
const shownDay = (day: string | null | undefined, fallback: string) => (day === undefined ? fallback : (day ?? DATE_PLACEHOLDER));

/** A request made on this device, before the server has it: what its create and its home tell. */
export function skeletonRequest(create: OutboxEntry, intent: CreateIntent, home: HomeSummary | undefined): ServiceRequestView {
  const key = intent.requestId;
  const [firstName = '', ...rest] = (home?.homeownerName ?? '').split(' ');
  const madeOn = businessDay(intent.timeZone ?? DEFAULT_ORG_TIME_ZONE, create.createdAt);
  return {
    key,
    serviceRequestId: key,
    serviceRequestNumber: intent.requestNumber,
    partsOrderId: key,
    vantageWorkOrderId: null,
    vantageWorkOrderNumber: null,
    assetId: intent.assetId,
    plantNumber: intent.plantNumber,
    plantName: home?.plantName ?? '',
    serialNumber: home?.serialNumber ?? intent.longSerialNumber,
    longSerialNumber: intent.longSerialNumber,
    retailerNumber: home?.retailerNumber ?? '',
    modelNumber: home?.modelNumber ?? '',
    vantageCaseOrigin: 'HomeSite',
    requestType: '',
    status: UNSUBMITTED_STATUS,
    requestDate: madeOn,
    changedOn: madeOn,
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

const matches = (id: string, ...candidates: (string | number | null)[]) =>
  candidates.some((candidate) => candidate !== null && String(candidate) === id);

function applyItem(view: ServiceRequestView, entry: OutboxEntry, intent: RowIntent, mark: PendingMark) {
  if (intent.action === 'remove') {
    view.serviceItems = view.serviceItems.filter((item) => !matches(intent.id, item.key, item.serviceRequestItemId));
    return;
  }
  const body = bodyFields(ServiceItemInput, entry.body);
  const isTwoMan = body.isTwoMan ?? false;
  const laborHours = body.laborHours ?? 0;
  const hourlyLaborRate = laborRateFor(isTwoMan, view);
  const fields = {
    problemDescription: body.problemDescription ?? '',
    determinedCause: body.determinedCause ?? '',
    actionTaken: body.actionTaken ?? '',
    declinedReason: body.declinedReason ?? '',
    serviceRequestCode: body.serviceRequestCode ?? '',
    partsCost: body.partsCost ?? 0,
    laborHours,
    hourlyLaborRate,
    laborCost: Math.round(laborHours * hourlyLaborRate * 100) / 100,
    isTwoMan,
  };
  if (intent.action === 'add') {
    const sequence = Math.max(0, ...view.serviceItems.map((item) => item.serviceRequestSequence)) + 1;
    view.serviceItems = [
      ...view.serviceItems,
      {
        ...fields,
        key: intent.id,
        serviceRequestItemId: intent.id,
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
    matches(intent.id, item.key, item.serviceRequestItemId)
      ? { ...item, ...fields, rowVersion: item.rowVersion + 1, pending: worst(item.pending, mark) }
      : item,
  );
}

function applyPart(view: ServiceRequestView, entry: OutboxEntry, intent: RowIntent, mark: PendingMark) {
  const isIt = (part: ServicePartsItemView) => matches(intent.id, part.key, part.partsOrderItemId, part.vantagePartsRequestLineItemId);
  view.partsItems = applyPartsItemChange(view.partsItems, intent, () => bodyFields(ServicePartInput, entry.body), mark, isIt);
}

function applyAttachment(view: ServiceRequestView, entry: OutboxEntry, intent: RowIntent, mark: PendingMark) {
  const isIt = (attachment: ServiceAttachmentView) =>
    matches(intent.id, attachment.key, attachment.serviceAttachmentId, attachment.contentDocumentId);
  if (intent.action === 'remove') {
    view.serviceAttachments = view.serviceAttachments.filter((attachment) => !isIt(attachment));
    return;
  }
  // Multipart fields come as text; the contract's schema reads them as the server does.
  const body = bodyFields(AttachmentFields, entry.body);
  const attachmentType = body.attachmentType ?? 1;
  const fields = {
    attachmentType,
    attachmentTypeDisplay: ATTACHMENT_TYPES[attachmentType],
    description: body.description ?? '',
    amount: body.amount ?? 0,
  } as const;
  if (intent.action === 'add') {
    const fileId = entry.fileIds[0];
    view.serviceAttachments = [
      ...view.serviceAttachments,
      {
        ...fields,
        key: intent.id,
        serviceAttachmentId: intent.id,
        workOrderId: view.vantageWorkOrderId,
        contentDocumentId: intent.id,
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
    isIt(attachment)
      ? { ...attachment, ...fields, rowVersion: attachment.rowVersion + 1, pending: worst(attachment.pending, mark) }
      : attachment,
  );
}

function applyInformation(view: ServiceRequestView, entry: OutboxEntry) {
  const body = bodyFields(ServiceRequestUpdate, entry.body);
  const requestType = view.isRequestTypeForced ? REQUEST_FOR_PAYMENT : (body.requestType ?? view.requestType);
  view.requestType = requestType;
  view.caseSubject = body.caseSubject ?? view.caseSubject;
  view.caseDescription = body.caseDescription ?? view.caseDescription;
  view.technician = body.technician ?? view.technician;
  view.requestDate = shownDay(body.requestDate, view.requestDate);
  view.scheduledDate = shownDay(body.scheduledDate, view.scheduledDate);
  view.startDate = shownDay(body.startDate, view.startDate);
  view.endDate = shownDay(body.endDate, view.endDate);
  // spec 3 §4: Factory Service clears the performed date.
  view.performedDate = requestType === FACTORY_SERVICE ? DATE_PLACEHOLDER : shownDay(body.performedDate, view.performedDate);
  view.tripTime = body.tripTime ?? view.tripTime;
  view.mileage = body.mileage ?? view.mileage;
  view.otherCosts = body.otherCosts ?? view.otherCosts;
  view.signatureOnFile = body.signatureOnFile ?? view.signatureOnFile;
  view.isUnderWarranty = body.isUnderWarranty ?? view.isUnderWarranty;
}

/** A queued change of the request or its rows, besides its create, cancel and submit (offline/apply-queued.ts). */
function applyChange(view: ServiceRequestView, intent: WorkOrderIntent, entry: OutboxEntry, mark: PendingMark) {
  switch (intent.kind) {
    case 'information':
      applyInformation(view, entry);
      view.rowVersion += 1;
      view.pending = worst(view.pending, mark);
      break;
    case 'archive':
      view.pending = worst(view.pending, mark);
      view.rowVersion += 1;
      break;
    case 'service-item':
      applyItem(view, entry, intent, mark);
      break;
    case 'parts-item':
      applyPart(view, entry, intent, mark);
      break;
    case 'attachment':
      applyAttachment(view, entry, intent, mark);
      break;
    default:
      // The create, the cancel and the submit are queuedApplier's; a kind added to the union and missed here fails to compile.
      intent satisfies Extract<WorkOrderIntent, { kind: 'create-request' | 'cancel' | 'submit' }>;
  }
}

/** The request the queued changes apply to: the server's, or the one its queued create makes; its rows copied. */
function requestToChange(
  server: ServiceRequest | undefined,
  create: { entry: OutboxEntry; intent: WorkOrderIntent } | undefined,
  homeOf: (assetId: number) => HomeSummary | undefined,
): ServiceRequestView | undefined {
  let view: ServiceRequestView;
  if (server) view = viewOfServerRequest(server);
  else if (create?.intent.kind === 'create-request') view = skeletonRequest(create.entry, create.intent, homeOf(create.intent.assetId));
  else return undefined;
  return {
    ...view,
    serviceItems: [...view.serviceItems],
    partsItems: [...view.partsItems],
    serviceAttachments: [...view.serviceAttachments],
  };
}

const applyEntries = queuedApplier({
  intentOf: workOrderIntentOf,
  createKind: 'create-request',
  start: requestToChange,
  apply: applyChange,
});

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
  const view = applyEntries(base, entries, homeOf);
  if (!view) return undefined;
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
  changedOn: view.changedOn,
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
  const byRecord = entriesByRecord(entries, requestKeyOfRecord);
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
    account: {
      firstName: '',
      lastName: '',
      street: '',
      city: '',
      state: '',
      zip: '',
      emailAddress: '',
      phoneNumber: '',
      mobilePhoneNumber: '',
    },
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
