/**
 * reports: the reports of spec 2 §2 and §7 (so far: open service requests, open parts orders). Who: service or sales
 * users and viewers (spec 2 §6), within their retail center or, for a plant user, their facilities.
 * - Open service requests: submitted (a staged request is not in the plant's books yet), not closed (G, N, P, X, Z:
 *   work-orders/rules.ts CLOSED_STATUSES) and not archived; rows as the work-order list's, codes as stored (the screen
 *   labels them, spec 2 §4).
 * - Open parts orders: the submitted ones (a staged order has no vantage order name yet) whose status is not
 *   completed, canceled, declined or closed, in any case; "Closed" is this product's completed status.
 * - Paid and receivable service orders: the billings of the scope's service requests (contract/reports.ts), paid
 *   from startDate to endDate (newest payment first), or not paid yet (oldest invoice first).
 */
import { and, asc, between, desc, eq, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CLOSED_PARTS_ORDER_STATUSES,
  daysBetween,
  PaidServiceOrderQuery,
  paths,
  OpenPartsOrderRow,
  PaidServiceOrderRow,
  ReceivableServiceOrderRow,
} from '../../contract';
import { ServiceRequestListRow } from '../../contract/list-rows';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { partsOrderNameOf } from '../parts-orders/rules';
import { visibleByScope } from '../work-orders/rules';
import { businessDayOfSession } from '../business-day/business-day';
import { listOpenRequests } from '../work-orders/store';

const READ_ROLES = ['Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer'] as const;

/** The billings of the user's scope that meet `condition`, with their request, home and plant. */
function billingsOf(db: Database, session: Session, condition: SQL | undefined) {
  return db
    .select({
      billing: t.serviceOrderBillings,
      request: {
        id: t.serviceRequests.id,
        serviceRequestNumber: t.serviceRequests.serviceRequestNumber,
        vantageWorkOrderNumber: t.serviceRequests.vantageWorkOrderNumber,
        serialNumber: t.serviceRequests.serialNumber,
        retailerNumber: t.serviceRequests.retailerNumber,
        plantNumber: t.serviceRequests.plantNumber,
        requestType: t.serviceRequests.requestType,
        status: t.serviceRequests.status,
      },
      plantName: t.plants.name,
      firstName: t.homes.homeownerFirstName,
      lastName: t.homes.homeownerLastName,
    })
    .from(t.serviceOrderBillings)
    .innerJoin(t.serviceRequests, eq(t.serviceRequests.id, t.serviceOrderBillings.serviceRequestId))
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.serviceRequests.plantNumber))
    .leftJoin(t.homes, eq(t.homes.id, t.serviceRequests.homeId))
    .where(and(visibleByScope(session, t.serviceRequests), condition));
}

type BillingRecord = Awaited<ReturnType<typeof billingsOf>>[number];

function billingFields({ billing, request, plantName, firstName, lastName }: BillingRecord) {
  return {
    billingId: billing.id,
    serviceRequestId: request.id,
    workOrderNumber: request.vantageWorkOrderNumber ?? request.serviceRequestNumber,
    serviceRequestNumber: request.serviceRequestNumber,
    serialNumber: request.serialNumber,
    homeownerName: [firstName, lastName].filter(Boolean).join(' '),
    retailerNumber: request.retailerNumber,
    plantNumber: request.plantNumber,
    plantName,
    requestType: request.requestType,
    status: request.status,
    billingCode: billing.billingCode,
    amount: billing.amount,
    invoiceDate: billing.invoiceDate,
  };
}

export const reportRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.openServiceRequestsReport,
    summary: 'The open service requests report',
    answer: v.array(ServiceRequestListRow),
    roles: [...READ_ROLES],
    handle: async ({ c, db, session }) => c.json(await listOpenRequests(db, session)),
  }),

  route({
    method: 'GET',
    endpoint: paths.openPartsOrdersReport,
    summary: 'The open parts orders report',
    answer: v.array(OpenPartsOrderRow),
    roles: [...READ_ROLES],
    handle: async ({ c, db, session }) => {
      const rows = await db
        .select({
          order: t.partsOrders,
          plantName: t.plants.name,
          firstName: t.homes.homeownerFirstName,
          lastName: t.homes.homeownerLastName,
        })
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
        rows.map(({ order, plantName, firstName, lastName }): OpenPartsOrderRow => ({
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
        })),
      );
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.paidServiceOrdersReport,
    summary: 'The service orders paid between two days',
    answer: v.array(PaidServiceOrderRow),
    roles: [...READ_ROLES],
    query: PaidServiceOrderQuery,
    handle: async ({ c, db, session, query }) => {
      const records = await billingsOf(db, session, between(t.serviceOrderBillings.paidDate, query.startDate, query.endDate)).orderBy(
        desc(t.serviceOrderBillings.paidDate),
        desc(t.serviceOrderBillings.id),
      );
      return c.json(
        records.map((record): PaidServiceOrderRow => ({
          ...billingFields(record),
          paidDate: record.billing.paidDate ?? '',
          checkNumber: record.billing.checkNumber,
        })),
      );
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.receivableServiceOrdersReport,
    summary: 'The service orders not paid yet, with the days they are outstanding',
    answer: v.array(ReceivableServiceOrderRow),
    roles: [...READ_ROLES],
    handle: async ({ c, db, deps, session }) => {
      const today = businessDayOfSession(session, deps.clock);
      const records = await billingsOf(db, session, isNull(t.serviceOrderBillings.paidDate)).orderBy(
        asc(t.serviceOrderBillings.invoiceDate),
        asc(t.serviceOrderBillings.id),
      );
      return c.json(
        records.map((record): ReceivableServiceOrderRow => ({
          ...billingFields(record),
          // An invoice dated ahead of the server's day is not outstanding yet.
          daysOutstanding: Math.max(0, daysBetween(record.billing.invoiceDate, today)),
        })),
      );
    },
  }),
];
