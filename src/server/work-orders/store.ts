import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  ATTACHMENT_TYPES,
  DATE_PLACEHOLDER,
  isRequestTypeForced,
  workOrderCosts,
  type ServiceAttachment,
  type ServiceItem,
  type ServicePartsItem,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../contract';
import { DEFAULT_BASES } from '../../contract/bases';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { zoneOf } from '../business-day/business-day';
import { ruledList, type KeptRule } from '../sync/kept-rule';
import { readWindow, sessionScope, type SyncSource } from '../sync/source';
import { allRows, keysetPages, type ListPages } from '../sync/stream-list';
import {
  canArchive,
  canEdit,
  isClosed,
  isDispatchEnabled,
  isStaged,
  openRequests,
  scopeOf,
  visibleAnd,
  visibleByScope,
  visibleRequests,
} from './rules';

export type RequestRow = typeof t.serviceRequests.$inferSelect;
export type ItemRow = typeof t.serviceItems.$inferSelect;
type PartRow = typeof t.serviceParts.$inferSelect;
type AttachmentRow = Omit<typeof t.serviceAttachments.$inferSelect, 'data'>;

/** Every attachment column but the bytes: what lists and answers read (the bytes are served by the images base). */
export const attachmentColumns = {
  id: t.serviceAttachments.id,
  serviceRequestId: t.serviceAttachments.serviceRequestId,
  contentDocumentId: t.serviceAttachments.contentDocumentId,
  attachmentType: t.serviceAttachments.attachmentType,
  description: t.serviceAttachments.description,
  amount: t.serviceAttachments.amount,
  fileName: t.serviceAttachments.fileName,
  contentType: t.serviceAttachments.contentType,
  sizeBytes: t.serviceAttachments.sizeBytes,
  sha256: t.serviceAttachments.sha256,
  rowVersion: t.serviceAttachments.rowVersion,
  createdAt: t.serviceAttachments.createdAt,
} satisfies Record<keyof AttachmentRow, unknown>;

const day = (value: string | null) => value ?? DATE_PLACEHOLDER;

/** The attachment's file name under the images base: its document id and the extension of its type. */
export const attachmentFileName = (contentDocumentId: string, contentType: string) =>
  `${contentDocumentId}.${{ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'application/pdf': 'pdf' }[contentType] ?? 'bin'}`;

export function toServiceItem(row: ItemRow, request: Pick<RequestRow, 'vantageWorkOrderId'>): ServiceItem {
  return {
    serviceRequestItemId: row.id,
    serviceRequestSequence: row.sequence,
    vantageWorkOrderId: request.vantageWorkOrderId,
    vantageWorkOrderLineItemId: request.vantageWorkOrderId === null ? null : row.id,
    problemDescription: row.problemDescription,
    determinedCause: row.determinedCause,
    actionTaken: row.actionTaken,
    declinedReason: row.declinedReason,
    serviceRequestCode: row.serviceRequestCode,
    partsCost: row.partsCost,
    laborHours: row.laborHours,
    hourlyLaborRate: row.hourlyLaborRate,
    laborCost: Math.round(row.laborHours * row.hourlyLaborRate * 100) / 100,
    isTwoMan: row.isTwoMan,
    rowVersion: row.rowVersion,
  };
}

export const partsRequestNumber = (request: Pick<RequestRow, 'vantageWorkOrderNumber'>) =>
  request.vantageWorkOrderNumber === null ? null : `PR-${request.vantageWorkOrderNumber.replace(/^WO-/, '')}`;

export function toPartsItem(row: PartRow, request: Pick<RequestRow, 'vantageWorkOrderNumber'>): ServicePartsItem {
  const requestNumber = partsRequestNumber(request);
  return {
    partsOrderItemId: row.id,
    categoryNumber: row.categoryNumber,
    commodityNumber: row.commodityNumber,
    combinedPartNumber: `${row.categoryNumber}${row.commodityNumber}${row.partNumber}`,
    partNumber: row.partNumber,
    partDescription: row.partDescription,
    notes: row.notes,
    billingCode: row.billingCode,
    unitOfMeasure: row.unitOfMeasure,
    quantity: row.quantity,
    receivedDate: day(row.receivedDate),
    isCorrect: row.isCorrect,
    incorrectPartMessage: row.incorrectPartMessage,
    vantagePartsRequestNumber: requestNumber,
    vantagePartsRequestLineItemId: requestNumber === null ? null : row.id,
    rowVersion: row.rowVersion,
  };
}

