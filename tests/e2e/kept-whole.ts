import type { Page } from 'playwright-core';

/**
 * Whether the device's copy of a kept list is whole (offline/kept-lists.ts syncState), read from IndexedDB. A list's
 * first rows may be the server's (a device with no whole copy asks its first page at once), so rows on the screen do
 * not say the list is kept.
 */
export function keptWhole(page: Page, list: string) {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('homesite');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('syncState')) return false;
      const request = db.transaction('syncState').objectStore('syncState').get(name);
      const state = await new Promise<{ complete?: boolean } | undefined>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as { complete?: boolean } | undefined);
        request.onerror = () => reject(request.error);
      });
      return state?.complete === true;
    } finally {
      db.close();
    }
  }, list);
}
