import { useEffect, useState, useSyncExternalStore } from 'react';
import { META_LAST_SYNC, META_OUTBOX_PAUSE, type OfflineDb, type OutboxEntry } from './db';
import type { Outbox, OutboxEvent, OutboxPause } from './outbox';
import { getOffline } from './runtime';
import { isTempId } from './temp-ids';
import { watchStore } from './watch-store';

/*
 * React's view of the outbox: what waits, what failed, how a replay goes, the ids records made offline became,
 * and the files waiting to upload. Dexie's liveQuery re-runs a query whenever its tables change (in this tab or
 * another; ./watch-store.ts) and useSyncExternalStore hands the result to React.
 */

interface ExternalStore<T> {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T;
}

function liveStore<T>(db: OfflineDb, querier: () => Promise<T>, initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      stop ??= watchStore(
        db,
        querier,
        (next) => {
          value = next;
          for (const listener of listeners) listener();
        },
        (error: unknown) => console.error('offline store query failed', error),
      );
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
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
      summary: liveStore(
        db,
        async () => {
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
        },
        EMPTY_SUMMARY,
      ),
      entries: liveStore<OutboxEntry[] | undefined>(db, () => db.outbox.orderBy('seq').toArray(), undefined),
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
    const { db } = getOffline();
    return watchStore(
      db,
      () => db.tempIds.get(id),
      (row) => setResolved(row?.serverId),
      (error: unknown) => console.error('temp id lookup failed', error),
    );
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
    const { db } = getOffline();
    void db
      .withReopen(() => db.files.get(fileId))
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
