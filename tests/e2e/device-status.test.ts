import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_LIST_RULES } from '../../src/contract/kept-lists';
import type { Page } from 'playwright-core';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, waitForServiceWorker, waitOnServer, type E2eApp } from './harness';
import { readServiceRequest, stagedServiceRequest } from './service-requests';

/*
 * Issue 23 §4 in Chromium: Device status shows the work orders kept on the tablet with their rows and last sync; with
 * a change queued offline it refuses to remove the device's data; back online, Sync now sends the change; then Remove
 * asks, removes the kept rows from IndexedDB, and signs out.
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

const stagedRequest = () => stagedServiceRequest(app, token);
const readRequest = (id: number) => readServiceRequest(app, token, id);

/** Rows of the work orders' kept table, its syncState entries and whether its download is complete, read from the page's IndexedDB. */
const keptOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ workOrders: number; syncState: number; complete: boolean }>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['workOrders', 'syncState'], 'readonly');
          const workOrders = tx.objectStore('workOrders').count();
          const syncState = tx.objectStore('syncState').count();
          const state = tx.objectStore('syncState').get('workOrders');
          tx.oncomplete = () => {
            db.close();
            resolve({
              workOrders: workOrders.result,
              syncState: syncState.result,
              complete: (state.result as { complete?: boolean } | undefined)?.complete === true,
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

describe('device status (issue 23 §4)', () => {
  it('shows the kept list, refuses to remove while a change waits, Sync now sends it, then Remove asks and clears the device', async () => {
    const request = await stagedRequest();
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signInByToken(app, page, 'service');
    await page.goto('/home');
    await waitForServiceWorker(page);

    // The work orders list is kept once opened; the request is opened so that it can be edited offline.
    await page.goto('/service');
    await page.getByRole('table', { name: 'Work orders' }).getByRole('link').first().waitFor();
    // The first rows come from the server's search page, before the kept rows are written: the page is not left (a
    // load of the next page would stop the download) until they are.
    await expect.poll(async () => (await keptOnDevice(page)).complete).toBe(true);
    await page.goto(`/servicerequests/${request.serviceRequestId}`);
    await page.getByRole('link', { name: 'Edit Information' }).waitFor();

    // Device status is in the user menu: the kept list with its rule, its rows and a last sync time.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Device status' }).click();
    await page.waitForURL('**/device-status');
    const workOrders = page.getByRole('row', { name: /^Work orders/ });
    await workOrders.waitFor();
    const [rule, rows, lastSync] = await workOrders.getByRole('cell').allInnerTexts();
    expect(rule).toBe(KEPT_LIST_RULES.workOrders);
    expect(Number(rows!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(lastSync).toMatch(/just now|minutes? ago/);
    expect(await keptOnDevice(page)).toMatchObject({ workOrders: Number(rows!.replace(/,/g, '')) });
    // This browser's live-changes stream is open (offline/live-changes.ts liveChangesState).
    await page.getByText('Live changes: Connected', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Offline: a change is queued; Sync now says why it cannot run, and Remove refuses.
    await context.setOffline(true);
    await page.goto(`/servicerequests/${request.serviceRequestId}`);
    await page.getByRole('link', { name: 'Edit Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Information' });
    await panel.getByLabel('Technician').fill('Device Status Tech');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.goto('/device-status');
    await page.getByRole('link', { name: 'Pending changes (1)' }).waitFor();
    // The header's badge has a Sync now of its own (it sends the queue): this is the screen's, in its Sync section.
    const sync = page.getByRole('region', { name: 'Sync' });
    expect(await sync.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await page.getByText('You are offline. Sync now needs a connection.').waitFor();
    await page.getByText('Live changes: Off', { exact: false }).waitFor();
    await page.getByRole('button', { name: "Remove this device's data" }).click();
    await page.getByRole('alert').getByText('A change is still waiting to reach the server.', { exact: false }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await keptOnDevice(page)).workOrders).toBeGreaterThan(0);

    // Online: Sync now sends it (the browser's 'online' may have started the send already) and refreshes the list.
    await context.setOffline(false);
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await sync
      .getByRole('status')
      .getByText(/up to date/)
      .waitFor({ timeout: 30_000 });
    const sent = await waitOnServer(
      page,
      () => readRequest(request.serviceRequestId),
      (read) => read.technician === 'Device Status Tech',
    );
    expect(sent.technician).toBe('Device Status Tech');
    await page.getByRole('link', { name: 'Pending changes (0)' }).waitFor();

    // Remove asks first, then removes the kept rows and signs out.
    await page.getByRole('button', { name: "Remove this device's data" }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText("Remove this device's data?", { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/login');
    expect(await keptOnDevice(page)).toEqual({ workOrders: 0, syncState: 0, complete: false });
    await context.close();
  });
});
