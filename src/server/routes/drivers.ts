import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DRIVER_MESSAGES,
  DriverBody,
  DriverParams,
  EMPLOYEE_SEARCH_LIMIT,
  EmployeeSearchBody,
  paths,
  Driver,
  DriverTypeList,
  EmployeeSearchResultList,
  type ConflictBody,
  type EmployeeSearchResult,
} from '../../contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { route, type RouteDefinition } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';

/*
 * drivers: EBE driver management (spec 3 §7 Drivers). Only EBE users (isEbeUser, role EBE_Driver_Manager, spec 3 §6)
 * reach any of these calls; the rules the spec leaves open are written in contract/drivers.ts.
 */

const EBE_ONLY = { flag: 'isEbeUser' } as const;

async function findDriver(db: Database, employeeNumber: string): Promise<Driver | undefined> {
  const [row] = await db
    .select({ driver: t.drivers, employee: t.hbgEmployees, driverType: t.driverTypes })
    .from(t.drivers)
    .innerJoin(t.hbgEmployees, eq(t.hbgEmployees.employeeNumber, t.drivers.employeeNumber))
    .innerJoin(t.driverTypes, eq(t.driverTypes.id, t.drivers.driverTypeId))
    .where(eq(t.drivers.employeeNumber, employeeNumber));
  if (!row) return undefined;
  return {
    id: row.driver.id,
    employee: { employeeNumber: row.employee.employeeNumber, firstName: row.employee.firstName, lastName: row.employee.lastName },
    driverType: { id: row.driverType.id, description: row.driverType.description },
    rowVersion: row.driver.rowVersion,
  };
}

const driverTypeExists = async (db: Database, id: number) =>
  (await db.select({ id: t.driverTypes.id }).from(t.driverTypes).where(eq(t.driverTypes.id, id))).length > 0;

const employeeExists = async (db: Database, employeeNumber: string) =>
  (await db.select({ n: t.hbgEmployees.employeeNumber }).from(t.hbgEmployees).where(eq(t.hbgEmployees.employeeNumber, employeeNumber)))
    .length > 0;

/** `lower(column) LIKE 'prefix%'`, with the user's % and _ taken literally. */
const startsWith = (column: AnyPgColumn, prefix: string): SQL =>
  sql`lower(${column}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`}`;

const alreadyDriverResponse = (current: Driver) =>
  jsonResponse(409, { message: DRIVER_MESSAGES.alreadyDriver, current } satisfies ConflictBody);

export const driverRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.driverTypes,
    summary: 'The types of driver',
    answer: DriverTypeList,
    ...EBE_ONLY,
    handle: async ({ c, db }) =>
      c.json(
        await db
          .select({ id: t.driverTypes.id, description: t.driverTypes.description })
          .from(t.driverTypes)
          .orderBy(asc(t.driverTypes.description)),
      ),
  }),

  route({
    method: 'GET',
    endpoint: paths.driver,
    summary: 'A driver, by employee number',
    answer: Driver,
    errors: [404],
    ...EBE_ONLY,
    params: DriverParams,
    handle: async ({ c, db, params }) => {
      const driver = await findDriver(db, params.employeeNumber);
      return driver ? c.json(driver) : errorResponse(404, DRIVER_MESSAGES.notDriver);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.drivers,
    summary: 'Make an employee a driver',
    answer: { status: 201, schema: Driver },
    errors: [
      { status: 404, description: 'No such employee.' },
      { status: 409, description: 'The employee is a driver already: `current` is the driver.' },
    ],
    ...EBE_ONLY,
    body: DriverBody,
    handle: async ({ c, db, body, session }) => {
      const employeeNumber = body.employee.employeeNumber;
      if (!(await employeeExists(db, employeeNumber))) return errorResponse(404, DRIVER_MESSAGES.unknownEmployee);
      if (!(await driverTypeExists(db, body.driverType.id))) return errorResponse(400, DRIVER_MESSAGES.unknownDriverType);
      const existing = await findDriver(db, employeeNumber);
      if (existing) return alreadyDriverResponse(existing);
      // The unique employee number settles two managers adding the same employee at once: the second one gets the 409.
      const added = await db
        .insert(t.drivers)
        .values({ employeeNumber, driverTypeId: body.driverType.id, updatedByUserId: session.user.cmhUserId })
        .onConflictDoNothing({ target: t.drivers.employeeNumber })
        .returning({ id: t.drivers.id });
      const driver = await findDriver(db, employeeNumber);
      if (!driver) throw new Error(`driver ${employeeNumber} missing right after its insert`);
      return added.length === 0 ? alreadyDriverResponse(driver) : c.json(driver, 201);
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.driver,
    summary: 'Update a driver',
    answer: Driver,
    errors: [404, 409],
    ...EBE_ONLY,
    params: DriverParams,
    body: DriverBody,
    handle: async ({ c, db, params, body, session }) => {
      if (body.employee.employeeNumber !== params.employeeNumber) return errorResponse(400, DRIVER_MESSAGES.employeeMismatch);
      const current = await findDriver(db, params.employeeNumber);
      if (!current) return errorResponse(404, DRIVER_MESSAGES.notDriver);
      if (!(await driverTypeExists(db, body.driverType.id))) return errorResponse(400, DRIVER_MESSAGES.unknownDriverType);
      // Without a rowVersion the last writer wins (the spec's body has none); with one, a stale copy gets 409.
      const expected = body.rowVersion ?? current.rowVersion;
      const written = await updateIfCurrent(db, t.drivers, eq(t.drivers.id, current.id), expected, {
        driverTypeId: body.driverType.id,
        updatedByUserId: session.user.cmhUserId,
        updatedAt: new Date(),
      });
      if (written === 0) return staleRecordResponse(current);
      return c.json(await findDriver(db, params.employeeNumber));
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.employeeSearch,
    summary: 'Search the employees by name or number',
    answer: EmployeeSearchResultList,
    ...EBE_ONLY,
    // A read sent as POST (spec 3 §7): it changes nothing, so there is no answer worth keeping for a replay.
    idempotent: false,
    body: EmployeeSearchBody,
    handle: async ({ c, db, body }) => {
      const rows = await db
        .select({
          employeeNumber: t.hbgEmployees.employeeNumber,
          firstName: t.hbgEmployees.firstName,
          lastName: t.hbgEmployees.lastName,
          jobTitle: t.hbgEmployees.jobTitle,
          location: t.hbgEmployees.location,
          isDriver: sql<boolean>`${t.drivers.id} is not null`,
        })
        .from(t.hbgEmployees)
        .leftJoin(t.drivers, eq(t.drivers.employeeNumber, t.hbgEmployees.employeeNumber))
        .where(
          and(
            body.firstName ? startsWith(t.hbgEmployees.firstName, body.firstName) : undefined,
            body.lastName ? startsWith(t.hbgEmployees.lastName, body.lastName) : undefined,
          ),
        )
        .orderBy(
          asc(sql`lower(${t.hbgEmployees.lastName})`),
          asc(sql`lower(${t.hbgEmployees.firstName})`),
          asc(t.hbgEmployees.employeeNumber),
        )
        .limit(EMPLOYEE_SEARCH_LIMIT);
      return c.json(rows satisfies EmployeeSearchResult[]);
    },
  }),
];
