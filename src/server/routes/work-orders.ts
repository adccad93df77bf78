import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  AttachmentFields,
  CreateServiceRequestQuery,
  DISPATCH_WORK_ORDER,
  FACTORY_SERVICE,
  PlantNumber,
  REQUEST_FOR_PAYMENT,
  RetailerNumber,
  RowVersion,
  SURVEY_ATTACHMENTS_FOLDER,
  SyncQueryFields,
  ServiceItemInput,
  ServicePartInput,
  ServiceRequestUpdate,
  UNSUBMITTED_STATUS,
  WORK_ORDER_MESSAGES,
  paths,
  informationIssues,
  isRequestTypeForced,
  laborRateFor,
  serviceItemIssues,
  submitIssues,
  workOrderCosts,
  type PortalMetadata,
  type UnitOfMeasure,
} from '../../contract';
import type { Database } from '../db/client';
import { SURVEY_FILE_NAME_PATTERN } from '../delivery-reports/rules';
import { visibleAttachmentFile } from '../delivery-reports/store';
import * as t from '../db/schema';
import { ERROR_MESSAGES, errorResponse, issuesResponse, jsonResponse } from '../http/errors';
import { fileAnswer } from '../http/file-answer';
import { Id } from '../http/params';
import { route, type RouteDefinition, type RouteEndpoint, type Session } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';
import { newContentDocumentId, readAttachmentUpload } from '../work-orders/attachments';
import { WORK_ORDER_ID_OFFSET, canArchive, canEdit, canSeeHome, isDispatchEnabled, isStaged, todayOf, visibleAnd, workOrderNumber } from '../work-orders/rules';
import {
  attachmentColumns,
  byRequestId,
  byWorkOrderId,
  findRequest,
  listRequests,
  loadFullRequest,
  NOTHING_BENEATH,
  requestContext,
  refreshTotals,
  toAttachment,
  toPartsItem,
  toServiceItem,
  unitExists,
  workOrderSyncSource,
  type RequestRow,
} from '../work-orders/store';
import { readDelta } from '../sync/delta';
import { answerList } from '../sync/list-answer';

/** work-orders: service requests and work orders (spec 3 §4–§7). Rules and their reasons: work-orders/rules.ts. */

const Text = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40));

/** Reads use the Service & Parts menu rule (spec 3 §6): Service_User or Service_Viewer; writes need a service admin. */
const READ = { flag: 'isServiceViewer' } as const;
const WRITE = { flag: 'isServiceAdmin' } as const;

const requestNotFound = () => errorResponse(404, 'Service request was not found.');
const itemNotFound = () => errorResponse(404, 'Item was not found.');
const stateConflict = (message: string, current: unknown) => jsonResponse(409, { message, current });

interface WriteContext {
  c: Context;
  db: Database;
  session: Session;
}

/** A request the user may edit, locked for this write; otherwise the 404 or 409 to answer. */
async function editableRequest({ db, session }: WriteContext, condition: SQL): Promise<RequestRow | Response> {
  const row = await findRequest(db, session, condition, true);
  if (!row) return requestNotFound();
  if (!canEdit(session, row)) return stateConflict(WORK_ORDER_MESSAGES.notEditable, await loadFullRequest(db, session, row));
  return row;
}

async function retailerOf(db: Database, retailerNumber: string) {
  const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, retailerNumber));
  if (!retailer) throw new Error(`retailer ${retailerNumber} of a service request is missing`);
  return retailer;
}

async function reloaded(ctx: WriteContext, id: number) {
  const row = await findRequest(ctx.db, ctx.session, byRequestId(id));
  if (!row) throw new Error(`service request ${id} vanished during its own write`);
  return loadFullRequest(ctx.db, ctx.session, row);
}

/* ---- the request itself ---- */

