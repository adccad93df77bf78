import { asc, eq, inArray } from 'drizzle-orm';
import { FacilityList, paths, PlantContactList, type CmhUser, type PlantContact } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import { route } from '../http/route';

export const NO_RETAILER_MESSAGE = 'My Facilities needs at least one retail center.';

/**
 * The plants a user's directories list: a plant user's own facilities; for everyone else the plants that
 * serve the current retailer (spec 1 §1: a user acts for one retail center at a time, so switching the
 * retail center switches the directory, and its marketing link follows that retailer's type).
 */
async function directoryPlantNumbers(db: Database, user: CmhUser): Promise<string[]> {
  if (user.isPlantUser) return user.availableFacilities.map((facility) => facility.plantNumber);
  if (!user.retailerNumber) return [];
  const rows = await db
    .select({ plantNumber: t.retailerPlants.plantNumber })
    .from(t.retailerPlants)
    .where(eq(t.retailerPlants.retailerNumber, user.retailerNumber));
  return rows.map((row) => row.plantNumber);
}

/** facilities: My Facilities (GET {api}/Contact, spec 1 §2, §7) and the My Plants contact directory. */
export const facilityRoutes = [
  route({
    method: 'GET',
    endpoint: paths.facilities,
    summary: 'My Facilities: the plants of the user’s directory',
    description: 'A plant user’s facilities; anyone else’s, the plants serving their current retail center.',
    answer: FacilityList,
    errors: [{ status: 403, description: 'The user has no retail center.' }],
    handle: async ({ c, db, session }) => {
      // spec 1 §6: the My Facilities tile needs at least one available retailer; the call follows the tile.
      if (session.user.availableRetailers.length === 0) return errorResponse(403, NO_RETAILER_MESSAGE);
      const plantNumbers = await directoryPlantNumbers(db, session.user);
      if (plantNumbers.length === 0) return c.json([] satisfies FacilityList);
      const rows = await db
        .select({
          plantNumber: t.plants.plantNumber,
          printName: t.plants.printName,
          marketingURLRetail: t.plants.marketingUrlRetail,
          marketingURLIndependent: t.plants.marketingUrlIndependent,
        })
        .from(t.plants)
        .where(inArray(t.plants.plantNumber, plantNumbers))
        .orderBy(asc(t.plants.printName));
      return c.json(rows satisfies FacilityList);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.plantContacts,
    summary: 'The contact directory of those plants',
    answer: PlantContactList,
    handle: async ({ c, db, session }) => {
      const plantNumbers = await directoryPlantNumbers(db, session.user);
      if (plantNumbers.length === 0) return c.json([] satisfies PlantContact[]);
      const rows = await db
        .select({
          plantNumber: t.plants.plantNumber,
          name: t.plants.name,
          printName: t.plants.printName,
          address1: t.plants.address1,
          city: t.plants.city,
          state: t.plants.state,
          zipCode: t.plants.zipCode,
          phone: t.plants.phone,
          email: t.plants.email,
        })
        .from(t.plants)
        .where(inArray(t.plants.plantNumber, plantNumbers))
        .orderBy(asc(t.plants.name));
      return c.json(rows satisfies PlantContact[]);
    },
  }),
];
