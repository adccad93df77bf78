import { and, count, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  HOMES_KEPT_CAP,
  HomeListAnswer,
  HomeSearchQueryFields,
  paths,
  searchWords,
  type HomeSearchQuery,
  type HomeSortName,
  type HomeSummary,
} from '../../contract';
import type { Session } from '../auth/session';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { route } from '../http/route';
import { matchingWords, searchOrder, searchPage, type SortKeys } from '../sync/search-page';
import { visibleByScope } from '../work-orders/rules';

/**
 * The homes of the user's scope: for service users and viewers (work orders and parts orders pick a home from it), and
 * for sales users, who write delivery reports (contract/delivery-reports.ts) and start one from these homes. A device
 * keeps at most HOMES_KEPT_CAP of them; the picker searches the rest here, online.
 */

const h = t.homes;

const homeRows = (db: Database, condition: ReturnType<typeof visibleByScope>) =>
  db
    .select({ home: h, plantName: t.plants.name })
    .from(h)
    .innerJoin(t.plants, eq(t.plants.plantNumber, h.plantNumber))
    .where(condition)
    .$dynamic();

const toHomeSummary = ({ home, plantName }: { home: typeof h.$inferSelect; plantName: string }): HomeSummary => ({
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
});

/** The kept homes: the scope's manufactured last, at most HOMES_KEPT_CAP, answered by serial number as before. */
async function keptHomes(db: Database, session: Session) {
  const rows = await homeRows(db, visibleByScope(session, h)).orderBy(desc(h.manufacturedDate), desc(h.id)).limit(HOMES_KEPT_CAP);
  return rows.map(toHomeSummary).sort((a, b) => (a.serialNumber < b.serialNumber ? -1 : a.serialNumber > b.serialNumber ? 1 : 0));
}

/** What the picker's search box looks through (home-picker list-rules.ts homeSearchText): serial with and without dashes, too. */
const searchText = sql`lower(concat_ws(' ', ${h.serialNumber}, regexp_replace(${h.serialNumber}, '[^0-9A-Za-z]', '', 'g'),
  ${h.plantNumber}, ${t.plants.name}, ${h.modelName}, ${h.modelNumber}, ${h.homeownerFirstName}, ${h.homeownerLastName},
  ${h.city}, ${h.state}))`;

/** The picker's columns: Plant reads "name (number)", Homeowner "first last", Model the name. */
const SORT_KEYS: SortKeys<HomeSortName> = {
  serialNumber: [h.serialNumber],
  plant: [t.plants.name, h.plantNumber],
  modelName: [h.modelName],
  homeownerName: [h.homeownerFirstName, h.homeownerLastName],
  city: [h.city, h.state],
};

function searchHomes(db: Database, session: Session, query: HomeSearchQuery) {
  const condition = and(visibleByScope(session, h), ...matchingWords(searchText, query.q));
  return searchPage(
    query.page,
    (limit, offset) =>
      homeRows(db, condition!)
        .orderBy(...searchOrder(SORT_KEYS, query.sort, 'serialNumber', h.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const homes = db.select({ n: count() }).from(h).$dynamic();
      // Every home has its plant (a foreign key, not null): only the words searched need it to count.
      const [matching] = await (
        searchWords(query.q).length > 0 ? homes.innerJoin(t.plants, eq(t.plants.plantNumber, h.plantNumber)) : homes
      ).where(condition);
      return matching?.n ?? 0;
    },
    toHomeSummary,
  );
}

export const homeRoutes = [
  route({
    method: 'GET',
    endpoint: paths.homes,
    summary: 'The homes a device keeps of the user’s scope, or a search of all of them',
    description:
      `At most ${HOMES_KEPT_CAP.toLocaleString('en-US')} homes: all of the scope's, or the ones manufactured last. ` +
      'With `page` (and `q`, `sort`), a SearchPage of every home of the scope.',
    answer: HomeListAnswer,
    roles: ['Service_User', 'Service_Viewer', 'Sales_User'],
    query: v.object(HomeSearchQueryFields),
    handle: async ({ c, db, session, query }) =>
      c.json(query.page !== undefined ? await searchHomes(db, session, query) : await keptHomes(db, session)),
  }),
];
