import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { CmhUser, ServiceRequest } from '../../../../src/contract';
import { AttachmentPanel } from '../../../../src/features/work-orders/components/panels/attachment-panel';
import { InformationPanel } from '../../../../src/features/work-orders/components/panels/information-panel';
import { PartsItemPanel } from '../../../../src/features/work-orders/components/panels/parts-item-panel';
import { ServiceItemPanel } from '../../../../src/features/work-orders/components/panels/service-item-panel';
import { RequestReview } from '../../../../src/features/work-orders/components/review/review-context';
import { ReviewScreen } from '../../../../src/features/work-orders/components/review/review-screen';
import { resetHttpClients, setHttpNavigation } from '../../../../src/lib/http';
import { setNotifier, type Notification } from '../../../../src/lib/notifier';
import type { OutboxEntry, OutboxFile } from '../../../../src/offline/db';
import type { SendAnswer, SendOptions } from '../../../../src/offline/outbox';
import { createOfflineRuntime, setOfflineRuntime } from '../../../../src/offline/runtime';
import { ModalsProvider } from '../../../../src/ui/modals';
import { freshDb } from '../../offline/helpers';

// jsdom has no scrolling; the router's scroll handling calls it on every navigation.
window.scrollTo = () => undefined;

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Reader = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The server as these screens meet it: reads through fetch (the http client), writes through the outbox's
 * `send` (what the runtime's fetch-send would deliver). `requests` holds the copies GET answers.
 */
export function fakeServer() {
  const requests = new Map<number, ServiceRequest>();
  const sent: { entry: OutboxEntry; files: OutboxFile[] }[] = [];
  const reads: string[] = [];
  let answer: (entry: OutboxEntry, options: SendOptions) => SendAnswer | Promise<SendAnswer> = (entry) =>
    entry.method === 'DELETE'
      ? { status: 204, body: null }
      : {
          status: entry.method === 'POST' ? 201 : 200,
          body: { serviceRequestItemId: 9001, partsOrderItemId: 9002, serviceAttachmentId: 9003, contentDocumentId: 'doc9003' },
        };
  const readers: Record<string, Reader> = {
    '/api/Homes': () => jsonResponse(200, []),
    '/api/Parts/UnitsOfMeasure': () =>
      jsonResponse(200, [
        { abbreviation: 'EA ', description: 'Each' },
        { abbreviation: 'FT', description: 'Foot' },
      ]),
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    reads.push(`${init.method ?? 'GET'} ${url.pathname}`);
    const reader = readers[url.pathname];
    if (reader) return reader(url, init);
    const byId = /^\/api\/service\/(\d+)$/.exec(url.pathname);
    const byWorkOrder = /^\/api\/service\/workorders\/(\d+)$/.exec(url.pathname);
    const found = byId
      ? requests.get(Number(byId[1]))
      : byWorkOrder
        ? [...requests.values()].find((request) => request.vantageWorkOrderId === Number(byWorkOrder[1]))
        : undefined;
    if (byId || byWorkOrder) return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'Service request was not found.' });
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
  return {
    requests,
    sent,
    reads,
    readers,
    fetchMock,
    /** How the server answers writes from now on. */
    answerWith: (next: typeof answer) => (answer = next),
    send: async (entry: OutboxEntry, files: OutboxFile[], options: SendOptions): Promise<SendAnswer> => {
      sent.push({ entry, files });
      return answer(entry, options);
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export const notices: Notification[] = [];

/** Fresh offline store, notifier and fetch for a test; returns the fake server. */
export function setUp() {
  const server = fakeServer();
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  vi.stubGlobal('fetch', server.fetchMock);
  resetHttpClients();
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: server.send }));
  return server;
}

export function tearDown() {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
}

