import * as v from 'valibot';

/*
 * Delta sync of the lists kept on the device (issue 10). A plain GET of a list answers the spec's array and the
 * header X-Sync-Cursor. `GET <list>?since=<cursor>[&limit=<n>]` answers a SyncPage: the rows created or changed
 * since that cursor, the ids of rows gone from the list (deleted, or no longer visible to this user), and the
 * cursor to ask with next. `since=0` starts from nothing (the paged first download). While `more` is true the
 * client asks again at once with the new cursor; `reset` says the cursor was for another scope (retailer switch,
 * roles, facilities) or too old, so the client drops what it kept of the list and merges this page as the start.
 */

export const SYNC_CURSOR_HEADER = 'X-Sync-Cursor';
/** The cursor of a first download. */
export const SYNC_START = '0';
/** The largest page a client may ask for. */
export const SYNC_MAX_LIMIT = 10_000;
/**
 * The page a `?since=` without `limit` gets: never the whole list in one answer. `more` says when another page
 * follows, as with an asked limit (the app always asks one).
 */
export const SYNC_DEFAULT_LIMIT = 5_000;

/** Cursors are opaque base64url text; a cursor the server cannot read is answered with a reset, not a 400. */
export const SyncCursor = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,400}$/, 'since must be a sync cursor.'));

export const SyncQueryFields = {
  since: v.optional(SyncCursor),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'limit must be a whole number.'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1.'),
      v.maxValue(SYNC_MAX_LIMIT, `limit must be at most ${SYNC_MAX_LIMIT}.`),
    ),
  ),
};

export interface SyncPage<Row> {
  items: Row[];
  /** Ids (as the list's rows name them) of rows that left the list. */
  removed: number[];
  cursor: string;
  /** Another page follows: ask again at once with `cursor`. */
  more: boolean;
  /** The cursor did not fit (other scope, too old, unreadable): drop the kept list; this page starts it afresh. */
  reset?: true;
  /** Rows in the whole list, on the first page of a download from nothing (for "rows so far of total"). */
  total?: number;
  /**
   * A list kept by the kept-list rule that holds more than its cap (contract/kept-lists.ts KEPT_LIST_CAPS): the first
   * day of change of the rows the device keeps ('YYYY-MM-DD'). On every page of such a list; absent when all fit.
   */
  keptFrom?: string;
}

/**
 * A backend that implements the spec's calls but not delta sync (README "A plain backend") ignores `since` and `limit`
 * and answers the whole list. That answer is read as one page that replaces the kept copy (rows it no longer holds
 * go) and leaves the cursor of a first download, so the next sync asks for the whole list again.
 */
export const wholeListPage = <Row>(items: Row[]): SyncPage<Row> => ({
  items,
  removed: [],
  cursor: SYNC_START,
  more: false,
  reset: true,
  total: items.length,
});

/**
 * A SyncPage answer at the http boundary: the rows are checked with the list's own row schema. A plain backend's whole
 * list (`wholeList`, by default the spec's array of rows) is read as wholeListPage.
 */
export const syncPageAnswer = <Row>(row: v.GenericSchema<unknown, Row>, wholeList: v.GenericSchema<unknown, Row[]> = v.array(row)) =>
  v.union([
    v.object({
      items: v.array(row),
      removed: v.array(v.number()),
      cursor: SyncCursor,
      more: v.boolean(),
      reset: v.optional(v.literal(true)),
      total: v.optional(v.number()),
      keptFrom: v.optional(v.pipe(v.string(), v.isoDate())),
    }),
    v.pipe(wholeList, v.transform(wholeListPage)),
  ]);

/*
 * Live changes (issue 23): GET paths.liveChanges with the bearer token answers a Server-Sent Events stream. An event
 * `changed` names kept lists (the KeptListSpec.list names: workOrders, catalogParts:101, …) whose rows in the user's
 * scope changed; never their data — the device pulls that with `?since=`. Comment lines keep proxies from closing
 * an idle stream. The stream ends when the session ends (signed out, password changed, user deactivated).
 */
export const LIVE_CHANGES = {
  /** data: LiveChangesEvent as JSON. */
  changed: 'changed',
  /** Seconds between heartbeat comments. */
  heartbeatSeconds: 25,
} as const;

export const LiveChangesEvent = v.object({ lists: v.array(v.string()) });
export type LiveChangesEvent = v.InferOutput<typeof LiveChangesEvent>;
