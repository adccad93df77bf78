/** A queued change as a screen marks it: waiting to be sent, or refused by the server with its message. */
export interface PendingMark {
  state: 'pending' | 'failed';
  /** The outbox entry that carries the change (for Retry and Discard). */
  seq: number;
  label: string;
  /** The server's message when it refused the change. */
  message?: string;
  /** When it was refused because the record changed meanwhile (409): mine beside theirs. */
  conflict?: ChangeConflict;
  /** Who made it (their user name as the outbox keeps it, authorName), when the device knows. */
  author?: string;
}

/** A user name as changes are kept under it: trimmed and lower-cased (user names are e-mail addresses). */
export const authorName = (userName: string | undefined): string | undefined => userName?.trim().toLowerCase() || undefined;

/**
 * The author of a change when it is not the user signed in (issue 22 §1: a shared tablet): only its author may
 * retry, settle or discard it, and it is only ever sent under their sign-in. Undefined when the change is the
 * signed-in user's, or was queued before changes had authors.
 */
export function otherAuthor(author: string | undefined, signedIn: string | undefined): string | undefined {
  return author !== undefined && author !== authorName(signedIn) ? author : undefined;
}

/** What another user's change offers instead of Retry, Discard or the conflict's choice. */
export const othersChangeNote = (author: string) => `Made by ${author}: only they can send or discard it, after signing in on this device.`;

/** Where another user's change stands while it waits (Pending changes). */
export const othersChangeWaiting = (author: string) => `Waiting for ${author}: they sign in on this device to send it.`;

/** One field a change and the record's current version disagree on, as the user reads them. */
export interface ConflictField {
  name: string;
  label: string;
  mine: string;
  theirs: string;
}

/** A change that met a newer version of its record (409): the fields that differ, and that version. */
export interface ChangeConflict {
  fields: ConflictField[];
  theirVersion: number;
}

/**
 * How the user settles a conflict: keep their version (drop my change), or re-apply my change on their
 * version, with the fields named in `theirs` taking their value instead of mine.
 */
export type ConflictChoice = { keep: 'theirs' } | { reapply: { theirs: readonly string[] } };

/** What a screen may do with a refused change; the offline runtime provides them (offline/runtime.ts outboxActions). */
export interface PendingChangeActions {
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
  /** The labels of the queued changes that depend on this one (they go with it when it is discarded). */
  dependentLabels(seq: number): Promise<string[]>;
  /** Settles a change refused with 409 (its mark has a `conflict`). */
  resolveConflict(seq: number, choice: ConflictChoice): Promise<void>;
  /** The user name signed in now: a mark whose author is someone else (otherAuthor) offers none of the above. */
  signedInUser(): string | undefined;
}
