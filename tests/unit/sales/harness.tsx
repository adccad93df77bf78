import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { CmhUser, InventoryItem, Lead, Prospect, Quote, QuoteRevision, SalesDetail, SalesOrder } from '../../../src/contract';
import { inventoryList } from '../../../src/features/inventory/api/inventory';
import { InventoryScreen } from '../../../src/features/inventory/components/inventory-screen';
import { leadList } from '../../../src/features/leads/api/leads';
import { LeadsScreen } from '../../../src/features/leads/components/leads-screen';
import { ProspectContact } from '../../../src/features/leads/components/prospect-contact';
import { orderList } from '../../../src/features/orders/api/orders';
import { OrdersScreen } from '../../../src/features/orders/components/orders-screen';
import { quoteList } from '../../../src/features/quotes/api/quotes';
import { QuotesScreen } from '../../../src/features/quotes/components/quotes-screen';
import { keptSalesReports } from '../../../src/features/sales-detail/api/sales-detail';
import { viewScope } from '../../../src/entities/view-scope';
import { SalesDetailScreen } from '../../../src/features/sales-detail/components/sales-detail-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { ModalsProvider } from '../../../src/ui/modals';
import { jsonResponse } from '../fixtures/render-screen';
import { listOrSyncPage } from '../fixtures/sync';
import { freshDb } from '../offline/helpers';

/* The sales lists (quotes, orders, leads, inventory) and the screens their rows open, wired as the app's route files wire them, over a fake server. */

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
/**
 * Within the quotes list's default 30 days, which end on the user's business day: yesterday's UTC day is in it at any
 * hour (a US day is the UTC one or the one before), where the UTC day itself is in the future every US evening.
 */
export const TODAY = isoDay(new Date(Date.now() - 86_400_000));

export const quote = (quoteId: number, changes: Partial<Quote> = {}): Quote => ({
  quoteId,
  customer: `Customer ${quoteId}`,
  retailerNumber: '4217',
  quoteNumber: String(310000 + quoteId),
  plantNumber: '910',
  plantName: 'Clinton West',
  productLineId: 1010,
  modelNumber: '28ANN60A3',
  modelDesc: 'The Anniversary 60',
  status: 'Active',
  mdm: 'Dana Whitfield',
  expirationDate: '2027-01-20',
  quoteDate: TODAY,
  revisionDate: TODAY,
  latestRevision: 2,
  ismchQuote: true,
  isMCHQuote: true,
  ismchModelActive: true,
  mchQuoteUserId: 5,
  mchQuoteId: `MCHQ${310000 + quoteId}`,
  isLocked: false,
  lockedBy: '',
  quoteStatusesID: 0,
  approvalStatusDescription: 'Not Submitted',
  createdBy: 'sales@demo.homesite.test',
  originalQuoteNumber: '',
  ...changes,
});

export const order = (orderId: number, changes: Partial<SalesOrder> = {}): SalesOrder => ({
  orderId,
  orderNumber: String(700000 + orderId),
  customer: `Buyer ${orderId}`,
  retailerNumber: '4217',
  retailerName: 'Retailer 4217',
  plantNumber: '910',
  plantName: 'Clinton West',
  quoteNumber: String(310000 + orderId),
  modelNumber: '28ANN60A3',
  modelDesc: 'The Anniversary 60',
  longSerialNumber: `CLW0${orderId}TNAB`,
  serialNumber: `CLW0${orderId}TN`,
  orderDate: `2026-10-${String(10 + orderId).padStart(2, '0')}`,
  shippedDate: '',
  status: 'Open',
  mdm: 'Dana Whitfield',
  scheduledProductionDate: '',
  yardDate: '',
  scheduledOfflineDate: '',
  estimatedOfflineWeekOf: '',
  scheduledShipDate: '',
  hudLabelLeft: '',
  hudLabelRight: '',
  hudLabelTriple: '',
  hudLabel4: '',
  hudLabel5: '',
  hudLabel6: '',
  hudLabel7: '',
  hudLabel8: '',
  quoteCreator: '',
  firstValidation: '',
  secondRSOValidation: '',
  docsReceived: '',
  purchaseOrderNumber: '',
  basePrice: 80_000,
  optionPrice: 5_000,
  squareFootage: 1_600,
  invoiceTotal: 85_000,
  ...changes,
});

export const inventoryItem = (inventoryId: number, changes: Partial<InventoryItem> = {}): InventoryItem => ({
  inventoryId,
  plantNumber: '910',
  plantName: 'Clinton West',
  type: 'Single',
  tdes: 'Single section',
  reg: '',
  retailerNumber: '4217',
  serailNumber: `CLW0${inventoryId}TN`,
  invoiceAmount: 85_000,
  stockNumber: `STK-${inventoryId}`,
  modelNumber: '28ANN60A3',
  modelName: 'The Anniversary 60',
  owner: 'Retailer 4217',
  stockedDate: `2026-09-${String(10 + inventoryId).padStart(2, '0')}`,
  age: 60 - inventoryId,
  wso: '',
  salesDate: '',
  poNumber: '',
  ...changes,
});