/** PUT /service/{id} and PUT /service/workorders/{id}: the information and additional-information panels. */
async function updateInformation(ctx: WriteContext & { clock: () => Date }, condition: SQL, body: ServiceRequestUpdate) {
  const row = await editableRequest(ctx, condition);
  if (row instanceof Response) return row;
  const context = await requestContext(ctx.db, row);
  if (!context) throw new Error(`service request ${row.id}: its home ${row.homeId} is missing`);
  const { retailer } = context;
  // spec 3 §4: the type of a work order or homeowner-portal request is Request for Payment, whatever is sent.
  const forced = isRequestTypeForced({ ...row, isStaged: isStaged(row) }, retailer.deployPortal);
  const requestType = forced ? REQUEST_FOR_PAYMENT : body.requestType;
  if (requestType === DISPATCH_WORK_ORDER && !isDispatchEnabled(retailer)) {
    return issuesResponse([{ field: 'requestType', message: WORK_ORDER_MESSAGES.dispatchNotEnabled }]);
  }
  // spec 3 §4: choosing Factory Service clears the performed date.
  const performedDate = requestType === FACTORY_SERVICE ? null : body.performedDate;
  const issues = informationIssues({ requestType, startDate: body.startDate, endDate: body.endDate, performedDate }, todayOf(ctx.clock));
  if (issues.length > 0) return issuesResponse(issues);

  const { rowVersion, ...fields } = body;
  const items = await ctx.db.select().from(t.serviceItems).where(eq(t.serviceItems.serviceRequestId, row.id)).orderBy(asc(t.serviceItems.sequence));
  const changes = { ...fields, requestType, performedDate };
  // The totals the list sorts on, written with the change (the row is locked: `items` are current).
  const { totalServiceCost, totalCombinedCost } = workOrderCosts({ ...row, ...changes, items });
  const [written] = await ctx.db
    .update(t.serviceRequests)
    .set({ ...changes, totalServiceCost, totalCombinedCost, rowVersion: sql`${t.serviceRequests.rowVersion} + 1` })
    .where(and(eq(t.serviceRequests.id, row.id), eq(t.serviceRequests.rowVersion, rowVersion)))
    .returning();
  if (!written) return staleRecordResponse(await loadFullRequest(ctx.db, ctx.session, row, { context, items }));
  return ctx.c.json(await loadFullRequest(ctx.db, ctx.session, written, { context, items }));
}

async function itemCount(db: Database, requestId: number) {
  const rows = await db.select({ id: t.serviceItems.id }).from(t.serviceItems).where(eq(t.serviceItems.serviceRequestId, requestId));
  return rows.length;
}

/** spec 3 §5 Work order review submit, on the stored request (contract submitIssues). */
const submitIssuesOf = async (db: Database, row: RequestRow, forcedType: boolean) =>
  submitIssues({
    isStaged: isStaged(row),
    requestType: forcedType ? REQUEST_FOR_PAYMENT : row.requestType,
    itemCount: await itemCount(db, row.id),
    startDate: row.startDate,
    endDate: row.endDate,
    performedDate: row.performedDate,
  });

