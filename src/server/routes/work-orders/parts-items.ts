import { and, eq, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { RowVersion, ServicePartInput, WORK_ORDER_MESSAGES, paths } from '../../../contract';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { issuesResponse } from '../../http/errors';
import { Id } from '../../http/params';
import { route, type RouteDefinition, type RouteEndpoint } from '../../http/route';
import { staleRecordResponse, updateIfCurrent } from '../../http/row-version';
import { byRequestId, byWorkOrderId, toPartsItem, unitExists, type RequestRow } from '../../work-orders/store';
import { SubRecordAnswers, WRITE, editableRequest, itemNotFound, requestNotFound, WorkOrderParams, type WriteContext } from './access';

/** work-orders: the parts items of a request's own parts order (spec 3 §3 Parts item). */

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
  /** Whose parts: "a service request’s parts order", "a work order". */
  of: string;
}

function partsItemRoutesAt(shape: PartsRouteShape): RouteDefinition[] {
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
      summary: `Add a part to ${shape.of}`,
      answer: { status: 201, schema: SubRecordAnswers.partsItem },
      errors: [404, 409],
      ...WRITE,
      params: shape.params,
      body: ServicePartInput,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const fields = await checkedPart(db, body);
        if (fields instanceof Response) return fields;
        const [part] = await db
          .insert(t.serviceParts)
          .values({ ...fields, serviceRequestId: row.id })
          .returning();
        return c.json(toPartsItem(part!, row), 201);
      },
    }),
    route({
      method: 'PUT',
      endpoint: shape.item,
      summary: `Update a part of ${shape.of}`,
      answer: SubRecordAnswers.partsItem,
      errors: [404, 409],
      ...WRITE,
      params: shape.itemParams,
      body: ServicePartUpdate,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const [existing] = await db
          .select()
          .from(t.serviceParts)
          .where(partOf(row, shape.itemId(params)));
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
      summary: `Remove a part from ${shape.of}`,
      answer: { status: 204 },
      errors: [404, 409],
      ...WRITE,
      params: shape.itemParams,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const removed = await db
          .delete(t.serviceParts)
          .where(partOf(row, shape.itemId(params)))
          .returning({ id: t.serviceParts.id });
        return removed.length === 0 ? itemNotFound() : c.body(null, 204);
      },
    }),
  ];
}

const StagedPartsParams = v.object({ serviceRequestId: Id, partsOrderId: Id });
const StagedPartParams = v.object({ serviceRequestId: Id, partsOrderId: Id, itemId: Id });
const WorkOrderItemParams = v.object({ workOrderId: Id, lineItemId: Id });

export const partsItemRoutes: readonly RouteDefinition[] = [
  // A request's parts order is its own: partsOrderId is the serviceRequestId (store.ts).
  ...partsItemRoutesAt({
    collection: paths.servicePartsOrder,
    item: paths.servicePartsItem,
    params: StagedPartsParams,
    itemParams: StagedPartParams,
    find: (values) => byRequestId(values.serviceRequestId!),
    matches: (row, values) => values.partsOrderId === row.id,
    itemId: (values) => values.itemId!,
    of: 'a service request’s parts order',
  }),
  ...partsItemRoutesAt({
    collection: paths.workOrderPartsItems,
    item: paths.workOrderPartsItem,
    params: WorkOrderParams,
    itemParams: WorkOrderItemParams,
    find: (values) => byWorkOrderId(values.workOrderId!),
    matches: () => true,
    itemId: (values) => values.lineItemId!,
    of: 'a work order',
  }),
];
