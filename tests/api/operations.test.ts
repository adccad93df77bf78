import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_CURSOR_HEADER } from '../../src/contract/sync';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import { route } from '../../src/server/http/route';
import { createLifecycle } from '../../src/server/ops/lifecycle';
import { createLogger } from '../../src/server/ops/logger';
import { createMetrics } from '../../src/server/ops/metrics';
import { MAX_FAILED_SIGN_INS_PER_ADDRESS } from '../../src/server/auth/throttle';
import { allRoutes } from '../../src/server/routes';
import { callerFor, createTestContext, type TestContext } from './harness';

/*
 * What an operations team relies on (issue 20): /healthz and /readyz, Prometheus /metrics behind METRICS_TOKEN,
 * one parsed JSON log line per request, CORS for an allow-list only, and client addresses from a trusted proxy.
 */

let t: TestContext;
const METRICS_TOKEN = 'scrape-token-0123456789';
const logLines: string[] = [];
const metrics = createMetrics();
const lifecycle = createLifecycle('ready');
let call: ReturnType<typeof callerFor>;

const explode = route({
  method: 'GET',
  endpoint: { base: 'api', path: '/test/explode' },
  handle: () => {
    throw new Error('secret internals');
  },
});

beforeAll(async () => {
  t = await createTestContext();
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = createApp({
    db: t.db,
    routes: [...allRoutes, explode],
    config: {
      ...t.config,
      reportError: undefined,
      logger: createLogger({ level: 'info', destination }),
      metrics,
      metricsToken: METRICS_TOKEN,
      lifecycle,
      corsOrigins: ['https://app.example.com'],
      trustedProxyHops: 1,
    },
  });
  call = callerFor(app);
});
afterAll(() => t?.close());

const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

async function signIn(demoKey: string) {
  const answer = await call<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
    body: { Username: demoUserName(demoKey), Password: DEFAULT_DEMO_PASSWORD },
  });
  expect(answer.status).toBe(200);
  return answer.body.bearerToken;
}

describe('health', () => {
  it('/healthz answers without a token and without the database', async () => {
    const closed = await openDatabase({ memory: true });
    await closed.close();
    const app = createApp({ db: closed.db, config: { tokenSecret: 'x'.repeat(32) } });
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The same app is not ready: its database does not answer.
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'database unavailable' });
  });

  it('/readyz is 200 when the database answers with current migrations, 503 while starting, draining or behind on migrations', async () => {
    expect((await call('GET', '/readyz')).body).toEqual({ status: 'ready' });
    const starting = createLifecycle('starting');
    const app = createApp({ db: t.db, config: { ...t.config, lifecycle: starting } });
    expect((await app.request('/readyz')).status).toBe(503);
    starting.markReady();
    expect((await app.request('/readyz')).status).toBe(200);
    starting.startDraining();
    const draining = await app.request('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    // While draining, answers ask keep-alive clients to go (the load balancer sends them elsewhere).
    expect((await app.request('/healthz')).headers.get('connection')).toBe('close');

    const unmigrated = await openDatabase({ memory: true });
    try {
      const behind = await createApp({ db: unmigrated.db, config: { tokenSecret: 'x'.repeat(32) } }).request('/readyz');
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({ status: 'migrations pending' });
    } finally {
      await unmigrated.close();
    }
  });
});

