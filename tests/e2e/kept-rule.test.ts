import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PartsOrderSummary, ServiceRequest, ServiceRequestSummary, WarrantyCard } from '../../src/contract';
import { addDaysToDay } from '../../src/contract/days';
import { cardRuleSubject, isKeptRecord, KEEP_CLOSED_DAYS } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { requestsToPrime } from '../../src/features/work-orders/use-offline-priming';
import { NOT_ON_DEVICE } from '../../src/ui/not-on-device';
import { signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

/*
 * Issue 31 §2–§3 in Chromium against the real server: the device keeps the open work orders and the closed ones changed
 * in the last KEEP_CLOSED_DAYS. An older closed one is found by a search on the server while online, marked as not on
 * the device, and opens; offline the list says how many it holds and that the rest need a connection. A work order
 * that closed and aged out leaves the device after the next sync, unless a change to it is still queued — which is
 * still sent.
 */

let app: E2eApp;
let token: string;
let rows: ServiceRequestSummary[];
const today = () => businessDay(DEFAULT_ORG_TIME_ZONE);

beforeAll(async () => {
  app = await startE2eApp();
  token = await app.tokenFor('service');
  rows = (await app.api<ServiceRequestSummary[]>('GET', '/api/service', { token })).body;
});
afterAll(() => app?.close());

const workOrders = (page: Page) => page.getByRole('table', { name: 'Work orders' });

/** The ids of the work orders kept in the device's table (offline/db.ts workOrders). */
const keptIds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('workOrders').objectStore('workOrders').getAllKeys();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as number[]);
          };
        };
      }),
  );

