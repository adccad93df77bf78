import { asc, eq } from 'drizzle-orm';
import { HomeListAnswer, paths, type HomeSummary } from '../../contract';
import * as t from '../db/schema';
import { route } from '../http/route';
import { visibleByScope } from '../work-orders/rules';

/**
 * The homes of the user's scope: for service users and viewers (work orders and parts orders pick a home from it), and
 * for sales users, who write delivery reports (contract/delivery-reports.ts) and start one from these homes.
 */
export const homeRoutes = [
  route({
    method: 'GET',
    endpoint: paths.homes,
    summary: 'The homes in the user’s scope',
    answer: HomeListAnswer,
    roles: ['Service_User', 'Service_Viewer', 'Sales_User'],
    handle: async ({ c, db, session }) => {
      const rows = await db
        .select({ home: t.homes, plantName: t.plants.name })
        .from(t.homes)
        .innerJoin(t.plants, eq(t.plants.plantNumber, t.homes.plantNumber))
        .where(visibleByScope(session, t.homes))
        .orderBy(asc(t.homes.serialNumber));
      return c.json(
        rows.map(({ home, plantName }): HomeSummary => ({
          assetId: home.id,
          serialNumber: home.serialNumber,
          plantNumber: home.plantNumber,
          plantName,
          retailerNumber: home.retailerNumber,
          modelNumber: home.modelNumber,
          modelName: home.modelName,
          manufacturedDate: home.manufacturedDate,
          soldDate: home.soldDate,
          homeownerName: [home.homeownerFirstName, home.homeownerLastName].filter(Boolean).join(' '),
          address1: home.address1 ?? '',
          city: home.city ?? '',
          state: home.state ?? '',
          zipCode: home.zipCode ?? '',
        })),
      );
    },
  }),
];
