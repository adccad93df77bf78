import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CreateServiceRequestQuery,
  DISPATCH_WORK_ORDER,
  FACTORY_SERVICE,
  REQUEST_FOR_PAYMENT,
  PortalMetadata,
  RetailerNumber,
  ServiceRequestAnswer,
  SyncQueryFields,
  ServiceRequestUpdate,
  UNSUBMITTED_STATUS,
  WORK_ORDER_MESSAGES,
  WorkOrderSearchQueryFields,
  informationIssues,
  isRequestTypeForced,
  paths,
  submitIssues,
  workOrderCosts,
} from '../../../contract';
import { ServiceRequestListRow } from '../../../contract/list-rows';
import { searchRequests } from '../../work-orders/search';
import { businessDay } from '../../../contract/time-zones';
import { businessDayOf, zoneOf } from '../../business-day/business-day';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { errorResponse, issuesResponse, jsonResponse } from '../../http/errors';
import { Id } from '../../http/params';
import { route, type RouteDefinition, type RouteEndpoint } from '../../http/route';
import { staleRecordResponse } from '../../http/row-version';
import { readDelta } from '../../sync/delta';
import { answerList } from '../../sync/list-answer';
import { DEFAULT_NUMBER_STARTS, nextWorkOrderId, workOrderNumberOf } from '../../numbers/number-starts';
import { canArchive, canSeeHome, isDispatchEnabled, isStaged, serviceRequestNumberOf } from '../../work-orders/rules';
import {
  byRequestId,
  byWorkOrderId,
  findRequest,
  loadFullRequest,
  NOTHING_BENEATH,
  requestContext,
  requestPages,
  workOrderSyncSource,
  type RequestRow,
} from '../../work-orders/store';
import { READ, WRITE, WorkOrderParams, editableRequest, reloaded, requestNotFound, stateConflict, type WriteContext } from './access';

/** work-orders: a service request or work order itself (spec 3 §4–§7): create, list, read, update, submit, archive, cancel. */

const ServiceRequestParams = v.object({ serviceRequestId: Id });

async function retailerOf(db: Database, retailerNumber: string) {
  const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, retailerNumber));
  if (!retailer) throw new Error(`retailer ${retailerNumber} of a service request is missing`);
  return retailer;
}

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
  const today = businessDay(zoneOf(retailer), ctx.clock());
  const issues = informationIssues({ requestType, startDate: body.startDate, endDate: body.endDate, performedDate }, today);
  if (issues.length > 0) return issuesResponse(issues);

  const { rowVersion, ...fields } = body;
  const items = await ctx.db
    .select()
    .from(t.serviceItems)
    .where(eq(t.serviceItems.serviceRequestId, row.id))
    .orderBy(asc(t.serviceItems.sequence));
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

/**
 * spec 3 §7 reads and updates a request at two addresses: its own id, and its work-order id once it is
 * a work order. Both answer alike; only the lookup differs.
 */
function readAndUpdateRoutes<P>(
  endpoint: RouteEndpoint,
  params: v.GenericSchema<Record<string, string>, P>,
  find: (params: P) => SQL,
  by: string,
): RouteDefinition[] {
  return [
    route({
      method: 'GET',
      endpoint,
      summary: `A service request or work order, by ${by}`,
      answer: ServiceRequestAnswer,
      errors: [404],
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
      summary: `Update a service request’s or work order’s information, by ${by}`,
      answer: ServiceRequestAnswer,
      errors: [404, 409],
      ...WRITE,
      params,
      body: ServiceRequestUpdate,
      handle: ({ c, db, deps, session, params: values, body }) =>
        updateInformation({ c, db, session, clock: deps.clock }, find(values), body),
    }),
  ];
}

