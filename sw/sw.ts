/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DEFAULT_BASES } from '../src/contract/bases';
import { parseCookies } from '../src/lib/cookies';
import { drainInBackground } from '../src/offline/background-drain';
import { openOfflineDb } from '../src/offline/db';
import { refreshKeptLists } from '../src/offline/periodic-refresh';
import {
  API_PREFIXES,
  KEPT_LISTS_REFRESH_TAG,
  OUTBOX_SYNC_MESSAGE,
  OUTBOX_SYNC_TAG,
  SKIP_WAITING_MESSAGE,
  type OutboxSyncMessage,
} from '../src/offline/sw-messages';

/*
 * The app shell and every route chunk are precached, so the app opens and navigates offline.
 * API answers are never cached here: the app keeps its own copies (query cache, Dexie) and shows
 * their age; a second, invisible cache would serve data nobody can tell is stale.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so it works offline without a reload.
clientsClaim();

const apiPath = new RegExp(`^(${API_PREFIXES.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/|$)`, 'i');

// Client routes (history URLs) are all answered with the shell; API paths never are.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [apiPath] }));

// Images (house photos, brand logos) rarely change and are the heaviest thing a field user downloads.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' || (url.origin === self.location.origin && url.pathname.startsWith(`${DEFAULT_BASES.images}/`)),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// "A new version is available" → Reload: the waiting worker takes over (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

/*
 * Background Sync (Chromium). With a page open, the page replays the outbox: it shows the progress, and its screens
 * follow each answer through the outbox's events. With none open, the worker drains the outbox itself with the same
 * core under the same Web Lock (src/offline/background-drain.ts), so a page opened meanwhile waits for the drain.
 * A drain that met no answer or a 5xx rejects: the browser fires the sync again later.
 */
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutbox());
});

const openPages = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function syncOutbox() {
  const pages = await openPages();
  if (pages.length > 0 || !self.cookieStore) {
    const message: OutboxSyncMessage = { type: OUTBOX_SYNC_MESSAGE };
    for (const page of pages) page.postMessage(message);
    return;
  }
  const db = openOfflineDb();
  try {
    const result = await drainInBackground({ db, readCookies });
    if (result?.stoppedBy === 'transient') throw new Error('Changes are still waiting for the server.');
  } finally {
    // Held open, the worker's connection would hold up a newer app's schema upgrade.
    db.close();
  }
}

/** The origin's cookies, decoded as the page reads them (lib/cookies.ts). */
async function readCookies() {
  const cookies = await self.cookieStore.getAll();
  return parseCookies(cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
}

/*
 * Periodic Background Sync (installed Chromium apps, registered by offline/periodic-refresh-registration.ts): with no
 * page open, the signed-in user's kept lists are brought up to date (src/offline/periodic-refresh.ts). With a page
 * open there is nothing to do: the page keeps its lists fresh itself.
 */
self.addEventListener('periodicsync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== KEPT_LISTS_REFRESH_TAG) return;
  sync.waitUntil(refreshInBackground());
});

async function refreshInBackground() {
  if (!self.cookieStore || (await openPages()).length > 0) return;
  const db = openOfflineDb();
  try {
    await refreshKeptLists({ db, readCookies, pageOpen: async () => (await openPages()).length > 0 });
  } finally {
    db.close();
  }
}
