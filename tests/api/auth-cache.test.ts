// Issue 10 §4: a request is authenticated with one indexed query, the profile coming from a per-app
// cache checked against users.profile_version. Every change of a profile is seen on the very next
// request, by this app and by another instance over the same database (a second app here).
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CmhUser, ManagedUser } from '../../src/contract';
import { createApp } from '../../src/server/app';
import { createSessionCache } from '../../src/server/auth/session-cache';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { PLANT_USER_FACILITIES } from '../../src/server/db/seed/demo-users';
import { callerFor, createTestContext, type TestContext } from './harness';

const PROFILE = '/auth/api/Account/User';
const WORK_ORDERS = '/api/service';
const USERS = '/api/api/User/';
const PASSWORD = 'Welcome#2026';

let t: TestContext;
let adminToken: string;
/** A second instance over the same database, whose statements are counted. */
let other: ReturnType<typeof callerFor>;
/** The other instance's database handle, which counts in `statements` what it sends. */
let counted: Database;
let statements = 0;

/** The driver client under the harness's drizzle handle, to open a second, counting handle on it. */
const clientOf = (db: Database) => (db as unknown as { $client: PGlite | pg.Pool }).$client;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
  // Drizzle's logger sees every statement the app sends through this handle.
  const logger = { logQuery: () => void statements++ };
  const client = clientOf(t.db);
  counted = (t.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzleNodePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
  other = callerFor(createApp({ db: counted, config: t.config }));
});
afterAll(() => t.close());
beforeEach(() => {
  statements = 0;
});

/** The call on both instances: the harness's app and the other one. */
const onBoth = async <T = unknown>(method: string, path: string, token: string, query?: Record<string, string>) => {
  const here = await t.call<T>(method, path, { token, query });
  const there = await other<T>(method, path, { token, query });
  return [here, there] as const;
};

/** The profile as both instances answer it (and cache it); they must agree. */
async function profileOnBoth(token: string): Promise<CmhUser> {
  const [here, there] = await onBoth<CmhUser>('GET', PROFILE, token);
  expect(here.status).toBe(200);
  expect(there.status).toBe(200);
  expect(there.body).toEqual(here.body);
  return v.parse(CmhUser, here.body);
}

async function statusOnBoth(method: string, path: string, token: string, query?: Record<string, string>) {
  const [here, there] = await onBoth(method, path, token, query);
  expect(there.status, `the other instance answered ${there.status}, this one ${here.status}`).toBe(here.status);
  return here.status;
}

/** The claims session checks read of a token (`jti` fresh unless given) issued in token generation `gen`. */
const aToken = (jti: string = randomUUID(), gen = 0) => ({ jti, gen });

