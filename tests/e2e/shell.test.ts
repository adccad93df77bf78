import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, demoUser, newContext, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

async function signIn(page: Page, name: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(demoUser(name));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const tileNames = (page: Page) => page.getByRole('list', { name: 'Apps' }).getByRole('listitem').allInnerTexts();
const names = (texts: string[]) => texts.map((text) => text.split('\n')[0]!.trim());

describe('sign-in, home, terms, offline, sign-out', () => {
  it('shows exactly the admin tiles, records the terms, opens offline and signs out', async () => {
    const { context, page } = await newContext(app);
    await signIn(page, 'admin');
    await page.waitForURL('**/home');
    await page.getByText('Hello Alex').first().waitFor();

    // spec 1 §4: no acceptance yet → the terms modal; Agree records it on the server.
    const terms = page.getByRole('dialog', { name: 'Terms of Use' });
    await terms.waitFor();
    await terms.getByRole('button', { name: 'Agree', exact: true }).click();
    await terms.waitFor({ state: 'detached' });
    const token = await app.tokenFor('admin');
    const profile = await app.api<{ termsAcceptanceDate: string | null }>('GET', '/auth/api/Account/User', { token });
    expect(profile.body.termsAcceptanceDate).not.toBeNull();

    // spec 1 §6 for this profile: independent retailer, not a partner portal.
    expect(names(await tileNames(page))).toEqual([
      'Leads', 'Prospects', 'Quotes', 'Orders', 'Inventory', 'My Homeowners', 'Service & Parts', 'NPS',
      'Reports', 'Learn', 'Help', 'Feedback', 'My Facilities', 'My Plants',
    ]);
    expect(await page.title()).toBe('HomeSite - Home');

    // After one online visit the app opens offline, with the cached profile and tiles.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    expect(names(await tileNames(page))).toContain('Service & Parts');
    await page.getByText('Offline', { exact: false }).first().waitFor();
    await page.goto('/myAccount');
    await page.getByLabel('First name').waitFor();
    await context.setOffline(false);

    // Sign out: toast, back to login, and the old token no longer works.
    const cookieToken = (await context.cookies()).find((cookie) => cookie.name === 'Bearer')!.value;
    await page.goto('/home');
    await page.getByRole('button', { name: /Alex/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('You have successfully logged out!').waitFor();
    await page.waitForURL('**/login');
    const after = await app.api('GET', '/auth/api/Account/User', { token: cookieToken });
    expect(after.status).toBe(401);
    await context.close();
  });

  it('hides leads and NPS for a company-owned retailer and shows view-only tiles for the viewer', async () => {
    const { context, page } = await newContext(app);
    await signIn(page, 'company');
    await page.waitForURL('**/home');
    await page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Agree', exact: true }).click();
    expect(names(await tileNames(page))).toEqual([
      'Quotes', 'Orders', 'Inventory', 'My Homeowners', 'Service & Parts', 'Reports',
      'Learn', 'Help', 'Feedback', 'My Facilities', 'My Plants',
    ]);
    await context.close();

    const viewer = await newContext(app);
    await signIn(viewer.page, 'viewer');
    await viewer.page.waitForURL('**/home');
    await viewer.page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Agree', exact: true }).click();
    expect(names(await tileNames(viewer.page))).toEqual([
      'Quotes', 'Orders', 'Inventory', 'My Homeowners', 'Service & Parts', 'Reports',
      'Learn', 'Help', 'Feedback', 'My Facilities', 'My Plants',
    ]);
    await viewer.context.close();
  });

  it('Disagree signs the user out', async () => {
    const { context, page } = await newContext(app);
    await signIn(page, 'sales');
    await page.waitForURL('**/home');
    await page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Disagree' }).click();
    await page.getByText('You have successfully logged out!').waitFor();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('warns of a password about to expire and rejects a wrong password', async () => {
    const { context, page } = await newContext(app);
    await page.goto('/login');
    await page.getByLabel('Username').fill(demoUser('expiring'));
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The user name or password is incorrect.').first().waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    await signIn(page, 'expiring');
    await page.waitForURL('**/home');
    // spec 1 §9: 91 days - 85 = 6 days left → the "warning" toast.
    await page.getByText('Password expires in 6 day(s)!').first().waitFor();
    await context.close();
  });

  it('sends a signed-out visitor to login and back, and unknown routes to /404', async () => {
    const { context, page } = await newContext(app);
    await page.goto('/myAccount');
    await page.waitForURL('**/login');
    await page.getByLabel('Username').fill(demoUser('service'));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/myAccount');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('This page does not exist').waitFor();
    expect(await page.title()).toBe('HomeSite - 404');
    await context.close();
  });
});
