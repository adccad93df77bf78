import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidServiceOrderRow } from '../../src/contract';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

/*
 * The Reports container of issue 12 (spec 2 §2) in Chromium against the real server: the initial report by role, each
 * of the five reports opening with rows, the paid report on its default dates (the previous calendar month) and its
 * date messages, a CSV export, the offline reload showing the saved copy, and no serious axe violation.
 */

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

const table = (page: Page, name: string) => page.getByRole('table', { name });
const firstRow = (page: Page, name: string) => table(page, name).getByRole('row').nth(1);
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The previous calendar month of the device's day, as the screen writes it and as the server is asked. */
function previousMonth(today = new Date()) {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const us = (day: Date) => `${twoDigits(day.getMonth() + 1)}/${twoDigits(day.getDate())}/${day.getFullYear()}`;
  const iso = (day: Date) => `${day.getFullYear()}-${twoDigits(day.getMonth() + 1)}-${twoDigits(day.getDate())}`;
  return { start: us(first), end: us(last), startDate: iso(first), endDate: iso(last) };
}

async function csvOf(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[])
    .toString('utf8')
    .split('\r\n')
    .filter(Boolean);
}

describe('reports in Chromium', () => {
  it('opens each of the five reports with rows, the paid report on the previous month, exports one as CSV and reads it offline after a reload', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signInByToken(app, page, 'sales');
    await page.goto('/home');
    await waitForServiceWorker(page);
    await page.goto('/reports');

    // spec 2 §2: a user who is not a service viewer starts on the delivery reports, and a sales user may add one.
    await page.getByRole('heading', { name: 'Delivery Reports' }).waitFor();
    await page.getByRole('link', { name: 'New Delivery Report' }).waitFor();
    expect(await page.getByRole('link', { name: 'New Delivery Report' }).getAttribute('href')).toBe('/surveys/deliveryreports');
    await firstRow(page, 'Delivery Reports').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The paid report on its default dates: the previous calendar month, the rows the server has for it.
    const range = previousMonth();
    const token = await app.tokenFor('sales');
    const paid = await app.api<PaidServiceOrderRow[]>(
      'GET',
      `/api/Reports/PaidServiceOrderReport?startDate=${range.startDate}&endDate=${range.endDate}`,
      { token },
    );
    expect(paid.body.length).toBeGreaterThan(0);
    await page.getByLabel('Report', { exact: true }).selectOption('paidServiceOrders');
    expect(await page.getByLabel(/^Start Date/).inputValue()).toBe(range.start);
    expect(await page.getByLabel(/^End Date/).inputValue()).toBe(range.end);
    await page.getByRole('heading', { name: `Paid Service Orders, ${range.start} to ${range.end}` }).waitFor();
    await firstRow(page, 'Paid Service Orders').waitFor();
    await page.getByText(new RegExp(`^${paid.body.length} billings?, \\$`)).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const lines = await csvOf(page);
    expect(lines[0]).toBe(
      'Work Order,Serial Number,Homeowner,Facility,Type,Status,Billing Code,Amount,Invoice Date,Paid Date,Check Number',
    );
    expect(lines).toHaveLength(paid.body.length + 1);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(paid.body.map((row) => row.workOrderNumber).sort());

    // Printed: the report and its title, without the choice, the dates' inputs and the tools.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('heading', { name: `Paid Service Orders, ${range.start} to ${range.end}` }).isVisible()).toBe(true);
    expect(await firstRow(page, 'Paid Service Orders').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(false);
    expect(await page.getByLabel(/^Start Date/).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // spec 2 §5: the dates are checked as typed, and the report re-runs when they change.
    await page.getByLabel(/^Start Date/).fill('');
    await page.getByLabel(/^Start Date/).blur();
    await page.getByText('Start date is required.').waitFor();
    await page.getByText('Enter a start date and an end date (MM/DD/YYYY) to run the report.').waitFor();
    await page.getByLabel(/^Start Date/).fill('12312099');
    await page.getByLabel(/^Start Date/).blur();
    await page.getByText('Start date must be on or before the end date.').waitFor();
    const wider = previousMonth(new Date(new Date().getFullYear(), new Date().getMonth() - 11, 15));
    await page.getByLabel(/^Start Date/).fill(wider.start.replace(/\//g, ''));
    const year = await app.api<PaidServiceOrderRow[]>(
      'GET',
      `/api/Reports/PaidServiceOrderReport?startDate=${wider.startDate}&endDate=${range.endDate}`,
      { token },
    );
    expect(year.body.length).toBeGreaterThan(paid.body.length);
    await page.getByText(new RegExp(`^${year.body.length} billings, \\$`)).waitFor();
    expect(await page.getByText('Start date must be on or before the end date.').count()).toBe(0);
    await page.getByLabel(/^Start Date/).fill(range.start.replace(/\//g, ''));
    await page.getByText(new RegExp(`^${paid.body.length} billings?, \\$`)).waitFor();

    await page.getByLabel('Report', { exact: true }).selectOption('receivableServiceOrders');
    await firstRow(page, 'Receivable Service Orders').waitFor();
    await page.getByRole('columnheader', { name: 'Days Outstanding' }).waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('openServiceRequests');
    await firstRow(page, 'Open Service Requests').waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('openPartsOrders');
    await firstRow(page, 'Open Parts Orders').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Offline: each report last loaded is read from the device, with its age; the paid one for its dates.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Delivery Reports' }).waitFor();
    await firstRow(page, 'Delivery Reports').waitFor();
    await page.getByText(/Saved copy, updated/).waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('paidServiceOrders');
    await firstRow(page, 'Paid Service Orders').waitFor();
    await page.getByText(/Saved copy, updated/).waitFor();
    expect(await table(page, 'Paid Service Orders').getByRole('row').count()).toBeGreaterThan(1);
    await page.getByLabel('Report', { exact: true }).selectOption('receivableServiceOrders');
    await firstRow(page, 'Receivable Service Orders').waitFor();
    await page.getByText(/Saved copy, updated/).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('starts a service viewer on the open service requests, and a delivery report row opens its read-only view', async () => {
    const { context, page } = await newContext(app, { viewport: { width: 820, height: 1180 } });
    await signInByToken(app, page, 'service');
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Open Service Requests' }).waitFor();
    await firstRow(page, 'Open Service Requests').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Report', { exact: true }).selectOption('paidServiceOrders');
    await firstRow(page, 'Paid Service Orders').waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('deliveryReports');
    const row = firstRow(page, 'Delivery Reports');
    await row.waitFor();
    const link = row.getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/reports\/deliveryreports\/\d+$/);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await context.close();
  });
});
