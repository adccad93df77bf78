import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { matchDatabaseBusinessDay } from '../../src/server/business-day/business-day';
import { serviceRequests } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

/*
 * A record's day of change (the kept-list rule's changed_on, set by triggers) is the organisation's business day, not
 * the database's UTC day, which runs a day ahead of the US every evening (migration 0030).
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const databaseDay = async () =>
  ((await t.db.execute(sql`select homesite_business_day()::text as day`)) as unknown as { rows: { day: string }[] }).rows[0]!.day;

describe('the day of change', () => {
  it("is the default organisation zone's business day on a database the migrations made", async () => {
    expect(await databaseDay()).toBe(businessDay(DEFAULT_ORG_TIME_ZONE));
  });

  // Kiritimati (UTC+14) and Pago Pago (UTC−11) are a day apart at every hour: one of them is never the UTC day.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'follows ORG_TIME_ZONE (%s) once the server started, in what the triggers write',
    async (zone) => {
      await matchDatabaseBusinessDay(t.db, zone);
      expect(await databaseDay()).toBe(businessDay(zone));
      const [request] = await t.db.select({ id: serviceRequests.id }).from(serviceRequests).limit(1);
      const [changed] = await t.db
        .update(serviceRequests)
        .set({ technician: `Tech of ${zone}`, rowVersion: sql`${serviceRequests.rowVersion} + 1` })
        .where(eq(serviceRequests.id, request!.id))
        .returning({ changedOn: serviceRequests.changedOn });
      expect(changed!.changedOn).toBe(businessDay(zone));
    },
  );

  it('is written again only when the zone changes', async () => {
    await matchDatabaseBusinessDay(t.db, DEFAULT_ORG_TIME_ZONE);
    const version = async () =>
      (
        (await t.db.execute(sql`select xmin::text as v from pg_proc where proname = 'homesite_business_day'`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0]!.v;
    const before = await version();
    await matchDatabaseBusinessDay(t.db, DEFAULT_ORG_TIME_ZONE);
    expect(await version()).toBe(before);
    expect(await databaseDay()).toBe(businessDay(DEFAULT_ORG_TIME_ZONE));
  });
});
