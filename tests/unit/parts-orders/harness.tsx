import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { CmhUser, PartsOrder, PartsOrderSummary } from '../../../src/contract';
import { partsOrderList } from '../../../src/features/parts-orders/api/get-parts-orders';
import { approvedCatalogList } from '../../../src/features/parts-orders/catalog/api';
import { PartsOrderList } from '../../../src/features/parts-orders/components/list/parts-order-list';
import { PartsItemPanel } from '../../../src/features/parts-orders/components/panels/parts-item-panel';
import { PartsOrderReview } from '../../../src/features/parts-orders/components/review/order-context';
import { PartsOrderScreen } from '../../../src/features/parts-orders/components/review/order-screen';
import { useCreateCustomerPartsOrder } from '../../../src/features/parts-orders/use-create-parts-order';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OutboxEntry } from '../../../src/offline/db';
import type { SendAnswer } from '../../../src/offline/outbox';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { ModalsProvider } from '../../../src/ui/modals';
import { listOrSyncPage } from '../fixtures/sync';
import { freshDb } from '../offline/helpers';
import { home, RETAILER_LOCATIONS, summaryOf } from './fixtures';

// jsdom has no scrolling; the router's scroll handling calls it on every navigation.
window.scrollTo = () => undefined;

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Reader = (url: URL) => Response | Promise<Response>;

/**
 * The server as these screens meet it: reads through fetch (the http client), writes through the outbox's `send`.
 * `orders` are the orders GET answers (the list is made from them); `offline` makes every read and write fail
 * as with no network.
 */
export function fakeServer() {
  const orders = new Map<number, PartsOrder>();
  const sent: OutboxEntry[] = [];
  const reads: string[] = [];
  const state = { offline: false, nextOrderId: 95 };
  let answer: (entry: OutboxEntry) => SendAnswer = (entry) => {
    if (entry.method === 'DELETE') return { status: 204, body: null };
    if (entry.method === 'POST' && /^\/Parts$/i.test(entry.path)) return { status: 201, body: { partsOrderId: state.nextOrderId } };
    if (entry.method === 'POST' && /PartsItem$/i.test(entry.path)) return { status: 201, body: { partsOrderItemId: 9002 } };
    return { status: 200, body: {} };
  };
  const readers: Record<string, Reader> = {
    '/api/parts': (url) =>
      jsonResponse(200, listOrSyncPage(url, [...orders.values()].map((order) => summaryOf(order)) satisfies PartsOrderSummary[])),
    '/api/Homes': () => jsonResponse(200, [home()]),
    '/api/Parts/UnitsOfMeasure': () =>
      jsonResponse(200, [
        { abbreviation: 'EA ', description: 'Each' },
        { abbreviation: 'FT', description: 'Foot' },
      ]),
    '/api/Parts/ShipToLocations': () => jsonResponse(200, RETAILER_LOCATIONS),
    '/api/Contact/Plants': () =>
      jsonResponse(200, [
        {
          plantNumber: '910',
          name: 'Maynardville',
          printName: 'HomeSite Maynardville (910)',
          address1: '',
          city: '',
          state: '',
          zipCode: '',
          phone: '',
          email: '',
        },
        {
          plantNumber: '920',
          name: 'Bean Station',
          printName: 'HomeSite Bean Station (920)',
          address1: '',
          city: '',
          state: '',
          zipCode: '',
          phone: '',
          email: '',
        },
      ]),
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    reads.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (state.offline) throw new TypeError('Failed to fetch');
    const reader = readers[url.pathname];
    if (reader) return reader(url);
    const staged = /^\/api\/Parts\/(\d+)$/i.exec(url.pathname);
    const vantage = /^\/api\/Parts\/vantage\/(\d+)$/i.exec(url.pathname);
    if (staged || vantage) {
      const found = staged
        ? orders.get(Number(staged[1]))
        : [...orders.values()].find((order) => order.vantagePartsRequestId === Number(vantage![1]));
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'Parts order was not found.' });
    }
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
  return {
    orders,
    sent,
    reads,
    readers,
    state,
    fetchMock,
    /** How the server answers writes from now on. */
    answerWith: (next: typeof answer) => (answer = next),
    send: async (entry: OutboxEntry): Promise<SendAnswer> => {
      if (state.offline) throw new TypeError('Failed to fetch');
      sent.push(entry);
      return answer(entry);
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export const notices: Notification[] = [];

/** navigator.onLine as the browser would report it, and the network with it. */
export function setOnline(server: FakeServer, online: boolean) {
  server.state.offline = !online;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Fresh offline store, notifier and fetch for a test; returns the fake server. */
export function setUp() {
  const server = fakeServer();
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  vi.stubGlobal('fetch', server.fetchMock);
  resetHttpClients();
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: server.send }));
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  return server;
}

