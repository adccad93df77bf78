import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { act, fireEvent, render } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import {
  isHomeAddressSameAsOwner,
  normalizeCardAddress,
  searchWords,
  SEARCH_PAGE_SIZE,
  WARRANTY_MESSAGES,
  warrantyStatusLabel,
  type CmhUser,
  type SearchPage,
  type WarrantyCard,
} from '../../../src/contract';
import { MyHomeownersScreen } from '../../../src/features/homeowners/components/my-homeowners-screen';
import { WarrantyPanel } from '../../../src/features/homeowners/components/warranty-panel';
import type { WarrantyCardView } from '../../../src/features/homeowners/model';
import { homeownerSearchText } from '../../../src/features/homeowners/pending/apply-pending';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { JsonValue, OutboxEntry } from '../../../src/offline/db';
import type { SendAnswer } from '../../../src/offline/outbox';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { ModalsProvider } from '../../../src/ui/modals';
import { freshDb } from '../offline/helpers';
import { listOrSyncPage } from '../fixtures/sync';

// jsdom has no scrolling; the router's scroll handling calls it on every navigation.
window.scrollTo = () => undefined;

/** A warranty card as GET {api}/Warranty/Homeowners lists it. */
export function card(n: number, overrides: Partial<WarrantyCard> = {}): WarrantyCard {
  return {
    plantNumber: '42',
    plantName: 'Maynardville',
    modelNumber: 'ANN-3264',
    modelName: 'The Anniversary',
    firstName: `First${n}`,
    lastName: `Last${n}`,
    middleInitial: '',
    suffix: '',
    emailAddress: `owner${n}@example.com`,
    serialNumber: `CLW0${1000 + n}TN`,
    fullSerialNumber: `CLW0${1000 + n}TN`,
    address1: `${n} Oak Ridge Road`,
    address2: '',
    city: 'Clinton',
    state: 'TN',
    zipCode: '37716',
    zip4: '',
    areaCode: '865',
    phoneNumber: '5550123',
    cellAreaCode: '',
    cellPhoneNumber: '',
    retailerNumber: '4217',
    retailerName: 'Smoky Mountain Homes',
    soldDate: '2026-01-15',
    npsDate: '2026-03-01',
    homeAddress1: `${n} Oak Ridge Road`,
    homeAddress2: '',
    homeCity: 'Clinton',
    homeState: 'TN',
    homeZipCode: '37716',
    homePhoneNumber: '',
    homeAddress: `${n} Oak Ridge Road, Clinton, TN 37716`,
    showHomeAddress: false,
    statusCode: 'A',
    thermalZone: '2',
    windZone: 'I',
    roofLoad: '20 psf',
    manufacturedDate: '2025-10-01',
    orderNumber: '',
    purchaseOrderNumber: '',
    quoteNumber: '',
    vantageAssetId: 100 + n,
    vantageAccountId: '',
    vantageWarrantyId: n,
    rowVersion: 3,
    ...overrides,
  };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FakeBackend {
  cards: WarrantyCard[];
  /** Cards the server holds that its kept list leaves out (issue 31): a search (`?page=`) finds them, a sync does not. */
  serverOnly: WarrantyCard[];
  /** Every fetch fails as without a network; the outbox's sends too. */
  offline: boolean;
  /** How the outbox's calls (the saves) are answered; by default as the server would, from `cards`. */
  answer: (entry: OutboxEntry) => SendAnswer;
  sent: OutboxEntry[];
  reads: string[];
}

const bodyOf = (entry: OutboxEntry) => entry.body as Record<string, JsonValue>;

/** What the server does with a save: the card with the body's fields, created at rowVersion 0 or counted up. */
function serverSave(backend: FakeBackend, entry: OutboxEntry): SendAnswer {
  const body = bodyOf(entry);
  const index = backend.cards.findIndex(
    (item) => item.plantNumber === body.plantNumber && item.serialNumber.toUpperCase() === String(body.serialNumber).toUpperCase(),
  );
  const stored = index >= 0 ? backend.cards[index] : undefined;
  if (entry.method === 'POST' && stored) return { status: 409, body: { message: WARRANTY_MESSAGES.cardExists, current: stored } };
  if (entry.method === 'PUT' && !stored) return { status: 404, body: { message: WARRANTY_MESSAGES.cardNotFound } };
  if (entry.method === 'PUT' && stored && stored.rowVersion !== body.rowVersion) {
    return {
      status: 409,
      body: { message: 'This record was changed by someone else. Reload to see the latest version.', current: stored },
    };
  }
  const { homeAddressSameAsOwner, rowVersion: _rowVersion, ...fields } = body;
  const merged: WarrantyCard = {
    ...(stored ?? card(900, { plantNumber: String(body.plantNumber), serialNumber: String(body.serialNumber) })),
    ...(fields as unknown as Partial<WarrantyCard>),
  };
  const saved: WarrantyCard = {
    ...merged,
    soldDate: typeof body.soldDate === 'string' ? body.soldDate : '',
    // An update whose user left the toggle alone does not send it: the server tells it from the home address.
    showHomeAddress:
      typeof homeAddressSameAsOwner === 'boolean' ? !homeAddressSameAsOwner : !isHomeAddressSameAsOwner(normalizeCardAddress(merged)),
    statusCode: stored && stored.statusCode !== 'I' ? stored.statusCode : 'A',
    rowVersion: stored ? stored.rowVersion + 1 : 0,
  };
  if (stored) backend.cards[index] = saved;
  else backend.cards.push(saved);
  return { status: stored ? 200 : 201, body: saved };
}

export const notices: Notification[] = [];

const allCards = (backend: FakeBackend) => [...backend.cards, ...backend.serverOnly];

/** The server's search of the list (GET …?page=&q=&status=, unsorted): every word in the row's search text, the status as shown. */
function searchPageOf(url: URL, cards: readonly WarrantyCard[]): SearchPage<WarrantyCard> {
  const words = searchWords(url.searchParams.get('q') ?? undefined);
  const status = url.searchParams.get('status')?.toLowerCase();
  const rows = cards.filter(
    (item) =>
      words.every((word) => homeownerSearchText(item).includes(word)) &&
      (!status || warrantyStatusLabel(item.statusCode).toLowerCase() === status),
  );
  return { rows: rows.slice(0, SEARCH_PAGE_SIZE), total: rows.length, page: 1, pageSize: SEARCH_PAGE_SIZE };
}

/** A fresh device (IndexedDB, outbox) and a fake server behind fetch (reads) and behind the outbox (saves). */
export function startBackend(): FakeBackend {
  const backend: FakeBackend = {
    cards: [],
    serverOnly: [],
    offline: false,
    answer: (entry) => serverSave(backend, entry),
    sent: [],
    reads: [],
  };
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    if (backend.offline) throw new TypeError('Failed to fetch');
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    backend.reads.push(`${url.pathname}${url.search}`);
    if (/^\/api\/Warranty\/Homeowners$/i.test(url.pathname)) {
      if (url.searchParams.has('page') && backend.serverOnly.length > 0) return jsonResponse(200, searchPageOf(url, allCards(backend)));
      return jsonResponse(200, listOrSyncPage(url, backend.cards));
    }
    if (/^\/api\/Warranty$/i.test(url.pathname)) {
      const plantNumber = url.searchParams.get('plantNumber');
      const serialNumber = url.searchParams.get('serialNumber')?.toUpperCase();
      const found = allCards(backend).find((item) => item.plantNumber === plantNumber && item.serialNumber.toUpperCase() === serialNumber);
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: WARRANTY_MESSAGES.cardNotFound });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/service/myhomeowners', navigate: () => undefined });
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
  setNavigatorOnline(true);
  return backend;
}

