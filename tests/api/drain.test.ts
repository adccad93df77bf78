import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../src/server/auth/api-keys';
import { openDatabase } from '../../src/server/db/client';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import * as schema from '../../src/server/db/schema';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/main';
import { SHUTDOWN_MESSAGE, SHUTDOWN_RETRY_AFTER_SECONDS } from '../../src/server/ops/lifecycle';
import { createLogger } from '../../src/server/ops/logger';
import { requestsInFlight } from '../e2e/requests-in-flight';
import { createScratchDatabase, seededPgliteDir } from './harness';

/*
 * The stages of a SIGTERM (issue 32 §2, §3), on the real server over real HTTP, on PGlite and on PostgreSQL. For
 * SHUTDOWN_DELAY_MS the instance answers /readyz 503 and still takes and answers requests (each with Connection:
 * close), live-changes streams end and new ones are refused; then the listener closes, idle keep-alive connections
 * with it. When the grace period ends on a running import, the client gets a complete 503 with Retry-After, and
 * nothing of the import commits.
 */

const TOKEN_SECRET = randomBytes(32).toString('base64url');
const METRICS_TOKEN = randomBytes(24).toString('base64url');

let database: { databaseUrl: string } | { dataDir: string };
let drop: () => Promise<void>;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'seeded');
    database = { databaseUrl: scratch.url };
    drop = scratch.drop;
  } else {
    const dataDir = await seededPgliteDir('homesite-drain-');
    database = { dataDir };
    drop = async () => rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
afterAll(() => drop?.());

/** The server with a logger whose JSON lines the test reads. */
async function start(options: StartServerOptions) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    quiet: true,
    distDir: null,
    tokenSecret: TOKEN_SECRET,
    metricsToken: METRICS_TOKEN,
    logger,
    ...database,
    ...options,
  });
  return { server, lines, messages: () => lines.map((line) => line.msg) };
}

