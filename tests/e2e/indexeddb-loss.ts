import type { BrowserContext, Page } from 'playwright-core';

/*
 * Safari on iPad drops IndexedDB connections while the app is in the background ("Connection to Indexed Database
 * server lost", issue 22 §6). Chromium never does, so a test makes it happen from the page: every connection open at
 * that moment fails each request with WebKit's UnknownError, as WebKit's do, while the app takes it for open; a
 * connection opened afterwards works, or, with `reopenFails`, cannot be opened either (the storage stays gone until
 * the page is reloaded). Test code only: the app has no hook for it.
 */

interface LossHook {
  loseIndexedDb(options: { reopenFails: boolean }): void;
}

/** Installs the loss in every page of `context` (it does nothing until loseIndexedDb is called). */
export async function installIndexedDbLoss(context: BrowserContext) {
  await context.addInitScript(() => {
    const { open } = IDBFactory.prototype;
    const { objectStore } = IDBTransaction.prototype;
    const lostMessage = 'Connection to Indexed Database server lost. Refresh the page to try again';
    (window as unknown as LossHook).loseIndexedDb = ({ reopenFails }) => {
      const openedAfter = new WeakSet<IDBDatabase>();
      IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
        if (reopenFails) throw new DOMException(lostMessage, 'UnknownError');
        const request = open.apply(this, args);
        request.addEventListener('success', () => openedAfter.add(request.result));
        return request;
      };
      IDBTransaction.prototype.objectStore = function (this: IDBTransaction, name: string) {
        if (!openedAfter.has(this.db)) throw new DOMException(lostMessage, 'UnknownError');
        return objectStore.call(this, name);
      };
    };
  });
}

/** Drops every IndexedDB connection of the page now (installIndexedDbLoss first). */
export async function loseIndexedDb(page: Page, options: { reopenFails: boolean } = { reopenFails: false }) {
  await page.evaluate((reopenFails) => (window as unknown as LossHook).loseIndexedDb({ reopenFails }), options.reopenFails);
}
