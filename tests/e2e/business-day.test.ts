import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_MESSAGES, type ServiceRequest } from '../../src/contract';
import { apiClient, builtDistDir, launchChromium, signIn } from './harness';
import { removeDataDir, seededDataDir } from './seeded-data-dir';
import { createServerProcess, type ServerProcess } from './server-process';

/*
 * The business day (issue 30) with the real server process under a faked clock (libfaketime) and the browser's
 * clock and zone emulated: 01:30 UTC on 7 December 2026 is 19:30 on the 6th in Chicago and 20:30 in Knoxville, where
 * the demo's retail center 4217 is. A work order made then is dated the 6th, and the form takes the 6th as "today"
 * and refuses the 7th, as the server does — also in a browser whose own day is already the 7th (Tokyo).
 */

const FAKE_NOW = '2026-12-07T01:30:00Z';

let dataDir: string;
let server: ServerProcess;
let browser: Browser;
let serviceToken: string;
const { api, tokenFor } = apiClient(() => server.url);

beforeAll(async () => {
  const distDir = builtDistDir();
  dataDir = seededDataDir('homesite-business-day-').path;
  // libfaketime's clock starts at FAKE_NOW and runs on from there (TZ=UTC: the server's own zone must not matter). The
  // library is preloaded into the server itself, as the faketime command does ($LIB is the loader's, per architecture):
  // that command forks the server and does not pass signals on, so stopping it left the server running.
  server = await createServerProcess({
    dataDir,
    distDir,
    env: {
      TZ: 'UTC',
      LD_PRELOAD: '/usr/$LIB/faketime/libfaketime.so.1',
      FAKETIME: `@${FAKE_NOW.replace('T', ' ').replace('Z', '')}`,
    },
  });
  const launching = launchChromium();
  await server.start();
  // The server's own clock is the faked one (its Date header), so that the test means the same at any hour.
  const serverNow = Date.parse((await fetch(`${server.url}/api/does-not-exist`)).headers.get('date') ?? '');
  expect(serverNow - Date.parse(FAKE_NOW)).toBeGreaterThanOrEqual(-1_000);
  expect(serverNow - Date.parse(FAKE_NOW)).toBeLessThan(10 * 60_000);
  browser = await launching;
  serviceToken = await tokenFor('service');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  removeDataDir(dataDir);
});

async function browserAt(timezoneId: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, timezoneId });
  await context.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  await context.clock.setFixedTime(new Date(FAKE_NOW));
  return { context, page: await context.newPage() };
}

/** Creates a work order from the first home of the picker; answers its id. */
async function createWorkOrder(page: Page) {
  await page.goto('/service');
  await page.getByRole('button', { name: 'New Service Request' }).click();
  await page
    .getByRole('dialog', { name: 'Select a Home' })
    .getByRole('link', { name: /^Select home / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await page.waitForURL(/\/servicerequests\/\d+/);
  return Number(/\/servicerequests\/(\d+)/.exec(page.url())![1]);
}

const onServer = async (requestId: number) => (await api<ServiceRequest>('GET', `/api/service/${requestId}`, { token: serviceToken })).body;

async function typePerformedDate(page: Page, day: string) {
  await page.getByRole('link', { name: 'Edit Information' }).click();
  const panel = page.getByRole('dialog', { name: 'Information' });
  await panel.getByLabel('Request type').selectOption({ label: 'Authorization' });
  await panel.getByLabel('Performed date').fill(day);
  await panel.getByRole('button', { name: 'Save' }).click();
  return panel;
}

describe('the business day at 19:30 Central on 6 December (the server at 01:30 UTC on the 7th)', () => {
  it.each(['America/Chicago', 'Asia/Tokyo'])(
    'a browser in %s: the work order is dated the 6th; the 7th is refused, the 6th saved',
    async (zone) => {
      const { context, page } = await browserAt(zone);
      try {
        await signIn(page, 'service', { terms: 'if-asked' });
        const requestId = await createWorkOrder(page);
        expect((await onServer(requestId)).requestDate).toBe('2026-12-06');

        const panel = await typePerformedDate(page, '12/07/2026');
        await expect.poll(() => panel.getByText(WORK_ORDER_MESSAGES.performedDateInFuture).count()).toBe(1);
        expect((await onServer(requestId)).performedDate).not.toBe('2026-12-07');

        await panel.getByLabel('Performed date').fill('12/06/2026');
        await panel.getByRole('button', { name: 'Save' }).click();
        await panel.waitFor({ state: 'detached' });
        await expect.poll(async () => (await onServer(requestId)).performedDate).toBe('2026-12-06');
      } finally {
        await context.close();
      }
    },
  );
});
