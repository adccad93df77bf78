import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, Quote } from '../../src/contract';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, waitForServiceWorker, waitOnServer, type E2eApp } from './harness';

/*
 * Issue 11 in Chromium against the real server, as the sales demo user: the quotes list (delete, unlock, compare, read
 * offline after a reload), an order's detail with pricing and its paper copy, leads claimed online and offline (sent
 * once), the claimed-leads print, inventory search, and no serious axe violation on each screen. The reports are in
 * reports.test.ts.
 */

let app: E2eApp;
let token: string;
beforeAll(async () => {
  app = await startE2eApp();
  token = await app.tokenFor('sales');
});
afterAll(async () => {
  await app?.close();
});

const quotesOnServer = async () => (await app.api<Quote[]>('GET', '/api/Quote', { token })).body;
const leadsOnServer = async () => (await app.api<Lead[]>('GET', '/api/Lead', { token })).body;

/** window.print counts its calls instead of opening the dialog (headless Chromium has none to close). */
const stubPrint = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });

const table = (page: Page, name: string) => page.getByRole('table', { name });
const rowOf = (page: Page, list: string, text: string) => table(page, list).getByRole('row').filter({ hasText: text });

async function quoteAction(page: Page, quoteNumber: string, action: string) {
  await page.getByLabel('Search quotes').fill(quoteNumber);
  await page.getByRole('button', { name: `Actions for BAQ-${quoteNumber}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('sales in Chromium', () => {
  it('deletes and unlocks quotes, compares two revisions, and reads the list offline after a reload', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signInByToken(app, page, 'sales');
    await page.goto('/home');
    await waitForServiceWorker(page);
    await page.goto('/sales/quotes');
    await expect.poll(() => page.title()).toContain('Quotes');
    await table(page, 'Quotes').getByRole('row').nth(1).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const quotes = await quotesOnServer();
    const recent = (quote: Quote) => Date.now() - Date.parse(quote.quoteDate) < 25 * 86_400_000;
    const mine = quotes.find((quote) => quote.isLocked && quote.lockedBy === 'sales@demo.homesite.test' && recent(quote))!;
    await quoteAction(page, mine.quoteNumber, 'Unlock');
    await page.getByText(`BAQ Quote BAQ-${mine.quoteNumber} is now unlocked.`).waitFor();
    expect((await quotesOnServer()).find((quote) => quote.quoteId === mine.quoteId)?.isLocked).toBe(false);

    const doomed = quotes.find((quote) => !quote.isLocked && quote.quoteStatusesID === 2 && recent(quote))!;
    await quoteAction(page, doomed.quoteNumber, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('BAQ Quote has been marked as inactive').waitFor();
    await expect.poll(async () => (await quotesOnServer()).some((quote) => quote.quoteId === doomed.quoteId)).toBe(false);
    await expect.poll(() => rowOf(page, 'Quotes', `BAQ-${doomed.quoteNumber}`).count()).toBe(0);

    const revised = quotes.find((quote) => quote.latestRevision >= 2 && recent(quote) && quote.quoteId !== doomed.quoteId)!;
    await quoteAction(page, revised.quoteNumber, 'Compare');
    const compare = page.getByRole('dialog', { name: `Compare BAQ-${revised.quoteNumber}` });
    await compare.getByText(/options differ between revision/).waitFor();
    expect(await compare.locator('tr[data-differs]').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await compare.getByRole('button', { name: 'Close' }).click();

    // Offline: the kept copy after a reload, with its age.
    await page.getByLabel('Search quotes').fill('');
    await context.setOffline(true);
    await page.reload();
    await table(page, 'Quotes').getByRole('row').nth(1).waitFor();
    await page.getByText(/Saved copy of the quotes, updated/).waitFor();
    expect(await rowOf(page, 'Quotes', `BAQ-${revised.quoteNumber}`).count()).toBe(1);
    await context.setOffline(false);
    await context.close();
  });

  it('opens an order’s detail with pricing and prints a clean paper copy', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'sales');
    await page.goto('/sales/orders');
    await table(page, 'Orders').getByRole('row').nth(1).click();
    await page.getByRole('heading', { name: 'Order Detail' }).waitFor();
    expect(await page.getByText('Invoice Total').count()).toBe(0);
    await page.getByLabel('Show Pricing').check();
    await page.getByText('Invoice Total').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await stubPrint(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByText('Invoice Total').isVisible()).toBe(true);
    await context.close();
  });

  it('claims a lead online and one offline, sent once when back online, and prints the claimed leads', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signInByToken(app, page, 'sales');
    await page.goto('/home');
    await waitForServiceWorker(page);
    await page.goto('/sales/leads');
    await table(page, 'Leads').getByRole('row').nth(1).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Print claimed leads' }).click();
    await page.getByRole('dialog').getByText('No leads selected for printing.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

    const unclaimed = (await leadsOnServer()).filter((lead) => lead.status === null);
    const online = unclaimed[0]!;
    const offline = unclaimed[1]!;
    const name = (lead: Lead) => `${lead.firstName} ${lead.lastName}`;
    await page
      .getByRole('button', { name: `Claim ${name(online)}` })
      .first()
      .click();
    await page.getByText(`${name(online)} has been claimed!`).waitFor();
    expect((await leadsOnServer()).find((lead) => lead.leadId === online.leadId)?.status).toBe('C');

    await context.setOffline(true);
    await page.reload();
    await table(page, 'Leads').getByRole('row').nth(1).waitFor();
    await page
      .getByRole('button', { name: `Claim ${name(offline)}` })
      .first()
      .click();
    await page.getByLabel('Show').selectOption('Claimed');
    await rowOf(page, 'Leads', name(offline)).getByText('Pending').first().waitFor();
    expect((await leadsOnServer()).find((lead) => lead.leadId === offline.leadId)?.status).toBeNull();
    await context.setOffline(false);
    const claimed = await waitOnServer(
      page,
      leadsOnServer,
      (leads) => leads.find((lead) => lead.leadId === offline.leadId)?.status === 'C',
    );
    const lead = claimed.find((row) => row.leadId === offline.leadId)!;
    expect(lead.claimedDate).not.toBe('');
    expect(lead.rowVersion).toBe(offline.rowVersion + 1);
    await expect.poll(() => rowOf(page, 'Leads', name(offline)).getByText('Pending').count()).toBe(0);

    await page
      .getByRole('checkbox', { name: `Select ${name(offline)} for printing` })
      .first()
      .check();
    await stubPrint(page);
    await page.getByRole('button', { name: 'Print claimed leads' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(
      await page
        .locator('.print-sheet')
        .getByRole('heading', { name: name(offline) })
        .isVisible(),
    ).toBe(true);
    expect(await table(page, 'Leads').isVisible()).toBe(false);
    await context.close();
  });

  it('searches the inventory', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'sales');
    await page.goto('/sales/inventory');
    await table(page, 'Inventory').getByRole('row').nth(1).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Search inventory').fill('S4217-0007');
    await page.getByText('Showing 1 of 1').waitFor();
    await context.close();
  });
});
