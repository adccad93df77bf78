import { vi } from 'vitest';
import {
  DATE_PLACEHOLDER,
  WARRANTY_MESSAGES,
  type HomeSummary,
  type PartsOrder,
  type PartsOrderItem,
  type ServiceItem,
  type ServiceRequest,
  type ServiceRequestSummary,
  type WarrantyCard,
} from '../../../src/contract';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { jsonResponse } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

/* The server of the service history as these tests meet it: its reads through fetch. */

export const serviceItem = (id: number, sequence: number, problemDescription: string, determinedCause: string): ServiceItem => ({
  serviceRequestItemId: id,
  serviceRequestSequence: sequence,
  vantageWorkOrderId: null,
  vantageWorkOrderLineItemId: null,
  problemDescription,
  determinedCause,
  actionTaken: 'Adjusted',
  declinedReason: '',
  serviceRequestCode: '',
  partsCost: 0,
  laborHours: 1,
  hourlyLaborRate: 60,
  laborCost: 60,
  isTwoMan: false,
  rowVersion: 1,
});

/** A staged request of home 7 (MAY012345TNA, plant 910) as GET /service/{id} answers it. */
export function serviceRequest(id: number, changes: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    serviceRequestId: id,
    serviceRequestNumber: String(id).padStart(6, '0'),
    vantageWorkOrderId: null,
    vantageWorkOrderNumber: null,
    assetId: 7,
    plantNumber: '910',
    plantName: 'Maynardville',
    serialNumber: 'MAY012345TNA',
    retailerNumber: '4217',
    vantageCaseOrigin: 'HomeSite',
    requestType: '',
    status: 'Unsubmitted',
    requestDate: '2026-03-02',
    startDate: DATE_PLACEHOLDER,
    endDate: DATE_PLACEHOLDER,
    performedDate: DATE_PLACEHOLDER,
    technician: 'Curtis Bell',
    totalServiceCost: 0,
    totalCombinedCost: 0,
    homeownerName: 'Ann Lee',
    isClosed: false,
    changedOn: '2026-06-01',
    isArchived: false,
    rowVersion: 1,
    partsOrderId: 0,
    caseSubject: '',
    caseDescription: '',
    scheduledDate: DATE_PLACEHOLDER,
    tripTime: 0,
    mileage: 0,
    mileageCost: 0,
    driverCost: 0,
    otherCosts: 0,
    laborCost: 0,
    partsCost: 0,
    mileageRate: 0.5,
    oneManServiceRate: 60,
    twoManServiceRate: 90,
    driverRate: 20,
    longSerialNumber: 'MAY012345TNA',
    modelNumber: '32LEG80A5',
    signatureOnFile: false,
    isUnderWarranty: true,
    account: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '1 Main St',
      city: 'Knoxville',
      state: 'TN',
      zip: '37919',
      emailAddress: '',
      phoneNumber: '',
      mobilePhoneNumber: '',
    },
    stockHomeString: '',
    serviceItems: [],
    partsItems: [],
    serviceAttachments: [],
    isStaged: true,
    isRequestTypeForced: false,
    canEdit: true,
    canArchive: false,
    isDispatchEnabled: false,
    ...changes,
  };
}

/** What GET /service?assetId lists of a request: the summary columns only, no items. */
export function summaryOf(request: ServiceRequest): ServiceRequestSummary {
  const {
    serviceRequestId,
    serviceRequestNumber,
    vantageWorkOrderId,
    vantageWorkOrderNumber,
    assetId,
    plantNumber,
    plantName,
    serialNumber,
    retailerNumber,
    vantageCaseOrigin,
    requestType,
    status,
    requestDate,
    startDate,
    endDate,
    performedDate,
    technician,
    totalServiceCost,
    totalCombinedCost,
    homeownerName,
    isClosed,
    changedOn,
    isArchived,
    rowVersion,
  } = request;
  return {
    serviceRequestId,
    serviceRequestNumber,
    vantageWorkOrderId,
    vantageWorkOrderNumber,
    assetId,
    plantNumber,
    plantName,
    serialNumber,
    retailerNumber,
    vantageCaseOrigin,
    requestType,
    status,
    requestDate,
    startDate,
    endDate,
    performedDate,
    technician,
    totalServiceCost,
    totalCombinedCost,
    homeownerName,
    isClosed,
    changedOn,
    isArchived,
    rowVersion,
  };
}