async function signIn(server: RunningServer, key: string) {
  const answer = await fetch(`${server.url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: demoUserName(key), Password: DEFAULT_DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { bearerToken: string }).bearerToken;
}

/** A GET over `agent` (node:http, so that the Connection header and the socket can be seen). */
function get(server: RunningServer, path: string, agent: Agent, token?: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path}`,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const refused = (server: RunningServer) =>
  fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => false,
    () => true,
  );

describe('SHUTDOWN_DELAY_MS: answering on, then closing the listener', () => {
  it('answers /readyz 503 and serves requests with Connection: close, ends live streams and refuses new ones, then closes idle keep-alive connections and the listener', async () => {
    const delayMs = 3_000;
    const { server, messages } = await start({ shutdownDelayMs: delayMs, shutdownGraceMs: 5_000 });
    const token = await signIn(server, 'sales');
    const live = await fetch(`${server.url}/api/sync/live`, { headers: { authorization: `Bearer ${token}` } });
    expect(live.status).toBe(200);
    const liveReader = live.body!.getReader();
    await liveReader.read(); // the first heartbeat: the stream is open

    // One keep-alive connection, idle when the shutdown starts.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(server, '/healthz', idleAgent)).connection).toBe('keep-alive');
    const idleSocket = Object.values(idleAgent.freeSockets)[0]![0]!;
    let idleClosedAt: number | undefined;
    idleSocket.once('close', () => (idleClosedAt = Date.now()));

    const closedAt = Date.now();
    const closing = server.close();

    // The stream ends at once; a new one is refused, so that the device reconnects (through the proxy, elsewhere).
    expect((await liveReader.read()).done).toBe(true);
    const again = await fetch(`${server.url}/api/sync/live`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(503);
    await again.body?.cancel();

    // Still answering, on new connections too, each answer ending its connection; /readyz says draining.
    const otherAgent = new Agent({ keepAlive: true });
    const readiness = await get(server, '/readyz', otherAgent);
    expect([readiness.status, JSON.parse(readiness.body)]).toEqual([503, { status: 'draining' }]);
    const list = await get(server, '/api/Lead', otherAgent, token);
    expect(list.status).toBe(200);
    expect(list.connection).toBe('close');
    expect(Date.now() - closedAt).toBeLessThan(delayMs);
    expect(idleClosedAt).toBeUndefined();

    // Then the listener closes, and the idle connection with it (between requests: none was in flight on it).
    await vi.waitFor(async () => expect(await refused(server)).toBe(true), { timeout: 10_000, interval: 100 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(delayMs);
    await vi.waitFor(() => expect(idleClosedAt).toBeDefined(), { timeout: 5_000 });
    expect(idleClosedAt! - closedAt).toBeGreaterThanOrEqual(delayMs - 50);
    await closing;
    expect(messages()).toEqual(expect.arrayContaining(['draining', 'listener closed', 'stopped']));
    expect(messages().indexOf('draining')).toBeLessThan(messages().indexOf('listener closed'));
    idleAgent.destroy();
    otherAgent.destroy();
  }, 60_000);
});

/** `rows` plants as CSV, numbered from 100000: new to the seeded database. */
function plantsCsv(rows: number) {
  const lines = ['plantNumber,name,serialPrefix,city,state,zipCode'];
  for (let n = 0; n < rows; n++) lines.push(`${100_000 + n},Imported Plant ${n},IMP,Clinton,TN,37716`);
  return lines.join('\n') + '\n';
}

async function countOf(table: typeof schema.plants | typeof schema.auditEvents, where?: ReturnType<typeof eq>) {
  const opened = await openDatabase(database);
  try {
    return (await opened.db.select({ n: count() }).from(table).where(where))[0]!.n;
  } finally {
    await opened.close();
  }
}

describe('an import still running when the grace period ends', () => {
  it('is answered a complete 503 with Retry-After, rolls back, and logs "rolled back: shutdown"', async () => {
    const plantsBefore = await countOf(schema.plants);
    const importsBefore = await countOf(schema.auditEvents, eq(schema.auditEvents.action, 'import.run'));
    const graceMs = 1_000;
    const { server, lines, messages } = await start({ shutdownDelayMs: 0, shutdownGraceMs: graceMs });
    const { key } = await createApiKey(server.db, 'erp-nightly');

    const sent = Date.now();
    const answer = fetch(`${server.url}/api/import/plants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: plantsCsv(60_000),
    }).then(async (response) => ({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
      at: Date.now(),
    }));
    // The import is under way: the request is in flight and its body read (the import reads it whole first).
    await vi.waitFor(async () => expect(await requestsInFlight(server.url, METRICS_TOKEN)).toBe(1), { timeout: 10_000, interval: 50 });
    const closedAt = Date.now();
    await server.close();

    const got = await answer;
    expect(got.status, got.body).toBe(503);
    expect(got.retryAfter).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
    expect(JSON.parse(got.body)).toEqual({ message: SHUTDOWN_MESSAGE });
    // Answered at the grace's end, not when the import would have finished.
    expect(got.at - closedAt).toBeLessThan(graceMs + 3_000);

    expect(messages()).toContain('shutdown grace period over: answering 503 to the requests still in flight and rolling back their writes');
    expect(lines.find((line) => line.msg === 'rolled back: shutdown')).toMatchObject({ level: 'warn', route: '/api/import/:kind' });
    expect(lines.find((line) => line.msg === 'request' && line.route === '/api/import/:kind')).toMatchObject({ status: 503 });
    expect(await countOf(schema.plants)).toBe(plantsBefore);
    expect(await countOf(schema.auditEvents, eq(schema.auditEvents.action, 'import.run'))).toBe(importsBefore);
    console.log(`import answered 503 ${got.at - sent} ms after it was sent, ${got.at - closedAt} ms after the shutdown began`);
  }, 60_000);
});
