import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { RowVersion, ServiceItemInput, laborRateFor, paths, serviceItemIssues } from '../../../contract';
import * as t from '../../db/schema';
import { issuesResponse } from '../../http/errors';
import { Id } from '../../http/params';
import { route, type RouteDefinition, type RouteEndpoint } from '../../http/route';
import { staleRecordResponse, updateIfCurrent } from '../../http/row-version';
import { byRequestId, byWorkOrderId, refreshTotals, toServiceItem, type RequestRow } from '../../work-orders/store';
import { SubRecordAnswers, WRITE, editableRequest, itemNotFound } from './access';

/** work-orders: service items, called line items on a work order (spec 3 §3, §5). */

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

function serviceItemRoutesAt(
  endpoints: { collection: RouteEndpoint; item: RouteEndpoint },
  idParam: string,
  itemParam: string,
  find: (id: number) => SQL,
  names: { item: string; of: string },
): RouteDefinition[] {
  const params = v.object({ [idParam]: Id });
  const itemParams = v.object({ [idParam]: Id, [itemParam]: Id });
  const idOf = (values: Record<string, number>) => values[idParam]!;
  const itemIdOf = (values: Record<string, number>) => values[itemParam]!;
  const itemOf = (row: RequestRow, itemId: number) => and(eq(t.serviceItems.id, itemId), eq(t.serviceItems.serviceRequestId, row.id));
  return [
    route({
      method: 'POST',
      endpoint: endpoints.collection,
      summary: `Add a ${names.item} to ${names.of}`,
      answer: { status: 201, schema: SubRecordAnswers.serviceItem },
      errors: [404, 409],
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
      summary: `Update a ${names.item} of ${names.of}`,
      answer: SubRecordAnswers.serviceItem,
      errors: [404, 409],
      ...WRITE,
      params: itemParams,
      body: ServiceItemUpdate,
      handle: async ({ c, db, session, params: values, body }) => {
        const row = await editableRequest({ c, db, session }, find(idOf(values)));
        if (row instanceof Response) return row;
        const [existing] = await db
          .select()
          .from(t.serviceItems)
          .where(itemOf(row, itemIdOf(values)));
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
      summary: `Remove a ${names.item} from ${names.of}`,
      answer: { status: 204 },
      errors: [404, 409],
      ...WRITE,
      params: itemParams,
      handle: async ({ c, db, session, params: values }) => {
        const row = await editableRequest({ c, db, session }, find(idOf(values)));
        if (row instanceof Response) return row;
        const removed = await db
          .delete(t.serviceItems)
          .where(itemOf(row, itemIdOf(values)))
          .returning({ id: t.serviceItems.id });
        if (removed.length === 0) return itemNotFound();
        await refreshTotals(db, row);
        return c.body(null, 204);
      },
    }),
  ];
}

export const serviceItemRoutes: readonly RouteDefinition[] = [
  ...serviceItemRoutesAt({ collection: paths.serviceItems, item: paths.serviceItem }, 'serviceRequestId', 'itemId', byRequestId, {
    item: 'service item',
    of: 'a service request',
  }),
  ...serviceItemRoutesAt(
    { collection: paths.workOrderLineItems, item: paths.workOrderLineItem },
    'workOrderId',
    'lineItemId',
    byWorkOrderId,
    { item: 'line item', of: 'a work order' },
  ),
];
