import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, seriousAxeViolations, signIn, signInByToken, startE2eApp, tileNames, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

/** Marks the options of one list of a dual-list select and moves them across with the given button. */
async function move(page: Page, listName: RegExp, options: string[], button: string) {
  const list = page.getByRole('listbox', { name: listName });
  for (const option of options) await list.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  await page.getByRole('button', { name: button }).click();
}

describe('user administration', () => {
  it('an admin creates a user with roles and a retail center, who then signs in and sees exactly their tiles', async () => {
    const admin = await newContext(app);
    const page = admin.page;
    await signInByToken(app, page, 'admin');

    await page.goto('/admin');
    await page.waitForURL('**/admin/users');
    await expect.poll(() => page.title()).toBe('HomeSite - Users');
    const editable = page.getByRole('table', { name: 'Users you can edit' });
    await editable.getByRole('row').nth(1).waitFor();
    await page
      .getByText(
        'Please contact support@homesite.test if you need to update the following user accounts. You do not have the appropriate permissions.',
      )
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add User' }).click();
    await page.waitForURL('**/admin/newUser');
    const panel = page.getByRole('dialog', { name: 'New User' });
    await panel.waitFor();
    // spec 1 §2: focus moves to the first name 500 ms after the form opens.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    await panel
      .getByRole('listbox', { name: /^Available roles/ })
      .getByRole('option')
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const email = `nina.lopez.${Date.now()}@smokymountainhomes.test`;
    const password = 'Welcome#2026';
    await panel.getByLabel('First name').fill('Nina');
    await panel.getByLabel('Last name').fill('Lopez');
    await panel.getByLabel('Email').fill(email);
    await panel.getByRole('textbox', { name: 'Initial password', exact: true }).fill(password);
    await panel.getByLabel('Confirm initial password').fill(password);
    // The Add/Edit preset comes with a new user: replace it with two viewer roles.
    await page.getByRole('button', { name: 'Remove all from Assigned roles' }).click();
    await move(page, /^Available roles/, ['Service_Viewer', 'Sales_Viewer'], 'Add marked to Assigned roles');
    await page.getByRole('button', { name: 'Remove all from Assigned retail centers' }).click();
    await move(page, /^Available retail centers/, ['Smoky Mountain Homes - Maryville'], 'Add marked to Assigned retail centers');
    await panel.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Nina Lopez has been added.').waitFor();
    await page.waitForURL('**/admin/users');
    // The list was refreshed: the new user is found by the search (the list shows 10 rows at a time).
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nina lopez');
    await editable.getByText(email).waitFor();

    const token = await app.tokenFor('admin');
    const list = await app.api<{ userName: string; roles: string[]; retailers: { retailerNumber: string }[]; isActive: boolean }[]>(
      'GET',
      '/api/api/User/',
      { token },
    );
    expect(list.body.find((user) => user.userName === email)).toMatchObject({
      roles: ['Sales_Viewer', 'Service_Viewer'],
      retailers: [{ retailerNumber: '4218' }],
      isActive: true,
    });
    await admin.context.close();

    const newcomer = await newContext(app);
    await signIn(newcomer.page, email, { password, terms: 'agree' });
    // spec 1 §6 for Sales_Viewer + Service_Viewer at an independent retailer that is not a partner portal.
    expect(await tileNames(newcomer.page)).toEqual([
      'Quotes',
      'Orders',
      'Inventory',
      'Service & Parts',
      'Reports',
      'Learn',
      'Help',
      'Feedback',
      'My Facilities',
      'My Plants',
    ]);
    await newcomer.context.close();
  });

  it('edits a user in the side panel: the email cannot change, the change is saved', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'admin');
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('viewer@demo');
    const viewerRow = page
      .getByRole('table', { name: 'Users you can edit' })
      .getByRole('row')
      .filter({ hasText: 'viewer@demo.homesite.test' });
    await viewerRow.getByRole('link', { name: /^Edit User/ }).click();
    const panel = page.getByRole('dialog', { name: 'Edit User' });
    await panel.waitFor();
    expect(await panel.getByLabel('Email').isDisabled()).toBe(true);
    await expect.poll(() => panel.getByLabel('Last name').inputValue()).toBe('Chen');
    await panel.getByLabel('Last name').fill('Chen-Ross');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Val Chen-Ross has been updated.').waitFor();
    await page.waitForURL('**/admin/users');
    await viewerRow.getByText('Chen-Ross').waitFor();
    await context.close();
  });

  it('sends a user who is not an admin home from /admin/*', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'viewer');
    await page.goto('/admin/users');
    await page.waitForURL('**/home');
    await page.goto('/admin/newUser');
    await page.waitForURL('**/home');
    await context.close();
  });
});
