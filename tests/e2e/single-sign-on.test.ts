import { readFileSync, rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityConfigFromEnv } from '../../src/server/mail/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { startOidcProvider, type TestProvider } from '../oidc-provider';
import { builtDistDir, demoUser, launchChromium, newContext, waitForServiceWorker } from './harness';
import { seededDataDir } from './seeded-data-dir';
import { freePort } from './server-process';

/*
 * Issue 33 §1, done when: a real OpenID Connect provider (oidc-provider) on 127.0.0.1 with one client, HomeSite set up
 * as the README's "Single sign-on" says, word for word: "Sign in with …" in Chromium signs in the HomeSite user whose
 * e-mail the provider vouches for, and the app then works offline after a relaunch; a stranger's e-mail is refused,
 * with the message; a forged state is refused. The provider's own development login and consent pages are filled in
 * (its login is the e-mail address it vouches for; any password).
 */

const CLIENT_ID = 'homesite-e2e';
const CLIENT_SECRET = 'homesite-e2e-client-secret-0123456789abcdef';
const SERVICE = demoUser('service');
const STRANGER = 'stranger@elsewhere.example';

/** The README's "Single sign-on" section: the variables its example sets, in order, with the values written there. */
function readmeSingleSignOnVariables(): [string, string][] {
  const readme = readFileSync('README.md', 'utf8');
  const section = /^### Single sign-on\n([\s\S]*?)^### /m.exec(readme)?.[1];
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no "### Single sign-on" section with a ```sh block of variables');
  return block
    .trim()
    .split('\n')
    .map((line) => {
      const [, name, value] = /^([A-Z_]+)=(.*)$/.exec(line.trim()) ?? [];
      if (!name) throw new Error(`not a variable in the README's block: ${line}`);
      return [name, value!.replace(/^"(.*)"$/, '$1')];
    });
}

describe('single sign-on with an OpenID Connect provider', () => {
  let provider: TestProvider;
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let label: string;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    // Step 1 of the README: the client registered at the provider with the redirect URI PUBLIC_URL + /auth/oidc/callback.
    provider = await startOidcProvider({
      interactions: 'pages',
      clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [`${publicUrl}/auth/oidc/callback`] }],
    });
    // Step 2: exactly the variables the README sets, each in the README's way; ours are this machine's values.
    const ours: Record<string, string> = {
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    };
    const readme = readmeSingleSignOnVariables();
    expect(readme.map(([name]) => name)).toEqual(['PUBLIC_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_LABEL']);
    const env: NodeJS.ProcessEnv = Object.fromEntries(readme.map(([name, value]) => [name, ours[name] ?? value]));
    label = env.OIDC_LABEL!;

    const seeded = seededDataDir('homesite-e2e-sso-');
    dataDir = seeded.path;
    server = await startServer({
      port,
      host: '127.0.0.1',
      dataDir,
      distDir: builtDistDir(),
      quiet: true,
      shutdownDelayMs: 0,
      identity: identityConfigFromEnv(env, 'demo'),
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const app = () => ({ browser, url: server.url });

  /** From HomeSite's sign-in page through the provider's login and consent pages, as `email`. */
  async function signInAtProvider(page: Page, email: string) {
    await page.goto('/login');
    await page.getByRole('button', { name: `Sign in with ${label}` }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill('any password at the test provider');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('"Sign in with …" signs in the user the provider vouches for; the app then works offline after a relaunch', async () => {
    const { context, page: first } = await newContext(app(), { serviceWorker: true });
    let page = first;
    // The button stands above the password form.
    await page.goto('/login');
    const button = page.getByRole('button', { name: `Sign in with ${label}` });
    await button.waitFor();
    const buttonBox = (await button.boundingBox())!;
    const passwordBox = (await page.getByLabel('Password').boundingBox())!;
    expect(buttonBox.y).toBeLessThan(passwordBox.y);

    await signInAtProvider(page, SERVICE);
    await page.waitForURL('**/home');
    // Nothing of the sign-in stays in the address (the one-time code was in the fragment of /login/sso).
    expect(page.url()).not.toContain('code=');
    const terms = page.getByRole('dialog', { name: 'Terms of Use' });
    await Promise.race([terms.waitFor(), page.getByRole('list', { name: 'Apps' }).waitFor()]);
    if (await terms.isVisible()) {
      await terms.getByRole('button', { name: 'Agree', exact: true }).click();
      await terms.waitFor({ state: 'detached' });
    }
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    // The session is the service user's, as after a password sign-in.
    const token = await page.evaluate(() => /(?:^|; )Bearer=([^;]+)/.exec(document.cookie)?.[1]);
    expect(token).toBeTruthy();
    const profile = await fetch(`${server.url}/auth/api/Account/User`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token!)}` },
    });
    expect(((await profile.json()) as { userName: string }).userName).toBe(SERVICE);

    // Online once: the work orders are kept on the device.
    await page.goto('/service');
    await page.getByRole('table', { name: 'Work orders' }).getByRole('link').first().waitFor();
    await waitForServiceWorker(page);

    // Relaunched offline: the kept session opens the app and its kept lists.
    await page.close();
    await context.setOffline(true);
    page = await context.newPage();
    await page.goto('/home');
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    await page.goto('/service');
    await page.getByRole('table', { name: 'Work orders' }).getByRole('link').first().waitFor();

    // Offline, the sign-in page keeps the button, disabled, and says why.
    await page.goto('/login');
    const offlineButton = page.getByRole('button', { name: `Sign in with ${label}` });
    await offlineButton.waitFor();
    expect(await offlineButton.isDisabled()).toBe(true);
    await page.getByText(`Signing in with ${label} needs a connection: you are offline.`).waitFor();
    await context.close();
  });

  it("a stranger's e-mail is refused on the sign-in page, with the message", async () => {
    const { context, page } = await newContext(app());
    await signInAtProvider(page, STRANGER);
    await page
      .getByRole('alert')
      .filter({ hasText: `No HomeSite user for ${STRANGER} — ask your administrator` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/sso');
    // Still the sign-in page: the password form and the button are there to try again.
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: `Sign in with ${label}` }).waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(?:^|; )Bearer=/);
    await context.close();
  });

  it('a forged state is refused', async () => {
    const { context, page } = await newContext(app());
    // The provider's answer is held back on its way to the callback (the consent's POST is sent by the test, and the
    // provider's redirects followed by hand up to its redirect to HomeSite), then sent on with another state.
    let answer: URL | undefined;
    await page.route(`${provider.issuer}/**`, async (route) => {
      if (route.request().method() !== 'POST' || !route.request().postData()?.includes('prompt=consent')) return route.continue();
      let response = await route.fetch({ maxRedirects: 0 });
      let location = response.headers().location;
      while (location && !location.includes('/auth/oidc/callback')) {
        response = await page.request.get(new URL(location, provider.issuer).href, { maxRedirects: 0 });
        location = response.headers().location;
      }
      answer = new URL(location!);
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Held back by the test.</p>' });
    });
    await signInAtProvider(page, SERVICE);
    await expect.poll(() => answer).toBeDefined();
    expect(answer!.searchParams.get('code')).toBeTruthy();
    answer!.searchParams.set('state', 'forged-state-forged-state-forged-state-123');
    await page.goto(answer!.href);
    await page
      .getByRole('alert')
      .filter({ hasText: `The answer from ${label} does not belong to the sign-in started on this device` })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/sso');
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(?:^|; )Bearer=/);
    await context.close();
  });
});
