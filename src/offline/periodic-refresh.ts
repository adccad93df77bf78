import * as v from 'valibot';
import { BASES_COOKIE } from '../contract/bases';
import { catalogPlantOf, isKeptListName, keptListSource, type KeptListName, type KeptListSource } from '../contract/kept-lists';
import { parseBases } from '../lib/config';
import { joinUrl } from '../lib/http';
import { readTokenClaims } from '../lib/session-token';
import { drainInBackground, signedInToken, type BackgroundDrainOptions } from './background-drain';
import type { KeptListState, OfflineDb } from './db';
import { KEPT_LIST_PAGE_SIZE, mergeKeptPage, startsAfresh, type KeptListStore } from './kept-list-merge';
import type { ReplayResult } from './outbox';

/*
 * The service worker's refresh of the kept lists on Periodic Background Sync (issue 23 §2; installed Chromium apps,
 * when the browser allows it), so that an app opened in the field after a night offline shows this morning's rows.
 * It asks each list's delta with its cursor (`?since=`, the call the page makes, from the list's declared source in
 * contract/kept-lists.ts) and merges it with the page's own merge (kept-list-merge.ts).
 *
 * - Only with no page open: a page keeps its lists fresh itself (live changes, its triggers), and the rows it holds in
 *   memory would not see a merge made behind it. A page that opens meanwhile stops the refresh before the next list.
 * - Only the lists whose scope is the signed-in user's, under that user's token read from the `Bearer` cookie as the
 *   background drain reads it: one user's answer never lands in another user's copy on a shared tablet. An answer
 *   that starts a list afresh (a reset: the retail center or roles changed, the cursor is too old) is left for the
 *   page, which knows which scope the new rows are of; the copy stays as it was.
 * - The outbox is drained first when it holds anything, so the refreshed lists carry this device's own changes.
 */

export interface KeptListsRefreshOptions extends BackgroundDrainOptions {
  /** Whether a page of the app is open now. */
  pageOpen: () => Promise<boolean>;
  pageSize?: number;
}

export interface KeptListsRefresh {
  /** The outbox's drain before the refresh; undefined when the outbox was empty or nothing could be tried. */
  drained: ReplayResult | undefined;
  /** The lists brought up to date. */
  refreshed: string[];
}

/** Each kept list is the table of its name (KeptListName & keyof OfflineDb keeps the two in step); a catalog is its plant's share of catalogParts. */
function keptListStoreOf(list: string): KeptListStore<unknown> | undefined {
  if (isKeptListName(list)) {
    const name: KeptListName & keyof OfflineDb = list;
    return { list, table: (db) => db.table<unknown, number>(name) };
  }
  const plant = catalogPlantOf(list);
  return plant === undefined ? undefined : { list, table: (db) => db.catalogParts, share: { index: 'plantNumber', value: plant } };
}

/**
 * Whether a kept copy is `userName`'s: every kept scope starts with its user's name in lower case and a colon
 * (entities/view-scope.ts viewScope, the leads' scope, a catalog's `viewScope|plant`).
 */
export const scopeIsUsers = (scopeKey: string, userName: string) => scopeKey.startsWith(`${userName.toLowerCase()}:`);

/** Drains the outbox if it holds anything, then brings the signed-in user's kept lists up to date. Undefined when no one is signed in. */
export async function refreshKeptLists(options: KeptListsRefreshOptions): Promise<KeptListsRefresh | undefined> {
  const { db } = options;
  const now = options.now ?? Date.now;
  const cookies = await options.readCookies();
  const token = signedInToken(cookies, now());
  const userName = token && readTokenClaims(token).userName;
  if (!token || !userName) return undefined;

  const waiting = await db.withReopen(() => db.outbox.count());
  const drained = waiting > 0 ? await drainInBackground(options) : undefined;

  const fetchPage = async <Row>(source: KeptListSource<Row>, since: string) => {
    const query = new URLSearchParams({ ...source.query, since, limit: String(options.pageSize ?? KEPT_LIST_PAGE_SIZE) });
    const url = `${joinUrl(parseBases(cookies.get(BASES_COOKIE))[source.endpoint.base], source.endpoint.path)}?${query.toString()}`;
    const response = await (options.fetch ?? fetch)(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
    // 401 (the session ended), 403 (the list is no longer theirs) and the rest: the page meets it when it opens.
    if (!response.ok) return undefined;
    const parsed = v.safeParse(source.page, await response.json());
    return parsed.success ? parsed.output : undefined;
  };

  const refreshList = async (state: KeptListState, source: KeptListSource<unknown>, store: KeptListStore<unknown>) => {
    for (let current = state; ;) {
      const page = await fetchPage(source, current.cursor);
      if (!page || startsAfresh(current, page)) return false;
      current = await mergeKeptPage(db, store, current, page, now());
      if (!page.more) return true;
    }
  };

  const refreshed: string[] = [];
  const kept = await db.withReopen(() => db.syncState.toArray());
  for (const state of kept) {
    const source = keptListSource(state.list);
    const store = keptListStoreOf(state.list);
    if (!source || !store || !scopeIsUsers(state.scopeKey, userName)) continue;
    if (await options.pageOpen()) break;
    if (await refreshList(state, source, store)) refreshed.push(state.list);
  }
  return { drained, refreshed };
}
