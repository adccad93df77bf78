import { eq, sql } from 'drizzle-orm';
import {
  businessDay,
  canonicalTimeZone,
  DEFAULT_ORG_TIME_ZONE,
  zoneOfLocation,
  zoneOfUser,
  type ZonedLocation,
} from '../../contract/time-zones';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';

/*
 * The business day on the server (contract/time-zones.ts): the day in the zone of the record's location. A record
 * of a retail center (a work order, quote, warranty card, parts order) counts its days where the retail center is;
 * one of a plant alone, where the plant is; anything else where the organisation is (ORG_TIME_ZONE).
 */

/** ORG_TIME_ZONE, canonical; the server refuses to start on one that is no zone (main.ts), so the default is only a fallback. */
export const organisationTimeZone = (env: NodeJS.ProcessEnv = process.env) =>
  (env.ORG_TIME_ZONE ? canonicalTimeZone(env.ORG_TIME_ZONE) : null) ?? DEFAULT_ORG_TIME_ZONE;

/** The columns a location's zone is read from, for a select of retailers or plants. */
export const zoneColumns = (table: typeof t.retailers | typeof t.plants) => ({
  timeZone: table.timeZone,
  state: table.state,
  zipCode: table.zipCode,
});

export const zoneOf = (location: ZonedLocation) => zoneOfLocation(location, organisationTimeZone());

/** Where a record is: its retail center when it has one, else its plant. */
export interface RecordLocation {
  retailerNumber?: string | null;
  plantNumber?: string | null;
}

export async function zoneOfRecord(db: Database, location: RecordLocation): Promise<string> {
  if (location.retailerNumber) {
    const [retailer] = await db
      .select(zoneColumns(t.retailers))
      .from(t.retailers)
      .where(eq(t.retailers.retailerNumber, location.retailerNumber));
    if (retailer) return zoneOf(retailer);
  }
  if (location.plantNumber) {
    const [plant] = await db.select(zoneColumns(t.plants)).from(t.plants).where(eq(t.plants.plantNumber, location.plantNumber));
    if (plant) return zoneOf(plant);
  }
  return organisationTimeZone();
}

/** The record's business day now ('YYYY-MM-DD'). */
export const businessDayOf = async (db: Database, clock: () => Date, location: RecordLocation) =>
  businessDay(await zoneOfRecord(db, location), clock());

/** The zone of where the user works (contract/time-zones.ts zoneOfUser). */
export const zoneOfSession = (session: Session) => zoneOfUser(session.user, organisationTimeZone());

/** The business day now where the user works. */
export const businessDayOfSession = (session: Session, clock: () => Date) => businessDay(zoneOfSession(session), clock());

/**
 * Has the database date a record's change (migration 0030 homesite_business_day(), read by the changed_on triggers)
 * in `zone`, the organisation's. Written only when it names another zone: instances started together with one
 * configuration find it written already, and a concurrent rewrite by another instance is as good as this one's.
 */
export async function matchDatabaseBusinessDay(db: Database, zone: string = organisationTimeZone()) {
  const literal = `'${zone.replace(/'/g, "''")}'`;
  const body = ` SELECT (now() AT TIME ZONE ${literal})::date `;
  const found = (await db.execute(sql`select prosrc as body from pg_proc where proname = 'homesite_business_day'`)) as unknown as {
    rows: { body: string }[];
  };
  const [current] = found.rows;
  if (current?.body === body) return;
  try {
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION homesite_business_day() RETURNS date LANGUAGE sql STABLE AS $$${body}$$`));
  } catch (error) {
    // Another instance rewrote it at the same moment ("tuple concurrently updated"): the same zone, or its own.
    if (!/concurrently/.test(String(error))) throw error;
  }
}
