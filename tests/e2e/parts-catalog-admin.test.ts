/**
 * Issue 13 (spec 3 §2, §4, §5, §7) in Chromium against the real server: a plant user adds a part with an image in the
 * Parts Catalog Admin, the change manager approves it in Change Management, a retailer whose approved catalog of the
 * plant is kept on the device finds it after the next sync with the network off, and the approval is reverted (the
 * retailer's copy loses it again). axe finds no serious violation on the screens and panels.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_ADMIN_TEXT,
  REVERT_BLOCKING_MESSAGES,
  catalogParts,
  type CatalogPart,
  type ChangeHistoryItem,
  type PartsCatalog,
} from '../../src/contract';
import { newContext, seriousAxeViolations, signInByToken, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';
import { keptWhole } from './kept-whole';

let app: E2eApp;
let plantToken: string;

beforeAll(async () => {
  app = await startE2eApp();
  plantToken = await app.tokenFor('plant');
}, 120_000);
afterAll(() => app?.close());

/** A 1×1 GIF: an image by its content, as the file input and the server check it. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const FRIENDLY = 'E2E kitchen faucet, contractor pack';

/** The ids of the parts a device keeps of a plant's approved catalog (IndexedDB, table catalogParts). */
const keptCatalogIds = (page: Page, plantNumber: string) =>
  page.evaluate(
    (plant) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('catalogParts').objectStore('catalogParts').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () =>
            resolve(
              (read.result as { partsCatalogId: number; plantNumber: string }[])
                .filter((row) => row.plantNumber === plant)
                .map((row) => row.partsCatalogId),
            );
        };
      }),
    plantNumber,
  );

/** Opens /service/parts online and waits until the open orders and the plants' catalogs are brought up to date on the device. */
async function syncRetailerCatalogs(page: Page) {
  await page.goto('/service/parts');
  await page.getByRole('button', { name: 'New Stock Order' }).waitFor();
  // What the open orders need is made available offline once the list is kept whole (its first rows may be the server's).
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

async function waitForKept(page: Page, partsCatalogId: number, kept: boolean) {
  await expect
    .poll(async () => (await keptCatalogIds(page, '910')).includes(partsCatalogId), {
      message: `part ${partsCatalogId} ${kept ? 'never arrived on' : 'never left'} the device`,
      timeout: 30_000,
      interval: 500,
    })
    .toBe(kept);
}

/** Waits until the device keeps a catalog image (IndexedDB documentCopies, kind 'catalog-image'). */
async function waitForKeptImage(page: Page, fileName: string) {
  const kept = () =>
    page.evaluate(
      (name) =>
        new Promise<boolean>((resolve, reject) => {
          const open = indexedDB.open('homesite');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('documentCopies').objectStore('documentCopies').get(['catalog-image', name]);
            read.onsuccess = () => resolve(read.result !== undefined);
            read.onerror = () => reject(read.error);
          };
        }),
      fileName,
    );
  await expect.poll(kept, { timeout: 30_000, interval: 500 }).toBe(true);
  expect(await kept()).toBe(true);
}

