import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type OpenDatabase } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';
import { databaseFromEnv, type DatabaseEnv } from '../db/database-env';
import { serverFile } from '../package-files';
import { CliError } from './io';

const MIGRATIONS_FOLDER = serverFile('db', 'migrations');

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations of this build, oldest first (drizzle records each by its `when` as created_at). */
export function committedMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

/** How many migrations the database has recorded as applied, and the newest one's time; 0 and null before the first. */
export async function appliedMigrations(db: Database): Promise<{ count: number; newest: number | null }> {
  try {
    const result = (await db.execute(
      sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { count: number; newest: string | null }[];
    };
    const row = result.rows[0];
    return { count: Number(row?.count ?? 0), newest: row?.newest ? Number(row.newest) : null };
  } catch {
    return { count: 0, newest: null }; // no migrations table: nothing applied yet
  }
}

/** The migrations of this build the database does not have yet (as drizzle decides: newer than its newest). */
export async function pendingMigrations(db: Database): Promise<JournalEntry[]> {
  const { newest } = await appliedMigrations(db);
  return committedMigrations().filter((entry) => newest === null || entry.when > newest);
}

/** Where the database of the environment is, for messages: never the password of a DATABASE_URL. */
export function describeDatabase(config: DatabaseEnv): string {
  if (!config.databaseUrl) return `the embedded database in ${resolve(config.dataDir, 'pglite')}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/** Whether the embedded database of this DATA_DIR has been made (an empty directory is not one). */
export const embeddedDatabaseExists = (dataDir: string) => existsSync(join(dataDir, 'pglite', 'PG_VERSION'));

export interface DatabaseSession {
  config: DatabaseEnv;
  open: OpenDatabase;
  db: Database;
}

export interface DatabaseUse {
  /**
   * apply: the command writes, so pending migrations are applied first. current: it reads, and refuses a database
   * that needs migrations (an old schema would answer wrongly). as-is: the command deals with migrations itself.
   */
  migrations: 'apply' | 'current' | 'as-is';
  /** Whether the command may make a new embedded database in an empty DATA_DIR (default: when it applies migrations). */
  mayCreate?: boolean;
}

/**
 * Runs `work` on the database of the environment (DATABASE_URL, else DATA_DIR), the way the server opens it. On the
 * embedded database, the DATA_DIR lock is held throughout, so no server or other command has it at the same time.
 */
export async function withDatabase<T>(
  env: NodeJS.ProcessEnv,
  use: DatabaseUse,
  work: (session: DatabaseSession) => Promise<T>,
): Promise<T> {
  const config = databaseFromEnv(env);
  const mayCreate = use.mayCreate ?? use.migrations === 'apply';
  if (!config.databaseUrl && !mayCreate && !embeddedDatabaseExists(config.dataDir)) {
    throw new CliError(`There is no database in ${resolve(config.dataDir)} (DATA_DIR). Set DATA_DIR, or DATABASE_URL, to the server's.`);
  }
  const lock = config.databaseUrl ? null : takeLock(config.dataDir);
  try {
    const open = await openOrExplain(config);
    try {
      if (use.migrations === 'apply') {
        await open.migrate();
      } else if (use.migrations === 'current') {
        const pending = await pendingMigrations(open.db);
        if (pending.length > 0) {
          throw new CliError(
            `${describeDatabase(config)} has ${pending.length} migration(s) to apply first: run \`npx homesite migrate\`.`,
          );
        }
      }
      return await work({ config, open, db: open.db });
    } finally {
      await open.close();
    }
  } finally {
    lock?.release();
  }
}

export function takeLock(dataDir: string) {
  try {
    return acquireDataDirLock(dataDir, 'cli');
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CliError(error.message);
    throw error;
  }
}

async function openOrExplain(config: DatabaseEnv): Promise<OpenDatabase> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`Could not open ${describeDatabase(config)}: ${reason}`, { cause: error });
  }
}
