import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, signIn, startE2eApp, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

async function openSignedIn(name: string, viewport?: { width: number; height: number }) {
  const opened = await newContext(app, { viewport });
  // Terms are asked once per user; a later context of the same user goes straight on.
  await signIn(opened.page, name, { terms: 'if-asked' });
  return opened;
}

async function userMenuItems(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = await menu.locator('[role^="menuitem"]').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return items.map((text) => text.replace('✓', '').replace(/\s+/g, ' ').trim());
}

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  expect((await seriousAxeViolations(page)).map((violation) => `${what}: ${violation}`)).toEqual([]);
}

describe('side navigation (spec 1 §2)', () => {
  it('at 1280×500 moves what does not fit into More, keeps the active item visible and shows the rest in More', async () => {
    const { context, page } = await openSignedIn('admin', { width: 1280, height: 500 });
    // Home is a main page: no side navigation there.
    expect(await page.getByRole('navigation', { name: 'Apps' }).count()).toBe(0);

    await page.goto('/contact');
    await page.getByRole('heading', { name: 'My Plants', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Apps' });
    const bar = nav.locator(':scope > ul > li:not(.side-nav__more) > *');
    const barNames = (await bar.allInnerTexts()).map((text) => text.trim());
    expect(barNames.length).toBeGreaterThan(3);
    expect(barNames.length).toBeLessThan(14);
    // My Plants is the last app: it stays in the bar, highlighted, instead of going into More.
    expect(barNames.at(-1)).toBe('My Plants');
    const current = nav.getByRole('link', { name: 'My Plants' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await current.isVisible()).toBe(true);

    const more = nav.getByRole('button', { name: /More/ });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    const overflow = nav.getByRole('list', { name: 'More apps' });
    await overflow.waitFor();
    const moreNames = (await overflow.getByRole('link').allInnerTexts()).map((text) => text.trim());
    expect([...barNames, ...moreNames].sort()).toEqual(
      [
        'Leads',
        'Prospects',
        'Quotes',
        'Orders',
        'Inventory',
        'My Homeowners',
        'Service & Parts',
        'NPS',
        'Reports',
        'Learn',
        'Help',
        'Feedback',
        'My Facilities',
        'My Plants',
      ].sort(),
    );
    // Everything in More is on screen (it opens beside the bar, inside the window).
    for (const link of await overflow.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(500);
    }

    // spec 1 §2: the overflow hides 1 s after the mouse leaves it.
    await page.mouse.move(900, 300);
    await overflow.waitFor({ state: 'hidden', timeout: 3000 });

    // A taller window, 500 ms after the resize: everything fits, no More.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await nav.getByRole('button', { name: /More/ }).waitFor({ state: 'detached', timeout: 3000 });
    expect(await bar.count()).toBe(14);

    // Below 973 px the side bar becomes a drawer behind the header's menu button.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Alex Morgan' });
    await drawer.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/support');
    await context.close();
  });
});

describe('header (spec 1 §2)', () => {
  it('offers the admin and the plant user the items of their roles', async () => {
    const admin = await openSignedIn('admin');
    expect(await userMenuItems(admin.page)).toEqual([
      'My Account',
      'Support',
      'Device status',
      "What's new?",
      'Admin',
      'Smoky Mountain Homes - Knoxville',
      'Smoky Mountain Homes - Maryville',
      'Smoky Mountain Homes - Sevierville',
      'Search retail centers…',
      'Logout',
    ]);
    await admin.context.close();

    const plant = await openSignedIn('plant');
    expect(await userMenuItems(plant.page)).toEqual([
      'My Account',
      'Parts Catalog Admin',
      'Parts Catalog Change Management',
      'Support',
      'Device status',
      "What's new?",
      'Clinton West (910)',
      'Richfield (931)',
      'Smoky Mountain Homes - Knoxville',
      'Blue Ridge Housing - Asheville',
      'Search retail centers…',
      'Logout',
    ]);
    // A facility leads to its contact card on My Plants.
    await plant.page.getByRole('button', { name: /User menu/ }).click();
    await plant.page.getByRole('menuitem', { name: 'Richfield (931)' }).click();
    await plant.page.waitForURL('**/contact#plant-931');
    await plant.page.locator('#plant-931').getByRole('link', { name: 'plant931@homesite.test' }).waitFor();
    await plant.context.close();
  });

  it("What's new? shows the release notes from the server", async () => {
    const { context, page } = await openSignedIn('viewer');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: "What's new?" }).click();
    const dialog = page.getByRole('dialog', { name: "What's new?" });
    await dialog.getByRole('heading', { name: /HomeSite 4\.2\.0/ }).waitFor();
    expect(await dialog.getByRole('article').count()).toBeGreaterThanOrEqual(5);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('switches the retail center through ChangeRetailerNumber and reloads', async () => {
    const { context, page } = await openSignedIn('sales');
    const header = page.getByRole('banner');
    await header.getByText('#4217').waitFor();
    await page.getByRole('button', { name: /User menu/ }).click();
    const [switched] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/auth/api/Account/ChangeRetailerNumber?retailerNumber=4218')),
      page.waitForEvent('load'),
      page.getByRole('menuitemradio', { name: 'Smoky Mountain Homes - Maryville' }).click(),
    ]);
    expect(switched.status()).toBe(200);
    await header.getByText('#4218').waitFor();
    const token = (await context.cookies()).find((cookie) => cookie.name === 'Bearer')!.value;
    const profile = await app.api<{ currentRetailer: { retailerNumber: string } }>('GET', '/auth/api/Account/User', { token });
    expect(profile.body.currentRetailer.retailerNumber).toBe('4218');
    // The directory follows the current retailer: 4218 is served by Clinton West and Savannah.
    await page.goto('/myfacilities');
    const rows = page.getByRole('table', { name: 'Facilities' }).getByRole('rowheader');
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual(['HomeSite Clinton West (910)', 'HomeSite Savannah (973)']);
    await context.close();
  });
});

describe('support request (spec 1 §2, §5, §7)', () => {
  it('refuses an empty description, then sends the request and shows the spec’s toast', async () => {
    const { context, page } = await openSignedIn('service');
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Sam Rivera');
    expect(await page.getByLabel('Priority').inputValue()).toBe('Normal');
    expect(await page.getByLabel('Request type').inputValue()).toBe('Question');
    await page.getByText('1-800-555-0142 option 3').waitFor();

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter an issue description.').waitFor();

    await page.getByLabel('Phone').pressSequentially('8655550199');
    expect(await page.getByLabel('Phone').inputValue()).toBe('(865) 555-0199');
    await page.getByLabel('Request type').selectOption('Problem');
    await page.getByLabel('Description').fill('The work order list does not refresh after I save.');
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/Support') && answer.request().method() === 'POST'),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Sam Rivera',
      phone: '(865) 555-0199',
      priority: 'Normal',
      type: 'Problem',
      message: 'The work order list does not refresh after I save.',
    });
    const { id } = (await response.json()) as { id: number };
    expect(id).toBeGreaterThan(0);
    // The server stored it: the same Idempotency-Key answers the stored response instead of a new request.
    const key = response.request().headers()['idempotency-key']!;
    const token = (await context.cookies()).find((cookie) => cookie.name === 'Bearer')!.value;
    const replay = await fetch(`${app.url}/api/Support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify(response.request().postDataJSON()),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ id });

    await page.getByText('Submission Successful!').waitFor();
    await page.getByText('You request has been successfully submitted').waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    await context.close();
  });
});

describe('accessibility (axe)', () => {
  it('finds no serious or critical violation on /home, /myAccount and /support', { timeout: 180_000 }, async () => {
    const { context, page } = await openSignedIn('company');
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/home');
    await page.goto('/myAccount');
    await page.getByLabel('First name').waitFor();
    await expectNoSeriousAxeViolations(page, '/myAccount');
    await page.goto('/support');
    await page.getByLabel('Description').waitFor();
    await expectNoSeriousAxeViolations(page, '/support');
    await context.close();

    // The open user menu, with its facilities and the retail center search, passes too.
    const plant = await openSignedIn('plant');
    await plant.page.goto('/support');
    await plant.page.getByLabel('Description').waitFor();
    await plant.page.getByRole('button', { name: /User menu/ }).click();
    await plant.page.getByRole('menuitemradio', { name: 'Blue Ridge Housing - Asheville' }).waitFor();
    await expectNoSeriousAxeViolations(plant.page, '/support with the user menu open');
    await plant.page.getByRole('menuitem', { name: 'Search retail centers…' }).click();
    await plant.page.getByRole('searchbox', { name: 'Search retail centers' }).waitFor();
    await expectNoSeriousAxeViolations(plant.page, '/support with the retail center search open');
    await plant.context.close();
  });
});
