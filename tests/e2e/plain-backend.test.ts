import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  catalogPartRows,
  type PartsCatalog,
  type PartsOrder,
  type PartsOrderSummary,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../src/contract';
import { requestsToPrime } from '../../src/features/work-orders/use-offline-priming';
import { signInByToken, startE2eApp, waitForServiceWorker, waitOnServer, type E2eApp } from './harness';
import { startPlainBackendProxy, type PlainBackendLogEntry, type PlainBackendProxy } from './plain-backend-proxy';

/*
 * Issue 22 §7 in Chromium: the app pointed at a plain backend, one that implements the spec's REST calls but not our
 * extensions (no X-Sync-Cursor, no ETag or 304, no delta sync, Idempotency-Key ignored), played by our server behind
 * tests/e2e/plain-backend-proxy.ts. The kept lists download whole at every sync and show the server's rows, a row
 * deleted on the server included; writes queued offline land once each.
 */

let app: E2eApp;
let proxy: PlainBackendProxy;
let token: string;
beforeAll(async () => {
  app = await startE2eApp();
  proxy = await startPlainBackendProxy({ targetPort: Number(new URL(app.url).port) });
  token = await app.tokenFor('service');
});
afterAll(async () => {
  await proxy?.close();
  await app?.close();
});

async function get<T>(path: string): Promise<T> {
  const answer = await app.api<T>('GET', path, { token });
  expect(answer.status, `GET ${path}`).toBe(200);
  return answer.body;
}