/**
 * Kept lists are one per list for the whole file (offline/kept-lists.ts keptList) and a sync joins one already
 * running: a sync a test left running (a refresh after a write) is let end here, against this test's server and
 * store, so that the next test's first sync is its own.
 */
async function settleKeptLists() {
  await Promise.allSettled([partsOrderList, ...['910', '920'].map(approvedCatalogList)].map((list) => list.sync('tear-down')));
}

export async function tearDown() {
  await settleKeptLists();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  // Said too, so that the query library's idea of the connection does not stay offline after a test that ended offline.
  window.dispatchEvent(new Event('online'));
}

/** A stand-in for the My Homeowners row action, as its route file wires useCreateCustomerPartsOrder. */
function HomeRow() {
  const createPartsOrder = useCreateCustomerPartsOrder();
  const card = home();
  return (
    <button type="button" onClick={() => void createPartsOrder({ plantNumber: card.plantNumber, longSerialNumber: card.serialNumber })}>
      New Parts Order
    </button>
  );
}

const EditItem = () => <PartsItemPanel itemKey={(useParams({ strict: false }) as { itemId: string }).itemId} />;

/** The parts routes of spec 3 §2 (as the app's route files wire them), over a memory history at `initialEntry`. */
export function renderParts(user: CmhUser, initialEntry: string) {
  const root = createRootRoute({ component: Outlet });
  const staged = createRoute({
    getParentRoute: () => root,
    path: '/partsorders/$partsOrderId',
    component: function Layout() {
      const { partsOrderId } = useParams({ strict: false }) as { partsOrderId: string };
      return (
        <PartsOrderReview address={{ partsOrderId }} user={user} screen={<PartsOrderScreen />}>
          <Outlet />
        </PartsOrderReview>
      );
    },
  });
  const panels = [
    createRoute({ getParentRoute: () => staged, path: '/' }),
    createRoute({ getParentRoute: () => staged, path: 'partsitems', component: () => <PartsItemPanel /> }),
    createRoute({ getParentRoute: () => staged, path: 'partsitems/$itemId', component: () => <EditItem /> }),
  ];
  const submitted = createRoute({
    getParentRoute: () => root,
    path: '/partsorders/vantage/$partsRequestId',
    component: function Submitted() {
      const { partsRequestId } = useParams({ strict: false }) as { partsRequestId: string };
      return <PartsOrderReview address={{ partsRequestId: Number(partsRequestId) }} user={user} screen={<PartsOrderScreen />} />;
    },
  });
  const list = createRoute({ getParentRoute: () => root, path: '/service/parts', component: () => <PartsOrderList user={user} /> });
  const pending = createRoute({ getParentRoute: () => root, path: '/pending-changes', component: () => <h1>Pending changes</h1> });
  const homeowners = createRoute({ getParentRoute: () => root, path: '/service/myhomeowners', component: HomeRow });
  const router = createRouter({
    routeTree: root.addChildren([staged.addChildren(panels), submitted, list, pending, homeowners]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** What the outbox sent, as 'METHOD path'. */
export const calls = (server: FakeServer) => server.sent.map((entry) => `${entry.method} ${entry.path}`);

/** Puts `rows` on the device as the parts list kept for `scope`, synced `age` ms ago (offline/kept-lists.ts). */
export async function keepPartsOrders(scope: string, rows: readonly PartsOrderSummary[], age = 0) {
  const { db } = getOffline();
  await db.partsOrders.bulkPut([...rows]);
  await db.syncState.put({
    list: 'partsOrders',
    scopeKey: scope,
    cursor: 'kept',
    received: rows.length,
    complete: true,
    syncedAt: Date.now() - age,
  });
}
