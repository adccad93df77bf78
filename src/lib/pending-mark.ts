/** A queued change as a screen marks it: waiting to be sent, or refused by the server with its message. */
export interface PendingMark {
  state: 'pending' | 'failed';
  /** The outbox entry that carries the change (for Retry and Discard). */
  seq: number;
  label: string;
  /** The server's message when it refused the change. */
  message?: string;
}

/** What a screen may do with a refused change; the offline runtime provides them (offline/runtime.ts outboxActions). */
export interface PendingChangeActions {
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
  /** The labels of the queued changes that depend on this one (they go with it when it is discarded). */
  dependentLabels(seq: number): Promise<string[]>;
}
