import { and, count, eq, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  DRIVER_MESSAGES,
  Driver,
  DriverTypeList,
  EMPLOYEE_SEARCH_LIMIT,
  EmployeeSearchResultList,
  type DriverType,
} from '../../src/contract';
import { drivers, hbgEmployees } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};
let types: DriverType[];

const OTHERS = ['admin', 'service', 'viewer', 'sales', 'plant', 'internal', 'company'] as const;

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['driver', ...OTHERS]) tokens[key] = await t.login(key);
  types = v.parse(DriverTypeList, (await t.call('GET', '/api/transportation/drivertypes', { token: tokens.driver })).body);
});
afterAll(() => t.close());

/** Employees that are not drivers yet, straight from the database. */
async function notDrivers(limit: number) {
  return t.db
    .select()
    .from(hbgEmployees)
    .where(notExists(t.db.select().from(drivers).where(eq(drivers.employeeNumber, hbgEmployees.employeeNumber))))
    .orderBy(hbgEmployees.employeeNumber)
    .limit(limit);
}

async function aDriver() {
  const [row] = await t.db
    .select()
    .from(drivers)
    .innerJoin(hbgEmployees, eq(hbgEmployees.employeeNumber, drivers.employeeNumber))
    .orderBy(drivers.id)
    .limit(1);
  return row!;
}

const driverCount = async () => (await t.db.select({ n: count() }).from(drivers))[0]!.n;

describe('who reaches driver management (spec 3 §6: EBE users only)', () => {
  it('answers the EBE user, 403 for every other demo profile, 401 without a token, on every call', async () => {
    const [employee] = await notDrivers(1);
    const driver = await aDriver();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/transportation/drivertypes'],
      ['GET', `/api/transportation/drivers/${driver.drivers.employeeNumber}`],
      ['POST', '/api/transportation/drivers', { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: types[0]!.id } }],
      [
        'PUT',
        `/api/transportation/drivers/${driver.drivers.employeeNumber}`,
        { employee: { employeeNumber: driver.drivers.employeeNumber }, driverType: { id: types[0]!.id } },
      ],
      ['POST', '/api/transportation/hbgemployees/search', { firstName: 'J', lastName: '' }],
    ];
    const before = await driverCount();
    for (const [method, path, body] of calls) {
      for (const key of OTHERS)
        expect((await t.call(method, path, { token: tokens[key], body })).status, `${key} ${method} ${path}`).toBe(403);
      expect((await t.call(method, path, { body })).status, `anonymous ${method} ${path}`).toBe(401);
    }
    expect(await driverCount()).toBe(before);
    expect((await t.call('GET', '/api/transportation/drivertypes', { token: tokens.driver })).status).toBe(200);
  });
});

describe('GET /transportation/drivertypes', () => {
  it('lists the driver types by name', () => {
    expect(types.map((type) => type.description)).toEqual([
      'Company Driver',
      'Escort Driver',
      'Owner Operator',
      'Pilot Car',
      'Yard Driver',
    ]);
  });
});

