import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** How many changes wait in the device's outbox (IndexedDB `homesite`); 0 before the app made its database. */
export const outboxSize = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

/**
 * Follows the writes a browser context sends (its pages' and its service worker's), from now on. `delivered` waits
 * until the device's outbox is empty and every write sent has its answer: nothing more of the device can reach the
 * server then, so what the server holds is final. That is the moment to count that nothing was sent twice.
 */
export function followWrites(context: BrowserContext) {
  const unanswered = new Set<Request>();
  context.on('request', (request) => {
    if (request.method() !== 'GET' && request.method() !== 'HEAD') unanswered.add(request);
  });
  const answered = (request: Request) => unanswered.delete(request);
  context.on('requestfinished', answered);
  context.on('requestfailed', answered);
  return {
    delivered: async (page: Page, timeout = 30_000) => {
      await expect
        .poll(async () => ({ queued: await outboxSize(page), unanswered: unanswered.size }), { timeout, interval: 250 })
        .toEqual({ queued: 0, unanswered: 0 });
    },
  };
}