export function warrantyCard(assetId: number, changes: Partial<WarrantyCard> = {}): WarrantyCard {
  return {
    plantNumber: '910',
    plantName: 'Maynardville',
    modelNumber: '32LEG80A5',
    modelName: 'The Legend',
    firstName: 'Ann',
    lastName: 'Lee',
    middleInitial: 'M',
    suffix: '',
    emailAddress: 'ann.lee@example.com',
    serialNumber: 'MAY012345TNA',
    fullSerialNumber: 'MAY012345TNA',
    address1: '1 Main St',
    address2: '',
    city: 'Knoxville',
    state: 'tn',
    zipCode: '37919',
    zip4: '',
    areaCode: '865',
    phoneNumber: '5551234',
    cellAreaCode: '423',
    cellPhoneNumber: '5559876',
    retailerNumber: '4217',
    retailerName: 'Knoxville Homes',
    soldDate: '2025-04-15',
    npsDate: '2025-07-15',
    homeAddress1: '1 Main St',
    homeAddress2: '',
    homeCity: 'Knoxville',
    homeState: 'TN',
    homeZipCode: '37919',
    homePhoneNumber: '',
    homeAddress: '1 Main St, Knoxville, TN 37919',
    showHomeAddress: false,
    statusCode: 'A',
    thermalZone: '2',
    windZone: '1',
    roofLoad: '20',
    manufacturedDate: '2025-01-10',
    orderNumber: '',
    purchaseOrderNumber: '',
    quoteNumber: '',
    vantageAssetId: assetId,
    vantageAccountId: 'ACC-1',
    vantageWarrantyId: 300 + assetId,
    rowVersion: 1,
    ...changes,
  };
}

export const partsItem = (id: number, partDescription: string, quantity: number, unitOfMeasure = 'EA'): PartsOrderItem => ({
  partsOrderItemId: id,
  categoryNumber: '03',
  commodityNumber: '12',
  combinedPartNumber: `0312P${id}`,
  partNumber: `P${id}`,
  partDescription,
  notes: '',
  billingCode: 'Warranty',
  unitOfMeasure,
  quantity,
  receivedDate: DATE_PLACEHOLDER,
  isCorrect: null,
  incorrectPartMessage: '',
  vantagePartsRequestNumber: null,
  vantagePartsRequestLineItemId: null,
  rowVersion: 1,
});

/** A staged parts order of home 7; `changes` submit it (vantagePartsRequestId, partsLogNumber). */
export function partsOrder(id: number, changes: Partial<PartsOrder> = {}): PartsOrder {
  return {
    partsOrderId: id,
    partsLogNumber: null,
    serviceRequestNumber: null,
    serviceRequestId: null,
    longSerialNumber: 'MAY012345TNA',
    serialNumber: 'MAY012345TNA',
    plantNumber: '910',
    plantName: 'Maynardville',
    retailerNumber: '4217',
    retailerName: 'Knoxville Homes',
    vantageAssetId: 7,
    orderStatus: 'Active',
    orderDate: '2026-02-01',
    expectedShipDate: null,
    viaDescription: '',
    trackingNumber: '',
    isStagedPart: true,
    isClosed: false,
    changedOn: '2026-06-01',
    allReceivedCorrect: false,
    serviceEmail: '',
    requestType: '',
    warranty: { firstName: 'Ann', lastName: 'Lee' },
    partsItems: [],
    vantagePartsOrderName: null,
    vantageWorkOrderNumber: null,
    vantagePartsRequestId: null,
    vantageWorkOrderId: null,
    vantageHomeCenterId: '',
    vantageHomeBuildingFacilityId: '',
    shipToType: 'Retailer',
    shipToAddress1: '',
    shipToAddress2: '',
    shipToAddress3: '',
    shipToAddress4: '',
    shipToAddressName: 'Knoxville Homes',
    shipToStreetAddress1: '',
    shipToCity: '',
    shipToState: '',
    shipToZipcode: '',
    customerShipTo: null,
    canEdit: true,
    rowVersion: 1,
    ...changes,
  };
}

export const home = (assetId: number, serialNumber: string, plantNumber: string, changes: Partial<HomeSummary> = {}): HomeSummary => ({
  assetId,
  serialNumber,
  plantNumber,
  plantName: plantNumber === '910' ? 'Maynardville' : 'Bean Station',
  retailerNumber: '4217',
  modelNumber: '32LEG80A5',
  modelName: 'The Legend',
  manufacturedDate: '2025-01-10',
  soldDate: '2025-04-15',
  homeownerName: 'Ann Lee',
  address1: '1 Main St',
  city: 'Knoxville',
  state: 'TN',
  zipCode: '37919',
  ...changes,
});

