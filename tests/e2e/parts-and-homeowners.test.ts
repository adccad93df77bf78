import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PartsOrder, PartsOrderSummary, ServiceRequestSummary, WarrantyCard } from '../../src/contract';
import { followWrites } from './device-writes';
import { keptWhole } from './kept-whole';
import { newContext, signInByToken, startE2eApp, waitForServiceWorker, waitOnServer, type E2eApp } from './harness';

/*
 * Issue 5 in Chromium against the real server, with the network off from the first write to the reload:
 * a warranty card edited and a SHIPPED parts order received with one incorrect part arrive once each; a
 * stock order made from the approved catalog arrives with serial 999999 and billing code Retailer Inventory.
 */

let app: E2eApp;
let token: string;
beforeAll(async () => {
  app = await startE2eApp();
  token = await app.tokenFor('service');
});
afterAll(async () => {
  await app?.close();
});

async function get<T>(path: string) {
  const result = await app.api<T>('GET', path, { token });
  expect(result.status).toBe(200);
  return result.body;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const usDate = (date: Date) => `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;
const isoDate = (date: Date) => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** Opens /service/parts online and waits until the open orders and the plants' catalogs are on the device. */
async function primeParts(page: Page) {
  await page.goto('/service/parts');
  await page.getByRole('button', { name: 'New Stock Order' }).waitFor();
  await page.locator('.po-list__table').getByRole('link').first().waitFor();
  // The open orders are made available offline once the list is kept whole (its first rows may be the server's).
  await expect.poll(() => keptWhole(page, 'partsOrders'), { timeout: 30_000 }).toBe(true);
  await page
    .getByText(/^Making .* available offline/)
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .getByText(/^Making .* available offline/)
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
}

/** Waits until the service history of a home (its requests, parts and warranty card) is kept in IndexedDB. */
async function waitForKeptHistory(page: Page, assetId: number) {
  const kept = () =>
    page.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const store = db.transaction('entities').objectStore('entities');
      const found = await Promise.all(
        ['service-history:requests', 'service-history:parts', 'service-history:warranty'].map(
          (kind) =>
            new Promise<boolean>((resolve) => {
              const read = store.get([kind, String(id)]);
              read.onsuccess = () => resolve(read.result !== undefined);
              read.onerror = () => resolve(false);
            }),
        ),
      );
      db.close();
      return found.every(Boolean);
    }, assetId);
  // page.evaluate awaits the page's promise (waitForFunction would take the promise itself as truthy).
  await expect.poll(kept, { timeout: 30_000, interval: 500 }).toBe(true);
  expect(await kept()).toBe(true);
}

describe('Parts orders and warranty cards offline', () => {
  it('edits a warranty card and receives a shipped order with one incorrect part offline; each arrives once', async () => {
    // A home with an open work order: opening /service online keeps its service history on the device.
    const openHomes = new Set(
      (await get<ServiceRequestSummary[]>('/api/service')).filter((row) => !row.isClosed).map((row) => row.assetId),
    );
    const cards = await get<WarrantyCard[]>('/api/Warranty/Homeowners');
    const card = cards.find(
      (candidate) => candidate.statusCode === 'A' && candidate.emailAddress !== '' && openHomes.has(candidate.vantageAssetId),
    )!;
    expect(card).toBeDefined();
    const orders = await get<PartsOrderSummary[]>('/api/parts');
    const shipped = orders.find(
      (order) => order.orderStatus.trim().toUpperCase() === 'SHIPPED' && !order.isClosed && order.itemCount >= 2,
    )!;
    expect(shipped).toBeDefined();
    const orderBefore = await get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`);
    const [wrongPart, rightPart] = orderBefore.partsItems;
    const partName = (item: typeof wrongPart) => [item!.partNumber.trim(), item!.partDescription.trim()].filter(Boolean).join(' ');

    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'service');
    // Online once: the homeowner list and the open parts orders are kept on the device.
    await page.goto('/service/myhomeowners');
    await page
      .getByRole('link', { name: /^Warranty for / })
      .first()
      .waitFor();
    await expect.poll(() => keptWhole(page, 'homeowners'), { timeout: 30_000 }).toBe(true);
    await primeParts(page);
    await page.goto('/service');
    await waitForKeptHistory(page, card.vantageAssetId);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.goto('/service/myhomeowners');
    await page.getByRole('searchbox', { name: 'Search homeowners' }).fill(card.serialNumber);
    await page.getByRole('link', { name: `Warranty for ${card.serialNumber}` }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Homeowner' });
    const email = panel.getByLabel('Email');
    await email.waitFor();
    await email.fill('new.owner@example.com');
    const soldDate = usDate(new Date());
    await panel.getByLabel('Sold date').fill(soldDate);
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await page
      .getByText(/^Pending:/)
      .first()
      .waitFor();

    // The home's service history, kept while /service was open, reads with no network from the row's menu.
    await page.getByRole('button', { name: `More actions for ${card.serialNumber}` }).click();
    await page.getByRole('menuitem', { name: 'Service History' }).click();
    await page.waitForURL(`**/serviceHistory/${card.vantageAssetId}`);
    await page.getByText(card.serialNumber).first().waitFor();
    await page
      .getByText(/^Saved copy, updated/)
      .first()
      .waitFor();
    expect(await page.getByText("You are offline and this home's service history is not on this device.", { exact: false }).count()).toBe(
      0,
    );

    await page.goto(`/partsorders/vantage/${shipped.vantagePartsRequestId}`);
    await page.getByRole('button', { name: `Mark ${partName(wrongPart)} incorrect` }).click();
    const modal = page.getByRole('dialog', { name: 'Incorrect Part' });
    await modal.getByLabel('What is wrong with the part?').fill('Wrong color, ordered hickory');
    await modal.getByRole('button', { name: 'Mark Incorrect' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: `Select ${partName(rightPart)}` }).check();
    await page.getByRole('button', { name: 'Mark Received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText('Are you sure you want to mark parts as received?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.waitFor({ state: 'detached' });

    // A reload with no network: the marks are still there, waiting in the outbox.
    await page.reload();
    await page.getByText('Wrong color, ordered hickory').waitFor();
    expect((await get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`)).rowVersion).toBe(orderBefore.rowVersion);
    const cardQuery = `/api/Warranty?plantNumber=${card.plantNumber}&serialNumber=${encodeURIComponent(card.serialNumber)}`;
    expect((await get<WarrantyCard>(cardQuery)).emailAddress).toBe(card.emailAddress);

    const writes = followWrites(context);
    await context.setOffline(false);
    const order = await waitOnServer(
      page,
      () => get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`),
      (value) => value.rowVersion >= orderBefore.rowVersion + 2,
    );
    const stored = await waitOnServer(
      page,
      () => get<WarrantyCard>(cardQuery),
      (value) => value.rowVersion > card.rowVersion,
    );
    // A doubled replay would be among the writes sent: count once all are answered and nothing is left to send.
    await writes.delivered(page);

    expect(stored.emailAddress).toBe('new.owner@example.com');
    expect(stored.soldDate).toBe(isoDate(new Date()));
    expect((await get<WarrantyCard>(cardQuery)).rowVersion).toBe(card.rowVersion + 1);
    expect(
      (await get<WarrantyCard[]>('/api/Warranty/Homeowners')).filter((other) => other.serialNumber === card.serialNumber),
    ).toHaveLength(1);

    const marks = (await get<PartsOrder>(`/api/Parts/vantage/${shipped.vantagePartsRequestId}`)).partsItems;
    expect(order.rowVersion).toBe(orderBefore.rowVersion + 2);
    expect(marks.find((item) => item.partsOrderItemId === wrongPart!.partsOrderItemId)).toMatchObject({
      isCorrect: false,
      incorrectPartMessage: 'Wrong color, ordered hickory',
    });
    expect(marks.find((item) => item.partsOrderItemId === rightPart!.partsOrderItemId)).toMatchObject({
      isCorrect: true,
      incorrectPartMessage: '',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a stock order offline from the approved catalog; it arrives with serial 999999 and billing code Retailer Inventory', async () => {
    const before = await get<PartsOrderSummary[]>('/api/parts');
    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'service');
    await primeParts(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'New Stock Order' }).click();
    const modal = page.getByRole('dialog', { name: 'New Stock Order' });
    const facility = modal.getByLabel('Facility');
    await facility.locator('option').nth(1).waitFor({ state: 'attached' });
    await facility.selectOption({ index: 1 });
    await modal.getByRole('button', { name: 'Create Order' }).click();
    await page.waitForURL(/\/partsorders\/tmp_/);

    await page.getByRole('link', { name: 'Add Parts Item' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Parts Item' });
    await panel.getByRole('button', { name: 'Choose Part from Catalog' }).click();
    await panel.getByRole('list', { name: 'Categories' }).getByRole('button').first().click();
    await panel
      .getByRole('list', { name: /^Commodities of / })
      .getByRole('button')
      .first()
      .click();
    const part = panel.locator('.catalog-picker__parts').getByRole('button').first();
    await part.waitFor();
    await part.click();
    expect(await panel.getByLabel(/^Billing code/).inputValue()).toBe('Retailer Inventory');
    const partNumber = (await panel.getByRole('group', { name: /^Chosen part / }).getAttribute('aria-label'))!.replace(/^Chosen part /, '');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await page
      .getByText(/^Pending:/)
      .first()
      .waitFor();

    await page.reload();
    await page.getByRole('link', { name: new RegExp(`^Edit ${partNumber}`) }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/service\/parts$/);
    expect(await get<PartsOrderSummary[]>('/api/parts')).toHaveLength(before.length);

    const writes = followWrites(context);
    await context.setOffline(false);
    const after = await waitOnServer(
      page,
      () => get<PartsOrderSummary[]>('/api/parts'),
      (rows) => rows.some((row) => !before.some((old) => old.partsOrderId === row.partsOrderId) && row.vantagePartsRequestId !== null),
    );
    await writes.delivered(page);
    const created = (await get<PartsOrderSummary[]>('/api/parts')).filter(
      (row) => !before.some((old) => old.partsOrderId === row.partsOrderId),
    );
    expect(created).toHaveLength(1);
    expect(after.length).toBe(before.length + 1);
    const order = await get<PartsOrder>(`/api/Parts/vantage/${created[0]!.vantagePartsRequestId}`);
    expect(order.serialNumber).toBe('999999');
    expect(order.longSerialNumber.trim()).toBe('');
    expect(order.partsItems).toHaveLength(1);
    expect(order.partsItems[0]).toMatchObject({ partNumber, billingCode: 'Retailer Inventory', quantity: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
