import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/contract';
import { identityConfigFromEnv } from '../../src/server/mail/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { createScratchDatabase } from '../api/harness';
import { runHomesite } from '../cli-runner';
import { linkIn, startMailListener, type MailListener, type ReceivedMail } from '../mail-listener';
import { apiClient, launchChromium, newContext, signIn } from './harness';
import { freePort } from './server-process';

/*
 * Issue 29, done when: on an empty PostgreSQL in production mode, the example users are imported and one is invited
 * from the command line; a real SMTP listener receives the mail; Chromium opens its link, sets a password and is
 * signed in; the link is refused the second time. "Forgot password?" answers alike for a known and an unknown user,
 * and mails only the known one; the reset works and ends the sessions before it. `homesite audit export` then lists
 * who did each of it.
 */

const EXAMPLES = resolve('examples/import');
/** Imported from examples/import/users.jsonl: an administrator of retail centers 3101 and 3207, and a technician of 3101. */
const MORGAN = { userName: 'morgan.alvarez@valleyview.example', password: 'Lot#Opening2026' };
const SAM = { userName: 'sam.whitaker@valleyview.example', password: 'Field#Work2026', newPassword: 'Second#Start2026' };

/** The operator's command line, in this process (the bin only loads this function); the command must succeed. */
async function homesite(args: string[], env: NodeJS.ProcessEnv) {
  const { code, stdout, stderr } = await runHomesite(args, env);
  expect(code, `homesite ${args.join(' ')}\n${stdout}\n${stderr}`).toBe(0);
  return stdout;
}