const requestRoutes = [
  route({
    method: 'GET',
    endpoint: paths.portalMetadata,
    params: v.object({ retailerNumber: RetailerNumber }),
    scope: 'retailer',
    handle: async ({ c, db, params }) => {
      const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, params.retailerNumber));
      if (!retailer) return errorResponse(404, `Retailer ${params.retailerNumber} was not found.`);
      // spec 3 §3: homeowner-portal metadata, all false or empty when the retailer has none.
      return c.json({
        id: retailer.portalMetadataId,
        developerName: retailer.developerName,
        businessUnit: retailer.businessUnit,
        businessUnitNumber: retailer.businessUnitNumber,
        deployWorkflow: retailer.deployWorkflow,
        deployDispatch: retailer.deployDispatch,
        deployPortal: retailer.deployPortal,
        partnerPortal: retailer.partnerPortal,
      } satisfies PortalMetadata);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.createServiceRequest,
    ...WRITE,
    query: CreateServiceRequestQuery,
    handle: async ({ c, db, deps, session, query }) => {
      const [found] = await db
        .select({ home: t.homes, rates: t.plantServiceRates })
        .from(t.homes)
        .leftJoin(t.plantServiceRates, eq(t.plantServiceRates.plantNumber, t.homes.plantNumber))
        .where(eq(t.homes.id, query.assetId));
      const home = found?.home;
      if (!home || !canSeeHome(session, home)) return errorResponse(404, 'Home was not found.');
      if (home.plantNumber !== query.plantNumber || home.serialNumber.toUpperCase() !== query.longSerialNumber.toUpperCase()) {
        return jsonResponse(400, { message: WORK_ORDER_MESSAGES.serialMismatch, field: 'longSerialNumber' });
      }
      const rates = found.rates;
      const [created] = await db
        .insert(t.serviceRequests)
        .values({
          homeId: home.id,
          plantNumber: home.plantNumber,
          retailerNumber: home.retailerNumber,
          serialNumber: home.serialNumber,
          vantageCaseOrigin: 'HomeSite',
          status: UNSUBMITTED_STATUS,
          requestDate: todayOf(deps.clock),
          mileageRate: rates?.mileageRate ?? 0,
          oneManServiceRate: rates?.oneManServiceRate ?? 0,
          twoManServiceRate: rates?.twoManServiceRate ?? 0,
          driverRate: rates?.driverRate ?? 0,
          createdByUserId: session.user.cmhUserId,
        })
        .returning({ id: t.serviceRequests.id });
      const id = created!.id;
      const [numbered] = await db
        .update(t.serviceRequests)
        .set({ serviceRequestNumber: String(id).padStart(6, '0') })
        .where(eq(t.serviceRequests.id, id))
        .returning();
      return c.json(await loadFullRequest(db, session, numbered!, NOTHING_BENEATH), 201);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.serviceRequests,
    ...READ,
    query: v.object({ assetId: v.optional(Id), ...SyncQueryFields }),
    handle: async ({ c, db, session, query }) => {
      const source = workOrderSyncSource(session, query.assetId);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, () => listRequests(db, session, query.assetId));
    },
  }),

  ...readAndUpdateRoutes(paths.serviceRequest, v.object({ serviceRequestId: Id }), (params) => byRequestId(params.serviceRequestId)),
  ...readAndUpdateRoutes(paths.workOrder, v.object({ workOrderId: Id }), (params) => byWorkOrderId(params.workOrderId)),

  // spec 3 §4: cancelling a staged request removes it permanently.
  route({
    method: 'DELETE',
    endpoint: paths.serviceRequest,
    ...WRITE,
    params: v.object({ serviceRequestId: Id }),
    handle: async ({ c, db, session, params }) => {
      const row = await editableRequest({ c, db, session }, byRequestId(params.serviceRequestId));
      if (row instanceof Response) return row;
      if (!isStaged(row)) return stateConflict(WORK_ORDER_MESSAGES.notStaged, await loadFullRequest(db, session, row));
      await db.delete(t.serviceRequests).where(eq(t.serviceRequests.id, row.id));
      return c.body(null, 204);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.submitServiceRequest,
    ...WRITE,
    params: v.object({ serviceRequestId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const row = await editableRequest({ c, db, session }, byRequestId(params.serviceRequestId));
      if (row instanceof Response) return row;
      if (!isStaged(row)) return stateConflict(WORK_ORDER_MESSAGES.notStaged, await loadFullRequest(db, session, row));
      const retailer = await retailerOf(db, row.retailerNumber);
      const forced = isRequestTypeForced({ ...row, isStaged: true }, retailer.deployPortal);
      const issues = await submitIssuesOf(db, row, forced);
      if (issues.length > 0) return issuesResponse(issues);
      const requestType = forced ? REQUEST_FOR_PAYMENT : row.requestType;
      await db
        .update(t.serviceRequests)
        .set({
          vantageWorkOrderId: WORK_ORDER_ID_OFFSET + row.id,
          vantageWorkOrderNumber: workOrderNumber(row.id),
          requestType,
          status: requestType === FACTORY_SERVICE ? 'F' : 'O',
          submittedAt: deps.clock(),
          rowVersion: row.rowVersion + 1,
        })
        .where(eq(t.serviceRequests.id, row.id));
      return c.json(await reloaded({ c, db, session }, row.id));
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.submitWorkOrder,
    ...WRITE,
    params: v.object({ workOrderId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const row = await editableRequest({ c, db, session }, byWorkOrderId(params.workOrderId));
      if (row instanceof Response) return row;
      const issues = await submitIssuesOf(db, row, true);
      if (issues.length > 0) return issuesResponse(issues);
      await db
        .update(t.serviceRequests)
        .set({ status: 'W', requestType: REQUEST_FOR_PAYMENT, submittedAt: deps.clock(), rowVersion: row.rowVersion + 1 })
        .where(eq(t.serviceRequests.id, row.id));
      return c.json(await reloaded({ c, db, session }, row.id));
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.archiveWorkOrder,
    ...WRITE,
    params: v.object({ workOrderId: Id }),
    handle: async ({ c, db, session, params }) => {
      const row = await findRequest(db, session, byWorkOrderId(params.workOrderId), true);
      if (!row) return requestNotFound();
      // spec 3 §4: only a closed request that is not archived yet.
      if (!canArchive(session, row)) return stateConflict(WORK_ORDER_MESSAGES.cannotArchive, await loadFullRequest(db, session, row));
      await db.update(t.serviceRequests).set({ isArchived: true, rowVersion: row.rowVersion + 1 }).where(eq(t.serviceRequests.id, row.id));
      return c.json(await reloaded({ c, db, session }, row.id));
    },
  }),
];

/* ---- service items (line items on a work order) ---- */

const ServiceItemUpdate = v.object({ ...ServiceItemInput.entries, rowVersion: RowVersion });

function checkedItem(row: RequestRow, body: ServiceItemInput) {
  const issues = serviceItemIssues(body, row.requestType);
  if (issues.length > 0) return issuesResponse(issues);
  const { rowVersion: _ignored, ...fields } = body;
  return {
    ...fields,
    // Factory Service items carry no cost of the retailer's (spec 3 §5).
    partsCost: body.partsCost ?? 0,
    laborHours: body.laborHours ?? 0,
    hourlyLaborRate: laborRateFor(body.isTwoMan, row),
  };
}

function serviceItemRoutes(endpoints: { collection: RouteEndpoint; item: RouteEndpoint }, idParam: string, itemParam: string, find: (id: number) => SQL): RouteDefinition[] {
  const params = v.object({ [idParam]: Id });
  const itemParams = v.object({ [idParam]: Id, [itemParam]: Id });
  const idOf = (values: Record<string, number>) => values[idParam]!;
  const itemIdOf = (values: Record<string, number>) => values[itemParam]!;
  const itemOf = (row: RequestRow, itemId: number) => and(eq(t.serviceItems.id, itemId), eq(t.serviceItems.serviceRequestId, row.id));
  return [
    route({
      method: 'POST',
      endpoint: endpoints.collection,
      ...WRITE,
      params,
      body: ServiceItemInput,
      handle: async ({ c, db, session, params: values, body }) => {
        const row = await editableRequest({ c, db, session }, find(idOf(values)));
        if (row instanceof Response) return row;
        const fields = checkedItem(row, body);
        if (fields instanceof Response) return fields;
        const nextSequence = sql<number>`(select coalesce(max(${t.serviceItems.sequence}), 0) + 1 from ${t.serviceItems} where ${t.serviceItems.serviceRequestId} = ${row.id})`;
        const [item] = await db
          .insert(t.serviceItems)
          .values({ ...fields, serviceRequestId: row.id, sequence: nextSequence })
          .returning();
        await refreshTotals(db, row);
        return c.json(toServiceItem(item!, row), 201);
      },
    }),
    route({
      method: 'PUT',
      endpoint: endpoints.item,
      ...WRITE,
      params: itemParams,
      body: ServiceItemUpdate,
      handle: async ({ c, db, session, params: values, body }) => {
        const row = await editableRequest({ c, db, session }, find(idOf(values)));
        if (row instanceof Response) return row;
        const [existing] = await db.select().from(t.serviceItems).where(itemOf(row, itemIdOf(values)));
        if (!existing) return itemNotFound();
        const fields = checkedItem(row, body);
        if (fields instanceof Response) return fields;
        const written = await updateIfCurrent(db, t.serviceItems, eq(t.serviceItems.id, existing.id), body.rowVersion, fields);
        if (written === 0) return staleRecordResponse(toServiceItem(existing, row));
        await refreshTotals(db, row);
        const [item] = await db.select().from(t.serviceItems).where(eq(t.serviceItems.id, existing.id));
        return c.json(toServiceItem(item!, row));
      },
    }),
    route({
      method: 'DELETE',
      endpoint: endpoints.item,
      ...WRITE,
      params: itemParams,
      handle: async ({ c, db, session, params: values }) => {
        const row = await editableRequest({ c, db, session }, find(idOf(values)));
        if (row instanceof Response) return row;
        const removed = await db.delete(t.serviceItems).where(itemOf(row, itemIdOf(values))).returning({ id: t.serviceItems.id });
        if (removed.length === 0) return itemNotFound();
        await refreshTotals(db, row);
        return c.body(null, 204);
      },
    }),
  ];
}

/* ---- parts items on a request ---- */

const ServicePartUpdate = v.object({ ...ServicePartInput.entries, rowVersion: RowVersion });

async function checkedPart(db: Database, body: ServicePartInput) {
  if (!(await unitExists(db, body.unitOfMeasure))) {
    return issuesResponse([{ field: 'unitOfMeasure', message: WORK_ORDER_MESSAGES.unitOfMeasureUnknown }]);
  }
  const { rowVersion: _ignored, vantagePartsRequestNumber: _number, ...fields } = body;
  return fields;
}

interface PartsRouteShape {
  collection: RouteEndpoint;
  item: RouteEndpoint;
  params: v.GenericSchema<unknown, Record<string, number>>;
  itemParams: v.GenericSchema<unknown, Record<string, number>>;
  /** The request the path names, or a 404 when the path's parts order is not that request's. */
  find: (values: Record<string, number>) => SQL;
  matches: (row: RequestRow, values: Record<string, number>) => boolean;
  itemId: (values: Record<string, number>) => number;
}

function partsRoutes(shape: PartsRouteShape): RouteDefinition[] {
  const resolve = async (ctx: WriteContext, values: Record<string, number>) => {
    const row = await editableRequest(ctx, shape.find(values));
    if (row instanceof Response) return row;
    return shape.matches(row, values) ? row : requestNotFound();
  };
  const partOf = (row: RequestRow, id: number) => and(eq(t.serviceParts.id, id), eq(t.serviceParts.serviceRequestId, row.id));
  return [
    route({
      method: 'POST',
      endpoint: shape.collection,
      ...WRITE,
      params: shape.params,
      body: ServicePartInput,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const fields = await checkedPart(db, body);
        if (fields instanceof Response) return fields;
        const [part] = await db.insert(t.serviceParts).values({ ...fields, serviceRequestId: row.id }).returning();
        return c.json(toPartsItem(part!, row), 201);
      },
    }),
    route({
      method: 'PUT',
      endpoint: shape.item,
      ...WRITE,
      params: shape.itemParams,
      body: ServicePartUpdate,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const [existing] = await db.select().from(t.serviceParts).where(partOf(row, shape.itemId(params)));
        if (!existing) return itemNotFound();
        const fields = await checkedPart(db, body);
        if (fields instanceof Response) return fields;
        const written = await updateIfCurrent(db, t.serviceParts, eq(t.serviceParts.id, existing.id), body.rowVersion, fields);
        if (written === 0) return staleRecordResponse(toPartsItem(existing, row));
        const [part] = await db.select().from(t.serviceParts).where(eq(t.serviceParts.id, existing.id));
        return c.json(toPartsItem(part!, row));
      },
    }),
    route({
      method: 'DELETE',
      endpoint: shape.item,
      ...WRITE,
      params: shape.itemParams,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const removed = await db.delete(t.serviceParts).where(partOf(row, shape.itemId(params))).returning({ id: t.serviceParts.id });
        return removed.length === 0 ? itemNotFound() : c.body(null, 204);
      },
    }),
  ];
}

/* ---- attachments ---- */

const AttachmentUpdate = v.object({ ...AttachmentFields.entries, rowVersion: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), RowVersion) });

