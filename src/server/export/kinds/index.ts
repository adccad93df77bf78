import type { ExportKind } from '../kind';
import { catalogImagesExport } from './catalog-images';
import { corporatePartsExport } from './corporate-parts';
import { employeesExport } from './employees';
import { helpDocumentsExport } from './help-documents';
import { homesExport } from './homes';
import { inventoryExport } from './inventory';
import { learnDocumentsExport } from './learn-documents';
import { npsResponsesExport } from './nps-responses';
import { ordersExport } from './orders';
import { partsCatalogExport } from './parts-catalog';
import { partsOrdersExport } from './parts-orders';
import { plantsExport } from './plants';
import { quotesExport } from './quotes';
import { releaseNotesExport } from './release-notes';
import { retailersExport } from './retailers';
import { shipToLocationsExport } from './ship-to-locations';
import { usersExport } from './users';
import { workOrdersExport } from './work-orders';

/**
 * The export of each import kind (server/import/kinds/index.ts), by the same name: what `homesite export` writes, in the
 * import's columns. A new kind: one file here and one line below.
 */
// Each kind has its own stored row type; the exporter handles them alike, so the map forgets which.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const EXPORT_KINDS: Record<string, ExportKind<any>> = {
  plants: plantsExport,
  retailers: retailersExport,
  'ship-to-locations': shipToLocationsExport,
  users: usersExport,
  employees: employeesExport,
  'corporate-parts': corporatePartsExport,
  'parts-catalog': partsCatalogExport,
  'catalog-images': catalogImagesExport,
  homes: homesExport,
  'work-orders': workOrdersExport,
  'parts-orders': partsOrdersExport,
  quotes: quotesExport,
  orders: ordersExport,
  inventory: inventoryExport,
  'nps-responses': npsResponsesExport,
  'help-documents': helpDocumentsExport,
  'learn-documents': learnDocumentsExport,
  'release-notes': releaseNotesExport,
};
