import AxeBuilder from '@axe-core/playwright';
import { rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startServer } from '../../src/server/main';
import { emptyDataDir, removeDataDir, seededDataDir } from './seeded-data-dir';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
export const demoUser = (name: string) => `${name}@demo.homesite.test`;

/** Flags that let Debian's Chromium run headless as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium, the browser people install: one smoke run drives it (browsers/chromium.test.ts). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's chromium-headless-shell: the same engine without the browser around it, about 30% less CPU (issue 34). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium, headless, as the e2e tests drive it: the headless shell where installed (CHROMIUM_PATH overrides), or
 * with `full` the whole browser, for what the shell lacks (Periodic Background Sync: its getTags fails there).
 */
export const launchChromium = ({ full = false }: { full?: boolean } = {}) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (!full && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
    args: CHROMIUM_ARGS,
  });

/** The built app the e2e tests serve (E2E_DIST_DIR, else dist/); refuses to go on without a build. */
export function builtDistDir(): string {
  const distDir = process.env.E2E_DIST_DIR ?? 'dist';
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`Run \`npx vite build\` before the end-to-end tests (no ${distDir}/index.html).`);
  return distDir;
}

export interface E2eApp {
  url: string;
  browser: Browser;
  /** Calls the real API as a demo user (to verify on the server what the browser did). */
  api<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  tokenFor(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Calls the real API at the server `url()` answers now, and signs demo users in there (to verify on the server what the browser did). */
export function apiClient(url: () => string): Pick<E2eApp, 'api' | 'tokenFor'> {
  async function api<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
    const response = await fetch(url() + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async function tokenFor(name: string) {
    const login = await api<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
      body: { Username: demoUser(name), Password: DEMO_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`login ${name}: ${login.status}`);
    return login.body.bearerToken;
  }

  return { api, tokenFor };
}

/**
 * The built app (dist/) and a real server on a free port with an embedded database of its own: a copy of the run's
 * seeded one, or with `seedScale` a fresh one the server seeds at that scale (the benchmark seed).
 */
export async function startE2eApp(options: { seedScale?: number; fullChromium?: boolean } = {}): Promise<E2eApp> {
  // E2E_DIST_DIR lets a second build be tested without touching ./dist.
  const distDir = builtDistDir();
  const { path: dataDir, seeded: copied } =
    options.seedScale === undefined ? seededDataDir('homesite-e2e-') : { path: emptyDataDir('homesite-e2e-'), seeded: false };
  // shutdownDelayMs 0: no proxy's health check waits on a test's server (the default keeps answering 5 s at close).
  const server = await startServer({ port: 0, dataDir, distDir, quiet: true, seedScale: options.seedScale, shutdownDelayMs: 0 });
  // A copy the server did not take for seeded would cost each file the seed again, with every test still passing.
  if (copied && server.seeded) {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The server seeded its copy of the run's seeded database (${dataDir}) again.`);
  }
  const browser = await launchChromium({ full: options.fullChromium });

  return {
    url: server.url,
    browser,
    ...apiClient(() => server.url),
    async close() {
      await browser.close();
      await server.close();
      removeDataDir(dataDir);
    },
  };
}

/**
 * Takes service workers out of a context's pages, as in a browser that has none: the app then works online only (it
 * asks `'serviceWorker' in navigator`). The worker's install, which precaches the whole build, costs a context about
 * 6 s of CPU; a test that neither goes offline nor fires the worker's events has no use for it.
 */
const withoutServiceWorker = (context: BrowserContext) =>
  context.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });

/**
 * A fresh browser profile (its own cookies and storage). It has a service worker only with `serviceWorker: true`, for
 * a test that goes offline, waits for the worker or fires its events (withoutServiceWorker).
 */
export async function newContext(
  app: Pick<E2eApp, 'browser' | 'url'>,
  {
    viewport = { width: 1280, height: 900 },
    serviceWorker = false,
  }: { viewport?: { width: number; height: number }; serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ baseURL: app.url, viewport });
  if (!serviceWorker) await withoutServiceWorker(context);
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the service worker is activated (its precache complete) and controls the page, so the app can open offline. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** Fills and submits the login form; waits for nothing (a test may expect a failure or another destination). */
export async function submitLogin(page: Page, user: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.includes('@') ? user : demoUser(user));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in and lands on home. Terms of use (spec 1 §4): 'agree' expects the modal and agrees,
 * 'if-asked' agrees only when it shows (a user who agreed in an earlier context), 'leave' leaves it open.
 */
export async function signIn(page: Page, user: string, options: { password?: string; terms?: 'agree' | 'if-asked' | 'leave' } = {}) {
  await submitLogin(page, user, options.password);
  await page.waitForURL('**/home');
  const terms = page.getByRole('dialog', { name: 'Terms of Use' });
  const mode = options.terms ?? 'agree';
  if (mode === 'leave') return;
  if (mode === 'if-asked') {
    await Promise.race([terms.waitFor(), page.getByRole('list', { name: 'Apps' }).waitFor()]);
    if (!(await terms.isVisible())) return;
  }
  await terms.getByRole('button', { name: 'Agree', exact: true }).click();
  await terms.waitFor({ state: 'detached' });
}

/**
 * Signs `user` in on the page's fresh context the way a device that signed in before is: the token the login screen
 * would get (POST {auth}/api/Account/Token), in the `Bearer` cookie it would write (spec 1 §7), the Terms of Use agreed
 * on the server unless `terms: 'leave'`. No page is loaded: the test's first `page.goto` opens its screen signed in
 * (the app reads the profile from the server). For tests whose subject is not the sign-in form (issue 34: the form,
 * its redirect to /home and the terms modal cost two app loads per sign-in); shell.test.ts and the other sign-in
 * tests drive the form. A context where another user signed in by the form before is no fresh one: use signIn there.
 */
export async function signInByToken(
  app: Pick<E2eApp, 'url' | 'api' | 'tokenFor'>,
  page: Page,
  user: string,
  { terms = 'agree' }: { terms?: 'agree' | 'leave' } = {},
): Promise<string> {
  const token = await app.tokenFor(user);
  if (terms === 'agree') {
    const agreed = await app.api('POST', '/auth/api/Account/Terms/', { token });
    if (agreed.status !== 200) throw new Error(`terms of ${user}: ${agreed.status}`);
  }
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp?: number };
  await page.context().addCookies([{ name: 'Bearer', value: token, url: app.url, sameSite: 'Lax', expires: payload.exp ?? -1 }]);
  return token;
}

/**
 * Goes to `path` inside the app, as a link of the app does: the router takes the new location from the history
 * (TanStack's history listens to pushState), no new document is loaded. For a test whose subject is the screen, not
 * its loading; a test of what loads (the service worker serving a document offline, a relaunch) keeps `page.goto`.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
  }, path);
  const target = new URL(path, page.url());
  await page.waitForURL((url) => url.pathname === target.pathname);
}

/** The names of the home tiles, in order. */
export const tileNames = async (page: Page) =>
  (await page.getByRole('list', { name: 'Apps' }).getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());

/** Violations axe rates serious or critical, as `rule (impact): targets` lines — empty when there are none. */
export async function seriousAxeViolations(page: Page) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per call to combine frames' results,
  // which took a list screen's check from about 1.4 s to 3–5 s. The app has no cross-origin frame to combine.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Polls the server until `done` holds of what `read` answers (the outbox replays on `online`); answers the last read. */
export async function waitOnServer<T>(_page: Page, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  await expect.poll(async () => done((value = await read())), { timeout: 30_000, interval: 500 }).toBe(true);
  return value;
}
