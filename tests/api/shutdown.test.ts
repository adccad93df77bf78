import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type HomeSummary, type ServiceRequest } from '../../src/contract';
import { DEFAULT_DEMO_PASSWORD, demoUserName } from '../../src/server/db/seed';
import { SHUTDOWN_MESSAGE } from '../../src/server/ops/lifecycle';
import { createServerProcess, type ServerProcess } from '../e2e/server-process';
import { startSlowUpload as startSlowUploadAt } from './slow-upload';

/*
 * SIGTERM with an upload in flight (issue 20 §7), on the real server process. With time to finish, the upload lands
 * and the process exits 0 once it has; new connections are refused meanwhile. When the grace period ends first, the
 * upload is answered 503 with Retry-After (issue 32 §3), nothing of it is written, and the device's retry with the same
 * Idempotency-Key lands exactly once after the restart. (No shutdown delay here: tests/api/drain.test.ts has it.)
 */

const dataDir = mkdtempSync(join(tmpdir(), 'homesite-shutdown-'));
const servers: ServerProcess[] = [];
// The metrics tell how many requests the server is answering: the test waits on that rather than on time.
const metricsToken = randomUUID();

async function startServer(graceMs: number) {
  const server = await createServerProcess({
    dataDir,
    distDir: join(dataDir, 'no-app'),
    env: { SHUTDOWN_DELAY_MS: '0', SHUTDOWN_GRACE_MS: String(graceMs), LOG_FORMAT: 'json', METRICS_TOKEN: metricsToken },
  });
  servers.push(server);
  await server.start();
  return server;
}

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

const startSlowUpload = (server: ServerProcess, path: string, token: string, idempotencyKey: string) =>
  startSlowUploadAt(server.url, path, token, idempotencyKey, metricsToken);

let first: ServerProcess;
let token: string;
let request: ServiceRequest;
let attachmentsPath: string;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  first = await startServer(20_000);
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
}, 300_000);

afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function attachmentsOf(server: ServerProcess) {
  return (await json<ServiceRequest>(server, 'GET', `/api/service/${request.serviceRequestId}`, { token })).serviceAttachments;
}

// The process under test always runs the embedded database (server-process.ts): once is enough, not again in the PostgreSQL pass.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SIGTERM during an upload', () => {
  it('lets the upload finish within the grace period, refuses new connections meanwhile, and exits 0', async () => {
    const upload = await startSlowUpload(first, attachmentsPath, token, randomUUID());
    const stopped = first.stop();
    // Draining, with the upload in flight: the listener is closed, so a new connection is refused (the load balancer has another instance).
    await vi.waitFor(() => expect(first.output()).toMatch(/"inFlight":1\b.*"msg":"draining"/), { timeout: 30_000 });
    await expect
      .poll(
        () =>
          fetch(`${first.url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');
    upload.sendRest();
    const answer = await upload.answer.catch((error: unknown) => {
      throw new Error(`${String(error)}\n${first.output()}`);
    });
    expect(answer.status, answer.body).toBe(201);
    await stopped;
    expect(first.exitCode(), first.output()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it('answers 503 to an upload that outlasts the grace period, writes nothing of it, and its retry lands exactly once after the restart', async () => {
    const short = await startServer(1_000);
    const before = (await attachmentsOf(short)).length;
    const key = randomUUID();
    const upload = await startSlowUpload(short, attachmentsPath, token, key);
    await short.stop();
    expect(short.exitCode(), short.output()).toBe(0);
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ message: SHUTDOWN_MESSAGE });
    expect(short.output()).toContain('shutdown grace period over');
    // The process's last lines may still be in the pipe when its exit is seen.
    await vi.waitFor(() => expect(short.output()).toContain('"msg":"rolled back: shutdown"'), { timeout: 5_000 });

    await short.start();
    expect(await attachmentsOf(short)).toHaveLength(before);
    const retry = await startSlowUpload(short, attachmentsPath, token, key);
    retry.sendRest();
    expect((await retry.answer).status).toBe(201);
    const again = await startSlowUpload(short, attachmentsPath, token, key);
    again.sendRest();
    const replayed = await again.answer;
    expect(replayed.status).toBe(201);
    expect(await attachmentsOf(short)).toHaveLength(before + 1);
  }, 180_000);
});
