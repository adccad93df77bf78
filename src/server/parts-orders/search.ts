import { and, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  STOCK_ORDER_TEXT,
  type PartsOrderSearchQuery,
  type PartsOrderSortName,
  type PartsOrderSummary,
  type SearchPage,
} from '../../contract';
import { PLACEHOLDER_PREFIXES } from '../../lib/dates';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { matchingWords, searchOrder, searchPage, type SortKeys } from '../sync/search-page';
import { visibleOrders } from './rules';
import { summaries, toSummary } from './store';

/*
 * The parts list searched on the server (issue 31 §3, contract/list-search.ts): every order the user sees, not only
 * those the device keeps, with the screen's search (every word somewhere in what the row shows, list-rules.ts
 * partsSearchText), sort (PARTS_SORT_COLUMNS) and filters (applyFilters).
 */

const o = t.partsOrders;

/** A date, or null for none: the placeholders count as none (lib/dates.ts isEmptyDate). */
const day = (column: AnyPgColumn) =>
  sql`(case when ${column} in (${sql.join(
    PLACEHOLDER_PREFIXES.map((placeholder) => sql`${placeholder}::date`),
    sql`, `,
  )}) then null else ${column} end)`;

/** MM/DD/YYYY of a date, '' for none (list-rules.ts dateText). */
const usDate = (column: AnyPgColumn) => sql`coalesce(to_char(${day(column)}, 'MM/DD/YYYY'), '')`;

/** The parts log number once submitted, else "Staged order <id>" (orderNumberText). */
const orderNumberText = sql`coalesce(nullif(${o.partsLogNumber}, ''), 'Staged order ' || ${o.id})`;

/** A customer order's serial, a stock order's "Stock Order" (serialText). */
const serialText = sql`(case when btrim(${o.longSerialNumber}) <> '' then coalesce(nullif(${o.serialNumber}, ''), ${o.longSerialNumber})
  else ${STOCK_ORDER_TEXT} end)`;

/** "name (number)", or the number of a plant without a name (plantText). */
const plantText = sql`(case when ${t.plants.name} <> '' then ${t.plants.name} || ' (' || ${o.plantNumber} || ')' else ${o.plantNumber} end)`;

const statusText = sql`btrim(${o.status})`;

/** What the search box looks through: the fields of partsSearchText. */
const searchText = sql`lower(concat_ws(' ', ${orderNumberText}, ${serialText}, ${o.longSerialNumber}, ${t.homes.homeownerFirstName},
  ${t.homes.homeownerLastName}, ${o.plantNumber}, ${t.plants.name}, ${statusText}, ${usDate(o.orderDate)}, ${usDate(o.expectedShipDate)}))`;

/** The order of each sort column (list-rules.ts PARTS_SORT_COLUMNS); text in any case, as the kept list compares it. */
const SORT_KEYS: SortKeys<PartsOrderSortName> = {
  expectedShipDate: [day(o.expectedShipDate)],
  orderDate: [day(o.orderDate)],
  plant: [sql`lower(${plantText})`],
  serialNumber: [sql`lower(${serialText})`],
  status: [sql`lower(nullif(${statusText}, ''))`],
};

/** GET {api}/parts?page=…: one page of the orders `session` sees that match, and how many match in all. */
export function searchOrders(db: Database, session: Session, query: PartsOrderSearchQuery): Promise<SearchPage<PartsOrderSummary>> {
  const condition = and(
    visibleOrders(session),
    query.plant === undefined ? undefined : eq(o.plantNumber, query.plant),
    query.status ? sql`upper(${statusText}) = upper(${query.status})` : undefined,
    ...matchingWords(searchText, query.q),
  );
  return searchPage(
    query.page,
    (limit, offset) =>
      summaries(db, condition)
        .orderBy(...searchOrder(SORT_KEYS, query.sort, '-orderDate', o.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [matching] = await db
        .select({ n: count() })
        .from(o)
        .innerJoin(t.plants, eq(t.plants.plantNumber, o.plantNumber))
        .leftJoin(t.homes, eq(t.homes.id, o.homeId))
        .where(condition);
      return matching?.n ?? 0;
    },
    toSummary,
  );
}
