import type { ApiBase } from '../contract';

/*
 * The outbox's types in one module: what a feature queues (OutboxCall), what the queue keeps (OutboxEntry) and what
 * the user did (OutboxIntent). The store (db.ts), the queue (outbox.ts), conflicts.ts and legacy-intents.ts all read
 * them from here, so that none of those imports another for a type (issue 34 §3). db.ts and outbox.ts re-export them.
 */

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'done';
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A body as a feature builds it from the contract's types: JSON, where a field may be undefined. */
export type OutboxBody = JsonValue | OutboxBody[] | { readonly [key: string]: OutboxBody | undefined };

/** A body as the outbox keeps and compares it: a field left undefined is not sent (JSON), so it counts as absent. */
export const storedBody = (body: OutboxBody | undefined) => body as JsonValue | undefined;

/**
 * What the user did, as the feature that queued the call says it: each feature defines a discriminated union of
 * these (`feature` names the feature, `kind` the change) and builds one beside each call (its api/calls.ts). Screens
 * read their pending marks from it, never from the call's path. Temp ids in it are rewritten like the call's.
 */
export interface OutboxIntent {
  readonly feature: string;
  readonly kind: string;
  readonly [field: string]: JsonValue;
}

/** What the server said when it refused an entry (or the last transient error it met). */
export interface OutboxError {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  message: string;
  /** A 409's record as the server holds it now (ConflictBody.current): what the user compares their change with. */
  current?: JsonValue;
}

export interface OutboxEntry {
  /** Position in the queue: entries replay in this order. */
  seq?: number;
  /** Stable id of the entry (uuid), used by the UI and for logging. */
  id: string;
  method: OutboxMethod;
  base: ApiBase;
  /** Path below the base, exactly as the contract writes it (may hold temp ids until they are known). */
  path: string;
  query?: Record<string, string>;
  body?: JsonValue;
  /** Rows of `files` uploaded with this call (multipart); removed with the entry once it is sent. */
  fileIds: string[];
  /** Created once, at enqueue, and sent on every retry: it is what makes replay exactly-once. */
  idempotencyKey: string;
  /** The user who made the change (lower-cased user name): it is only ever sent with that user's token. */
  owner?: string;
  /** The record this call belongs to, e.g. `service-request:tmp_…`: entries of one record keep their order. */
  recordKey: string;
  /** What the user reads, e.g. 'Create service request'. */
  label: string;
  /** What the user did (OutboxIntent): what screens mark as pending. */
  intent: OutboxIntent;
  /** The temp id this call creates; its server id is read from the answer at `idField`. */
  createsTempId?: string;
  /** Dot path of the new record's id in the create's answer (default `id`). */
  idField?: string;
  /** Further temp ids the create hands out, each read from the answer at its own path (e.g. a request's number). */
  alsoCreates?: AlsoCreated[];
  /** Temp ids this call refers to: it waits until their creates have been sent. */
  dependsOn: string[];
  status: OutboxStatus;
  attempts: number;
  /** Earliest time (ms) of the next automatic try after a transient error; 0 when due now. */
  nextAttemptAt: number;
  /** How the form names the body's fields (OutboxCall.fieldLabels). */
  fieldLabels?: Record<string, string>;
  /** The body fields the user changed in this update (OutboxCall.changes); absent: every field counts as changed. */
  changes?: readonly string[];
  lastError?: OutboxError;
  createdAt: number;
}

export interface AlsoCreated {
  tempId: string;
  idField: string;
}

export interface OutboxFileInput {
  /** Multipart field name. */
  field: string;
  blob: Blob;
  /** File name sent to the server; defaults to the File's own name. */
  name?: string;
}

/**
 * A write as a feature describes it: the REST call, what the user did (`intent`, the feature's own union), and what
 * the queue needs to order and show it. `Body` is the contract type of the call's body.
 */
export interface OutboxCall<Body extends OutboxBody = OutboxBody, Intent extends OutboxIntent = OutboxIntent> {
  method: OutboxMethod;
  base: ApiBase;
  path: string;
  query?: Record<string, string>;
  /** JSON body; with files, its top-level fields become multipart fields. */
  body?: Body;
  files?: OutboxFileInput[];
  recordKey: string;
  label: string;
  intent: Intent;
  createsTempId?: string;
  idField?: string;
  /** Further temp ids the create hands out, read from the answer at their own paths. */
  alsoCreates?: AlsoCreated[];
  /** Temp ids the call needs besides those found in its path, query and body. */
  dependsOn?: string[];
  /** The key of a first try that got no answer: the server may have stored it, so the replay must repeat it. */
  idempotencyKey?: string;
  /** How the form names the body's fields, for a conflict's mine beside theirs (offline/conflicts.ts). */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * For an update (a body with a rowVersion): the body fields the user changed (conflicts.ts changedFields). The
   * others only carry the record as the user saw it: they follow the record when an earlier queued change of it is
   * settled, so an update never writes a field the user did not touch in it (issue 22 §11). Without it (entries
   * queued by earlier versions) every field counts as changed.
   */
  changes?: readonly string[];
}

/* What the outbox answers and tells (outbox.ts): beside the entries, so that its modules share them without a circle. */

export interface SendAnswer {
  status: number;
  body: unknown;
}

export interface OutboxPause {
  at: number;
  error: OutboxError;
  /** The session the pause met (OutboxOptions.currentSession): the same one, after a reload too, does not lift it. */
  session?: string;
}

export type ReplayStop = 'drained' | 'transient' | 'paused';

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Entries still in the queue (pending or failed) when the run ended. */
  remaining: number;
  stoppedBy: ReplayStop;
}

export type OutboxEvent =
  | { type: 'queued'; entry: OutboxEntry }
  | { type: 'sending'; entry: OutboxEntry }
  | { type: 'sent'; entry: OutboxEntry; answer: SendAnswer }
  | { type: 'retrying'; entry: OutboxEntry; error: OutboxError; nextAttemptAt: number }
  | { type: 'failed'; entry: OutboxEntry; error: OutboxError }
  | { type: 'paused'; error: OutboxError }
  | { type: 'resumed' }
  | { type: 'idAssigned'; tempId: string; serverId: string | number }
  /**
   * `upload` sums the bytes of every upload under way in this run (several may be out at once);
   * `entryId` names the one whose progress just moved.
   */
  | { type: 'progress'; sent: number; total: number; upload?: { entryId: string; loaded: number; total: number } }
  | { type: 'discarded'; entries: OutboxEntry[] }
  | { type: 'replayStarted' }
  | { type: 'replayFinished'; result: ReplayResult };

export type OutboxListener = (event: OutboxEvent) => void;
