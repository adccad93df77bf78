import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import {
  catalogPartRows as catalogRows,
  type CatalogPart,
  type CatalogPartRow,
  type CategoryCatalog,
  type PartsCatalog,
  type SyncPage,
} from '../../../src/contract';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { catalogListName, catalogScope } from '../../../src/features/parts-orders/catalog/api';
import { forgetPrimedCatalogs } from '../../../src/features/parts-orders/catalog/use-catalog-priming';
import { listOrSyncPage } from '../fixtures/sync';
import { freshDb } from '../offline/helpers';

/** A catalog part; its id is its (numeric) part number unless given, so the same fixture is equal each time. */
export const part = (changes: Partial<CatalogPart> & Pick<CatalogPart, 'partNumber'>): CatalogPart => {
  const partsCatalogId = Number(changes.partNumber.replace(/\D/g, '')) || 1;
  const base: CatalogPart = {
    partsCatalogId,
    categoryNumber: '10',
    categoryDescription: 'Bathroom',
    commodityNumber: '110',
    commodityDescription: 'Faucets & Showerheads',
    subPartNumber: '01',
    subPartDescription: 'Chrome',
    notes: '',
    friendlyDescription: `Part ${changes.partNumber}`,
    corporateDescription: `PART ${changes.partNumber}`,
    unitOfMeasure: 'EA',
    combinedPartNumber: '',
    imageFilename: '',
    approved: true,
    createDate: '2025-01-01T00:00:00.000Z',
    createdBy: 'Corporate catalog import',
    plantNumber: '910',
    active: true,
    isActiveAndApproved: true,
    ...changes,
  };
  return {
    ...base,
    combinedPartNumber: changes.combinedPartNumber ?? `${base.categoryNumber}${base.commodityNumber}${base.partNumber}`,
    isActiveAndApproved: base.approved && base.active,
  };
};

/** A catalog built from parts: categories and commodities in the order the parts name them. */
export function catalogOf(plantNumber: string, parts: readonly CatalogPart[], commodityImages: Record<string, string> = {}): PartsCatalog {
  const categoryCatalogs: CategoryCatalog[] = [];
  for (const item of parts) {
    let category = categoryCatalogs.find((candidate) => candidate.category.categoryNumber === item.categoryNumber);
    if (!category) {
      category = { category: { categoryNumber: item.categoryNumber, description: item.categoryDescription }, commodityCatalogs: [] };
      categoryCatalogs.push(category);
    }
    let commodity = category.commodityCatalogs.find((candidate) => candidate.commodity.commodityNumber === item.commodityNumber);
    if (!commodity) {
      commodity = {
        commodity: { commodityNumber: item.commodityNumber, description: item.commodityDescription },
        imageFilename: commodityImages[item.commodityNumber] ?? '',
        parts: [],
      };
      category.commodityCatalogs.push(commodity);
    }
    commodity.parts.push({ ...item, plantNumber });
  }
  return { plantNumber, categoryCatalogs };
}

const KITCHEN = { categoryNumber: '30', categoryDescription: 'Kitchen' };
const FAUCETS = { ...KITCHEN, commodityNumber: '310', commodityDescription: 'Faucets' };
const SINKS = { ...KITCHEN, commodityNumber: '340', commodityDescription: 'Sinks' };
const BATH = { categoryNumber: '10', categoryDescription: 'Bathroom', commodityNumber: '120', commodityDescription: 'Toilets & Seats' };
const DOORS = {
  categoryNumber: '80',
  categoryDescription: 'Doors & Windows',
  commodityNumber: '810',
  commodityDescription: 'Exterior Doors',
};

/** The images of the small catalog's commodities, by commodity number. */
export const SMALL_COMMODITY_IMAGES: Record<string, string> = {
  '120': 'commodity-10-120.svg',
  '310': 'commodity-30-310.svg',
  '340': 'commodity-30-340.svg',
  '810': 'commodity-80-810.svg',
};

/**
 * A small approved catalog as the server could answer it: two categories with pickable parts (one with two
 * commodities), a part without an image (placeholder), a part without a friendly description, and parts that
 * must not be offered (pending, inactive) — the last two alone in their category.
 */
