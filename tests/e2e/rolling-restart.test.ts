import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type CmhUser, type HomeSummary, type ServiceRequest } from '../../src/contract';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import { createScratchDatabase } from '../api/harness';
import { createServerProcess, freePort, type ServerProcess } from './server-process';

/*
 * Issue 32 §2: a rolling restart behind the README's Caddy loses nothing. Two server processes on one PostgreSQL
 * database, Debian's caddy in front with the README's reverse_proxy block (its durations shortened, so that the test
 * takes seconds), and a client sending reads and idempotent-keyed writes through it in a loop while each instance in
 * turn is sent SIGTERM and started again. Every request must be answered 2xx.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const CADDY = '/usr/bin/caddy';
if (!databaseUrl)
  console.warn('\n*** SKIPPED: tests/e2e/rolling-restart.test.ts needs TEST_DATABASE_URL (two instances on one PostgreSQL). ***\n');
else if (!existsSync(CADDY)) throw new Error(`tests/e2e/rolling-restart.test.ts needs Debian's caddy (${CADDY}): apt-get install caddy`);

/** The instances' delay before closing their listener, and the proxy's health interval: a few checks fit in it. */
const SHUTDOWN_DELAY_MS = 1_500;
/** The README's durations, shortened for the test (each must be in the README's block, so that the two stay alike). */
const TEST_DURATIONS: Record<string, string> = {
  health_interval: '500ms',
  health_timeout: '1s',
  fail_duration: '1s',
  lb_try_interval: '100ms',
};

