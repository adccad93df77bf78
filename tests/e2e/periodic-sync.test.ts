import type { Page, Request, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/contract';
import { leadName } from './live-changes-helpers';
import { firePeriodicSync } from './service-worker-events';
import { newContext, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

/*
 * Issue 23 §2, "On an installed app, Periodic Background Sync refreshes the kept lists": the sales leads list kept on
 * the device; every page of the app closed; a lead claimed on the server through the API; the periodic sync fired
 * (through the DevTools protocol, as Chromium would fire it); the app reopened offline shows the lead claimed, from the
 * device's copy the service worker brought up to date.
 *
 * Registering cannot be made to work in headless Chromium: Chromium grants periodic-background-sync only to an
 * installed app, and a test profile can install none (CDP PWA.install: "Webapps are not available in current
 * profile"); neither Browser.setPermission nor Browser.grantPermissions changes the answer, and Emulation has no
 * `display-mode`. So the event is dispatched directly, as Chromium dispatches it to a registered tag, and the page is
 * checked to register nothing in a browser tab; the registration itself is unit-tested (periodic-refresh-registration).
 */

let app: E2eApp;
let salesToken: string;
beforeAll(async () => {
  // The headless shell has no Periodic Background Sync to ask (getTags fails with UnknownError there).
  app = await startE2eApp({ fullChromium: true });
  salesToken = await app.tokenFor('sales');
});
afterAll(async () => {
  await app?.close();
});

/** The tags of the app's periodic syncs, as the page registered them (undefined where the browser has no periodicSync). */
const periodicSyncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      periodicSync?: { getTags: () => Promise<string[]> };
    };
    return registration.periodicSync?.getTags();
  });

/**
 * The status of a lead in the device's kept list (IndexedDB 'homesite', table leads), read in the app's service worker
 * (no page of the app is open, and a blank page may not open the app's IndexedDB); undefined when it is not kept.
 */
const keptLeadStatus = (worker: Worker, leadId: number) =>
  worker.evaluate(
    (id) =>
      new Promise<string | null | undefined>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('leads').objectStore('leads').get(id);
          read.onsuccess = () => {
            resolve((read.result as { status: string | null } | undefined)?.status);
            open.result.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    leadId,
  );

describe('Periodic Background Sync', () => {
  it('fired with every page closed, it brings the kept leads up to date, and the app reopened offline shows the change (a browser tab registers nothing)', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    const origin = new URL(app.url).origin;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The device-sync chunk has started (it opens the live-changes stream, then would register the periodic sync).
    const streamOpen = page.waitForResponse((response) => response.url().includes('/api/sync/live') && response.status() === 200);
    await signInByToken(app, page, 'sales');
    await page.goto('/sales/leads');
    const unclaimed = (await app.api<Lead[]>('GET', '/api/Lead', { token: salesToken })).body.filter((lead) => lead.status === null);
    const [lead, other] = unclaimed;
    const claimButton = (on: Page, of: Lead) => on.getByRole('button', { name: `Claim ${leadName(of)}` }).first();
    await claimButton(page, lead!).waitFor();
    await waitForServiceWorker(page);
    await streamOpen;
    // Not installed: a tab of the browser registers no periodic sync (Chromium would refuse it anyway).
    expect(await periodicSyncTags(page)).toEqual([]);

    // Every page of the app closed; the lead claimed on the server meanwhile.
    await page.close();
    const claimed = await app.api('POST', '/api/Lead', { token: salesToken, body: { leadId: lead!.leadId, status: 'C' } });
    expect(claimed.status).toBe(200);

    const workerReads: Request[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() && /\/api\/Lead\?/i.test(request.url())) workerReads.push(request);
    });
    const readFinished = context.waitForEvent('requestfinished', {
      predicate: (request) => !!request.serviceWorker() && /\/api\/Lead\?/i.test(request.url()),
      timeout: 15_000,
    });
    const blank = await firePeriodicSync(context, origin);
    const read = await readFinished;
    expect(new URL(read.url()).searchParams.get('since')).not.toBe('0');
    // The merge is one IndexedDB transaction after the answer: wait until the device's copy has the lead claimed.
    const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(origin))!;
    await expect.poll(() => keptLeadStatus(worker, lead!.leadId)).toBe('C');
    await blank.close();

    // Reopened offline: the list is the device's copy, which the worker brought up to date.
    await context.setOffline(true);
    const reopened = await context.newPage();
    reopened.on('pageerror', (error) => errors.push(error.message));
    await reopened.goto('/sales/leads');
    await claimButton(reopened, other!).waitFor();
    expect(await claimButton(reopened, lead!).count()).toBe(0);
    expect(workerReads).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
