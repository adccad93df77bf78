import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CmhUser, ConflictBody, ErrorBody, ManagedUser, ManagedUserList, ROLE_NAMES, Role } from '../../src/contract';
import * as schema from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
});
afterAll(() => t.close());

const ADMIN_CENTERS = ['4217', '4218', '4219'];
const BLUE_RIDGE = '5123';
const BLUE_RIDGE_ADMIN = 'rhett.calloway@blueridgehousing.test';
const PASSWORD = 'Welcome#2026';

const listAs = async (token: string) => {
  const result = await t.call('GET', '/api/api/User/', { token });
  expect(result.status).toBe(200);
  return v.parse(ManagedUserList, result.body);
};
const userRow = async (userName: string) =>
  (
    await t.db
      .select()
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.userName})`, userName.toLowerCase()))
  )[0];
const userCount = async () => (await t.db.select({ n: count() }).from(schema.users))[0]!.n;
const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'Lopez',
  userName: uniqueEmail('nina.lopez'),
  isActive: true,
  roles: ['Service_Viewer', 'Sales_Viewer'],
  retailerNumbers: ['4218'],
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const result = await t.call('POST', '/api/api/User/', { token: adminToken, body: newUser(overrides) });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return v.parse(ManagedUser, result.body);
}

const editOf = (user: ManagedUser, overrides: Record<string, unknown> = {}) => ({
  cmhUserId: user.cmhUserId,
  firstName: user.firstName,
  lastName: user.lastName,
  userName: user.userName,
  isActive: user.isActive,
  roles: user.roles,
  retailerNumbers: user.retailers.map((retailer) => retailer.retailerNumber),
  rowVersion: user.rowVersion,
  ...overrides,
});

const issuesOf = (body: unknown) => v.parse(ErrorBody, body).issues?.map((issue) => [issue.field, issue.message]);

describe('GET /api/api/User/ (the users list)', () => {
  it("lists the users of the admin's retail centers, with allowEdit computed on the server", async () => {
    const users = await listAs(adminToken);
    expect(users.length).toBeGreaterThanOrEqual(35);
    for (const user of users) {
      expect(
        user.retailers.some((retailer) => ADMIN_CENTERS.includes(retailer.retailerNumber)),
        user.userName,
      ).toBe(true);
      const onlyMine = user.retailers.every((retailer) => ADMIN_CENTERS.includes(retailer.retailerNumber));
      expect(user.allowEdit, user.userName).toBe(onlyMine && !user.isInternal && !user.isPlantUser);
    }
    const byName = new Map(users.map((user) => [user.userName, user]));
    expect(byName.get('viewer@demo.homesite.test')).toMatchObject({
      allowEdit: true,
      roles: ['Home_Owner_Viewer', 'Sales_Viewer', 'Service_Viewer'],
    });
    expect(byName.get('admin@demo.homesite.test')?.allowEdit).toBe(true);
    // internal staff, plant staff, and people who also work for Blue Ridge come back read-only
    expect(byName.get('internal@demo.homesite.test')?.allowEdit).toBe(false);
    expect(byName.get('plant@demo.homesite.test')?.allowEdit).toBe(false);
    expect(
      users.filter((user) => user.retailers.some((retailer) => retailer.retailerNumber === BLUE_RIDGE) && !user.allowEdit).length,
    ).toBeGreaterThanOrEqual(5);
    // company@ works only for 7740, Blue Ridge's own staff only for 5123: neither is listed
    expect(byName.has('company@demo.homesite.test')).toBe(false);
    expect(users.some((user) => user.userName.endsWith('@blueridgehousing.test'))).toBe(false);
    expect(users.some((user) => !user.isActive)).toBe(true);
    expect(users.filter((user) => user.allowEdit).length).toBeGreaterThanOrEqual(25);
  });

  it('lists by last name, then first name', async () => {
    const users = await listAs(adminToken);
    const keys = users.map((user) => `${user.lastName.toLowerCase()}\u0000${user.firstName.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('answers one user by cmhUserId, and 404 for a user the admin does not share a retail center with', async () => {
    const users = await listAs(adminToken);
    const viewer = users.find((user) => user.userName === 'viewer@demo.homesite.test')!;
    const one = await t.call('GET', '/api/api/User/', { token: adminToken, query: { cmhUserId: String(viewer.cmhUserId) } });
    expect(one.status).toBe(200);
    expect(v.parse(ManagedUser, one.body)).toEqual(viewer);

    const company = (await userRow('company@demo.homesite.test'))!;
    const foreign = await t.call('GET', '/api/api/User/', { token: adminToken, query: { cmhUserId: String(company.id) } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'User not found.' });
    expect((await t.call('GET', '/api/api/User/', { token: adminToken, query: { cmhUserId: '999999' } })).status).toBe(404);
    expect((await t.call('GET', '/api/api/User/', { token: adminToken, query: { cmhUserId: 'abc' } })).status).toBe(400);
  });
});