/** The README's Caddyfile ("Two instances on PostgreSQL behind a proxy"), for `listen` in front of `upstreams`. */
function caddyfileFromReadme(listen: string, upstreams: readonly string[], durations: Record<string, string>) {
  const readme = readFileSync('README.md', 'utf8');
  const block = /```caddyfile\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no ```caddyfile block');
  let caddyfile = block.replace(/^\S+ \{/, `${listen} {`).replace(/reverse_proxy [^{\n]+\{/, `reverse_proxy ${upstreams.join(' ')} {`);
  for (const [directive, value] of Object.entries(durations)) {
    const line = new RegExp(`^(\\s*${directive}) \\S+$`, 'm');
    if (!line.test(caddyfile)) throw new Error(`README.md's Caddyfile has no ${directive} line`);
    caddyfile = caddyfile.replace(line, `$1 ${value}`);
  }
  // No admin endpoint (another run's caddy may hold its port), no certificates: plain HTTP on a local port.
  return `{\n  admin off\n  auto_https off\n}\n${caddyfile}`;
}

async function startCaddy(dir: string, caddyfile: string, url: string) {
  const file = join(dir, 'Caddyfile');
  writeFileSync(file, caddyfile);
  let output = '';
  const child: ChildProcess = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited:\n${output}`);
      expect((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200);
    },
    { timeout: 30_000, interval: 200 },
  );
  return {
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Requests of the client's routes an instance has answered (its own metrics, asked directly). */
async function clientRequestsServed(server: ServerProcess, metricsToken: string) {
  const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  let served = 0;
  for (const [, route, value] of metrics.matchAll(/^homesite_http_requests_total\{[^}]*route="([^"]+)"[^}]*\} (\d+)$/gm))
    if (route!.startsWith('/api/')) served += Number(value);
  return served;
}

interface Outcome {
  method: string;
  path: string;
  status: number | null;
  error?: string;
}

describe.skipIf(!databaseUrl)('a rolling restart behind Caddy (two instances on PostgreSQL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'homesite-rolling-'));
  const tokenSecret = randomBytes(32).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const servers: ServerProcess[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined;
  let proxyUrl: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'seeded');
    for (let n = 0; n < 2; n++) {
      const server = await createServerProcess({
        dataDir: join(dir, `instance-${n}`),
        distDir: join(dir, 'no-app'),
        env: {
          DATABASE_URL: scratch.url,
          TOKEN_SECRET: tokenSecret,
          METRICS_TOKEN: metricsToken,
          TRUST_PROXY: '1',
          LOG_FORMAT: 'json',
          SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
          SHUTDOWN_GRACE_MS: '10000',
        },
      });
      servers.push(server);
      await server.start();
    }
    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    const caddyfile = caddyfileFromReadme(
      proxyUrl,
      servers.map((server) => `127.0.0.1:${server.port}`),
      TEST_DURATIONS,
    );
    caddy = await startCaddy(dir, caddyfile, proxyUrl);
  }, 120_000);

  afterAll(async () => {
    await caddy?.stop();
    for (const server of servers) await server.kill();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every read and write while each instance in turn is stopped and started again', async () => {
    const outcomes: Outcome[] = [];
    async function call<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T | undefined> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (method !== 'GET') headers[IDEMPOTENCY_HEADER] = randomUUID();
      try {
        const response = await fetch(`${proxyUrl}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        outcomes.push({ method, path, status: response.status, ...(response.ok ? {} : { error: text.slice(0, 300) }) });
        return response.ok && text ? (JSON.parse(text) as T) : undefined;
      } catch (error) {
        outcomes.push({ method, path, status: null, error: String((error as Error).cause ?? error) });
        return undefined;
      }
    }
    const signIn = async (key: string) => {
      const answer = await call<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
        body: { Username: demoUserName(key), Password: DEFAULT_DEMO_PASSWORD },
      });
      if (!answer) throw new Error(`sign-in of ${key} failed: ${JSON.stringify(outcomes.at(-1))}`);
      return answer.bearerToken;
    };

    let running = true;
    // Reads and writes of the own profile (PUT with the rowVersion the last answer gave), one user per loop.
    const profileLoop = async (key: string) => {
      const token = await signIn(key);
      let profile = await call<CmhUser>('GET', '/auth/api/Account/User', { token });
      while (running) {
        if (!profile) {
          profile = await call<CmhUser>('GET', '/auth/api/Account/User', { token });
          continue;
        }
        const { firstName, lastName, rowVersion } = profile;
        profile = (await call<CmhUser>('PUT', '/api/Account', { token, body: { firstName, lastName, rowVersion } })) ?? undefined;
        await call('GET', '/auth/api/Account/User', { token });
      }
    };
    // A new service request (a POST that creates a record), then a read of it.
    const serviceLoop = async () => {
      const token = await signIn('service');
      const [home] = (await call<HomeSummary[]>('GET', '/api/Homes', { token })) ?? [];
      if (!home) throw new Error(`no home to open a request on: ${JSON.stringify(outcomes.at(-1))}`);
      const query = new URLSearchParams({
        plantNumber: home.plantNumber,
        longSerialNumber: home.serialNumber,
        assetId: String(home.assetId),
      });
      while (running) {
        const created = await call<ServiceRequest>('POST', `/api/service/CreateServiceRequest?${query.toString()}`, { token });
        if (created) await call('GET', `/api/service/${created.serviceRequestId}`, { token });
      }
    };
    const loops = Promise.all([profileLoop('sales'), profileLoop('viewer'), serviceLoop()]);

    const served = (server: ServerProcess) => clientRequestsServed(server, metricsToken);
    const takesTraffic = async (server: ServerProcess) => {
      const before = await served(server);
      await vi.waitFor(async () => expect(await served(server)).toBeGreaterThan(before + 5), { timeout: 30_000, interval: 200 });
    };
    try {
      for (const server of servers) await takesTraffic(server);
      for (const server of servers) {
        const sentBefore = outcomes.length;
        await server.stop();
        expect(server.exitCode(), server.output()).toBe(0);
        await server.start();
        await takesTraffic(server);
        console.log(`instance on port ${server.port} restarted; ${outcomes.length - sentBefore} requests meanwhile`);
      }
    } finally {
      running = false;
      await loops;
    }

    const failed = outcomes.filter((outcome) => outcome.status === null || outcome.status >= 300);
    console.log(`rolling restart: ${outcomes.length} requests through Caddy, ${failed.length} failed`);
    expect(failed, `${JSON.stringify(failed.slice(0, 10), null, 1)}\n${caddy?.output().slice(-3_000)}`).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
  }, 120_000);
});
