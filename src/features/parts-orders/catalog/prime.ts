import type { QueryClient } from '@tanstack/react-query';
import type { PartsCatalog } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { setMeta } from '../../../offline/db';
import { getOffline } from '../../../offline/runtime';
import { CATALOG_KINDS, catalogKeys, syncApprovedCatalog, tallyCatalogSync } from './api';
import { fetchImage, keepImages, keptImageName, type FetchedImage } from './images';
import { catalogTree, isPickable } from './model';

/** How many catalog and image requests run at once while priming. */
export const CATALOG_PRIME_CONCURRENCY = 4;
/** Downloaded images are kept this many to a transaction. */
export const IMAGE_WRITE_BATCH = 32;
/** The meta row holding the figures of the last priming run (for diagnostics and the benchmark). */
export const META_CATALOG_PRIMING = 'catalogPriming';

export interface CatalogPrimingFigures {
  /** Catalogs brought up to date with the server. */
  catalogs: number;
  /** Pickable parts in those catalogs. */
  parts: number;
  /** Catalog rows the server sent (changed, new or removed): all of them for a catalog not kept yet, its changes otherwise. */
  rows: number;
  /** Images fetched and kept in this run. */
  images: number;
  /** Images already on the device, not fetched again. */
  keptImages: number;
  /** Images not kept: the server did not give them, no connection, or the device refused the write; their cards show the placeholder. */
  failedImages: number;
  /** Bytes received and written: the catalogs' pages as JSON and the images. */
  bytes: number;
  /** Rows written to IndexedDB: the catalogs' rows (put or deleted) and the images. */
  writes: number;
  /** IndexedDB write transactions they took: one per page of a catalog's sync, one per batch of images. */
  transactions: number;
  /** Time spent merging the catalogs' pages (IndexedDB and memory) and writing the image batches, summed (they may overlap each other and the downloads). */
  writeMs: number;
  /** The whole run, downloads included. */
  ms: number;
  /**
   * Plants with nothing left to do while the server stays as it is: the catalog came from the server and no
   * image of it is left to keep (for want of a connection or room), or the server refused the catalog (not the user's plant).
   */
  settledPlants: string[];
  /** Of those, the plants whose catalog the server refused. */
  refusedPlants: string[];
  /** The server could not be reached (kept copies were read, nothing new stored). */
  offline: boolean;
}

export interface PrimeCatalogOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Also hands each fresh catalog to this query client, so an open picker needs no second request. */
  queryClient?: QueryClient;
  concurrency?: number;
}

/** The distinct image files of a catalog's pickable parts and their commodities (placeholder included where used). */
export function catalogImageNames(catalog: PartsCatalog): string[] {
  const names = new Set<string>();
  for (const category of catalog.categoryCatalogs) {
    for (const commodity of category.commodityCatalogs) {
      const parts = commodity.parts.filter(isPickable);
      if (parts.length === 0) continue;
      names.add(keptImageName(commodity.imageFilename));
      for (const part of parts) names.add(keptImageName(part.imageFilename));
    }
  }
  return [...names];
}

async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>, signal?: AbortSignal) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      signal?.throwIfAborted();
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  signal?.throwIfAborted();
}

/**
 * Keeps the approved catalog of each plant, and every image its parts and commodities show, on the device
 * (issue 5: the approved catalog of the user's plants, with images, readable offline). Each catalog is a kept list
 * (catalog/api.ts): a plant kept already is brought up to date by its changes alone. Images already kept are not
 * fetched again: a file keeps its content for its name. Rejects only when `signal` aborts.
 */
