/**
 * homeowners: My Homeowners and warranty cards (spec 3 §2, §3, §4, §5, §7). Decided here where the
 * spec leaves it open:
 *
 * - Paths: the homeowner list is GET {api}/Warranty/Homeowners; one card is GET {api}/Warranty with
 *   plantNumber and serialNumber (404 when the home has no card, so the form opens in add mode);
 *   POST {api}/Warranty creates (409 when the home has one), PUT {api}/Warranty updates (rowVersion,
 *   409 when stale); GET {api}/assets/{assetId}/warranty is the card on the service history screen.
 * - Who reads: the My Homeowners menu rule (spec 3 §6): Warranty_User, Home_Owner_Viewer or
 *   Service_User. The asset read also lets Service_Viewer in, who opens service history.
 * - Who writes: a warranty admin (Warranty_User) or a service admin (Service_User); viewers get 403.
 * - Which homes: the same scope as service requests (work-orders/rules.ts visibleByScope): a
 *   retailer user's current retail center, a plant user's facilities. Other homes answer 404.
 * - Status: the server's. Saving needs the owner's name, address and sold date, so a saved card is
 *   complete: an Incomplete (I) card becomes Active (A); Historical and Archived cards keep theirs.
 * - The card answered is already normalized as spec 3 §5 says of a returned card (contract
 *   normalizeCardAddress), and a saved one is normalized and split before it is written.
 * - "Today" for the sold date window is the business day of the home's retail center (server/business-day).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ACTIVE_WARRANTY_STATUS,
  HomeownerSearchQueryFields,
  INCOMPLETE_WARRANTY_STATUS,
  WARRANTY_MESSAGES,
  WarrantyCardAnswer,
  WarrantyCardInput,
  WarrantyLookupQuery,
  isHomeAddressSameAsOwner,
  normalizeCardAddress,
  paths,
  SyncQueryFields,
  warrantyCardIssues,
  type RoleName,
  type WarrantyCard,
  type WarrantyCardSave,
} from '../../contract';
import type { Database } from '../db/client';
import { wholeRow } from '../db/whole-row';
import * as t from '../db/schema';
import { errorResponse, issuesResponse, jsonResponse } from '../http/errors';
import { idParam } from '../http/params';
import type { Session } from '../auth/session';
import { route } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';
import { readDelta } from '../sync/delta';
import { cardRuleSubject } from '../../contract/kept-lists';
import { ruledList, type KeptRule } from '../sync/kept-rule';
import { answerList } from '../sync/list-answer';
import { inScope, readWindow, sessionScope, type SyncSource } from '../sync/source';
import { keysetPages, type ListPages } from '../sync/stream-list';
import { scopeOf, visibleByScope } from '../work-orders/rules';
import { businessDayOf, zoneColumns, zoneOf } from '../business-day/business-day';
import { searchCards } from '../homeowners/search';
import { HomeownerListRow } from '../../contract/list-rows';
import type { ZonedLocation } from '../../contract/time-zones';

const READ_ROLES: readonly RoleName[] = ['Warranty_User', 'Home_Owner_Viewer', 'Service_User'];
const ASSET_READ_ROLES: readonly RoleName[] = [...READ_ROLES, 'Service_Viewer'];
const WRITE_ROLES: readonly RoleName[] = ['Warranty_User', 'Service_User'];

const AssetId = idParam('assetId must be digits.');
// A first download reads 20,000 cards: the card is one value (db/whole-row.ts), and of the rest only what an answer shows.
// A delta page's outer ORDER BY names "sync_xid" and "id" (sync/source.ts readWindow): the card's, selected as columns too.
const cardColumns = {
  id: t.warrantyCards.id,
  syncXid: t.warrantyCards.syncXid,
  card: wholeRow(t.warrantyCards),
  home: {
    serialNumber: t.homes.serialNumber,
    modelNumber: t.homes.modelNumber,
    modelName: t.homes.modelName,
    manufacturedDate: t.homes.manufacturedDate,
  },
  plantName: t.plants.name,
  retailerName: t.retailers.name,
  retailerZone: zoneColumns(t.retailers),
};
type CardRow = {
  card: typeof t.warrantyCards.$inferSelect;
  home: Pick<typeof t.homes.$inferSelect, 'serialNumber' | 'modelNumber' | 'modelName' | 'manufacturedDate'>;
  plantName: string;
  retailerName: string;
  retailerZone: ZonedLocation;
};

export function toWarrantyCard({ card, home, plantName, retailerName, retailerZone }: CardRow): WarrantyCard {
  const answer: WarrantyCard = {
    plantNumber: card.plantNumber,
    plantName,
    modelNumber: home.modelNumber,
    modelName: home.modelName,
    firstName: card.firstName,
    lastName: card.lastName,
    middleInitial: card.middleInitial,
    suffix: card.suffix,
    emailAddress: card.emailAddress,
    serialNumber: home.serialNumber,
    fullSerialNumber: home.serialNumber,
    address1: card.address1,
    address2: card.address2,
    city: card.city,
    state: card.state,
    zipCode: card.zipCode,
    zip4: card.zip4,
    areaCode: card.areaCode,
    phoneNumber: card.phoneNumber,
    cellAreaCode: card.cellAreaCode,
    cellPhoneNumber: card.cellPhoneNumber,
    retailerNumber: card.retailerNumber,
    retailerName,
    soldDate: card.soldDate ?? '',
    npsDate: card.npsDate ?? '',
    homeAddress1: card.homeAddress1,
    homeAddress2: card.homeAddress2,
    homeCity: card.homeCity,
    homeState: card.homeState,
    homeZipCode: card.homeZipCode,
    homePhoneNumber: card.homePhoneNumber,
    homeAddress: card.homeAddress,
    showHomeAddress: false,
    statusCode: card.statusCode,
    thermalZone: card.thermalZone,
    windZone: card.windZone,
    roofLoad: card.roofLoad,
    manufacturedDate: home.manufacturedDate,
    orderNumber: card.orderNumber,
    purchaseOrderNumber: card.purchaseOrderNumber,
    quoteNumber: card.quoteNumber,
    vantageAssetId: card.homeId,
    vantageAccountId: card.vantageAccountId,
    vantageWarrantyId: card.id,
    rowVersion: card.rowVersion,
    changedOn: card.changedOn,
    hasOpenWorkOrder: card.hasOpenWorkOrder,
    timeZone: zoneOf(retailerZone),
  };
  const normalized = normalizeCardAddress(answer);
  return { ...normalized, showHomeAddress: !isHomeAddressSameAsOwner(normalized) };
}

export const cardsOf = (db: Database, condition: SQL | undefined) =>
  db
    .select(cardColumns)
    .from(t.warrantyCards)
    .innerJoin(t.homes, eq(t.homes.id, t.warrantyCards.homeId))
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.warrantyCards.plantNumber))
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.warrantyCards.retailerNumber))
    .where(condition);

/**
 * The homeowner list for delta sync (sync/delta.ts); its rows are named by vantageWarrantyId, the card's id. A card
 * carries its home's plant and retail center (migration 0024), so a scope's cards are read by the card's own
 * (scope, sync_xid, id) indexes, one branch per plant (sync/source.ts readWindow), and found and counted without homes.
 */
