import {
  normalizeServiceDate,
  statusLabel,
  UNSUBMITTED_STATUS,
  type HomeSummary,
  type PartsOrder,
  type ServiceRequest,
  type ServiceRequestSummary,
  type WarrantyCard,
} from '../../contract';
import { formatDate } from '../../lib/formats';

/*
 * Service history of one home (spec 3 §2 Service history): what the screen shows and the device keeps.
 * The kept copies hold only what the screen reads, not whole requests and orders.
 */

export interface HistoryServiceItem {
  serviceRequestItemId: number;
  serviceRequestSequence: number;
  problemDescription: string;
  determinedCause: string;
}

/** spec 3 §2: a service request line — its numbers, dates, status and its service items. */
export interface RequestLine {
  serviceRequestId: number;
  serviceRequestNumber: string;
  vantageWorkOrderId: number | null;
  vantageWorkOrderNumber: string | null;
  status: string;
  requestDate: string;
  performedDate: string;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  modelNumber: string;
  homeownerName: string;
  items: HistoryServiceItem[];
}

export interface HistoryPartsItem {
  partsOrderItemId: number;
  partNumber: string;
  partDescription: string;
  quantity: number;
  unitOfMeasure: string;
}

/** A parts order of the home: its number, dates, status and items. */
export interface PartsLine {
  partsOrderId: number;
  vantagePartsRequestId: number | null;
  partsLogNumber: string | null;
  orderStatus: string;
  orderDate: string;
  expectedShipDate: string | null;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  homeownerName: string;
  items: HistoryPartsItem[];
}

/** The home at the top of the screen. */
export interface HistoryHome {
  assetId: number;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  modelName: string;
  modelNumber: string;
  homeownerName: string;
}

/** A home the header-link form (/serviceHistory/{serial digits}/{plantNumber}) can resolve to. */
export type LookupHome = HistoryHome;

const fullName = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

export function requestLineOf(summary: ServiceRequestSummary, detail: ServiceRequest): RequestLine {
  const account = detail.account;
  return {
    serviceRequestId: summary.serviceRequestId,
    serviceRequestNumber: summary.serviceRequestNumber,
    vantageWorkOrderId: summary.vantageWorkOrderId,
    vantageWorkOrderNumber: summary.vantageWorkOrderNumber,
    status: summary.status,
    requestDate: summary.requestDate,
    performedDate: summary.performedDate,
    serialNumber: summary.serialNumber,
    plantNumber: summary.plantNumber,
    plantName: summary.plantName,
    modelNumber: detail.modelNumber ?? '',
    homeownerName: summary.homeownerName || fullName(account?.firstName, account?.lastName),
    items: [...detail.serviceItems]
      .sort((a, b) => a.serviceRequestSequence - b.serviceRequestSequence)
      .map((item) => ({
        serviceRequestItemId: item.serviceRequestItemId,
        serviceRequestSequence: item.serviceRequestSequence,
        problemDescription: item.problemDescription,
        determinedCause: item.determinedCause,
      })),
  };
}

export function partsLineOf(order: PartsOrder): PartsLine {
  return {
    partsOrderId: order.partsOrderId,
    vantagePartsRequestId: order.vantagePartsRequestId,
    partsLogNumber: order.partsLogNumber,
    orderStatus: order.orderStatus,
    orderDate: order.orderDate,
    expectedShipDate: order.expectedShipDate,
    serialNumber: order.serialNumber ?? '',
    plantNumber: order.plantNumber,
    plantName: order.plantName ?? '',
    homeownerName: fullName(order.warranty?.firstName, order.warranty?.lastName),
    items: (order.partsItems ?? []).map((item) => ({
      partsOrderItemId: item.partsOrderItemId,
      partNumber: item.partNumber ?? '',
      partDescription: item.partDescription ?? '',
      quantity: item.quantity,
      unitOfMeasure: (item.unitOfMeasure ?? '').trim(),
    })),
  };
}

export const lookupHomeOfSummary = (home: HomeSummary): LookupHome => ({
  assetId: home.assetId,
  serialNumber: home.serialNumber,
  plantNumber: home.plantNumber,
  plantName: home.plantName,
  modelName: home.modelName ?? '',
  modelNumber: home.modelNumber ?? '',
  homeownerName: home.homeownerName ?? '',
});

export const lookupHomeOfCard = (card: WarrantyCard): LookupHome => ({
  assetId: card.vantageAssetId,
  serialNumber: card.serialNumber,
  plantNumber: card.plantNumber,
  plantName: card.plantName ?? '',
  modelName: card.modelName ?? '',
  modelNumber: card.modelNumber ?? '',
  homeownerName: fullName(card.firstName, card.lastName),
});

/* ---- the header-link form ---- */

/** spec 1 §2: the header link carries the serial number's characters from index 3 to 9 (substring(3, 9)). */
export const serialDigitsOf = (serialNumber: string) => serialNumber.substring(3, 9);

