import type { DatabaseNotifications } from '../db/client';

/*
 * A background worker over a queue kept in the database (mail, records to sync again after a rename): one pass at a
 * time, run at start (what a stopped instance left), at the queue's NOTIFY (sent at commit by any instance or the
 * command line) and every `pollMs`. Work asked for while a pass runs is done by one more round of it.
 */

export interface QueueWorker<Report> {
  /** A pass now, awaited (or the pass under way, with one more round after it): what it did. */
  runNow: () => Promise<Report>;
  close: () => Promise<void>;
}

export async function startQueueWorker<Report>(options: {
  /** One round over the queue: what it did, and whether more is due at once. `closed` says the worker is closing. */
  round: (closed: () => boolean) => Promise<{ report: Report; more: boolean }>;
  /** The report of a pass from those of its rounds. */
  add: (total: Report, next: Report) => Report;
  channel: string;
  notifications?: DatabaseNotifications | undefined;
  pollMs: number;
  /** A pass that failed: it is tried again at the next wake-up. */
  onError: (error: unknown) => void;
}): Promise<QueueWorker<Report>> {
  let running: Promise<Report> | null = null;
  let again = false;
  let closed = false;
  const isClosed = () => closed;

  const pass = async () => {
    again = false;
    let { report: total, more } = await options.round(isClosed);
    while ((again || more) && !closed) {
      again = false;
      const next = await options.round(isClosed);
      total = options.add(total, next.report);
      more = next.more;
    }
    return total;
  };

  const runNow = () => {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
    });
    return running;
  };

  const kick = () => {
    if (!closed) runNow().catch(options.onError);
  };

  const timer = setInterval(kick, options.pollMs);
  timer.unref();
  const stopListening = await options.notifications?.listen(options.channel, kick, kick);
  kick();

  return {
    runNow,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await stopListening?.();
      await running?.catch(() => undefined);
    },
  };
}
