import { matchDatabaseBusinessDay } from './business-day/business-day';
import { existsSync, realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type HttpBindings } from '@hono/node-server';
import { API_BASES, canonicalTimeZone, type ApiBase } from '../contract';
import { createApp, type App } from './app';
import { resolveTokenSecret } from './auth/tokens';
import { openDatabase, type Database } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock';
import { databaseFromEnv } from './db/database-env';
import { findDemoAccounts } from './db/demo-accounts';
import { pruneExpiredRows } from './db/maintenance';
import { demoLogins, seedDatabase, type DemoLogin } from './db/seed';
import { parseCorsOrigins } from './ops/cors';
import { DEFAULT_IDENTITY_CONFIG, identityConfigFromEnv, type IdentityConfig } from './mail/config';
import { createMailTransport, startMailer } from './mail/mailer';
import { mailKeyOf } from './mail/queue';
import { createLifecycle } from './ops/lifecycle';
import { createLogger, type Logger } from './ops/logger';
import { integerFromEnv } from './ops/env';
import { createMetrics } from './ops/metrics';
import { twoFactorConfigFromEnv, type TwoFactorConfig } from './auth/totp-config';
import { numberStartsFromEnv, type NumberStarts } from './numbers/number-starts';
import { startRestamper, type Restamper } from './sync/restamp';

export type ServerMode = 'demo' | 'production';

export interface StartServerOptions {
  /** demo (default, `npm start`): an empty database is seeded and the demo logins printed. production: never. */
  mode?: ServerMode;
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
  /** One JSON line per request and the errors; none: no access log (tests, benchmarks). */
  logger?: Logger;
  /** Serve Prometheus metrics at /metrics to this bearer token; unset: /metrics is off. */
  metricsToken?: string;
  corsOrigins?: readonly string[];
  trustedProxyHops?: number;
  /**
   * How long a shutdown keeps taking and answering requests, with /readyz answering 503, before it closes its listener
   * (default 5 s): the proxy's health check has that long to stop sending it requests.
   */
  shutdownDelayMs?: number;
  /**
   * Once the listener is closed, how long a shutdown waits for requests in flight (default 20 s); those still running
   * then are answered 503 with Retry-After, and nothing of them commits.
   */
  shutdownGraceMs?: number;
  /** Links, mail and the audit trail (PUBLIC_URL, SMTP_URL, MAIL_FROM, INVITE_TTL_HOURS…); default: nothing mailed. */
  identity?: IdentityConfig;
  /** WORK_ORDER_NUMBER_START, QUOTE_NUMBER_START (numbers/number-starts.ts); default DEFAULT_NUMBER_STARTS. */
  numberStarts?: NumberStarts;
  /** TOTP_ENCRYPTION_KEY, REQUIRE_2FA_ROLES (auth/totp-config.ts); default: the mode's, with no key and no role. */
  twoFactor?: TwoFactorConfig;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  db: Database;
  seeded: boolean;
  demoLogins: DemoLogin[];
  /**
   * Graceful shutdown: /readyz turns 503 and live-changes streams end; requests are still taken and answered for the
   * shutdown delay; then the listener closes (idle keep-alive connections with it), requests in flight get the grace
   * period to finish (then they are answered 503 and their writes roll back), the database closes. Resolves when all
   * that is done.
   */
  close: () => Promise<void>;
}

/** A start refused on purpose (demo accounts in production): the message is for the operator, with no stack. */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

const PRUNE_INTERVAL_MS = 6 * 60 * 60_000;
export const DEFAULT_SHUTDOWN_DELAY_MS = 5_000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 20_000;
/** After the grace period, how long given-up requests get to unwind (their transaction rolls back). */
const UNWIND_AFTER_CUT_MS = 5_000;
/** How long answered requests get to finish writing their answers before their connections are cut. */
const FLUSH_ANSWERS_MS = 2_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

/**
 * A request given up at shutdown while its body was still coming (a slow upload): once its 503 is written, the body
 * it waits for ends in an error, so that its handler unwinds (and rolls back) now rather than when the socket is cut.
 */
const endBodyOnceAnswered = (_request: Request, env?: unknown) => {
  const { incoming, outgoing } = env as HttpBindings;
  outgoing.once('close', () => {
    if (!incoming.readableEnded) incoming.destroy();
  });
};