interface AttachmentRouteShape {
  collection: RouteEndpoint;
  item: RouteEndpoint;
  params: v.GenericSchema<unknown, Record<string, string | number>>;
  itemParams: v.GenericSchema<unknown, Record<string, string | number>>;
  find: (values: Record<string, string | number>) => SQL;
  matches: (row: RequestRow, values: Record<string, string | number>) => boolean;
  attachment: (row: RequestRow, values: Record<string, string | number>) => SQL | undefined;
}

function attachmentRoutes(shape: AttachmentRouteShape): RouteDefinition[] {
  const resolve = async (ctx: WriteContext, values: Record<string, string | number>) => {
    const row = await editableRequest(ctx, shape.find(values));
    if (row instanceof Response) return row;
    return shape.matches(row, values) ? row : requestNotFound();
  };
  return [
    route({
      method: 'POST',
      endpoint: shape.collection,
      ...WRITE,
      params: shape.params,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const upload = await readAttachmentUpload(c);
        if (upload instanceof Response) return upload;
        const [attachment] = await db
          .insert(t.serviceAttachments)
          .values({
            serviceRequestId: row.id,
            contentDocumentId: newContentDocumentId(),
            attachmentType: upload.fields.attachmentType,
            description: upload.fields.description,
            amount: upload.fields.amount,
            fileName: upload.fileName,
            contentType: upload.contentType,
            sizeBytes: upload.bytes.byteLength,
            sha256: upload.sha256,
            data: upload.bytes,
          })
          .returning(attachmentColumns);
        return c.json(toAttachment(attachment!, row), 201);
      },
    }),
    route({
      method: 'PUT',
      endpoint: shape.item,
      ...WRITE,
      params: shape.itemParams,
      body: AttachmentUpdate,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const [existing] = await db.select(attachmentColumns).from(t.serviceAttachments).where(shape.attachment(row, params));
        if (!existing) return itemNotFound();
        const { rowVersion, ...fields } = body;
        const written = await updateIfCurrent(db, t.serviceAttachments, eq(t.serviceAttachments.id, existing.id), rowVersion, fields);
        if (written === 0) return staleRecordResponse(toAttachment(existing, row));
        const [attachment] = await db.select(attachmentColumns).from(t.serviceAttachments).where(eq(t.serviceAttachments.id, existing.id));
        return c.json(toAttachment(attachment!, row));
      },
    }),
    route({
      method: 'DELETE',
      endpoint: shape.item,
      ...WRITE,
      params: shape.itemParams,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const removed = await db.delete(t.serviceAttachments).where(shape.attachment(row, params)).returning({ id: t.serviceAttachments.id });
        return removed.length === 0 ? itemNotFound() : c.body(null, 204);
      },
    }),
  ];
}

