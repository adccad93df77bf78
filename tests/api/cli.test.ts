import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../scripts/build-server.mjs';
import { createApp } from '../../src/server/app';
import { verifyApiKey } from '../../src/server/auth/api-keys';
import { filesBeside } from '../../src/server/cli/commands/import';
import { COMMANDS } from '../../src/server/cli/main';
import { openDatabase, type Database } from '../../src/server/db/client';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../src/server/db/data-dir-lock';
import { findDemoAccounts } from '../../src/server/db/demo-accounts';
import * as schema from '../../src/server/db/schema';
import { DEFAULT_DEMO_PASSWORD, DEMO_USERS, seedDatabase } from '../../src/server/db/seed';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { runHomesite, type CliResult } from '../cli-runner';
import { callerFor, createScratchDatabase } from './harness';

/*
 * The operator's command line, run in-process (runCli with fake streams) on an embedded database in a temporary
 * DATA_DIR or, when TEST_DATABASE_URL is set, on a scratch PostgreSQL database instead. What a command did is checked
 * through the app itself (createApp over the same database), as a user would meet it.
 */

const PASSWORD = 'Opening#Day1';
const EXAMPLE_FILES = readdirSync('examples/import');
const SLOW = 120_000;

const scratchDirs: string[] = [];
function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'homesite-cli-'));
  scratchDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** The database a command of `env` works on, opened by the test while no command runs (PGlite is one process's). */
async function withDb<T>(env: NodeJS.ProcessEnv, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The app over the database of `env`, for signing in as a user would. */
async function withApp<T>(env: NodeJS.ProcessEnv, work: (call: ReturnType<typeof callerFor>, db: Database) => Promise<T>): Promise<T> {
  return withDb(env, (db) => work(callerFor(createApp({ db, config: { tokenSecret: randomBytes(32).toString('base64url') } })), db));
}

const signIn = (call: ReturnType<typeof callerFor>, userName: string, password: string) =>
  call<{ bearerToken?: string; message?: string }>('POST', '/auth/api/Account/Token', { body: { Username: userName, Password: password } });

const createUserArgs = (userName: string, ...more: string[]) => [
  'user',
  'create',
  '--user-name',
  userName,
  '--first-name',
  'Ada',
  '--last-name',
  'Lovelace',
  '--role',
  'Rtl_Admin',
  ...more,
];

interface Backend {
  name: string;
  /** The environment of a fresh, empty database; drop() removes it. */
  make: () => Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }>;
}

// The API suite runs twice (scripts/test.sh): on the embedded database, then with TEST_DATABASE_URL on a PostgreSQL
// server. Each run drives the command line on its own database kind, as the rest of the suite does; what does not
// depend on the kind (the embedded database's backup and lock, usage, the bin) runs in the embedded run only.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const BACKENDS: Backend[] = testDatabaseUrl
  ? [
      {
        name: 'PostgreSQL (DATABASE_URL)',
        make: async () => {
          const scratch = await createScratchDatabase(testDatabaseUrl);
          return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
        },
      },
    ]
  : [{ name: 'the embedded database (DATA_DIR)', make: async () => ({ env: { DATA_DIR: scratchDir() }, drop: async () => {} }) }];

describe.each(BACKENDS)('homesite on $name', (backend) => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ env, drop } = await backend.make());
  }, SLOW);
  afterAll(() => drop());

  it(
    'creates the first administrator on an empty database from a password on stdin, who then signs in and is not expired',
    async () => {
      const created = await runHomesite(createUserArgs('It.Admin@Example.com'), env, `${PASSWORD}\n`);
      expect(created.stderr).toBe('');
      expect(created).toMatchObject({ code: 0, stdout: 'Created it.admin@example.com (Rtl_Admin).\n' });

      await withApp(env, async (call) => {
        const signedIn = await signIn(call, 'it.admin@example.com', PASSWORD);
        expect(signedIn.status).toBe(200);
        const profile = await call<{ roles: string[]; passwordLastChanged: string }>('GET', '/auth/api/Account/User', {
          token: signedIn.body.bearerToken!,
        });
        expect(profile.status).toBe(200);
        expect(profile.body.roles).toEqual(['Rtl_Admin']);
        // spec 1 §9 counts 91 days from the last change: changed just now, nowhere near expired.
        expect(Date.now() - new Date(profile.body.passwordLastChanged).getTime()).toBeLessThan(5 * 60_000);
      });
      const listed = await runHomesite(['user', 'list'], env);
      expect(listed.code).toBe(0);
      // Active, a password, no invitation, signed in just now.
      expect(listed.stdout).toMatch(/^it\.admin@example\.com\s+Ada Lovelace\s+yes\s+yes\s+-\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+Rtl_Admin$/m);
    },
    SLOW,
  );

  it(
    'refuses a password the product would refuse, an unknown role and a taken name, and creates nobody',
    async () => {
      const weak = await runHomesite(createUserArgs('weak@example.com'), env, 'password1\n');
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('Password must contain an upper-case letter.');
      const none = await runHomesite(createUserArgs('nopassword@example.com'), env, '');
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('No password on stdin');
      const role = await runHomesite([...createUserArgs('role@example.com'), '--role', 'Chief_Wizard'], env, `${PASSWORD}\n`);
      expect(role.code).toBe(1);
      expect(role.stderr).toContain('Unknown role: Chief_Wizard.');
      const retailer = await runHomesite(createUserArgs('retailer@example.com', '--retailer', '99999'), env, `${PASSWORD}\n`);
      expect(retailer.code).toBe(1);
      expect(retailer.stderr).toContain('No retailer 99999');
      const taken = await runHomesite(createUserArgs('IT.ADMIN@example.com'), env, `${PASSWORD}\n`);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('exists already');
      expect(weak.stderr.split('\n').filter(Boolean)).toHaveLength(1);

      const names = await withDb(env, async (db) =>
        (await db.select({ userName: schema.users.userName }).from(schema.users)).map((row) => row.userName),
      );
      expect(names).toEqual(['it.admin@example.com']);
    },
    SLOW,
  );

  it(
    'resets a password: the old sessions and the old password stop working, the new password signs in',
    async () => {
      await runHomesite(createUserArgs('reset.me@example.com', '--role', 'Service_User'), env, `${PASSWORD}\n`);
      const oldToken = await withApp(env, async (call) => (await signIn(call, 'reset.me@example.com', PASSWORD)).body.bearerToken!);

      const reset = await runHomesite(['user', 'reset-password', 'Reset.Me@example.com'], env, 'Second#Try22\n');
      expect(reset).toMatchObject({ code: 0, stderr: '' });

      await withApp(env, async (call) => {
        expect((await call('GET', '/auth/api/Account/User', { token: oldToken })).status).toBe(401);
        expect((await signIn(call, 'reset.me@example.com', PASSWORD)).status).toBe(400);
        expect((await signIn(call, 'reset.me@example.com', 'Second#Try22')).status).toBe(200);
      });
      expect((await runHomesite(['user', 'reset-password', 'nobody@example.com'], env, 'Second#Try22\n')).code).toBe(1);
    },
    SLOW,
  );

  it(
    'deactivates a user: no sign-in, and their open session is refused; activate lets them back',
    async () => {
      await runHomesite(createUserArgs('leaver@example.com'), env, `${PASSWORD}\n`);
      const token = await withApp(env, async (call) => (await signIn(call, 'leaver@example.com', PASSWORD)).body.bearerToken!);
      expect(await runHomesite(['user', 'deactivate', 'leaver@example.com'], env)).toMatchObject({
        code: 0,
        stdout: 'leaver@example.com is deactivated.\n',
      });
      await withApp(env, async (call) => {
        expect((await call('GET', '/auth/api/Account/User', { token })).status).toBe(401);
        const refused = await signIn(call, 'leaver@example.com', PASSWORD);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('inactive');
      });
      expect((await runHomesite(['user', 'list'], env)).stdout).toMatch(/^leaver@example\.com\s+Ada Lovelace\s+no\s+/m);
      expect((await runHomesite(['user', 'activate', 'leaver@example.com'], env)).code).toBe(0);
      await withApp(env, async (call) => expect((await signIn(call, 'leaver@example.com', PASSWORD)).status).toBe(200));
    },
    SLOW,
  );

  it(
    'makes an API key shown once, lists it without the key, and revokes it',
    async () => {
      const created = await runHomesite(['apikey', 'create', 'erp-nightly'], env);
      expect(created.code).toBe(0);
      const key = created.stdout.trim();
      expect(key).toMatch(/^hsk_[A-Za-z0-9_-]{43}$/);
      expect(created.stderr).toContain('not shown again');
      expect((await runHomesite(['apikey', 'create', 'erp-nightly'], env)).code).toBe(1);

      const listed = await runHomesite(['apikey', 'list'], env);
      expect(listed.stdout).toMatch(new RegExp(`^erp-nightly\\s+${key.slice(0, 12)}…\\s+\\S+Z\\s+-\\s+-$`, 'm'));
      expect(listed.stdout).not.toContain(key);
      await withDb(env, async (db) => {
        expect(await verifyApiKey(db, key)).toMatchObject({ name: 'erp-nightly' });
        const [row] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.name, 'erp-nightly'));
        expect(row!.keyHash).not.toContain(key.slice(4));
      });
      expect((await runHomesite(['apikey', 'list'], env)).stdout).toMatch(/^erp-nightly\s+\S+\s+\S+Z\s+\S+Z\s+-$/m);

      expect(await runHomesite(['apikey', 'revoke', 'erp-nightly'], env)).toMatchObject({
        code: 0,
        stdout: "API key 'erp-nightly' is revoked.\n",
      });
      expect((await runHomesite(['apikey', 'revoke', 'erp-nightly'], env)).stdout).toContain('revoked already');
      expect((await runHomesite(['apikey', 'revoke', 'no-such-key'], env)).code).toBe(1);
      await withDb(env, async (db) => expect(await verifyApiKey(db, key)).toBeNull());
      expect((await runHomesite(['apikey', 'list'], env)).stdout).toMatch(/^erp-nightly\s+\S+…\s+\S+Z\s+\S+Z\s+\d{4}-\S+Z$/m);
    },
    SLOW,
  );

  it('imports every example file in order into the empty database, and the same files again change nothing', async () => {
    for (const kind of Object.keys(IMPORT_KINDS)) {
      const file = EXAMPLE_FILES.find((name) => name.startsWith(`${kind}.`));
      if (!file) continue;
      const imported = await runHomesite(['import', kind, join('examples/import', file)], env);
      expect(imported.stderr, kind).toBe('');
      expect(imported.code, `${kind}: ${imported.stdout}`).toBe(0);
      expect(imported.stdout, kind).toMatch(/^Written: \d+ inserted, 0 updated, 0 unchanged\.$/m);
    }
    for (const file of EXAMPLE_FILES) {
      const kind = file.replace(/\.\w+$/, '');
      if (!Object.hasOwn(IMPORT_KINDS, kind)) continue;
      const again = await runHomesite(['import', kind, join('examples/import', file)], env);
      expect(again.stdout, kind).toMatch(/^Written: 0 inserted, 0 updated, \d+ unchanged\.$/m);
    }
    // An imported user has no password until the operator gives one; then they sign in to their retail centers.
    expect((await runHomesite(['user', 'reset-password', 'sam.whitaker@valleyview.example'], env, `${PASSWORD}\n`)).code).toBe(0);
    await withApp(env, async (call) => {
      const token = (await signIn(call, 'sam.whitaker@valleyview.example', PASSWORD)).body.bearerToken!;
      const profile = await call<{ availableRetailers: { retailerNumber: string }[] }>('GET', '/auth/api/Account/User', { token });
      expect(profile.body.availableRetailers.map((retailer) => retailer.retailerNumber)).toEqual(['3101']);
    });
  }, 300_000);

  it(
    'lists refused rows by line and field and writes nothing; --dry-run and --skip-invalid',
    async () => {
      const dir = scratchDir();
      const file = join(dir, 'plants-more.csv');
      writeFileSync(
        file,
        'plantNumber,name,serialPrefix,city,state,zipCode\n950,Oak Hill,OAK,Oak Hill,TN,37830\n951,Bad State,BAD,Somewhere,Tennessee,37000\n',
      );
      const plants = () => withDb(env, async (db) => (await db.select({ n: count() }).from(schema.plants))[0]!.n);
      const before = await plants();

      const refused = await runHomesite(['import', 'plants', file], env);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('Nothing was written');
      expect(refused.stdout).toMatch(/^ {2}line 3, state: .+$/m);
      const dry = await runHomesite(['import', 'plants', file, '--dry-run'], env);
      expect(dry.code).toBe(1);
      expect(await plants()).toBe(before);

      writeFileSync(
        join(dir, 'plants-good.jsonl'),
        '{"plantNumber":"952","name":"Elm Creek","serialPrefix":"ELM","city":"Elm","state":"TN","zipCode":"37830"}\n',
      );
      const cleanDry = await runHomesite(['import', 'plants', join(dir, 'plants-good.jsonl'), '--dry-run'], env);
      expect(cleanDry).toMatchObject({ code: 0, stdout: expect.stringContaining('It would write: 1 inserted') });
      expect(await plants()).toBe(before);

      const skipped = await runHomesite(['import', 'plants', file, '--skip-invalid'], env);
      expect(skipped.code).toBe(0);
      expect(skipped.stdout).toContain('Written: 1 inserted');
      expect(skipped.stdout).toMatch(/^Skipped 1 row:\n {2}line 3, state: /m);
      expect(await plants()).toBe(before + 1);

      expect((await runHomesite(['import', 'spaceships', file], env)).code).toBe(2);
      expect((await runHomesite(['import', 'plants', join(dir, 'plants.txt')], env)).code).toBe(2);
      expect((await runHomesite(['import', 'plants', join(dir, 'missing.csv')], env)).code).toBe(1);
      const badHeader = join(dir, 'bad-header.csv');
      writeFileSync(badHeader, 'plantNumber,colour\n1,red\n');
      const header = await runHomesite(['import', 'plants', badHeader], env);
      expect(header.code).toBe(1);
      expect(header.stderr).toContain('unknown column "colour"');
    },
    SLOW,
  );

  it(
    'migrate says the database is up to date when it is',
    async () => {
      const migrated = await runHomesite(['migrate'], env);
      expect(migrated).toMatchObject({ code: 0, stderr: '' });
      expect(migrated.stdout).toMatch(/^Up to date: /);
    },
    SLOW,
  );
});

