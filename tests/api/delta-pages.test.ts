import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATUSES, QUOTE_DELETED } from '../../src/contract';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { KEPT_LIST_CAPS, keptSince } from '../../src/contract/kept-lists';
import * as schema from '../../src/server/db/schema';
import type { Session } from '../../src/server/http/route';
import { partsOrderSyncSource } from '../../src/server/parts-orders/store';
import { quoteSyncSource } from '../../src/server/quotes/store';
import { inventorySyncSource } from '../../src/server/routes/inventory';
import { orderSyncSource } from '../../src/server/routes/orders';
import { START, type KeptPart, type Position } from '../../src/server/sync/cursor';
import { inScope, readWindow, type SyncSource, type SyncWindow } from '../../src/server/sync/source';
import { keptRuleOf } from '../../src/server/sync/kept-rule';
import { workOrderSyncSource } from '../../src/server/work-orders/store';
import { createTestContext, type TestContext } from './harness';
import {
  AFTER_START,
  expectPagesLikePlain,
  nodesOf,
  planOf,
  planWithoutSort,
  rowsOf,
  scansOf,
  statementsOf,
  wholeScopeSorts,
} from './query-plans';

/*
 * Delta pages of a scope of several values (issue 31 §4, sync/source.ts readWindow): a plant user's page is one branch per
 * plant over its (plant_number, sync_xid, id) index, merged, where `plant_number IN (…) ORDER BY sync_xid, id LIMIT n`
 * sorted the whole scope on every page. The plans are read at a scale where that sort shows; the pages are the rows and
 * order a plain read gives.
 */

let t: TestContext;
const PLANTS = ['910', '931'];
/** The demo plant user's facilities; prices shown, so that every column is read. */
const plantUser = {
  user: { isPlantUser: true, availablePlants: PLANTS.map((plantNumber) => ({ plantNumber })), currentRetailer: null },
  flags: { isPriceViewer: true },
} as unknown as Session;
const clock = () => new Date();
const today = () => businessDay(DEFAULT_ORG_TIME_ZONE);
const keptRule = keptRuleOf(clock, KEPT_LIST_CAPS);
/** Any position past the start: a download from nothing reads only the kept rows (sync/kept-rule.ts), a later page every row. */
const HORIZON = 2 ** 53 - 1;
/** Enough work orders at two plants that reading and sorting the whole scope costs more than walking an index per plant. */
const GROWN_ROWS = 36_000;

beforeAll(async () => {
  t = await createTestContext();
  const copied = await rowsOf<{ name: string }>(
    t.db,
    sql`select column_name as name from information_schema.columns where table_name = 'service_requests'
          and column_name not in ('id', 'sync_xid', 'vantage_work_order_id', 'vantage_work_order_number') order by ordinal_position`,
  );
  const columns = sql.raw(copied.map(({ name }) => `"${name}"`).join(', '));
  const [{ seeded, last } = { seeded: 0, last: 0 }] = await rowsOf<{ seeded: number; last: number }>(
    t.db,
    sql`select count(*)::integer as seeded, max(id) as last from service_requests where plant_number in ('910', '931')`,
  );
  // Several transactions, so that pages meet rows of several sync_xid and many of one.
  const copiesPerStatement = Math.ceil(GROWN_ROWS / 4 / seeded);
  for (let statement = 0; statement < 4; statement++)
    await t.db.execute(
      sql`insert into service_requests (${columns}) select ${columns} from service_requests, generate_series(1, ${copiesPerStatement})
            where plant_number in ('910', '931') and id <= ${last}`,
    );
  await t.db.execute(sql`analyze service_requests`);
}, 180_000);
afterAll(() => t.close());

const window = (from: Position, limit: number): SyncWindow => ({ from, horizon: HORIZON, limit });