describe('POST /transportation/hbgemployees/search', () => {
  it('matches the start of first and last names, ignoring case, and marks the drivers', async () => {
    const search = await t.call('POST', '/api/transportation/hbgemployees/search', {
      token: tokens.driver,
      body: { firstName: '', lastName: 'jOHN' },
    });
    expect(search.status).toBe(200);
    const found = v.parse(EmployeeSearchResultList, search.body);
    const expected = await t.db
      .select()
      .from(hbgEmployees)
      .where(sql`lower(${hbgEmployees.lastName}) like 'john%'`);
    expect(found.length).toBe(expected.length);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((employee) => employee.lastName.toLowerCase().startsWith('john'))).toBe(true);
    // Johnson and Johnston both start with John: sorted by last name, then first name.
    const names = found.map((employee) => `${employee.lastName.toLowerCase()} ${employee.firstName.toLowerCase()}`);
    expect(names).toEqual([...names].sort());
    const driverNumbers = new Set((await t.db.select({ n: drivers.employeeNumber }).from(drivers)).map((row) => row.n));
    for (const employee of found) expect(employee.isDriver).toBe(driverNumbers.has(employee.employeeNumber));

    const both = v.parse(
      EmployeeSearchResultList,
      (
        await t.call('POST', '/api/transportation/hbgemployees/search', {
          token: tokens.driver,
          body: { firstName: found[0]!.firstName.slice(0, 2).toUpperCase(), lastName: 'john' },
        })
      ).body,
    );
    expect(both.length).toBeGreaterThan(0);
    expect(
      both.every(
        (employee) =>
          employee.firstName.toLowerCase().startsWith(found[0]!.firstName.slice(0, 2).toLowerCase()) &&
          employee.lastName.toLowerCase().startsWith('john'),
      ),
    ).toBe(true);
  });

  it('is a read: it needs no Idempotency-Key', async () => {
    const answer = await t.call('POST', '/api/transportation/hbgemployees/search', {
      token: tokens.driver,
      body: { lastName: 'M' },
      idempotencyKey: null,
    });
    expect(answer.status).toBe(200);
    expect(v.parse(EmployeeSearchResultList, answer.body).length).toBeGreaterThan(0);
  });

  it('answers at most the search limit, and takes % and _ literally', async () => {
    // 120 employees of one family: the answer stops at the limit, the first ones by name.
    await t.db.insert(hbgEmployees).values(
      Array.from({ length: 120 }, (_, index) => ({
        employeeNumber: String(900_000 + index),
        firstName: `Kid${String(index).padStart(3, '0')}`,
        lastName: 'Zzyzx',
      })),
    );
    const wide = v.parse(
      EmployeeSearchResultList,
      (await t.call('POST', '/api/transportation/hbgemployees/search', { token: tokens.driver, body: { firstName: '', lastName: 'zzy' } }))
        .body,
    );
    expect(wide).toHaveLength(EMPLOYEE_SEARCH_LIMIT);
    expect(wide[0]!.firstName).toBe('Kid000');
    expect(wide.at(-1)!.firstName).toBe('Kid099');
    const everyone = (await t.call('POST', '/api/transportation/hbgemployees/search', { token: tokens.driver, body: { lastName: '%' } }))
      .body;
    expect(everyone).toEqual([]);
    expect(
      (await t.call('POST', '/api/transportation/hbgemployees/search', { token: tokens.driver, body: { firstName: '_' } })).body,
    ).toEqual([]);
  });

  it('refuses a search without a name, or with bad fields, with 400 and a message', async () => {
    for (const body of [
      { firstName: '', lastName: '' },
      { firstName: '  ', lastName: null },
      {},
      { firstName: 5 },
      { firstName: 'x'.repeat(51) },
      { firstName: 'a\u0000' },
      'nonsense',
    ]) {
      const answer = await t.call<{ message: string }>('POST', '/api/transportation/hbgemployees/search', { token: tokens.driver, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect(
      (
        await t.call<{ message: string }>('POST', '/api/transportation/hbgemployees/search', {
          token: tokens.driver,
          body: { firstName: '', lastName: '' },
        })
      ).body.message,
    ).toContain(DRIVER_MESSAGES.nameRequired);
  });
});

describe('GET /transportation/drivers/{employeeNumber}', () => {
  it('answers the driver with the employee and the driver type', async () => {
    const { drivers: row, hbg_employees: employee } = await aDriver();
    const answer = await t.call('GET', `/api/transportation/drivers/${row.employeeNumber}`, { token: tokens.driver });
    expect(answer.status).toBe(200);
    expect(v.parse(Driver, answer.body)).toMatchObject({
      id: row.id,
      employee: { employeeNumber: employee.employeeNumber, firstName: employee.firstName, lastName: employee.lastName },
      driverType: { id: row.driverTypeId },
      rowVersion: row.rowVersion,
    });
  });

  it('answers 404 for an employee who is not a driver or does not exist, 400 for a malformed number', async () => {
    const [employee] = await notDrivers(1);
    expect(await t.call('GET', `/api/transportation/drivers/${employee!.employeeNumber}`, { token: tokens.driver })).toMatchObject({
      status: 404,
      body: { message: DRIVER_MESSAGES.notDriver },
    });
    expect((await t.call('GET', '/api/transportation/drivers/999999999', { token: tokens.driver })).status).toBe(404);
    expect((await t.call('GET', `/api/transportation/drivers/${'1'.repeat(30)}`, { token: tokens.driver })).status).toBe(400);
    expect((await t.call('GET', '/api/transportation/drivers/a%20b', { token: tokens.driver })).status).toBe(400);
  });
});

describe('POST /transportation/drivers', () => {
  it('adds an employee as a driver once; adding again is 409 with the driver; a replay answers the first', async () => {
    const [employee] = await notDrivers(1);
    const body = { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: types[2]!.id } };
    const added = await t.call('POST', '/api/transportation/drivers', { token: tokens.driver, body, idempotencyKey: 'add-driver-1' });
    expect(added.status).toBe(201);
    const driver = v.parse(Driver, added.body);
    expect(driver).toMatchObject({
      employee: { employeeNumber: employee!.employeeNumber, firstName: employee!.firstName },
      driverType: types[2],
      rowVersion: 0,
    });

    const replay = await t.call('POST', '/api/transportation/drivers', { token: tokens.driver, body, idempotencyKey: 'add-driver-1' });
    expect(replay).toMatchObject({ status: 201, body: driver });
    const again = await t.call('POST', '/api/transportation/drivers', { token: tokens.driver, body });
    expect(again).toMatchObject({ status: 409, body: { message: DRIVER_MESSAGES.alreadyDriver, current: driver } });
    expect((await t.db.select().from(drivers).where(eq(drivers.employeeNumber, employee!.employeeNumber))).length).toBe(1);

    const search = v.parse(
      EmployeeSearchResultList,
      (
        await t.call('POST', '/api/transportation/hbgemployees/search', {
          token: tokens.driver,
          body: { firstName: employee!.firstName, lastName: employee!.lastName },
        })
      ).body,
    );
    expect(search.find((row) => row.employeeNumber === employee!.employeeNumber)?.isDriver).toBe(true);
  });

  it('answers 404 for an unknown employee and 400 for bad bodies, writing nothing', async () => {
    const [employee] = await notDrivers(1);
    const before = await driverCount();
    expect(
      await t.call('POST', '/api/transportation/drivers', {
        token: tokens.driver,
        body: { employee: { employeeNumber: '999999999' }, driverType: { id: types[0]!.id } },
      }),
    ).toMatchObject({
      status: 404,
      body: { message: DRIVER_MESSAGES.unknownEmployee },
    });
    const bad: unknown[] = [
      { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: 999_999 } },
      { employee: { employeeNumber: employee!.employeeNumber } },
      { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: 0 } },
      { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: 2 ** 40 } },
      { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: '1' } },
      { employee: {}, driverType: { id: types[0]!.id } },
      { employee: { employeeNumber: 'x\u0000' }, driverType: { id: types[0]!.id } },
      { driverType: { id: types[0]!.id } },
      [],
      '{not json',
    ];
    for (const body of bad) {
      const answer = await t.call<{ message: string }>('POST', '/api/transportation/drivers', { token: tokens.driver, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect(await driverCount()).toBe(before);
  });

  it('needs an Idempotency-Key', async () => {
    const [employee] = await notDrivers(1);
    const answer = await t.call('POST', '/api/transportation/drivers', {
      token: tokens.driver,
      body: { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: types[0]!.id } },
      idempotencyKey: null,
    });
    expect(answer.status).toBe(400);
    expect((await t.db.select().from(drivers).where(eq(drivers.employeeNumber, employee!.employeeNumber))).length).toBe(0);
  });
});