describe('metrics', () => {
  it('answer only the METRICS_TOKEN bearer, and are off without one', async () => {
    expect((await call('GET', '/metrics')).status).toBe(401);
    expect((await call('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const userToken = await signIn('admin');
    expect((await call('GET', '/metrics', { token: userToken })).status).toBe(401);
    const without = createApp({ db: t.db, config: { ...t.config, metrics: createMetrics() } });
    expect((await without.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  });

  it('count requests by route pattern, replays, conflicts, 5xx and delta-sync answers, with the process metrics', async () => {
    const token = await signIn('service');
    // A raw path with an id: the label must be the pattern.
    await call('GET', '/api/service/workorders/987654321', { token });
    // Whole list, then 304 with its ETag, then a delta.
    const list = await call('GET', '/api/service', { token });
    expect(list.status).toBe(200);
    expect((await call('GET', '/api/service', { token, headers: { 'if-none-match': list.headers.get('etag')! } })).status).toBe(304);
    expect((await call('GET', '/api/service', { token, query: { since: list.headers.get(SYNC_CURSOR_HEADER)! } })).status).toBe(200);
    // An idempotent replay.
    const key = randomUUID();
    const logCall = { token, body: { format: 'info', message: 'metrics test' }, idempotencyKey: key };
    expect((await call('POST', '/api/api/Logger', logCall)).status).toBe(201);
    const replay = await call('POST', '/api/api/Logger', logCall);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await call('GET', '/api/test/explode', { token })).status).toBe(500);

    const scrape = await call<string>('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = scrape.body;
    expect(text).toContain('homesite_http_requests_total{route="/api/service/workorders/:workOrderId",method="GET"');
    expect(text).not.toContain('987654321');
    expect(text).toMatch(/homesite_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/service",method="GET",status="200"\}/);
    expect(text).toMatch(/homesite_idempotent_replays_total [1-9]/);
    expect(text).toMatch(/homesite_server_errors_total\{route="\/api\/test\/explode",status="500"\} 1/);
    expect(text).toMatch(/homesite_delta_sync_answers_total\{route="\/api\/service",answer="full"\} [1-9]/);
    expect(text).toMatch(/homesite_delta_sync_answers_total\{route="\/api\/service",answer="not_modified"\} [1-9]/);
    expect(text).toMatch(/homesite_delta_sync_answers_total\{route="\/api\/service",answer="delta"\} [1-9]/);
    expect(text).toMatch(/homesite_process_resident_memory_bytes \d+/);
  });

  it('have a sample of every counter with known labels, and the build, from the start (issue 32 §4)', async () => {
    const fresh = createMetrics();
    const started = createApp({ db: t.db, config: { ...t.config, metrics: fresh, metricsToken: METRICS_TOKEN } });
    const scrape = await started.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const sample = (line: string) => expect(text.split('\n')).toContain(line);
    sample('homesite_conflicts_total{route="/api/Account"} 0');
    sample('homesite_conflicts_total{route="/api/service/:serviceRequestId"} 0');
    sample('homesite_server_errors_total{route="/api/service",status="500"} 0');
    sample('homesite_server_errors_total{route="/auth/api/Account/Token",status="500"} 0');
    for (const answer of ['delta', 'full', 'not_modified']) {
      sample(`homesite_delta_sync_answers_total{route="/api/service",answer="${answer}"} 0`);
      sample(`homesite_delta_sync_answers_total{route="/api/Warranty/Homeowners",answer="${answer}"} 0`);
    }
    for (const outcome of ['written', 'dry_run', 'refused', 'failed'])
      sample(`homesite_imports_total{kind="homes",outcome="${outcome}"} 0`);
    for (const outcome of ['sent', 'failed', 'gave_up']) sample(`homesite_mails_total{outcome="${outcome}"} 0`);
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(text).toMatch(
      new RegExp(`^homesite_build_info\\{version="${version.replace(/\./g, '\\.')}",commit="([0-9a-f]{40}|unknown)"\\} 1$`, 'm'),
    );
    // A route that answers no 409 has no conflict series.
    expect(text).not.toContain('homesite_conflicts_total{route="/api/ReleaseNotes"}');
  });

  it('count a stale update as a conflict', async () => {
    const token = await signIn('plant');
    const me = await call<{ rowVersion: number; firstName: string; lastName: string }>('GET', '/auth/api/Account/User', { token });
    const body = { firstName: me.body.firstName, lastName: me.body.lastName, rowVersion: me.body.rowVersion };
    expect((await call('PUT', '/api/Account', { token, body })).status).toBe(200);
    expect((await call('PUT', '/api/Account', { token, body })).status).toBe(409);
    expect(await metrics.registry.metrics()).toMatch(/homesite_conflicts_total\{route="\/api\/Account"\} 1/);
  });

  it('time database statements when the database reports them', async () => {
    const seen: number[] = [];
    const database = await openDatabase({ memory: true, onQueryTime: (seconds) => seen.push(seconds) });
    try {
      await database.migrate();
      await database.db.transaction(async (tx) => {
        await tx.execute('select 1' as never);
      });
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.every((seconds) => seconds >= 0 && seconds < 60)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('access log', () => {
  it('writes one JSON line per request with its id, route pattern, status, duration and user, and nothing secret', async () => {
    logLines.length = 0;
    const answer = await call<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
      body: { Username: demoUserName('service'), Password: DEFAULT_DEMO_PASSWORD },
    });
    const token = answer.body.bearerToken;
    const list = await call('GET', '/api/service/workorders/4242', { token, query: { secret: 'query-value' } });
    const lines = logged();
    expect(lines).toHaveLength(2);
    const [signInLine, listLine] = lines;
    expect(signInLine).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      route: '/auth/api/Account/Token',
      status: 200,
      requestId: answer.headers.get('x-request-id'),
    });
    expect(listLine).toMatchObject({
      method: 'GET',
      route: '/api/service/workorders/:workOrderId',
      status: list.status,
      requestId: list.headers.get('x-request-id'),
    });
    expect(typeof listLine!.userId).toBe('number');
    expect(typeof listLine!.durationMs).toBe('number');
    const raw = logLines.join('\n');
    for (const secret of [DEFAULT_DEMO_PASSWORD, token, 'query-value', '4242']) expect(raw).not.toContain(secret);
  });

  it('logs an error with the request id the client got, at level error', async () => {
    logLines.length = 0;
    const token = await signIn('service');
    logLines.length = 0;
    const failed = await call<{ requestId: string }>('GET', '/api/test/explode', { token });
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get('x-request-id');
    expect(failed.body.requestId).toBe(requestId);
    const lines = logged().filter((line) => line.requestId === requestId);
    expect(lines.map((line) => line.msg).sort()).toEqual(['request', 'unexpected error']);
    expect(lines.every((line) => line.level === 'error')).toBe(true);
  });

  it('keeps a trusted proxy’s request id when it is plain, and makes its own otherwise', async () => {
    expect((await call('GET', '/healthz', { headers: { 'x-request-id': 'lb-abc.123' } })).headers.get('x-request-id')).toBe('lb-abc.123');
    const odd = (await call('GET', '/healthz', { headers: { 'x-request-id': 'a b{c}' } })).headers.get('x-request-id');
    expect(odd).toMatch(/^[0-9a-f-]{36}$/);
    // Without TRUST_PROXY, anyone could send one: ours is used.
    const direct = createApp({ db: t.db, config: t.config });
    expect((await direct.request('/healthz', { headers: { 'x-request-id': 'lb-abc.123' } })).headers.get('x-request-id')).not.toBe(
      'lb-abc.123',
    );
  });
});

describe('CORS', () => {
  it('answers the allowed origin, with preflight for Idempotency-Key and the sync headers exposed', async () => {
    const preflight = await call('OPTIONS', '/api/service', {
      idempotencyKey: null,
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, idempotency-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    const token = await signIn('service');
    const list = await call('GET', '/api/service', { token, headers: { origin: 'https://app.example.com' } });
    expect(list.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const exposed = list.headers.get('access-control-expose-headers')?.toLowerCase() ?? '';
    for (const header of ['x-sync-cursor', 'etag', 'x-request-id']) expect(exposed).toContain(header);
  });

  it('answers no other origin, and no origin at all without CORS_ORIGINS', async () => {
    const other = await call('OPTIONS', '/api/service', {
      idempotencyKey: null,
      headers: {
        origin: 'https://evil.example.net',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'idempotency-key',
      },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(
      (await call('GET', '/healthz', { headers: { origin: 'https://app.example.com.evil.net' } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
    const sameOriginOnly = createApp({ db: t.db, config: t.config });
    expect(
      (await sameOriginOnly.request('/healthz', { headers: { origin: 'https://app.example.com' } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
  });
});

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  it("marks the page's cookies Secure when the proxy says the client came over HTTPS, and believes no one else", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'homesite-dist-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>HomeSite</title>');
      const page = (hops: number, proto: string) =>
        createApp({ db: t.db, config: { ...t.config, distDir: dist, trustedProxyHops: hops } }).request('/home', {
          headers: { 'x-forwarded-proto': proto, accept: 'text/html' },
        });
      const cookies = async (answer: Response | Promise<Response>) => (await answer).headers.getSetCookie();
      const behindProxy = await cookies(page(1, 'https'));
      expect(behindProxy.length).toBeGreaterThan(0);
      expect(behindProxy.every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
      expect((await cookies(page(1, 'http'))).some((cookie) => /;\s*Secure/i.test(cookie))).toBe(false);
      expect((await cookies(page(0, 'https'))).some((cookie) => /;\s*Secure/i.test(cookie))).toBe(false);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('sign-in throttling per client address (behind a trusted proxy)', () => {
  it(`stops an address after ${MAX_FAILED_SIGN_INS_PER_ADDRESS} failures across user names, and no other address`, async () => {
    const attempt = (address: string, name: string) =>
      call('POST', '/auth/api/Account/Token', {
        body: { Username: name, Password: 'not the password' },
        headers: { 'x-forwarded-for': `192.0.2.1, ${address}` },
      });
    for (let index = 0; index < MAX_FAILED_SIGN_INS_PER_ADDRESS; index++) {
      expect((await attempt('203.0.113.7', `sprayed-${index}@example.com`)).status).toBe(400);
    }
    const blocked = await attempt('203.0.113.7', 'one-more@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // The proxy appends the address it saw, so with one trusted hop the client is the last entry; what the client
    // itself put in front (192.0.2.1 above) is not believed.
    expect((await attempt('198.51.100.9', 'one-more@example.com')).status).toBe(400);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const direct = callerFor(createApp({ db: t.db, config: t.config }));
    const answer = await direct('POST', '/auth/api/Account/Token', {
      body: { Username: 'another-name@example.com', Password: 'not the password' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(answer.status).toBe(400);
  });
});