describe('a plant user’s page of work orders', () => {
  it('is read by one index scan per plant in (sync_xid, id) order, with no sort of the whole scope', async () => {
    const source = workOrderSyncSource(plantUser, keptRule);
    for (const from of [AFTER_START, { xid: 1, id: 20_000 }]) {
      const statements = await statementsOf(t.db, (db) => source.rows(db, window(from, 5000)));
      expect(statements).toHaveLength(1);
      const plan = await planOf(t.db, statements[0]!);
      const scans = scansOf(plan, 'service_requests');
      expect(scans.map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual(
        PLANTS.map(() => ['Index Scan', 'service_requests_plant_sync_idx']),
      );
      expect(wholeScopeSorts(plan, 'service_requests')).toEqual([]);
    }
  });

  it('would sort the whole scope at this scale if read with plant_number IN (…): what the test guards against', async () => {
    const position = { xid: schema.serviceRequests.syncXid, id: schema.serviceRequests.id };
    const scope = { column: schema.serviceRequests.plantNumber, values: PLANTS };
    const statements = await statementsOf(t.db, (db) =>
      readWindow(window(AFTER_START, 5000), position, inScope(scope), (where) =>
        db.select({ id: schema.serviceRequests.id }).from(schema.serviceRequests).where(where).$dynamic(),
      ),
    );
    expect(wholeScopeSorts(await planOf(t.db, statements[0]!), 'service_requests')).not.toEqual([]);
  });

  it('finds that nothing changed by an index scan of the scope', async () => {
    // The probe's EXISTS (sync/probe.ts) keeps plant_number IN (…): its index scan stops at the first row found.
    const [{ next } = { next: 0 }] = await rowsOf<{ next: string }>(t.db, sql`select max(sync_xid) + 1 as next from service_requests`);
    const plan = await planOf(t.db, {
      sql: `select exists (select 1 from service_requests where plant_number in ($1, $2) and (sync_xid, id) >= ($3::bigint, $4::integer) and sync_xid < $5)`,
      params: [...PLANTS, Number(next), 0, HORIZON],
    });
    expect(scansOf(plan, 'service_requests').map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual([
      [expect.stringMatching(/^Index (Only )?Scan$/), 'service_requests_plant_sync_idx'],
    ]);
  });
});

describe('a plant user’s first download of work orders, in the kept-list rule’s two parts', () => {
  const source = () => workOrderSyncSource(plantUser, keptRule);
  const partWindow =
    (part: KeptPart) =>
    (from: Position, limit: number): SyncWindow => ({ from, horizon: HORIZON, limit, part });
  const closed = `status in (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

  beforeAll(async () => {
    // The seed closed few of these plants' work orders lately: some hundreds more, each day of change its own.
    await t.db.execute(sql`alter table service_requests disable trigger service_requests_changed_on`);
    await t.db.execute(
      sql.raw(`update service_requests set changed_on = current_date - (id % 60) where id in
                 (select id from service_requests where plant_number in ('910', '931') and ${closed} order by id limit 400)`),
    );
    await t.db.execute(sql`alter table service_requests enable trigger service_requests_changed_on`);
  });

  it('reads the open part by the partial index of open rows, one scan per plant, with no sort of the whole scope', async () => {
    const statements = await statementsOf(t.db, (db) => source().rows(db, partWindow('open')(START, 5000)));
    // Sorting the last resort: at a test's scale a bitmap scan and a sort of one plant's few open rows may cost less,
    // as they did once the rows of earlier files were put back (their order on disk changes the planner's estimate).
    const plan = await planWithoutSort(t.db, statements[0]!);
    expect(scansOf(plan, 'service_requests').map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual(
      PLANTS.map(() => ['Index Scan', 'service_requests_plant_open_sync_idx']),
    );
    expect(wholeScopeSorts(plan, 'service_requests')).toEqual([]);
  });

  it('reads the closed part by the index of the day of change: only rows changed in the window, not the scope', async () => {
    const statements = await statementsOf(t.db, (db) => source().rows(db, partWindow('closed')(START, 5000)));
    const plan = await planOf(t.db, statements[0]!);
    const indexes = nodesOf(plan).flatMap((node) => node['Index Name'] ?? []);
    // Each plant's ids by day of change, then only the page's rows themselves, by id.
    expect(indexes.filter((index) => index.startsWith('service_requests_')).sort()).toEqual(
      [...PLANTS.map(() => 'service_requests_plant_changed_idx'), 'service_requests_pkey'].sort(),
    );
    expect(scansOf(plan, 'service_requests').filter((scan) => scan['Node Type'] === 'Seq Scan')).toEqual([]);
  });

  it.each([
    ['open', `and not (${closed})`, 500],
    ['closed', `and ${closed} and changed_on >= '${keptSince(today())}'`, 50],
  ] as const)('pages the %s part like a plain read of it, across page boundaries', async (part, extra, limit) => {
    const { pages, rows } = await expectPagesLikePlain(t.db, source(), plainRead('service_requests', extra), partWindow(part), limit);
    expect(pages).toBeGreaterThan(2);
    expect(rows).toBeGreaterThan(limit * 2);
  });
});

/** A plain read of a scope's positions in (sync_xid, id) order: what the pages must equal. */
const plainRead = (table: string, extra: string) => async (from: Position, limit: number) =>
  (
    await rowsOf<{ xid: string | number; id: number }>(
      t.db,
      sql`select sync_xid as xid, id from ${sql.identifier(table)} where plant_number in ('910', '931') ${sql.raw(extra)}
            and (sync_xid, id) >= (${from.xid}::bigint, ${from.id}::integer) and sync_xid < ${HORIZON} order by sync_xid, id limit ${limit}`,
    )
  ).map((row) => ({ xid: Number(row.xid), id: row.id }));

const lists: [string, () => SyncSource<unknown>, ReturnType<typeof plainRead>, number][] = [
  ['work orders', () => workOrderSyncSource(plantUser, keptRule) as SyncSource<unknown>, plainRead('service_requests', ''), 2_999],
  ['parts orders', () => partsOrderSyncSource(plantUser, keptRule) as SyncSource<unknown>, plainRead('parts_orders', ''), 3],
  ['quotes', () => quoteSyncSource(plantUser, clock) as SyncSource<unknown>, plainRead('quotes', `and status <> '${QUOTE_DELETED}'`), 3],
  ['sales orders', () => orderSyncSource(plantUser) as SyncSource<unknown>, plainRead('sales_orders', ''), 3],
  ['inventory', () => inventorySyncSource(plantUser, '2026-01-01') as SyncSource<unknown>, plainRead('inventory_homes', ''), 3],
];

describe.each(lists)('a plant user’s pages of %s', (_, sourceOf, plain, limit) => {
  it('are the rows and order of a plain read, page by page, across page boundaries', async () => {
    const { pages, rows } = await expectPagesLikePlain(t.db, sourceOf(), plain, window, limit);
    expect(pages).toBeGreaterThan(2);
    expect(rows).toBeGreaterThan(limit * 2);
  });
});
