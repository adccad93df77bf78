import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import type { Session } from '../../src/server/http/route';
import type { Position } from '../../src/server/sync/cursor';
import type { SyncSource, SyncWindow } from '../../src/server/sync/source';

/* What a read sends to the database and how the database plans it: for the tests of delta pages' plans (issue 31 §4). */

export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  // PGlite and node-postgres both answer { rows }.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements `read` sends through drizzle (with their parameters), answered as usual. */
export async function statementsOf(db: Database, read: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  type Session = { prepareQuery: (query: Statement, ...rest: unknown[]) => unknown };
  const session = (db as unknown as { session: Session }).session;
  const spy = new Proxy(session, {
    get: (target, key) =>
      key === 'prepareQuery'
        ? (query: Statement, ...rest: unknown[]) => {
            statements.push(query);
            return target.prepareQuery(query, ...rest);
          }
        : Reflect.get(target, key),
  });
  await read(new Proxy(db, { get: (target, key) => (key === 'session' ? spy : Reflect.get(target, key)) }));
  return statements;
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export async function planOf(db: Database, statement: Statement): Promise<PlanNode> {
  // The database's own client (a pool, PGlite, or a transaction's): each answers query(text, params) with { rows }.
  type Client = { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
  const client = (db as unknown as { session: { client: Client } }).session.client;
  const { rows } = await client.query(`explain (format json) ${statement.sql}`, statement.params);
  const answer = rows[0]!['QUERY PLAN'];
  return (typeof answer === 'string' ? JSON.parse(answer) : answer)[0].Plan as PlanNode;
}

/**
 * The plan of `statement` were sorting the planner's last resort: whether an index gives its order at all, at any scale
 * (at a test's, a sort of a small table may well be cheaper). An ORDER BY no index matches keeps its Sort.
 */
export const planWithoutSort = (db: Database, statement: Statement): Promise<PlanNode> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return planOf(tx as unknown as Database, statement);
  });

export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The nodes under `node` that a LIMIT does not stand between: what a Sort there has to read whole. */
const unlimitedBelow = (node: PlanNode): PlanNode[] =>
  (node.Plans ?? []).flatMap((child) => (child['Node Type'] === 'Limit' ? [] : [child, ...unlimitedBelow(child)]));

export const scansOf = (plan: PlanNode, table: string) => nodesOf(plan).filter((node) => node['Relation Name'] === table);

/** Sorts that read every row of `table` in the scope: a top-N sort above the branches' LIMITs is not one. */
export const wholeScopeSorts = (plan: PlanNode, table: string) =>
  nodesOf(plan).filter((node) => node['Node Type'] === 'Sort' && unlimitedBelow(node).some((below) => below['Relation Name'] === table));

/** A position below every real transaction id, past the start: a delta's window, which reads every row. */
export const AFTER_START: Position = { xid: 1, id: 0 };

/**
 * Reads a source page by page from `AFTER_START` and checks each page against `plain` (a plain ORDER BY sync_xid, id
 * read at the same position and limit); answers how many pages and rows it read.
 */
export async function expectPagesLikePlain(
  db: Database,
  source: Pick<SyncSource<unknown>, 'rows'>,
  plain: (from: Position, limit: number) => Promise<Position[]>,
  window: (from: Position, limit: number) => SyncWindow,
  limit: number,
): Promise<{ pages: number; rows: number }> {
  let from = AFTER_START;
  let pages = 0;
  let rows = 0;
  for (;;) {
    const page = (await source.rows(db, window(from, limit))).map(({ xid, id }) => ({ xid, id }));
    expect(page).toEqual(await plain(from, limit));
    pages += 1;
    rows += page.length;
    const last = page.at(-1);
    if (page.length < limit || !last) return { pages, rows };
    from = { xid: last.xid, id: last.id + 1 };
  }
}

/** The scope shapes a plan is checked in: a user of several plants, and one of a retail center (prices shown). */
export const SCOPES: [string, Session][] = [
  [
    'plants',
    {
      user: {
        isPlantUser: true,
        availablePlants: ['910', '915', '920', '931'].map((plantNumber) => ({ plantNumber })),
        currentRetailer: null,
      },
      flags: { isPriceViewer: true },
    } as unknown as Session,
  ],
  [
    'a retail center',
    {
      user: { isPlantUser: false, availablePlants: [], currentRetailer: { retailerNumber: '100001' } },
      flags: { isPriceViewer: true },
    } as unknown as Session,
  ],
];
