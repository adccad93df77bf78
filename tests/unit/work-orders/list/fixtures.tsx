import { vi } from 'vitest';
import { SEARCH_PAGE_SIZE, type HomeSummary, type ServiceRequestSummary } from '../../../../src/contract';
import { homeSearchText } from '../../../../src/features/work-orders/components/list/list-rules';
import type { ServiceRequestSummaryView } from '../../../../src/features/work-orders/model';
import { resetHttpClients, setHttpNavigation } from '../../../../src/lib/http';
import { setNotifier } from '../../../../src/lib/notifier';
import type { OutboxEntry } from '../../../../src/offline/db';
import type { SendAnswer } from '../../../../src/offline/outbox';
import { createOfflineRuntime, setOfflineRuntime } from '../../../../src/offline/runtime';
import { jsonResponse } from '../../fixtures/render-screen';
import { freshDb } from '../../offline/helpers';
import { listOrSyncPage } from '../../fixtures/sync';

/** A list row as GET {api}/service gives it (plus the view's key). */
export const summary = (id: number, overrides: Partial<ServiceRequestSummaryView> = {}): ServiceRequestSummaryView => ({
  key: String(id),
  serviceRequestId: id,
  serviceRequestNumber: String(5000 + id),
  vantageWorkOrderId: null,
  vantageWorkOrderNumber: null,
  assetId: 100 + id,
  plantNumber: '42',
  plantName: 'Maynardville',
  serialNumber: `CMH0${id}TN`,
  retailerNumber: '4217',
  vantageCaseOrigin: 'HomeSite',
  requestType: 'A',
  status: 'O',
  requestDate: '2026-05-01',
  startDate: '1900-01-01',
  endDate: '1900-01-01',
  performedDate: '1900-01-01',
  technician: '',
  totalServiceCost: 0,
  totalCombinedCost: 0,
  homeownerName: 'Ann Lee',
  isClosed: false,
  changedOn: '2026-06-01',
  isArchived: false,
  rowVersion: 1,
  ...overrides,
});

/** The same row as the server sends it (no view key). */
export function serverSummary(id: number, overrides: Partial<ServiceRequestSummary> = {}): ServiceRequestSummary {
  const { key: _key, pending: _pending, ...row } = summary(id);
  return { ...row, serviceRequestId: id, serviceRequestNumber: String(5000 + id), ...overrides };
}

export const home = (assetId: number, serialNumber: string, plantNumber: string, overrides: Partial<HomeSummary> = {}): HomeSummary => ({
  assetId,
  serialNumber,
  plantNumber,
  plantName: plantNumber === '42' ? 'Maynardville' : 'Bean Station',
  retailerNumber: '4217',
  modelNumber: 'ANN-3264',
  modelName: 'The Anniversary',
  manufacturedDate: '2025-01-01',
  soldDate: '2025-03-01',
  homeownerName: 'Ann Lee',
  address1: '12 Oak St',
  city: 'Knoxville',
  state: 'TN',
  zipCode: '37918',
  ...overrides,
});

export { fakeListLayout } from '../../fixtures/list-layout';

export interface FakeBackend {
  /** What GET {api}/service and GET {api}/Homes answer; `offline` makes every fetch fail as without a network. */
  list: unknown[];
  homes: HomeSummary[];
  /** Homes only the server's search finds (a large scope's device keeps HOMES_KEPT_CAP of them). */
  serverHomes: HomeSummary[];
  offline: boolean;
  /** How the outbox's calls are answered (the writes). */
  answer: (entry: OutboxEntry) => SendAnswer;
  sent: OutboxEntry[];
  fetch: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;
}

/** A fresh device (IndexedDB, outbox) and a fake server behind fetch and behind the outbox. */
export function startBackend(): FakeBackend {
  const backend: FakeBackend = {
    list: [],
    homes: [],
    serverHomes: [],
    offline: false,
    answer: () => ({ status: 200, body: {} }),
    sent: [],
    fetch: vi.fn<(input: string, init: RequestInit) => Promise<Response>>(),
  };
  backend.fetch.mockImplementation(async (input) => {
    if (backend.offline) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    if (/^\/api\/service\/?$/i.test(url.pathname)) return jsonResponse(200, listOrSyncPage(url, backend.list));
    if (/^\/api\/homes\/?$/i.test(url.pathname)) return jsonResponse(200, homesAnswer(url, backend));
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', backend.fetch);
  resetHttpClients();
  setNotifier({ notify: () => undefined });
  setHttpNavigation({ currentPath: () => '/service', navigate: () => undefined });
  setOfflineRuntime(
    createOfflineRuntime({
      db: freshDb(),
      send: async (entry) => {
        if (backend.offline) throw new TypeError('Failed to fetch');
        backend.sent.push(entry);
        return backend.answer(entry);
      },
    }),
  );
  return backend;
}

export function stopBackend() {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
}

/** navigator.onLine as the browser would report it. */
export function setNavigatorOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** GET /api/Homes: the kept homes, or (`?page=`) the server's search of every home, `serverHomes` too. */
function homesAnswer(url: URL, backend: FakeBackend) {
  if (!url.searchParams.has('page')) return backend.homes;
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const rows = [...backend.homes, ...backend.serverHomes].filter((home) =>
    words.every((word) => homeSearchText(home).toLowerCase().includes(word)),
  );
  return { rows: rows.slice(0, SEARCH_PAGE_SIZE), total: rows.length, page: 1, pageSize: SEARCH_PAGE_SIZE };
}
