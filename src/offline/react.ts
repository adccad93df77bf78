import { useQueryClient, hashKey, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { META_LAST_SYNC, META_OUTBOX_PAUSE, storageEstimate, type OfflineDb, type OutboxEntry, type StorageEstimate } from './db';
import { isOfflineError } from '../lib/http';
import { notify } from '../lib/notifier';
import { currentConnection, subscribeReachability, type Connection } from '../lib/reachability';
import type { Outbox, OutboxCall, OutboxEvent, OutboxPause } from './outbox';
import { describeAge } from './age';
import { writeSettlingConflicts, type AskConflict, type DroppedWrite } from './conflicts';
import { getOffline, submitWrite, type WriteOutcome } from './runtime';
import type { KeptList, KeptListSnapshot, KeptRead } from './kept-lists';
import { isTempId } from './temp-ids';

/*
 * React's view of the offline store. Dexie's liveQuery re-runs a query whenever its tables change
 * (in this tab or another) and useSyncExternalStore hands the result to React.
 */

interface ExternalStore<T> {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T;
}

function liveStore<T>(querier: () => Promise<T>, initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let subscription: { unsubscribe(): void } | undefined;
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      subscription ??= liveQuery(querier).subscribe({
        next: (next) => {
          value = next;
          for (const listener of listeners) listener();
        },
        error: (error: unknown) => console.error('offline store query failed', error),
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
    getSnapshot: () => value,
  };
}

export interface OutboxSummary {
  /** Waiting to be sent (including the one being sent). */
  pending: number;
  /** Refused by the server: the user has to retry, fix or discard them. */
  failed: number;
  /** Set while a 401 holds the queue until the user signs in again. */
  paused: OutboxPause | undefined;
  /** A replay is running (in this tab) or an entry is being sent (in any tab). */
  syncing: boolean;
  /** When the server last acknowledged a queued change. */
  lastSync: number | undefined;
}

interface StoredSummary {
  pending: number;
  failed: number;
  sending: number;
  paused: OutboxPause | undefined;
  lastSync: number | undefined;
}

const EMPTY_SUMMARY: StoredSummary = { pending: 0, failed: 0, sending: 0, paused: undefined, lastSync: undefined };

interface Stores {
  summary: ExternalStore<StoredSummary>;
  entries: ExternalStore<OutboxEntry[] | undefined>;
  replaying: ExternalStore<boolean>;
}

const storesByOutbox = new WeakMap<Outbox, Stores>();

function storesFor(db: OfflineDb, outbox: Outbox): Stores {
  let stores = storesByOutbox.get(outbox);
  if (!stores) {
    stores = {
      summary: liveStore(async () => {
        const [pending, sending, failed, pause, lastSync] = await Promise.all([
          db.outbox.where('status').equals('pending').count(),
          db.outbox.where('status').equals('sending').count(),
          db.outbox.where('status').equals('failed').count(),
          db.meta.get(META_OUTBOX_PAUSE),
          db.meta.get(META_LAST_SYNC),
        ]);
        return {
          pending: pending + sending,
          sending,
          failed,
          paused: pause?.value as OutboxPause | undefined,
          lastSync: lastSync?.value as number | undefined,
        };
      }, EMPTY_SUMMARY),
      entries: liveStore<OutboxEntry[] | undefined>(() => db.outbox.orderBy('seq').toArray(), undefined),
      replaying: {
        subscribe: (onChange) =>
          outbox.subscribe((event) => {
            if (event.type === 'replayStarted' || event.type === 'replayFinished') onChange();
          }),
        getSnapshot: () => outbox.isReplaying(),
      },
    };
    storesByOutbox.set(outbox, stores);
  }
  return stores;
}

function useStores(): Stores {
  const { db, outbox } = getOffline();
  return storesFor(db, outbox);
}

export function useOutboxSummary(): OutboxSummary {
  const stores = useStores();
  const stored = useSyncExternalStore(stores.summary.subscribe, stores.summary.getSnapshot, stores.summary.getSnapshot);
  const replaying = useSyncExternalStore(stores.replaying.subscribe, stores.replaying.getSnapshot, stores.replaying.getSnapshot);
  return {
    pending: stored.pending,
    failed: stored.failed,
    paused: stored.paused,
    syncing: replaying || stored.sending > 0,
    lastSync: stored.lastSync,
  };
}

/**
 * Every queued change in queue order, kept current; undefined until the device's queue has been read once, so
 * that a screen does not take "nothing queued" for the truth in the first moments after a reload.
 */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const stores = useStores();
  return useSyncExternalStore(stores.entries.subscribe, stores.entries.getSnapshot, stores.entries.getSnapshot);
}

/** Calls `listener` for each outbox event while mounted (e.g. to toast a refused change). */
export function useOutboxEvents(listener: (event: OutboxEvent) => void) {
  const [handler] = useState(() => ({ current: listener }));
  useEffect(() => {
    handler.current = listener;
  });
  useEffect(() => getOffline().outbox.subscribe((event) => handler.current(event)), [handler]);
}

export interface OutboxProgress {
  /** Changes sent in the running replay, of `total` waiting when it started. */
  sent: number;
  total: number;
  /** Bytes of the file upload under way, when the browser reports them. */
  upload?: { loaded: number; total: number };
}

/** Progress of the replay running in this tab, or undefined when none runs. */
export function useOutboxProgress(): OutboxProgress | undefined {
  const [progress, setProgress] = useState<OutboxProgress>();
  useOutboxEvents((event) => {
    if (event.type === 'replayStarted') setProgress({ sent: 0, total: 0 });
    else if (event.type === 'replayFinished') setProgress(undefined);
    else if (event.type === 'progress') {
      setProgress({ sent: event.sent, total: event.total, ...(event.upload ? { upload: event.upload } : {}) });
    }
  });
  return progress;
}

const subscribeConnection = (onChange: () => void) =>
  subscribeReachability((event) => {
    if (event === 'changed') onChange();
  });

/**
 * Online, offline (the browser says so), or unreachable (the network is up but the server does not answer):
 * lib/reachability.ts, fed by every call the app makes.
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, currentConnection, () => 'online');
}

/** Whether the server answers now: false when the browser is offline or the last calls got no answer. */
export function useOnline(): boolean {
  return useConnection() === 'online';
}

/** When the data of a query was last fetched from the server (ms), or undefined if it never was. */
export function useCachedAt(queryKey: QueryKey): number | undefined {
  const client = useQueryClient();
  const queryHash = hashKey(queryKey);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const getSnapshot = useCallback(() => {
    const updatedAt = client.getQueryCache().get(queryHash)?.state.dataUpdatedAt;
    return updatedAt ? updatedAt : undefined;
  }, [client, queryHash]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The current time, refreshed every `intervalMs`, so that "3 minutes ago" keeps counting. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** How much the origin stores; undefined until known or where the browser does not tell. */
export function useStorageEstimate(): StorageEstimate | undefined {
  const [estimate, setEstimate] = useState<StorageEstimate>();
  useEffect(() => {
    let active = true;
    void storageEstimate().then((value) => active && setEstimate(value));
    return () => {
      active = false;
    };
  }, []);
  return estimate;
}

/**
 * How old the shown data of a query is, e.g. 'Updated 3 hours ago', or undefined when there is none.
 * Screens show it while offline (or whenever the copy is not fresh) so nobody mistakes it for live data.
 */
export function useDataAge(queryKey: QueryKey, intervalMs = 30_000): string | undefined {
  const updatedAt = useCachedAt(queryKey);
  const now = useNow(intervalMs);
  return updatedAt === undefined ? undefined : `Updated ${describeAge(updatedAt, now)}`;
}

/**
 * The server id a temp id became (once its create was acknowledged), kept current; undefined while it
 * has none, or for an id that is not a temp id. A screen showing a record made offline follows it here.
 */
export function useResolvedTempId(id: string): string | number | undefined {
  const [resolved, setResolved] = useState<string | number | undefined>();
  useEffect(() => {
    if (!isTempId(id)) {
      setResolved(undefined);
      return;
    }
    const subscription = liveQuery(() => getOffline().db.tempIds.get(id)).subscribe({
      next: (row) => setResolved(row?.serverId),
      error: (error: unknown) => console.error('temp id lookup failed', error),
    });
    return () => subscription.unsubscribe();
  }, [id]);
  return resolved;
}

/** An outbox file (a photo or PDF waiting to upload) as an object URL with its name and type, for previews. */
export function useOutboxFile(fileId: string | undefined): { url: string; name: string; type: string; size: number } | undefined {
  const [file, setFile] = useState<{ url: string; name: string; type: string; size: number }>();
  useEffect(() => {
    if (!fileId) return;
    let url: string | undefined;
    let active = true;
    void getOffline()
      .db.files.get(fileId)
      .then((row) => {
        if (!row || !active) return;
        url = URL.createObjectURL(new Blob([row.data], { type: row.type }));
        setFile({ url, name: row.name, type: row.type, size: row.size });
      });
    return () => {
      active = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return file;
}

/** What the user reads when a change was saved on the device only (spec 3 §8 toasts are for changes the server took). */
export const QUEUED_MESSAGE = 'Saved on this device. It will be sent when the connection is back.';

/** What the user reads when they settled a conflicting online save without writing (offline/conflicts.ts). */
export const DROPPED_MESSAGES = {
  theirs: 'Their version was kept; your change was not saved.',
  nothing: 'Your change was discarded.',
} as const;

/**
 * A feature's write through the outbox (submitWrite), said to the user: its success toast when the server took
 * it (then the feature's queries under `invalidateKey` are fetched again), the queued notice when it waits on
 * the device. A 409 asks the user through `askConflict` (mine beside theirs) when given; any other refusal is
 * thrown (WriteRefusedError) for the screen to show. `invalidateKey` is a module constant (a feature's
 * `keys.all`), so the callback keeps its identity.
 */
export function useOutboxWrite(invalidateKey: QueryKey, queuedNoticeId: string, askConflict?: AskConflict) {
  const queryClient = useQueryClient();
  const online = useOnline();
  return useCallback(
    async (call: OutboxCall, successMessage: string): Promise<WriteOutcome | DroppedWrite> => {
      const submit = (next: OutboxCall) => submitWrite(next, online);
      const outcome = askConflict ? await writeSettlingConflicts(call, submit, askConflict) : await submit(call);
      if (outcome.status === 'sent') {
        notify({ level: 'success', title: successMessage });
        await queryClient.invalidateQueries({ queryKey: invalidateKey });
      } else if (outcome.status === 'dropped') {
        notify({ level: 'info', title: DROPPED_MESSAGES[outcome.kept], description: call.label });
        await queryClient.invalidateQueries({ queryKey: invalidateKey });
      } else {
        notify({ level: 'info', id: queuedNoticeId, title: QUEUED_MESSAGE, description: call.label });
      }
      return outcome;
    },
    [online, queryClient, invalidateKey, queuedNoticeId, askConflict],
  );
}

/** A kept list's rows, sync state and progress (offline/kept-lists.ts), current as it loads and merges pages. */
export function useKeptList<Row>(list: KeptList<Row>): KeptListSnapshot<Row> {
  return useSyncExternalStore(list.subscribe, list.snapshot, list.snapshot);
}

/**
 * A kept list as a screen shows it: its query (which syncs, and carries the error) and the kept rows of `scope`,
 * current page by page. Before every kept row is read (a second for 50,000): the first rows in the list's default
 * order, with `partialTotal` saying how many there are in all.
 */
export function useKeptListRows<Row>(list: KeptList<Row>, scope: string, query: { data?: KeptRead<Row> | undefined }) {
  const kept = useKeptList(list);
  const mine = kept.state?.scopeKey === scope;
  const first = mine && !kept.rows && !query.data ? kept.first : undefined;
  return {
    rows: (mine ? kept.rows : undefined) ?? query.data?.data ?? first?.rows,
    storedAt: kept.state?.syncedAt ?? query.data?.storedAt,
    fromCache: kept.offline || (query.data?.fromCache ?? false),
    progress: kept.progress,
    shortOfSpace: kept.shortOfSpace,
    partialTotal: first?.total,
  };
}

const NO_ROWS: readonly never[] = [];

/**
 * A kept list as a plain screen shows it (the sales lists): its rows, and what KeptListStatus says above them —
 * progress, the age of the copy shown when the server could not be reached, or why there is nothing.
 */
export function useKeptListView<Row>(list: KeptList<Row>, scope: string, query: UseQueryResult<KeptRead<Row>>) {
  const kept = useKeptListRows(list, scope, query);
  const now = useNow();
  const failed = query.isError && !kept.rows ? { offline: isOfflineError(query.error), retry: () => void query.refetch() } : undefined;
  return {
    rows: kept.rows ?? (NO_ROWS as readonly Row[]),
    partialTotal: kept.partialTotal,
    loading: query.isPending && query.fetchStatus === 'fetching',
    status: {
      progress: kept.progress,
      shortOfSpace: kept.shortOfSpace,
      savedAge: kept.fromCache && kept.storedAt !== undefined ? describeAge(kept.storedAt, now) : undefined,
      failed,
    },
  };
}
