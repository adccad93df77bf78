/**
 * reports: the reports of spec 2 §2 and §7 (so far: open service requests, open parts orders). Who: service or sales
 * users and viewers (spec 2 §6), within their retail center or, for a plant user, their facilities.
 * - Open service requests: submitted (a staged request is not in the plant's books yet), not closed (G, N, P, X, Z:
 *   work-orders/rules.ts CLOSED_STATUSES) and not archived; rows as the work-order list's, codes as stored (the screen
 *   labels them, spec 2 §4).
 * - Open parts orders: the submitted ones (a staged order has no vantage order name yet) whose status is not
 *   completed, canceled, declined or closed, in any case; "Closed" is this product's completed status.
 */
import { and, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { CLOSED_PARTS_ORDER_STATUSES, paths, type OpenPartsOrderRow } from '../../contract';
import * as t from '../db/schema';
import { route, type RouteDefinition } from '../http/route';
import { partsOrderNameOf } from '../parts-orders/rules';
import { visibleByScope } from '../work-orders/rules';
import { listOpenRequests } from '../work-orders/store';

const READ_ROLES = ['Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer'] as const;

export const reportRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.openServiceRequestsReport,
    roles: [...READ_ROLES],
    handle: async ({ c, db, session }) => c.json(await listOpenRequests(db, session)),
  }),

  route({
    method: 'GET',
    endpoint: paths.openPartsOrdersReport,
    roles: [...READ_ROLES],
    handle: async ({ c, db, session }) => {
      const rows = await db
        .select({ order: t.partsOrders, plantName: t.plants.name, firstName: t.homes.homeownerFirstName, lastName: t.homes.homeownerLastName })
        .from(t.partsOrders)
        .innerJoin(t.plants, eq(t.plants.plantNumber, t.partsOrders.plantNumber))
        .leftJoin(t.homes, eq(t.homes.id, t.partsOrders.homeId))
        .where(
          and(
            visibleByScope(session, t.partsOrders),
            isNotNull(t.partsOrders.vantagePartsRequestId),
            notInArray(sql`lower(trim(${t.partsOrders.status}))`, [...CLOSED_PARTS_ORDER_STATUSES]),
          ),
        )
        .orderBy(desc(t.partsOrders.orderDate), desc(t.partsOrders.id));
      return c.json(
        rows.map(
          ({ order, plantName, firstName, lastName }): OpenPartsOrderRow => ({
            shipToName: order.shipToAddressName,
            shipToStreet: order.shipToStreetAddress1,
            shipToCity: order.shipToCity,
            shipToState: order.shipToState,
            shipToZip: order.shipToZipcode,
            dateOrdered: order.orderDate,
            firstName: firstName ?? '',
            lastName: lastName ?? '',
            plantName,
            plantNumber: order.plantNumber,
            serialNumber: order.serialNumber,
            requestNumber: partsOrderNameOf(order.id),
            status: order.status,
          }),
        ),
      );
    },
  }),
];