export function toAttachment(row: AttachmentRow, request: Pick<RequestRow, 'vantageWorkOrderId'>): ServiceAttachment {
  const imageFileName = attachmentFileName(row.contentDocumentId, row.contentType);
  const imageUrl =
    request.vantageWorkOrderId === null
      ? `${DEFAULT_BASES.images}?folder=ServiceAttachments&fileName=${encodeURIComponent(imageFileName)}`
      : `${DEFAULT_BASES.images}/workorders/${request.vantageWorkOrderId}/attachments/${encodeURIComponent(row.contentDocumentId)}`;
  return {
    serviceAttachmentId: row.id,
    workOrderId: request.vantageWorkOrderId,
    contentDocumentId: row.contentDocumentId,
    attachmentType: row.attachmentType === 2 ? 2 : 1,
    attachmentTypeDisplay: ATTACHMENT_TYPES[row.attachmentType === 2 ? 2 : 1],
    imageFileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    isPdf: row.contentType === 'application/pdf',
    description: row.description,
    amount: row.amount,
    imageUrl,
    rowVersion: row.rowVersion,
  };
}

/** Only what a list row shows: reading whole request rows was most of the list's time (tests/bench). */
const summaryColumns = {
  request: {
    id: t.serviceRequests.id,
    serviceRequestNumber: t.serviceRequests.serviceRequestNumber,
    vantageWorkOrderId: t.serviceRequests.vantageWorkOrderId,
    vantageWorkOrderNumber: t.serviceRequests.vantageWorkOrderNumber,
    homeId: t.serviceRequests.homeId,
    plantNumber: t.serviceRequests.plantNumber,
    serialNumber: t.serviceRequests.serialNumber,
    retailerNumber: t.serviceRequests.retailerNumber,
    vantageCaseOrigin: t.serviceRequests.vantageCaseOrigin,
    requestType: t.serviceRequests.requestType,
    status: t.serviceRequests.status,
    requestDate: t.serviceRequests.requestDate,
    startDate: t.serviceRequests.startDate,
    endDate: t.serviceRequests.endDate,
    performedDate: t.serviceRequests.performedDate,
    technician: t.serviceRequests.technician,
    totalServiceCost: t.serviceRequests.totalServiceCost,
    totalCombinedCost: t.serviceRequests.totalCombinedCost,
    isArchived: t.serviceRequests.isArchived,
    changedOn: t.serviceRequests.changedOn,
    rowVersion: t.serviceRequests.rowVersion,
  },
  plantName: t.plants.name,
  homeownerFirstName: t.homes.homeownerFirstName,
  homeownerLastName: t.homes.homeownerLastName,
};

type SummaryRow = Pick<RequestRow, keyof (typeof summaryColumns)['request']>;
type SummarySource = { request: SummaryRow; plantName: string; homeownerFirstName: string | null; homeownerLastName: string | null };

export function toSummary({ request, plantName, homeownerFirstName, homeownerLastName }: SummarySource): ServiceRequestSummary {
  return {
    serviceRequestId: request.id,
    serviceRequestNumber: request.serviceRequestNumber,
    vantageWorkOrderId: request.vantageWorkOrderId,
    vantageWorkOrderNumber: request.vantageWorkOrderNumber,
    assetId: request.homeId,
    plantNumber: request.plantNumber,
    plantName,
    serialNumber: request.serialNumber,
    retailerNumber: request.retailerNumber,
    vantageCaseOrigin: request.vantageCaseOrigin,
    requestType: request.requestType,
    status: request.status,
    requestDate: day(request.requestDate),
    startDate: day(request.startDate),
    endDate: day(request.endDate),
    performedDate: day(request.performedDate),
    technician: request.technician,
    totalServiceCost: request.totalServiceCost,
    totalCombinedCost: request.totalCombinedCost,
    homeownerName: [homeownerFirstName, homeownerLastName].filter(Boolean).join(' '),
    isClosed: isClosed(request),
    isArchived: request.isArchived,
    changedOn: request.changedOn,
    rowVersion: request.rowVersion,
  };
}

export const listCondition = (session: Session, assetId?: number) =>
  assetId === undefined ? visibleRequests(session) : visibleAnd(session, eq(t.serviceRequests.homeId, assetId));

export const summaries = (db: Database, condition: SQL | undefined) =>
  db
    .select({ ...summaryColumns, xid: t.serviceRequests.syncXid })
    .from(t.serviceRequests)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.serviceRequests.plantNumber))
    .innerJoin(t.homes, eq(t.homes.id, t.serviceRequests.homeId))
    .where(condition);

