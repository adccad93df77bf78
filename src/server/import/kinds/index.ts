import type { ImportKind } from '../kind';
import { corporatePartsKind } from './corporate-parts';
import { employeesKind } from './employees';
import { homesKind } from './homes';
import { partsCatalogKind } from './parts-catalog';
import { plantsKind } from './plants';
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
};
