import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { cliOrigin, recordAudit } from '../../audit/audit';
import { openDatabase } from '../../db/client';
import { databaseFromEnv } from '../../db/database-env';
import { emptyAllData, removeDemoAccounts, TABLES_KEPT_BY_EMPTY } from '../../db/demo-accounts';
import { flagOption, type Command } from '../command';
import { describeDatabase, embeddedDatabaseExists, pendingMigrations, takeLock, withDatabase } from '../database';
import { CliError, UsageError, writeLine } from '../io';

const PG_DUMP_WAY = 'pg_dump --format=custom --file=homesite.dump "$DATABASE_URL"';
const PG_RESTORE_WAY = 'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" homesite.dump';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A moment as a file name takes it on every system: 2026-11-27T20-31-05Z. */
const fileStamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');

/** Writes beside the target, flushes, then renames over it: a crash leaves the old file or the new one, never half of one. */
function writeFileAtomically(target: string, bytes: Uint8Array) {
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  const fd = openSync(partial, 'wx');
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(partial, target);
}

const migrate: Command = {
  name: ['migrate'],
  summary: 'Apply pending database migrations (an upgrade step)',
  description: `Applies the migrations of this version that the database does not have yet, and says how many. Run it
once per upgrade, before the new version's instances start (each instance would also apply them at start; doing it
first keeps the start fast and a failure visible). On an empty DATA_DIR it makes the embedded database.

Example:
  DATABASE_URL=postgres://homesite@db/homesite npx homesite migrate`,
  run: async ({ io }) => {
    await withDatabase(io.env, { migrations: 'as-is', mayCreate: true }, async ({ config, open, db }) => {
      const pending = await pendingMigrations(db);
      if (pending.length === 0) {
        writeLine(io.stdout, `Up to date: ${describeDatabase(config)} has every migration of this version.`);
        return;
      }
      await open.migrate();
      writeLine(
        io.stdout,
        `Applied ${pending.length} migration${pending.length === 1 ? '' : 's'} to ${describeDatabase(config)}: ${pending.map((entry) => entry.tag).join(', ')}.`,
      );
    });
  },
};

const backup: Command = {
  name: ['backup'],
  summary: 'Copy the embedded database to a .tar.gz file',
  arguments: ['<file>'],
  options: { force: { type: 'boolean', description: 'Replace <file> when it exists' } },
  description: `Writes the whole embedded database (DATA_DIR) to <file>, a gzipped tarball that \`restore\` reads. The
server must be stopped (the DATA_DIR lock says so otherwise): the embedded database is one process's. The file is
written beside its final name and renamed when complete.

With DATABASE_URL, use PostgreSQL's own tools instead:
  ${PG_DUMP_WAY}

Example:
  npx homesite backup /backups/homesite-$(date +%F).tar.gz`,
  run: async ({ io, positionals, values }) => {
    const target = resolve(positionals[0] ?? '');
    const config = databaseFromEnv(io.env);
    if (config.databaseUrl)
      throw new CliError(`backup is for the embedded database (DATA_DIR). With DATABASE_URL, use pg_dump:\n  ${PG_DUMP_WAY}`);
    if (existsSync(target) && !flagOption(values, 'force'))
      throw new CliError(`${target} exists already: choose another name, or add --force to replace it.`);
    if (!existsSync(dirname(target))) throw new CliError(`There is no directory ${dirname(target)}.`);
    await withDatabase(io.env, { migrations: 'as-is' }, async ({ open }) => {
      const dump = new Uint8Array(await (await open.dump()).arrayBuffer());
      writeFileAtomically(target, dump);
      writeLine(io.stdout, `Backed up ${describeDatabase(config)} to ${target} (${megabytes(dump.length)}).`);
    });
  },
};