/** GET /service: every request the user sees (optionally of one home), newest first. */
export function listRequests(db: Database, session: Session, assetId?: number): Promise<ServiceRequestSummary[]> {
  return allRows(requestPages(db, session, assetId));
}

/** The same list page by page (sync/stream-list.ts), by id from the newest. */
export function requestPages(db: Database, session: Session, assetId?: number): ListPages<ServiceRequestSummary> {
  const condition = listCondition(session, assetId);
  return keysetPages(
    (after: number | undefined, limit: number) =>
      summaries(db, after ? and(condition, sql`${t.serviceRequests.id} < ${after}`) : condition)
        .orderBy(desc(t.serviceRequests.id))
        .limit(limit),
    (row) => row.request.id,
    toSummary,
  );
}

/** The report of open service requests (spec 2 §2, §7): submitted, not closed (CLOSED_STATUSES) and not archived, newest first. */
export async function listOpenRequests(db: Database, session: Session): Promise<ServiceRequestSummary[]> {
  const open = and(
    listCondition(session),
    isNotNull(t.serviceRequests.vantageWorkOrderId),
    openRequests,
    eq(t.serviceRequests.isArchived, false),
  );
  const rows = await summaries(db, open).orderBy(desc(t.serviceRequests.id));
  return rows.map(toSummary);
}

