import {
  isHomeownerPortalOrigin,
  normalizeServiceDate,
  REQUEST_TYPES,
  serialKey,
  statusLabel,
  UNSUBMITTED_STATUS,
  type CmhUser,
  type HomeSummary,
  type RequestType,
  type ServiceRequestSummary,
} from '../../../../contract';
import { readCookie } from '../../../../lib/cookies';
import { hasRole } from '../../../../lib/permissions';
import type { SortColumn, SortState } from '../../../../lib/list';
import { isTempId } from '../../../../offline/temp-ids';
import type { ServiceRequestSummaryView } from '../../model';

/* The Service & Parts main page (spec 3 §2): which rows each tab shows, and how a row reads. Pure, so tested alone. */

/**
 * spec 3 §2, §6: the homeowner-experience ("hx", as in GET /service/hxstatus) cookie flag. The spec names a cookie
 * flag but not the cookie; this product reads `hxEnabled=true`. Portal mode needs it AND the retailer's
 * portal metadata saying deployPortal.
 */
export const HOMEOWNER_EXPERIENCE_COOKIE = 'hxEnabled';

export const isHomeownerExperienceCookieOn = (value: string | undefined = readCookie(HOMEOWNER_EXPERIENCE_COOKIE)) =>
  value?.trim().toLowerCase() === 'true';

export const isPortalMode = (cookieOn: boolean, deployPortal: boolean) => cookieOn && deployPortal;

/**
 * spec 3 §2 speaks of "homeowner users" without defining them; here they are the users with role
 * Home_Owner_Viewer (the role that also opens My Homeowners, spec 3 §6).
 */
export const isHomeownerUser = (user: Pick<CmhUser, 'roles'>) => hasRole(user, 'Home_Owner_Viewer');

export type ServiceTab = 'workOrders' | 'parts' | 'portal';

/**
 * spec 3 §2: in homeowner portal mode the work order list shows only homeowner-portal requests to homeowner
 * users and leaves them out for everyone else; the Homeowner Portal Requests tab lists the portal requests.
 * Without portal mode every request is listed.
 */
export function rowsForTab<Row extends Pick<ServiceRequestSummary, 'vantageCaseOrigin'>>(
  rows: readonly Row[],
  options: { portalMode: boolean; tab: 'workOrders' | 'portal'; homeownerUser: boolean },
): Row[] {
  if (!options.portalMode) return [...rows];
  const portalOnly = options.tab === 'portal' || options.homeownerUser;
  return rows.filter((row) => isHomeownerPortalOrigin(row.vantageCaseOrigin ?? '') === portalOnly);
}

/* ---- how a row reads ---- */

export const isStagedRow = (row: Pick<ServiceRequestSummary, 'vantageWorkOrderId'>) => row.vantageWorkOrderId === null;

/** spec 3 §3: the status meaning; an unknown code as is; a staged request without one is Unsubmitted. */
export function displayStatus(row: Pick<ServiceRequestSummary, 'status' | 'vantageWorkOrderId'>): string {
  const status = row.status?.trim() ?? '';
  if (status === '' && isStagedRow(row)) return UNSUBMITTED_STATUS;
  return statusLabel(status);
}

