import * as v from 'valibot';
import { addDaysToDay } from './days';
import { InventoryItem } from './inventory';
import { Lead } from './leads';
import { SalesOrder } from './orders';
import { CatalogPartRowAnswer, PartsCatalogAnswer, catalogPartRows, type CatalogPartRow } from './parts-catalog';
import { PartsOrderSummaryRow } from './parts-orders';
import { paths, type Endpoint } from './paths';
import { Quote } from './quotes';
import { syncPageAnswer, type SyncPage } from './sync';
import { HomeownerRow } from './warranty';
import { ServiceRequestSummaryRow } from './work-orders';

/*
 * The lists devices keep by delta sync (contract/sync.ts), named once for both sides: the server's live changes name
 * them (server/routes/live-changes.ts), the page keeps them (offline/kept-lists.ts specs in each feature), and the
 * service worker refreshes them with no page open (offline/periodic-refresh.ts). Not in the contract's index: a
 * module that imports the index should not carry every list's schema.
 */

/** Where a kept list is answered: its GET, the query it always carries besides `since` and `limit`, and the answer's schema. */
export interface KeptListSource<Row> {
  endpoint: Endpoint;
  query?: Readonly<Record<string, string>>;
  page: v.GenericSchema<unknown, SyncPage<Row>>;
}

const source = <Row>(endpoint: Endpoint, row: v.GenericSchema<unknown, Row>): KeptListSource<Row> => ({
  endpoint,
  page: syncPageAnswer(row),
});

/** The lists kept whole, by the name the device keeps each under (its syncState key and its IndexedDB table). */
export const KEPT_LIST_SOURCES = {
  workOrders: source(paths.serviceRequests, ServiceRequestSummaryRow),
  partsOrders: source(paths.partsOrders, PartsOrderSummaryRow),
  homeowners: source(paths.homeowners, HomeownerRow),
  quotes: source(paths.quotes, Quote),
  salesOrders: source(paths.orders, SalesOrder),
  leads: source(paths.leads, Lead),
  inventory: source(paths.inventory, InventoryItem),
};

export type KeptListName = keyof typeof KEPT_LIST_SOURCES;
export const KEPT_LIST_NAMES = Object.keys(KEPT_LIST_SOURCES) as KeptListName[];

/*
 * What a device keeps of a list (issue 31): not ten years of closed work orders, but what its people work with. The
 * server sends only the rows a rule keeps (server/sync/kept-rule.ts) and the device lets go of the rows that age out
 * of it (offline/kept-lists.ts), unless a change to one is still queued; the rest is one search away, online.
 */

/** A closed work order or parts order (a card of a home with none open) stays on the device this many days after its last change. */
export const KEEP_CLOSED_DAYS = 90;

/**
 * At most this many rows of each ruled list on a device, the most recently changed: a user who sees every plant keeps
 * the newest 45,000 work orders and 30,000 cards, not 88,000 and 65,000 (the 1M benchmark). With the other lists' rows
 * (on the 1M benchmark 15,500 for that user: every plant's catalog, quotes, orders and homes for sale) that stays
 * within DEVICE_BUDGET.
 */
export const KEPT_LIST_CAPS: KeptListCaps = { workOrders: 45_000, homeowners: 30_000, partsOrders: 5_000 };
export type KeptListCaps = Readonly<Record<RuledList, number>>;

/** The promise of the README (Lists kept on the device): at most this much on a device, for any user of the demo or the 1M benchmark. */
export const DEVICE_BUDGET = { rows: 100_000, bytes: 200 * 1024 * 1024 };

/** What the rule reads of a row: whether it is closed (a card: its home has no open work order), and the day of its last change. */
export interface KeptRuleSubject {
  isClosed: boolean;
  /** 'YYYY-MM-DD'; absent from a plain backend's row. */
  changedOn?: string | undefined;
}

/** What the rule reads of a warranty card: "open" while its home has an open work order (a plain backend's card says nothing, and is kept). */
export const cardRuleSubject = (card: { hasOpenWorkOrder?: boolean | undefined; changedOn?: string | undefined }): KeptRuleSubject => ({
  isClosed: card.hasOpenWorkOrder === false,
  changedOn: card.changedOn,
});

