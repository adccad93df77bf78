import { isOfflineError } from '../lib/http';
import type { CachedEntity, OfflineDb } from './db';
import { clearKeptLists } from './kept-lists';
import { getOffline } from './runtime';

/*
 * Reads that must stay available offline and may be too large for the persisted query cache
 * (localStorage holds ~5 MB; a retailer's work orders can be tens of MB): network first, the answer
 * kept in the `entities` table; with no connection, the kept copy, saying how old it is.
 */

export interface CachedRead<T> {
  data: T;
  /** When this copy came from the server (ms). */
  storedAt: number;
  /** True when the server could not be reached and this is the copy kept on the device. */
  fromCache: boolean;
}

/** A query that gives CachedRead must not also go to the localStorage persister: it is stored here. */
export const NOT_PERSISTED = { persist: false } as const;

export function readThrough<T>(
  kind: string,
  id: string,
  fetchFresh: () => Promise<T>,
  options: { db?: OfflineDb; now?: () => number } = {},
): Promise<CachedRead<T>> {
  return readFreshOrKept(
    kind,
    fetchFresh,
    () => id,
    (db) => db.entities.get([kind, id]),
    options,
  );
}

/**
 * readThrough for a record that a route names by another of its ids (a work order by its work-order id, a
 * submitted parts order by its Vantage request id): the copy is kept under the record's own id (`idOf` its
 * answer), so there is one copy per record whichever route read it; offline it is found by `matches`.
 */
export function readThroughAlias<T>(
  kind: string,
  fetchFresh: () => Promise<T>,
  idOf: (data: T) => string,
  matches: (data: T) => boolean,
  options: { db?: OfflineDb; now?: () => number } = {},
): Promise<CachedRead<T>> {
  // A few hundred kept records of a kind at most (a technician's open work): a scan is quick.
  const findKept = (db: OfflineDb) =>
    db.entities
      .where('kind')
      .equals(kind)
      .filter((entity) => matches(entity.data as T))
      .first();
  return readFreshOrKept(kind, fetchFresh, idOf, findKept, options);
}

/** Network first, the answer kept under `idOf` it; with no connection, the copy `findKept` finds. */
async function readFreshOrKept<T>(
  kind: string,
  fetchFresh: () => Promise<T>,
  idOf: (data: T) => string,
  findKept: (db: OfflineDb) => Promise<CachedEntity | undefined>,
  options: { db?: OfflineDb; now?: () => number },
): Promise<CachedRead<T>> {
  const db = options.db ?? getOffline().db;
  const now = options.now ?? Date.now;
  try {
    const data = await fetchFresh();
    const storedAt = now();
    await db.withReopen(() => db.entities.put({ kind, id: idOf(data), data, updatedAt: storedAt }));
    return { data, storedAt, fromCache: false };
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    const kept = await db.withReopen(() => findKept(db));
    if (!kept) throw error;
    return { data: kept.data as T, storedAt: kept.updatedAt, fromCache: true };
  }
}

/** The kept copy alone (e.g. to build a screen before the network answers), or undefined. */
export async function readKept<T>(kind: string, id: string, db: OfflineDb = getOffline().db): Promise<CachedRead<T> | undefined> {
  const kept = await db.withReopen(() => db.entities.get([kind, id]));
  return kept ? { data: kept.data as T, storedAt: kept.updatedAt, fromCache: true } : undefined;
}

/**
 * Logout on a shared tablet: the kept copies (work orders, homes…) go with the user. Queued changes
 * stay — they are only ever sent under their owner's sign-in (outbox.ts).
 */
export async function clearKeptCopies(db: OfflineDb = getOffline().db): Promise<void> {
  await db.withReopen(() => db.entities.clear());
  await clearKeptLists(db);
}
