import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogParts, type CatalogPartRow } from '../../../src/contract';
import {
  catalogKeys,
  catalogListName,
  catalogScope,
  syncApprovedCatalog,
  useApprovedCatalog,
} from '../../../src/features/parts-orders/catalog/api';
import { catalogTree } from '../../../src/features/parts-orders/catalog/model';
import { readKeptImage, useCatalogImage } from '../../../src/features/parts-orders/catalog/images';
import {
  catalogImageNames,
  IMAGE_WRITE_BATCH,
  META_CATALOG_PRIMING,
  primeCatalogs,
} from '../../../src/features/parts-orders/catalog/prime';
import { useCatalogPriming } from '../../../src/features/parts-orders/catalog/use-catalog-priming';
import { isOfflineError } from '../../../src/lib/http';
import { clearKeptCopies } from '../../../src/offline/cached-read';
import { getMeta, type OfflineDb } from '../../../src/offline/db';
import { KEPT_LIST_PAGE_SIZE, type KeptRead } from '../../../src/offline/kept-lists';
import {
  bigCatalog,
  catalogOf,
  notices,
  part,
  SCOPE,
  setOnline,
  setUp,
  SMALL_CATALOG_IMAGES,
  SMALL_COMMODITY_IMAGES,
  smallCatalog,
  svg,
  tearDown,
  type CatalogServer,
  type objectUrls,
} from './harness';

let server: CatalogServer;
let db: OfflineDb;
let urls: ReturnType<typeof objectUrls>;

beforeEach(() => {
  ({ server, db, urls } = setUp());
});
afterEach(() => {
  cleanup();
  tearDown();
});

const keptImageNames = async () => (await db.documentCopies.where('kind').equals('catalog-image').primaryKeys()).map(([, id]) => id).sort();

function queryWrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  };
}

describe('the approved catalog offline (spec 3 §7: GET /PartsCatalog?plantNumber={n}&approved=true)', () => {
  it('asks for the approved catalog of the plant, keeps it row by row, and answers the kept copy with its age when offline', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    const online = await syncApprovedCatalog(SCOPE, '910');
    expect(online.fromCache).toBe(false);
    expect(catalogTree('910', online.data)).toEqual(smallCatalog('910'));
    expect(server.catalogReads()).toEqual([`/api/PartsCatalog?plantNumber=910&approved=true&since=0&limit=${KEPT_LIST_PAGE_SIZE}`]);
    expect(await db.catalogParts.where('plantNumber').equals('910').count()).toBe(8);
    expect(await db.syncState.get(catalogListName('910'))).toMatchObject({ scopeKey: catalogScope(SCOPE, '910'), complete: true });

    setOnline(server, false);
    const offline = await syncApprovedCatalog(SCOPE, '910');
    expect({ ...offline, data: catalogTree('910', offline.data) }).toEqual({
      data: smallCatalog('910'),
      storedAt: online.storedAt,
      fromCache: true,
    });
    // No copy of another plant, nor of another user's scope: the offline error comes through (the picker says the
    // catalog is not on the device).
    await expect(syncApprovedCatalog(SCOPE, '920')).rejects.toSatisfy(isOfflineError);
    await expect(syncApprovedCatalog('other@demo.homesite.test:4217', '910')).rejects.toSatisfy(isOfflineError);
  });

  it('brings a kept catalog up to date by its changes alone: a part withdrawn leaves, a part approved arrives', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    await syncApprovedCatalog(SCOPE, '910');
    const parts = catalogParts(smallCatalog('910')).filter((item) => item.partNumber !== '30407');
    // A new sink part, numbered before the kept ones (so first in its commodity).
    const strainer = part({
      partNumber: '30399',
      categoryNumber: '30',
      categoryDescription: 'Kitchen',
      commodityNumber: '340',
      commodityDescription: 'Sinks',
      plantNumber: '910',
    });
    parts.splice(
      parts.findIndex((item) => item.partNumber === '30400'),
      0,
      strainer,
    );
    const changed = catalogOf('910', parts, SMALL_COMMODITY_IMAGES);
    server.catalogs.set('910', changed);
    const read = await syncApprovedCatalog(SCOPE, '910');
    expect(server.syncAnswers.at(-1)).toMatchObject({ items: [expect.objectContaining({ partNumber: '30399' })], removed: [30407] });
    expect(catalogTree('910', read.data)).toEqual(changed);
    expect((await db.catalogParts.where('plantNumber').equals('910').toArray()).map((row) => row.partNumber).sort()).toEqual([
      '20011',
      '20018',
      '30100',
      '30107',
      '30399',
      '30400',
      '80100',
      '80107',
    ]);
  });

  it('from a backend without delta sync, keeps the catalog tree it answers as rows, and takes it whole at every sync', async () => {
    server.state.plain = true;
    server.catalogs.set('910', smallCatalog('910'));
    const first = await syncApprovedCatalog(SCOPE, '910');
    expect(catalogTree('910', first.data)).toEqual(smallCatalog('910'));
    expect(await db.catalogParts.where('plantNumber').equals('910').count()).toBe(8);

    const withdrawn = catalogOf(
      '910',
      catalogParts(smallCatalog('910')).filter((item) => item.partNumber !== '30407'),
      SMALL_COMMODITY_IMAGES,
    );
    server.catalogs.set('910', withdrawn);
    const second = await syncApprovedCatalog(SCOPE, '910');
    expect(catalogTree('910', second.data)).toEqual(withdrawn);
    expect(await db.catalogParts.where('plantNumber').equals('910').count()).toBe(7);
    // No cursor to go on from: each sync asks from nothing again.
    expect(server.catalogReads().map((read) => new URL(read, 'http://localhost').searchParams.get('since'))).toEqual(['0', '0']);
    expect(server.syncAnswers).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('useApprovedCatalog reads through once per plant for the session, and refreshes a copy read offline once online', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    const { wrapper } = queryWrapper();
    const first = renderHook(() => useApprovedCatalog('910', SCOPE), { wrapper });
    await waitFor(() => expect(first.result.current.data?.fromCache).toBe(false));
    first.unmount();
    const again = renderHook(() => useApprovedCatalog('910', SCOPE), { wrapper });
    expect(again.result.current.data?.data.plantNumber).toBe('910');
    await act(async () => undefined);
    expect(server.catalogReads()).toHaveLength(1);
    again.unmount();

    // A fresh session offline: the kept copy, marked as such; back online it is fetched again.
    setOnline(server, false);
    const other = queryWrapper();
    const offline = renderHook(() => useApprovedCatalog('910', SCOPE), { wrapper: other.wrapper });
    await waitFor(() => expect(offline.result.current.data?.fromCache).toBe(true));
    setOnline(server, true);
    offline.rerender();
    await act(async () => {
      await other.client.refetchQueries({ queryKey: catalogKeys.approved(SCOPE, '910'), stale: true });
    });
    await waitFor(() => expect(offline.result.current.data?.fromCache).toBe(false));
  });
});

