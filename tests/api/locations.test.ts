import { and, asc, count, eq, isNotNull, max } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPage,
  CmhUser,
  Location,
  LocationList,
  LOCATION_MESSAGES,
  TIME_ZONE_MESSAGES,
  type ErrorBody,
  type ServiceRequest,
} from '../../src/contract';
import * as schema from '../../src/server/db/schema';
import { drainRestamps } from '../../src/server/sync/restamp';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 30 §1, the admin field of a location's time zone: GET {api}/api/Locations and PUT {api}/api/Locations/{kind}/{number}.
 * The demo admin administers retail centers 4217 (Knoxville, Tennessee: Eastern from its ZIP code 37919), 4218 and 4219;
 * 5123 is another retailer's. 05:30 UTC on 7 December is 00:30 on the 7th in Eastern time and 23:30 on the 6th in Central.
 */

const LOCATIONS = '/api/api/Locations';
const AFTER_EASTERN_MIDNIGHT = new Date('2026-12-07T05:30:00Z');

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['admin', 'service', 'plant']) tokens[key] = await t.login(key);
});
afterEach(async () => {
  t.setNow(null);
  await t.db.update(schema.retailers).set({ timeZone: null }).where(eq(schema.retailers.retailerNumber, '4217'));
});
afterAll(() => t.close());

async function list(token: string) {
  const answer = await t.call('GET', LOCATIONS, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LocationList, answer.body);
}

const put = (token: string, kind: string, number: string, body: unknown) =>
  t.call<ErrorBody>('PUT', `${LOCATIONS}/${kind}/${number}`, { token, body });

async function profileZone(token: string, retailerNumber: string) {
  const answer = await t.call('GET', '/auth/api/Account/User', { token });
  expect(answer.status).toBe(200);
  return v.parse(CmhUser, answer.body).availableRetailers.find((retailer) => retailer.retailerNumber === retailerNumber)?.timeZone;
}

async function newWorkOrderAt4217() {
  const [home] = await t.db
    .select()
    .from(schema.homes)
    .where(and(eq(schema.homes.retailerNumber, '4217'), isNotNull(schema.homes.soldDate)))
    .orderBy(asc(schema.homes.id))
    .limit(1);
  const created = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
    token: tokens.service,
    query: { plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.id) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('GET {api}/api/Locations', () => {
  it("lists a retailer's admin their own retail centers, with the stored, the address's and the effective zone", async () => {
    const { organisationTimeZone, locations } = await list(tokens.admin!);
    expect(organisationTimeZone).toBe('America/Chicago');
    expect(locations.map((location) => `${location.kind} ${location.number}`)).toEqual(['retailer 4217', 'retailer 4218', 'retailer 4219']);
    expect(locations[0]).toEqual({
      kind: 'retailer',
      number: '4217',
      name: expect.any(String),
      city: 'Knoxville',
      state: 'TN',
      zipCode: '37919',
      timeZone: null,
      addressTimeZone: 'America/New_York',
      effectiveTimeZone: 'America/New_York',
    });
  });

  it('adds the plants assigned to the admin; an internal admin sees every retail center and plant', async () => {
    const [admin] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'admin@demo.homesite.test'));
    await t.db.insert(schema.userPlants).values({ userId: admin!.id, plantNumber: '944' });
    try {
      const plants = (await list(tokens.admin!)).locations.filter((location) => location.kind === 'plant');
      expect(plants).toEqual([expect.objectContaining({ number: '944', state: 'AL', effectiveTimeZone: 'America/Chicago' })]);
    } finally {
      await t.db.delete(schema.userPlants).where(eq(schema.userPlants.userId, admin!.id));
    }

    // internal@ (internal staff) made an administrator: isAdmin is Rtl_Admin and not a plant user.
    const [internal] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'internal@demo.homesite.test'));
    const [rtlAdmin] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Rtl_Admin'));
    await t.db.insert(schema.userRoles).values({ userId: internal!.id, roleId: rtlAdmin!.id });
    const everything = (await list(await t.login('internal'))).locations;
    const [retailers] = await t.db.select({ n: count() }).from(schema.retailers);
    const [plants] = await t.db.select({ n: count() }).from(schema.plants);
    expect(everything.filter((location) => location.kind === 'retailer')).toHaveLength(retailers!.n);
    expect(everything.filter((location) => location.kind === 'plant')).toHaveLength(plants!.n);
    expect(everything.find((location) => location.number === '5123')).toBeTruthy();
  });

  it('refuses a user who is not an admin (a plant user with Rtl_Admin is not one either)', async () => {
    expect((await t.call('GET', LOCATIONS, { token: tokens.service })).status).toBe(403);
    expect((await t.call('GET', LOCATIONS, { token: tokens.plant })).status).toBe(403);
    expect((await t.call('GET', LOCATIONS)).status).toBe(401);
  });
});

