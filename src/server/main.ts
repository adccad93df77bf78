import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { API_BASES, type ApiBase } from '../contract';
import { createApp, type App } from './app';
import { resolveTokenSecret } from './auth/tokens';
import { openDatabase, type Database } from './db/client';
import { pruneExpiredRows } from './db/maintenance';
import { releaseClaimsOfEndedProcess } from './http/idempotency';
import { demoLogins, seedDatabase, type DemoLogin } from './db/seed';

export interface StartServerOptions {
  /** 0 picks a free port (tests, benchmarks). Default 8080. */
  port?: number;
  /** Interface to listen on; default all. */
  host?: string;
  /** PGlite's directory (default ./data); unused with databaseUrl or memory. */
  dataDir?: string;
  databaseUrl?: string;
  memory?: boolean;
  tokenSecret?: string;
  demoPassword?: string;
  seedScale?: number;
  /** The built app; default ./dist when it exists, null for the API only. */
  distDir?: string | null;
  clientBases?: Partial<Record<ApiBase, string>>;
  externalLinks?: Record<string, string>;
  /** No start-up banner. */
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  db: Database;
  seeded: boolean;
  demoLogins: DemoLogin[];
  close: () => Promise<void>;
}

const PRUNE_INTERVAL_MS = 6 * 60 * 60_000;

/** Opens and migrates the database, seeds it when empty, and serves the API and the built app. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, memory: options.memory });
  try {
    await database.migrate();
    const seed = await seedDatabase(database.db, { scale: options.seedScale, demoPassword: options.demoPassword });
    await pruneExpiredRows(database.db);
    if (database.kind === 'pglite') await releaseClaimsOfEndedProcess(database.db);
    const tokenSecret = await resolveTokenSecret(database.db, options.tokenSecret);
    const distDir = options.distDir === undefined ? (existsSync('dist/index.html') ? 'dist' : null) : options.distDir;
    const app = createApp({
      db: database.db,
      config: { tokenSecret, distDir, clientBases: options.clientBases, externalLinks: options.externalLinks },
    });

    const server = await new Promise<ReturnType<typeof serve>>((resolveListening, reject) => {
      const listening = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: options.host }, () => resolveListening(listening));
      listening.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const host = !options.host || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

    const pruning = setInterval(() => {
      pruneExpiredRows(database.db).catch((error: unknown) => console.error('pruning expired rows failed', error));
    }, PRUNE_INTERVAL_MS);
    pruning.unref();

    const logins = demoLogins(options.demoPassword);
    if (!options.quiet) printBanner({ url: `http://localhost:${port}`, database: database.kind, seeded: seed.seeded, logins, distDir });

    return {
      url,
      port,
      app,
      db: database.db,
      seeded: seed.seeded,
      demoLogins: logins,
      close: async () => {
        clearInterval(pruning);
        await new Promise<void>((done) => {
          server.close(() => done());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function printBanner(info: { url: string; database: string; seeded: boolean; logins: DemoLogin[]; distDir: string | null }) {
  const width = Math.max(...info.logins.map((login) => login.userName.length));
  console.log(`HomeSite server: ${info.url}`);
  console.log(`Database: ${info.database}${info.seeded ? ' (seeded with demo data just now)' : ''}`);
  if (!info.distDir) console.log('No built app in ./dist (run `npm run build`): serving the API only.');
  console.log('\nDemo logins (password for all: ' + (info.logins[0]?.password ?? '') + ')');
  for (const login of info.logins) console.log(`  ${login.userName.padEnd(width)}  ${login.profile}`);
  console.log('');
}

function parseJsonRecord(name: string, json: string | undefined): Record<string, string> | undefined {
  if (!json) return undefined;
  const value: unknown = JSON.parse(json);
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((item) => typeof item !== 'string')) {
    throw new Error(`${name} must be a JSON object of strings`);
  }
  return value as Record<string, string>;
}

/** The environment of a deployment (README): PORT, DATA_DIR, DATABASE_URL, TOKEN_SECRET, DEMO_PASSWORD, API_BASE_*, EXTERNAL_LINKS. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): StartServerOptions {
  const clientBases: Partial<Record<ApiBase, string>> = {};
  for (const base of API_BASES) {
    const value = env[`API_BASE_${base.toUpperCase().replace(/-/g, '_')}`];
    if (value) clientBases[base] = value;
  }
  const scaleFlag = argv.indexOf('--scale');
  const scale = scaleFlag >= 0 ? argv[scaleFlag + 1] : env.SEED_SCALE;
  return {
    port: env.PORT ? Number(env.PORT) : 8080,
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    seedScale: scale ? Number(scale) : undefined,
    distDir: env.DIST_DIR || undefined,
    clientBases,
    externalLinks: parseJsonRecord('EXTERNAL_LINKS', env.EXTERNAL_LINKS),
  };
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runDirectly) {
  const running = await startServer(optionsFromEnv());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
