import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { startServer } from '../../src/server/main';

// ---------------------------------------------------------------------------------------------------
// autocannon: the load generator of issue 10's figures (a fixed number of connections, each sending
// its next request as soon as the previous answer is in, for a fixed time).

/** The part of autocannon's result these benchmarks read (node_modules/autocannon/README.md, Results). */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number; average: number };
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests each connection sends in turn (e.g. one per token); default one request of the options above. */
  requests?: { headers?: Record<string, string> }[];
  /** Load generator in its own thread(s): in-process, it would share the event loop with the server it measures. */
  workers?: number;
  timeout?: number;
}

// autocannon ships no types and @types/autocannon is not installed: the slice used here is typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

export interface LoadTarget {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Headers added per request, each connection going through them in turn (several users' tokens). */
  rotate?: Record<string, string>[];
  /** The status every answer should have (default 200); any other counts as unexpected. */
  expectStatus?: number;
}

export interface LoadFigures {
  name: string;
  /** Answers with the expected status per second: a 401 or a 5xx is no throughput. */
  perSecond: number;
  /** Milliseconds, autocannon's histogram (1 ms resolution). */
  p50: number;
  p99: number;
  max: number;
  requests: number;
  connections: number;
  seconds: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers with a status outside 2xx (a 304 is one, on purpose for the revalidation case). */
  non2xx: number;
  /** Answers with another status than the expected one. */
  unexpected: number;
  statuses: Record<string, number>;
}

export interface HammerOptions {
  connections: number;
  durationSeconds: number;
  /** Requests per connection sent before measuring, to warm the JIT and the server's caches. */
  warmUpPerConnection?: number;
}

/** `connections` connections on `target` for `durationSeconds`, after a short warm-up. */
export async function hammer(name: string, target: LoadTarget, options: HammerOptions): Promise<LoadFigures> {
  const base: AutocannonOptions = {
    url: target.url,
    connections: options.connections,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: target.rotate?.map((headers) => ({ headers: { ...target.headers, ...headers } })),
    workers: 1,
    timeout: 30,
  };
  const warmUp = options.warmUpPerConnection ?? 5;
  if (warmUp > 0) await autocannon({ ...base, amount: warmUp * options.connections });
  const result = await autocannon({ ...base, duration: options.durationSeconds });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  const expected = statuses[String(target.expectStatus ?? 200)] ?? 0;
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    name,
    perSecond: expected / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    connections: options.connections,
    seconds: result.duration,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    unexpected: answered - expected,
    statuses,
  };
}

/** The measurements that met an error or an answer other than the one expected: their figures are not of the case named. */
export function faultsOf(figures: LoadFigures[]): string[] {
  return figures
    .filter((entry) => entry.errors > 0 || entry.unexpected > 0)
    .map((entry) => `${entry.name}: ${entry.unexpected} unexpected answers, ${entry.errors} errors`);
}

/** The goals of issue 10 §"Goals" for authenticated GETs. */
export const LOAD_GOALS = { p99Ms: 50, shareOfHelloWorld: 0.1 } as const;

const mark = (met: boolean) => (met ? 'met' : 'MISSED');

/**
 * One line per measurement: req/s, p50, p99, errors and unexpected statuses; with `baseline` (the bare
 * hello-world of the same run) the share of its throughput, and with `goals` each figure beside its goal.
 */
