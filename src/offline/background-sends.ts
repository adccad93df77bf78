import { notify, type Notifier } from '../lib/notifier';
import type { OfflineDb } from './db';
import type { Outbox } from './outbox';

/*
 * What the service worker sent while no page was open (issue 23 §3). Its drain counts every acknowledged change under
 * META_SENT_IN_BACKGROUND, in the transaction that removes the change (Outbox tallySentUnder); the next page that opens
 * takes the count and tells the user. Changes that failed or met a conflict stay in the outbox, so Pending changes
 * lists them as it always does.
 */

export const META_SENT_IN_BACKGROUND = 'sentInBackground';

export const sentWhileClosedMessage = (count: number) =>
  count === 1 ? '1 change was sent while the app was closed' : `${count} changes were sent while the app was closed`;

/** Reads and clears the count in one transaction, so that two tabs opening together tell it once. */
export function takeBackgroundSends(db: OfflineDb): Promise<number> {
  return db.withReopen(() =>
    db.transaction('rw', db.meta, async () => {
      const count = (await db.meta.get(META_SENT_IN_BACKGROUND))?.value;
      if (typeof count !== 'number' || count <= 0) return 0;
      await db.meta.delete(META_SENT_IN_BACKGROUND);
      return count;
    }),
  );
}

/**
 * Tells the user, as a toast, what the worker sent while the app was closed: when the page starts, and after each of
 * its replays. A page that opens during the worker's drain replays only once the drain let go of the outbox's Web
 * Lock, so what the drain sent after the page opened is told then, added to what was told before. Answers the stop.
 */
export function announceBackgroundSends(db: OfflineDb, outbox: Outbox, notifier: Notifier = { notify }): () => void {
  let told = 0;
  const check = () =>
    void takeBackgroundSends(db).then(
      (count) => {
        if (count === 0) return;
        told += count;
        notifier.notify({ level: 'success', id: META_SENT_IN_BACKGROUND, title: sentWhileClosedMessage(told) });
      },
      (error: unknown) => console.error('reading what was sent in the background failed', error),
    );
  check();
  return outbox.subscribe((event) => {
    if (event.type === 'replayFinished') check();
  });
}
