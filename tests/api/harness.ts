import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { IDEMPOTENCY_HEADER, QUOTE_LOCK_MINUTES } from '../../src/contract';
import { createApp, type App, type AppConfig } from '../../src/server/app';
import { openDatabase, type Database, type OpenDatabase } from '../../src/server/db/client';
import { DEFAULT_DEMO_PASSWORD, demoUserName, seedDatabase } from '../../src/server/db/seed';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Writes get a fresh Idempotency-Key unless one is given here; null sends none. */
  idempotencyKey?: string | null;
}

export interface CallResult<T = unknown> {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON, or undefined when empty. */
  body: T;
  headers: Headers;
}

export interface TestContext {
  app: App;
  /** The configuration `app` was made with, for a second app over the same database (probe routes). */
  config: AppConfig;
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A fresh bearer token for a demo key ('admin') or a full user name. */
  login: (userNameOrDemoKey: string, password?: string) => Promise<string>;
  call: <T = unknown>(method: string, path: string, options?: CallOptions) => Promise<CallResult<T>>;
  /** Moves the app's clock (sign-in throttling, terms, password dates); null goes back to real time. */
  setNow: (now: Date | null) => void;
  close: () => Promise<void>;
}

/**
 * The real app in-process over a migrated and seeded database: in-memory PGlite, or — when
 * TEST_DATABASE_URL is set — a database of its own on that PostgreSQL server, dropped at close.
 * Call once per test file (beforeAll) and close in afterAll. `seed: false` gives an empty, migrated database
 * (what production starts from); `config` adds to the app's configuration (identity: links and mail). Either way the database starts as a copy of a template that holds that already
 * (see templateDump and createScratchDatabase), so nothing is migrated or seeded here.
 */
export async function createTestContext(options: { seed?: boolean; config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const template: TemplateKind = (options.seed ?? true) ? 'seeded' : 'migrated';
  const server = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, template) : null;
  const database = await openDatabase(server ? { databaseUrl: server.url } : { memory: true, loadDataDir: await templateDump(template) });

  let now: Date | null = null;
  const config: AppConfig = {
    tokenSecret: randomBytes(32).toString('base64url'),
    clock: () => now ?? new Date(),
    reportError: (error) => console.error('unexpected error in the app under test', error),
    ...options.config,
  };
  const app = createApp({ db: database.db, config });

  const call = callerFor(app);

  async function login(userNameOrDemoKey: string, password = DEFAULT_DEMO_PASSWORD) {
    const result = await call<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
      body: { Username: demoUserName(userNameOrDemoKey), Password: password },
    });
    if (result.status !== 200) throw new Error(`login ${userNameOrDemoKey}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body.bearerToken;
  }

  return {
    app,
    config,
    db: database.db,
    kind: database.kind,
    login,
    call,
    setNow: (next) => {
      now = next;
    },
    close: async () => {
      await database.close();
      await server?.drop();
    },
  };
}

/** `call` for any app made with createApp (the harness's own, or one with probe routes). */
export function callerFor(app: App) {
  return async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (method.toUpperCase() !== 'GET') {
      const key = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
      if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
    }
    Object.assign(headers, options.headers);
    const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const response = await app.request(`${path}${search}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text === '' ? undefined : text;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: response.status, body: body as T, headers: response.headers };
  };
}

/**
 * If-None-Match fields that name `etag` (as answered) without repeating it as it is: its weak form, and lists where it
 * is not the first tag. A conditional GET answers 304 to each (RFC 9110 §13.1.2: the weak comparison, a list of tags).
 */
