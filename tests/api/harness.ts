import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { IDEMPOTENCY_HEADER } from '../../src/contract';
import { createApp, type App, type AppConfig } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
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
 * (what production starts from).
 */
export async function createTestContext(options: { seed?: boolean } = {}): Promise<TestContext> {
  const seed = options.seed ?? true;
  const server = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const database = await openDatabase(
    server ? { databaseUrl: server.url } : { memory: true, loadDataDir: seed ? await seededTemplate() : undefined },
  );
  await database.migrate();
  if (seed) await seedDatabase(database.db);

  let now: Date | null = null;
  const config: AppConfig = {
    tokenSecret: randomBytes(32).toString('base64url'),
    clock: () => now ?? new Date(),
    reportError: (error) => console.error('unexpected error in the app under test', error),
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

/**
 * If-None-Match fields that name `etag` (as answered) without repeating it as it is: its weak form, and lists where it
 * is not the first tag. A conditional GET answers 304 to each (RFC 9110 §13.1.2: the weak comparison, a list of tags).
 */
export function ifNoneMatchFormsOf(etag: string): string[] {
  const quoted = etag.replace(/^W\//, '');
  return [`W/${quoted}`, `"stale", ${etag}`, `W/"stale",${quoted}`];
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

const TEMPLATE_SOURCES = ['src/server/db', 'src/server/auth', 'src/contract'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * A migrated and seeded PGlite, dumped once and shared by every test file through a file in the
 * temp directory: loading it takes a fraction of a second, a new cluster over two. Its name holds
 * a hash of the schema, migrations, seed and contract sources and of the day the seed counts from,
 * so any change there makes a new one.
 */
async function seededTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const file of TEMPLATE_SOURCES.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
  const path = join(tmpdir(), `homesite-api-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);

  const fresh = await openDatabase({ memory: true });
  try {
    await fresh.migrate();
    await seedDatabase(fresh.db);
    const dump = Buffer.from(await (await fresh.dump()).arrayBuffer());
    // Test files start in parallel: write aside, then rename, so nobody reads half a file.
    const partial = `${path}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, dump);
    renameSync(partial, path);
    for (const stale of readdirSync(tmpdir()).filter(
      (name) => name.startsWith('homesite-api-template-') && join(tmpdir(), name) !== path && name.endsWith('.tar.gz'),
    )) {
      rmSync(join(tmpdir(), stale), { force: true });
    }
    return new Blob([dump]);
  } finally {
    await fresh.close();
  }
}

/** A new, empty database on the server of `adminUrl` (its role needs CREATEDB). */
export async function createScratchDatabase(adminUrl: string) {
  const name = `homesite_file_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