describe('PUT {api}/api/Locations/{kind}/{number}', () => {
  it('sets a zone: the profile then holds it, a work order is dated in it, and the change is audited; null goes back to the address', async () => {
    // Profiles cached before the change (auth/session-cache.ts) must not keep the old zone.
    expect(await profileZone(tokens.service!, '4217')).toBe('America/New_York');
    t.setNow(AFTER_EASTERN_MIDNIGHT);
    expect((await newWorkOrderAt4217()).requestDate).toBe('2026-12-07');

    const stamps = async () => {
      const [cards] = await t.db
        .select({ xid: max(schema.warrantyCards.syncXid) })
        .from(schema.warrantyCards)
        .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId))
        .where(eq(schema.homes.retailerNumber, '4217'));
      const [orders] = await t.db
        .select({ xid: max(schema.partsOrders.syncXid) })
        .from(schema.partsOrders)
        .where(eq(schema.partsOrders.retailerNumber, '4217'));
      return [Number(cards!.xid), Number(orders!.xid)];
    };
    const stampsBefore = await stamps();
    const set = await put(tokens.admin!, 'retailer', '4217', { timeZone: 'US/Central' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(v.parse(Location, set.body)).toMatchObject({
      number: '4217',
      timeZone: 'America/Chicago',
      addressTimeZone: 'America/New_York',
      effectiveTimeZone: 'America/Chicago',
    });
    expect(await profileZone(tokens.service!, '4217')).toBe('America/Chicago');
    expect(await profileZone(tokens.admin!, '4217')).toBe('America/Chicago');
    // The warranty cards and parts orders a device keeps carry the zone: their lists' deltas hold them again, once the
    // server's worker has written them again after the change (sync/restamp.ts; the test app runs none).
    await drainRestamps(t.db);
    const stampsAfter = await stamps();
    expect(stampsAfter[0]).toBeGreaterThan(stampsBefore[0]!);
    expect(stampsAfter[1]).toBeGreaterThan(stampsBefore[1]!);
    expect((await newWorkOrderAt4217()).requestDate).toBe('2026-12-06');
    expect((await list(tokens.admin!)).locations[0]).toMatchObject({ timeZone: 'America/Chicago', effectiveTimeZone: 'America/Chicago' });

    const cleared = await put(tokens.admin!, 'retailer', '4217', { timeZone: null });
    expect(cleared.status).toBe(200);
    expect(v.parse(Location, cleared.body)).toMatchObject({ timeZone: null, effectiveTimeZone: 'America/New_York' });
    expect(await profileZone(tokens.service!, '4217')).toBe('America/New_York');
    expect((await newWorkOrderAt4217()).requestDate).toBe('2026-12-07');

    const audit = await t.call('GET', '/api/api/Audit', { token: tokens.admin, query: { action: 'location.time-zone' } });
    expect(audit.status).toBe(200);
    expect(v.parse(AuditPage, audit.body).items.map(({ actorName, details }) => ({ actorName, details }))).toEqual([
      { actorName: 'admin@demo.homesite.test', details: { kind: 'retailer', number: '4217', from: 'America/Chicago', to: null } },
      { actorName: 'admin@demo.homesite.test', details: { kind: 'retailer', number: '4217', from: null, to: 'America/Chicago' } },
    ]);
  });

  it('the same zone again writes nothing and audits nothing', async () => {
    const before = await t.db.select({ n: count() }).from(schema.auditEvents);
    const [service] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'service@demo.homesite.test'));
    const same = await put(tokens.admin!, 'retailer', '4217', { timeZone: null });
    expect(same.status).toBe(200);
    expect(await t.db.select({ n: count() }).from(schema.auditEvents)).toEqual(before);
    const [after] = await t.db.select().from(schema.users).where(eq(schema.users.id, service!.id));
    expect(after!.profileVersion).toBe(service!.profileVersion);
  });

  it('sets a plant assigned to the admin, and its profile holders see it', async () => {
    const [admin] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'admin@demo.homesite.test'));
    await t.db.insert(schema.userPlants).values({ userId: admin!.id, plantNumber: '910' });
    try {
      const set = await put(tokens.admin!, 'plant', '910', { timeZone: 'America/Denver' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const plantProfile = v.parse(CmhUser, (await t.call('GET', '/auth/api/Account/User', { token: tokens.plant })).body);
      expect(plantProfile.availablePlants.find((plant) => plant.plantNumber === '910')?.timeZone).toBe('America/Denver');
      expect((await put(tokens.admin!, 'Plant', '910', { timeZone: null })).status).toBe(200);
    } finally {
      await t.db.delete(schema.userPlants).where(eq(schema.userPlants.userId, admin!.id));
      await t.db.update(schema.plants).set({ timeZone: null }).where(eq(schema.plants.plantNumber, '910'));
    }
  });

  it('refuses a zone that is none, a bad path, a location outside the scope, and a user who is not an admin', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '', 'America/Chicago; drop', 42]) {
      const refused = await put(tokens.admin!, 'retailer', '4217', { timeZone });
      expect(refused.status, String(timeZone)).toBe(400);
      expect(refused.body).toMatchObject({ field: 'timeZone', message: `${TIME_ZONE_MESSAGES.unknown} (timeZone)` });
    }
    expect((await put(tokens.admin!, 'retailer', '4217', {})).body.field).toBe('timeZone');
    expect((await put(tokens.admin!, 'county', '4217', { timeZone: null })).body).toMatchObject({ field: 'kind' });
    expect((await put(tokens.admin!, 'retailer', '42x7', { timeZone: null })).body).toMatchObject({ field: 'number' });

    // 5123 is another retailer's, 9999 is nobody's, and plant 910 is not assigned to the admin.
    for (const [kind, number] of [
      ['retailer', '5123'],
      ['retailer', '9999'],
      ['plant', '910'],
    ] as const) {
      const outside = await put(tokens.admin!, kind, number, { timeZone: 'America/Denver' });
      expect(outside.status, `${kind} ${number}`).toBe(404);
      expect(outside.body.message).toBe(LOCATION_MESSAGES.notFound);
    }
    expect((await put(tokens.service!, 'retailer', '4217', { timeZone: 'America/Denver' })).status).toBe(403);

    const [retailer] = await t.db.select().from(schema.retailers).where(eq(schema.retailers.retailerNumber, '5123'));
    expect(retailer!.timeZone).toBeNull();
  });
});