const restore: Command = {
  name: ['restore'],
  summary: 'Put a backup file back as the embedded database',
  arguments: ['<file>'],
  options: { force: { type: 'boolean', description: 'Replace an existing database (kept aside, not deleted)' } },
  description: `Makes the embedded database of DATA_DIR from a file written by \`backup\`. The server must be stopped.
Into an empty DATA_DIR it just restores. Over an existing database it refuses unless --force, which moves the old
database aside to <DATA_DIR>/pglite.before-restore-<time> (delete it once you are sure) and says where. The backup is
unpacked and opened beside the live database first, so a bad file changes nothing; then the restored database is
migrated to this version.

With DATABASE_URL, use PostgreSQL's own tools instead:
  ${PG_RESTORE_WAY}

Example:
  npx homesite restore /backups/homesite-2026-11-27.tar.gz --force`,
  run: async ({ io, positionals, values }) => {
    const source = resolve(positionals[0] ?? '');
    const config = databaseFromEnv(io.env);
    if (config.databaseUrl)
      throw new CliError(`restore is for the embedded database (DATA_DIR). With DATABASE_URL, use pg_restore:\n  ${PG_RESTORE_WAY}`);
    if (!existsSync(source) || !statSync(source).isFile()) throw new CliError(`There is no file ${source}.`);
    const dataDir = resolve(config.dataDir);
    const live = join(dataDir, 'pglite');
    const lock = takeLock(dataDir);
    try {
      const occupied = existsSync(live) && readdirSync(live).length > 0;
      if (occupied && !flagOption(values, 'force')) {
        throw new CliError(
          `${dataDir} has a database already${embeddedDatabaseExists(dataDir) ? '' : ' (or something else in pglite/)'}. ` +
            'restore replaces it only with --force, which keeps the old one aside.',
        );
      }
      const stamp = fileStamp();
      const staging = join(dataDir, `pglite.restoring-${stamp}`);
      try {
        const { PGlite } = await import('@electric-sql/pglite');
        const restored = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(source)]) });
        await restored.query('select 1');
        await restored.close();
      } catch (error) {
        rmSync(staging, { recursive: true, force: true });
        throw new CliError(
          `${source} could not be restored (is it a file from \`npx homesite backup\`?): ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      }
      let aside: string | null = null;
      if (existsSync(live)) {
        aside = join(dataDir, `pglite.before-restore-${stamp}`);
        renameSync(live, aside);
      }
      renameSync(staging, live);

      const database = await openDatabase({ dataDir });
      try {
        const pending = await pendingMigrations(database.db);
        await database.migrate();
        writeLine(io.stdout, `Restored ${source} into ${live}${pending.length > 0 ? ` and applied ${pending.length} migration(s)` : ''}.`);
      } finally {
        await database.close();
      }
      if (aside) writeLine(io.stdout, `The database that was there is kept in ${aside}; delete it once you are sure.`);
    } finally {
      lock.release();
    }
  },
};

const demoRemove: Command = {
  name: ['demo', 'remove'],
  summary: 'Delete the demo accounts (or, with --all-data --yes, all data)',
  options: {
    'all-data': { type: 'boolean', description: 'Empty every data table: users, retailers, homes, orders… everything' },
    yes: { type: 'boolean', description: 'Confirms --all-data' },
  },
  description: `Deletes the demo accounts: every user whose user name is in the reserved .test domain — the demo logins
(@demo.homesite.test) and the demo retailers' staff (@smokymountainhomes.test, @homesite.test,
@blueridgehousing.test), who all share the demo password. A production server refuses to start while any is left.
What they wrote stays, without its author; their own support messages and feedback answers go with them.

--all-data --yes instead empties every table but the reference data every database has and the instance's
settings (its token signing secret), ${TABLES_KEPT_BY_EMPTY.join(', ')}; the schema and migrations stay.
For an organisation that tried the demo and now starts clean: then create the first administrator and import its data.

Examples:
  npx homesite demo remove
  npx homesite demo remove --all-data --yes`,
  run: async ({ io, values }) => {
    const allData = flagOption(values, 'all-data');
    if (allData && !flagOption(values, 'yes'))
      throw new UsageError('--all-data deletes every user, retailer, home and order: add --yes to confirm.');
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const origin = cliOrigin(io.env);
      if (allData) {
        const tables = await db.transaction(async (tx) => {
          const emptied = await emptyAllData(tx);
          // After the emptying (the audit trail is emptied too): this row is the new trail's first.
          await recordAudit(tx, { ...origin, action: 'demo.removed', details: { allData: true, tablesEmptied: emptied.length } });
          return emptied;
        });
        writeLine(
          io.stdout,
          `Emptied ${tables.length} tables; kept ${TABLES_KEPT_BY_EMPTY.join(', ')}. Next: npx homesite user create --help.`,
        );
        return;
      }
      // removeDemoAccounts' own transaction becomes a savepoint of this one, which also holds the audit row.
      const removal = await db.transaction(async (tx) => {
        const removed = await removeDemoAccounts(tx);
        if (removed.removed.length > 0)
          await recordAudit(tx, {
            ...origin,
            action: 'demo.removed',
            details: {
              accounts: removed.removed.length,
              rowsDeleted: removed.detached.filter((each) => each.action === 'deleted').reduce((sum, each) => sum + each.rows, 0),
              rowsUnlinked: removed.detached.filter((each) => each.action === 'unlinked').reduce((sum, each) => sum + each.rows, 0),
            },
          });
        return removed;
      });
      if (removal.removed.length === 0) {
        writeLine(io.stdout, 'There are no demo accounts.');
        return;
      }
      writeLine(io.stdout, `Deleted ${removal.removed.length} demo accounts.`);
      for (const detached of removal.detached) {
        writeLine(
          io.stdout,
          `  ${detached.action === 'deleted' ? 'deleted' : 'unlinked'} ${detached.rows} row(s) of ${detached.table} that were theirs`,
        );
      }
    });
  },
};

export const databaseCommands: readonly Command[] = [migrate, backup, restore, demoRemove];
