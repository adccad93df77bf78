import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_START, type WarrantyCard } from '../../src/contract';
import { KEPT_LIST_CAPS, keptSince } from '../../src/contract/kept-lists';
import { keptRuleDay, keptRuleOf } from '../../src/server/sync/kept-rule';
import type { Session } from '../../src/server/http/route';
import { homeownerSyncSource } from '../../src/server/routes/homeowners';
import type { Position } from '../../src/server/sync/cursor';
import { readDelta } from '../../src/server/sync/delta';
import type { SyncWindow } from '../../src/server/sync/source';
import { createTestContext, type TestContext } from './harness';
import {
  AFTER_START,
  expectPagesLikePlain,
  nodesOf,
  planOf,
  rowsOf,
  scansOf,
  statementsOf,
  wholeScopeSorts,
  type PlanNode,
} from './query-plans';

// Not capped: these tests are of scope moves and plans, and most of the grown cards were changed today (over the cap).
const keptRule = keptRuleOf(() => new Date(), { ...KEPT_LIST_CAPS, homeowners: 1_000_000 });

/*
 * Delta pages of warranty cards (issue 31 §4): a card carries its home's plant and retail center (migration 0024, set by
 * trigger), so a scope's page is read by the card's own (scope, sync_xid, id) index, one branch per plant, where the
 * scope went through homes and PostgreSQL walked every card or read and sorted the whole scope on every page. The plans
 * are read at a scale where that shows; the pages are the rows and order a plain read through homes gives; a home that
 * moves takes its card along.
 */

let t: TestContext;
const PLANTS = ['910', '931'];
const plantUserOf = (plants: readonly string[]) =>
  ({
    user: { isPlantUser: true, availablePlants: plants.map((plantNumber) => ({ plantNumber })), currentRetailer: null },
    flags: {},
  }) as unknown as Session;
const plantUser = plantUserOf(PLANTS);
const retailerUser = (retailerNumber: string) =>
  ({ user: { isPlantUser: false, availablePlants: [], currentRetailer: { retailerNumber } }, flags: {} }) as unknown as Session;
const HORIZON = 2 ** 53 - 1;
/** Cards grown at the two plants: enough that reading and sorting the whole scope costs more than an index per plant. */
const GROWN_IN_SCOPE = 36_000;
/** And as many at the other plants: a plant user's scope is a part of the table, as it is in production. */
const GROWN_ELSEWHERE = 36_000;

beforeAll(async () => {
  t = await createTestContext();
  const copied = await rowsOf<{ name: string }>(
    t.db,
    sql`select column_name as name from information_schema.columns where table_name = 'homes'
          and column_name not in ('id', 'serial_number') order by ordinal_position`,
  );
  const columns = sql.raw(copied.map(({ name }) => `"${name}"`).join(', '));
  const [seeded = { inScope: 0, elsewhere: 0, last: 0 }] = await rowsOf<{ inScope: number; elsewhere: number; last: number }>(
    t.db,
    sql`select (count(*) filter (where plant_number in ('910', '931')))::integer as "inScope",
               (count(*) filter (where plant_number not in ('910', '931')))::integer as elsewhere, max(id) as last from homes`,
  );
  const inScope = sql`plant_number in ('910', '931')`;
  // New homes, each with a card inserted by plain SQL (the trigger gives it the home's scope), in several transactions,
  // so that pages meet cards of several sync_xid and many of one.
  for (let statement = 0; statement < 4; statement++)
    await t.db.transaction(async (tx) => {
      const [{ before } = { before: 0 }] = await rowsOf<{ before: number }>(tx, sql`select max(id) as before from homes`);
      for (const [where, copies] of [
        [inScope, Math.ceil(GROWN_IN_SCOPE / 4 / seeded.inScope)],
        [sql`not ${inScope}`, Math.ceil(GROWN_ELSEWHERE / 4 / seeded.elsewhere)],
      ] as const)
        await tx.execute(
          sql`insert into homes (serial_number, ${columns}) select serial_number || ${`-${statement}-`} || copy, ${columns}
                from homes, generate_series(1, ${copies}) copy where ${where} and id <= ${seeded.last}`,
        );
      await tx.execute(
        sql`insert into warranty_cards (home_id, status_code, last_name) select id, 'A', 'Grown' from homes where id > ${before}`,
      );
    });
  await t.db.execute(sql`analyze homes`);
  await t.db.execute(sql`analyze warranty_cards`);
}, 180_000);
afterAll(() => t.close());

