import type { ImportKind } from '../kind';
import { corporatePartsKind } from './corporate-parts';
import { employeesKind } from './employees';
import { helpDocumentsKind } from './help-documents';
import { homesKind } from './homes';
import { inventoryKind } from './inventory';
import { learnDocumentsKind } from './learn-documents';
import { npsResponsesKind } from './nps-responses';
import { ordersKind } from './orders';
import { partsCatalogKind } from './parts-catalog';
import { plantsKind } from './plants';
import { quotesKind } from './quotes';
import { releaseNotesKind } from './release-notes';
import { retailersKind } from './retailers';
import { usersKind } from './users';

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
  users: usersKind,
  employees: employeesKind,
  'corporate-parts': corporatePartsKind,
  'parts-catalog': partsCatalogKind,
  homes: homesKind,
  quotes: quotesKind,
  orders: ordersKind,
  inventory: inventoryKind,
  'nps-responses': npsResponsesKind,
  'help-documents': helpDocumentsKind,
  'learn-documents': learnDocumentsKind,
  'release-notes': releaseNotesKind,
};
