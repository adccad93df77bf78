// Issue 14 §6: a password change made on My Account ends every other token of the user (another device, a
// stolen token), while the browser that made it goes on with its own token: no sign-in again, no client change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../src/contract';
import { newContext, signIn, startE2eApp, type E2eApp } from './harness';

const PROFILE = '/auth/api/Account/User';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

describe('a password change on My Account', () => {
  it('keeps the browser that made it signed in and refuses the tokens issued before it', async () => {
    const elsewhere = await app.tokenFor('service');
    const { context, page } = await newContext(app);
    await signIn(page, 'service');
    expect((await app.api('GET', PROFILE, { token: elsewhere })).status).toBe(200);

    await page.goto('/myAccount');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel(/^New password/).fill('Longenough#1');
    await page.getByLabel(/^Confirm new password/).fill('Longenough#1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your account has been updated!').first().waitFor();

    expect((await app.api('GET', PROFILE, { token: elsewhere })).status).toBe(401);
    const cookie = (await context.cookies()).find((entry) => entry.name === TOKEN_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect((await app.api('GET', PROFILE, { token: cookie!.value })).status).toBe(200);

    // The app goes on with its token: a fresh load reads the profile and the home tiles, no expired-session page.
    await page.reload();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.goto('/home');
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });
});
