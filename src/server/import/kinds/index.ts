import type { ImportKind } from '../kind';
import { catalogImagesKind } from './catalog-images';
import { corporatePartsKind } from './corporate-parts';
import { employeesKind } from './employees';
import { helpDocumentsKind } from './help-documents';
import { homesKind } from './homes';
import { inventoryKind } from './inventory';
import { learnDocumentsKind } from './learn-documents';
import { npsResponsesKind } from './nps-responses';
import { ordersKind } from './orders';
import { partsCatalogKind } from './parts-catalog';
import { partsOrdersKind } from './parts-orders';
import { plantsKind } from './plants';
import { quotesKind } from './quotes';
import { releaseNotesKind } from './release-notes';
import { retailersKind } from './retailers';
import { shipToLocationsKind } from './ship-to-locations';
import { usersKind } from './users';
import { workOrdersKind } from './work-orders';

export { ImportError } from '../errors';

/**
 * Every kind the importer loads, by the name the command line and the endpoint take, in the order to import them
 * into an empty database (a kind refers only to kinds before it). A new kind: one file here and one line below.
 */
// Each kind has its own row type; the importer handles them alike, so the map forgets which.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const IMPORT_KINDS: Record<string, ImportKind<any>> = {
  plants: plantsKind,
  retailers: retailersKind,
  'ship-to-locations': shipToLocationsKind,
  users: usersKind,
  employees: employeesKind,
  'corporate-parts': corporatePartsKind,
  'parts-catalog': partsCatalogKind,
  'catalog-images': catalogImagesKind,
  homes: homesKind,
  'work-orders': workOrdersKind,
  'parts-orders': partsOrdersKind,
  quotes: quotesKind,
  orders: ordersKind,
  inventory: inventoryKind,
  'nps-responses': npsResponsesKind,
  'help-documents': helpDocumentsKind,
  'learn-documents': learnDocumentsKind,
  'release-notes': releaseNotesKind,
};