/** MM/DD/YYYY of a 'YYYY-MM-DD' service date; blank for the 1900 placeholder or anything before 1990 (spec 3 §5, §9). */
export function formatServiceDate(value: string | null | undefined): string {
  const day = normalizeServiceDate(value);
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCost = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? currency.format(value) : '';

/** The number a person knows a request by: the work order number once submitted, else the request number. */
export function requestNumberText(row: Pick<ServiceRequestSummaryView, 'vantageWorkOrderNumber' | 'serviceRequestNumber'>): string {
  if (row.vantageWorkOrderNumber) return row.vantageWorkOrderNumber;
  // A request made on this device has no number until the server gives it one.
  return isTempId(row.serviceRequestNumber) ? 'New request' : row.serviceRequestNumber;
}

export const plantText = (row: Pick<ServiceRequestSummary, 'plantName' | 'plantNumber'>) =>
  row.plantName ? `${row.plantName} (${row.plantNumber})` : row.plantNumber;

/** Where a row opens (spec 3 §2 review routes): a staged request by its id (or temp id), a work order by its id. */
export function reviewHref(row: Pick<ServiceRequestSummaryView, 'key' | 'vantageWorkOrderId'>): string {
  return row.vantageWorkOrderId === null ? `/servicerequests/${encodeURIComponent(row.key)}/` : `/workorders/${row.vantageWorkOrderId}`;
}

/** What the search box (placeholder 'Search Requests...') looks through. */
export const workOrderSearchText = (row: ServiceRequestSummaryView) =>
  [
    row.serviceRequestNumber,
    row.vantageWorkOrderNumber ?? '',
    row.serialNumber,
    row.homeownerName,
    row.technician,
    row.plantNumber,
    row.plantName,
    displayStatus(row),
    row.requestType in REQUEST_TYPES ? REQUEST_TYPES[row.requestType as RequestType] : row.requestType,
    formatServiceDate(row.requestDate),
  ].join(' ');

/* ---- sort and filters ---- */

/** spec 3 §2 sort options, in the spec's order; End Date is the performed date. */
export const WORK_ORDER_SORT_COLUMNS: readonly SortColumn<ServiceRequestSummaryView>[] = [
  { columnName: 'performedDate', displayName: 'End Date', value: (row) => normalizeServiceDate(row.performedDate) },
  { columnName: 'plant', displayName: 'Plant', value: plantText },
  { columnName: 'requestDate', displayName: 'Request Date', value: (row) => normalizeServiceDate(row.requestDate) },
  { columnName: 'serialNumber', displayName: 'Serial Number' },
  { columnName: 'startDate', displayName: 'Start Date', value: (row) => normalizeServiceDate(row.startDate) },
  { columnName: 'status', displayName: 'Status', value: displayStatus },
  { columnName: 'technician', displayName: 'Technician' },
  { columnName: 'totalCombinedCost', displayName: 'Total Combined Cost' },
  { columnName: 'totalServiceCost', displayName: 'Total Service Cost' },
];

export const DEFAULT_WORK_ORDER_SORT: SortState = { columnName: 'requestDate', direction: 'desc' };

export interface WorkOrderFilters {
  /** A plant number, or '' for every plant. */
  plant: string;
  /** A status as shown (displayStatus), or '' for every status. */
  status: string;
}

export const NO_FILTERS: WorkOrderFilters = { plant: '', status: '' };

export function applyFilters<Row extends Pick<ServiceRequestSummary, 'plantNumber' | 'status' | 'vantageWorkOrderId'>>(
  rows: readonly Row[],
  filters: WorkOrderFilters,
): Row[] {
  if (!filters.plant && !filters.status) return [...rows];
  return rows.filter(
    (row) => (!filters.plant || row.plantNumber === filters.plant) && (!filters.status || displayStatus(row) === filters.status),
  );
}

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' });

/** The plant filter's choices: the plants of the listed rows. */
export function plantOptions(rows: readonly Pick<ServiceRequestSummary, 'plantName' | 'plantNumber'>[]) {
  const plants = new Map<string, string>();
  for (const row of rows) if (row.plantNumber && !plants.has(row.plantNumber)) plants.set(row.plantNumber, plantText(row));
  return [...plants].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The status filter's choices: the statuses of the listed rows, as shown. */
export function statusOptions(rows: readonly Pick<ServiceRequestSummary, 'status' | 'vantageWorkOrderId'>[]) {
  const statuses = new Set(rows.map(displayStatus).filter(Boolean));
  return [...statuses].map((status) => ({ value: status, label: status })).sort(byLabel);
}

/* ---- the older edit routes and the add route ---- */

/**
 * spec 3 §2 /service/edit/{plantNumber}/{serialNumber}/{serviceRequestNumber}[/{serviceID}]: the request's id,
 * straight from {serviceID} when it is one, else the request of that plant and number (a request number is
 * unique within a plant; the serial of an old link may be the long one, so it decides nothing). Undefined when none matches.
 */
export function findEditTarget(
  rows: readonly Pick<ServiceRequestSummary, 'serviceRequestId' | 'serviceRequestNumber' | 'plantNumber'>[],
  params: { plantNumber: string; serviceRequestNumber: string; serviceId?: string },
): number | undefined {
  const serviceId = params.serviceId?.trim() ?? '';
  if (/^\d{1,12}$/.test(serviceId) && Number(serviceId) > 0) return Number(serviceId);
  const plant = params.plantNumber.trim().toUpperCase();
  const number = params.serviceRequestNumber.trim().toUpperCase();
  if (!plant || !number) return undefined;
  const match = rows.find(
    (row) => row.plantNumber.trim().toUpperCase() === plant && String(row.serviceRequestNumber).trim().toUpperCase() === number,
  );
  return match?.serviceRequestId;
}

/** The home of /service/add/{serialNumber}/{plantNumber}: the serial compared as serialKey writes it. */
export function findHome(homes: readonly HomeSummary[], serialNumber: string, plantNumber: string): HomeSummary | undefined {
  const serial = serialKey(serialNumber);
  const plant = plantNumber.trim().toUpperCase();
  if (!serial) return undefined;
  return homes.find((home) => serialKey(home.serialNumber) === serial && home.plantNumber.trim().toUpperCase() === plant);
}

/**
 * The {type} of /service/add/{type}/…: a request type code (A, F, V, D, S) or its name. CreateServiceRequest takes
 * no type (spec 3 §7), so it is handed to the review's information panel to preselect; anything else is ignored.
 */
export function requestTypeFromRoute(type: string | undefined): RequestType | undefined {
  const text = type?.trim() ?? '';
  if (!text) return undefined;
  const code = text.toUpperCase();
  if (code in REQUEST_TYPES) return code as RequestType;
  const named = (Object.entries(REQUEST_TYPES) as [RequestType, string][]).find(([, name]) => name.toLowerCase() === text.toLowerCase());
  return named?.[0];
}

/** What the home picker's search looks through. */
export const homeSearchText = (home: HomeSummary) =>
  [
    home.serialNumber,
    serialKey(home.serialNumber),
    home.plantNumber,
    home.plantName,
    home.modelName,
    home.modelNumber,
    home.homeownerName,
    home.city,
    home.state,
  ].join(' ');

export const homeAddress = (home: Pick<HomeSummary, 'address1' | 'city' | 'state' | 'zipCode'>) =>
  [home.address1, [home.city, [home.state, home.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');