/** Serves an attachment's bytes when its request is one the user sees (images base, spec 3 §7). */
async function attachmentFile(c: Context, db: Database, session: Session, condition: SQL) {
  const [found] = await db
    .select({ data: t.serviceAttachments.data, contentType: t.serviceAttachments.contentType, sha256: t.serviceAttachments.sha256 })
    .from(t.serviceAttachments)
    .innerJoin(t.serviceRequests, eq(t.serviceRequests.id, t.serviceAttachments.serviceRequestId))
    .where(visibleAnd(session, condition));
  return storedFileResponse(c, found);
}

/** The bytes of a stored attachment (service or survey), or 404. */
function storedFileResponse(c: Context, found: { data: Uint8Array; contentType: string; sha256: string } | undefined) {
  if (!found) return errorResponse(404, ERROR_MESSAGES.notFound);
  const file = { contentType: found.contentType, sha256: found.sha256, size: found.data.byteLength, read: () => found.data };
  return fileAnswer(c, file, {
    cacheControl: 'private, max-age=3600',
    contentDisposition: found.contentType === 'application/pdf' ? 'inline; filename="attachment.pdf"' : 'inline',
  });
}

const imageRoutes = [
  route({
    method: 'GET',
    endpoint: paths.serviceAttachmentImage,
    // One images base, one reader rule per folder: service attachments for service viewers (READ), survey
    // attachments (spec 2 §7) for whoever may read the delivery report (delivery-reports/store.ts).
    query: v.variant(
      'folder',
      [
        v.object({ folder: v.literal('ServiceAttachments'), fileName: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,40}\.[a-z]{3}$/, 'Unknown file.')) }),
        v.object({ folder: v.literal(SURVEY_ATTACHMENTS_FOLDER), fileName: v.pipe(v.string(), v.regex(SURVEY_FILE_NAME_PATTERN, 'Unknown file.')) }),
      ],
      'Unknown image folder.',
    ),
    handle: async ({ c, db, session, query }) => {
      if (query.folder === SURVEY_ATTACHMENTS_FOLDER) {
        const found = await visibleAttachmentFile(db, session, query.fileName);
        return found === 'forbidden' ? errorResponse(403, ERROR_MESSAGES.forbidden) : storedFileResponse(c, found);
      }
      if (!session.flags[READ.flag]) return errorResponse(403, ERROR_MESSAGES.forbidden);
      return attachmentFile(c, db, session, eq(t.serviceAttachments.contentDocumentId, query.fileName.slice(0, query.fileName.indexOf('.'))));
    },
  }),
  route({
    method: 'GET',
    endpoint: paths.workOrderAttachmentImage,
    ...READ,
    params: v.object({ workOrderId: Id, contentDocumentId: Text }),
    handle: ({ c, db, session, params }) =>
      attachmentFile(
        c,
        db,
        session,
        and(eq(t.serviceRequests.vantageWorkOrderId, params.workOrderId), eq(t.serviceAttachments.contentDocumentId, params.contentDocumentId))!,
      ),
  }),
];