describe('priming: the catalogs of the user plants with their images on the device (issue 5)', () => {
  it('keeps each catalog and every distinct image once; a second run fetches no image again', async () => {
    const other = catalogOf('920', [
      part({ partNumber: '90001', imageFilename: 'part-3031030100.svg' }),
      part({ partNumber: '90002', imageFilename: 'part-920-own.svg' }),
    ]);
    server.catalogs.set('910', smallCatalog('910'));
    server.catalogs.set('920', other);
    server.serveImagesOf(smallCatalog('910'));
    server.serveImagesOf(other);
    const progress: [number, number][] = [];

    const first = await primeCatalogs(SCOPE, ['910', '920', '910'], { onProgress: (done, total) => progress.push([done, total]) });
    const expectedImages = [...new Set([...SMALL_CATALOG_IMAGES, 'part-920-own.svg'])].sort();
    expect(await keptImageNames()).toEqual(expectedImages);
    expect([...server.imageReads()].sort()).toEqual(expectedImages);
    // One transaction per page of a catalog (each fits one), and the images together (fewer than a batch).
    expect(first).toMatchObject({
      catalogs: 2,
      parts: 8,
      rows: 10,
      images: expectedImages.length,
      keptImages: 0,
      failedImages: 0,
      writes: 10 + expectedImages.length,
      transactions: 3,
      offline: false,
    });
    expect(first.settledPlants.sort()).toEqual(['910', '920']);
    expect(first.bytes).toBeGreaterThan(expectedImages.reduce((sum, name) => sum + svg(name).length, 0));
    expect(progress[0]).toEqual([0, 2]);
    expect(progress.at(-1)).toEqual([2 + expectedImages.length, 2 + expectedImages.length]);
    expect(catalogTree('920', await db.catalogParts.where('plantNumber').equals('920').toArray())).toEqual(other);
    expect(await getMeta(db, META_CATALOG_PRIMING)).toMatchObject({
      catalogs: 2,
      images: expectedImages.length,
      plantNumbers: ['910', '920'],
    });

    const imageReads = server.imageReads().length;
    const second = await primeCatalogs(SCOPE, ['910', '920']);
    expect(server.imageReads()).toHaveLength(imageReads);
    // Both catalogs asked for their changes: none, so nothing was written but each one's cursor.
    expect(second).toMatchObject({ catalogs: 2, rows: 0, images: 0, keptImages: expectedImages.length, writes: 0, transactions: 2 });
    expect(server.syncAnswers.slice(-2).map((page) => page.items.length + page.removed.length)).toEqual([0, 0]);
  });

  it('keeps every image of a big catalog, a batch to a transaction, while downloads finish in any order', async () => {
    const big = bigCatalog(600, '930');
    server.catalogs.set('930', big);
    server.serveImagesOf(big);
    server.state.imageDelayMs = 5;
    const names = catalogImageNames(big);
    expect(names.length).toBeGreaterThan(2 * IMAGE_WRITE_BATCH);
    const figures = await primeCatalogs(SCOPE, ['930']);
    expect(figures).toMatchObject({
      catalogs: 1,
      parts: 600,
      images: names.length,
      failedImages: 0,
      transactions: 1 + Math.ceil(names.length / IMAGE_WRITE_BATCH),
    });
    expect(await keptImageNames()).toEqual([...names].sort());
    expect(await db.documentFiles.count()).toBe(names.length);
    expect(await (await readKeptImage(db, names.at(-1)!))!.text()).toBe(svg(names.at(-1)!));
  });

  it('hands fresh catalogs to the query client, so an open picker asks no second time', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    server.serveImagesOf(smallCatalog('910'));
    const { client, wrapper } = queryWrapper();
    await primeCatalogs(SCOPE, ['910'], { queryClient: client });
    expect(catalogTree('910', client.getQueryData<KeptRead<CatalogPartRow>>(catalogKeys.approved(SCOPE, '910'))!.data)).toEqual(
      smallCatalog('910'),
    );
    const reads = server.catalogReads().length;
    const picker = renderHook(() => useApprovedCatalog('910', SCOPE), { wrapper });
    expect(picker.result.current.data?.data).toEqual(smallCatalog('910'));
    await act(async () => undefined);
    expect(server.catalogReads()).toHaveLength(reads);
  });

  it('an image the server lacks is counted and shows the placeholder; a plant that is not the user’s is skipped without a toast', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    server.serveImagesOf(smallCatalog('910'));
    server.images.delete('part-3034030407.svg');
    const figures = await primeCatalogs(SCOPE, ['910', '999']);
    expect(figures).toMatchObject({ catalogs: 1, images: SMALL_CATALOG_IMAGES.length - 1, failedImages: 1 });
    // Nothing would change by asking again this session: both are settled.
    expect(figures.settledPlants.sort()).toEqual(['910', '999']);
    expect(notices).toEqual([]);
  });

  it('offline it stores nothing new, and leaves the plants to be primed once the connection is back', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    server.serveImagesOf(smallCatalog('910'));
    setOnline(server, false);
    const figures = await primeCatalogs(SCOPE, ['910']);
    expect(figures).toMatchObject({ catalogs: 0, images: 0, offline: true, settledPlants: [] });
    expect(await keptImageNames()).toEqual([]);
  });

  it('stops when aborted', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    const controller = new AbortController();
    controller.abort();
    await expect(primeCatalogs(SCOPE, ['910'], { signal: controller.signal })).rejects.toThrow();
    expect(await keptImageNames()).toEqual([]);
  });

  it('useCatalogPriming shows progress while it runs, then nothing; each plant is primed once per session', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    server.serveImagesOf(smallCatalog('910'));
    server.state.imageDelayMs = 5;
    const { wrapper } = queryWrapper();
    const seen = new Set<string>();
    const hook = renderHook(
      ({ plants }) => {
        const progress = useCatalogPriming(SCOPE, plants);
        if (progress) seen.add(`${progress.done}/${progress.total}`);
        return progress;
      },
      { wrapper, initialProps: { plants: ['910'] } },
    );
    await waitFor(() => expect(server.imageReads()).toHaveLength(SMALL_CATALOG_IMAGES.length));
    await waitFor(() => expect(hook.result.current).toBeUndefined());
    const steps = 1 + SMALL_CATALOG_IMAGES.length;
    // First the catalog (1 step), then the images join the total; the bar ends full before it goes.
    expect(seen.has('0/1')).toBe(true);
    expect(seen.has(`1/${steps}`)).toBe(true);
    expect(seen.has(`${steps}/${steps}`)).toBe(true);
    expect(await keptImageNames()).toEqual([...SMALL_CATALOG_IMAGES].sort());

    // The same plants again (a new array, another mount): nothing is asked.
    hook.rerender({ plants: ['910'] });
    hook.unmount();
    // The hook decides on what the kept lists hold: once that read is answered, a priming would start at once (its
    // progress shows before its first request), so a task later the decision shows.
    const keptListsRead = vi.spyOn(db.syncState, 'bulkGet');
    const again = renderHook(() => useCatalogPriming(SCOPE, ['910', '']), { wrapper });
    await waitFor(() => expect(keptListsRead).toHaveBeenCalled());
    await act(async () => {
      await keptListsRead.mock.results[0]!.value;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    keptListsRead.mockRestore();
    expect(again.result.current).toBeUndefined();
    expect(server.catalogReads()).toHaveLength(1);
    again.unmount();

    // A sign-out clears the kept copies: the next list primes the catalog again, but no image it already has.
    await clearKeptCopies(db);
    renderHook(() => useCatalogPriming(SCOPE, ['910']), { wrapper });
    await waitFor(() => expect(server.catalogReads()).toHaveLength(2));
    await waitFor(async () => expect((await db.syncState.get(catalogListName('910')))?.complete).toBe(true));
    expect(server.imageReads()).toHaveLength(SMALL_CATALOG_IMAGES.length);
  });
});