/** The keys of a kept list's table on the device (IndexedDB `homesite`), ascending; of one plant's share for the catalog. */
const keptKeys = (page: Page, table: 'workOrders' | 'partsOrders' | 'catalogParts', plantNumber?: string) =>
  page.evaluate(
    ({ name, plant }) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction(name).objectStore(name);
          const keys = plant === undefined ? store.getAllKeys() : store.index('plantNumber').getAllKeys(plant);
          keys.onsuccess = () => {
            open.result.close();
            resolve((keys.result as number[]).sort((a, b) => a - b));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
    { name: table, plant: plantNumber },
  );

/** Changes waiting in the device's outbox. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

const sortedIds = (ids: number[]) => [...ids].sort((a, b) => a - b);
const serviceIds = async () => sortedIds((await get<ServiceRequestSummary[]>('/api/service')).map((row) => row.serviceRequestId));
const partsIds = async () => sortedIds((await get<PartsOrderSummary[]>('/api/parts')).map((row) => row.partsOrderId));

/** Waits until the device keeps exactly the server's rows of a list. */
async function expectKeptAsServer(page: Page, table: 'workOrders' | 'partsOrders', serverIds: () => Promise<number[]>) {
  const expected = await serverIds();
  await expect.poll(() => keptKeys(page, table), { timeout: 30_000, interval: 250 }).toEqual(expected);
}

/** The kept lists' sync calls (`?since=`), as the browser sent them. */
const syncCalls = (log: readonly PlainBackendLogEntry[]) =>
  log.filter((entry) => entry.method === 'GET' && new URL(entry.path, 'http://proxy').searchParams.has('since'));
const writesTo = (log: readonly PlainBackendLogEntry[], method: string, path: string) =>
  log.filter((entry) => entry.method === method && new URL(entry.path, 'http://proxy').pathname.toLowerCase() === path.toLowerCase());

const workOrders = (page: Page) => page.getByRole('table', { name: 'Work orders' });
const partsOrders = (page: Page) => page.getByRole('table', { name: 'Parts orders' });

describe('a plain backend (no delta sync, no ETag, no idempotency)', () => {
  it('kept lists download whole and follow the server, a deleted row included; writes queued offline land once each', async () => {
    // An open work order whose Information form saves as it is (performed recently or not yet; spec 3 §5).
    const recent = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
    const target = requestsToPrime(await get<ServiceRequestSummary[]>('/api/service')).find(
      (row) => row.vantageWorkOrderId !== null && (!row.performedDate || row.performedDate >= recent),
    )!;
    expect(target, 'the seed has an open, editable work order').toBeDefined();
    const requestBefore = await get<ServiceRequest>(`/api/service/${target.serviceRequestId}`);
    const orders = await get<PartsOrderSummary[]>('/api/parts');
    const shipped = orders.find(
      (order) => order.orderStatus.trim().toUpperCase() === 'SHIPPED' && !order.isClosed && order.itemCount >= 1,
    )!;
    expect(shipped, 'the seed has a shipped parts order').toBeDefined();
    const orderBefore = await get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`);
    const item = orderBefore.partsItems.find((candidate) => candidate.isCorrect !== true)!;
    const itemName = [item.partNumber.trim(), item.partDescription.trim()].filter(Boolean).join(' ');
    // A staged stock order, to be deleted on the server once the device keeps it.
    const staged = await app.api<PartsOrder>('POST', '/api/Parts', {
      token,
      body: { plantNumber: shipped.plantNumber, longSerialNumber: '' },
    });
    expect(staged.status).toBe(201);
    const stagedId = staged.body.partsOrderId;

    const context = await app.browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    await signInByToken({ ...app, url: proxy.url }, page, 'service');

    // Online: both lists are kept, row for row as the server has them, from whole-list answers.
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await expectKeptAsServer(page, 'workOrders', serviceIds);
    await page.goto(`/workorders/${target.vantageWorkOrderId}`);
    await page.getByRole('link', { name: 'Edit Information' }).waitFor();
    await page.goto('/service/parts');
    await partsOrders(page).getByRole('link').first().waitFor();
    await expectKeptAsServer(page, 'partsOrders', partsIds);
    expect(await keptKeys(page, 'partsOrders')).toContain(stagedId);
    await page.getByRole('searchbox', { name: 'Search parts orders' }).fill(`Staged order ${stagedId}`);
    await partsOrders(page)
      .getByRole('link', { name: `Staged order ${stagedId}` })
      .waitFor();
    // The plant's approved catalog, primed from the spec's tree, is kept as its rows.
    const catalog = await get<PartsCatalog>(`/api/PartsCatalog?plantNumber=${shipped.plantNumber}&approved=true`);
    const catalogIds = sortedIds(catalogPartRows(catalog).map((part) => part.partsCatalogId));
    expect(catalogIds.length).toBeGreaterThan(0);
    await expect.poll(() => keptKeys(page, 'catalogParts', shipped.plantNumber), { timeout: 60_000, interval: 500 }).toEqual(catalogIds);
    await page.goto(`/partsorders/vantage/${shipped.vantagePartsRequestId}`);
    await page.getByRole('checkbox', { name: `Select ${itemName}` }).waitFor();
    await waitForServiceWorker(page);

    // Offline: a work order edit and a parts receipt wait in the outbox; meanwhile the staged order is deleted.
    await context.setOffline(true);
    await page.goto(`/workorders/${target.vantageWorkOrderId}`);
    await page.getByRole('link', { name: 'Edit Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Information' });
    await panel.getByLabel('Technician').fill('Plain Backend Tech');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.goto(`/partsorders/vantage/${shipped.vantagePartsRequestId}`);
    await page.getByRole('checkbox', { name: `Select ${itemName}` }).check();
    await page.getByRole('button', { name: 'Mark Received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await queued(page)).toBe(2);
    expect((await app.api('DELETE', `/api/Parts/${stagedId}`, { token })).status).toBe(204);

    // Online again: each write lands once.
    await context.setOffline(false);
    const requestAfter = await waitOnServer(
      page,
      () => get<ServiceRequest>(`/api/service/${target.serviceRequestId}`),
      (request) => request.technician === 'Plain Backend Tech',
    );
    const orderAfter = await waitOnServer(
      page,
      () => get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`),
      (order) => order.rowVersion > orderBefore.rowVersion,
    );
    await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
    // Before counting: every write the browser sent through the proxy has its answer, so a doubled one is in the log.
    await expect.poll(() => proxy.log.filter((entry) => entry.method !== 'GET' && entry.status === undefined).length).toBe(0);
    expect((await get<ServiceRequest>(`/api/service/${target.serviceRequestId}`)).rowVersion).toBe(requestBefore.rowVersion + 1);
    expect(requestAfter.technician).toBe('Plain Backend Tech');
    expect((await get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`)).rowVersion).toBe(orderBefore.rowVersion + 1);
    expect(orderAfter.partsItems.find((received) => received.partsOrderItemId === item.partsOrderItemId)).toMatchObject({
      isCorrect: true,
    });
    expect(writesTo(proxy.log, 'PUT', `/api/service/workorders/${target.vantageWorkOrderId}`)).toHaveLength(1);
    expect(writesTo(proxy.log, 'PUT', `/api/Parts/${orderBefore.plantNumber}/${orderBefore.partsLogNumber!}/PartsReceived`)).toHaveLength(
      1,
    );

    // A refresh shows the server's lists: the deleted order is gone from the device, the written rows are current.
    await page.goto('/service/parts');
    await partsOrders(page).getByRole('link').first().waitFor();
    await expectKeptAsServer(page, 'partsOrders', partsIds);
    expect(await keptKeys(page, 'partsOrders')).not.toContain(stagedId);
    await page.getByRole('searchbox', { name: 'Search parts orders' }).fill(`Staged order ${stagedId}`);
    await page.getByText('No parts orders match your search and filters.').waitFor();
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await expectKeptAsServer(page, 'workOrders', serviceIds);

    // What the proxy saw: every list call asked from nothing (no cursor to go on from) and was answered whole,
    // nothing was conditional or answered 304, and every write went once.
    const syncs = syncCalls(proxy.log);
    expect(new Set(syncs.map((call) => new URL(call.path, 'http://proxy').pathname))).toEqual(
      new Set(['/api/service', '/api/parts', '/api/PartsCatalog']),
    );
    expect(syncs.length).toBeGreaterThanOrEqual(4);
    for (const call of syncs) {
      expect(new URL(call.path, 'http://proxy').searchParams.get('since'), call.path).toBe('0');
      expect(call.forwardedPath, call.path).not.toMatch(/[?&](since|limit)=/);
    }
    expect(proxy.log.filter((entry) => entry.status === 304)).toEqual([]);
    const writes = proxy.log.filter((entry) => entry.method !== 'GET' && entry.method !== 'HEAD' && entry.browserKey !== undefined);
    expect(new Set(writes.map((entry) => entry.browserKey)).size).toBe(writes.length);
    expect(await page.getByText('Error has occurred.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    // Two whole downloads of each list and a catalog priming: minutes on a loaded 2-core machine.
  }, 240_000);
});