const unitRoutes = [
  route({
    method: 'GET',
    endpoint: paths.unitsOfMeasure,
    handle: async ({ c, db }) => {
      const units = await db.select().from(t.unitsOfMeasure).orderBy(asc(t.unitsOfMeasure.abbreviation));
      return c.json(units satisfies UnitOfMeasure[]);
    },
  }),
];

const StagedPartsParams = v.object({ serviceRequestId: Id, partsOrderId: Id });
const StagedPartParams = v.object({ serviceRequestId: Id, partsOrderId: Id, itemId: Id });
const WorkOrderParams = v.object({ workOrderId: Id });
const WorkOrderItemParams = v.object({ workOrderId: Id, lineItemId: Id });
const StagedAttachmentsParams = v.object({ plantNumber: PlantNumber, serviceRequestNumber: Text, serviceRequestId: Id });
const StagedAttachmentParams = v.object({ serviceRequestId: Id, plantNumber: PlantNumber, serviceRequestNumber: Text, attachmentId: Id });
const WorkOrderAttachmentParams = v.object({ workOrderId: Id, contentDocumentId: Text });

const num = (value: string | number | undefined) => Number(value);
const sameRequestNumber = (row: RequestRow, values: Record<string, string | number>) =>
  row.plantNumber === values.plantNumber && row.serviceRequestNumber === values.serviceRequestNumber;