export function smallCatalog(plantNumber = '910'): PartsCatalog {
  return catalogOf(
    plantNumber,
    [
      part({
        ...BATH,
        partNumber: '20011',
        friendlyDescription: 'Round-front toilet bowl, white',
        unitOfMeasure: 'EA',
        imageFilename: 'part-1012020011.svg',
      }),
      part({ ...BATH, partNumber: '20018', friendlyDescription: 'Toilet seat, slow close', unitOfMeasure: 'EA' }),
      part({
        ...FAUCETS,
        partNumber: '30100',
        friendlyDescription: 'Pull-down kitchen faucet, chrome',
        unitOfMeasure: 'EA',
        imageFilename: 'part-3031030100.svg',
      }),
      part({ ...FAUCETS, partNumber: '30107', friendlyDescription: '', corporateDescription: 'AERATOR FCT BN', unitOfMeasure: 'EA' }),
      part({ ...SINKS, partNumber: '30400', friendlyDescription: 'Double-bowl kitchen sink, stainless', unitOfMeasure: 'EA' }),
      part({
        ...SINKS,
        partNumber: '30407',
        friendlyDescription: 'Sink clip set',
        unitOfMeasure: 'SET',
        imageFilename: 'part-3034030407.svg',
      }),
      part({ ...DOORS, partNumber: '80100', friendlyDescription: 'Storm door (pending change)', approved: false }),
      part({ ...DOORS, partNumber: '80107', friendlyDescription: 'Door sweep (retired)', active: false }),
    ],
    SMALL_COMMODITY_IMAGES,
  );
}

/** The distinct images the small catalog's pickable parts and commodities show. */
export const SMALL_CATALOG_IMAGES = [
  'commodity-10-120.svg',
  'part-1012020011.svg',
  'placeholder.svg',
  'commodity-30-310.svg',
  'part-3031030100.svg',
  'commodity-30-340.svg',
  'part-3034030407.svg',
];

/** `count` pickable parts over 3 categories × 4 commodities, as big as a real plant's catalog. */
export function bigCatalog(count: number, plantNumber = '910'): PartsCatalog {
  const words = ['Faucet', 'Valve', 'Hinge', 'Panel', 'Breaker', 'Register', 'Door', 'Window', 'Shingle', 'Strip'];
  const finishes = ['chrome', 'white', 'oak', 'black', 'bronze'];
  return catalogOf(
    plantNumber,
    Array.from({ length: count }, (_, index) => {
      const category = Math.floor((index * 3) / count);
      const commodity = Math.floor((index * 12) / count) % 4;
      return part({
        categoryNumber: String(10 + category * 10),
        categoryDescription: `Category ${category + 1}`,
        commodityNumber: String(100 + category * 10 + commodity),
        commodityDescription: `Commodity ${category + 1}.${commodity + 1}`,
        partNumber: String(50_000 + index * 7),
        friendlyDescription: `${words[index % words.length]} ${index}, ${finishes[index % finishes.length]}`,
        corporateDescription: `${words[index % words.length]!.toUpperCase()} ${index}`,
        imageFilename: index % 5 === 0 ? `part-${index}.svg` : '',
      });
    }),
  );
}

