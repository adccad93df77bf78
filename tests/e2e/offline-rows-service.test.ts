import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { PartsOrderSummary, ServiceRequest, ServiceRequestSummary } from '../../src/contract';
import { isKeptRecord } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { KEPT_DETAIL_KINDS } from '../../src/entities/kept-details';
import { PRIME_LIMIT as PARTS_PRIME_LIMIT } from '../../src/features/parts-orders/use-offline-priming';
import { requestsToPrime } from '../../src/features/work-orders/use-offline-priming';
import { CONNECTION_TEXT } from '../../src/features/sync/sync-badge';
import { NEEDS_CONNECTION, notOnDeviceMessage } from '../../src/ui/not-on-device';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { keptWhole } from './kept-whole';
import { signInByToken, startE2eApp, waitForServiceWorker, waitOnServer, type E2eApp } from './harness';

/*
 * Issue 19 in Chromium against the real server, on a tablet-sized context: what the service lists keep opens
 * offline, row by row — open work orders (by their /workorders/{id} address) with their items, parts, attachments
 * and the home's service history, every open parts order (staged and submitted), the warranty cards — and a row
 * whose detail is not kept says so before the tap and plainly after. An open work order is changed offline and
 * the change arrives once. Then the server goes down with the network up: the header says so, the kept copies
 * still open, and the first answer brings the header back to Online.
 */

const TABLET = { width: 820, height: 1180 };

let app: E2eApp;
let proxy: FaultProxy;
let token: string;
beforeAll(async () => {
  app = await startE2eApp();
  // The browser reaches the server through a proxy that can stop answering, as a server that is down does.
  proxy = await startFaultProxy({ targetPort: Number(new URL(app.url).port) });
  token = await app.tokenFor('service');
});
afterAll(async () => {
  await proxy?.close();
  await app?.close();
});

/** How many records of `kind` the device keeps whole (the `entities` table of offline/db.ts). */
const keptCount = (page: Page, kind: string) =>
  page.evaluate(
    (kind) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entities').objectStore('entities').index('kind').count(kind);
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
    kind,
  );