export async function primeCatalogs(
  scope: string,
  plantNumbers: readonly string[],
  options: PrimeCatalogOptions = {},
): Promise<CatalogPrimingFigures> {
  const { signal, onProgress, queryClient } = options;
  const db = getOffline().db;
  const concurrency = options.concurrency ?? CATALOG_PRIME_CONCURRENCY;
  const began = performance.now();
  const plants = [...new Set(plantNumbers.filter(Boolean))];
  const figures: CatalogPrimingFigures = {
    catalogs: 0,
    parts: 0,
    rows: 0,
    images: 0,
    keptImages: 0,
    failedImages: 0,
    bytes: 0,
    writes: 0,
    transactions: 0,
    writeMs: 0,
    ms: 0,
    settledPlants: [],
    refusedPlants: [],
    offline: false,
  };
  let done = 0;
  let total = plants.length;
  const progress = () => onProgress?.(done, total);
  progress();

  const fresh = new Map<string, PartsCatalog>();
  const refused: string[] = [];
  await eachLimited(
    plants,
    concurrency,
    async (plantNumber) => {
      const endTally = tallyCatalogSync(plantNumber);
      try {
        const read = await syncApprovedCatalog(scope, plantNumber);
        const tally = endTally();
        if (read.fromCache) {
          figures.offline = true;
        } else {
          const catalog = catalogTree(plantNumber, read.data);
          fresh.set(plantNumber, catalog);
          figures.catalogs += 1;
          figures.rows += tally.rows + tally.removed;
          figures.writes += tally.rows + tally.removed;
          figures.transactions += tally.pages;
          figures.writeMs += tally.mergeMs;
          figures.bytes += tally.bytes;
          figures.parts += read.data.filter(isPickable).length;
          // An open picker reads the same kept rows; its query needs no request of its own. It gets the NOT_PERSISTED
          // meta of its options: a query made by setQueryData alone has none, went to the localStorage persister, and
          // after a reload offline its older copy stood in for the kept rows.
          queryClient?.setQueryDefaults(catalogKeys.approved(scope, plantNumber), { meta: NOT_PERSISTED });
          queryClient?.setQueryData(catalogKeys.approved(scope, plantNumber), read);
        }
      } catch (error) {
        endTally();
        if (signal?.aborted) throw error;
        if (isOfflineError(error)) figures.offline = true;
        else if (isHttpError(error)) refused.push(plantNumber);
        else console.error(`keeping the parts catalog of plant ${plantNumber} failed`, error);
      }
      done += 1;
      progress();
    },
    signal,
  );

  const names = [...new Set([...fresh.values()].flatMap(catalogImageNames))];
  const kept = await db.withReopen(() => db.documentCopies.bulkGet(names.map((name) => [CATALOG_KINDS.image, name] as [string, string])));
  const missing = names.filter((_, index) => !kept[index]);
  figures.keptImages = names.length - missing.length;
  total += missing.length;
  progress();
  const unreachable = new Set<string>();
  let downloaded: FetchedImage[] = [];
  const keepDownloaded = async () => {
    const batch = downloaded;
    downloaded = [];
    if (batch.length === 0) return;
    const writing = performance.now();
    try {
      await keepImages(db, batch);
    } catch (error) {
      // The device refused the write (storage full): these images are tried again next time.
      console.error('keeping catalog images failed', error);
      for (const image of batch) unreachable.add(image.name);
      done += batch.length;
      progress();
      return;
    }
    figures.writeMs += performance.now() - writing;
    figures.transactions += 1;
    figures.images += batch.length;
    figures.writes += batch.length;
    figures.bytes += batch.reduce((sum, image) => sum + image.data.byteLength, 0);
    done += batch.length;
    progress();
  };
  await eachLimited(
    missing,
    concurrency,
    async (name) => {
      if (figures.offline) {
        unreachable.add(name);
        done += 1;
        progress();
        return;
      }
      try {
        // Fetched first, then pushed: `downloaded.push(await …)` would push into a batch already being written.
        const image = await fetchImage(name, signal);
        downloaded.push(image);
        if (downloaded.length >= IMAGE_WRITE_BATCH) await keepDownloaded();
      } catch (error) {
        if (signal?.aborted) throw error;
        if (isOfflineError(error)) {
          figures.offline = true;
          unreachable.add(name);
        }
        done += 1;
        progress();
      }
    },
    signal,
  );
  await keepDownloaded();
  figures.failedImages = missing.length - figures.images;

  figures.settledPlants = [
    ...[...fresh]
      .filter(([, catalog]) => !catalogImageNames(catalog).some((name) => unreachable.has(name)))
      .map(([plantNumber]) => plantNumber),
    ...refused,
  ];
  figures.refusedPlants = refused;
  figures.ms = Math.round(performance.now() - began);
  figures.writeMs = Math.round(figures.writeMs);
  await setMeta(db, META_CATALOG_PRIMING, { ...figures, plantNumbers: plants, at: Date.now() });
  return figures;
}