export const svg = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${label}</text></svg>`;

type Answer = Response | Promise<Response>;

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server as the catalog meets it through fetch: GET /api/PartsCatalog?plantNumber&approved=true[&since=&limit=]
 * and GET /images/PartsCatalogImages/{file}. A plant without a catalog answers 403, an unknown image 404; `offline`
 * makes every call fail as with no network. `?since=` answers as the server's delta sync does (contract/sync.ts): a
 * cursor this fake gave answers the rows changed and removed since it was given, any other the whole catalog. `plain`
 * makes it a backend without delta sync (README "A plain backend"): `since` is ignored and the tree answered.
 */
export function catalogServer() {
  const catalogs = new Map<string, PartsCatalog>();
  const images = new Map<string, string>();
  /** `imageDelayMs` > 0 answers each image after a random wait up to that long, so that downloads interleave. */
  const state = { offline: false, imageDelayMs: 0, plain: false };
  const reads: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    reads.push(`${url.pathname}${url.search}`);
    init.signal?.throwIfAborted();
    if (state.offline) throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/PartsCatalog') return catalogAnswer(url);
    const image = /^\/images\/PartsCatalogImages\/([^/]+)$/.exec(url.pathname);
    if (image) {
      if (state.imageDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * state.imageDelayMs));
      const name = decodeURIComponent(image[1]!);
      const text = images.get(name);
      return text === undefined
        ? jsonResponse(404, { message: 'Image was not found.' })
        : new Response(text, { status: 200, headers: { 'content-type': 'image/svg+xml', etag: `"${name}"` } });
    }
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
  /** Every `?since=` answer, in order. */
  const syncAnswers: SyncPage<CatalogPartRow>[] = [];
  // What each cursor given out stood for: the plant's rows as they were sent, by id and as JSON.
  const given = new Map<string, Map<number, string>>();
  const syncAnswer = (url: URL, plantNumber: string, rows: CatalogPartRow[]): SyncPage<CatalogPartRow> => {
    const since = given.get(`${plantNumber}/${url.searchParams.get('since')}`);
    const cursor = `c${given.size + 1}`;
    given.set(`${plantNumber}/${cursor}`, new Map(rows.map((row) => [row.partsCatalogId, JSON.stringify(row)])));
    if (!since) return { ...(listOrSyncPage(url, rows) as SyncPage<CatalogPartRow>), cursor };
    const ids = new Set(rows.map((row) => row.partsCatalogId));
    return {
      items: rows.filter((row) => since.get(row.partsCatalogId) !== JSON.stringify(row)),
      removed: [...since.keys()].filter((id) => !ids.has(id)),
      cursor,
      more: false,
    };
  };
  const catalogAnswer = (url: URL): Answer => {
    if (url.searchParams.get('approved') !== 'true') return jsonResponse(400, { message: 'approved=true expected in these tests' });
    const plantNumber = url.searchParams.get('plantNumber') ?? '';
    const catalog = catalogs.get(plantNumber);
    if (!catalog) return jsonResponse(403, { message: 'That plant is not one of yours.' });
    if (!url.searchParams.has('since') || state.plain) return jsonResponse(200, catalog);
    const page = syncAnswer(url, plantNumber, catalogRows(catalog));
    syncAnswers.push(page);
    return jsonResponse(200, page);
  };
  /** Serves every image the catalogs name (and the placeholder). */
  const serveImagesOf = (catalog: PartsCatalog) => {
    images.set('placeholder.svg', svg('placeholder'));
    for (const category of catalog.categoryCatalogs) {
      for (const commodity of category.commodityCatalogs) {
        if (commodity.imageFilename) images.set(commodity.imageFilename, svg(commodity.imageFilename));
        for (const item of commodity.parts) if (item.imageFilename) images.set(item.imageFilename, svg(item.imageFilename));
      }
    }
  };
  const imageReads = () =>
    reads.filter((read) => read.startsWith('/images/')).map((read) => decodeURIComponent(read.replace('/images/PartsCatalogImages/', '')));
  const catalogReads = () => reads.filter((read) => read.startsWith('/api/PartsCatalog'));
  return { catalogs, images, state, reads, fetchMock, serveImagesOf, imageReads, catalogReads, syncAnswers };
}

export type CatalogServer = ReturnType<typeof catalogServer>;

export const notices: Notification[] = [];

/** navigator.onLine as the browser would report it, and the network with it. */
export function setOnline(server: CatalogServer, online: boolean) {
  server.state.offline = !online;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Object URLs as the browser hands them out (the test DOM has none): the blob behind each, and which were revoked. */
export function objectUrls() {
  const blobs = new Map<string, Blob>();
  const revoked = new Set<string>();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob | MediaSource) => {
    next += 1;
    const url = `blob:test/${next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.add(url);
  });
  return { blobs, revoked, live: () => [...blobs.keys()].filter((url) => !revoked.has(url)) };
}

/** A fresh offline store, notifier and fetch for a test. */
export function setUp(): { server: CatalogServer; db: OfflineDb; urls: ReturnType<typeof objectUrls> } {
  const server = catalogServer();
  const db = freshDb();
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  vi.stubGlobal('fetch', server.fetchMock);
  resetHttpClients();
  setOfflineRuntime(createOfflineRuntime({ db, send: async () => ({ status: 200, body: {} }) }));
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  forgetPrimedCatalogs();
  return { server, db, urls: objectUrls() };
}

export function tearDown() {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
}

/** The user scope (entities/view-scope) the catalogs of these tests are kept for. */
export const SCOPE = 'service@demo.homesite.test:4217';

/** Puts `catalog` on the device as the approved catalog kept for `scope`, synced `age` ms ago (catalog/api.ts). */
export async function keepCatalog(catalog: PartsCatalog, age = 0, scope = SCOPE) {
  const { db } = getOffline();
  const rows = catalogRows(catalog);
  await db.catalogParts.bulkPut(rows);
  await db.syncState.put({
    list: catalogListName(catalog.plantNumber),
    scopeKey: catalogScope(scope, catalog.plantNumber),
    cursor: 'kept',
    received: rows.length,
    complete: true,
    syncedAt: Date.now() - age,
  });
}