let lastKeptSince = { today: '', since: '' };

/**
 * The first day of change that still keeps a closed record, counted back from `today`. Asked once a row (isKeptRecord),
 * with the same day: remembered, where date-fns's parse and format cost a server 9 ms a page of 5,000 rows.
 */
export function keptSince(today: string) {
  if (lastKeptSince.today !== today) lastKeptSince = { today, since: addDaysToDay(today, -KEEP_CLOSED_DAYS) };
  return lastKeptSince.since;
}

/**
 * Open records are kept; a closed one while it changed (was created, edited, closed) in the last KEEP_CLOSED_DAYS. When
 * the list holds more than its cap, only those changed on or after `keptFrom`, the day the server found its newest
 * `cap` rows begin after (SyncPage.keptFrom). A row without its day (a plain backend's, README "A plain backend")
 * cannot be judged, and is kept.
 */
export const isKeptRecord = (row: KeptRuleSubject, today: string, keptFrom?: string) =>
  !row.changedOn || ((!row.isClosed || row.changedOn >= keptSince(today)) && (keptFrom === undefined || row.changedOn >= keptFrom));

/** The lists kept by that rule; every other list is kept whole (all its rows in the user's scope). */
export const RULED_LISTS = ['workOrders', 'partsOrders', 'homeowners'] as const satisfies readonly KeptListName[];
export type RuledList = (typeof RULED_LISTS)[number];

const newest = (cap: number) => `(at most the ${cap.toLocaleString('en-US')} changed last)`;

/** Each kept list's rule, as the Device status screen says it. */
export const KEPT_LIST_RULES: Record<KeptListName | 'catalogParts', string> = {
  workOrders: `Open ones, and closed ones changed in the last ${KEEP_CLOSED_DAYS} days ${newest(KEPT_LIST_CAPS.workOrders)}`,
  partsOrders: `Open ones, and closed ones changed in the last ${KEEP_CLOSED_DAYS} days ${newest(KEPT_LIST_CAPS.partsOrders)}`,
  homeowners: `Homes with an open work order, and cards or work orders changed in the last ${KEEP_CLOSED_DAYS} days ${newest(KEPT_LIST_CAPS.homeowners)}`,
  catalogParts: 'The approved parts of the plant',
  quotes: 'Every one you see',
  salesOrders: 'Every one you see',
  leads: 'Every one you see',
  inventory: 'Every one you see',
};

/** The approved catalog of a plant is kept as that plant's share of the catalogParts table. */
const CATALOG_LIST_PREFIX = 'catalogParts:';
export const catalogListName = (plantNumber: string) => `${CATALOG_LIST_PREFIX}${plantNumber}`;
export const catalogPlantOf = (list: string) => (list.startsWith(CATALOG_LIST_PREFIX) ? list.slice(CATALOG_LIST_PREFIX.length) : undefined);

/** A plain backend (no delta sync) answers the spec's catalog tree: its parts, each checked as a row, are the rows. */
const CatalogPartPage = syncPageAnswer(
  CatalogPartRowAnswer,
  v.pipe(
    PartsCatalogAnswer,
    v.transform(catalogPartRows),
    v.check(
      (rows) => v.is(v.array(CatalogPartRowAnswer), rows),
      'A part of the catalog lacks its id, plant, category, commodity or number.',
    ),
  ),
);

/** GET {api}/PartsCatalog?plantNumber={n}&approved=true (spec 3 §7): a plant's approved and active parts. */
export const catalogListSource = (plantNumber: string): KeptListSource<CatalogPartRow> => ({
  endpoint: paths.partsCatalog,
  query: { plantNumber, approved: 'true' },
  page: CatalogPartPage,
});

export const isKeptListName = (list: string): list is KeptListName => Object.hasOwn(KEPT_LIST_SOURCES, list);

/** The source of any kept list by its name (a plant's catalog included), or undefined for a name no list has. */
export function keptListSource(list: string): KeptListSource<unknown> | undefined {
  if (isKeptListName(list)) return KEPT_LIST_SOURCES[list] as KeptListSource<unknown>;
  const plant = catalogPlantOf(list);
  return plant ? (catalogListSource(plant) as KeptListSource<unknown>) : undefined;
}
