import { otherAuthor, othersChangeWaiting } from '../../lib/pending-mark';
import { describeAge } from '../../offline/age';
import type { OutboxEntry } from '../../offline/db';
import type { OutboxPause } from '../../offline/outbox';

export type EntryTone = 'waiting' | 'sending' | 'retrying' | 'blocked' | 'failed';

export interface EntryState {
  tone: EntryTone;
  /** One line on where the change stands. */
  text: string;
  /** The server's (or the network's) message, when there is one to show. */
  error?: string;
  canRetry: boolean;
  canDiscard: boolean;
  /** Another user made it: only they may retry, settle or discard it (othersChangeNote says so). */
  author?: string;
}

interface Context {
  now: number;
  online: boolean;
  paused: OutboxPause | undefined;
  /** The user signed in now: another user's change is theirs to send or discard (issue 22 §1). */
  signedIn?: string | undefined;
}

function inSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

/** Where each queued change stands, in words, with what the user may do about it (same order as given). */
export function describeEntries(entries: readonly OutboxEntry[], context: Context): EntryState[] {
  const blockerOfRecord = new Map<string, OutboxEntry>();
  const creatorOf = new Map(entries.flatMap((entry) => (entry.createsTempId ? [[entry.createsTempId, entry] as const] : [])));

  return entries.map((entry) => {
    const state = describeOne(entry, blockerOfRecord.get(entry.recordKey), context, creatorOf);
    if (!blockerOfRecord.has(entry.recordKey)) blockerOfRecord.set(entry.recordKey, entry);
    return state;
  });
}

function describeOne(
  entry: OutboxEntry,
  earlierOfRecord: OutboxEntry | undefined,
  { now, online, paused, signedIn }: Context,
  creatorOf: ReadonlyMap<string, OutboxEntry>,
): EntryState {
  if (entry.status === 'sending') return { tone: 'sending', text: 'Sending…', canRetry: false, canDiscard: false };
  const author = otherAuthor(entry.owner, signedIn);
  if (entry.status === 'failed') {
    return {
      ...(author ? { author } : {}),
      tone: 'failed',
      text:
        entry.lastError?.status === 409
          ? `Not saved: someone else saved this record after ${author ? 'this change was made' : 'you changed it'}.`
          : 'Not saved: the server refused this change.',
      error: entry.lastError?.message ?? 'No reason was given.',
      canRetry: !author,
      canDiscard: !author,
    };
  }
  if (author) return { tone: 'blocked', text: othersChangeWaiting(author), author, canRetry: false, canDiscard: false };
  const waitsFor = earlierOfRecord ?? entry.dependsOn.map((tempId) => creatorOf.get(tempId)).find((creator) => creator !== undefined);
  if (waitsFor) {
    return { tone: 'blocked', text: `Waiting for “${waitsFor.label}” to be saved first.`, canRetry: false, canDiscard: true };
  }
  if (paused) {
    return { tone: 'blocked', text: 'Waiting for you to sign in again.', error: paused.error.message, canRetry: false, canDiscard: true };
  }
  if (!online) return { tone: 'waiting', text: 'Waiting for a connection.', canRetry: false, canDiscard: true };
  if (entry.attempts > 0) {
    const due = entry.nextAttemptAt - now;
    return {
      tone: 'retrying',
      text: due > 0 ? `Tried ${entry.attempts}×; next try in ${inSeconds(due)}.` : `Tried ${entry.attempts}×; trying again.`,
      error: entry.lastError?.message,
      canRetry: false,
      canDiscard: true,
    };
  }
  return { tone: 'waiting', text: `Queued ${describeAge(entry.createdAt, now)}; waiting to be sent.`, canRetry: false, canDiscard: true };
}
