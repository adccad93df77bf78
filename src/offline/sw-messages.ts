import { DEFAULT_BASES } from '../contract/bases';

/** What the page and the service worker say to each other. Shared so neither side misspells it. */

/** workbox-window's messageSkipWaiting() posts this type. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The Background Sync tag the page registers when writes wait for the network. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Posted by the service worker to open pages when Background Sync fires: the page replays the outbox. */
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';

export interface OutboxSyncMessage {
  type: typeof OUTBOX_SYNC_MESSAGE;
}

export function isOutboxSyncMessage(data: unknown): data is OutboxSyncMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE;
}

/** Same-origin API prefixes: never answered with the app shell, never cached by the service worker. */
export const API_PREFIXES: readonly string[] = Object.values(DEFAULT_BASES);

/** The Periodic Background Sync tag of the kept lists' refresh with no page open (offline/periodic-refresh.ts). */
export const KEPT_LISTS_REFRESH_TAG = 'kept-lists-refresh';