describe('parts catalog admin and change management (issue 13)', () => {
  it('a plant user adds a part with an image, the change manager approves it, a retailer finds it offline; the approval is reverted', async () => {
    // The retailer keeps plant 910's approved catalog (4217 is served by 910) before the part exists.
    const retailer = await newContext(app, { serviceWorker: true });
    await signInByToken(app, retailer.page, 'service');
    await syncRetailerCatalogs(retailer.page);
    await waitForServiceWorker(retailer.page);
    const keptBefore = await keptCatalogIds(retailer.page, '910');
    expect(keptBefore.length).toBeGreaterThan(100);

    const { context, page } = await newContext(app, { serviceWorker: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByToken(app, page, 'plant');
    await page.goto('/home');

    // spec 1 §2 header: both links for a plant user who is a change manager.
    await page.getByRole('button', { name: /Pat/ }).first().click();
    await page.getByRole('menuitem', { name: 'Parts Catalog Admin' }).click();
    await page.waitForURL('**/admin/partsCatalog');
    await page.getByRole('heading', { name: CATALOG_ADMIN_TEXT.adminTitle }).waitFor();
    const plant = page.getByLabel('Plant', { exact: true });
    expect(await plant.inputValue()).toBe('910');
    await page.getByPlaceholder(CATALOG_ADMIN_TEXT.searchCommodities).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The tree: a category opens its commodities; a commodity shows its parts, 10 at first.
    await page.getByRole('button', { name: /^▸?\s*Kitchen/ }).click();
    await page
      .getByRole('navigation', { name: 'Categories and commodities' })
      .getByRole('button', { name: /^Faucets/ })
      .click();
    await page.getByPlaceholder(CATALOG_ADMIN_TEXT.searchCommodity('Faucets')).waitFor();
    const partsList = page.getByRole('list', { name: 'Parts of Faucets' });
    const total = Number((await page.getByText(/^Showing 10 of \d+$/).innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(10);
    expect(await partsList.getByRole('button').count()).toBe(10);
    // A real click scrolls the button into view, which brings the list's end into view and grows it by itself (and
    // with 20 or fewer parts removes the button under the pointer): press the button without scrolling.
    await page.getByRole('button', { name: 'Show more' }).dispatchEvent('click');
    await expect.poll(() => partsList.getByRole('button').count()).toBe(Math.min(20, total));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Add Part: Category → Commodity → Part, with Back, then the details.
    await page.getByRole('button', { name: 'Add Part' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Part' });
    await modal.getByText(CATALOG_ADMIN_TEXT.selectCategory).waitFor();
    await modal.getByRole('button', { name: 'Kitchen', exact: true }).click();
    await modal.getByText(CATALOG_ADMIN_TEXT.selectCommodity).waitFor();
    await modal.getByRole('button', { name: 'Back' }).click();
    await modal.getByText(CATALOG_ADMIN_TEXT.selectCategory).waitFor();
    await modal.getByRole('button', { name: 'Kitchen', exact: true }).click();
    await modal.getByRole('button', { name: 'Faucets', exact: true }).click();
    await modal.getByText(CATALOG_ADMIN_TEXT.selectPart).waitFor();
    const choice = modal
      .getByRole('list', { name: /not in the catalog$/ })
      .getByRole('button')
      .first();
    const combinedPartNumber = (await choice.innerText()).split(' ')[0]!;
    await choice.click();
    const submit = modal.getByRole('button', { name: 'Submit' });
    // spec 3 §5: no friendly description, no submission.
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByLabel(/^Friendly description/).fill(FRIENDLY);
    await modal.getByLabel('Image').setInputFiles({ name: 'faucet.gif', mimeType: 'image/gif', buffer: GIF });
    await modal.getByRole('img', { name: 'Chosen image faucet.gif' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await submit.click();
    await page.getByText(CATALOG_ADMIN_TEXT.submitted(combinedPartNumber)).waitFor();
    await modal.waitFor({ state: 'detached' });

    const pending = await app.api<CatalogPart[]>('GET', '/api/PartsCatalog/GetPendingParts', { token: plantToken });
    const added = pending.body.find((part) => part.combinedPartNumber === combinedPartNumber && part.plantNumber === '910')!;
    expect(added).toMatchObject({ friendlyDescription: FRIENDLY, approved: false, active: true });
    expect(added.imageFilename).toMatch(/^plant-910-.+\.(jpg|gif)$/);

    // Change Management: the pending list opens the Part Approval Form; approve.
    await page.goto('/admin/partsCatalog/changeManagement');
    await page.getByRole('heading', { name: CATALOG_ADMIN_TEXT.changeManagementTitle }).waitFor();
    for (const column of ['Category', 'Commodity', 'Create Date', 'Part', 'Plant'])
      await page
        .getByRole('columnheader', { name: new RegExp(`^${column}`) })
        .first()
        .waitFor();
    await page.getByRole('searchbox', { name: 'Search pending parts' }).fill(combinedPartNumber);
    await page.getByRole('row', { name: new RegExp(combinedPartNumber) }).click();
    const approval = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.approvalForm });
    await approval.getByRole('img', { name: `Image of ${FRIENDLY}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await approval.getByLabel('Comment').fill('Approved in the end-to-end test.');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(CATALOG_ADMIN_TEXT.approved(combinedPartNumber)).waitFor();
    await approval.waitFor({ state: 'detached' });

    // The retailer's next sync brings it; offline, the catalog picker finds it.
    await syncRetailerCatalogs(retailer.page);
    await waitForKept(retailer.page, added.partsCatalogId, true);
    // The priming ends with the images: once the new part's is kept, the whole copy is (spec 3 §3, images offline too).
    await waitForKeptImage(retailer.page, added.imageFilename);
    await retailer.context.setOffline(true);
    await retailer.page.reload();
    await retailer.page.getByRole('button', { name: 'New Stock Order' }).waitFor();
    // Offline, the device's approved catalog of plant 910 holds the part as the server approved it.
    const keptRow = await retailer.page.evaluate(
      (id) =>
        new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
          const open = indexedDB.open('homesite');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('catalogParts').objectStore('catalogParts').get(id);
            read.onsuccess = () => resolve(read.result as Record<string, unknown> | undefined);
            read.onerror = () => reject(read.error);
          };
        }),
      added.partsCatalogId,
    );
    expect(keptRow).toMatchObject({
      plantNumber: '910',
      combinedPartNumber,
      friendlyDescription: FRIENDLY,
      approved: true,
      active: true,
      imageFilename: added.imageFilename,
    });
    // …and the catalog picker of a stock order offers it.
    await retailer.page.getByRole('button', { name: 'New Stock Order' }).click();
    const stock = retailer.page.getByRole('dialog', { name: 'New Stock Order' });
    await stock.getByLabel('Facility').locator('option[value="910"]').waitFor({ state: 'attached' });
    await stock.getByLabel('Facility').selectOption('910');
    await stock.getByRole('button', { name: 'Create Order' }).click();
    await retailer.page.waitForURL(/\/partsorders\/tmp_/);
    await retailer.page.getByRole('link', { name: 'Add Parts Item' }).click();
    const itemPanel = retailer.page.getByRole('dialog', { name: 'Add Parts Item' });
    await itemPanel.getByRole('button', { name: 'Choose Part from Catalog' }).click();
    await itemPanel.getByRole('searchbox').fill(FRIENDLY);
    await itemPanel.getByRole('list', { name: 'Matching parts' }).getByText(FRIENDLY).waitFor();
    await retailer.context.setOffline(false);

    // History: the approved request opens 'Revert Approved Part'; revert after 'Do you wish to continue?'.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('searchbox', { name: 'Search change history' }).fill(combinedPartNumber);
    await page
      .getByRole('row', { name: /Approved/ })
      .first()
      .click();
    const revertPanel = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.revertApproved });
    await revertPanel.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await revertPanel.getByRole('button', { name: 'Revert', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.revertHeader });
    await confirm.getByText(CATALOG_ADMIN_TEXT.confirmRevert).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await revertPanel.waitFor({ state: 'detached' });

    const history = await app.api<ChangeHistoryItem[]>('GET', '/api/PartsCatalog/GetChangeRequestHistory', { token: plantToken });
    expect(history.body.find((item) => item.requestedPartsCatalogId === added.partsCatalogId)).toMatchObject({
      status: 'Reverted',
      approved: true,
    });
    const again = await app.api<CatalogPart[]>('GET', '/api/PartsCatalog/GetPendingParts', { token: plantToken });
    expect(again.body.some((part) => part.partsCatalogId === added.partsCatalogId)).toBe(true);

    // The retailer's copy loses it at the next sync.
    await retailer.page.goto('/home');
    await syncRetailerCatalogs(retailer.page);
    await waitForKept(retailer.page, added.partsCatalogId, false);

    expect(errors).toEqual([]);
    await context.close();
    await retailer.context.close();
  }, 240_000);

  it('below 1024 px the tree and the parts take the screen in turn; the Part Form asks for a change and removes a part; a decline, a blocked revert; others are sent home', async () => {
    const { context, page } = await newContext(app, { viewport: { width: 900, height: 1000 } });
    await signInByToken(app, page, 'plant');
    await page.goto('/admin/partsCatalog?plant=931');
    expect(await page.getByLabel('Plant', { exact: true }).inputValue()).toBe('931');
    const tree = page.getByRole('navigation', { name: 'Categories and commodities' });
    await page.getByRole('button', { name: /^▸?\s*Bathroom/ }).click();
    await tree.getByRole('button').nth(1).click();
    await tree.waitFor({ state: 'hidden' });

    // The Part Form: a change of an approved part goes in as a pending version beside it; Remove asks first.
    const firstPart = page.locator('.catalog-admin__list').getByRole('button').first();
    const partNumber = (await firstPart.locator('.catalog-admin__part-number').innerText()).split(' ')[0]!;
    await firstPart.click();
    const form = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.partForm });
    await form.getByRole('region', { name: 'Approved version' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByLabel(/^Friendly description/).fill('Reworded by the e2e test');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(CATALOG_ADMIN_TEXT.submitted(partNumber)).waitFor();
    await form.waitFor({ state: 'detached' });
    const changed = page.locator('.catalog-admin__list').getByRole('button', { name: new RegExp(`^${partNumber}`) });
    await changed.getByText('Pending', { exact: true }).waitFor();
    await changed.click();
    await form.getByRole('region', { name: 'Pending version' }).getByText('Reworded by the e2e test').waitFor();
    await form.getByRole('region', { name: 'Approved version' }).waitFor();
    await form.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText(CATALOG_ADMIN_TEXT.confirmRemove).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(CATALOG_ADMIN_TEXT.removed(partNumber)).waitFor();
    await form.waitFor({ state: 'detached' });
    await changed.waitFor({ state: 'detached' });
    const catalog = await app.api<PartsCatalog>('GET', '/api/PartsCatalog?plantNumber=931', { token: plantToken });
    expect(catalogParts(catalog.body).filter((part) => part.combinedPartNumber === partNumber && part.active)).toEqual([]);

    await page.getByRole('button', { name: '‹ Back to commodities' }).click();
    await tree.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Change management: a decline needs no description; a revert the rules block says why and changes nothing.
    const pendingParts = await app.api<CatalogPart[]>('GET', '/api/PartsCatalog/GetPendingParts', { token: plantToken });
    const toDecline = pendingParts.body.find((part) => part.plantNumber === '931')!;
    await page.goto(`/admin/partsCatalog/changeManagement/pending/${toDecline.partsCatalogId}`);
    const approval = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.approvalForm });
    await approval.getByLabel(/^Friendly description/).fill('');
    expect(await approval.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await approval.getByRole('button', { name: 'Decline' }).click();
    await page.getByText(CATALOG_ADMIN_TEXT.declined(toDecline.combinedPartNumber)).waitFor();
    await approval.waitFor({ state: 'detached' });

    const history = await app.api<ChangeHistoryItem[]>('GET', '/api/PartsCatalog/GetChangeRequestHistory', { token: plantToken });
    let blocked: ChangeHistoryItem | undefined;
    for (const item of history.body.filter((entry) => entry.status === 'Approved' && entry.requestedByPlant === '910')) {
      const result = await app.api<{ hasActivePending: boolean; requestedPart: CatalogPart }>(
        'GET',
        `/api/PartsCatalog/GetChangeResult?partsCatalogHistoryId=${item.partsCatalogHistoryId}`,
        { token: plantToken },
      );
      if (result.body.hasActivePending && result.body.requestedPart.active && result.body.requestedPart.approved) {
        blocked = item;
        break;
      }
    }
    await page.goto(`/admin/partsCatalog/changeManagement/history/${blocked!.partsCatalogHistoryId}`);
    const revertPanel = page.getByRole('dialog', { name: CATALOG_ADMIN_TEXT.revertApproved });
    await revertPanel.getByRole('button', { name: 'Revert', exact: true }).click();
    const message = page.getByRole('dialog', { name: 'Message' });
    await message.getByText(REVERT_BLOCKING_MESSAGES.activePending('910')).waitFor();
    await message.getByRole('button', { name: 'Okay' }).click();
    const after = await app.api<ChangeHistoryItem[]>('GET', '/api/PartsCatalog/GetChangeRequestHistory', { token: plantToken });
    expect(after.body.find((item) => item.partsCatalogHistoryId === blocked!.partsCatalogHistoryId)?.status).toBe('Approved');
    await context.close();

    const retailer = await newContext(app);
    await signInByToken(app, retailer.page, 'service');
    await retailer.page.goto('/admin/partsCatalog');
    await retailer.page.waitForURL('**/home');
    await retailer.page.goto('/admin/partsCatalog/changeManagement');
    await retailer.page.waitForURL('**/home');
    await retailer.context.close();
  }, 120_000);
});