export const serviceRequestRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.portalMetadata,
    summary: 'The homeowner-portal settings of a retail center',
    answer: PortalMetadata,
    errors: [404],
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
    summary: 'Start a service request for a home',
    answer: { status: 201, schema: ServiceRequestAnswer, description: 'The new, staged request.' },
    errors: [404],
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
          requestDate: await businessDayOf(db, deps.clock, home),
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
        .set({ serviceRequestNumber: serviceRequestNumberOf(id) })
        .where(eq(t.serviceRequests.id, id))
        .returning();
      return c.json(await loadFullRequest(db, session, numbered!, NOTHING_BENEATH), 201);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.serviceRequests,
    summary: 'The work order list (kept on devices), a delta of it, or a search',
    description: 'With `assetId`, the requests of that home only.',
    answer: { row: ServiceRequestListRow },
    ...READ,
    query: v.object({ assetId: v.optional(Id), ...SyncQueryFields, ...WorkOrderSearchQueryFields }),
    handle: async ({ c, db, deps, session, query }) => {
      if (query.page !== undefined) return c.json(await searchRequests(db, session, query));
      const source = workOrderSyncSource(session, deps.keptRule, query.assetId);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, requestPages(db, session, query.assetId), deps.reportError);
    },
  }),

  ...readAndUpdateRoutes(paths.serviceRequest, ServiceRequestParams, (params) => byRequestId(params.serviceRequestId), 'its id'),
  ...readAndUpdateRoutes(paths.workOrder, WorkOrderParams, (params) => byWorkOrderId(params.workOrderId), 'its work-order id'),

  // spec 3 §4: cancelling a staged request removes it permanently.
  route({
    method: 'DELETE',
    endpoint: paths.serviceRequest,
    summary: 'Cancel a staged service request (removes it)',
    answer: { status: 204 },
    errors: [404, 409],
    ...WRITE,
    params: ServiceRequestParams,
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
    summary: 'Submit a staged service request: it becomes a work order',
    answer: ServiceRequestAnswer,
    errors: [404, 409],
    ...WRITE,
    params: ServiceRequestParams,
    handle: async ({ c, db, deps, session, params }) => {
      const row = await editableRequest({ c, db, session }, byRequestId(params.serviceRequestId));
      if (row instanceof Response) return row;
      if (!isStaged(row)) return stateConflict(WORK_ORDER_MESSAGES.notStaged, await loadFullRequest(db, session, row));
      const retailer = await retailerOf(db, row.retailerNumber);
      const forced = isRequestTypeForced({ ...row, isStaged: true }, retailer.deployPortal);
      const issues = await submitIssuesOf(db, row, forced);
      if (issues.length > 0) return issuesResponse(issues);
      const requestType = forced ? REQUEST_FOR_PAYMENT : row.requestType;
      // From WORK_ORDER_NUMBER_START up, never among an import's numbers (numbers/number-starts.ts).
      const workOrderId = await nextWorkOrderId(db, deps.config.numberStarts ?? DEFAULT_NUMBER_STARTS);
      await db
        .update(t.serviceRequests)
        .set({
          vantageWorkOrderId: workOrderId,
          vantageWorkOrderNumber: workOrderNumberOf(workOrderId),
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
    summary: 'Submit a work order for payment',
    answer: ServiceRequestAnswer,
    errors: [404, 409],
    ...WRITE,
    params: WorkOrderParams,
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
    summary: 'Archive a closed work order',
    answer: ServiceRequestAnswer,
    errors: [404, 409],
    ...WRITE,
    params: WorkOrderParams,
    handle: async ({ c, db, session, params }) => {
      const row = await findRequest(db, session, byWorkOrderId(params.workOrderId), true);
      if (!row) return requestNotFound();
      // spec 3 §4: only a closed request that is not archived yet.
      if (!canArchive(session, row)) return stateConflict(WORK_ORDER_MESSAGES.cannotArchive, await loadFullRequest(db, session, row));
      await db
        .update(t.serviceRequests)
        .set({ isArchived: true, rowVersion: row.rowVersion + 1 })
        .where(eq(t.serviceRequests.id, row.id));
      return c.json(await reloaded({ c, db, session }, row.id));
    },
  }),
];
