import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, signIn, startE2eApp, submitLogin, tileNames, waitForServiceWorker, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sign-in, home, terms, offline, sign-out', () => {
  it('shows exactly the admin tiles, records the terms, opens offline and signs out', async () => {
    const { context, page } = await newContext(app, { serviceWorker: true });
    await signIn(page, 'admin', { terms: 'leave' });
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
    expect(await tileNames(page)).toEqual([
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
    ]);
    expect(await page.title()).toBe('HomeSite - Home');

    // After one online visit the app opens offline, with the cached profile and tiles.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    expect(await tileNames(page)).toContain('Service & Parts');
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
    expect(await tileNames(page)).toEqual([
      'Quotes',
      'Orders',
      'Inventory',
      'My Homeowners',
      'Service & Parts',
      'Reports',
      'Learn',
      'Help',
      'Feedback',
      'My Facilities',
      'My Plants',
    ]);
    await context.close();

    const viewer = await newContext(app);
    await signIn(viewer.page, 'viewer');
    expect(await tileNames(viewer.page)).toEqual([
      'Quotes',
      'Orders',
      'Inventory',
      'My Homeowners',
      'Service & Parts',
      'Reports',
      'Learn',
      'Help',
      'Feedback',
      'My Facilities',
      'My Plants',
    ]);
    await viewer.context.close();
  });

  it('Disagree signs the user out', async () => {
    const { context, page } = await newContext(app);
    await signIn(page, 'sales', { terms: 'leave' });
    await page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Disagree' }).click();
    await page.getByText('You have successfully logged out!').waitFor();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('warns of a password about to expire and rejects a wrong password', async () => {
    const { context, page } = await newContext(app);
    await submitLogin(page, 'expiring', 'not-the-password');
    await page.getByText('The user name or password is incorrect.').first().waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    await signIn(page, 'expiring', { terms: 'leave' });
    // spec 1 §9: 91 days - 85 = 6 days left → the "warning" toast.
    await page.getByText('Password expires in 6 day(s)!').first().waitFor();
    await context.close();
  });

  it('sends a signed-out visitor to login and back, and unknown routes to /404', async () => {
    const { context, page } = await newContext(app);
    await page.goto('/myAccount');
    await page.waitForURL('**/login');
    // The redirect cookie remembers /myAccount across the login page.
    await submitLogin(page, 'service');
    await page.waitForURL('**/myAccount');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('This page does not exist').waitFor();
    expect(await page.title()).toBe('HomeSite - 404');
    await context.close();
  });
});
