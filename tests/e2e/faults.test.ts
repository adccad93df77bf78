import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary, ServiceRequest } from '../../src/contract';
import { startFaultProxy, type FaultProxy, type ProxyLogEntry } from './fault-proxy';
import { apiClient, builtDistDir, DEMO_PASSWORD, demoUser, launchChromium, signInByToken, waitForServiceWorker } from './harness';
import { removeDataDir, seededDataDir } from './seeded-data-dir';
import { createServerProcess, type ServerProcess } from './server-process';

/*
 * Issue 14 §3: faults with the real server process. The server runs as its own process (SIGKILL and a
 * restart on the same data dir and port are real), and the browser reaches it through a proxy that
 * misbehaves on purpose (tests/e2e/fault-proxy.ts). Each scenario queues writes in the app, breaks
 * something while they replay, and ends with every write on the server exactly once (read back over
 * the REST API) and nothing left in the device's outbox (read from IndexedDB).
 */

let dataDir: string;
let server: ServerProcess;
let proxy: FaultProxy;
let browser: Browser;
let serviceToken: string;

const { api, tokenFor } = apiClient(() => server.url);

beforeAll(async () => {
  const distDir = builtDistDir();
  dataDir = seededDataDir('homesite-faults-').path;
  server = await createServerProcess({ dataDir, distDir });
  const launching = launchChromium();
  await server.start();
  proxy = await startFaultProxy({ targetPort: server.port });
  browser = await launching;
  serviceToken = await tokenFor('service');
});

// A scenario that failed half-way must not leave its fault on for the next one.
afterEach(() => proxy?.setRule(undefined));

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

/** Polls `read` until `done` holds of its value; fails with `what` and the last value after `timeoutMs`. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${String(JSON.stringify(value)).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

let homeIndex = 0;
/** A staged service request made on the server (the setup, not what is tested). */
async function stagedRequest(): Promise<number> {
  const homes = await api<HomeSummary[]>('GET', '/api/Homes', { token: serviceToken });
  const home = homes.body[homeIndex++ % homes.body.length]!;
  const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.assetId) });
  const created = await api<ServiceRequest>('POST', `/api/service/CreateServiceRequest?${query.toString()}`, { token: serviceToken });
  if (created.status !== 200 && created.status !== 201)
    throw new Error(`create request: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.serviceRequestId;
}

async function storedRequest(id: number) {
  const stored = await api<ServiceRequest>('GET', `/api/service/${id}`, { token: serviceToken });
  expect(stored.status).toBe(200);
  return stored.body;
}

/** How many times each problem description is on the server's request. */
async function itemCounts(id: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of (await storedRequest(id)).serviceItems) counts[item.problemDescription] = (counts[item.problemDescription] ?? 0) + 1;
  return counts;
}

const once = (problems: string[]) => Object.fromEntries(problems.map((problem) => [problem, 1]));
const problemsFor = (scenario: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${scenario} item ${String(index + 1).padStart(2, '0')}`);

interface QueueRow {
  label: string;
  status: string;
  attempts: number;
  error: string | undefined;
  files: number;
}

