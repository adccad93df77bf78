import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeListAnswer, HomeSearchAnswer, paths, type HomeSummary } from '../contract';
import { request } from '../lib/http';
import { NOT_PERSISTED, readKept, readThrough } from '../offline/cached-read';
import { getOffline } from '../offline/runtime';
import type { SearchableList } from '../offline/use-list-search';

/**
 * The homes the user sees (a view scope's, entities/view-scope.ts): what a service request is opened for, and what an
 * order made offline shows its homeowner and address from until the server has it. Work orders and parts orders read
 * one copy, kept on the device so that a home can be picked offline: every home of a small scope, at most
 * HOMES_KEPT_CAP of a large one (contract/homes.ts), and the homes picked on this device from a search of the rest.
 */

/** The kind the copy is kept under in IndexedDB (offline/cached-read), one per view scope: devices hold it already. */
export const HOMES_KEPT_KIND = 'homes';
/** The homes found on the server and picked here (a request opened for one must show it offline), newest first. */
export const PICKED_HOMES_KIND = 'homes-picked';
const PICKED_HOMES_HELD = 200;

export const homeKeys = {
  all: ['homes'] as const,
  list: (scope: string) => [...homeKeys.all, scope] as const,
};

/** GET {api}/Homes. */
export const fetchHomes = (signal?: AbortSignal) => request(paths.homes, { schema: HomeListAnswer, signal });

/** GET {api}/Homes?page=n&q=: every home of the scope, searched on the server (online only). */
export const homeSearch: SearchableList<HomeSummary> = { endpoint: paths.homes, answer: HomeSearchAnswer, queryKey: homeKeys.all };

/** The first page of homes the server finds for `q`. */
export const searchHomes = async (q: string, signal?: AbortSignal) =>
  (await request(paths.homes, { query: { page: '1', q }, schema: HomeSearchAnswer, signal })).rows;

/** The kept copy, with the homes picked on this device that it does not hold. */
async function readHomes(scope: string) {
  const [copy, picked] = await Promise.all([
    readThrough(HOMES_KEPT_KIND, scope, () => fetchHomes()),
    readKept<HomeSummary[]>(PICKED_HOMES_KIND, scope),
  ]);
  if (!picked) return copy;
  const kept = new Set(copy.data.map((home) => home.assetId));
  return { ...copy, data: [...copy.data, ...picked.data.filter((home) => !kept.has(home.assetId))] };
}

/** Keeps a home found on the server with the copy (useHomes answers it from then on, offline too). */
export async function keepPickedHome(scope: string, home: HomeSummary) {
  const { db } = getOffline();
  const picked = await readKept<HomeSummary[]>(PICKED_HOMES_KIND, scope, db);
  const others = (picked?.data ?? []).filter((kept) => kept.assetId !== home.assetId);
  const data = [home, ...others].slice(0, PICKED_HOMES_HELD);
  await db.withReopen(() => db.entities.put({ kind: PICKED_HOMES_KIND, id: scope, data, updatedAt: Date.now() }));
}

export const homesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: homeKeys.list(scope),
    queryFn: () => readHomes(scope),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60_000,
  });

export const useHomes = (scope: string) => useQuery(homesQueryOptions(scope));