/** Opens and migrates the database, seeds it when empty (demo mode), and serves the API and the built app. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? 'demo';
  const metrics = options.metricsToken ? createMetrics() : undefined;
  const lifecycle = createLifecycle('starting');
  const embeddedOnDisk = !options.databaseUrl && !options.memory;
  const lock: DataDirLock | null = embeddedOnDisk ? acquireDataDirLock(options.dataDir ?? './data', 'server') : null;
  let database;
  try {
    database = await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      memory: options.memory,
      onQueryTime: metrics?.observeQuery,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // A request given up at the end of the shutdown grace period commits nothing afterwards.
  lifecycle.guardCommits(database.db);
  let restamper: Restamper | undefined;
  try {
    await database.migrate();
    await matchDatabaseBusinessDay(database.db);
    let seeded = false;
    if (mode === 'demo') {
      seeded = (await seedDatabase(database.db, { scale: options.seedScale, demoPassword: options.demoPassword })).seeded;
    } else {
      const demoAccounts = await findDemoAccounts(database.db);
      if (demoAccounts.length > 0) {
        throw new StartRefused(
          `Production mode refuses to start: the database holds ${demoAccounts.length} demo account(s) (${demoAccounts.slice(0, 3).join(', ')}${demoAccounts.length > 3 ? ', …' : ''}), ` +
            'whose password is published. Remove them with `npx homesite demo remove` (add `--all-data --yes` to drop the demo data too), then start again.',
        );
      }
    }
    const identity = options.identity ?? DEFAULT_IDENTITY_CONFIG;
    await pruneExpiredRows(database.db, new Date(), identity.auditRetentionDays);
    const tokenSecret = await resolveTokenSecret(database.db, options.tokenSecret);
    // Any instance delivers the queue; without a mail server (production without SMTP_URL) nothing is queued.
    const mailer =
      identity.mail.kind === 'none'
        ? null
        : await startMailer({
            db: database.db,
            key: mailKeyOf(tokenSecret),
            transport: createMailTransport(identity.mail),
            notifications: database.notifications,
            logger: options.logger,
            metrics,
          });
    // Any instance syncs again the records of a renamed plant or retail center, in short batches (sync/restamp.ts).
    restamper = await startRestamper({ db: database.db, notifications: database.notifications, logger: options.logger });
    const distDir = options.distDir === undefined ? (existsSync('dist/index.html') ? 'dist' : null) : options.distDir;
    if (metrics)
      metrics.addGauge(
        'homesite_db_connections_waiting',
        'Requests waiting for a free database connection.',
        database.waitingForConnection,
      );
    const app = createApp({
      db: database.db,
      config: {
        tokenSecret,
        distDir,
        clientBases: options.clientBases,
        externalLinks: options.externalLinks,
        logger: options.logger,
        metrics,
        metricsToken: options.metricsToken,
        lifecycle,
        corsOrigins: options.corsOrigins,
        trustedProxyHops: options.trustedProxyHops,
        identity,
        numberStarts: options.numberStarts,
        twoFactor: options.twoFactor ?? { encryptionKey: null, mode, requiredRoles: [] },
      },
    });

    const server = await new Promise<ReturnType<typeof serve>>((resolveListening, reject) => {
      const listening = serve(
        { fetch: lifecycle.answering(app.fetch, endBodyOnceAnswered), port: options.port ?? 8080, hostname: options.host },
        () => resolveListening(listening),
      );
      listening.once('error', reject);
    });
    lifecycle.markReady();
    const port = (server.address() as AddressInfo).port;
    const host = !options.host || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

    const pruning = setInterval(() => {
      pruneExpiredRows(database.db, new Date(), identity.auditRetentionDays).catch((error: unknown) =>
        options.logger
          ? options.logger.error({ err: error }, 'pruning expired rows failed')
          : console.error('pruning expired rows failed', error),
      );
    }, PRUNE_INTERVAL_MS);
    pruning.unref();

    const logins = mode === 'demo' ? demoLogins(options.demoPassword) : [];
    // An operator's log collector reads JSON lines only; the banner with the demo logins is for a person at `npm start`.
    if (mode === 'production') options.logger?.info({ port, database: database.kind, app: distDir ? 'served' : 'API only' }, 'listening');
    else if (!options.quiet) printBanner({ url: `http://localhost:${port}`, mode, database: database.kind, seeded, logins, distDir });

    const delay = options.shutdownDelayMs ?? DEFAULT_SHUTDOWN_DELAY_MS;
    const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    let closing: Promise<void> | undefined;
    const close = async () => {
      // /readyz answers 503 from now on, and every answer carries Connection: close; requests are still taken, so that
      // the proxy, until its health check takes this instance out, gets answers rather than refused connections.
      lifecycle.startDraining();
      options.logger?.info({ inFlight: lifecycle.inFlight, delayMs: delay, graceMs: grace }, 'draining');
      clearInterval(pruning);
      if (delay > 0) await sleep(delay);
      // No new connection from now on (the proxy retries a refused one on another instance). Idle keep-alive
      // connections are closed between requests, never in the middle of one; a request already on its way on one
      // is answered with Connection: close.
      const listenerClosed = new Promise<void>((done) => server.close(() => done()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      options.logger?.info({ inFlight: lifecycle.inFlight, graceMs: grace }, 'listener closed');
      const finished = await lifecycle.whenIdle(grace);
      if (!finished) {
        options.logger?.warn(
          { inFlight: lifecycle.inFlight, graceMs: grace },
          'shutdown grace period over: answering 503 to the requests still in flight and rolling back their writes',
        );
        lifecycle.giveUp();
        await lifecycle.whenIdle(UNWIND_AFTER_CUT_MS);
      }
      // The last answers may still be on their way to the socket: they carry Connection: close, so their
      // connections end by themselves once written. Whatever is still open after that is cut.
      const flushed = await Promise.race([listenerClosed.then(() => true), sleep(FLUSH_ANSWERS_MS).then(() => false)]);
      if (!flushed && 'closeAllConnections' in server) server.closeAllConnections();
      await listenerClosed;
      await restamper?.close();
      await mailer?.close();
      await database.close();
      lock?.release();
      options.logger?.info('stopped');
    };
    return {
      url,
      port,
      app,
      db: database.db,
      seeded,
      demoLogins: logins,
      close: () => (closing ??= close()),
    };
  } catch (error) {
    await restamper?.close();
    await database.close();
    lock?.release();
    throw error;
  }
}

function printBanner(info: {
  url: string;
  mode: ServerMode;
  database: string;
  seeded: boolean;
  logins: DemoLogin[];
  distDir: string | null;
}) {
  console.log(`HomeSite server (${info.mode} mode): ${info.url}`);
  console.log(`Database: ${info.database}${info.seeded ? ' (seeded with demo data just now)' : ''}`);
  if (!info.distDir) console.log('No built app in ./dist (run `npm run build`): serving the API only.');
  if (info.logins.length > 0) {
    const width = Math.max(...info.logins.map((login) => login.userName.length));
    console.log('\nDemo logins (password for all: ' + (info.logins[0]?.password ?? '') + ')');
    for (const login of info.logins) console.log(`  ${login.userName.padEnd(width)}  ${login.profile}`);
  }
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

/** TRUST_PROXY: the number of proxies in front (0 none); true means one, false none. */
function trustedProxyHopsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === 'true') return 1;
  if (raw === 'false') return 0;
  return integerFromEnv(env, 'TRUST_PROXY', 0, 10, 0);
}