async function waitUntilKept(page: Page, kind: string, expected: number) {
  await expect.poll(() => keptCount(page, kind), { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(expected);
}

async function serviceRows() {
  const answer = await app.api<ServiceRequestSummary[]>('GET', '/api/service', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

const readRequest = async (serviceRequestId: number) =>
  (await app.api<ServiceRequest>('GET', `/api/service/${serviceRequestId}`, { token })).body;

/**
 * An open work order whose Information form saves as it is: its performed date, when it has one, is within the
 * last 60 days (spec 3 §5; the seed's older work orders fail that check on any save).
 */
function editableWorkOrder(rows: readonly ServiceRequestSummary[]) {
  const recent = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
  const found = requestsToPrime(rows).find((row) => row.vantageWorkOrderId !== null && (!row.performedDate || row.performedDate >= recent));
  if (!found) throw new Error('the seed has no open work order with a recent or no performed date');
  return found;
}

const workOrders = (page: Page) => page.getByRole('table', { name: 'Work orders' });
const partsOrders = (page: Page) => page.getByRole('table', { name: 'Parts orders' });

/** The app opened anew with no connection, as a tablet relaunches it: a fresh page of the same profile. */
async function relaunchOffline(context: BrowserContext, page: Page, path: string) {
  await page.close();
  await context.setOffline(true);
  const next = await context.newPage();
  await next.goto(path);
  return next;
}

describe('service lists offline, every row (issue 19)', () => {
  it('open work orders, parts orders, warranty cards and service history open offline on a relaunched tablet; a change made there arrives once', async () => {
    const context = await app.browser.newContext({ baseURL: proxy.url, viewport: TABLET, hasTouch: true });
    let page = await context.newPage();
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    await signInByToken({ ...app, url: proxy.url }, page, 'service');

    // Online once: the lists are kept, and every open request and open parts order whole.
    const rows = await serviceRows();
    const openRequests = requestsToPrime(rows);
    const openOrders = (await app.api<PartsOrderSummary[]>('GET', '/api/parts', { token })).body.filter((row) => !row.isClosed);
    expect(openRequests.filter((row) => row.vantageWorkOrderId !== null).length).toBeGreaterThan(2);
    expect(openOrders.some((row) => row.vantagePartsRequestId !== null)).toBe(true);
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await waitForServiceWorker(page);
    await waitUntilKept(page, KEPT_DETAIL_KINDS.serviceRequest, openRequests.length);
    await page.goto('/service/parts');
    await partsOrders(page).getByRole('link').first().waitFor();
    await waitUntilKept(page, KEPT_DETAIL_KINDS.partsOrder, Math.min(openOrders.length, PARTS_PRIME_LIMIT));
    await page.goto('/service/myhomeowners');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await expect.poll(() => keptWhole(page, 'homeowners'), { timeout: 30_000 }).toBe(true);

    page = await relaunchOffline(context, page, '/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await page.getByText(/^Saved copy, updated/).waitFor();
    expect(await page.getByRole('status').filter({ hasText: CONNECTION_TEXT.offline }).count()).toBe(1);

    // The first rows, by the address the list gives them (/workorders/{id}): an open one opens whole from its kept
    // copy; a closed one (not kept) says so on its row before the tap and plainly after.
    const workOrderRows = workOrders(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^WO-/ }) });
    let opened = 0;
    for (let index = 0; index < 4; index++) {
      const row = workOrderRows.nth(index);
      const number = (await row.getByRole('link', { name: /^WO-/ }).innerText()).trim();
      const kept = openRequests.some((request) => request.vantageWorkOrderNumber === number);
      expect(await row.getByText(NEEDS_CONNECTION).count(), `${number} marked`).toBe(kept ? 0 : 1);
      await row.getByRole('link', { name: number }).click();
      await page.waitForURL(/\/workorders\/\d+$/);
      if (kept) {
        await page.getByRole('heading', { level: 1, name: `Work Order ${number}` }).waitFor();
        await page.getByRole('region', { name: 'Service Items' }).waitFor();
        await page.getByRole('region', { name: 'Parts Items' }).waitFor();
        await page.getByRole('region', { name: 'Attachments' }).waitFor();
        await page.getByText(/^Saved copy, updated/).waitFor();
        opened += 1;
      } else {
        await page.getByText(notOnDeviceMessage('work order')).waitFor();
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      }
      await page.goBack();
      await workOrderRows.first().waitFor();
    }
    expect(opened).toBeGreaterThan(0);

    // An open work order changed offline: its technician, queued on the device.
    const target = editableWorkOrder(rows);
    const before = await readRequest(target.serviceRequestId);
    await page.goto(`/workorders/${target.vantageWorkOrderId}`);
    await page.getByRole('heading', { level: 1, name: /^Work Order WO-/ }).waitFor();
    await page.getByRole('link', { name: 'Edit Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Information' });
    await panel.getByLabel('Technician').fill('Offline Tablet Tech');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('Offline Tablet Tech').first().waitFor();

    // The home's service history, from the work order.
    await page.getByRole('link', { name: /^Service history of / }).click();
    await page.waitForURL(/\/serviceHistory\//);
    await page.getByText(target.vantageWorkOrderNumber!, { exact: false }).first().waitFor();

    // A closed request is not kept whole: its row says so before the tap, and the screen plainly after.
    // One the device keeps in its list (closed lately: the kept-list rule of issue 31), but not whole.
    const closed = rows.find(
      (row) => row.isClosed && row.vantageWorkOrderId !== null && isKeptRecord(row, businessDay(DEFAULT_ORG_TIME_ZONE)),
    );
    expect(closed, 'the seed has a work order closed lately').toBeDefined();
    await page.goto('/service');
    await page.getByPlaceholder('Search Requests...').fill(closed!.vantageWorkOrderNumber!);
    const closedRow = workOrders(page).getByRole('row').filter({ hasText: closed!.vantageWorkOrderNumber! });
    await closedRow.getByText(NEEDS_CONNECTION).waitFor();
    await closedRow.getByRole('link', { name: closed!.vantageWorkOrderNumber! }).click();
    await page.getByText(notOnDeviceMessage('work order')).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);

    // Parts orders: the first rows, staged (/partsorders/{id}) and submitted (/partsorders/vantage/{id}) alike.
    await page.goto('/service/parts');
    const orderLinks = partsOrders(page).getByRole('link', { name: /./ });
    await orderLinks.first().waitFor();
    for (let index = 0; index < 3; index++) {
      const href = (await orderLinks.nth(index).getAttribute('href'))!;
      const id = Number(/(\d+)$/.exec(href)![1]);
      const order = openOrders.find((row) => (href.includes('/vantage/') ? row.vantagePartsRequestId : row.partsOrderId) === id);
      await orderLinks.nth(index).click();
      if (order) {
        await page.getByRole('heading', { level: 1, name: /^Parts Order/ }).waitFor();
        await page.getByText(/^Saved copy, updated/).waitFor();
      } else {
        await page.getByText(notOnDeviceMessage('parts order')).waitFor();
      }
      await page.goBack();
      await orderLinks.first().waitFor();
    }
    const submitted = openOrders.find((row) => row.vantagePartsRequestId !== null)!;
    await page.goto(`/partsorders/vantage/${submitted.vantagePartsRequestId}`);
    await page.getByRole('heading', { level: 1, name: /^Parts Order/ }).waitFor();
    await page.getByText(/^Saved copy, updated/).waitFor();

    // Warranty cards: the first rows open their card.
    await page.goto('/service/myhomeowners');
    for (let index = 1; index <= 2; index++) {
      await page.getByRole('table').getByRole('row').nth(index).click();
      const card = page.getByRole('dialog');
      await card.getByLabel('Last name').waitFor();
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'detached' });
    }

    // Back online: the technician arrives once (one write: the row version moves by one).
    await context.setOffline(false);
    const after = await waitOnServer(
      page,
      () => readRequest(target.serviceRequestId),
      (request) => request.technician === 'Offline Tablet Tech',
    );
    expect(after.technician).toBe('Offline Tablet Tech');
    expect(after.rowVersion).toBe(before.rowVersion + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the server down and the network up, the header says it cannot be reached, kept work orders open, and the first answer brings Online back', async () => {
    const context = await app.browser.newContext({ baseURL: proxy.url, viewport: TABLET, hasTouch: true });
    const page = await context.newPage();
    await signInByToken({ ...app, url: proxy.url }, page, 'service');
    const target = editableWorkOrder(await serviceRows());
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await waitForServiceWorker(page);
    await waitUntilKept(page, KEPT_DETAIL_KINDS.serviceRequest, 1);
    await page.getByRole('status').filter({ hasText: CONNECTION_TEXT.online }).waitFor();

    proxy.setRule(() => ({ kind: 'no-answer' }));
    try {
      await page.reload();
      await workOrders(page).getByRole('link').first().waitFor();
      await page.getByRole('status').filter({ hasText: CONNECTION_TEXT.unreachable }).waitFor();
      await page.goto(`/workorders/${target.vantageWorkOrderId}`);
      await page.getByRole('heading', { level: 1, name: /^Work Order WO-/ }).waitFor();
      await page.getByText(/^Saved copy, updated/).waitFor();
      await page.getByRole('link', { name: 'Edit Information' }).click();
      const panel = page.getByRole('dialog', { name: 'Information' });
      await panel.getByLabel('Technician').fill('Down Server Tech');
      await panel.getByRole('button', { name: 'Save' }).click();
      await panel.waitFor({ state: 'detached' });
      // Queued, as offline: the same count and Sync now in the header.
      await page.getByRole('link', { name: /^Pending changes: 1 change waiting/ }).waitFor();
      await page.getByRole('button', { name: 'Sync now' }).waitFor();
    } finally {
      proxy.setRule(undefined);
    }

    // The server answers again. Sync now sends the queue at once, unless a retry that fell due has already taken it.
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    if (await syncNow.isEnabled().catch(() => false)) await syncNow.click({ timeout: 5_000 }).catch(() => undefined);
    await page.getByRole('status').filter({ hasText: CONNECTION_TEXT.online }).waitFor();
    const after = await waitOnServer(
      page,
      () => readRequest(target.serviceRequestId),
      (request) => request.technician === 'Down Server Tech',
    );
    expect(after.technician).toBe('Down Server Tech');
    await context.close();
  });
});
