import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUser, newContext, signInByToken, startE2eApp, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

describe('My Account password change (spec 1 §5)', () => {
  it('shows each password rule, then changes the password on the server', async () => {
    const { context, page } = await newContext(app);
    await signInByToken(app, page, 'service');
    await page.goto('/myAccount');
    await page.getByRole('button', { name: 'Change password' }).click();

    const newPassword = page.getByLabel(/^New password/);
    const confirm = page.getByLabel(/^Confirm new password/);
    const expectMessage = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    // Before the first submit, fields validate when they lose focus.
    const enter = async (field: typeof newPassword, value: string) => {
      await field.fill(value);
      await field.blur();
    };

    await enter(newPassword, 'short');
    await expectMessage('Password must be at least 8 characters.');
    await enter(newPassword, 'longenough1');
    await expectMessage('Password must contain an upper-case letter.');
    await enter(newPassword, 'LONGENOUGH1');
    await expectMessage('Password must contain a lower-case letter.');
    await enter(newPassword, 'Longenough!');
    await expectMessage('Password must contain a digit.');
    await enter(newPassword, 'Longenough1');
    await expectMessage('Password must contain one of # ? ! @ $ % ^ & * -.');
    await enter(newPassword, 'Longenough#1');
    await enter(confirm, 'Longenough#2');
    await expectMessage('Passwords do not match.');

    await enter(confirm, 'Longenough#1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your account has been updated!').first().waitFor();

    const login = (password: string) =>
      app.api('POST', '/auth/api/Account/Token', { body: { Username: demoUser('service'), Password: password } });
    expect((await login('Longenough#1')).status).toBe(200);
    expect((await login(DEMO_PASSWORD)).status).toBe(400);
    await context.close();
  });
});