describe('who may call user administration', () => {
  const calls = (cmhUserId: number) =>
    [
      ['GET', '/api/api/User/', {}],
      ['GET', '/api/api/User/', { query: { cmhUserId: String(cmhUserId) } }],
      ['POST', '/api/api/User/', { body: newUser() }],
      [
        'PUT',
        '/api/api/User/',
        {
          body: {
            cmhUserId,
            firstName: 'A',
            lastName: 'B',
            userName: 'viewer@demo.homesite.test',
            isActive: true,
            roles: ['Sales_Viewer'],
            retailerNumbers: ['4217'],
            rowVersion: 0,
          },
        },
      ],
      ['GET', '/api/api/User/CheckForExistingEmail', { query: { email: 'viewer@demo.homesite.test' } }],
      ['GET', '/api/api/Group/', {}],
      ['GET', '/api/api/Group/', { query: { id: '1' } }],
    ] as const;

  it.each(['service', 'viewer', 'sales', 'internal', 'company', 'driver'])(
    'refuses %s (not an admin) with 403 on every call',
    async (key) => {
      const token = await t.login(key);
      const viewer = (await userRow('viewer@demo.homesite.test'))!;
      const before = await userCount();
      for (const [method, path, options] of calls(viewer.id)) {
        const result = await t.call(method, path, { token, ...options });
        expect(result.status, `${method} ${path}`).toBe(403);
        expect(result.body).toEqual({ message: 'You do not have the appropriate permissions.' });
      }
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses a plant user even with Rtl_Admin (spec 1 §6: plant users are not admins)', async () => {
    const plant = (await userRow('plant@demo.homesite.test'))!;
    const [adminRole] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Rtl_Admin'));
    await t.db.insert(schema.userRoles).values({ userId: plant.id, roleId: adminRole!.id });
    try {
      const token = await t.login('plant');
      for (const [method, path, options] of calls(plant.id)) {
        expect((await t.call(method, path, { token, ...options })).status, `${method} ${path}`).toBe(403);
      }
    } finally {
      await t.db
        .delete(schema.userRoles)
        .where(sql`${schema.userRoles.userId} = ${plant.id} and ${schema.userRoles.roleId} = ${adminRole!.id}`);
    }
  });

  it('answers 401 without a token', async () => {
    for (const [method, path, options] of calls(1)) {
      expect((await t.call(method, path, options)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("keeps the admin of another retailer (Blue Ridge) to their own users: Smoky Mountain's are 404, shared ones read-only", async () => {
    const blueRidge = await t.login(BLUE_RIDGE_ADMIN);
    const theirs = await listAs(blueRidge);
    expect(theirs.length).toBeGreaterThanOrEqual(10);
    for (const user of theirs) expect(user.retailers.some((retailer) => retailer.retailerNumber === BLUE_RIDGE)).toBe(true);
    expect(theirs.some((user) => user.userName === 'viewer@demo.homesite.test')).toBe(false);
    const shared = theirs.find(
      (user) => user.retailers.some((retailer) => ADMIN_CENTERS.includes(retailer.retailerNumber)) && !user.isInternal && !user.isPlantUser,
    )!;
    expect(shared.allowEdit).toBe(false);

    const viewer = (await userRow('viewer@demo.homesite.test'))!;
    const read = await t.call('GET', '/api/api/User/', { token: blueRidge, query: { cmhUserId: String(viewer.id) } });
    expect(read.status).toBe(404);
    const edit = await t.call('PUT', '/api/api/User/', {
      token: blueRidge,
      body: {
        cmhUserId: viewer.id,
        firstName: 'Hijacked',
        lastName: 'Chen',
        userName: viewer.userName,
        isActive: false,
        roles: ['Sales_Viewer'],
        retailerNumbers: [BLUE_RIDGE],
        rowVersion: viewer.rowVersion,
      },
    });
    expect(edit.status).toBe(404);
    const sharedEdit = await t.call('PUT', '/api/api/User/', { token: blueRidge, body: editOf(shared, { firstName: 'Hijacked' }) });
    expect(sharedEdit.status).toBe(403);
    expect(sharedEdit.body).toEqual({ message: 'You do not have the appropriate permissions to edit this user.' });
    expect((await userRow(viewer.userName))!.firstName).not.toBe('Hijacked');
    expect((await userRow(shared.userName))!.firstName).not.toBe('Hijacked');
  });
});

describe('POST /api/api/User/ (create)', () => {
  it('creates an active user with the roles and retail centers given, who signs in with the initial password', async () => {
    const before = Date.now();
    const created = await create({ userName: '  Nina.Lopez.Created@SmokyMountainHomes.test ' });
    expect(created).toMatchObject({
      userName: 'nina.lopez.created@smokymountainhomes.test',
      firstName: 'Nina',
      lastName: 'Lopez',
      isActive: true,
      isInternal: false,
      isPlantUser: false,
      roles: ['Sales_Viewer', 'Service_Viewer'],
      retailers: [{ retailerNumber: '4218', name: 'Smoky Mountain Homes', retailerCity: 'Maryville' }],
      allowEdit: true,
      rowVersion: 0,
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);

    const row = (await userRow(created.userName))!;
    expect(row.passwordHash?.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordLastChanged!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.currentRetailerNumber).toBe('4218');

    const token = await t.login(created.userName, PASSWORD);
    const profile = v.parse(CmhUser, (await t.call('GET', '/auth/api/Account/User', { token })).body);
    expect(profile.roles).toEqual(['Sales_Viewer', 'Service_Viewer']);
    expect(profile.availableRetailers.map((retailer) => retailer.retailerNumber)).toEqual(['4218']);
    expect((await listAs(adminToken)).some((user) => user.cmhUserId === created.cmhUserId)).toBe(true);
  });

  it("makes the admin's current retail center the new user's current one when it is among theirs", async () => {
    const created = await create({ retailerNumbers: ['4219', '4217'] });
    expect((await userRow(created.userName))!.currentRetailerNumber).toBe('4217');
  });

  it('creates one user for one Idempotency-Key, also when the repeats arrive at once', async () => {
    const body = newUser();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      t.call('POST', '/api/api/User/', { token: adminToken, body, idempotencyKey: key }),
      t.call('POST', '/api/api/User/', { token: adminToken, body, idempotencyKey: key }),
    ]);
    const third = await t.call('POST', '/api/api/User/', { token: adminToken, body, idempotencyKey: key });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    const rows = await t.db.select().from(schema.users).where(eq(schema.users.userName, body.userName));
    expect(rows).toHaveLength(1);
  });

  it("refuses an e-mail address that is in use, whatever its case: 'This email is already in use.'", async () => {
    const before = await userCount();
    const result = await t.call('POST', '/api/api/User/', { token: adminToken, body: newUser({ userName: 'Viewer@Demo.HomeSite.test' }) });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      message: 'This email is already in use.',
      field: 'userName',
      issues: [{ field: 'userName', message: 'This email is already in use.' }],
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required.'],
    [{ firstName: '   ' }, 'firstName', 'First name is required.'],
    [{ lastName: '' }, 'lastName', 'Last name is required.'],
    [{ firstName: 'A'.repeat(21) }, 'firstName', 'First name can be no longer than 20 characters.'],
    [{ userName: '' }, 'userName', 'Email is required.'],
    [{ userName: 'nina.lopez' }, 'userName', 'Email must be in the following format: name@example.com'],
    [{ userName: 'nina@smokymountainhomes' }, 'userName', 'Email must be in the following format: name@example.com'],
    [{ userName: 'nina@smokymountainhomes.t' }, 'userName', 'Email must be in the following format: name@example.com'],
    [{ userName: 'nina lopez@smokymountainhomes.test' }, 'userName', 'Email must be in the following format: name@example.com'],
    [{ userName: `${'n'.repeat(44)}@smokymountain.test` }, 'userName', 'Email can be no longer than 60 characters.'],
    [{ roles: [] }, 'roles', 'At least one role must be assigned.'],
    [{ retailerNumbers: [] }, 'retailerNumbers', 'At least one retail center must be assigned.'],
    [{ roles: ['Sales_User', 'Rtl_Admin'] }, 'roles', 'The Rtl_Admin role cannot be added to a user who does not already have it.'],
    [{ roles: ['MyCustomHomes'] }, 'roles', 'The MyCustomHomes role cannot be added to a user who does not already have it.'],
    [{ roles: ['TRU_Express', 'Sales_User'] }, 'roles', 'The TRU_Express role cannot be added to a user who does not already have it.'],
    [{ roles: ['Not_A_Role'] }, 'roles.0', 'Unknown role.'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ confirmPassword: 'Welcome#2027' }, 'confirmPassword', 'Passwords do not match.'],
  ])('answers 400 and writes nothing for %j: %s %s', async (overrides, field, message) => {
    const before = await userCount();
    const result = await t.call('POST', '/api/api/User/', { token: adminToken, body: newUser(overrides) });
    expect(result.status).toBe(400);
    expect(issuesOf(result.body)).toContainEqual([field, message]);
    expect(await userCount()).toBe(before);
  });

  it('accepts an address of exactly 60 characters with a two-letter top-level domain', async () => {
    const userName = `${'a'.repeat(44)}.${randomUUID().slice(0, 4)}@example.co`;
    expect(userName).toHaveLength(60);
    expect((await create({ userName })).userName).toBe(userName);
  });

  it("refuses a retail center that is not the admin's with 403, and writes nothing", async () => {
    const before = await userCount();
    const result = await t.call('POST', '/api/api/User/', { token: adminToken, body: newUser({ retailerNumbers: ['4217', BLUE_RIDGE] }) });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: `Retailer ${BLUE_RIDGE} is not one of your retail centers.` });
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/api/User/ (update)', () => {
  it('updates names, active flag, roles and retail centers, and bumps rowVersion', async () => {
    const user = await create();
    const result = await t.call('PUT', '/api/api/User/', {
      token: adminToken,
      body: editOf(user, {
        firstName: ' Nina-Marie ',
        lastName: 'Lopez Grant',
        roles: ['Sales_User', 'Service_User', 'Warranty_User'],
        retailerNumbers: ['4217', '4219'],
      }),
    });
    expect(result.status).toBe(200);
    expect(v.parse(ManagedUser, result.body)).toMatchObject({
      firstName: 'Nina-Marie',
      lastName: 'Lopez Grant',
      roles: ['Sales_User', 'Service_User', 'Warranty_User'],
      retailers: [{ retailerNumber: '4217' }, { retailerNumber: '4219' }],
      rowVersion: user.rowVersion + 1,
    });
    // The current retail center (4218) is no longer theirs: the first of the new ones takes its place.
    expect((await userRow(user.userName))!.currentRetailerNumber).toBe('4217');
  });

  it('deactivates a user: their token stops working and they can no longer sign in', async () => {
    const user = await create();
    const token = await t.login(user.userName, PASSWORD);
    const result = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { isActive: false }) });
    expect(result.status).toBe(200);
    expect(v.parse(ManagedUser, result.body).isActive).toBe(false);
    expect((await t.call('GET', '/auth/api/Account/User', { token })).status).toBe(401);
    const signIn = await t.call('POST', '/auth/api/Account/Token', { body: { Username: user.userName, Password: PASSWORD } });
    expect(signIn.status).toBe(400);
  });

  it('answers 409 with the current user for a stale rowVersion, and writes nothing', async () => {
    const user = await create();
    expect((await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { firstName: 'First' }) })).status).toBe(200);
    const stale = await t.call('PUT', '/api/api/User/', {
      token: adminToken,
      body: editOf(user, { firstName: 'Second', roles: ['Service_User'] }),
    });
    expect(stale.status).toBe(409);
    const conflict = v.parse(ConflictBody, stale.body);
    expect(conflict.message).toBe('This record was changed by someone else. Reload to see the latest version.');
    expect(v.parse(ManagedUser, conflict.current)).toMatchObject({
      firstName: 'First',
      roles: user.roles,
      rowVersion: user.rowVersion + 1,
    });
    expect((await userRow(user.userName))!.firstName).toBe('First');
  });

  it('refuses to change the e-mail address', async () => {
    const user = await create();
    const result = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { userName: uniqueEmail('other') }) });
    expect(result.status).toBe(400);
    expect(issuesOf(result.body)).toEqual([['userName', 'Email cannot be changed.']]);
    expect((await userRow(user.userName))!.rowVersion).toBe(user.rowVersion);
  });

  it('refuses to add Rtl_Admin, MyCustomHomes or TRU_Express, but keeps them for a user who has them', async () => {
    const user = await create();
    for (const role of ['Rtl_Admin', 'MyCustomHomes', 'TRU_Express']) {
      const result = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { roles: [...user.roles, role] }) });
      expect(result.status).toBe(400);
      expect(issuesOf(result.body)).toEqual([['roles', `The ${role} role cannot be added to a user who does not already have it.`]]);
    }
    const sales = (await listAs(adminToken)).find((u) => u.userName === 'sales@demo.homesite.test')!;
    expect(sales.roles).toContain('MyCustomHomes');
    const kept = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(sales, { lastName: 'Patel-Lee' }) });
    expect(kept.status).toBe(200);
    expect(v.parse(ManagedUser, kept.body).roles).toContain('MyCustomHomes');
    const removed = await t.call('PUT', '/api/api/User/', {
      token: adminToken,
      body: editOf(v.parse(ManagedUser, kept.body), { roles: sales.roles.filter((role) => role !== 'MyCustomHomes') }),
    });
    expect(removed.status).toBe(200);
    expect(v.parse(ManagedUser, removed.body).roles).not.toContain('MyCustomHomes');
  });

  it('refuses read-only users (internal, plant, shared with another retailer) with 403', async () => {
    const users = await listAs(adminToken);
    for (const readOnly of users.filter((user) => !user.allowEdit).slice(0, 4)) {
      const result = await t.call('PUT', '/api/api/User/', {
        token: adminToken,
        body: editOf(readOnly, { firstName: 'Changed', retailerNumbers: ['4217'] }),
      });
      expect(result.status, readOnly.userName).toBe(403);
      expect((await userRow(readOnly.userName))!.firstName).not.toBe('Changed');
    }
  });

  it("refuses to move a user to a retail center that is not the admin's", async () => {
    const user = await create();
    const result = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { retailerNumbers: ['4218', '7740'] }) });
    expect(result.status).toBe(403);
    expect((await userRow(user.userName))!.rowVersion).toBe(user.rowVersion);
  });

  it('keeps the admin from locking themselves out', async () => {
    const me = (await listAs(adminToken)).find((user) => user.userName === 'admin@demo.homesite.test')!;
    const deactivate = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(me, { isActive: false }) });
    expect(deactivate.status).toBe(400);
    expect(issuesOf(deactivate.body)).toEqual([['isActive', 'You cannot deactivate your own account.']]);
    const demote = await t.call('PUT', '/api/api/User/', {
      token: adminToken,
      body: editOf(me, { roles: me.roles.filter((role) => role !== 'Rtl_Admin') }),
    });
    expect(demote.status).toBe(400);
    expect((await userRow(me.userName))!.isActive).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a body that fails the contract', async () => {
    const user = await create();
    expect((await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { cmhUserId: 999999 }) })).status).toBe(404);
    const invalid = await t.call('PUT', '/api/api/User/', { token: adminToken, body: editOf(user, { lastName: '', roles: [] }) });
    expect(invalid.status).toBe(400);
    expect(issuesOf(invalid.body)).toEqual([
      ['lastName', 'Last name is required.'],
      ['roles', 'At least one role must be assigned.'],
    ]);
  });
});

