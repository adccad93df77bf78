import { and, asc, eq, inArray, is, lt, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Session } from '../auth/session';
import type { Position, SyncWindow } from './types';

export type { SyncedRow, SyncSource, SyncTable, SyncWindow } from './types';

/* What a synced list is (SyncSource) and the window of rows a page reads; the scheme itself is described in delta.ts. */

/** Rows (or tombstones) at or after a position. */
export const atOrAfter = (xid: SQL | AnyPgColumn, id: SQL | AnyPgColumn, from: Position) =>
  sql`(${xid}, ${id}) >= (${from.xid}::bigint, ${from.id}::integer)`;

/** The condition that picks a window's rows, for a table's (sync_xid, id) columns. */
export const inWindow = (xid: AnyPgColumn, id: AnyPgColumn, window: SyncWindow): SQL =>
  and(atOrAfter(xid, id, window.from), lt(xid, window.horizon))!;

export const windowOrder = (xid: AnyPgColumn, id: AnyPgColumn) => [asc(xid), asc(id)] as const;

/** What a user's scope holds of a table: the rows whose `column` is one of `values` (work-orders/rules.ts scopeOf). */
export interface Scope {
  column: AnyPgColumn;
  values: readonly string[];
}

export const inScope = ({ column, values }: Scope): SQL => (values.length > 0 ? inArray(column, [...values]) : sql`false`);

/** What a query answers (drizzle's types cannot tell it of a generic one). */
type Rows<Query extends PgSelect> = Query['_']['result'];

/**
 * The rows of a window in (sync_xid, id) order, at most its limit: `select(condition)` is the list's query with its joins,
 * given the window's condition and `scope` (a user's Scope, or any condition that picks the list's rows); `part` is a
 * ruled list's condition of the window's part (kept-rule.ts), if any.
 *
 * Each scope has an index on (scope column, sync_xid, id), but it is in that order for one value only: for
 * `plant_number IN (a, b) ORDER BY sync_xid, id LIMIT n` PostgreSQL reads and sorts the whole scope on every page
 * (0.9 s a page for two plants of 210,000 work orders). A scope of several values is therefore read as one branch per
 * value, `column = value` in the index's order and limited, under an outer ORDER BY … LIMIT that merges them (Merge
 * Append: 40 ms). Same rows, same order: the first n of the whole are among the first n of each branch. The outer ORDER
 * BY names the position columns by name, so the selection may hold each of those names once.
 */
export async function readWindow<Query extends PgSelect>(
  window: SyncWindow,
  position: { xid: AnyPgColumn; id: AnyPgColumn },
  scope: Scope | SQL | undefined,
  select: (condition: SQL) => Query,
  part?: SQL,
): Promise<Rows<Query>> {
  const { limit } = window;
  const at = and(inWindow(position.xid, position.id, window), part)!;
  // A new ORDER BY for each use: drizzle rewrites the columns of a union's own in place.
  const order = () => windowOrder(position.xid, position.id);
  const branches = scope !== undefined && !is(scope, SQL) && scope.values.length > 1 && limit !== undefined;
  if (window.part === 'closed') {
    const conditions = branches ? scope.values.map((value) => and(eq(scope.column, value), at)!) : [and(inScopeOf(scope), at)!];
    return (await limited(select(closedPart(position, conditions, limit)).orderBy(...order()), limit)) as Rows<Query>;
  }
  if (branches) {
    const [first, ...rest] = scope.values.map((value) =>
      select(and(eq(scope.column, value), at)!)
        .orderBy(...order())
        .limit(limit),
    );
    // Every branch is the same query; drizzle's types cannot say so of a generic one.
    const merged = rest.reduce((union, branch) => union.unionAll(branch as never), first!);
    return (await merged.orderBy(...order()).limit(limit)) as Rows<Query>;
  }
  return (await limited(select(and(inScopeOf(scope), at)!).orderBy(...order()), limit)) as Rows<Query>;
}

const inScopeOf = (scope: Scope | SQL | undefined) => (scope === undefined || is(scope, SQL) ? scope : inScope(scope));

const limited = <Query extends PgSelect>(query: Query, limit: number | undefined) => (limit === undefined ? query : query.limit(limit));

/**
 * The rows of a download's closed part (`conditions`: one per branch), by id. They are the few rows of the scope changed
 * lately, which lie at the far end of its (scope, sync_xid, id) index: walked in that order, a plant of the 1M benchmark
 * filtered 108,000 rows for a page of 1,445 (0.5 s). Each branch's ids are found by day of change (the scope's
 * changed_on index) and sorted, `+ 0` keeping the planner from walking the sync index on its LIMIT estimate, and only
 * the page's rows are joined to what the list's query adds: sorted after its joins, it joined every kept row (0.4 s).
 */
function closedPart(position: { xid: AnyPgColumn; id: AnyPgColumn }, conditions: SQL[], limit: number | undefined): SQL {
  const limitClause = limit === undefined ? sql`` : sql` limit ${limit}`;
  const ids = conditions.map(
    (condition) =>
      sql`(select ${position.id} from ${position.id.table} where ${condition} order by ${position.xid} + 0, ${position.id}${limitClause})`,
  );
  return sql`${position.id} in (${sql.join(ids, sql` union all `)})`;
}

/**
 * The scope of a list whose rows carry prices for price viewers only (spec 2 §6: orders, leads, inventory): viewers and
 * others get answers, cached answers and cursors of their own, and a user who gains or loses View_Pricing starts over.
 */
export const pricedSessionScope = (session: Session) => [...sessionScope(session), session.flags.isPriceViewer ? 'prices' : 'no prices'];

/** The scope part of a source every list shares: a plant user's facilities, or anyone else's current retail center. */
export const sessionScope = (session: Session) =>
  session.user.isPlantUser
    ? ['plants', ...session.user.availablePlants.map((plant) => plant.plantNumber).sort()]
    : ['retailer', session.user.currentRetailer?.retailerNumber ?? ''];
