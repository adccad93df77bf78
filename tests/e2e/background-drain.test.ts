import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HomeSummary, ServiceRequest, ServiceRequestSummary } from '../../src/contract';
import { followWrites, outboxSize } from './device-writes';
import { fireOutboxSync } from './service-worker-events';
import { newContext, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

/*
 * Issue 23 "Done when — Background drain in Chromium": three changes queued offline, one with a photo; every page of
 * the app closed; back online; the sync event fired (through the DevTools protocol, as Chromium would fire it); the
 * server has each change once; the app reopened: the outbox is empty and the summary is shown.
 */

let app: E2eApp;
let serviceToken: string;
beforeAll(async () => {
  app = await startE2eApp();
  serviceToken = await app.tokenFor('service');
});
afterAll(async () => {
  await app?.close();
});

async function homeBySerial(serialNumber: string): Promise<HomeSummary> {
  const homes = await app.api<HomeSummary[]>('GET', '/api/Homes', { token: serviceToken });
  const home = homes.body.find((candidate) => candidate.serialNumber === serialNumber);
  if (!home) throw new Error(`no home ${serialNumber}`);
  return home;
}

async function requestsOfHome(assetId: number) {
  const result = await app.api<ServiceRequestSummary[]>('GET', `/api/service?assetId=${assetId}`, { token: serviceToken });
  expect(result.status).toBe(200);
  return result.body;
}

/** A small JPEG made by the browser's own encoder. */
async function photoJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#8a5a2b';
    context.fillRect(0, 0, 640, 480);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((value) => resolve(value!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describe('Background drain', () => {
  it('three changes queued offline, one with a photo, every page closed, back online, sync fired: each reaches the server once; reopened, the outbox is empty and the summary shown', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'service');
    // Online once: the list and the homes are kept on the device.
    await page.goto('/service');
    await page.getByRole('table', { name: 'Work orders' }).getByRole('link').first().waitFor();
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'New Service Request' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a Home' });
    await picker
      .getByRole('link', { name: /^Select home / })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('table', { name: 'Work orders' }).getByRole('link').first().waitFor();

    // 1: a work order for a home.
    await page.getByRole('button', { name: 'New Service Request' }).click();
    const link = picker.getByRole('link', { name: /^Select home / }).nth(2);
    await link.waitFor();
    const serial = ((await link.getAttribute('aria-label')) ?? (await link.innerText())).replace(/^Select home /, '').trim();
    await link.click();
    await page.getByRole('heading', { name: 'Add New Work Order', level: 1 }).waitFor();
    const home = await homeBySerial(serial);
    const before = await requestsOfHome(home.assetId);
    await page.getByRole('button', { name: 'Create Work Order' }).click();
    await page.waitForURL(/\/servicerequests\/tmp_/);

    // 2: an item under it.
    await page.getByRole('link', { name: 'Add Service Item' }).click();
    const itemPanel = page.getByRole('dialog', { name: 'Add Service Item' });
    await itemPanel.getByLabel('Problem description').fill('Back door sticks');
    await itemPanel.getByLabel('Determined cause').fill('Settling of the home');
    await itemPanel.getByLabel('Action taken').fill('Planed and tested');
    await itemPanel.getByLabel('Labor hours').fill('1');
    await itemPanel.getByLabel('Parts cost').fill('0');
    await itemPanel.getByRole('button', { name: 'Save' }).click();
    await itemPanel.waitFor({ state: 'detached' });

    // 3: a photo.
    await page.mouse.move(10, 10);
    await page.getByRole('link', { name: 'Add Attachment' }).click();
    const attachmentPanel = page.getByRole('dialog', { name: 'Add Attachment' });
    await attachmentPanel
      .getByLabel('Choose Files')
      .setInputFiles({ name: 'back-door.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(page) });
    await attachmentPanel.getByRole('list', { name: 'Files to attach' }).getByRole('listitem').first().waitFor();
    await attachmentPanel.getByLabel('Description').fill('Door frame');
    await attachmentPanel.getByRole('button', { name: 'Save' }).click();
    await attachmentPanel.waitFor({ state: 'detached' });
    expect(await outboxSize(page)).toBe(3);

    // Every page of the app closed, then the network back: nothing of the app is open to replay the outbox.
    const writes = followWrites(context);
    await page.close();
    await context.setOffline(false);
    expect(await requestsOfHome(home.assetId)).toHaveLength(before.length);

    const blank = await fireOutboxSync(context, new URL(app.url).origin);
    let arrived: ServiceRequestSummary[] = [];
    await expect
      .poll(
        async () => {
          arrived = (await requestsOfHome(home.assetId)).filter(
            (row) => !before.some((old) => old.serviceRequestId === row.serviceRequestId),
          );
          if (arrived.length === 0) return false;
          const stored = await app.api<ServiceRequest>('GET', `/api/service/${arrived[0]!.serviceRequestId}`, { token: serviceToken });
          return stored.body.serviceAttachments.length > 0;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(arrived).toHaveLength(1);
    const stored = await app.api<ServiceRequest>('GET', `/api/service/${arrived[0]!.serviceRequestId}`, { token: serviceToken });
    expect(stored.body.serviceItems.map((item) => item.problemDescription)).toEqual(['Back door sticks']);
    expect(stored.body.serviceAttachments).toHaveLength(1);
    expect(stored.body.serviceAttachments[0]).toMatchObject({ description: 'Door frame', contentType: 'image/jpeg' });
    await blank.close();

    // Reopened: the outbox is empty, nothing is sent again, and the user is told what went while the app was closed.
    const reopened = await context.newPage();
    reopened.on('pageerror', (error) => errors.push(error.message));
    await reopened.goto('/service');
    await reopened.getByText('3 changes were sent while the app was closed').waitFor();
    await writes.delivered(reopened);
    expect(await outboxSize(reopened)).toBe(0);
    expect(await requestsOfHome(home.assetId)).toHaveLength(before.length + 1);
    const again = await app.api<ServiceRequest>('GET', `/api/service/${arrived[0]!.serviceRequestId}`, { token: serviceToken });
    expect(again.body.serviceItems).toHaveLength(1);
    expect(again.body.serviceAttachments).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