export function ifNoneMatchFormsOf(etag: string): string[] {
  const quoted = etag.replace(/^W\//, '');
  return [`W/${quoted}`, `"stale", ${etag}`, `W/"stale",${quoted}`];
}

/** What a template database holds: the migrated schema and the demo seed, or the schema alone. */
export type TemplateKind = 'seeded' | 'migrated';

const TEMPLATE_SOURCES = ['src/server/db', 'src/server/auth', 'src/contract'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

let sourcesHashOfToday: string | undefined;
/**
 * A hash of the schema, migrations, seed and contract sources and of the day the seed counts from: the name of a
 * template holds it, so any change there makes a new one.
 */
function templateSourcesHash(): string {
  if (sourcesHashOfToday === undefined) {
    const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
    for (const file of TEMPLATE_SOURCES.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
    sourcesHashOfToday = hash.digest('hex').slice(0, 16);
  }
  return sourcesHashOfToday;
}

/** Migrates a new database, and seeds it for a seeded template. */
async function fillTemplate(database: OpenDatabase, kind: TemplateKind) {
  await database.migrate();
  if (kind === 'seeded') await seedDatabase(database.db);
}

const TEMPLATE_DUMP_PREFIX = 'homesite-api-template-';
/**
 * The seed counts its quote locks from the moment it ran, and a lock lapses after QUOTE_LOCK_MINUTES: a dump older than
 * half that (a test run takes well under it) is made again, or a later run of the day would find those locks lapsed.
 */
const TEMPLATE_DUMP_MAX_AGE_MS = (QUOTE_LOCK_MINUTES / 2) * 60_000;

/**
 * A template PGlite, dumped once and shared by every test file through a file in the temp directory: loading it takes
 * a fraction of a second, a new cluster over two (and a seed far longer). Its name holds the sources hash.
 */
async function templateDump(kind: TemplateKind): Promise<Blob> {
  const hash = templateSourcesHash();
  const path = join(tmpdir(), `${TEMPLATE_DUMP_PREFIX}${hash}-${kind}.tar.gz`);
  const madeAt = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
  if (madeAt !== undefined && Date.now() - madeAt < TEMPLATE_DUMP_MAX_AGE_MS) return new Blob([readFileSync(path)]);

  const fresh = await openDatabase({ memory: true });
  try {
    await fillTemplate(fresh, kind);
    const dump = Buffer.from(await (await fresh.dump()).arrayBuffer());
    // Test files start in parallel: write aside, then rename, so nobody reads half a file.
    const partial = `${path}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, dump);
    renameSync(partial, path);
    // Dumps of other sources are left for a day: another checkout on this machine may be testing with its own.
    for (const stale of readdirSync(tmpdir()).filter(
      (name) => name.startsWith(TEMPLATE_DUMP_PREFIX) && !name.startsWith(`${TEMPLATE_DUMP_PREFIX}${hash}-`) && name.endsWith('.tar.gz'),
    )) {
      const file = join(tmpdir(), stale);
      if (Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 86_400_000) rmSync(file, { force: true });
    }
    return new Blob([dump]);
  } finally {
    await fresh.close();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

// Any constant: serialises the making of templates when test files start at once against one server.
const TEMPLATE_LOCK_ID = 727_002;
const TEMPLATE_PREFIX = 'homesite_template_';
const templateName = (role: string, kind: TemplateKind) =>
  `${TEMPLATE_PREFIX}${createHash('sha256').update(`${role}/${templateSourcesHash()}/${kind}`).digest('hex').slice(0, 16)}`;

/**
 * The template database of `kind` on the server `admin` is connected to, made once per run: its name holds the sources
 * hash and the role (a database can be copied by its owner only, and each run of scripts/test-postgres.sh has a role
 * of its own). Test files start in parallel: the first makes it under an advisory lock while the others wait for the
 * lock and then find it. It is made under another name and renamed once complete, so a run stopped half-way leaves
 * nothing to copy.
 */
async function postgresTemplate(admin: pg.Client, adminUrl: string, kind: TemplateKind): Promise<string> {
  const role = (await admin.query<{ role: string }>('select current_user as role')).rows[0]!.role;
  const name = templateName(role, kind);
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) return name;
    const making = `${name}_making`;
    await admin.query(`DROP DATABASE IF EXISTS "${making}"`);
    await admin.query(`CREATE DATABASE "${making}"`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, making) });
    try {
      await fillTemplate(database, kind);
    } finally {
      await database.close();
    }
    await whileInUse(() => admin.query(`ALTER DATABASE "${making}" RENAME TO "${name}"`));
    // This role's templates of other sources or days are not used again.
    const current = [templateName(role, 'seeded'), templateName(role, 'migrated')];
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database d join pg_roles r on r.oid = d.datdba where r.rolname = current_user and starts_with(datname, $1) and not datname = any($2)`,
      [TEMPLATE_PREFIX, [...current, ...current.map((one) => `${one}_making`)]],
    );
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
  }
}

/**
 * Runs `statement`, again while PostgreSQL answers that the database it names has a session on it (55006): the pool
 * just closed on it is still going away, or an autovacuum worker is on it for a moment.
 */
async function whileInUse<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A new database on the server of `adminUrl` (its role needs CREATEDB): empty, or a copy of the run's template of
 * that kind (a file copy on the server: far quicker than migrating and seeding). Dropped by `drop`.
 */
export async function createScratchDatabase(adminUrl: string, from?: TemplateKind) {
  const name = `homesite_file_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = from ? await postgresTemplate(admin, adminUrl, from) : undefined;
    await whileInUse(() => admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // A plain DROP also stops an autovacuum worker (which FORCE may not signal without superuser);
        // a connection still closing gets a moment before the next try.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            if (attempt === 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A PGlite data directory holding the harness's migrated and seeded database (its template is shared by the API test
 * files), so that startServer opens a persisted, seeded PGlite as a deployment does, in a second or two instead of
 * migrating and seeding a new cluster (over 15 s here). The caller removes the directory.
 */
export async function seededPgliteDir(prefix: string) {
  const t = await createTestContext();
  let dump: Blob;
  try {
    dump = await (t.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
  } finally {
    await t.close();
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const cluster = await PGlite.create({ dataDir: join(dir, 'pglite'), loadDataDir: dump });
  await cluster.close();
  return dir;
}