const window = (from: Position, limit: number): SyncWindow => ({ from, horizon: HORIZON, limit });

describe('a warranty card', () => {
  it('carries its home’s plant and retail center, however it was inserted', async () => {
    const [{ cards, differ } = { cards: 0, differ: -1 }] = await rowsOf<{ cards: number; differ: number }>(
      t.db,
      sql`select count(*)::integer as cards,
                 (count(*) filter (where c.plant_number <> h.plant_number or c.retailer_number <> h.retailer_number))::integer as differ
            from warranty_cards c join homes h on h.id = c.home_id`,
    );
    expect(cards).toBeGreaterThan(GROWN_IN_SCOPE + GROWN_ELSEWHERE);
    expect(differ).toBe(0);
  });
});

describe('a plant user’s page of warranty cards', () => {
  it('is read by one index scan per plant in (sync_xid, id) order, with no sort of the whole scope', async () => {
    const source = homeownerSyncSource(plantUser, keptRule);
    for (const from of [AFTER_START, { xid: 1, id: 20_000 }]) {
      const statements = await statementsOf(t.db, (db) => source.rows(db, window(from, 5000)));
      expect(statements).toHaveLength(1);
      const plan = await planOf(t.db, statements[0]!);
      expect(scansOf(plan, 'warranty_cards').map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual(
        PLANTS.map(() => ['Index Scan', 'warranty_cards_plant_sync_idx']),
      );
      expect(wholeScopeSorts(plan, 'warranty_cards')).toEqual([]);
    }
  });

  it('finds that nothing changed by an index scan of the scope', async () => {
    const [{ next } = { next: 0 }] = await rowsOf<{ next: string }>(t.db, sql`select max(sync_xid) + 1 as next from warranty_cards`);
    const { changes } = homeownerSyncSource(plantUser, keptRule);
    const statements = await statementsOf(t.db, (db) =>
      db.execute(
        sql`select exists (select 1 from ${changes.from} where ${changes.where}
              and (${changes.xid}, ${changes.id}) >= (${Number(next)}::bigint, 0) and ${changes.xid} < ${HORIZON})`,
      ),
    );
    const plan = await planOf(t.db, statements[0]!);
    expect(scansOf(plan, 'warranty_cards').map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual([
      [expect.stringMatching(/^Index (Only )?Scan$/), 'warranty_cards_plant_sync_idx'],
    ]);
    expect(scansOf(plan, 'homes')).toEqual([]);
  });

  it('are the rows and order of a plain read through homes, page by page, across page boundaries', async () => {
    const source = homeownerSyncSource(plantUser, keptRule);
    const plain = async (from: Position, limit: number) =>
      (
        await rowsOf<{ xid: string | number; id: number }>(
          t.db,
          sql`select c.sync_xid as xid, c.id from warranty_cards c join homes h on h.id = c.home_id
                where h.plant_number in ('910', '931') and (c.sync_xid, c.id) >= (${from.xid}::bigint, ${from.id}::integer)
                  and c.sync_xid < ${HORIZON} order by c.sync_xid, c.id limit ${limit}`,
        )
      ).map((row) => ({ xid: Number(row.xid), id: row.id }));
    const limit = 2_999;
    const { pages, rows } = await expectPagesLikePlain(t.db, source, plain, window, limit);
    expect(pages).toBeGreaterThan(2);
    const [{ scope } = { scope: 0 }] = await rowsOf<{ scope: number }>(
      t.db,
      sql`select count(*)::integer as scope from warranty_cards c join homes h on h.id = c.home_id where h.plant_number in ('910', '931')`,
    );
    expect(rows).toBe(scope);
    // A download from nothing counts only the cards the kept-list rule keeps (contract/kept-lists.ts).
    const [{ kept } = { kept: 0 }] = await rowsOf<{ kept: number }>(
      t.db,
      sql`select count(*)::integer as kept from warranty_cards where plant_number in ('910', '931')
            and (has_open_work_order or changed_on >= ${keptSince(keptRuleDay(keptRule.clock))}::date)`,
    );
    expect(kept).toBeLessThan(scope);
    expect(await source.count(t.db)).toBe(kept);
  });
});

describe('a retail center’s page of warranty cards', () => {
  const retailerPlan = async (order: 'asc' | 'desc') => {
    const [{ retailer } = { retailer: '' }] = await rowsOf<{ retailer: string }>(
      t.db,
      sql`select retailer_number as retailer from warranty_cards group by 1 order by count(*) ${sql.raw(order)}, 1 limit 1`,
    );
    const statements = await statementsOf(t.db, (db) =>
      homeownerSyncSource(retailerUser(retailer), keptRule).rows(db, window(AFTER_START, 5000)),
    );
    expect(statements).toHaveLength(1);
    return planOf(t.db, statements[0]!);
  };
  // (retailer_number, sync_xid, id) or the narrower (retailer_number, changed_on): the planner takes either for a bitmap.
  const RETAILER_INDEX = expect.stringMatching(/^warranty_cards_retailer_(sync|changed)_idx$/);
  const cardIndexes = (plan: PlanNode) =>
    nodesOf(plan).flatMap((node) => (node['Index Name']?.startsWith('warranty_cards') ? [node['Index Name']] : []));

  it('of many cards reads only its own, by an index of the retail center', async () => {
    // At this scale (12,000 cards, pages of 5,000) the planner reads them by a bitmap of the index and sorts them, and
    // joins their homes by hash: bounded by the retail center's cards, never the table's.
    const plan = await retailerPlan('desc');
    expect(cardIndexes(plan)).toEqual([RETAILER_INDEX]);
    expect(scansOf(plan, 'warranty_cards').map((scan) => scan['Node Type'])).not.toContain('Seq Scan');
  });

  it('of few cards reads only its own by an index of the retail center, and no home but theirs', async () => {
    // The planner may sort a few hundred cards read by the index: what it must not do is read every card or every home.
    const plan = await retailerPlan('asc');
    expect(cardIndexes(plan)).toEqual([RETAILER_INDEX]);
    expect(scansOf(plan, 'homes').map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual([['Index Scan', 'homes_pkey']]);
  });
});

/** A device's copy of a list: pages read from the start until there are no more; its cursor. */
async function download(session: Session) {
  const source = homeownerSyncSource(session, keptRule);
  let page = await readDelta(t.db, source, SYNC_START, 5000);
  const ids = new Set(page.items.map((card) => card.vantageWarrantyId));
  while (page.more) {
    page = await readDelta(t.db, source, page.cursor, 5000);
    for (const card of page.items) ids.add(card.vantageWarrantyId);
  }
  return { ids, cursor: page.cursor };
}

describe('a home moved to another scope', () => {
  it.each([
    ['retail center', 'retailer_number'],
    ['plant', 'plant_number'],
  ] as const)('takes its card along to its new %s: gone from the old one’s delta, in the new one’s', async (_, column) => {
    // A card at plant 944, moved to another retail center, or to one of the plant user's plants.
    const [card] = await rowsOf<{ id: number; home: number; retailer: string }>(
      t.db,
      sql`select c.id, c.home_id as home, c.retailer_number as retailer from warranty_cards c
            where c.plant_number = '944' and c.has_open_work_order order by c.retailer_number, c.id limit 1`,
    );
    const [{ other } = { other: '' }] = await rowsOf<{ other: string }>(
      t.db,
      sql`select retailer_number as other from retailers where retailer_number <> ${card!.retailer} order by 1 limit 1`,
    );
    const [from, to, moved] =
      column === 'retailer_number'
        ? [retailerUser(card!.retailer), retailerUser(other), other]
        : [plantUserOf(['944']), plantUser, PLANTS[0]!];
    const before = await download(from);
    const after = await download(to);
    expect(before.ids.has(card!.id)).toBe(true);
    expect(after.ids.has(card!.id)).toBe(false);

    await t.db.execute(sql`update homes set ${sql.identifier(column)} = ${moved} where id = ${card!.home}`);

    const [stored] = await rowsOf<{ plant: string; retailer: string }>(
      t.db,
      sql`select plant_number as plant, retailer_number as retailer from warranty_cards where id = ${card!.id}`,
    );
    expect(column === 'retailer_number' ? stored!.retailer : stored!.plant).toBe(moved);
    const left = await readDelta(t.db, homeownerSyncSource(from, keptRule), before.cursor, 5000);
    expect(left.removed).toContain(card!.id);
    expect(left.items.map((item) => item.vantageWarrantyId)).not.toContain(card!.id);
    const arrived = await readDelta(t.db, homeownerSyncSource(to, keptRule), after.cursor, 5000);
    const item: WarrantyCard | undefined = arrived.items.find((candidate) => candidate.vantageWarrantyId === card!.id);
    expect(item).toMatchObject(column === 'retailer_number' ? { retailerNumber: moved } : { plantNumber: moved });
    expect(arrived.removed).not.toContain(card!.id);
  });
});