const useItemParam = () => (useParams({ strict: false }) as { itemId: string }).itemId;
const EditServiceItemBySequence = () => <ServiceItemPanel itemId={useItemParam()} by="sequence" />;
const EditServiceItemById = () => <ServiceItemPanel itemId={useItemParam()} />;
const EditPartsItem = () => <PartsItemPanel itemId={useItemParam()} />;
const EditAttachment = () => <AttachmentPanel attachmentId={useItemParam()} />;

/** The review routes of spec 3 §2 (as the app's route files wire them), over a memory history at `initialEntry`. */
export function renderReview(user: CmhUser, initialEntry: string) {
  const root = createRootRoute({ component: Outlet });
  const request = createRoute({
    getParentRoute: () => root,
    path: '/servicerequests/$serviceRequestId',
    component: function Layout() {
      const { serviceRequestId } = useParams({ strict: false }) as { serviceRequestId: string };
      return (
        <RequestReview base={{ kind: 'request', serviceRequestId }} user={user} screen={<ReviewScreen />}>
          <Outlet />
        </RequestReview>
      );
    },
  });
  const workOrder = createRoute({
    getParentRoute: () => root,
    path: '/workorders/$workOrderId',
    component: function Layout() {
      const { workOrderId } = useParams({ strict: false }) as { workOrderId: string };
      return (
        <RequestReview base={{ kind: 'workOrder', workOrderId: Number(workOrderId) }} user={user} screen={<ReviewScreen />}>
          <Outlet />
        </RequestReview>
      );
    },
  });
  const numbered = '$plantNumber/$serviceRequestNumber';
  const requestPanels = [
    createRoute({ getParentRoute: () => request, path: '/' }),
    createRoute({ getParentRoute: () => request, path: `${numbered}/info`, component: () => <InformationPanel mode="information" /> }),
    createRoute({
      getParentRoute: () => request,
      path: `${numbered}/additionalInfo`,
      component: () => <InformationPanel mode="additional" />,
    }),
    createRoute({ getParentRoute: () => request, path: `${numbered}/serviceitems`, component: () => <ServiceItemPanel /> }),
    createRoute({
      getParentRoute: () => request,
      path: `${numbered}/serviceitems/$itemId`,
      component: () => <EditServiceItemBySequence />,
    }),
    createRoute({ getParentRoute: () => request, path: `${numbered}/ServiceAttachment`, component: () => <AttachmentPanel /> }),
    createRoute({
      getParentRoute: () => request,
      path: 'ServiceAttachment/$itemId/$plantNumber/$serviceRequestNumber',
      component: () => <EditAttachment />,
    }),
    createRoute({ getParentRoute: () => request, path: 'PartsOrder/$partsOrderId', component: () => <PartsItemPanel /> }),
    createRoute({ getParentRoute: () => request, path: 'PartsOrder/$partsOrderId/PartsItem/$itemId', component: () => <EditPartsItem /> }),
  ];
  const workOrderPanels = [
    createRoute({ getParentRoute: () => workOrder, path: '/' }),
    createRoute({ getParentRoute: () => workOrder, path: 'info', component: () => <InformationPanel mode="information" /> }),
    createRoute({ getParentRoute: () => workOrder, path: 'lineitems', component: () => <ServiceItemPanel /> }),
    createRoute({ getParentRoute: () => workOrder, path: 'lineitems/$itemId', component: () => <EditServiceItemById /> }),
    createRoute({ getParentRoute: () => workOrder, path: 'attachments', component: () => <AttachmentPanel /> }),
  ];
  const service = createRoute({ getParentRoute: () => root, path: '/service', component: () => <h1>Service &amp; Parts</h1> });
  const pending = createRoute({ getParentRoute: () => root, path: '/pending-changes', component: () => <h1>Pending changes</h1> });
  const router = createRouter({
    routeTree: root.addChildren([request.addChildren(requestPanels), workOrder.addChildren(workOrderPanels), service, pending]),
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
export const calls = (server: FakeServer) => server.sent.map(({ entry }) => `${entry.method} ${entry.path}`);
