import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
}

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations that are not applied yet. */
  migrate: () => Promise<void>;
  /** The whole PGlite cluster as a gzipped tarball, for `loadDataDir`; PGlite only. */
  dump: () => Promise<Blob>;
  close: () => Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant shared by every instance: serialises migrations when several start against one server.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
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
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
  };
}
