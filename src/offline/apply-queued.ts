import type { PendingMark } from '../lib/pending-mark';
import { pendingMarkOf } from './conflicts';
import type { OutboxEntry } from './db';

/*
 * A kept record as it will be once its queued changes reach the server (a work order, a parts order): the server's
 * copy, or the skeleton its queued create builds, with each of its outbox entries applied in queue order. What
 * every such record shares is here; each feature applies the changes only it has.
 */

/** The marks every pending view of a record carries. */
export interface QueuedRecordView {
  rowVersion: number;
  hasPendingChanges: boolean;
  failures: PendingMark[];
  pending?: PendingMark;
  pendingCancel?: PendingMark;
  pendingSubmit?: PendingMark;
}

export interface QueuedApplier<Base, View extends QueuedRecordView, Intent extends { kind: string }, Context> {
  /** The entry's intent as the feature's union; undefined for another feature's. */
  intentOf: (entry: OutboxEntry) => Intent | undefined;
  /** The kind of the intent that creates the record. */
  createKind: Intent['kind'];
  /**
   * The view of the server's copy (`base`), or of the record the create queued: a copy the changes may be applied to;
   * undefined when there is neither.
   */
  start: (base: Base | undefined, create: { entry: OutboxEntry; intent: Intent } | undefined, context: Context) => View | undefined;
  /** Applies a change other than the create, the cancel and the submit. */
  apply: (view: View, intent: Intent, entry: OutboxEntry, mark: PendingMark) => void;
}

/**
 * A feature's applier: the record as it will be, from the server's copy (`base`, undefined for a record made on this
 * device) and its outbox entries in queue order; undefined when there is neither a server copy nor a create to build
 * one from. Every entry marks the view as changed (and lists its failure); a create marks a record made here, a cancel
 * and a submit their own marks (a submit counts a version on).
 */
export function queuedApplier<Base, View extends QueuedRecordView, Intent extends { kind: string }, Context>({
  intentOf,
  createKind,
  start,
  apply,
}: QueuedApplier<Base, View, Intent, Context>) {
  return (base: Base | undefined, entries: readonly OutboxEntry[], context: Context): View | undefined => {
    const intents = entries.map((entry) => intentOf(entry));
    const createAt = intents.findIndex((intent) => intent?.kind === createKind);
    const create = createAt < 0 ? undefined : { entry: entries[createAt]!, intent: intents[createAt]! };
    const view = start(base, create, context);
    if (!view) return undefined;
    for (const [index, entry] of entries.entries()) {
      const intent = intents[index];
      if (!intent) continue;
      const mark = pendingMarkOf(entry);
      view.hasPendingChanges = true;
      if (mark.state === 'failed') view.failures.push(mark);
      if (intent.kind === createKind) {
        if (!base) view.pending = mark;
      } else if (intent.kind === 'cancel') {
        view.pendingCancel = mark;
      } else if (intent.kind === 'submit') {
        view.pendingSubmit = mark;
        view.rowVersion += 1;
      } else {
        apply(view, intent, entry, mark);
      }
    }
    return view;
  };
}

/** Entries by the record they change (`keyOf` its record key; entries of records it does not know are left out), in queue order. */
export function entriesByRecord(
  entries: readonly OutboxEntry[],
  keyOf: (recordKey: string) => string | undefined,
): Map<string, OutboxEntry[]> {
  const byRecord = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const key = keyOf(entry.recordKey);
    if (key !== undefined) byRecord.set(key, [...(byRecord.get(key) ?? []), entry]);
  }
  return byRecord;
}
