import type { BrowserContext, Page } from 'playwright-core';
import { OUTBOX_SYNC_TAG, KEPT_LISTS_REFRESH_TAG } from '../../src/offline/sw-messages';

/**
 * Fires a service worker event of the app's through the DevTools protocol. The protocol's ServiceWorker domain lives
 * on page targets, so it is reached from a blank page: it has no origin of the app's, so for the worker
 * (clients.matchAll) no page of the app is open. Answers that blank page, for the caller to close.
 */
async function fireServiceWorkerEvent(
  context: BrowserContext,
  origin: string,
  event: { method: 'ServiceWorker.dispatchSyncEvent'; lastChance: boolean } | { method: 'ServiceWorker.dispatchPeriodicSyncEvent' },
  tag: string,
): Promise<Page> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL.startsWith(origin) && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { method, ...rest } = event;
  await cdp.send(method, { origin, registrationId: await registrationId, tag, ...rest });
  return blank;
}

/** Background Sync of the outbox (ServiceWorker.dispatchSyncEvent), not its last chance. */
export const fireOutboxSync = (context: BrowserContext, origin: string) =>
  fireServiceWorkerEvent(context, origin, { method: 'ServiceWorker.dispatchSyncEvent', lastChance: false }, OUTBOX_SYNC_TAG);

/** Periodic Background Sync of the kept lists (ServiceWorker.dispatchPeriodicSyncEvent). */
export const firePeriodicSync = (context: BrowserContext, origin: string) =>
  fireServiceWorkerEvent(context, origin, { method: 'ServiceWorker.dispatchPeriodicSyncEvent' }, KEPT_LISTS_REFRESH_TAG);
