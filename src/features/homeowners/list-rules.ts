import { INCOMPLETE_WARRANTY_STATUS, formatUsDate, type CmhUser, type WarrantyCard } from '../../contract';
import type { SortColumn, SortState } from '../../lib/list';
import { canSeeServiceHistory, deriveFlags, type PermissionSubject } from '../../lib/permissions';
import type { HomeownerRow } from './model';
import { MY_HOMEOWNERS_PATH } from './paths';

/** spec 3 §2 My Homeowners: the sortable columns, in the spec's order. Dates are 'YYYY-MM-DD', so they sort as text. */
export const HOMEOWNER_SORT_COLUMNS: readonly SortColumn<HomeownerRow>[] = [
  { columnName: 'emailAddress', displayName: 'Email' },
  { columnName: 'firstName', displayName: 'First Name' },
  { columnName: 'lastName', displayName: 'Last Name' },
  { columnName: 'manufacturedDate', displayName: 'Manufactured Date' },
  { columnName: 'modelName', displayName: 'Model Name' },
  { columnName: 'npsDate', displayName: 'Estimated NPS Date' },
  { columnName: 'serialNumber', displayName: 'Serial Number' },
  { columnName: 'soldDate', displayName: 'Sold Date' },
  { columnName: 'statusLabel', displayName: 'Status' },
];

export const DEFAULT_HOMEOWNER_SORT: SortState = { columnName: 'lastName', direction: 'asc' };

/** spec 3 §2, §9: 'incomplete only' keeps the cards with statusCode 'I'. */
export const isIncomplete = (card: Pick<WarrantyCard, 'statusCode'>) => card.statusCode === INCOMPLETE_WARRANTY_STATUS;

export const filterIncomplete = <Row extends Pick<WarrantyCard, 'statusCode'>>(
  rows: readonly Row[],
  incompleteOnly: boolean,
): readonly Row[] => (incompleteOnly ? rows.filter(isIncomplete) : rows);

/** A card made on this device that the server does not have yet (pending/apply-pending.ts skeletonCard): it has no id. */
export const isMadeOnDevice = (card: Pick<WarrantyCard, 'vantageWarrantyId'>) => card.vantageWarrantyId === 0;

/** The precomputed search text of a row (model.ts HomeownerRow.searchText): the list reads it, never rebuilds it. */
export const rowSearchText = (row: HomeownerRow) => row.searchText;

/** A card date ('YYYY-MM-DD', '' when unknown) as the list and the form show it. */
export const cardDateText = (day: string) => formatUsDate(day);

export type HomeownerAction = 'warranty' | 'serviceRequest' | 'partsOrder' | 'serviceHistory';

export type ActionSubject = PermissionSubject & Pick<CmhUser, 'availableFacilities'>;

/**
 * spec 3 §2, §6: the split button of a row shows only to service admins, warranty admins, or sales viewers — and a
 * sales viewer who is a plant user only on homes of a plant among their facilities.
 */
export function showsSplitButton(user: ActionSubject, card: Pick<WarrantyCard, 'plantNumber'>): boolean {
  const flags = deriveFlags(user);
  if (flags.isServiceAdmin || flags.isWarrantyAdmin) return true;
  if (!flags.isSalesViewer) return false;
  return !user.isPlantUser || user.availableFacilities.some((facility) => facility.plantNumber === card.plantNumber);
}

/**
 * The actions of a row's split button, none when it does not show. 'New Service Request' and 'New Parts Order'
 * are offered to service admins only: the server takes those writes from them alone. 'New Parts Order' needs the
 * app to wire parts orders in; 'Service History' is for whoever may open it.
 */
export function homeownerActions(
  user: ActionSubject,
  card: Pick<WarrantyCard, 'plantNumber'>,
  options: { partsOrders: boolean },
): HomeownerAction[] {
  if (!showsSplitButton(user, card)) return [];
  const serviceAdmin = deriveFlags(user).isServiceAdmin;
  return [
    'warranty',
    ...(serviceAdmin ? (['serviceRequest'] as const) : []),
    ...(serviceAdmin && options.partsOrders ? (['partsOrder'] as const) : []),
    ...(canSeeServiceHistory(user) ? (['serviceHistory'] as const) : []),
  ];
}

/** spec 3 §2 /serviceHistory/{assetId}: the home's requests, parts and warranty card. */
export const serviceHistoryHref = (card: Pick<WarrantyCard, 'vantageAssetId'>) => `/serviceHistory/${card.vantageAssetId}`;

/** spec 3 §2 /service/myhomeowners/warranty/{plantNumber}/{serialNumber}. */
export const warrantyPanelHref = (card: Pick<WarrantyCard, 'plantNumber' | 'serialNumber'>) =>
  `${MY_HOMEOWNERS_PATH}/warranty/${encodeURIComponent(card.plantNumber)}/${encodeURIComponent(card.serialNumber)}`;

/** spec 3 §2 /service/add/{serialNumber}/{plantNumber}: Add New Work Order for the home. */
export const newServiceRequestHref = (card: Pick<WarrantyCard, 'plantNumber' | 'serialNumber'>) =>
  `/service/add/${encodeURIComponent(card.serialNumber)}/${encodeURIComponent(card.plantNumber)}`;

export { MY_HOMEOWNERS_PATH, canonicalHomeownersPath } from './paths';