/** The environment of a deployment; every variable is in the README's "Deploying". */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): StartServerOptions {
  const mode: ServerMode = env.NODE_ENV === 'production' ? 'production' : 'demo';
  const clientBases: Partial<Record<ApiBase, string>> = {};
  for (const base of API_BASES) {
    const value = env[`API_BASE_${base.toUpperCase().replace(/-/g, '_')}`];
    if (value) clientBases[base] = value;
  }
  const scaleFlag = argv.indexOf('--scale');
  const scale = scaleFlag >= 0 ? argv[scaleFlag + 1] : env.SEED_SCALE;
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const logFormat = env.LOG_FORMAT || (mode === 'demo' && process.stdout.isTTY ? 'pretty' : 'json');
  if (logFormat !== 'json' && logFormat !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty; got "${logFormat}"`);
  // Read where a day is counted (server/business-day); checked here so that a typo stops the start, not a request.
  if (env.ORG_TIME_ZONE && canonicalTimeZone(env.ORG_TIME_ZONE) === null)
    throw new Error(`ORG_TIME_ZONE must be an IANA time zone such as America/Chicago; got "${env.ORG_TIME_ZONE}"`);
  return {
    mode,
    port: integerFromEnv(env, 'PORT', 0, 65_535, 8080),
    host: env.HOST || undefined,
    ...databaseFromEnv(env),
    tokenSecret: env.TOKEN_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    seedScale: scale ? Number(scale) : undefined,
    distDir: env.DIST_DIR || undefined,
    clientBases,
    externalLinks: parseJsonRecord('EXTERNAL_LINKS', env.EXTERNAL_LINKS),
    logger: createLogger({ level: env.LOG_LEVEL || 'info', pretty: logFormat === 'pretty' }),
    metricsToken,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    trustedProxyHops: trustedProxyHopsFromEnv(env),
    shutdownDelayMs: integerFromEnv(env, 'SHUTDOWN_DELAY_MS', 0, 10 * 60_000, DEFAULT_SHUTDOWN_DELAY_MS),
    shutdownGraceMs: integerFromEnv(env, 'SHUTDOWN_GRACE_MS', 0, 10 * 60_000, DEFAULT_SHUTDOWN_GRACE_MS),
    identity: identityConfigFromEnv(env, mode),
    numberStarts: numberStartsFromEnv(env),
    twoFactor: twoFactorConfigFromEnv(env, mode),
  };
}

/** Runs the server from the environment until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
async function main() {
  let running: RunningServer;
  try {
    running = await startServer(optionsFromEnv());
  } catch (error) {
    // A configuration or refusal message is for the operator: no stack.
    console.error(
      error instanceof StartRefused || (error instanceof Error && !process.env.DEBUG) ? `HomeSite did not start: ${error.message}` : error,
    );
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // A second signal while draining means: stop now.
      process.once(signal, () => process.exit(1));
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('shutdown failed', error);
          process.exit(1);
        },
      );
    });
  }
}

/** Whether node was started on this file (dist-server/main.js, or src/server/main.ts through tsx), through any symlink. */
function startedOnThisFile(): boolean {
  if (process.argv[1] === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(resolve(process.argv[1]))).href;
  } catch {
    return false;
  }
}

if (startedOnThisFile()) await main();