function ShownImage({ name }: { name: string | null }) {
  const url = useCatalogImage(name);
  return url ? <img alt={name || 'no name'} src={url} /> : <span>no image</span>;
}

describe('useCatalogImage', () => {
  it('shows the image kept on the device while offline, without asking the server', async () => {
    server.catalogs.set('910', smallCatalog('910'));
    server.serveImagesOf(smallCatalog('910'));
    await primeCatalogs(SCOPE, ['910']);
    const reads = server.reads.length;
    setOnline(server, false);
    const view = render(<ShownImage name="part-3031030100.svg" />);
    const image = await view.findByRole('img');
    expect(await urls.blobs.get(image.getAttribute('src')!)!.text()).toBe(svg('part-3031030100.svg'));
    expect(server.reads).toHaveLength(reads);
  });

  it('fetches an image not yet kept (with the http client) and keeps it; an empty name shows the placeholder', async () => {
    server.images.set('part-1.svg', svg('part-1'));
    server.images.set('placeholder.svg', svg('placeholder'));
    const view = render(
      <>
        <ShownImage name="part-1.svg" />
        <ShownImage name="" />
      </>,
    );
    await waitFor(() => expect(view.getAllByRole('img')).toHaveLength(2));
    const [own, placeholder] = view.getAllByRole('img');
    expect(await urls.blobs.get(own!.getAttribute('src')!)!.text()).toBe(svg('part-1'));
    expect(await urls.blobs.get(placeholder!.getAttribute('src')!)!.text()).toBe(svg('placeholder'));
    expect(await (await readKeptImage(db, 'part-1.svg'))!.text()).toBe(svg('part-1'));
    expect(server.fetchMock.mock.calls.every(([input]) => String(input).includes('/images/PartsCatalogImages/'))).toBe(true);
  });

  it('falls back to the placeholder when the image cannot be had, and revokes its object URLs when no card shows them', async () => {
    server.images.set('placeholder.svg', svg('placeholder'));
    const view = render(
      <>
        <ShownImage name="gone.svg" />
        <ShownImage name="placeholder.svg" />
        <ShownImage name={null} />
      </>,
    );
    await waitFor(() => expect(view.getAllByRole('img')).toHaveLength(3));
    for (const image of view.getAllByRole('img')) expect(await urls.blobs.get(image.getAttribute('src')!)!.text()).toBe(svg('placeholder'));
    // Cards showing the same image share one object URL.
    expect(
      new Set(
        view
          .getAllByRole('img')
          .slice(1)
          .map((image) => image.getAttribute('src')),
      ).size,
    ).toBe(1);
    view.unmount();
    expect(urls.live()).toEqual([]);
  });
});
