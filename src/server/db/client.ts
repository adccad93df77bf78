import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
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

async function openPglite(options: DatabaseOptions): Promise<OpenDatabase> {
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
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
    waitingForConnection: () => 0,
  };
}

async function openPostgres(databaseUrl: string, report?: (seconds: number) => void): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
    close: () => pool.end(),
    waitingForConnection: () => pool.waitingCount,
  };
}
