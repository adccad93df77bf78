import { isOfflineError } from '../../lib/http';
import { readThrough } from '../../offline/cached-read';
import type { OfflineDb } from '../../offline/db';
import { getOffline } from '../../offline/runtime';
import { getHomeWarranty } from './api/get-home-warranty';
import { getPartsLines } from './api/get-parts-lines';
import { getRequestLines } from './api/get-request-lines';
import { HISTORY_KINDS } from './api/keys';

/** A home whose three copies are younger than this is not read again. */
export const PRIME_FRESH_FOR_MS = 15 * 60_000;
const PRIME_CONCURRENCY = 2;

export interface PrimeOptions {
  db?: OfflineDb;
  now?: () => number;
  /** Homes kept more recently than this (ms) are skipped; 0 reads every home again. */
  freshForMs?: number;
  concurrency?: number;
}

export interface PrimeResult {
  /** Homes whose history was read from the server and kept. */
  kept: number[];
  /** Homes whose kept history was fresh enough. */
  skipped: number[];
  /** Homes not kept: the server refused a read, or the connection was lost (the rest are then not tried). */
  failed: number[];
}

/**
 * Reads the service history (requests with their items, parts orders, warranty card) of the given homes
 * and keeps it on the device, so that each can be opened offline — for a technician, the homes of their
 * open work orders. Runs in the background: nothing is shown, `signal` stops it between homes and
 * mid-read. Stops at the first sign of no connection.
 */
export async function primeServiceHistory(
  assetIds: readonly number[],
  signal?: AbortSignal,
  options: PrimeOptions = {},
): Promise<PrimeResult> {
  const db = options.db ?? getOffline().db;
  const now = options.now ?? Date.now;
  const freshForMs = options.freshForMs ?? PRIME_FRESH_FOR_MS;
  const result: PrimeResult = { kept: [], skipped: [], failed: [] };
  const queue = [...new Set(assetIds)];
  let offline = false;

  const primeOne = async (assetId: number) => {
    const id = String(assetId);
    const kinds = [HISTORY_KINDS.requests, HISTORY_KINDS.parts, HISTORY_KINDS.warranty];
    const kept = await db.withReopen(() => db.entities.bulkGet(kinds.map((kind) => [kind, id] as [string, string])));
    if (freshForMs > 0 && kept.every((copy) => copy !== undefined && now() - copy.updatedAt < freshForMs)) {
      result.skipped.push(assetId);
      return;
    }
    const reads = await Promise.allSettled([
      readThrough(HISTORY_KINDS.requests, id, () => getRequestLines(assetId, signal), { db, now }),
      readThrough(HISTORY_KINDS.parts, id, () => getPartsLines(assetId, signal), { db, now }),
      readThrough(HISTORY_KINDS.warranty, id, () => getHomeWarranty(assetId, signal), { db, now }),
    ]);
    // readThrough answers the kept copy when the server cannot be reached: that is no fresh read.
    if (
      reads.some((read) => read.status === 'fulfilled' && read.value.fromCache) ||
      reads.some((read) => read.status === 'rejected' && isOfflineError(read.reason))
    ) {
      offline = true;
    }
    if (reads.every((read) => read.status === 'fulfilled' && !read.value.fromCache)) result.kept.push(assetId);
    else result.failed.push(assetId);
  };

  const worker = async () => {
    for (let assetId = queue.shift(); assetId !== undefined; assetId = queue.shift()) {
      if (signal?.aborted || offline) {
        result.failed.push(assetId);
        continue;
      }
      await primeOne(assetId);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? PRIME_CONCURRENCY) }, worker));
  return result;
}