/**
 * spec 3 §7 reads and updates a request at two addresses: its own id, and its work-order id once it is
 * a work order. Both answer alike; only the lookup differs.
 */
function readAndUpdateRoutes<P>(endpoint: RouteEndpoint, params: v.GenericSchema<Record<string, string>, P>, find: (params: P) => SQL): RouteDefinition[] {
  return [
    route({
      method: 'GET',
      endpoint,
      ...READ,
      params,
      handle: async ({ c, db, session, params: values }) => {
        const row = await findRequest(db, session, find(values));
        return row ? c.json(await loadFullRequest(db, session, row)) : requestNotFound();
      },
    }),
    route({
      method: 'PUT',
      endpoint,
      ...WRITE,
      params,
      body: ServiceRequestUpdate,
      handle: ({ c, db, deps, session, params: values, body }) => updateInformation({ c, db, session, clock: deps.clock }, find(values), body),
    }),
  ];
}

export const workOrderRoutes: readonly RouteDefinition[] = [
  ...requestRoutes,
  ...serviceItemRoutes({ collection: paths.serviceItems, item: paths.serviceItem }, 'serviceRequestId', 'itemId', byRequestId),
  ...serviceItemRoutes({ collection: paths.workOrderLineItems, item: paths.workOrderLineItem }, 'workOrderId', 'lineItemId', byWorkOrderId),
  // A request's parts order is its own: partsOrderId is the serviceRequestId (store.ts).
  ...partsRoutes({
    collection: paths.servicePartsOrder,
    item: paths.servicePartsItem,
    params: StagedPartsParams,
    itemParams: StagedPartParams,
    find: (values) => byRequestId(values.serviceRequestId!),
    matches: (row, values) => values.partsOrderId === row.id,
    itemId: (values) => values.itemId!,
  }),
  ...partsRoutes({
    collection: paths.workOrderPartsItems,
    item: paths.workOrderPartsItem,
    params: WorkOrderParams,
    itemParams: WorkOrderItemParams,
    find: (values) => byWorkOrderId(values.workOrderId!),
    matches: () => true,
    itemId: (values) => values.lineItemId!,
  }),
  ...attachmentRoutes({
    collection: paths.serviceAttachments,
    item: paths.serviceAttachment,
    params: StagedAttachmentsParams,
    itemParams: StagedAttachmentParams,
    find: (values) => byRequestId(num(values.serviceRequestId)),
    matches: sameRequestNumber,
    attachment: (row, values) => and(eq(t.serviceAttachments.id, num(values.attachmentId)), eq(t.serviceAttachments.serviceRequestId, row.id)),
  }),
  ...attachmentRoutes({
    collection: paths.workOrderAttachments,
    item: paths.workOrderAttachment,
    params: WorkOrderParams,
    itemParams: WorkOrderAttachmentParams,
    find: (values) => byWorkOrderId(num(values.workOrderId)),
    matches: () => true,
    attachment: (row, values) =>
      and(eq(t.serviceAttachments.contentDocumentId, String(values.contentDocumentId)), eq(t.serviceAttachments.serviceRequestId, row.id)),
  }),
  ...imageRoutes,
  ...unitRoutes,
];
