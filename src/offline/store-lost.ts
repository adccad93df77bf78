/*
 * Lost IndexedDB connections (issue 22 §6). Safari on iPad drops the connection while the app is in the background
 * ("Connection to Indexed Database server lost"): every request on it fails until the database is opened again, and
 * a reopen that fails leaves Dexie closed for good (DatabaseClosedError). Each unit of work on the device's store
 * reopens the database once and runs again (OfflineDb.withReopen); when that fails too, the store is lost for this
 * page and the app asks for a reload (StoreLostNotice). This module holds no Dexie, so the notice costs the shell
 * nothing to import.
 */

/** The errors a dropped or closed connection shows as, by name, whether the browser's (DOMException) or Dexie's. */
const LOST_CONNECTION_NAMES = new Set(['DatabaseClosedError', 'InvalidStateError', 'UnknownError']);

/** Whether an error of the store means its connection is gone (as the browser throws it, or wrapped by Dexie or us). */
export function isLostConnection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { name, message, inner, cause } = current as { name?: unknown; message?: unknown; inner?: unknown; cause?: unknown };
    if (typeof name === 'string' && LOST_CONNECTION_NAMES.has(name)) return true;
    // Chromium aborts the transactions of a connection it closes itself.
    if (name === 'AbortError' && typeof message === 'string' && /connection/i.test(message)) return true;
    current = inner ?? cause;
  }
  return false;
}

export const STORE_LOST_MESSAGE =
  'This device’s storage stopped answering, so this could not be saved on the device. Reload to continue; what was saved before is kept.';

/** The store was reopened and failed again: nothing more can be read or saved on this page until it is reloaded. */
export class StoreLostError extends Error {
  override readonly name = 'StoreLostError';
  constructor(options?: { cause?: unknown }) {
    super(STORE_LOST_MESSAGE, options);
  }
}

let lost = false;
const listeners = new Set<() => void>();

/** Says the store is lost (the app shows its notice) and answers the error to throw in its place. */
export function reportStoreLost(cause: unknown): StoreLostError {
  console.error('the device store is lost until the page is reloaded', cause);
  if (!lost) {
    lost = true;
    for (const listener of listeners) listener();
  }
  return cause instanceof StoreLostError ? cause : new StoreLostError({ cause });
}

export const isStoreLost = () => lost;

export function subscribeStoreLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: a store that is answering again. */
export function resetStoreLost() {
  lost = false;
  for (const listener of listeners) listener();
}