export interface HistoryBackend {
  /** Every request by id; GET /service?assetId lists those of the home. */
  requests: Map<number, ServiceRequest>;
  /** Requests listed for a home but gone when read whole (cancelled in between). */
  vanished: Set<number>;
  parts: Map<number, PartsOrder[]>;
  cards: Map<number, WarrantyCard>;
  /** Homes the user cannot see: the warranty read answers 404 'Home was not found.'. */
  unknownHomes: Set<number>;
  homes: HomeSummary[];
  homeowners: WarrantyCard[];
  /** Statuses to answer instead, by path (e.g. a 500 for one home). */
  failures: Map<string, number>;
  offline: boolean;
  /** 'GET /api/…?query' of every read. */
  reads: string[];
  notices: Notification[];
  fetch: ReturnType<typeof vi.fn<(input: string | URL | Request, init?: RequestInit) => Promise<Response>>>;
  db: OfflineDb;
}

export function startBackend(): HistoryBackend {
  const backend: HistoryBackend = {
    requests: new Map(),
    vanished: new Set(),
    parts: new Map(),
    cards: new Map(),
    unknownHomes: new Set(),
    homes: [],
    homeowners: [],
    failures: new Map(),
    offline: false,
    reads: [],
    notices: [],
    fetch: vi.fn(),
    db: freshDb(),
  };
  backend.fetch.mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    backend.reads.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (backend.offline) throw new TypeError('Failed to fetch');
    const failure = backend.failures.get(url.pathname);
    if (failure) return jsonResponse(failure, { message: 'Server error' });
    const path = url.pathname;
    if (/^\/api\/service$/i.test(path)) {
      const assetId = Number(url.searchParams.get('assetId'));
      return jsonResponse(200, [...backend.requests.values()].filter((request) => request.assetId === assetId).map(summaryOf));
    }
    const byId = /^\/api\/service\/(\d+)$/i.exec(path);
    if (byId) {
      const found = backend.requests.get(Number(byId[1]));
      return found && !backend.vanished.has(found.serviceRequestId)
        ? jsonResponse(200, found)
        : jsonResponse(404, { message: 'Service request was not found.' });
    }
    const parts = /^\/api\/parts\/asset\/(\d+)$/i.exec(path);
    if (parts) return jsonResponse(200, backend.parts.get(Number(parts[1])) ?? []);
    const warranty = /^\/api\/assets\/(\d+)\/warranty$/i.exec(path);
    if (warranty) {
      const assetId = Number(warranty[1]);
      if (backend.unknownHomes.has(assetId)) return jsonResponse(404, { message: WARRANTY_MESSAGES.homeNotFound });
      const card = backend.cards.get(assetId);
      return card ? jsonResponse(200, card) : jsonResponse(404, { message: WARRANTY_MESSAGES.cardNotFound });
    }
    if (/^\/api\/homes$/i.test(path)) return jsonResponse(200, backend.homes);
    if (/^\/api\/warranty\/homeowners$/i.test(path)) return jsonResponse(200, backend.homeowners);
    return jsonResponse(404, { message: `No route ${path}` });
  });
  vi.stubGlobal('fetch', backend.fetch);
  resetHttpClients();
  setNotifier({ notify: (notice) => backend.notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db: backend.db, send: async () => ({ status: 200, body: {} }) }));
  return backend;
}

export function stopBackend() {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
}

/** Home 7 with a work order, a staged request, a submitted and a staged parts order, and its card. */
export function seedHomeSeven(backend: HistoryBackend) {
  backend.requests.set(
    41,
    serviceRequest(41, {
      vantageWorkOrderId: 700041,
      vantageWorkOrderNumber: 'WO-0000041',
      status: 'W',
      requestDate: '2026-01-10',
      performedDate: '2026-01-20',
      isStaged: false,
      serviceItems: [serviceItem(502, 2, 'Window leaks', 'Missing caulk'), serviceItem(501, 1, 'Door sticks', 'Settling')],
    }),
  );
  backend.requests.set(
    42,
    serviceRequest(42, {
      requestDate: '2026-03-02',
      performedDate: '1985-06-01',
      serviceItems: [serviceItem(503, 1, 'Floor squeaks', 'Loose decking')],
    }),
  );
  backend.parts.set(7, [
    partsOrder(55, { orderDate: '2026-03-05', partsItems: [partsItem(601, 'Door strike', 2)] }),
    partsOrder(54, {
      partsLogNumber: 'L-1001',
      vantagePartsRequestId: 9001,
      isStagedPart: false,
      orderStatus: 'SHIPPED',
      orderDate: '2026-01-12',
      expectedShipDate: '2026-01-19',
      partsItems: [partsItem(602, 'Window sash', 1), partsItem(603, 'Caulk tube', 3, 'TB ')],
    }),
  ]);
  backend.cards.set(7, warrantyCard(7));
}