/** The detail report of a quote (orderNumber '' or '0') or an order, with one category of options. */
export const detail = (customer: string, quoteNumber: string, orderNumber = ''): SalesDetail => ({
  retailCustomer: customer,
  address1: '',
  brandCode: 'C',
  brandLogo: 'C',
  modelDesc: 'The Anniversary 60',
  modelNumber: '28ANN60A3',
  fullSerialNumber: '',
  serialNumber: '',
  quoteNumber,
  quoteDate: '2026-10-01',
  orderNumber,
  orderDate: orderNumber ? '2026-10-11' : '',
  orderedBy: '',
  squareFootage: 1_600,
  poNumber: '',
  salesRep: 'Dana Whitfield',
  salesNote: '',
  to: 'Retailer 4217, Knoxville',
  dba: '',
  financedBy: '',
  runNumber: '',
  phone: '',
  fax: '',
  invoiceTotalAmount: 0,
  pricingIncluded: false,
  plantNumber: '910',
  retailerNumber: '4217',
  summary: {
    baseCostOfHome: 0,
    surchargeAmount: 0,
    optionsTotal: 0,
    shippingHandlingDestCharges: 0,
    freightCharge: 0,
    associationDues: 0,
    mhiDues: 0,
    vipAmount: 0,
    partnerAssistanceAmount: 0,
  },
  categoryDetails: [
    {
      categoryDesc: 'Kitchen',
      categorySeq: 1,
      categoryID: 20,
      plantNumber: '910',
      options: [{ optionNumber: 'KT222', optionDesc: 'Farmhouse sink', optionQty: 1, optionPrice: 0 }],
    },
  ],
});

export const revisions = (quoteId: number): QuoteRevision[] => [
  {
    QuoteId: quoteId,
    RevisionNumber: 1,
    RevisionComments: 'First quote',
    Options: [{ CategoryDesc: 'Kitchen', OptionNumber: 'KT222', OptionDescription: 'Farmhouse sink', Quantity: 1, Price: 0 }],
  },
  {
    QuoteId: quoteId,
    RevisionNumber: 2,
    RevisionComments: 'Added porch',
    Options: [{ CategoryDesc: 'Kitchen', OptionNumber: 'KT222', OptionDescription: 'Farmhouse sink', Quantity: 2, Price: 0 }],
  },
];

export const prospect = (prospectId: number): Prospect => ({
  prospectId,
  retailerNumber: '4217',
  firstName: 'Rosa',
  lastName: 'Diaz',
  email: 'rosa@example.com',
  dayPhone: '8655550100',
  address: '12 Elm St',
  city: 'Clinton',
  state: 'TN',
  zip: '37716',
  comments: '',
  leadId: 5,
  createdAt: '2026-11-01',
});

/** An unclaimed lead (Unclaimed is the leads list's first filter). */
export const lead = (leadId: number, changes: Partial<Lead> = {}): Lead => ({
  leadId,
  independentLeadId: 90000 + leadId,
  leadDate: TODAY,
  firstName: 'Ann',
  lastName: `Lee${leadId}`,
  comments: '',
  address: '12 Main St',
  city: 'Clinton',
  state: 'TN',
  zip: '37716',
  email: `ann.lee${leadId}@example.com`,
  dayPhone: '8655550100',
  relocating: 'N',
  relocatingCity: '',
  relocatingState: '',
  status: null,
  friendlySource: 'Website',
  claimedDate: '',
  customer: '',
  retailerNumber: '4217',
  quoteNumber: '',
  plantNumber: '910',
  modelNumber: '',
  modelDesc: '',
  squareFootage: 1_680,
  prospectId: null,
  rowVersion: 1,
  ...changes,
});

export interface SalesBackend {
  quotes: Quote[];
  orders: SalesOrder[];
  leads: Lead[];
  inventory: InventoryItem[];
  /** Detail reports by `plantNumber:quoteNumber:orderNumber` (orderNumber '0' for a quote's). */
  details: Map<string, SalesDetail>;
  revisions: Map<number, QuoteRevision[]>;
  prospects: Map<number, Prospect>;
  /** Every fetch fails as without a network. */
  offline: boolean;
  /** 'GET /path?query' of every call tried, offline ones too. */
  reads: string[];
  /** An answer of the test's own to a call (a refusal, say), asked before the fake server's. */
  answer?: (method: string, path: string) => Response | undefined;
  /** The toasts shown (the error catalogue's among them). */
  notices: Notification[];
}

