import { LIVE_CHANGES, type LiveChangesEvent } from '../../contract/sync';
import type { SessionCache } from '../auth/session-cache';
import type { TokenClaims } from '../auth/tokens';
import type { Database, DatabaseNotifications } from '../db/client';
import type { Session } from '../auth/session';
import { fingerprint } from './cursor';
import { probe } from './probe';
import type { LiveChanges, SyncSource, SyncTable } from './types';

export type { LiveChanges } from './types';

/*
 * Live changes (issue 23 §1): each signed-in browser holds one Server-Sent Events stream, and is told which of its
 * kept lists changed in its scope — names only; the device pulls the rows with the `?since=` call it already makes.
 *
 * - Across instances: triggers on the synced tables NOTIFY `homesite_sync` with the table and the writing transaction
 *   (migration 0018) at commit; every instance LISTENs on one connection (db/client.ts notifications), whatever the
 *   number of its streams. On PGlite the embedded database notifies in-process.
 * - Scope: a notification names a table, not whose rows. Each stream holds the SyncSources of its user's lists —
 *   the very ones that answer that user's `?since=` — and the existing probe asks, for each distinct source, whether
 *   a row of it lies at or after the notifying transaction. Streams of one retail center share a source (the same
 *   fingerprint), so 1,000 streams cost one EXISTS per distinct scope, folded into one statement per 200 scopes
 *   (sync/probe.ts). A user is thus told exactly what their own delta call would deliver, never another's list.
 * - Order: the probe only sees rows below the horizon (the oldest transaction still running; see delta.ts). A
 *   transaction that committed while an older one still runs is not below it yet: the scope is asked again a little
 *   later, so the device is told once its delta call can deliver the change — never before, where it would find
 *   nothing and wait for the next trigger.
 * - Sessions: a token signed out ends its streams at once (`homesite_sessions`, by jti); a user whose profile changed
 *   (deactivated, password changed, scope changed) has their streams checked again with the session cache, and
 *   every stream is checked again each minute (expiry, and anything a lost notification hid).
 */

export interface LiveList {
  /** The name the device keeps the list under (KeptListSpec.list). */
  name: string;
  source: SyncSource<unknown>;
}

/** The lists a session's stream watches: those it may read, with its scope. */
export type LiveListsOf = (session: Session) => Promise<LiveList[]>;

interface WatchedList extends LiveList {
  key: string;
}

interface Stream {
  userId: number;
  claims: TokenClaims;
  lists: WatchedList[];
  controller: ReadableStreamDefaultController<Uint8Array>;
  ended: boolean;
}

export interface LiveChangesOptions {
  db: Database;
  notifications: DatabaseNotifications | undefined;
  sessions: SessionCache;
  listsOf: LiveListsOf;
  reportError: (error: unknown) => void;
  heartbeatMs?: number;
  recheckMs?: number;
}

export const SYNC_CHANNEL = 'homesite_sync';
export const SESSIONS_CHANNEL = 'homesite_sessions';
/** Notifications arriving within this are probed together (a burst of writes costs one round). */
const COALESCE_MS = 15;
const RECHECK_MS = 60_000;
/** A scope whose change is not below the horizon yet is asked again: after 25 ms doubling up to 5 s, for 5 minutes. */
const HORIZON_RETRY_MS = 25;
const HORIZON_RETRY_MAX_MS = 5_000;
const HORIZON_GIVE_UP_MS = 5 * 60_000;
/** Events queued unread after which a stream is given up. */
const STUCK_EVENTS = 64;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': \n\n');

const SYNC_TABLES: ReadonlySet<string> = new Set<SyncTable>([
  'service_requests',
  'parts_orders',
  'warranty_cards',
  'parts_catalog',
  'quotes',
  'sales_orders',
  'leads',
  'inventory_homes',
]);

