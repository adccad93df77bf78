import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client } from 'pg';
import { serverFile } from '../package-files';
import * as schema from './schema';

/** One drizzle database over either driver; a transaction has the same type, so handlers take either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL server through a node-postgres pool. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (default ./data); ignored with databaseUrl or memory. */
  dataDir?: string;
  /** An in-memory PGlite, gone when closed (tests). */
  memory?: boolean;
  /** Starts the in-memory PGlite from a dump (`OpenDatabase.dump`) instead of an empty cluster: much faster. */
  loadDataDir?: Blob;
  /** Told the time of every statement in seconds, the wait for a connection (or PGlite's turn) included: metrics. */
  onQueryTime?: (seconds: number) => void;
}

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations that are not applied yet. */
  migrate: () => Promise<void>;
  /** The whole PGlite cluster as a gzipped tarball, for `loadDataDir`; PGlite only. */
  dump: () => Promise<Blob>;
  close: () => Promise<void>;
  /** Connections waiting for a free one in the pool (PostgreSQL; always 0 on PGlite). */
  waitingForConnection: () => number;
  notifications: DatabaseNotifications;
}

/**
 * LISTEN/NOTIFY (live changes, server/sync/live.ts). On PostgreSQL every channel shares one connection of its own,
 * outside the pool, opened at the first listen: an instance holds one however many streams it serves. On PGlite the
 * embedded database delivers its own notifications in-process.
 */
export interface DatabaseNotifications {
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` from now on, and `onGap` when some may have been
   * missed (the listening connection was lost, and is back). Resolves once listening; the answer stops it.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onGap?: () => void) => Promise<() => Promise<void>>;
}

const notificationsByDatabase = new WeakMap<Database, DatabaseNotifications>();

/** The notifications of a database opened by openDatabase (createApp is handed the drizzle handle only). */
export const notificationsOf = (db: Database): DatabaseNotifications | undefined => notificationsByDatabase.get(db);

const CHANNEL_NAME = /^[a-z_]{1,63}$/;
const LISTEN_RETRY_MAX_MS = 30_000;

interface ChannelHandler {
  onNotify: (payload: string) => void;
  onGap: (() => void) | undefined;
}

/** One listening connection for every channel; when it is lost it comes back with backoff, and tells of the gap. */
function postgresNotifications(databaseUrl: string) {
  const channels = new Map<string, Set<ChannelHandler>>();
  let connection: Promise<Client> | undefined;
  let retryMs = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const connect = (): Promise<Client> =>
    (connection ??= (async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (message) => {
        for (const handler of channels.get(message.channel) ?? []) handler.onNotify(message.payload ?? '');
      });
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        connection = undefined;
        void client.end().catch(() => undefined);
        reconnect();
      };
      client.on('error', onLost);
      client.on('end', onLost);
      try {
        await client.connect();
        for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        onLost();
        throw error;
      }
      retryMs = 0;
      return client;
    })());

  function reconnect() {
    if (closed || channels.size === 0 || retry) return;
    retryMs = Math.min(LISTEN_RETRY_MAX_MS, retryMs ? retryMs * 2 : 250);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          for (const handlers of channels.values()) for (const handler of handlers) handler.onGap?.();
        },
        () => undefined, // onLost scheduled the next try
      );
    }, retryMs);
    retry.unref();
  }

  const notifications: DatabaseNotifications = {
    async listen(channel, onNotify, onGap) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const handler: ChannelHandler = { onNotify, onGap };
      let handlers = channels.get(channel);
      const first = !handlers;
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(handler);
      const client = await connect();
      if (first) await client.query(`LISTEN ${channel}`);
      return async () => {
        handlers.delete(handler);
        if (handlers.size > 0 || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        if (connection) await (await connection).query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
  };
  return {
    notifications,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const open = connection;
      connection = undefined;
      if (open) await (await open.catch(() => undefined))?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = serverFile('db', 'migrations');
// Any constant shared by every instance: serialises migrations when several start against one server.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onQueryTime);
  return openPglite(options);
}

/** The newest migration of this build (the `when` of the last journal entry, which drizzle records as created_at). */
const newestMigration = Math.max(
  ...(JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
    (entry) => entry.when,
  ),
);

/** Whether every migration of this build has been applied (readiness: an instance must not serve an old schema). */
export async function migrationsAreCurrent(db: Database): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { newest: string | null }[];
    };
    const newest = result.rows[0]?.newest;
    return newest !== null && newest !== undefined && Number(newest) >= newestMigration;
  } catch {
    return false; // no migrations table yet
  }
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/** Wraps a promise-returning query method so that its time is reported; a callback-style call passes through untimed. */
function timed<F extends AsyncMethod>(method: F, report: (seconds: number) => void): F {
  return ((...args: Parameters<F>) => {
    if (typeof args.at(-1) === 'function') return method(...args);
    const started = performance.now();
    const result = method(...args) as Promise<unknown>;
    void result.then(
      () => report((performance.now() - started) / 1000),
      () => report((performance.now() - started) / 1000),
    );
    return result;
  }) as F;
}

/*
 * Each driver is imported when a database is opened with it: the command line's --help and a command on PostgreSQL
 * do not load PGlite, nor one on PGlite the pg pool (together about a fifth of a command's start).
 */

async function openPglite(options: DatabaseOptions): Promise<OpenDatabase> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if (options.memory) {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    const dir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const report = options.onQueryTime;
  if (report) {
    // drizzle calls query() on the client, and inside a transaction on the transaction's own handle.
    client.query = timed(client.query.bind(client), report);
    const transaction = client.transaction.bind(client);
    client.transaction = (callback) =>
      transaction((tx) => {
        tx.query = timed(tx.query.bind(tx), report);
        return callback(tx);
      });
  }
  const db = drizzlePglite({ client, schema });
  const notifications: DatabaseNotifications = {
    listen: async (channel, onNotify) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
  notificationsByDatabase.set(db as unknown as Database, notifications);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
    waitingForConnection: () => 0,
    notifications,
  };
}

async function openPostgres(databaseUrl: string, report?: (seconds: number) => void): Promise<OpenDatabase> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // No JIT: its compile cost (0.5–2.5 s a statement on the 1M benchmark, issue 31) is paid by every page and list query
  // whose plan crosses jit_above_cost, which only whole-table analytics earn back. Set per connection, not per server.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  if (report) {
    // drizzle queries the pool (which waits for a connection) or, in a transaction, one checked-out client.
    pool.query = timed(pool.query.bind(pool) as AsyncMethod, report) as typeof pool.query;
    pool.on('connect', (client) => {
      client.query = timed(client.query.bind(client) as AsyncMethod, report) as typeof client.query;
    });
  }
  // Fail at start, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  const listening = postgresNotifications(databaseUrl);
  notificationsByDatabase.set(db as unknown as Database, listening.notifications);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, schema }), { migrationsFolder });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        connection.release();
      }
    },
    dump: () => Promise.reject(new Error('dump is for PGlite; use pg_dump for PostgreSQL')),
    close: async () => {
      await listening.close();
      await pool.end();
    },
    waitingForConnection: () => pool.waitingCount,
    notifications: listening.notifications,
  };
}