/** The device's outbox as stored (IndexedDB `homesite`), and how many queued files it holds. */
async function deviceQueue(page: Page): Promise<{ entries: QueueRow[]; files: number }> {
  return page.evaluate(
    () =>
      new Promise<{ entries: QueueRow[]; files: number }>((resolve, reject) => {
        const opening = indexedDB.open('homesite');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(['outbox', 'files'], 'readonly');
          const entries = tx.objectStore('outbox').getAll();
          const files = tx.objectStore('files').count();
          tx.oncomplete = () => {
            db.close();
            resolve({
              entries: (
                entries.result as { label: string; status: string; attempts: number; lastError?: { message: string }; fileIds: string[] }[]
              ).map((row) => ({
                label: row.label,
                status: row.status,
                attempts: row.attempts,
                error: row.lastError?.message,
                files: row.fileIds.length,
              })),
              files: files.result,
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Signs in through the proxy and opens the staged request's review screen. */
async function openRequest(page: Page, requestId: number) {
  await signInByToken({ url: proxy.url, api, tokenFor }, page, 'service');
  await page.goto(`/servicerequests/${requestId}`);
  await page.getByRole('region', { name: 'Service Items' }).waitFor();
  await page.getByRole('link', { name: 'Add Service Item' }).waitFor();
  // The panels' route chunks come from the service worker's precache while offline.
  await waitForServiceWorker(page);
}

async function addServiceItem(page: Page, problem: string) {
  await page.getByRole('link', { name: 'Add Service Item' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Service Item' });
  await panel.getByLabel('Problem description').fill(problem);
  await panel.getByLabel('Determined cause').fill('Settling of the home');
  await panel.getByLabel('Action taken').fill('Adjusted and tested');
  await panel.getByLabel('Labor hours').fill('1');
  await panel.getByLabel('Parts cost').fill('5');
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.waitFor({ state: 'detached' });
  await page.getByRole('region', { name: 'Service Items' }).getByText(problem, { exact: true }).waitFor();
}

/** Queues `problems` as service items with the network off. */
async function queueItemsOffline(context: BrowserContext, page: Page, problems: string[]) {
  await context.setOffline(true);
  for (const problem of problems) await addServiceItem(page, problem);
  const queue = await deviceQueue(page);
  expect(queue.entries.map((entry) => entry.label)).toEqual(problems.map(() => 'Add service item'));
}

const isItemPost = (method: string, path: string) => method === 'POST' && /^\/api\/service\/\d+\/items$/i.test(path);
const itemPosts = (log: ProxyLogEntry[]) => log.filter((entry) => isItemPost(entry.method, entry.path));

/** The queue is empty on the device, and the Pending changes screen says so. */
async function expectNothingWaits(page: Page) {
  await until(
    'an empty outbox',
    () => deviceQueue(page),
    (queue) => queue.entries.length === 0 && queue.files === 0,
    15_000,
  );
  await page.goto('/pending-changes');
  await page.getByText('No changes are waiting. Everything you entered has reached the server.').waitFor();
}

describe('Faults with the real server process', () => {
  it('server SIGKILLed in the middle of an outbox replay, restarted on the same data: every item once, nothing stuck', async () => {
    const requestId = await stagedRequest();
    const { context, page, errors } = await newPage();
    await openRequest(page, requestId);
    const problems = problemsFor('Crash', 20);
    await queueItemsOffline(context, page, problems);

    // The 8th item reaches the server and is written; its answer is withheld and the server is killed
    // right then (a crash after the commit, before the answer left). A restart follows at once.
    let posts = 0;
    let droppedKey: string | undefined;
    let restarted: Promise<void> | undefined;
    proxy.log.length = 0;
    proxy.setRule((request) => {
      if (!isItemPost(request.method, request.path)) return undefined;
      posts += 1;
      if (posts !== 8) return undefined;
      droppedKey = String(request.headers['idempotency-key']);
      return {
        kind: 'drop-answer',
        then: async () => {
          await server.kill();
          restarted = server.start();
        },
      };
    });
    await context.setOffline(false);

    await until(
      'the kill',
      async () => restarted !== undefined,
      (killed) => killed,
    );
    await restarted;
    // The outbox retries by itself (backoff) once the server is back.
    const counts = await until(
      'all items on the server',
      () => itemCounts(requestId),
      (value) => Object.keys(value).length === problems.length,
      45_000,
    );
    await expectNothingWaits(page);
    expect(await itemCounts(requestId)).toEqual(once(problems));
    expect(counts).toEqual(once(problems));

    // The withheld answer's call was sent again under the same key and answered from the stored response.
    const log = itemPosts(proxy.log);
    expect(log[7]).toMatchObject({ idempotencyKey: droppedKey, status: undefined });
    expect(log.filter((entry) => entry.idempotencyKey === droppedKey && entry.status === 201)).toMatchObject([{ replayed: true }]);
    proxy.setRule(undefined);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('connection cut in the middle of a 5 MB upload: the retry completes, one attachment of the right size', async () => {
    const requestId = await stagedRequest();
    const { context, page, errors } = await newPage();
    await openRequest(page, requestId);
    const pdf = fakePdf(5 * 1024 * 1024);

    // The first upload of an attachment loses its connection after 1 MB of the body reached the server.
    let uploads = 0;
    proxy.log.length = 0;
    proxy.setRule((request) => {
      if (!isAttachmentPost(request.method, request.path)) return undefined;
      uploads += 1;
      return uploads === 1 ? { kind: 'cut-request', afterBytes: 1024 * 1024 } : undefined;
    });
    await attachFile(page, pdf, 'invoice.pdf', 'Five megabyte invoice');

    const stored = await until(
      'the attachment on the server',
      () => storedRequest(requestId),
      (request) => request.serviceAttachments.length > 0,
    );
    await expectNothingWaits(page);
    const attachments = (await storedRequest(requestId)).serviceAttachments;
    expect(attachments).toHaveLength(1);
    expect(stored.serviceAttachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ description: 'Five megabyte invoice', contentType: 'application/pdf', sizeBytes: pdf.length });
    const posts = proxy.log.filter((entry) => isAttachmentPost(entry.method, entry.path));
    expect(posts[0]).toMatchObject({ fault: 'cut-request', bodyBytes: 1024 * 1024, status: undefined });
    expect(posts.filter((entry) => entry.status === 201)).toHaveLength(1);
    expect(posts.at(-1)).toMatchObject({ status: 201, idempotencyKey: posts[0]!.idempotencyKey });
    proxy.setRule(undefined);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('401 in the middle of the queue (the session is revoked on the server): the queue pauses, the user signs in again, the rest go once', async () => {
    const requestId = await stagedRequest();
    const { context, page, errors } = await newPage();
    await openRequest(page, requestId);
    const problems = problemsFor('Session', 6);
    await queueItemsOffline(context, page, problems);

    // Before the 3rd item reaches the server, the device's session is signed out there (its token revoked).
    const bearer = (await context.cookies()).find((cookie) => cookie.name === 'Bearer')?.value;
    expect(bearer).toBeTruthy();
    let posts = 0;
    proxy.log.length = 0;
    proxy.setRule((request) => {
      if (!isItemPost(request.method, request.path)) return undefined;
      posts += 1;
      if (posts !== 3) return undefined;
      return {
        kind: 'before',
        run: async () => {
          const logout = await api('POST', '/auth/api/Account/Logout', { token: bearer });
          if (logout.status !== 204) throw new Error(`logout: ${logout.status}`);
        },
      };
    });
    await context.setOffline(false);

    await until(
      'the 401',
      async () => itemPosts(proxy.log).some((entry) => entry.status === 401),
      (seen) => seen,
    );
    const paused = await until(
      'the queue paused with 4 waiting',
      () => deviceQueue(page),
      // The answered 401 puts its entry back to pending a moment after the others are counted: wait for both.
      (queue) => queue.entries.length === 4 && queue.entries.every((entry) => entry.status === 'pending'),
    );
    expect(paused.entries).toHaveLength(4);
    expect(await itemCounts(requestId)).toEqual(once(problems.slice(0, 2)));

    // What the user sees where they are: the toast and the header's link to sign in again.
    await page.getByText('Sign in again to send your changes.').waitFor();
    await page.getByRole('link', { name: 'Sign in to send' }).click();
    await page.waitForURL('**/login/expired**');
    await page.getByLabel('Username').fill(demoUser('service'));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The queue goes on as soon as the new token is there (not at the next 30 s tick of the sync timer).
    await until(
      'all items on the server',
      () => itemCounts(requestId),
      (value) => Object.keys(value).length === problems.length,
      10_000,
    );
    await expectNothingWaits(page);
    expect(await itemCounts(requestId)).toEqual(once(problems));
    expect(itemPosts(proxy.log).filter((entry) => entry.status === 401)).toHaveLength(1);
    proxy.setRule(undefined);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('503 maintenance window: the entries wait (none parked as failed) and all go once after it', async () => {
    const requestId = await stagedRequest();
    const { context, page, errors } = await newPage();
    await openRequest(page, requestId);
    const problems = problemsFor('Maintenance', 5);
    await queueItemsOffline(context, page, problems);

    proxy.log.length = 0;
    proxy.setRule((request) =>
      request.path.startsWith('/api/') ? { kind: 'answer', status: 503, body: { message: 'Down for maintenance.' } } : undefined,
    );
    await context.setOffline(false);

    // The first item is tried, answered 503, and tried again after its backoff: the queue keeps everything.
    await until(
      'two 503 answers to the first item',
      async () => itemPosts(proxy.log).filter((entry) => entry.status === 503).length,
      (count) => count >= 2,
    );
    const waiting = await deviceQueue(page);
    expect(waiting.entries).toHaveLength(problems.length);
    expect(waiting.entries.filter((entry) => entry.status === 'failed')).toEqual([]);
    expect(waiting.entries[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(Object.keys(await itemCounts(requestId))).toHaveLength(0);

    // The window ends; "Sync now" on the Pending changes screen sends the queue at once.
    proxy.setRule(undefined);
    await page.goto('/pending-changes');
    await page.getByText(`${problems.length} waiting · 0 failed`, { exact: false }).waitFor();
    const syncNow = page.getByRole('main').getByRole('button', { name: 'Sync now' });
    await syncNow.click();
    // Up to one call's timeout (30 s, fetch-send.ts) more: once in CI only the first item had landed after 30 s, as a
    // call whose connection hung at the window's end would leave it (not seen in four local runs).
    await until(
      'all items on the server',
      () => itemCounts(requestId),
      (value) => Object.keys(value).length === problems.length,
      60_000,
    );
    await expectNothingWaits(page);
    expect(await itemCounts(requestId)).toEqual(once(problems));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('full storage quota on the device: saving a large attachment offline says there is no room, loses nothing, and the earlier changes go once', async () => {
    const requestId = await stagedRequest();
    const { context, page, errors } = await newPage();
    // The origin's quota is made small before the app stores anything: room for the precached app and about
    // 1 MB more. Chromium's IndexedDB goes on using the free space it last saw for up to ~30 s, so the file is
    // larger than the whole quota: it can never fit, whenever the space was last looked at.
    const cdp = await context.newCDPSession(page);
    const origin = new URL(proxy.url).origin;
    const quotaSize = Math.round(precachedBytes() * 1.2) + 1024 * 1024;
    const bigFile = fakePdf(8 * 1024 * 1024);
    expect(quotaSize).toBeLessThan(bigFile.length);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
    await openRequest(page, requestId);
    const problems = problemsFor('Quota', 2);
    await queueItemsOffline(context, page, problems);

    await attachFile(page, bigFile, 'big.pdf', 'Too big for this device', { expectClose: false });
    const panel = page.getByRole('dialog', { name: 'Add Attachment' });
    await panel
      .getByRole('alert')
      .getByText(/^This device has no room left for this change, so it was not saved\./)
      .waitFor();
    // The panel stays open with the file, the app goes on.
    expect(await panel.getByRole('list', { name: 'Files to attach' }).getByRole('listitem').count()).toBe(1);
    const queue = await deviceQueue(page);
    expect(queue.entries.map((entry) => entry.label)).toEqual(problems.map(() => 'Add service item'));
    expect(queue.files).toBe(0);

    // Room again, and online: the earlier changes go, once; the attachment never was queued.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await context.setOffline(false);
    await until(
      'the queued items on the server',
      () => itemCounts(requestId),
      (value) => Object.keys(value).length === problems.length,
    );
    await expectNothingWaits(page);
    expect(await itemCounts(requestId)).toEqual(once(problems));
    expect((await storedRequest(requestId)).serviceAttachments).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

const isAttachmentPost = (method: string, path: string) => method === 'POST' && /\/ServiceAttachment/i.test(path);

/** The bytes of the files the service worker precaches (its injected manifest), read from the build. */
function precachedBytes(): number {
  const distDir = process.env.E2E_DIST_DIR ?? 'dist';
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  expect(urls.length).toBeGreaterThan(10);
  return urls.reduce((sum, url) => sum + statSync(join(distDir, url.split('?')[0]!)).size, 0);
}

/** A PDF as far as the app and the server can tell (its header), of `size` bytes. */
function fakePdf(size: number): Buffer {
  const pdf = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) pdf[index] = 32 + ((index * 7) % 90);
  pdf.write('%PDF-1.4\n', 0, 'latin1');
  return pdf;
}

async function attachFile(page: Page, file: Buffer, name: string, description: string, options: { expectClose?: boolean } = {}) {
  await page.mouse.move(10, 10);
  await page.getByRole('link', { name: 'Add Attachment' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Attachment' });
  await panel.getByLabel('Choose Files').setInputFiles({ name, mimeType: 'application/pdf', buffer: file });
  await panel.getByRole('list', { name: 'Files to attach' }).getByRole('listitem').first().waitFor();
  await panel.getByLabel('Description').fill(description);
  await panel.getByRole('button', { name: 'Save' }).click();
  if (options.expectClose !== false) await panel.waitFor({ state: 'detached', timeout: 60_000 });
}