/** The newest mail to `address` once there are `count` of them. */
async function mailNumber(mail: MailListener, address: string, count: number): Promise<ReceivedMail> {
  await expect.poll(() => mail.to(address).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return mail.to(address)[count - 1]!;
}

/** Opens a link from a mail and sets the password; the app then signs the user in. */
async function setPasswordThroughLink(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('invitations and password resets on an empty PostgreSQL in production mode', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'homesite-invitations-'));
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', DATA_DIR: join(workDir, 'data') };
  let mail: MailListener;
  let server: RunningServer;
  let browser: Browser;
  let dropDatabase: () => Promise<void>;
  const api = apiClient(() => server.url);

  beforeAll(async () => {
    const [listener, scratch, port] = await Promise.all([
      startMailListener(),
      createScratchDatabase(process.env.TEST_DATABASE_URL!),
      freePort(),
    ]);
    mail = listener;
    dropDatabase = scratch.drop;
    Object.assign(env, {
      DATABASE_URL: scratch.url,
      SMTP_URL: mail.url,
      MAIL_FROM: 'HomeSite <homesite@valleyview.example>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    for (const kind of ['plants', 'retailers', 'users'])
      await homesite(['import', kind, join(EXAMPLES, kind === 'users' ? 'users.jsonl' : `${kind}.csv`)], env);
    server = await startServer({
      mode: 'production',
      port,
      host: '127.0.0.1',
      databaseUrl: scratch.url,
      distDir: process.env.E2E_DIST_DIR ?? 'dist',
      identity: identityConfigFromEnv(env, 'production'),
      quiet: true,
      shutdownDelayMs: 0,
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mail?.close();
    await dropDatabase?.();
    rmSync(workDir, { recursive: true, force: true });
  });

  const newPage = () => newContext({ browser, url: server.url });
  const tokenFor = async (userName: string, password: string) => {
    const login = await api.api<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
      body: { Username: userName, Password: password },
    });
    expect(login.status).toBe(200);
    return login.body.bearerToken;
  };

  it('an imported user invited from the command line sets a password from the mail and is signed in; the link works once', async () => {
    const invited = await homesite(['user', 'invite', '--user-name', MORGAN.userName], env);
    expect(invited).toContain(MORGAN.userName);

    const invitation = await mailNumber(mail, MORGAN.userName, 1);
    expect(invitation.subject).toBe('You are invited to HomeSite');
    expect(invitation.from).toBe('homesite@valleyview.example');
    expect(invitation.text).toContain('7 days');
    const link = linkIn(invitation);
    expect(link.startsWith(`${env.PUBLIC_URL}/set-password/`)).toBe(true);
    expect(invitation.html).toContain(link);

    const { context, page } = await newPage();
    await page.goto(link);
    await page.getByText('Welcome to HomeSite, Morgan').waitFor();
    // The token leaves the address bar (and so any Referer) as soon as the page has it.
    expect(new URL(page.url()).pathname).toBe('/set-password');
    await page.getByLabel(/^New password/).fill(MORGAN.password);
    await page.getByLabel('Confirm password').fill(`${MORGAN.password}x`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill(MORGAN.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL('**/home');
    const terms = page.getByRole('dialog', { name: 'Terms of Use' });
    await terms.getByRole('button', { name: 'Agree', exact: true }).click();
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    await context.close();

    const again = await newPage();
    await again.page.goto(link);
    await again.page.getByText('This link has been used already.', { exact: false }).waitFor();
    expect(await again.page.getByLabel(/^New password/).count()).toBe(0);
    await again.context.close();
    // The password set through the link is the one that signs in.
    expect(
      (await api.api('POST', '/auth/api/Account/Token', { body: { Username: MORGAN.userName, Password: MORGAN.password } })).status,
    ).toBe(200);
  });

  it('the administrator invites a technician from the Users screen and changes their roles', async () => {
    const { context, page } = await newPage();
    await signIn(page, MORGAN.userName, { password: MORGAN.password, terms: 'if-asked' });
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('sam');
    const row = page.getByRole('table', { name: 'Users you can edit' }).getByRole('row').filter({ hasText: SAM.userName });
    await row.getByRole('button', { name: /Send invitation/ }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText(`Invitation sent to ${SAM.userName}.`).waitFor();

    // Sent by the running server's mailer, in the administrator's name.
    const invitation = await mailNumber(mail, SAM.userName, 1);
    expect(invitation.subject).toBe('Morgan Alvarez invited you to HomeSite');

    await row.getByRole('link', { name: /^Edit User/ }).click();
    const panel = page.getByRole('dialog', { name: 'Edit User' });
    await panel
      .getByRole('listbox', { name: /^Available roles/ })
      .getByRole('option', { name: /^Home_Owner_Viewer/ })
      .click();
    await panel.getByRole('button', { name: 'Add marked to Assigned roles' }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sam Whitaker has been updated.').waitFor();
    await context.close();

    const sam = await newPage();
    await setPasswordThroughLink(sam.page, linkIn(invitation), SAM.password);
    await sam.page.waitForURL('**/home');
    await sam.context.close();
  });

  it('"Forgot password?" answers alike for a known and an unknown user, mails only the known one, and the reset ends older sessions', async () => {
    const before = await tokenFor(SAM.userName, SAM.password);
    expect((await api.api('GET', '/auth/api/Account/User', { token: before })).status).toBe(200);
    const mailsBefore = mail.received.length;

    const { context, page } = await newPage();
    const ask = async (userName: string) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('User name').fill(userName);
      await page.getByRole('button', { name: 'Send link' }).click();
      const answer = page.getByRole('status').filter({ hasText: 'HomeSite account' });
      await answer.waitFor();
      return answer.innerText();
    };
    const known = await ask(SAM.userName);
    const unknown = await ask('nobody.here@valleyview.example');
    expect(unknown).toBe(known);

    const reset = await mailNumber(mail, SAM.userName, 2);
    expect(reset.subject).toBe('Set a new HomeSite password');
    expect(reset.text).toContain('1 hour');
    // Give the unknown name's request its chance to (wrongly) send: only the known user's mail ever arrives.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(mail.received.slice(mailsBefore).map((one) => one.to[0])).toEqual([SAM.userName]);

    await setPasswordThroughLink(page, linkIn(reset), SAM.newPassword);
    await page.waitForURL('**/home');
    await context.close();
    // The session from before the reset is over; the new password signs in, the old one does not.
    expect((await api.api('GET', '/auth/api/Account/User', { token: before })).status).toBe(401);
    expect((await api.api('POST', '/auth/api/Account/Token', { body: { Username: SAM.userName, Password: SAM.password } })).status).toBe(
      400,
    );
    await tokenFor(SAM.userName, SAM.newPassword);
  });

  it('`homesite audit export` names who did each of it', async () => {
    const events = (await homesite(['audit', 'export'], env))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEvent);
    const find = (action: string, target: string) => events.filter((event) => event.action === action && event.targetName === target);

    expect(find('invitation.sent', MORGAN.userName)[0]).toMatchObject({ actorKind: 'cli' });
    expect(find('invitation.sent', SAM.userName)[0]).toMatchObject({ actorKind: 'user', actorName: MORGAN.userName });
    expect(find('password.set', MORGAN.userName)).toHaveLength(1);
    expect(find('password.set', SAM.userName)).toHaveLength(2);
    expect(find('password.set', SAM.userName)[0]).toMatchObject({ actorKind: 'user', actorName: SAM.userName });
    expect(find('password-reset.sent', SAM.userName)[0]).toMatchObject({ actorKind: 'anonymous' });
    const roleChange = find('user.roles-changed', SAM.userName)[0]!;
    expect(roleChange).toMatchObject({ actorKind: 'user', actorName: MORGAN.userName });
    expect(roleChange.details).toEqual({
      from: ['Service_User', 'Warranty_User'],
      to: ['Home_Owner_Viewer', 'Service_User', 'Warranty_User'],
    });
    const imports = events.filter((event) => event.action === 'import.run');
    expect(imports.map((event) => event.details.kind)).toEqual(expect.arrayContaining(['plants', 'retailers', 'users']));
    expect(imports.every((event) => event.actorKind === 'cli')).toBe(true);
    // Never a token or a password in the trail.
    const all = JSON.stringify(events);
    for (const secret of [MORGAN.password, SAM.password, SAM.newPassword]) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/set-password\/[A-Za-z0-9_-]{43}/);
  });
});
