import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Facility, Retailer, RetailerNumber, paths } from '../../contract';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import { route } from '../http/route';

const byRetailerNumber = v.object({ retailerNumber: RetailerNumber });

/** retailers: the retailer calls of spec 1 §7, limited to the caller's own retail centers. */
export const retailerRoutes = [
  // GET {api}/api/Retailer?retailerNumber={n}: the client reads retailerType from it.
  route({
    method: 'GET',
    endpoint: paths.retailer,
    summary: 'A retail center: its name and type',
    answer: Retailer,
    errors: [404],
    query: byRetailerNumber,
    scope: 'retailer',
    handle: async ({ c, db, query }) => {
      const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, query.retailerNumber));
      if (!retailer) return errorResponse(404, `Retailer ${query.retailerNumber} was not found.`);
      return c.json({
        retailerNumber: retailer.retailerNumber,
        name: retailer.name,
        retailerType: retailer.retailerType,
        retailerCity: retailer.city,
        webEnabled: retailer.webEnabled,
      } satisfies Retailer);
    },
  }),

  // GET {retailer-api}/{retailerNumber}/facilities: the plants serving the retailer (spec 1 §7: "true if non-empty").
  route({
    method: 'GET',
    endpoint: paths.retailerFacilities,
    summary: 'The plants serving a retail center',
    answer: v.array(Facility),
    params: byRetailerNumber,
    scope: 'retailer',
    handle: async ({ c, db, params }) => {
      const rows = await db
        .select({
          plantNumber: t.plants.plantNumber,
          printName: t.plants.printName,
          marketingURLRetail: t.plants.marketingUrlRetail,
          marketingURLIndependent: t.plants.marketingUrlIndependent,
        })
        .from(t.retailerPlants)
        .innerJoin(t.plants, eq(t.plants.plantNumber, t.retailerPlants.plantNumber))
        .where(eq(t.retailerPlants.retailerNumber, params.retailerNumber))
        .orderBy(asc(t.plants.printName));
      return c.json(rows satisfies Facility[]);
    },
  }),
];
