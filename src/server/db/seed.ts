import { count, sql } from 'drizzle-orm';
import type { Database } from './client';
import * as t from './schema';
import { seedAdminUsers } from './seed/admin-users';
import { DEFAULT_DEMO_PASSWORD } from './seed/demo-users';
import { seedDeliveryReports } from './seed/delivery-reports';
import { seedDrivers } from './seed/drivers';
import { seedFacilities } from './seed/facilities';
import { seedHelpDocuments } from './seed/help';
import { seedHomeowners } from './seed/homeowners';
import { seedHomes } from './seed/homes';
import { seedLearn } from './seed/learn';
import { seedNps } from './seed/nps';
import { seedPartsCatalog } from './seed/parts-catalog';
import { seedPartsOrders } from './seed/parts-orders';
import { startOfUtcDay } from './seed/days';
import { seededRandom } from './seed/random';
import { seedReleaseNotes } from './seed/release-notes';
import { seedSales } from './seed/sales';
import { seedServiceBillings } from './seed/service-billings';
import { seedShell } from './seed/shell';
import { seedWorkOrders } from './seed/work-orders';

export { DEMO_USERS, DEFAULT_DEMO_PASSWORD, demoLogins, demoUserName, type DemoLogin, type DemoUser } from './seed/demo-users';

export interface SeedOptions {
  /** Dates are counted back from this day (default today); the same day gives the same data. */
  today?: Date;
  /** Multiplies the generated volume (homes, service requests); 1 is the demo size, above 1 a benchmark seed of 50,000+ work orders. */
  scale?: number;
  demoPassword?: string;
}

export interface SeedResult {
  seeded: boolean;
  counts: Record<string, number>;
}

/**
 * Fills an empty database with the demo data of every area, one area module after the other.
 * A later area adds its module here; each draws from its own random stream, so adding one
 * never changes the data of the others.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const [existing] = await db.select({ users: count() }).from(t.users);
  if ((existing?.users ?? 0) > 0) return { seeded: false, counts: {} };

  const today = startOfUtcDay(options.today ?? new Date());
  const scale = options.scale ?? 1;
  const demoPassword = options.demoPassword ?? DEFAULT_DEMO_PASSWORD;

  const result = await db.transaction(async (tx) => {
    const shell = await seedShell(tx, seededRandom('shell'), today, demoPassword);
    const homes = await seedHomes(tx, seededRandom('homes'), today, shell.retailers, scale);
    const staff = await seedAdminUsers(tx, seededRandom('admin-users'), today, demoPassword);
    const facilities = await seedFacilities(tx, seededRandom('facilities'), shell.retailers);
    const releaseNotes = await seedReleaseNotes(tx);
    const help = await seedHelpDocuments(tx, today);
    // Homeowners first: a benchmark seed adds sold homes there, which its work orders then spread over.
    const homeowners = await seedHomeowners(tx, seededRandom('homeowners'), today, scale);
    const workOrders = await seedWorkOrders(tx, seededRandom('work-orders'), today, scale);
    const catalog = await seedPartsCatalog(tx, seededRandom('parts-catalog'), today);
    const partsOrders = await seedPartsOrders(tx, seededRandom('parts-orders'), today, scale);
    const sales = await seedSales(tx, seededRandom('sales'), today, scale);
    const billings = await seedServiceBillings(tx, seededRandom('service-billings'), today, scale);
    const nps = await seedNps(tx, seededRandom('nps'), today, scale);
    const deliveryReports = await seedDeliveryReports(tx, seededRandom('delivery-reports'), today, scale);
    const learn = await seedLearn(tx, seededRandom('learn'), today);
    const drivers = await seedDrivers(tx, seededRandom('drivers'), today);
    return {
      seeded: true,
      counts: {
        retailers: shell.retailers.length,
        homes: homes.homes,
        staff: staff.users,
        ...facilities,
        ...releaseNotes,
        ...help,
        ...workOrders,
        ...homeowners,
        ...catalog,
        ...partsOrders,
        ...sales,
        ...billings,
        ...nps,
        ...deliveryReports,
        ...learn,
        ...drivers,
      },
    };
  });
  // PGlite never gathers statistics by itself: without them the planner guesses wrong on the big tables.
  await db.execute(sql`ANALYZE`);
  return result;
}
