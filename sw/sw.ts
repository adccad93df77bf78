/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DEFAULT_BASES } from '../src/contract/bases';
import {
  API_PREFIXES,
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

// Background Sync (Chromium): the page owns the outbox, so the worker only wakes the open pages to replay it.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const message: OutboxSyncMessage = { type: OUTBOX_SYNC_MESSAGE };
      for (const client of clients) client.postMessage(message);
    }),
  );
});
