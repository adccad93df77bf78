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
}

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
}