describe.each(BACKENDS)('demo remove on a seeded demo database, $name', (backend) => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ env, drop } = await backend.make());
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      await database.migrate();
      await seedDatabase(database.db);
    } finally {
      await database.close();
    }
  }, SLOW);
  afterAll(() => drop());

  it(
    'deletes every account a demo login could sign in with, keeps the rest, and leaves the data they wrote',
    async () => {
      expect((await runHomesite(createUserArgs('owner@example.com'), env, `${PASSWORD}\n`)).code).toBe(0);
      const before = await withDb(env, async (db) => {
        const demo = await findDemoAccounts(db);
        const [users] = await db.select({ n: count() }).from(schema.users);
        // Every seeded user shares the demo password: all of them must count as demo accounts.
        expect(demo).toHaveLength(users!.n - 1);
        for (const user of DEMO_USERS) expect(demo).toContain(user.userName);
        // Rows whose reference to their author has no ON DELETE rule must not stop the delete.
        const [admin] = await db.select().from(schema.users).where(eq(schema.users.userName, DEMO_USERS[0]!.userName));
        await db
          .insert(schema.supportMessages)
          .values({ userId: admin!.id, name: 'Alex', phone: '555-0100', priority: 'Low', type: 'Question', message: 'Hello' });
        await db
          .insert(schema.feedbackResponses)
          .values({ userId: admin!.id, satisfaction: 5, worksWell: 'All', improve: 'Nothing', mayContact: false });
        const [quotes] = await db.select({ n: count() }).from(schema.quotes);
        return { quotes: quotes!.n };
      });

      const removed = await runHomesite(['demo', 'remove'], env);
      expect(removed.stderr).toBe('');
      expect(removed.code).toBe(0);
      expect(removed.stdout).toMatch(/^Deleted \d+ demo accounts\./);
      expect(removed.stdout).toContain('support_messages');

      await withApp(env, async (call, db) => {
        expect(await findDemoAccounts(db)).toEqual([]);
        for (const user of DEMO_USERS) expect((await signIn(call, user.userName, DEFAULT_DEMO_PASSWORD)).status, user.userName).toBe(400);
        expect((await signIn(call, 'owner@example.com', PASSWORD)).status).toBe(200);
        const [quotes] = await db.select({ n: count() }).from(schema.quotes);
        expect(quotes!.n).toBe(before.quotes);
      });
      expect((await runHomesite(['demo', 'remove'], env)).stdout).toBe('There are no demo accounts.\n');
    },
    SLOW,
  );

  it(
    '--all-data needs --yes, then empties every table but the roles and settings',
    async () => {
      const unconfirmed = await runHomesite(['demo', 'remove', '--all-data'], env);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain('--yes');
      await withDb(env, async (db) => expect((await db.select({ n: count() }).from(schema.homes))[0]!.n).toBeGreaterThan(0));

      const emptied = await runHomesite(['demo', 'remove', '--all-data', '--yes'], env);
      expect(emptied.code).toBe(0);
      await withDb(env, async (db) => {
        for (const table of [schema.users, schema.homes, schema.retailers, schema.quotes, schema.apiKeys]) {
          expect((await db.select({ n: count() }).from(table))[0]!.n).toBe(0);
        }
        expect((await db.select({ n: count() }).from(schema.roles))[0]!.n).toBeGreaterThan(30);
      });
      // The schema and migrations are intact: a first administrator can be made at once.
      expect((await runHomesite(createUserArgs('fresh.start@example.com'), env, `${PASSWORD}\n`)).code).toBe(0);
      expect((await runHomesite(['migrate'], env)).stdout).toMatch(/^Up to date/);
    },
    SLOW,
  );
});