/** A new user made through the admin API (admin@ manages 4217, 4218, 4219), signed in. */
async function newUser(roles: string[], retailerNumbers: string[]) {
  const userName = `cache.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
  const body = {
    firstName: 'Cass',
    lastName: 'Ashe',
    userName,
    isActive: true,
    roles,
    retailerNumbers,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const created = await t.call('POST', USERS, { token: adminToken, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const user = v.parse(ManagedUser, created.body);
  return { user, token: await t.login(userName, PASSWORD) };
}

/** The admin's edit of `user` (PUT /api/api/User/), from its current state. */
async function editUser(user: ManagedUser, changes: Partial<{ roles: string[]; retailerNumbers: string[]; isActive: boolean }>) {
  const current = await t.call('GET', USERS, { token: adminToken, query: { cmhUserId: String(user.cmhUserId) } });
  const stored = v.parse(ManagedUser, current.body);
  const body = {
    cmhUserId: stored.cmhUserId,
    firstName: stored.firstName,
    lastName: stored.lastName,
    userName: stored.userName,
    isActive: stored.isActive,
    roles: stored.roles,
    retailerNumbers: stored.retailers.map((retailer) => retailer.retailerNumber),
    rowVersion: stored.rowVersion,
    ...changes,
  };
  const result = await t.call('PUT', USERS, { token: adminToken, body });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

describe('the next request sees every change of a cached profile, on every instance', () => {
  it('a role removed: 403 where it was 200', async () => {
    const { user, token } = await newUser(['Service_Viewer', 'Sales_Viewer'], ['4217']);
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(200);
    await editUser(user, { roles: ['Sales_Viewer'] });
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(403);
    expect((await profileOnBoth(token)).roles).toEqual(['Sales_Viewer']);
  });

  it('a role added by a direct database write (another tool, no app involved): granted at once', async () => {
    const { user, token } = await newUser(['Sales_Viewer'], ['4217']);
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(403);
    const [role] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Service_Viewer'));
    await t.db.insert(schema.userRoles).values({ userId: user.cmhUserId, roleId: role!.id });
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(200);
  });

  it('a retailer removed: gone from the profile, the current retailer moves, its scope answers 403', async () => {
    const { user, token } = await newUser(['Service_User'], ['4217', '4218']);
    const before = await profileOnBoth(token);
    expect(before.currentRetailer?.retailerNumber).toBe('4217');
    expect(await statusOnBoth('GET', '/api/service/hxstatus/4217', token)).toBe(200);

    await editUser(user, { retailerNumbers: ['4218'] });
    const after = await profileOnBoth(token);
    expect(after.availableRetailers.map((retailer) => retailer.retailerNumber)).toEqual(['4218']);
    expect(after.currentRetailer?.retailerNumber).toBe('4218');
    expect(after.retailerNumber).toBe('4218');
    expect(await statusOnBoth('GET', '/api/service/hxstatus/4217', token)).toBe(403);
  });

  it('the current retailer switched (through the API, and by a direct write): the profile follows', async () => {
    const { token } = await newUser(['Service_User'], ['4217', '4218']);
    expect((await profileOnBoth(token)).currentRetailer?.retailerNumber).toBe('4217');

    // The old token stays valid after a switch; its profile shows the new current retailer.
    const switched = await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token, query: { retailerNumber: '4218' } });
    expect(switched.status).toBe(200);
    expect((await profileOnBoth(token)).currentRetailer?.retailerNumber).toBe('4218');

    const { cmhUserId } = await profileOnBoth(token);
    await t.db.update(schema.users).set({ currentRetailerNumber: '4217' }).where(eq(schema.users.id, cmhUserId));
    expect((await profileOnBoth(token)).currentRetailer?.retailerNumber).toBe('4217');
  });

  it('a renamed retailer shows its new name (a change of the linked row, not of the user)', async () => {
    const { token } = await newUser(['Service_User'], ['4219']);
    const [retailer] = await t.db.select().from(schema.retailers).where(eq(schema.retailers.retailerNumber, '4219'));
    expect((await profileOnBoth(token)).retailerName).toBe(retailer!.name);
    try {
      await t.db
        .update(schema.retailers)
        .set({ name: `${retailer!.name} (renamed)` })
        .where(eq(schema.retailers.retailerNumber, '4219'));
      expect((await profileOnBoth(token)).retailerName).toBe(`${retailer!.name} (renamed)`);
    } finally {
      await t.db.update(schema.retailers).set({ name: retailer!.name }).where(eq(schema.retailers.retailerNumber, '4219'));
    }
  });

  it('a facility removed from a plant user', async () => {
    // Plant users are read-only in the user administration (allowEdit false): their facilities change in the database.
    const token = await t.login('plant');
    const before = await profileOnBoth(token);
    expect(before.availablePlants.map((plant) => plant.plantNumber)).toEqual([...PLANT_USER_FACILITIES]);
    const [kept, removed] = PLANT_USER_FACILITIES;
    await t.db
      .delete(schema.userPlants)
      .where(and(eq(schema.userPlants.userId, before.cmhUserId), eq(schema.userPlants.plantNumber, removed)));
    try {
      const after = await profileOnBoth(token);
      expect(after.availablePlants.map((plant) => plant.plantNumber)).toEqual([kept]);
      expect(after.availableFacilities.map((plant) => plant.plantNumber)).toEqual([kept]);
    } finally {
      await t.db.insert(schema.userPlants).values({ userId: before.cmhUserId, plantNumber: removed });
    }
    expect((await profileOnBoth(token)).availablePlants.map((plant) => plant.plantNumber)).toEqual([...PLANT_USER_FACILITIES]);
  });

  it('deactivation by the admin: 401, and back to 200 when reactivated', async () => {
    const { user, token } = await newUser(['Service_Viewer'], ['4217']);
    await profileOnBoth(token);
    await editUser(user, { isActive: false });
    expect(await statusOnBoth('GET', PROFILE, token)).toBe(401);
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(401);
    await editUser(user, { isActive: true });
    expect(await statusOnBoth('GET', PROFILE, token)).toBe(200);
  });

  it('a password change: the profile shows it at once; the token that made it stays valid, every earlier token of the user gets 401 on every instance, a new sign-in works', async () => {
    const { user, token: earlier } = await newUser(['Service_Viewer'], ['4217']);
    const token = await t.login(user.userName, PASSWORD);
    const before = await profileOnBoth(token);
    await profileOnBoth(earlier);
    // The app's clock (password dates) moves; token generations know no clock.
    t.setNow(new Date(Date.now() + 3_600_000));
    try {
      const changed = await t.call('PUT', '/api/Account', {
        token,
        body: {
          firstName: before.firstName,
          lastName: before.lastName,
          password: 'Changed#2027',
          confirmPassword: 'Changed#2027',
          rowVersion: before.rowVersion,
        },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    } finally {
      t.setNow(null);
    }
    const after = await profileOnBoth(token);
    expect(after.passwordLastChanged).not.toBe(before.passwordLastChanged);
    expect(after.rowVersion).not.toBe(before.rowVersion);
    expect(await statusOnBoth('GET', WORK_ORDERS, token)).toBe(200);
    // Another device, or a stolen token: refused everywhere, also by the media routes (the token cookie).
    expect(await statusOnBoth('GET', PROFILE, earlier)).toBe(401);
    expect(await statusOnBoth('GET', WORK_ORDERS, earlier)).toBe(401);
    expect((await t.app.request('/api/FileStream/GetHelpVideo/x?documentId=1', { headers: { cookie: `Bearer=${earlier}` } })).status).toBe(
      401,
    );
    expect(
      (await t.app.request('/api/FileStream/GetHelpVideo/x?documentId=1', { headers: { cookie: `Bearer=${token}` } })).status,
    ).not.toBe(401);

    // The old password no longer signs in; the new one does, and that token works.
    await expect(t.login(user.userName, PASSWORD)).rejects.toThrow(/400/);
    const fresh = await t.login(user.userName, 'Changed#2027');
    expect((await profileOnBoth(fresh)).cmhUserId).toBe(user.cmhUserId);

    // A second change keeps only its own token: the one kept by the first change goes too.
    const current = await profileOnBoth(fresh);
    const again = await t.call('PUT', '/api/Account', {
      token: fresh,
      body: {
        firstName: current.firstName,
        lastName: current.lastName,
        password: 'Again#2028x',
        confirmPassword: 'Again#2028x',
        rowVersion: current.rowVersion,
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await statusOnBoth('GET', PROFILE, token)).toBe(401);
    expect(await statusOnBoth('GET', PROFILE, fresh)).toBe(200);

    // A change of the name alone (no password) ends no token.
    const named = await profileOnBoth(fresh);
    const other = await t.login(user.userName, 'Again#2028x');
    const renamed = await t.call('PUT', '/api/Account', {
      token: fresh,
      body: { firstName: 'Renamed', lastName: named.lastName, password: '', confirmPassword: '', rowVersion: named.rowVersion },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await statusOnBoth('GET', PROFILE, other)).toBe(200);
    expect(await statusOnBoth('GET', PROFILE, fresh)).toBe(200);

    // The admin cannot set another user's password in the app (the user form has no password on edit):
    // a reset made in the database is seen all the same.
    const resetAt = new Date('2026-01-02T03:04:05.000Z');
    await t.db.update(schema.users).set({ passwordLastChanged: resetAt }).where(eq(schema.users.id, user.cmhUserId));
    expect((await profileOnBoth(fresh)).passwordLastChanged).toBe(resetAt.toISOString());
  });

  it('logout revokes the token on every instance at once; other tokens of the user go on', async () => {
    const token = await t.login('sales');
    const second = await t.login('sales');
    await profileOnBoth(token);
    await profileOnBoth(second);
    expect((await other('POST', '/auth/api/Account/Logout', { token })).status).toBe(204);
    expect(await statusOnBoth('GET', PROFILE, token)).toBe(401);
    expect(await statusOnBoth('GET', PROFILE, second)).toBe(200);
  });
});

describe('what authentication costs', () => {
  it('one SQL statement for the profile on a warm cache; the load on a miss happens once', async () => {
    const token = await t.login('service');
    await other('GET', PROFILE, { token });
    expect(statements, 'a cold profile is the session query plus the load').toBeGreaterThan(1);

    statements = 0;
    expect((await other('GET', PROFILE, { token })).status).toBe(200);
    expect(statements).toBe(1);
    statements = 0;
    expect((await other('GET', PROFILE, { token })).status).toBe(200);
    expect(statements).toBe(1);
  });

  it('concurrent checks go in one statement, and concurrent misses for one user share one load', async () => {
    // Straight on a cache: through app.request the JWT checks finish one by one and the requests hardly overlap.
    const cache = createSessionCache(counted);
    const [viewer] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'viewer@demo.homesite.test'));
    statements = 0;
    const profiles = await Promise.all(Array.from({ length: 10 }, () => cache.signedIn(viewer!.id, aToken())));
    expect(new Set(profiles).size).toBe(1);
    expect(profiles[0]?.user.userName).toBe('viewer@demo.homesite.test');
    const perLoad = 4; // auth/profile.ts loadCmhUser: the user, roles, retailers, plants
    expect(statements).toBe(1 + perLoad);

    // Changed since: the next ten load it again, once.
    await t.db.update(schema.users).set({ firstName: 'Valerie' }).where(eq(schema.users.id, viewer!.id));
    statements = 0;
    const changed = await Promise.all(Array.from({ length: 10 }, () => cache.signedIn(viewer!.id, aToken())));
    expect(changed.map((profile) => profile?.user.firstName)).toEqual(Array(10).fill('Valerie'));
    expect(statements).toBe(1 + perLoad);
  });

  it('one statement answers each request of a batch for its own user and token', async () => {
    const cache = createSessionCache(counted);
    const byName = async (key: string) =>
      (
        await t.db
          .select()
          .from(schema.users)
          .where(eq(schema.users.userName, `${key}@demo.homesite.test`))
      )[0]!;
    const [service, driver, company, sales] = [
      await byName('service'),
      await byName('driver'),
      await byName('company'),
      await byName('sales'),
    ];
    const revokedJti = randomUUID();
    await t.db.insert(schema.revokedTokens).values({ jti: revokedJti, expiresAt: new Date(Date.now() + 3_600_000) });
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, driver.id));
    // Password changes of sales moved its token generation to 3; the last one was made with the token `keptJti`.
    const keptJti = randomUUID();
    await t.db.update(schema.users).set({ tokenGeneration: 3, tokenKeptJti: keptJti }).where(eq(schema.users.id, sales.id));
    try {
      // Warm, so that the batch is all there is to count.
      await cache.signedIn(service.id, aToken());
      await cache.signedIn(company.id, aToken());
      await cache.signedIn(sales.id, aToken(randomUUID(), 3));
      statements = 0;
      const answers = await Promise.all([
        cache.signedIn(service.id, aToken()),
        cache.signedIn(service.id, aToken(revokedJti)),
        cache.signedIn(driver.id, aToken()),
        cache.signedIn(2_000_000_000, aToken()),
        cache.signedIn(company.id, aToken()),
        // sales: a token of the generation before, refused; the kept token, however old, valid; of the current one, valid.
        cache.signedIn(sales.id, aToken(randomUUID(), 2)),
        cache.signedIn(sales.id, aToken(keptJti, 0)),
        cache.signedIn(sales.id, aToken(randomUUID(), 3)),
        // A token without a generation (issued before generations existed) counts as 0.
        cache.signedIn(sales.id, { jti: randomUUID() }),
        // A generation this server never signs counts as 0 and does not break the statement for the others.
        cache.signedIn(sales.id, aToken(randomUUID(), 1e20)),
        cache.signedIn(sales.id, aToken(randomUUID(), -1)),
        cache.signedIn(sales.id, aToken(randomUUID(), 3.5)),
        cache.signedIn(service.id, aToken(randomUUID(), 1e20)),
      ]);
      const s = sales.userName;
      expect(answers.map((answer) => answer?.user.userName ?? null)).toEqual([
        service.userName,
        null,
        null,
        null,
        company.userName,
        null,
        s,
        s,
        null,
        null,
        null,
        null,
        service.userName,
      ]);
      expect(statements).toBe(1);
    } finally {
      await t.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, driver.id));
      await t.db.update(schema.users).set({ tokenGeneration: 0, tokenKeptJti: null }).where(eq(schema.users.id, sales.id));
    }
  });

  it('a failed signature costs no query; a revoked or unknown token costs one', async () => {
    const token = await t.login('service');
    const [header, payload] = token.split('.');
    expect((await other('GET', PROFILE, { token: `${header}.${payload}.forged` })).status).toBe(401);
    expect(statements).toBe(0);

    await other('POST', '/auth/api/Account/Logout', { token });
    statements = 0;
    expect((await other('GET', PROFILE, { token })).status).toBe(401);
    expect(statements).toBe(1);
  });

  it('the cache is bounded: the least recently used profile goes first', async () => {
    const cache = createSessionCache(t.db, { capacity: 2 });
    const ids = (await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.isActive, true)).limit(3)).map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(await cache.signedIn(id, aToken())).not.toBeNull();
    expect(cache.size).toBe(2);
    expect(await cache.signedIn(-1, aToken())).toBeNull();
  });
});