export function homeownerSyncSource(session: Session, rule: KeptRule): SyncSource<WarrantyCard> {
  const scope = scopeOf(session, t.warrantyCards);
  const condition = inScope(scope);
  const ruled = ruledList(
    rule,
    'homeowners',
    { table: t.warrantyCards, open: sql`${t.warrantyCards.hasOpenWorkOrder}`, changedOn: t.warrantyCards.changedOn },
    condition,
    sessionScope(session),
  );
  return {
    table: 'warranty_cards',
    scope: sessionScope(session),
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.warrantyCards}`, where: condition, xid: t.warrantyCards.syncXid, id: t.warrantyCards.id },
    rows: async (db, window) => {
      const rows = await readWindow(
        window,
        { xid: t.warrantyCards.syncXid, id: t.warrantyCards.id },
        scope,
        (where) => cardsOf(db, where).$dynamic(),
        ruled.inWindow(window),
      );
      return rows.map((row) => ({
        xid: row.card.syncXid,
        id: row.card.id,
        item: ruled.keeps(cardRuleSubject(row.card), window) ? toWarrantyCard(row) : null,
      }));
    },
    count: ruled.count,
    keptFloor: ruled.keptFloor,
  };
}

async function cardOfHome(db: Database, homeId: number) {
  const [row] = await cardsOf(db, eq(t.warrantyCards.homeId, homeId));
  return row ? toWarrantyCard(row) : null;
}

/** The home of plantNumber + serialNumber that `session` sees (serials compare case-insensitively). */
async function visibleHome(db: Database, session: Session, plantNumber: string, serialNumber: string) {
  const [home] = await db
    .select()
    .from(t.homes)
    .where(
      and(
        visibleByScope(session, t.homes),
        eq(t.homes.plantNumber, plantNumber),
        eq(sql`upper(${t.homes.serialNumber})`, serialNumber.toUpperCase()),
      ),
    );
  return home ?? null;
}

/** GET /homeowners: the cards by id, oldest first, page by page (sync/stream-list.ts). */
function cardPages(db: Database, session: Session): ListPages<WarrantyCard> {
  const condition = visibleByScope(session, t.warrantyCards);
  return keysetPages(
    (after: number | undefined, limit: number) =>
      cardsOf(db, after ? and(condition, sql`${t.warrantyCards.id} > ${after}`) : condition)
        .orderBy(asc(t.warrantyCards.id))
        .limit(limit),
    (row) => row.card.id,
    toWarrantyCard,
  );
}

const homeNotFound = () => errorResponse(404, WARRANTY_MESSAGES.homeNotFound);
const cardNotFound = () => errorResponse(404, WARRANTY_MESSAGES.cardNotFound);

/**
 * The card is where the homeowner is kept; the home carries a copy for the work-order list and the
 * new-request skeleton. Touching the home's requests moves the work-order list's ETag (store.ts).
 */
async function copyOwnerToHome(db: Database, homeId: number, body: WarrantyCardSave) {
  const digits = `${body.areaCode}${body.phoneNumber}`.replace(/\D/g, '');
  const phone = digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : null;
  await db
    .update(t.homes)
    .set({
      homeownerFirstName: body.firstName,
      homeownerLastName: body.lastName,
      homeownerEmail: body.emailAddress || null,
      homeownerPhone: phone,
    })
    .where(eq(t.homes.id, homeId));
  await db.update(t.serviceRequests).set({ homeId }).where(eq(t.serviceRequests.homeId, homeId));
}

/** The stored fields of a saved card: what the form edits, nothing of the home, the plant data or the status. */
function storedFields(body: WarrantyCardSave) {
  const { plantNumber: _plant, serialNumber: _serial, homeAddressSameAsOwner: _same, rowVersion: _version, ...fields } = body;
  return fields;
}

export const homeownerRoutes = [
  route({
    method: 'GET',
    endpoint: paths.homeowners,
    summary: 'The homeowner list: warranty cards in the user’s scope (kept on devices), a delta of it, or a search',
    answer: { row: HomeownerListRow },
    roles: READ_ROLES,
    query: v.object({ ...SyncQueryFields, ...HomeownerSearchQueryFields }),
    handle: async ({ c, db, deps, session, query }) => {
      if (query.page !== undefined) return c.json(await searchCards(db, session, query));
      const source = homeownerSyncSource(session, deps.keptRule);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      // Tens of thousands of cards: a client whose copy is current gets 304 and keeps it.
      return answerList(c, db, source, cardPages(db, session), deps.reportError);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.warranty,
    summary: 'A home’s warranty card, by plant and serial number',
    answer: WarrantyCardAnswer,
    errors: [{ status: 404, description: 'No such home, or the home has no card yet (the form opens to add one).' }],
    roles: READ_ROLES,
    query: WarrantyLookupQuery,
    handle: async ({ c, db, session, query }) => {
      const home = await visibleHome(db, session, query.plantNumber, query.serialNumber);
      if (!home) return homeNotFound();
      const card = await cardOfHome(db, home.id);
      return card ? c.json(card) : cardNotFound();
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.assetWarranty,
    summary: 'A home’s warranty card, by the home’s id',
    answer: WarrantyCardAnswer,
    errors: [404],
    roles: ASSET_READ_ROLES,
    params: v.object({ assetId: AssetId }),
    handle: async ({ c, db, session, params }) => {
      const [home] = await db
        .select({ id: t.homes.id })
        .from(t.homes)
        .where(and(eq(t.homes.id, params.assetId), visibleByScope(session, t.homes)));
      if (!home) return homeNotFound();
      const card = await cardOfHome(db, home.id);
      return card ? c.json(card) : cardNotFound();
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.warranty,
    summary: 'Add a home’s warranty card',
    answer: { status: 201, schema: WarrantyCardAnswer },
    errors: [404, { status: 409, description: 'The home has a card already: `current` is it.' }],
    roles: WRITE_ROLES,
    body: WarrantyCardInput,
    handle: async ({ c, db, deps, session, body }) => {
      const home = await visibleHome(db, session, body.plantNumber, body.serialNumber);
      if (!home) return homeNotFound();
      const issues = warrantyCardIssues(body, await businessDayOf(db, deps.clock, home));
      if (issues.length > 0) return issuesResponse(issues);
      const created = await db
        .insert(t.warrantyCards)
        .values({ ...storedFields(body), homeId: home.id, statusCode: ACTIVE_WARRANTY_STATUS, createdByUserId: session.user.cmhUserId })
        .onConflictDoNothing({ target: t.warrantyCards.homeId })
        .returning({ id: t.warrantyCards.id });
      if (created.length === 0) return jsonResponse(409, { message: WARRANTY_MESSAGES.cardExists, current: await cardOfHome(db, home.id) });
      await copyOwnerToHome(db, home.id, body);
      return c.json(await cardOfHome(db, home.id), 201);
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.warranty,
    summary: 'Update a home’s warranty card',
    answer: WarrantyCardAnswer,
    errors: [404, 409],
    roles: WRITE_ROLES,
    body: WarrantyCardInput,
    handle: async ({ c, db, deps, session, body }) => {
      const { rowVersion } = body;
      if (rowVersion === undefined) return issuesResponse([{ field: 'rowVersion', message: 'rowVersion is required to update a card.' }]);
      const home = await visibleHome(db, session, body.plantNumber, body.serialNumber);
      if (!home) return homeNotFound();
      const [stored] = await db.select().from(t.warrantyCards).where(eq(t.warrantyCards.homeId, home.id));
      if (!stored) return cardNotFound();
      const issues = warrantyCardIssues(body, await businessDayOf(db, deps.clock, home), stored.soldDate);
      if (issues.length > 0) return issuesResponse(issues);
      const statusCode = stored.statusCode === INCOMPLETE_WARRANTY_STATUS ? ACTIVE_WARRANTY_STATUS : stored.statusCode;
      const written = await updateIfCurrent(db, t.warrantyCards, eq(t.warrantyCards.id, stored.id), rowVersion, {
        ...storedFields(body),
        statusCode,
        updatedAt: deps.clock(),
      });
      if (written === 0) return staleRecordResponse(await cardOfHome(db, home.id));
      await copyOwnerToHome(db, home.id, body);
      return c.json(await cardOfHome(db, home.id));
    },
  }),
];
