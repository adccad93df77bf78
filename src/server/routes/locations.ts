import { asc, eq, inArray } from 'drizzle-orm';
import {
  LocationParams,
  LocationTimeZoneBody,
  LOCATION_MESSAGES,
  paths,
  zoneOfAddress,
  Location,
  LocationList,
  type LocationKind,
} from '../../contract';
import { recordAudit, requestOrigin } from '../audit/audit';
import { organisationTimeZone, zoneOf } from '../business-day/business-day';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import type { Session } from '../auth/session';
import { route } from '../http/route';

/*
 * The admin field of a location's time zone (issue 30 §1): the retail centers and plants an admin administers, each
 * with its stored zone, the zone its address tells and the zone its business day is counted in; and setting the stored
 * zone, or clearing it so the address (else ORG_TIME_ZONE) tells it again.
 *
 * Who: admins (isAdmin: Rtl_Admin and not a plant user), as for users and the audit log. Scope, as the audit log's:
 * an internal admin administers every retail center and plant; a retailer's admin the retail centers of their profile
 * (availableRetailers) and the plants assigned to them (availablePlants), and no other. A location outside the scope
 * answers 404, as a user outside it does (admin-users).
 *
 * A zone is in what profiles hold (each retail center's and plant's effective timeZone) and in the warranty cards and
 * parts orders a device keeps: the triggers of migration 0021 move users.profile_version and their sync_xid when a
 * zone changes, here or by an import, so cached profiles (auth/session-cache.ts) load again and devices pull them.
 */

/** What the caller may see and change: everything, or these numbers. */
type LocationScope = { all: true } | { all: false; retailerNumbers: string[]; plantNumbers: string[] };

const scopeOf = (session: Session): LocationScope =>
  session.user.isInternal
    ? { all: true }
    : {
        all: false,
        retailerNumbers: session.user.availableRetailers.map((retailer) => retailer.retailerNumber),
        plantNumbers: session.user.availablePlants.map((plant) => plant.plantNumber),
      };

interface LocationRow {
  number: string;
  name: string;
  city: string;
  state: string;
  zipCode: string;
  timeZone: string | null;
}

const toLocation = (kind: LocationKind, row: LocationRow): Location => ({
  kind,
  ...row,
  addressTimeZone: zoneOfAddress(row.state, row.zipCode),
  effectiveTimeZone: zoneOf(row),
});

const retailerColumns = {
  number: t.retailers.retailerNumber,
  name: t.retailers.name,
  city: t.retailers.city,
  state: t.retailers.state,
  zipCode: t.retailers.zipCode,
  timeZone: t.retailers.timeZone,
};

const plantColumns = {
  number: t.plants.plantNumber,
  name: t.plants.name,
  city: t.plants.city,
  state: t.plants.state,
  zipCode: t.plants.zipCode,
  timeZone: t.plants.timeZone,
};

async function listLocations(db: Database, scope: LocationScope): Promise<Location[]> {
  const retailers =
    scope.all || scope.retailerNumbers.length > 0
      ? await db
          .select(retailerColumns)
          .from(t.retailers)
          .where(scope.all ? undefined : inArray(t.retailers.retailerNumber, scope.retailerNumbers))
          .orderBy(asc(t.retailers.retailerNumber))
      : [];
  const plants =
    scope.all || scope.plantNumbers.length > 0
      ? await db
          .select(plantColumns)
          .from(t.plants)
          .where(scope.all ? undefined : inArray(t.plants.plantNumber, scope.plantNumbers))
          .orderBy(asc(t.plants.plantNumber))
      : [];
  return [...retailers.map((row) => toLocation('retailer', row)), ...plants.map((row) => toLocation('plant', row))];
}

const inScope = (scope: LocationScope, kind: LocationKind, number: string) =>
  scope.all || (kind === 'retailer' ? scope.retailerNumbers : scope.plantNumbers).includes(number);

/** The location as it is now, its row locked until the transaction ends, so that `from` in the audit is what was replaced. */
async function lockedLocation(db: Database, kind: LocationKind, number: string): Promise<LocationRow | undefined> {
  const [row] =
    kind === 'retailer'
      ? await db.select(retailerColumns).from(t.retailers).where(eq(t.retailers.retailerNumber, number)).for('update')
      : await db.select(plantColumns).from(t.plants).where(eq(t.plants.plantNumber, number)).for('update');
  return row;
}

export const locationRoutes = [
  route({
    method: 'GET',
    endpoint: paths.locations,
    summary: 'The retail centers and plants the admin administers, with their time zones',
    answer: LocationList,
    flag: 'isAdmin',
    handle: async ({ c, db, session }) =>
      c.json({ organisationTimeZone: organisationTimeZone(), locations: await listLocations(db, scopeOf(session)) } satisfies LocationList),
  }),

  route({
    method: 'PUT',
    endpoint: paths.location,
    summary: 'Set or clear the time zone of a retail center or plant',
    description: '`null` clears it: the zone its address tells, else ORG_TIME_ZONE, counts its business day again.',
    answer: Location,
    errors: [404],
    flag: 'isAdmin',
    params: LocationParams,
    body: LocationTimeZoneBody,
    handle: async ({ c, db, deps, session, params, body }) => {
      const { kind, number } = params;
      if (!inScope(scopeOf(session), kind, number)) return errorResponse(404, LOCATION_MESSAGES.notFound);
      const stored = await lockedLocation(db, kind, number);
      if (!stored) return errorResponse(404, LOCATION_MESSAGES.notFound);
      const to = body.timeZone;
      if (stored.timeZone === to) return c.json(toLocation(kind, stored));

      if (kind === 'retailer') await db.update(t.retailers).set({ timeZone: to }).where(eq(t.retailers.retailerNumber, number));
      else await db.update(t.plants).set({ timeZone: to }).where(eq(t.plants.plantNumber, number));
      await recordAudit(db, {
        ...requestOrigin(c, session.user),
        at: deps.clock(),
        action: 'location.time-zone',
        details: { kind, number, from: stored.timeZone, to },
      });
      return c.json(toLocation(kind, { ...stored, timeZone: to }) satisfies Location);
    },
  }),
];