export function stopBackend() {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
  setNavigatorOnline(true);
}

/** navigator.onLine as the browser would report it. */
export function setNavigatorOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The network goes away (or comes back) as the browser sees it: fetches fail and navigator.onLine says so. */
export function goOffline(backend: FakeBackend, offline = true) {
  backend.offline = offline;
  setNavigatorOnline(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

/** jsdom does no layout: the list's viewport is 300 px high and each row 100 px, as a browser would say. */
export const VIEWPORT_HEIGHT = 300;
export const ROW_HEIGHT = 100;

export function fakeListLayout() {
  const layoutProps = ['clientHeight', 'offsetHeight', 'scrollHeight'] as const;
  const own = new Map(layoutProps.map((prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)]));
  beforeAll(() => {
    for (const prop of layoutProps) {
      Object.defineProperty(HTMLElement.prototype, prop, {
        configurable: true,
        get(this: HTMLElement) {
          if (prop === 'clientHeight' && this.classList.contains('data-list__viewport')) return VIEWPORT_HEIGHT;
          if (prop === 'offsetHeight' && this.dataset.index !== undefined) return ROW_HEIGHT;
          if (prop === 'scrollHeight' && this.classList.contains('data-list__viewport')) {
            return parseFloat(this.querySelector<HTMLElement>('.data-list__body')?.style.height ?? '0');
          }
          return 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const [prop, descriptor] of own) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
    }
  });
}

/** The user scrolls the list to `top` px. */
export async function scrollListTo(top: number) {
  const element = document.querySelector<HTMLElement>('.data-list__viewport')!;
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  await act(async () => {
    fireEvent.scroll(element);
  });
}

/** My Homeowners under its warranty panel, wired as the app's route files do, over a memory history at `initialEntry`. */
export function renderHomeowners(
  user: CmhUser,
  initialEntry = '/service/myhomeowners',
  options: { onNewPartsOrder?: (card: WarrantyCardView) => void } = {},
) {
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/service/myhomeowners',
    component: () => (
      <>
        <MyHomeownersScreen user={user} onNewPartsOrder={options.onNewPartsOrder} />
        <Outlet />
      </>
    ),
  });
  const panel = createRoute({
    getParentRoute: () => list,
    path: 'warranty/$plantNumber/$serialNumber',
    component: function Panel() {
      const { plantNumber, serialNumber } = useParams({ strict: false }) as { plantNumber: string; serialNumber: string };
      return <WarrantyPanel key={`${plantNumber}/${serialNumber}`} user={user} plantNumber={plantNumber} serialNumber={serialNumber} />;
    },
  });
  const addRequest = createRoute({
    getParentRoute: () => root,
    path: '/service/add/$serialNumber/$plantNumber',
    component: () => <h1>Add New Work Order</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([list.addChildren([panel]), addRequest]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Puts `cards` on the device as the homeowner list kept for `scope`, synced `age` ms ago (offline/kept-lists.ts). */
export async function keepHomeowners(scope: string, cards: readonly WarrantyCard[], age = 0) {
  const { db } = getOffline();
  await db.homeowners.bulkPut([...cards]);
  await db.syncState.put({
    list: 'homeowners',
    scopeKey: scope,
    cursor: 'kept',
    received: cards.length,
    complete: true,
    syncedAt: Date.now() - age,
  });
}