/** "table xid" as the trigger writes it. */
function parseSyncPayload(payload: string): { table: SyncTable; xid: number } | undefined {
  const [table, xidText] = payload.split(' ');
  const xid = Number(xidText);
  return table && SYNC_TABLES.has(table) && Number.isSafeInteger(xid) ? { table: table as SyncTable, xid } : undefined;
}

interface ScopeCheck {
  source: SyncSource<unknown>;
  xid: number;
  /** The streams (and their list's name) that watch this source. */
  watchers: { stream: Stream; name: string }[];
}

export function createLiveChanges(options: LiveChangesOptions): LiveChanges {
  const { db, notifications, sessions, listsOf, reportError } = options;
  const streams = new Set<Stream>();
  let listening: Promise<void> | undefined;
  let closed = false;
  let stopListening: (() => Promise<void>)[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  /** Tables notified since the last round, with the oldest transaction notified. */
  let notified = new Map<SyncTable, number>();
  let round: NodeJS.Timeout | undefined;

  /**
   * Sources by fingerprint, shared by the streams of one scope (a retail center's devices): a source holds the SQL of
   * its list, and 1,000 streams would otherwise hold 1,000 copies of each. Dropped with the last stream using it.
   */
  const shared = new Map<string, { source: SyncSource<unknown>; streams: number }>();
  const watch = (lists: LiveList[]): WatchedList[] =>
    lists.map(({ name, source }) => {
      const key = fingerprint(source);
      let entry = shared.get(key);
      if (!entry) shared.set(key, (entry = { source, streams: 0 }));
      entry.streams++;
      return { name, source: entry.source, key };
    });
  const unwatch = (lists: WatchedList[]) => {
    for (const { key } of lists) {
      const entry = shared.get(key);
      if (entry && --entry.streams === 0) shared.delete(key);
    }
  };

  function send(stream: Stream, lists: Iterable<string>) {
    if (stream.ended) return;
    const event: LiveChangesEvent = { lists: [...lists].sort() };
    try {
      stream.controller.enqueue(encoder.encode(`event: ${LIVE_CHANGES.changed}\ndata: ${JSON.stringify(event)}\n\n`));
    } catch {
      end(stream);
    }
  }

  function end(stream: Stream) {
    if (stream.ended) return;
    stream.ended = true;
    streams.delete(stream);
    unwatch(stream.lists);
    try {
      stream.controller.close();
    } catch {
      // already closed by the client going away
    }
    if (streams.size === 0) {
      clearInterval(heartbeat);
      clearInterval(recheck);
      heartbeat = recheck = undefined;
    }
  }

  /**
   * Tells each watcher whose scope has rows at or after the notifying transaction; asks again those not final yet. A
   * change still above the horizon after HORIZON_GIVE_UP_MS (a transaction open for minutes) is left to the devices'
   * other triggers: telling a scope without knowing the change is in it could name a list to a user it did not change for.
   */
  async function checkScopes(checks: ScopeCheck[], attempt: number, startedAt = Date.now()) {
    const answers = await Promise.all(checks.map((check) => probe(db, check.source, { xid: check.xid, id: 0 })));
    const told = new Map<Stream, Set<string>>();
    const notYet: ScopeCheck[] = [];
    checks.forEach((check, n) => {
      const { horizon, changed } = answers[n]!;
      if (horizon <= check.xid) {
        if (Date.now() - startedAt < HORIZON_GIVE_UP_MS) notYet.push(check);
      } else if (changed)
        for (const { stream, name } of check.watchers) {
          let names = told.get(stream);
          if (!names) told.set(stream, (names = new Set()));
          names.add(name);
        }
    });
    for (const [stream, names] of told) send(stream, names);
    if (notYet.length)
      setTimeout(
        () => void checkScopes(notYet, attempt + 1, startedAt).catch(reportError),
        Math.min(HORIZON_RETRY_MAX_MS, HORIZON_RETRY_MS * 2 ** attempt),
      ).unref();
  }

  function runRound() {
    round = undefined;
    const tables = notified;
    notified = new Map();
    const checks = new Map<string, ScopeCheck>();
    for (const stream of streams)
      for (const list of stream.lists) {
        const xid = tables.get(list.source.table);
        if (xid === undefined) continue;
        let check = checks.get(list.key);
        if (!check) checks.set(list.key, (check = { source: list.source, xid, watchers: [] }));
        check.watchers.push({ stream, name: list.name });
      }
    if (checks.size) void checkScopes([...checks.values()], 0).catch(reportError);
  }

  function onSync(payload: string) {
    const change = parseSyncPayload(payload);
    if (!change) return;
    const known = notified.get(change.table);
    if (known === undefined || change.xid < known) notified.set(change.table, change.xid);
    round ??= setTimeout(runRound, COALESCE_MS);
  }

  /** The listening connection was lost and is back: anything may have changed meanwhile. */
  function onGap() {
    for (const stream of streams) send(stream, new Set(stream.lists.map((list) => list.name)));
    void recheckSessions([...streams]);
  }

  /** Ends the streams whose session ended; gives the others their lists again when `relist` (the profile changed). */
  async function recheckSessions(which: Stream[], relist = false) {
    await Promise.all(
      which.map(async (stream) => {
        const expired = stream.claims.exp * 1000 <= Date.now();
        const profile = expired ? null : await sessions.signedIn(stream.userId, stream.claims);
        if (!profile) return end(stream);
        if (!relist) return;
        const lists = await listsOf({ user: profile.user, flags: profile.flags, claims: stream.claims });
        if (stream.ended) return;
        unwatch(stream.lists);
        stream.lists = watch(lists);
      }),
    );
  }

  function onSession(payload: string) {
    const [kind, value] = payload.split(' ');
    if (kind === 'jti') {
      for (const stream of streams) if (stream.claims.jti === value) end(stream);
    } else if (kind === 'user') {
      const userId = Number(value);
      const mine = [...streams].filter((stream) => stream.userId === userId);
      if (mine.length) void recheckSessions(mine, true).catch(reportError);
    }
  }

  function listen(): Promise<void> {
    listening ??= (async () => {
      if (!notifications) return;
      stopListening = await Promise.all([
        notifications.listen(SYNC_CHANNEL, onSync, onGap),
        notifications.listen(SESSIONS_CHANNEL, onSession),
      ]);
    })();
    listening.catch(() => (listening = undefined));
    return listening;
  }

  return {
    async open(session) {
      if (!notifications || closed) return null;
      await listen();
      const found = await listsOf(session);
      if (closed) return null;
      const lists = watch(found);
      let stream: Stream | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = { userId: session.user.cmhUserId, claims: session.claims, lists, controller, ended: false };
          streams.add(stream);
          // The first bytes tell the device the stream is open (and flush the headers through any proxy).
          controller.enqueue(HEARTBEAT);
        },
        cancel() {
          if (stream) end(stream);
        },
      });
      heartbeat ??= setInterval(
        () => {
          for (const open of streams) {
            // A client that stopped reading without closing would have its events queue up here for ever.
            if ((open.controller.desiredSize ?? 0) < -STUCK_EVENTS) end(open);
            else
              try {
                open.controller.enqueue(HEARTBEAT);
              } catch {
                end(open);
              }
          }
        },
        options.heartbeatMs ?? LIVE_CHANGES.heartbeatSeconds * 1000,
      );
      recheck ??= setInterval(() => void recheckSessions([...streams]).catch(reportError), options.recheckMs ?? RECHECK_MS);
      heartbeat.unref();
      recheck.unref();
      return new Response(body, {
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          // nginx buffers proxied answers unless told not to.
          'x-accel-buffering': 'no',
        },
      });
    },
    get openStreams() {
      return streams.size;
    },
    async close() {
      closed = true;
      for (const stream of [...streams]) end(stream);
      clearTimeout(round);
      const stops = stopListening;
      stopListening = [];
      listening = undefined;
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    },
  };
}
