import { and, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  HOMEOWNER_PORTAL_ORIGIN,
  REQUEST_TYPES,
  searchWords,
  WORK_ORDER_STATUSES,
  type SearchPage,
  type ServiceRequestSummary,
  type WorkOrderSearchQuery,
  type WorkOrderSortName,
} from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { serviceDay } from '../db/schema/work-orders';
import type { Session } from '../auth/session';
import { matchingWords, searchOrder, searchPage, type SortKeys } from '../sync/search-page';
import { listCondition, summaries, toSummary } from './store';

/*
 * The work order list searched on the server (issue 31 §3, contract/list-search.ts): every request the user sees, not
 * only those the device keeps, with the screen's search (every word somewhere in what the row shows,
 * list-rules.ts workOrderSearchText), sort (its nine columns) and filters.
 */

const r = t.serviceRequests;

/** A code's text as the row shows it (contract statusLabel, REQUEST_TYPES), in SQL. */
const labelOf = (column: AnyPgColumn, labels: Readonly<Record<string, string>>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`),
    sql` `,
  )} else ${column} end)`;

const statusText = labelOf(r.status, WORK_ORDER_STATUSES);

/** MM/DD/YYYY of a service date, '' for none (formatServiceDate). */
const usDate = (column: AnyPgColumn) => sql`coalesce(to_char(${serviceDay(column)}, 'MM/DD/YYYY'), '')`;

/** What the search box looks through: the fields of workOrderSearchText. */
const searchText = sql`lower(concat_ws(' ', ${r.serviceRequestNumber}, ${r.vantageWorkOrderNumber}, ${r.serialNumber},
  ${t.homes.homeownerFirstName}, ${t.homes.homeownerLastName}, ${r.technician}, ${r.plantNumber}, ${t.plants.name},
  ${statusText}, ${labelOf(r.requestType, REQUEST_TYPES)}, ${usDate(r.requestDate)}))`;

/** The order of each sort column (list-rules.ts WORK_ORDER_SORT_COLUMNS): Plant reads "name (number)". */
const SORT_KEYS: SortKeys<WorkOrderSortName> = {
  performedDate: [serviceDay(r.performedDate)],
  plant: [t.plants.name, r.plantNumber],
  requestDate: [serviceDay(r.requestDate)],
  serialNumber: [r.serialNumber],
  startDate: [serviceDay(r.startDate)],
  status: [statusText],
  technician: [r.technician],
  totalCombinedCost: [r.totalCombinedCost],
  totalServiceCost: [r.totalServiceCost],
};

/** GET {api}/service?page=…: one page of the requests `session` sees that match, and how many match in all. */
export function searchRequests(db: Database, session: Session, query: WorkOrderSearchQuery): Promise<SearchPage<ServiceRequestSummary>> {
  const portal = sql`position(${HOMEOWNER_PORTAL_ORIGIN} in ${r.vantageCaseOrigin}) > 0`;
  const condition = and(
    listCondition(session),
    query.plant === undefined ? undefined : eq(r.plantNumber, query.plant),
    query.status ? sql`${statusText} = ${query.status}` : undefined,
    query.portal === 'only' ? portal : query.portal === 'none' ? sql`not ${portal}` : undefined,
    ...matchingWords(searchText, query.q),
  );
  return searchPage(
    query.page,
    (limit, offset) =>
      summaries(db, condition)
        .orderBy(...searchOrder(SORT_KEYS, query.sort, '-requestDate', r.id))
        .limit(limit)
        .offset(offset),
    async () => {
      // Every request has its plant and home (foreign keys, not null): only the words searched need them to count.
      const requests = db.select({ n: count() }).from(r).$dynamic();
      const [matching] = await (
        searchWords(query.q).length > 0
          ? requests.innerJoin(t.plants, eq(t.plants.plantNumber, r.plantNumber)).innerJoin(t.homes, eq(t.homes.id, r.homeId))
          : requests
      ).where(condition);
      return matching?.n ?? 0;
    },
    toSummary,
  );
}