describe('PUT /transportation/drivers/{employeeNumber}', () => {
  it('changes the driver type and bumps rowVersion; a stale rowVersion is 409 with the current driver', async () => {
    const { drivers: row } = await aDriver();
    const other = types.find((type) => type.id !== row.driverTypeId)!;
    const path = `/api/transportation/drivers/${row.employeeNumber}`;
    const updated = await t.call('PUT', path, {
      token: tokens.driver,
      body: { employee: { employeeNumber: row.employeeNumber }, driverType: { id: other.id }, rowVersion: row.rowVersion },
    });
    expect(updated.status).toBe(200);
    const driver = v.parse(Driver, updated.body);
    expect(driver).toMatchObject({ driverType: other, rowVersion: row.rowVersion + 1 });

    const stale = await t.call('PUT', path, {
      token: tokens.driver,
      body: { employee: { employeeNumber: row.employeeNumber }, driverType: { id: types[0]!.id }, rowVersion: row.rowVersion },
    });
    expect(stale).toMatchObject({ status: 409, body: { current: driver } });
    const [stored] = await t.db.select().from(drivers).where(eq(drivers.id, row.id));
    expect(stored).toMatchObject({ driverTypeId: other.id, rowVersion: row.rowVersion + 1 });

    // Without a rowVersion (the spec's body has none) the last writer wins.
    const blind = await t.call('PUT', path, {
      token: tokens.driver,
      body: { employee: { employeeNumber: row.employeeNumber }, driverType: { id: types[0]!.id } },
    });
    expect(blind).toMatchObject({ status: 200, body: { driverType: types[0], rowVersion: row.rowVersion + 2 } });
  });

  it('answers 404 for an employee who is not a driver, 400 for another employee in the body or a bad body, writing nothing', async () => {
    const [employee] = await notDrivers(1);
    const { drivers: row } = await aDriver();
    const [before] = await t.db.select().from(drivers).where(eq(drivers.id, row.id));
    expect(
      await t.call('PUT', `/api/transportation/drivers/${employee!.employeeNumber}`, {
        token: tokens.driver,
        body: { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: types[0]!.id } },
      }),
    ).toMatchObject({ status: 404, body: { message: DRIVER_MESSAGES.notDriver } });
    const path = `/api/transportation/drivers/${row.employeeNumber}`;
    expect(
      await t.call('PUT', path, {
        token: tokens.driver,
        body: { employee: { employeeNumber: employee!.employeeNumber }, driverType: { id: types[1]!.id } },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: DRIVER_MESSAGES.employeeMismatch },
    });
    for (const body of [
      { employee: { employeeNumber: row.employeeNumber }, driverType: { id: 424242 } },
      { employee: { employeeNumber: row.employeeNumber }, driverType: { id: types[1]!.id }, rowVersion: -1 },
      { employee: { employeeNumber: row.employeeNumber } },
      null,
    ]) {
      expect((await t.call('PUT', path, { token: tokens.driver, body })).status, JSON.stringify(body)).toBe(400);
    }
    const [after] = await t.db.select().from(drivers).where(eq(drivers.id, row.id));
    expect(after).toEqual(before);
    expect(
      (
        await t.db
          .select()
          .from(drivers)
          .where(and(eq(drivers.employeeNumber, employee!.employeeNumber), isNull(drivers.updatedByUserId)))
      ).length,
    ).toBe(0);
  });
});

describe('demo data', () => {
  it('has about 200 employees with names, titles and locations, and some of them drivers', async () => {
    // Without the family a search test above adds.
    const employees = (await t.db.select().from(hbgEmployees)).filter((employee) => employee.lastName !== 'Zzyzx');
    expect(employees).toHaveLength(200);
    expect(employees.every((employee) => employee.firstName && employee.lastName && employee.jobTitle && employee.location)).toBe(true);
    const count = await driverCount();
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThan(employees.length / 2);
  });
});