/** The homes a /serviceHistory/{serial digits}/{plantNumber} link may mean: same digits, same plant. */
export function homesMatchingSerialDigits<T extends Pick<LookupHome, 'serialNumber' | 'plantNumber'>>(
  homes: readonly T[],
  serialDigits: string,
  plantNumber: string,
): T[] {
  const digits = serialDigits.trim().toUpperCase();
  const plant = plantNumber.trim().toUpperCase();
  if (digits === '' || plant === '') return [];
  return homes.filter(
    (home) => serialDigitsOf(home.serialNumber).toUpperCase() === digits && home.plantNumber.trim().toUpperCase() === plant,
  );
}

/* ---- how lines read ---- */

/** MM/DD/YYYY; blank for no date, the 1900 placeholder or anything before 1990 (spec 3 §5, §9). */
export function historyDate(value: string | null | undefined): string {
  const day = normalizeServiceDate(value);
  return day === null ? '' : formatDate(day);
}

export const isWorkOrderLine = (line: Pick<RequestLine, 'vantageWorkOrderId'>) => line.vantageWorkOrderId !== null;

/** The number a person knows a request by: the work order number once submitted, else the staged request number. */
export const requestLineNumber = (line: Pick<RequestLine, 'vantageWorkOrderNumber' | 'serviceRequestNumber'>) =>
  line.vantageWorkOrderNumber?.trim() ? line.vantageWorkOrderNumber.trim() : line.serviceRequestNumber;

export function requestLineStatus(line: Pick<RequestLine, 'status' | 'vantageWorkOrderId'>): string {
  const status = line.status?.trim() ?? '';
  if (status === '' && !isWorkOrderLine(line)) return UNSUBMITTED_STATUS;
  return statusLabel(status);
}

/** spec 3 §2 review routes: a staged request by its id, a work order by its work order id. */
export const requestLineHref = (line: Pick<RequestLine, 'serviceRequestId' | 'vantageWorkOrderId'>) =>
  line.vantageWorkOrderId === null ? `/servicerequests/${line.serviceRequestId}/` : `/workorders/${line.vantageWorkOrderId}`;

/** spec 3 §2: a staged order opens its review by partsOrderId, a submitted one the read-only view by its request id. */
export const partsLineHref = (line: Pick<PartsLine, 'partsOrderId' | 'vantagePartsRequestId'>) =>
  line.vantagePartsRequestId === null ? `/partsorders/${line.partsOrderId}` : `/partsorders/vantage/${line.vantagePartsRequestId}`;

/** A submitted order is known by its log number; a staged one has none yet and goes by its order id. */
export const partsLineTitle = (line: Pick<PartsLine, 'partsLogNumber' | 'partsOrderId' | 'vantagePartsRequestId'>) =>
  line.partsLogNumber?.trim() ? `Parts Order ${line.partsLogNumber.trim()}` : `Staged Parts Order ${line.partsOrderId}`;

export const requestLineTitle = (line: Pick<RequestLine, 'vantageWorkOrderId' | 'vantageWorkOrderNumber' | 'serviceRequestNumber'>) =>
  `${isWorkOrderLine(line) ? 'Work Order' : 'Service Request'} ${requestLineNumber(line)}`;

const newestFirst = (a: string | null, b: string | null) => (normalizeServiceDate(b) ?? '').localeCompare(normalizeServiceDate(a) ?? '');

export const sortRequestLines = (lines: readonly RequestLine[]) =>
  [...lines].sort((a, b) => newestFirst(a.requestDate, b.requestDate) || b.serviceRequestId - a.serviceRequestId);

export const sortPartsLines = (lines: readonly PartsLine[]) =>
  [...lines].sort((a, b) => newestFirst(a.orderDate, b.orderDate) || b.partsOrderId - a.partsOrderId);

/**
 * The home as the history tells it: the warranty card knows it best, then a request, then a parts order;
 * a home known from the lookup list fills what they leave blank.
 */
export function homeOfHistory(
  assetId: number,
  sources: { card?: WarrantyCard | null; requests?: readonly RequestLine[]; parts?: readonly PartsLine[]; known?: LookupHome },
): HistoryHome {
  const candidates: Partial<HistoryHome>[] = [];
  if (sources.card) candidates.push(lookupHomeOfCard(sources.card));
  const request = sources.requests?.[0];
  if (request) {
    candidates.push({
      serialNumber: request.serialNumber,
      plantNumber: request.plantNumber,
      plantName: request.plantName,
      modelNumber: request.modelNumber,
      homeownerName: request.homeownerName,
    });
  }
  const order = sources.parts?.[0];
  if (order) {
    candidates.push({
      serialNumber: order.serialNumber,
      plantNumber: order.plantNumber,
      plantName: order.plantName,
      homeownerName: order.homeownerName,
    });
  }
  if (sources.known) candidates.push(sources.known);
  const pick = (field: Exclude<keyof HistoryHome, 'assetId'>) =>
    candidates.map((candidate) => candidate[field]?.trim() ?? '').find((value) => value !== '') ?? '';
  return {
    assetId,
    serialNumber: pick('serialNumber'),
    plantNumber: pick('plantNumber'),
    plantName: pick('plantName'),
    modelName: pick('modelName'),
    modelNumber: pick('modelNumber'),
    homeownerName: pick('homeownerName'),
  };
}

export const plantText = (home: Pick<HistoryHome, 'plantName' | 'plantNumber'>) =>
  home.plantName && home.plantNumber ? `${home.plantName} (${home.plantNumber})` : home.plantName || home.plantNumber;
