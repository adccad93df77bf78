import type { Outbox, OutboxCall } from './outbox';
import type { OutboxEntry } from './db';

/*
 * A full device. When the browser refuses to store a change (IndexedDB's QuotaExceededError, which Dexie
 * may wrap in an AbortError as `inner`), the change was not queued at all: the outbox writes an entry and
 * its files in one transaction, so nothing half-written is left, and what was queued before is untouched.
 * The user must hear exactly that, not a generic failure or a "try again" that cannot work.
 */

export const DEVICE_FULL_MESSAGE =
  'This device has no room left for this change, so it was not saved. Free up space on the device (or wait until the changes already waiting have been sent), then save again. The changes already waiting are kept.';

export class DeviceFullError extends Error {
  override readonly name = 'DeviceFullError';
  constructor(options?: { cause?: unknown }) {
    super(DEVICE_FULL_MESSAGE, options);
  }
}

/** A QuotaExceededError, as the browser throws it or wrapped by Dexie (`inner`) or another layer (`cause`). */
export function isQuotaExceeded(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { name, inner, cause } = current as { name?: unknown; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError' || name === 'DeviceFullError') return true;
    current = inner ?? cause;
  }
  return false;
}

/** outbox.enqueue, with a full device reported as DeviceFullError (its message says so). */
export async function enqueueOrExplain(outbox: Pick<Outbox, 'enqueue'>, call: OutboxCall): Promise<OutboxEntry> {
  try {
    return await outbox.enqueue(call);
  } catch (error) {
    if (isQuotaExceeded(error)) throw new DeviceFullError({ cause: error });
    throw error;
  }
}
