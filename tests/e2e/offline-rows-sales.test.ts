import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_CONNECTION, notOnDeviceMessage } from '../../src/ui/not-on-device';
import { newContext, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';
import { keptWhole } from './kept-whole';

/*
 * Issue 19 in Chromium for the sales lists, as the sales demo user, in one browser context: each kept list (quotes,
 * orders, leads, inventory) is opened online until its copy is whole, the first order's and the first quote's detail
 * are opened (so they are kept), then the device goes offline and reloads, and each list's first rows are opened:
 * a kept detail opens from its copy with its age; a row whose detail is not kept says "Needs a connection" before the
 * tap and the detail then says plainly that it is not on this device (no error, no Try again). Leads and inventory
 * rows open no detail: they carry no mark and a tap leaves the list as it is.
 */

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

const LISTS = [
  { path: '/sales/quotes', table: 'Quotes', store: 'quotes' },
  { path: '/sales/orders', table: 'Orders', store: 'salesOrders' },
  { path: '/sales/leads', table: 'Leads', store: 'leads' },
  { path: '/sales/inventory', table: 'Inventory', store: 'inventory' },
] as const;
type List = (typeof LISTS)[number];

/** Row `n` of a list (1 is the first row under the header). */
const row = (page: Page, list: List, n: number) => page.getByRole('table', { name: list.table }).getByRole('row').nth(n);
/** A row's key cell (quote, order or stock number, lead name): a tap there lands on no button or checkbox of the row. */
const keyCell = (target: Locator, list: List) => target.locator('.data-list__cell').nth(list.table === 'Inventory' ? 0 : 1);
/**
 * A row's number without its badges: opening a quote's detail locks it for the user, and live changes bring the
 * kept list that "Locked" badge before the device goes offline.
 */
const keyOf = async (target: Locator, list: List) => (await keyCell(target, list).innerText()).split('\n')[0] ?? '';
// Exactly the mark: a disabled action of the row says '(Needs a connection)' too (ui/disabled-reason.tsx).
const markOf = (target: Locator | Page) => target.getByText(NEEDS_CONNECTION, { exact: true });

async function openList(page: Page, list: List) {
  await page.goto(list.path);
  await row(page, list, 3).waitFor();
}

describe('sales lists offline, row by row (issue 19)', () => {
  it('opens the first rows of quotes, orders, leads and inventory offline: kept details with their age, the others marked and said plainly', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signInByToken(app, page, 'sales');
    await page.goto('/home');
    await waitForServiceWorker(page);
    const [quotes, orders, leads, inventory] = LISTS;

    // Online: every list kept whole; the first quote's and the first order's detail opened, so kept.
    const firstRows = new Map<string, string[]>();
    for (const list of LISTS) {
      await openList(page, list);
      await expect.poll(() => keptWhole(page, list.store), { timeout: 30_000 }).toBe(true);
      firstRows.set(list.table, await Promise.all([1, 2, 3].map((n) => keyOf(row(page, list, n), list))));
      expect(await markOf(page).count()).toBe(0);
    }
    await openList(page, quotes);
    await row(page, quotes, 1).click();
    await page.getByRole('heading', { name: 'Quote Detail' }).waitFor();
    await page.locator('.sales-detail__category').first().waitFor();
    await openList(page, orders);
    await row(page, orders, 1).click();
    await page.getByRole('heading', { name: 'Order Detail' }).waitFor();
    await page.locator('.sales-detail__category').first().waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Order Detail' }).waitFor();

    for (const [list, title] of [
      [quotes, 'Quote Detail'],
      [orders, 'Order Detail'],
    ] as const) {
      await openList(page, list);
      await page.getByText(`Saved copy of the ${list.table.toLowerCase()}, updated`).waitFor();
      // The same first rows as online, read from the device.
      expect(await Promise.all([1, 2, 3].map((n) => keyOf(row(page, list, n), list)))).toEqual(firstRows.get(list.table));
      // Rows 2 and 3 say so before the tap; row 1, opened online, does not.
      await markOf(row(page, list, 2)).waitFor();
      await markOf(row(page, list, 3)).waitFor();
      expect(await markOf(row(page, list, 1)).count()).toBe(0);

      await row(page, list, 1).click();
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(/^Saved copy, updated .* It refreshes when the connection is back\.$/).waitFor();
      await page.locator('.sales-detail__category').first().waitFor();

      for (const n of [2, 3]) {
        await page.goBack();
        await row(page, list, n).waitFor();
        await row(page, list, n).click();
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByText(notOnDeviceMessage(title.toLowerCase())).waitFor();
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      }
    }

    // The quote actions that need the server say so, offline, instead of failing.
    await openList(page, quotes);
    await row(page, quotes, 2)
      .getByRole('button', { name: /^Actions for / })
      .click();
    const duplicate = page.getByRole('menuitem', { name: /^Duplicate/ });
    expect(await duplicate.textContent()).toBe(`Duplicate (${NEEDS_CONNECTION})`);
    expect(await duplicate.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // Leads and inventory: kept whole, no detail behind a row, so no mark; a tap leaves the list as it is.
    for (const list of [leads, inventory]) {
      await openList(page, list);
      await page.getByText(`Saved copy of the ${list.table.toLowerCase()}, updated`).waitFor();
      expect(await Promise.all([1, 2, 3].map((n) => keyOf(row(page, list, n), list)))).toEqual(firstRows.get(list.table));
      for (const n of [1, 2, 3]) {
        await keyCell(row(page, list, n), list).click();
        expect(new URL(page.url()).pathname).toBe(list.path);
      }
      expect(await markOf(page).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    }
    await context.close();
  });
});
