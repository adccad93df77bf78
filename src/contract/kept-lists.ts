import * as v from 'valibot';
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