describe('GET /api/api/User/CheckForExistingEmail', () => {
  it('says whether an address is in use, ignoring case and spaces', async () => {
    const check = async (email: string) => {
      const result = await t.call('GET', '/api/api/User/CheckForExistingEmail', { token: adminToken, query: { email } });
      expect(result.status).toBe(200);
      return result.body;
    };
    expect(await check('viewer@demo.homesite.test')).toEqual({ exists: true });
    expect(await check(' VIEWER@Demo.HomeSite.test ')).toEqual({ exists: true });
    // Users of other retailers count too: an address belongs to one user only.
    expect(await check('company@demo.homesite.test')).toEqual({ exists: true });
    expect(await check(uniqueEmail('nobody'))).toEqual({ exists: false });
    expect((await t.call('GET', '/api/api/user/checkforexistingemail', { token: adminToken, query: { email: 'x@y.zz' } })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/api/User/CheckForExistingEmail', { token: adminToken })).status).toBe(400);
  });
});

describe('GET /api/api/Group/ (roles)', () => {
  it('lists every role with its id, name and description, and answers one by id', async () => {
    const result = await t.call('GET', '/api/api/Group/', { token: adminToken });
    expect(result.status).toBe(200);
    const roles = v.parse(v.array(Role), result.body);
    expect(roles.map((role) => role.name).sort()).toEqual([...ROLE_NAMES].sort());
    expect(roles.every((role) => role.description.length > 0)).toBe(true);

    const viewer = roles.find((role) => role.name === 'Service_Viewer')!;
    const one = await t.call('GET', '/api/api/Group/', { token: adminToken, query: { id: String(viewer.roleId) } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(viewer);
    const missing = await t.call('GET', '/api/api/Group/', { token: adminToken, query: { id: '99999' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Role not found.' });
  });
});
