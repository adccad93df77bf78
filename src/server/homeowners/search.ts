import { and, count, eq, sql } from 'drizzle-orm';
import {
  ARCHIVED_WARRANTY_LABEL,
  searchWords,
  WARRANTY_STATUSES,
  type HomeownerSearchQuery,
  type HomeownerSortName,
  type SearchPage,
  type WarrantyCard,
} from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { sortableText } from '../db/schema/columns';
import type { Session } from '../auth/session';
import { cardsOf, toWarrantyCard } from '../routes/homeowners';
import { matchingWords, searchOrder, searchPage, type SortKeys } from '../sync/search-page';
import { visibleByScope } from '../work-orders/rules';

/*
 * My Homeowners searched on the server (issue 31 §3, contract/list-search.ts): every card the user sees, not only those
 * the device keeps, with the screen's search (every word somewhere in pending/apply-pending.ts homeownerSearchText),
 * sort (list-rules.ts HOMEOWNER_SORT_COLUMNS) and 'incomplete only' (a status as shown).
 */

const w = t.warrantyCards;

/** The status as the row shows it (warrantyStatusLabel): any code but I, A and H is Archived. */
const statusText = sql`(case ${w.statusCode} ${sql.join(
  Object.entries(WARRANTY_STATUSES).map(([code, label]) => sql`when ${code} then ${label}`),
  sql` `,
)} else ${ARCHIVED_WARRANTY_LABEL} end)`;

/** What the search box looks through: the fields of homeownerSearchText (the serial is the home's). */
const searchText = sql`lower(concat_ws(' ', ${t.homes.serialNumber}, ${w.firstName}, ${w.middleInitial}, ${w.lastName}, ${w.emailAddress}))`;

/** The order of each sort column; dates are days, a card without one has none. */
const SORT_KEYS: SortKeys<HomeownerSortName> = {
  emailAddress: [sortableText(w.emailAddress)],
  firstName: [sortableText(w.firstName)],
  lastName: [sortableText(w.lastName)],
  manufacturedDate: [t.homes.manufacturedDate],
  modelName: [sortableText(t.homes.modelName)],
  npsDate: [w.npsDate],
  serialNumber: [sortableText(t.homes.serialNumber)],
  soldDate: [w.soldDate],
  statusLabel: [statusText],
};

/** GET {api}/Warranty/Homeowners?page=…: one page of the cards `session` sees that match, and how many match in all. */
export function searchCards(db: Database, session: Session, query: HomeownerSearchQuery): Promise<SearchPage<WarrantyCard>> {
  const condition = and(
    visibleByScope(session, w),
    query.status ? sql`upper(${statusText}) = upper(${query.status.trim()})` : undefined,
    ...matchingWords(searchText, query.q),
  );
  return searchPage(
    query.page,
    (limit, offset) =>
      cardsOf(db, condition)
        .orderBy(...searchOrder(SORT_KEYS, query.sort, 'lastName', w.id))
        .limit(limit)
        .offset(offset),
    async () => {
      // Every card has its home (a foreign key, not null): only the words searched need it to count.
      const cards = db.select({ n: count() }).from(w).$dynamic();
      const [matching] = await (searchWords(query.q).length > 0 ? cards.innerJoin(t.homes, eq(t.homes.id, w.homeId)) : cards).where(
        condition,
      );
      return matching?.n ?? 0;
    },
    toWarrantyCard,
  );
}