export function formatFigures(figures: LoadFigures, baseline?: LoadFigures, goals = false): string {
  const statuses = Object.entries(figures.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  let line =
    `${figures.name.padEnd(44)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${figures.p50.toFixed(0).padStart(4)} ms  p99 ${figures.p99.toFixed(0).padStart(4)} ms  ` +
    `errors ${figures.errors}  non-2xx ${figures.non2xx}${figures.unexpected > 0 ? ` (UNEXPECTED ${figures.unexpected})` : ''}  [${statuses}]`;
  if (baseline) {
    const share = figures.perSecond / baseline.perSecond;
    line += `\n${''.padEnd(44)} ${(share * 100).toFixed(1).padStart(5)}% of hello-world`;
    if (goals) {
      line += ` (goal ≥ ${LOAD_GOALS.shareOfHelloWorld * 100}%: ${mark(share >= LOAD_GOALS.shareOfHelloWorld)})`;
      line += `; p99 ${figures.p99.toFixed(0)} ms (goal ≤ ${LOAD_GOALS.p99Ms} ms at ${figures.connections} concurrent: ${mark(figures.p99 <= LOAD_GOALS.p99Ms)})`;
    }
  }
  return line;
}

// ---------------------------------------------------------------------------------------------------
// "API under load" of `npm run bench` (issue 10 §4, §9): the bare hello-world, then the authenticated
// profile and work-order list on the demo seed, on PGlite and on PostgreSQL, in one run.

export interface ApiLoadOptions {
  connections: number;
  durationSeconds: number;
  password: string;
}

/** Headers a browser sends: the list and the profile answer gzip to it, as they would in the field. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export async function startHelloWorld() {
  const hello = new Hono().get('/', (c) => c.text('hello'));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: hello.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A PostgreSQL database of its own for this benchmark: a new database on the server of
 * BENCH_DATABASE_URL (whose own database is left to the scale-2 work-order benchmarks), or, without it,
 * Debian's PostgreSQL started by `script` (scripts/test-postgres.sh). Throws when there is none: a
 * benchmark of both databases that measured one has failed.
 */
export async function scratchPostgres(
  script = 'scripts/test-postgres.sh',
): Promise<{ url: string; where: string; drop: () => Promise<void> }> {
  const configured = process.env.BENCH_DATABASE_URL || undefined;
  if (!configured) {
    let url: string;
    try {
      url = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch (error) {
      throw new Error(`no PostgreSQL: set BENCH_DATABASE_URL, or let ${script} start Debian's (${String(error).split('\n')[0]})`);
    }
    // The script's database is new and empty, and dropped with its role by a later run of the script.
    return { url, where: `Debian PostgreSQL via ${script}`, drop: async () => {} };
  }
  const name = `homesite_bench_api_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: configured });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(configured);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    where: `a new database on BENCH_DATABASE_URL's server`,
    drop: async () => {
      const client = new pg.Client({ connectionString: configured });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function signInAs(url: string, demoKey: string, password: string) {
  const response = await fetch(`${url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: `${demoKey}@demo.homesite.test`, Password: password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${demoKey} answered ${response.status}`);
  return ((await response.json()) as { bearerToken: string }).bearerToken;
}

/** Demo users whose tokens the connections take turns with: several users, as a server sees them. */
const PROFILE_USERS = ['service', 'admin', 'viewer', 'sales', 'plant', 'company', 'driver', 'internal'];
/** The demo users who may read the work-order list (Service_User or Service_Viewer). */
const LIST_USERS = ['service', 'admin', 'viewer', 'plant', 'company'];

/** The authenticated GETs of the goals, and login, on one server started on a fresh demo seed; answers their figures. */
async function benchOneDatabase(label: string, databaseUrl: string | undefined, hello: LoadFigures, options: ApiLoadOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-api-'));
  const began = performance.now();
  const app = await startServer({ port: 0, dataDir, databaseUrl, quiet: true, distDir: null });
  try {
    console.log(`\n## ${label} (demo seed; migrate + seed + start ${((performance.now() - began) / 1000).toFixed(1)} s)`);
    const run = { connections: options.connections, durationSeconds: options.durationSeconds };
    const tokens = new Map<string, string>();
    for (const user of new Set([...PROFILE_USERS, ...LIST_USERS])) tokens.set(user, await signInAs(app.url, user, options.password));
    const bearer = (user: string) => ({ authorization: `Bearer ${tokens.get(user)}` });

    const profile = await hammer(
      `GET Account/User (profile), ${PROFILE_USERS.length} users`,
      { url: `${app.url}/auth/api/Account/User`, headers: BROWSER_HEADERS, rotate: PROFILE_USERS.map(bearer) },
      run,
    );
    console.log(formatFigures(profile, hello, true));

    // Each reader's list once, for its ETag and size.
    const lists = await Promise.all(
      LIST_USERS.map(async (user) => {
        const response = await fetch(`${app.url}/api/service`, { headers: { ...BROWSER_HEADERS, ...bearer(user) } });
        const bytes = (await response.arrayBuffer()).byteLength;
        const etag = response.headers.get('etag');
        if (!response.ok || !etag) throw new Error(`GET /api/service as ${user} answered ${response.status}, etag ${etag}`);
        return {
          user,
          etag,
          bytes,
          encoding: response.headers.get('content-encoding') ?? 'plain',
          cursor: response.headers.get('x-sync-cursor'),
        };
      }),
    );
    const sizes = lists.map((list) => (list.bytes / 1024).toFixed(0)).join('/');
    const revalidate = await hammer(
      `GET /api/service If-None-Match (304), ${LIST_USERS.length} users`,
      {
        url: `${app.url}/api/service`,
        headers: BROWSER_HEADERS,
        rotate: lists.map((list) => ({ ...bearer(list.user), 'if-none-match': list.etag })),
        expectStatus: 304,
      },
      run,
    );
    console.log(formatFigures(revalidate, hello, true));
    const list = await hammer(
      `GET /api/service (200, ${sizes} KB ${lists[0]?.encoding})`,
      { url: `${app.url}/api/service`, headers: BROWSER_HEADERS, rotate: LIST_USERS.map(bearer) },
      run,
    );
    console.log(formatFigures(list, hello, true));

    // The 60-second refresh of a device whose kept copy is current (delta sync, contract/sync.ts).
    const service = lists.find((entry) => entry.user === 'service');
    if (!service?.cursor) throw new Error('GET /api/service gave no X-Sync-Cursor');
    const delta = await hammer(
      'GET /api/service?since= (delta, no changes)',
      { url: `${app.url}/api/service?since=${service.cursor}`, headers: { ...BROWSER_HEADERS, ...bearer('service') } },
      run,
    );
    console.log(formatFigures(delta, hello, true));

    // Password hashing (argon2id) dominates login by design: no goal, shorter run.
    const login = await hammer(
      'POST Account/Token (login, argon2id)',
      {
        url: `${app.url}/auth/api/Account/Token`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Username: 'service@demo.homesite.test', Password: options.password }),
      },
      { ...run, durationSeconds: Math.min(run.durationSeconds, 5), warmUpPerConnection: 1 },
    );
    console.log(formatFigures(login, hello));
    return [profile, revalidate, list, delta, login];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchApiUnderLoad(options: ApiLoadOptions) {
  console.log(
    `autocannon, ${options.connections} connections, ${options.durationSeconds} s each (BENCH_DURATION), load generator in a worker thread; ` +
      `goals: p99 ≤ ${LOAD_GOALS.p99Ms} ms and ≥ ${LOAD_GOALS.shareOfHelloWorld * 100}% of the hello-world's req/s`,
  );
  // Other work on the machine moves every figure; the load average says how busy it was.
  const loadAverage = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`${cpus().length} CPUs, load average ${loadAverage()} before`);
  const helloServer = await startHelloWorld();
  let hello: LoadFigures;
  try {
    hello = await hammer(
      'bare Hono hello-world',
      { url: helloServer.url },
      { connections: options.connections, durationSeconds: options.durationSeconds },
    );
  } finally {
    await helloServer.close();
  }
  console.log(formatFigures(hello));

  const measured = [hello, ...(await benchOneDatabase('PGlite', undefined, hello, options))];
  const postgres = await scratchPostgres();
  try {
    measured.push(...(await benchOneDatabase(`PostgreSQL (${postgres.where})`, postgres.url, hello, options)));
  } finally {
    await postgres.drop();
  }
  console.log(`\nload average ${loadAverage()} after`);
  const faults = faultsOf(measured);
  if (faults.length > 0) throw new Error(`answers other than expected: ${faults.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------------
// The closed-loop generator used by work-orders-api.ts for its per-reader figures (whole-list answers
// of thousands of rows, a fixed number of requests). Its client runs on the server's own thread, so its
// throughput figures are a floor; the issue 10 figures use `hammer` above.

/**
 * The day the benchmark writers give as a work order's performed date: yesterday's UTC day, never in the future of a
 * US retail center whatever the hour (its business day is the UTC one or the one before), so the server takes it.
 */
export const pastWorkDay = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const rawAgent = new http.Agent({ keepAlive: true });

/**
 * A GET that asks for gzip and keeps the answer's bytes as they came, for `load`: fetch would inflate every answer on
 * the server's own thread (fifty 29 MB work order lists at once starved the server until the client's sockets broke),
 * so the figures would be the client's. A browser inflates on its own machine.
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    // A kept-alive socket the server closed as idle (its keepAliveTimeout) while this thread was busy: send again
    // on a new one, as Node's documentation of `request.reusedSocket` advises.
    const failed = (error: NodeJS.ErrnoException) =>
      request.reusedSocket && error.code === 'ECONNRESET' ? rawGet(url, headers).then(resolve, reject) : reject(error);
    const request = http.get(url, { headers: { ...headers, 'accept-encoding': 'gzip' }, agent: rawAgent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers: answer.headers as Record<string, string> }));
      });
    });
    request.on('error', failed);
  });
}

/**
 * Fires `total` requests with at most `concurrency` in flight; returns latency percentiles and the throughput of
 * answers with `expectStatus` (default 200). Another status, or no answer, is a failure and no throughput.
 */
export async function load(
  request: () => Promise<Response>,
  { total, concurrency, expectStatus = 200 }: { total: number; concurrency: number; expectStatus?: number },
) {
  const latencies: number[] = [];
  let started = 0;
  let failures = 0;
  const began = performance.now();
  async function worker() {
    while (started < total) {
      started++;
      const t0 = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        if (response.status !== expectStatus) failures++;
      } catch {
        // A dropped connection counts as failed; the run goes on so that the figures still print.
        failures++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { total, concurrency, failures, p50: at(50), p99: at(99), perSecond: (total - failures) / seconds };
}

export const formatLoad = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ` +
  `${r.perSecond.toFixed(0).padStart(6)} req/s  (${r.total} requests, ${r.concurrency} concurrent, ` +
  `${r.failures > 0 ? `${r.failures} FAILED` : 'none failed'})`;