export function startBackend(): SalesBackend {
  const backend: SalesBackend = {
    quotes: [],
    orders: [],
    leads: [],
    inventory: [],
    details: new Map(),
    revisions: new Map(),
    prospects: new Map(),
    offline: false,
    reads: [],
    notices: [],
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    backend.reads.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (backend.offline) throw new TypeError('Failed to fetch');
    // A call under way when the connection drops gets no answer either.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (backend.offline) throw new TypeError('Failed to fetch');
    const path = url.pathname;
    const own = backend.answer?.(init.method ?? 'GET', path);
    if (own) return own;
    if (/^\/api\/Quote$/i.test(path)) return jsonResponse(200, listOrSyncPage(url, backend.quotes));
    if (/^\/api\/order$/i.test(path)) return jsonResponse(200, listOrSyncPage(url, backend.orders));
    if (/^\/api\/Inventory$/i.test(path)) return jsonResponse(200, listOrSyncPage(url, backend.inventory));
    if (/^\/api\/Lead$/i.test(path)) return jsonResponse(200, listOrSyncPage(url, backend.leads));
    if (/^\/crm\/webapi\/api\/Prospects\/Lead$/i.test(path)) {
      const { leadId } = JSON.parse(String(init.body)) as { leadId: number };
      const made = [...backend.prospects.values()].find((one) => one.leadId === leadId);
      return made ? jsonResponse(200, { prospectId: made.prospectId }) : jsonResponse(404, { message: 'Lead was not found.' });
    }
    if (/^\/api\/Reports\/Sales\/?$/i.test(path)) {
      const query = url.searchParams;
      const found = backend.details.get(`${query.get('plantNumber')}:${query.get('quoteNumber')}:${query.get('orderNumber') || '0'}`);
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'The report was not found.' });
    }
    if (/^\/quote-api\/check-locked-quote\//i.test(path)) return jsonResponse(200, { isLocked: false, lockedBy: '' });
    if (/\/validatesuboptions\//i.test(path))
      return jsonResponse(200, { ModelActive: true, NewQuote: null, UnAvailableOptions: [], SubOptionsValid: true, CategoryId: null });
    const revision = /\/quoterevision\/(\d+)$/i.exec(path);
    if (revision) return jsonResponse(200, backend.revisions.get(Number(revision[1])) ?? []);
    const prospectId = /^\/crm\/webapi\/api\/Prospects\/(\d+)$/i.exec(path);
    if (prospectId) {
      const found = backend.prospects.get(Number(prospectId[1]));
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'Prospect was not found.' });
    }
    return jsonResponse(404, { message: `No route ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => backend.notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: async () => ({ status: 200, body: {} }) }));
  setNavigatorOnline(true);
  return backend;
}

/**
 * Kept lists are one per list for the whole file and a sync joins one already running: a sync a test left running is
 * let end here, so that the next test's first sync is its own.
 */
export async function stopBackend() {
  await Promise.allSettled([quoteList, orderList, leadList, inventoryList].map((list) => list.sync('tear-down')));
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
  setNavigatorOnline(true);
  window.dispatchEvent(new Event('online'));
}

function setNavigatorOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The connection goes away (or comes back) as the browser sees it: fetches fail and navigator.onLine says so. */
export function goOffline(backend: SalesBackend, offline = true) {
  backend.offline = offline;
  setNavigatorOnline(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

// The test DOM has no scrolling; the router's scroll handling calls it on every navigation.
window.scrollTo = () => undefined;

/** The quotes, orders and inventory lists, the detail reports and the prospect page, wired as their route files do. */
export function renderSales(user: CmhUser, initialEntry: string) {
  const root = createRootRoute({ component: Outlet });
  const scope = viewScope(user);
  const routes = [
    createRoute({
      getParentRoute: () => root,
      path: '/sales/quotes',
      component: () => <QuotesScreen user={user} keptReports={keptSalesReports(scope)} />,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/sales/orders',
      component: () => <OrdersScreen user={user} keptReports={keptSalesReports(scope)} />,
    }),
    createRoute({ getParentRoute: () => root, path: '/sales/leads', component: () => <LeadsScreen user={user} /> }),
    createRoute({ getParentRoute: () => root, path: '/sales/inventory', component: () => <InventoryScreen user={user} /> }),
    createRoute({
      getParentRoute: () => root,
      path: '/reports/sales/$type/$plantNumber/$quoteNumber/$orderNumber',
      component: function Report() {
        const { type, plantNumber, quoteNumber, orderNumber } = useParamsOf<{
          type: string;
          plantNumber: string;
          quoteNumber: string;
          orderNumber: string;
        }>();
        return (
          <SalesDetailScreen
            user={user}
            scope={scope}
            title={type === 'order' ? 'Order Detail' : 'Quote Detail'}
            target={{ plantNumber, quoteNumber, orderNumber }}
          />
        );
      },
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/reports/homeinvoice/$serialNumber/$plantNumber',
      component: function Invoice() {
        const { serialNumber, plantNumber } = useParamsOf<{ serialNumber: string; plantNumber: string }>();
        return <SalesDetailScreen user={user} scope={scope} title="Home Invoice" target={{ serialNumber, plantNumber }} />;
      },
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/crm/web/prospects/$prospectId/contactInfo',
      component: function ProspectPage() {
        return <ProspectContact prospectId={Number(useParamsOf<{ prospectId: string }>().prospectId)} />;
      },
    }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [initialEntry] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The params of the route shown (these test routes are not in the app's typed route tree). */
function useParamsOf<T>(): T {
  const params: unknown = useParams({ strict: false });
  return params as T;
}