describe.skipIf(testDatabaseUrl)('the embedded database: backup, restore and the DATA_DIR lock', () => {
  let env: NodeJS.ProcessEnv;
  let backupFile: string;
  beforeAll(async () => {
    env = { DATA_DIR: scratchDir() };
    expect((await runHomesite(createUserArgs('kept@example.com'), env, `${PASSWORD}\n`)).code).toBe(0);
    backupFile = join(scratchDir(), 'homesite.tar.gz');
  }, SLOW);

  it(
    'backs up to a .tar.gz that restores into an empty DATA_DIR with the data',
    async () => {
      const backedUp = await runHomesite(['backup', backupFile], env);
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      expect(statSync(backupFile).size).toBeGreaterThan(100_000);
      expect(readdirSync(join(backupFile, '..'))).toEqual(['homesite.tar.gz']);
      expect((await runHomesite(['backup', backupFile], env)).stderr).toContain('exists already');

      const elsewhere = { DATA_DIR: scratchDir() };
      const restored = await runHomesite(['restore', backupFile], elsewhere);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect((await runHomesite(['user', 'list'], elsewhere)).stdout).toContain('kept@example.com');
      await withApp(elsewhere, async (call) => expect((await signIn(call, 'kept@example.com', PASSWORD)).status).toBe(200));
    },
    SLOW,
  );

  it(
    'refuses to restore over a database without --force; with it, keeps the old one aside and says where',
    async () => {
      expect((await runHomesite(createUserArgs('after.backup@example.com'), env, `${PASSWORD}\n`)).code).toBe(0);
      const refused = await runHomesite(['restore', backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('--force');
      expect((await runHomesite(['user', 'list'], env)).stdout).toContain('after.backup@example.com');

      const forced = await runHomesite(['restore', backupFile, '--force'], env);
      expect(forced.code).toBe(0);
      const aside = readdirSync(env.DATA_DIR!).find((name) => name.startsWith('pglite.before-restore-'));
      expect(aside).toBeDefined();
      expect(forced.stdout).toContain(join(env.DATA_DIR!, aside!));
      const listed = (await runHomesite(['user', 'list'], env)).stdout;
      expect(listed).toContain('kept@example.com');
      expect(listed).not.toContain('after.backup@example.com');
    },
    SLOW,
  );

  it(
    'refuses a file that is not a backup, and changes nothing',
    async () => {
      const junk = join(scratchDir(), 'junk.tar.gz');
      writeFileSync(junk, 'not a tarball');
      const target = { DATA_DIR: scratchDir() };
      const refused = await runHomesite(['restore', junk], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('could not be restored');
      expect(readdirSync(target.DATA_DIR).filter((name) => name !== LOCK_FILE_NAME)).toEqual([]);
    },
    SLOW,
  );

  it('backup and restore refuse DATABASE_URL and name the PostgreSQL way', async () => {
    const postgres = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect(await runHomesite(['backup', backupFile], postgres)).toMatchObject({ code: 1, stderr: expect.stringContaining('pg_dump') });
    expect(await runHomesite(['restore', backupFile], postgres)).toMatchObject({ code: 1, stderr: expect.stringContaining('pg_restore') });
  });

  it(
    'refuses while another live process holds DATA_DIR, and takes over a lock its holder left behind',
    async () => {
      const held = acquireDataDirLock(env.DATA_DIR!, 'server');
      try {
        const refused = await runHomesite(['user', 'list'], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`The server (pid ${process.pid}) is using DATA_DIR`);
        expect(refused.stderr).toContain('DATABASE_URL');
        expect(() => acquireDataDirLock(env.DATA_DIR!, 'cli')).toThrow(/is using DATA_DIR/);
      } finally {
        held.release();
      }
      expect(existsSync(join(env.DATA_DIR!, LOCK_FILE_NAME))).toBe(false);

      // A process that has ended (a crash, a kill -9) leaves its lock file behind.
      const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      writeFileSync(
        join(env.DATA_DIR!, LOCK_FILE_NAME),
        JSON.stringify({ pid: Number(ended.stdout), owner: 'server', token: 'left-behind', since: new Date().toISOString() }),
      );
      expect((await runHomesite(['user', 'list'], env)).code).toBe(0);
      expect(existsSync(join(env.DATA_DIR!, LOCK_FILE_NAME))).toBe(false);
    },
    SLOW,
  );

  it('a reading command refuses an empty DATA_DIR instead of making a database there', async () => {
    const empty = { DATA_DIR: scratchDir() };
    const listed = await runHomesite(['user', 'list'], empty);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain('There is no database in');
    expect(existsSync(join(empty.DATA_DIR, 'pglite'))).toBe(false);
  });
});

describe.skipIf(testDatabaseUrl)('files a row names', () => {
  it('are read beside the imported file, never outside its directory', async () => {
    const root = scratchDir();
    mkdirSync(join(root, 'import', 'docs'), { recursive: true });
    writeFileSync(join(root, 'import', 'docs', 'guide.pdf'), 'inside');
    writeFileSync(join(root, 'secret.txt'), 'outside');
    symlinkSync(join(root, 'secret.txt'), join(root, 'import', 'docs', 'link.pdf'));
    const read = filesBeside(join(root, 'import', 'help.csv'));
    expect(Buffer.from(await read('docs/guide.pdf')).toString()).toBe('inside');
    await expect(read('../secret.txt')).rejects.toThrow(/leads out/);
    await expect(read('docs/../../secret.txt')).rejects.toThrow(/leads out/);
    await expect(read('docs/link.pdf')).rejects.toThrow(/leads out/);
    await expect(read(join(root, 'secret.txt'))).rejects.toThrow(/relative/);
    await expect(read('docs/none.pdf')).rejects.toThrow(/no file/);
  });
});

describe.skipIf(testDatabaseUrl)('usage', () => {
  it.each(COMMANDS.map((command) => [command.name.join(' ')]))('homesite %s --help answers its help and exits 0', async (name) => {
    const result = await runHomesite([...name.split(' '), '--help'], {});
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^Usage: homesite ${name}`));
    expect(result.stdout).toContain('Exit codes:');
  });

  it('--help alone, and on a group, lists the commands', async () => {
    for (const argv of [['--help'], ['-h'], ['user', '--help'], ['apikey', '-h'], ['demo', '--help']]) {
      const result = await runHomesite(argv, {});
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toContain('Commands:');
    }
  });

  it.each([
    [[], 'Which command?'],
    [['frobnicate'], 'Unknown command: frobnicate'],
    [['user'], 'Which command?'],
    [['user', 'promote'], 'Unknown command: user promote'],
    [['--bogus'], 'Unknown option: --bogus'],
    [['user', 'create', '--user-name', 'a@example.com', '--colour', 'red'], "Unknown option '--colour'."],
    [['user', 'reset-password'], 'Missing <user-name>.'],
    [['user', 'deactivate', 'a@example.com', 'b@example.com'], 'Unexpected argument: b@example.com.'],
    [
      ['user', 'create', '--user-name', 'not-an-address', '--first-name', 'A', '--last-name', 'B', '--role', 'Rtl_Admin'],
      '--user-name: Email must be in the following format',
    ],
    [
      ['user', 'create', '--user-name', 'a@example.com', '--first-name', 'A', '--last-name', 'B'],
      '--role: At least one role must be assigned.',
    ],
    [['apikey', 'create'], 'Missing <name>.'],
    [['backup'], 'Missing <file>.'],
  ])('%j is wrong usage: exit 2 with the problem and the usage on stderr', async (argv, problem) => {
    const result = await runHomesite(argv, { DATA_DIR: join(tmpdir(), 'homesite-cli-never-made') });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(problem);
    expect(result.stderr).toContain('Usage:');
    expect(existsSync(join(tmpdir(), 'homesite-cli-never-made'))).toBe(false);
  });

  it('a failure is one message on stderr, without a stack unless --verbose', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const plain = await runHomesite(['user', 'list'], env);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^homesite user list: Could not open PostgreSQL at 127\.0\.0\.1:1\/none: /);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const verbose = await runHomesite(['user', 'list', '--verbose'], env);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });
});

describe.skipIf(testDatabaseUrl)('bin/homesite.mjs', () => {
  /** The installed command, as an operator runs it: a separate node process with its own stdin. */
  function run(argv: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<CliResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['bin/homesite.mjs', ...argv], {
        env: { PATH: process.env.PATH, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  it(
    'answers --help, and creates a user from a password piped to it',
    async () => {
      // Compiled by the globalSetup; again if a source changed since, or the bin would say it runs them through tsx.
      await buildServerIfStale();
      const help = await run(['--help'], {}, '');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('homesite user create');

      const env = { DATA_DIR: scratchDir() };
      const created = await run(createUserArgs('piped@example.com'), env, `${PASSWORD}\n`);
      expect(created.stderr).toBe('');
      expect(created).toMatchObject({ code: 0, stdout: 'Created piped@example.com (Rtl_Admin).\n' });
      await withApp(env, async (call) => expect((await signIn(call, 'piped@example.com', PASSWORD)).status).toBe(200));
      expect(existsSync(join(env.DATA_DIR, LOCK_FILE_NAME))).toBe(false);
    },
    SLOW,
  );
});
