import type { DatabaseOptions } from './client';

/** The database of a deployment, as the server and the `homesite` command line both read it from the environment. */
export interface DatabaseEnv extends Pick<DatabaseOptions, 'databaseUrl'> {
  /** Where the embedded database lives (`<dataDir>/pglite`); used when databaseUrl is unset. */
  dataDir: string;
}

/** DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data); empty values count as unset. */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseEnv {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || './data' };
}
