import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type HomeSummary, type ServiceRequest } from '../../src/contract';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import { createServerProcess, type ServerProcess } from '../e2e/server-process';
import { createScratchDatabase } from './harness';
import { startSlowUpload, upload } from './slow-upload';

/*
 * Issue 22 §3: two instances on one PostgreSQL, and the first is SIGKILLed in the middle of a write (an upload whose
 * body it is still reading, inside the write's transaction). The device's retry of the same Idempotency-Key goes to
 * the second instance: it lands as soon as the first is gone (the database dropped the dead claimant's lock with its
 * connection), not after a wait and a 503, and it lands exactly once.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'homesite-crashed-claim-'));
// The metrics tell how many requests an instance is answering: the test waits on that rather than on time.
const metricsToken = randomUUID();
const servers: ServerProcess[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let databaseUrl: string;

async function startInstance() {
  const server = await createServerProcess({
    dataDir,
    distDir: join(dataDir, 'no-app'),
    env: { DATABASE_URL: databaseUrl, TOKEN_SECRET: tokenSecret, LOG_FORMAT: 'json', METRICS_TOKEN: metricsToken },
  });
  servers.push(server);
  await server.start();
  return server;
}
const tokenSecret = randomBytes(32).toString('base64url');

async function json<T>(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (method !== 'GET') headers[IDEMPOTENCY_HEADER] = randomUUID();
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await fetch(`${server.url}${path}${search}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/** Whether any session holds the key: a claim row committed before the write (older versions) or a key's advisory lock. */
async function keyIsHeld(key: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ held: boolean }>(
      `select exists (select 1 from idempotency_keys where key = $1)
           or exists (select 1 from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())) as held`,
      [key],
    );
    return result.rows[0]?.held === true;
  } finally {
    await client.end();
  }
}

let first: ServerProcess;
let second: ServerProcess;
let token: string;
let attachmentsPath: string;
let request: ServiceRequest;

beforeAll(async () => {
  if (!adminUrl) return;
  scratch = await createScratchDatabase(adminUrl);
  databaseUrl = scratch.url;
  // One at a time: the first start migrates and seeds the empty database.
  first = await startInstance();
  second = await startInstance();
  token = (
    await json<{ bearerToken: string }>(first, 'POST', '/auth/api/Account/Token', {
      body: { Username: demoUserName('service'), Password: DEFAULT_DEMO_PASSWORD },
    })
  ).bearerToken;
  const [home] = await json<HomeSummary[]>(first, 'GET', '/api/Homes', { token });
  request = await json<ServiceRequest>(first, 'POST', '/api/service/CreateServiceRequest', {
    token,
    query: { plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.assetId) },
  });
  attachmentsPath = `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`;
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.kill();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const attachmentsOf = async (server: ServerProcess) =>
  (await json<ServiceRequest>(server, 'GET', `/api/service/${request.serviceRequestId}`, { token })).serviceAttachments;

describe.skipIf(!adminUrl)('an instance killed in the middle of a write, on PostgreSQL', () => {
  it('lets the retry to another instance land as soon as it is gone, and once', async () => {
    const before = (await attachmentsOf(second)).length;
    const key = randomUUID();
    const cut = await startSlowUpload(first.url, attachmentsPath, token, key, metricsToken);
    const outcome = cut.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await vi.waitFor(async () => expect(await keyIsHeld(key), `the first instance never took the key:\n${first.output()}`).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });

    await first.kill();
    expect(await outcome).toBe('cut');

    // Landed at the first retry: a claim the database still counted alive would have held the retry for 30 s and then
    // answered 503 (before this change, a dead instance's claim was held for 2 minutes).
    const answer = await upload(second.url, attachmentsPath, token, key);
    expect(answer.status, answer.body).toBe(201);

    const replayed = await upload(second.url, attachmentsPath, token, key);
    expect(replayed.status).toBe(201);
    expect(JSON.parse(replayed.body)).toEqual(JSON.parse(answer.body));
    expect(await attachmentsOf(second)).toHaveLength(before + 1);
  }, 120_000);
});