/** Time passes on the device: these kept rows closed and last changed `days` ago (what their next sync would find). */
const ageOnDevice = (page: Page, ids: number[], changedOn: string) =>
  page.evaluate(
    ({ ids, changedOn }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('workOrders', 'readwrite');
          const store = tx.objectStore('workOrders');
          for (const id of ids) {
            const read = store.get(id);
            read.onsuccess = () => store.put({ ...read.result, status: 'X', isClosed: true, changedOn });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { ids, changedOn },
  );

describe('what the device keeps of the work orders (issue 31)', () => {
  it('an older closed work order is not on the device: found by search online, marked, opened; offline the list says the rest need a connection', async () => {
    const context = await app.browser.newContext({ baseURL: app.url });
    let page = await context.newPage();
    await signInByToken(app, page, 'service');
    const old = rows.find((row) => row.isClosed && row.vantageWorkOrderNumber && !isKeptRecord(row, today()));
    expect(old, 'the seed has closed work orders older than the rule').toBeDefined();
    const number = old!.vantageWorkOrderNumber!;

    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await waitForServiceWorker(page);
    await expect.poll(() => keptIds(page), { timeout: 30_000 }).not.toHaveLength(0);
    const kept = await keptIds(page);
    expect(kept).not.toContain(old!.serviceRequestId);
    expect(kept.length).toBe(rows.filter((row) => isKeptRecord(row, today())).length);

    // Online: the list searches the server, and the row it finds says it is not on this device.
    await page.getByPlaceholder('Search Requests...').fill(number);
    const found = workOrders(page).getByRole('row').filter({ hasText: number });
    await found.getByText(NOT_ON_DEVICE).waitFor();
    await found.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { level: 1, name: `Work Order ${number}` }).waitFor();

    // Offline, relaunched: the kept rows, how many, and that the rest need a connection; the old one is not there.
    await page.close();
    await context.setOffline(true);
    page = await context.newPage();
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    await page.getByText(`This device holds ${kept.length.toLocaleString('en-US')} work orders`).waitFor();
    await page.getByText(/The rest need a connection\./).waitFor();
    await page.getByPlaceholder('Search Requests...').fill(number);
    await page.getByText('No requests match your search and filters.').waitFor();
    await context.close();
  });

  it('a work order that closed and aged out leaves the device after a sync, unless a change to it is queued; that change is still sent', async () => {
    const context = await app.browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await signInByToken(app, page, 'service');
    await page.goto('/service');
    await workOrders(page).getByRole('link').first().waitFor();
    const recent = addDaysToDay(today(), -50);
    const [aging, queued] = requestsToPrime(rows).filter(
      (row) => row.vantageWorkOrderId !== null && (!row.performedDate || row.performedDate >= recent),
    );
    expect(queued, 'two open work orders whose Information saves').toBeDefined();
    await expect
      .poll(() => keptIds(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([aging!.serviceRequestId, queued!.serviceRequestId]));

    // A change to one waits in the queue: its PUT does not get through yet.
    const put = `**/api/service/${queued!.serviceRequestId}`;
    await page.route(put, (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/workorders/${queued!.vantageWorkOrderId}`);
    await page.getByRole('link', { name: 'Edit Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Information' });
    await panel.getByLabel('Technician').fill('Queued Before Aging');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });

    // Both closed and were last changed a day past the rule; the next sync lets go of the one with nothing queued.
    await ageOnDevice(page, [aging!.serviceRequestId, queued!.serviceRequestId], addDaysToDay(today(), -KEEP_CLOSED_DAYS - 1));
    await page.goto('/service');
    await expect.poll(() => keptIds(page), { timeout: 30_000 }).not.toContain(aging!.serviceRequestId);
    expect(await keptIds(page)).toContain(queued!.serviceRequestId);

    // The queued change is still sent.
    await page.unroute(put);
    await expect
      .poll(async () => (await app.api<ServiceRequest>('GET', `/api/service/${queued!.serviceRequestId}`, { token })).body.technician, {
        timeout: 60_000,
      })
      .toBe('Queued Before Aging');
    await context.close();
  });
});

describe('what the device keeps of the parts orders (issue 31)', () => {
  it('an older closed parts order is not on the device: found by search online, marked, opened; offline the list says the rest need a connection', async () => {
    const orders = (await app.api<PartsOrderSummary[]>('GET', '/api/parts', { token })).body;
    const old = orders.find((row) => row.isClosed && row.partsLogNumber && !isKeptRecord(row, today()));
    expect(old, 'the seed has closed parts orders older than the rule').toBeDefined();
    const number = old!.partsLogNumber!;
    const kept = orders.filter((row) => isKeptRecord(row, today())).length;
    const context = await app.browser.newContext({ baseURL: app.url });
    let page = await context.newPage();
    await signInByToken(app, page, 'service');
    const partsOrders = () => page.getByRole('table', { name: 'Parts orders' });

    await page.goto('/service/parts');
    await partsOrders().getByRole('link').first().waitFor();
    await waitForServiceWorker(page);
    await page.getByPlaceholder('Search Parts Orders...').fill(number);
    const found = partsOrders().getByRole('row').filter({ hasText: number });
    await found.getByText(NOT_ON_DEVICE).waitFor();
    await found.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { level: 1, name: `Parts Order ${number}` }).waitFor();

    await page.close();
    await context.setOffline(true);
    page = await context.newPage();
    await page.goto('/service/parts');
    await partsOrders().getByRole('link').first().waitFor();
    await page.getByText(`This device holds ${kept.toLocaleString('en-US')} parts orders`).waitFor();
    await page
      .getByText(/The rest need a connection\./)
      .first()
      .waitFor();
    await page.getByPlaceholder('Search Parts Orders...').fill(number);
    await page.getByText('No parts orders match your search and filters.').waitFor();
    await context.close();
  });
});

describe('what the device keeps of the warranty cards (issue 31)', () => {
  it('an older card is not on the device: found by search online, marked, opened; offline the list says the rest need a connection', async () => {
    const cards = (await app.api<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token })).body;
    const keeps = (card: WarrantyCard) => isKeptRecord(cardRuleSubject(card), today());
    const old = cards.find((card) => !keeps(card) && card.lastName);
    expect(old, 'the seed has cards older than the rule').toBeDefined();
    const serial = old!.serialNumber;
    const kept = cards.filter(keeps).length;
    const context = await app.browser.newContext({ baseURL: app.url });
    let page = await context.newPage();
    await signInByToken(app, page, 'service');
    const homeowners = () => page.getByRole('table', { name: 'Homeowners' });
    const searchBox = () => page.getByRole('searchbox', { name: 'Search homeowners' });

    await page.goto('/service/myhomeowners');
    await homeowners()
      .getByRole('link', { name: /^Warranty for / })
      .first()
      .waitFor();
    await waitForServiceWorker(page);
    await searchBox().fill(serial);
    const found = homeowners().getByRole('row').filter({ hasText: serial });
    await found.getByText(NOT_ON_DEVICE).waitFor();
    await found.getByRole('link', { name: `Warranty for ${serial}` }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Homeowner' });
    await expect.poll(() => panel.getByLabel('Last name').inputValue()).toBe(old!.lastName);

    await page.close();
    await context.setOffline(true);
    page = await context.newPage();
    await page.goto('/service/myhomeowners');
    await homeowners()
      .getByRole('link', { name: /^Warranty for / })
      .first()
      .waitFor();
    await page.getByText(`This device holds ${kept.toLocaleString('en-US')} homeowners`).waitFor();
    await page
      .getByText(/The rest need a connection\./)
      .first()
      .waitFor();
    await searchBox().fill(serial);
    await page.getByText('No homeowners match your search and filters.').waitFor();
    await context.close();
  });
});