/** The work-order list (optionally of one home) for delta sync (sync/delta.ts). */
export function workOrderSyncSource(session: Session, rule: KeptRule, assetId?: number): SyncSource<ServiceRequestSummary> {
  const condition = listCondition(session, assetId);
  const scope = [...sessionScope(session), assetId ?? null];
  // The whole list is kept by the kept-list rule and read branch by branch; one home's requests are few and kept whole.
  const ruled =
    assetId === undefined
      ? ruledList(
          rule,
          'workOrders',
          { table: t.serviceRequests, open: openRequests, changedOn: t.serviceRequests.changedOn },
          condition,
          scope,
        )
      : undefined;
  return {
    table: 'service_requests',
    scope,
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.serviceRequests}`, where: condition, xid: t.serviceRequests.syncXid, id: t.serviceRequests.id },
    rows: async (db, window) => {
      const rows = await readWindow(
        window,
        { xid: t.serviceRequests.syncXid, id: t.serviceRequests.id },
        ruled ? scopeOf(session, t.serviceRequests) : condition,
        (where) => summaries(db, where).$dynamic(),
        ruled?.inWindow(window),
      );
      return rows.map((row) => ({
        xid: row.xid,
        id: row.request.id,
        item: !ruled || ruled.keeps({ isClosed: isClosed(row.request), changedOn: row.request.changedOn }, window) ? toSummary(row) : null,
      }));
    },
    count: ruled?.count ?? (async (db) => (await db.select({ rows: count() }).from(t.serviceRequests).where(condition))[0]?.rows ?? 0),
    ...(ruled ? { keptFloor: ruled.keptFloor } : {}),
  };
}

/** The request row `session` may see, found by `condition`, or undefined (→ 404). `lock` on writes. */
export async function findRequest(db: Database, session: Session, condition: SQL, lock = false): Promise<RequestRow | undefined> {
  const query = db.select().from(t.serviceRequests).where(visibleAnd(session, condition));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export const byRequestId = (id: number) => eq(t.serviceRequests.id, id);
export const byWorkOrderId = (id: number) => eq(t.serviceRequests.vantageWorkOrderId, id);

/** What a write already read of a request (a request just created has no items, parts or attachments): not read again. */
export interface AlreadyRead {
  /** The request's home with its plant's name and the request's retailer (requestContext). */
  context?: RequestContext;
  items?: ItemRow[];
  parts?: PartRow[];
  attachments?: AttachmentRow[];
}

export const NOTHING_BENEATH: AlreadyRead = { items: [], parts: [], attachments: [] };

/** The whole request of spec 3 §3 as `session` sees it (canEdit and canArchive are theirs). */
export type RequestContext = { plantName: string; home: typeof t.homes.$inferSelect; retailer: typeof t.retailers.$inferSelect };

export async function requestContext(
  db: Database,
  request: Pick<RequestRow, 'homeId' | 'retailerNumber'>,
): Promise<RequestContext | undefined> {
  const [context] = await db
    .select({ plantName: t.plants.name, home: t.homes, retailer: t.retailers })
    .from(t.homes)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.homes.plantNumber))
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, request.retailerNumber))
    .where(eq(t.homes.id, request.homeId));
  return context;
}

export async function loadFullRequest(
  db: Database,
  session: Session,
  request: RequestRow,
  known: AlreadyRead = {},
): Promise<ServiceRequest> {
  // One after another: inside a write's transaction a connection runs one query at a time (pg 9 will refuse otherwise).
  const context = known.context ?? (await requestContext(db, request));
  const items =
    known.items ??
    (await db.select().from(t.serviceItems).where(eq(t.serviceItems.serviceRequestId, request.id)).orderBy(asc(t.serviceItems.sequence)));
  const parts =
    known.parts ??
    (await db.select().from(t.serviceParts).where(eq(t.serviceParts.serviceRequestId, request.id)).orderBy(asc(t.serviceParts.id)));
  const attachments =
    known.attachments ??
    (await db
      .select(attachmentColumns)
      .from(t.serviceAttachments)
      .where(eq(t.serviceAttachments.serviceRequestId, request.id))
      .orderBy(asc(t.serviceAttachments.id)));
  if (!context) throw new Error(`service request ${request.id}: its home ${request.homeId} is missing`);
  const { home, retailer, plantName } = context;
  const costs = workOrderCosts({ ...request, items });
  const staged = isStaged(request);
  return {
    ...toSummary({ request, plantName, homeownerFirstName: home.homeownerFirstName, homeownerLastName: home.homeownerLastName }),
    partsOrderId: request.id,
    caseSubject: request.caseSubject,
    caseDescription: request.caseDescription,
    scheduledDate: day(request.scheduledDate),
    tripTime: request.tripTime,
    mileage: request.mileage,
    mileageCost: costs.mileageCost,
    driverCost: costs.driverCost,
    otherCosts: request.otherCosts,
    laborCost: costs.laborCost,
    partsCost: costs.partsCost,
    mileageRate: request.mileageRate,
    oneManServiceRate: request.oneManServiceRate,
    twoManServiceRate: request.twoManServiceRate,
    driverRate: request.driverRate,
    totalServiceCost: costs.totalServiceCost,
    totalCombinedCost: costs.totalCombinedCost,
    longSerialNumber: home.serialNumber,
    serialNumber: request.serialNumber,
    modelNumber: home.modelNumber,
    signatureOnFile: request.signatureOnFile,
    isUnderWarranty: request.isUnderWarranty,
    account: {
      firstName: home.homeownerFirstName ?? '',
      lastName: home.homeownerLastName ?? '',
      street: home.address1 ?? '',
      city: home.city ?? '',
      state: home.state ?? '',
      zip: home.zipCode ?? '',
      emailAddress: home.homeownerEmail ?? '',
      phoneNumber: home.homeownerPhone ?? '',
      mobilePhoneNumber: '',
    },
    // An unsold home is retailer stock: the list shows this instead of a homeowner.
    stockHomeString: home.soldDate === null ? 'Stock Home' : '',
    serviceItems: items.map((item) => toServiceItem(item, request)),
    partsItems: parts.map((part) => toPartsItem(part, request)),
    serviceAttachments: attachments.map((attachment) => toAttachment(attachment, request)),
    isStaged: staged,
    isRequestTypeForced: isRequestTypeForced({ ...request, isStaged: staged }, retailer.deployPortal),
    canEdit: canEdit(session, request),
    canArchive: canArchive(session, request),
    isDispatchEnabled: isDispatchEnabled(retailer),
    timeZone: zoneOf(retailer),
  };
}

/**
 * Stores the totals after a write of the request's items (the list sorts on them). Keeps rowVersion. `current` is the
 * request as this transaction sees it now: found with its lock (findRequest's `lock`), so no one else changed it since.
 */
export async function refreshTotals(db: Database, current: RequestRow): Promise<void> {
  const items = await db
    .select({ laborHours: t.serviceItems.laborHours, hourlyLaborRate: t.serviceItems.hourlyLaborRate, partsCost: t.serviceItems.partsCost })
    .from(t.serviceItems)
    .where(eq(t.serviceItems.serviceRequestId, current.id));
  const costs = workOrderCosts({ ...current, items });
  await db
    .update(t.serviceRequests)
    .set({ totalServiceCost: costs.totalServiceCost, totalCombinedCost: costs.totalCombinedCost })
    .where(eq(t.serviceRequests.id, current.id));
}

export async function unitExists(db: Database, abbreviation: string) {
  const rows = await db
    .select()
    .from(t.unitsOfMeasure)
    .where(inArray(t.unitsOfMeasure.abbreviation, [abbreviation]));
  return rows.length > 0;
}
