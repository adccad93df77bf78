/**
 * CSP and the other security headers as screens grow (issue 14 §6): the built app in Chromium, signed in
 * as users of different kinds, visits every route the home tiles, the side navigation and the user menu
 * lead to (plus a side panel, the PDF reader and the release notes), and expects no Content Security
 * Policy violation (a `securitypolicyviolation` listener installed before any script of the app runs),
 * no CSP message on the console, strict headers on every document answer (from the network and from the
 * service worker) and no inline script or event handler in the built or served index.html.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, signIn, startE2eApp, waitForServiceWorker, type E2eApp } from './harness';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

const distDir = () => process.env.E2E_DIST_DIR ?? 'dist';

/** Inline scripts, inline event handlers and javascript: URLs in an HTML text (what a strict script-src forbids). */
function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    const isData = /\btype\s*=\s*["']?(application\/(ld\+)?json|importmap)/i.test(attributes);
    if (!/\bsrc\s*=/.test(attributes) || body.trim() !== '')
      found.push(`${isData ? 'data block' : 'inline script'}: ${match[0].slice(0, 120)}`);
  }
  for (const match of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) found.push(`event handler ${match[1]}: ${match[0].slice(0, 120)}`);
  for (const match of html.matchAll(/\s(?:href|src|action)\s*=\s*["']?\s*javascript:/gi)) found.push(`javascript: URL ${match[0]}`);
  return found;
}

/** The headers every document answer must carry; the problems found, as lines. */
function headerProblems(headers: Record<string, string>, what: string): string[] {
  const problems: string[] = [];
  const csp = headers['content-security-policy'];
  if (!csp) return [`${what}: no Content-Security-Policy`];
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  const expectDirective = (name: string, value: string[]) => {
    if (JSON.stringify(directives.get(name)) !== JSON.stringify(value))
      problems.push(`${what}: ${name} is ${JSON.stringify(directives.get(name))}`);
  };
  expectDirective('default-src', ["'self'"]);
  expectDirective('script-src', ["'self'"]);
  expectDirective('object-src', ["'none'"]);
  expectDirective('base-uri', ["'self'"]);
  expectDirective('frame-ancestors', ["'none'"]);
  expectDirective('form-action', ["'self'"]);
  for (const [name, values] of directives) {
    if (values.includes("'unsafe-eval'") || values.includes('*')) problems.push(`${what}: ${name} ${values.join(' ')}`);
    // style-src keeps 'unsafe-inline': React style attributes and the <style> elements of toasts and dialogs.
    if (name !== 'style-src' && values.includes("'unsafe-inline'")) problems.push(`${what}: ${name} allows 'unsafe-inline'`);
  }
  const expected: Record<string, RegExp> = {
    'x-content-type-options': /^nosniff$/,
    'x-frame-options': /^DENY$/,
    'referrer-policy': /^strict-origin-when-cross-origin$/,
    'strict-transport-security': /^max-age=\d{7,}; includeSubDomains$/,
    'cross-origin-opener-policy': /^same-origin$/,
    'permissions-policy': /camera=\(self\).*microphone=\(\).*geolocation=\(\)/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    if (!pattern.test(headers[name] ?? '')) problems.push(`${what}: ${name} is ${JSON.stringify(headers[name])}`);
  }
  return problems;
}

interface Watch {
  violations: string[];
  consoleCsp: string[];
  documents: { url: string; status: number; fromServiceWorker: boolean; headers: Record<string, string> }[];
  /** Same-origin answers (API, assets) from the network without nosniff or CSP. */
  unprotected: string[];
}

/**
 * Records, for every page of the context, the CSP violations (reported by a listener that runs before the
 * app's scripts), CSP messages on the console and the headers of document and same-origin answers.
 */
async function watch(context: BrowserContext): Promise<Watch> {
  const seen: Watch = { violations: [], consoleCsp: [], documents: [], unprotected: [] };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    seen.violations.push(text);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  const onPage = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame|create)|Permissions[- ]Policy/i.test(text)) {
        seen.consoleCsp.push(`${page.url()}: ${message.type()}: ${text}`);
      }
    });
    page.on('response', (response: Response) => onResponse(response));
  };
  const onResponse = (response: Response) => {
    if (!response.url().startsWith(app.url)) return;
    const headers = response.headers();
    const type = response.request().resourceType();
    if (type === 'document') {
      seen.documents.push({ url: response.url(), status: response.status(), fromServiceWorker: response.fromServiceWorker(), headers });
    } else if (!response.fromServiceWorker() && response.status() !== 304) {
      if (headers['x-content-type-options'] !== 'nosniff' || !headers['content-security-policy']) {
        seen.unprotected.push(`${type} ${response.status()} ${response.url()}`);
      }
    }
  };
  context.on('page', onPage);
  for (const page of context.pages()) onPage(page);
  return seen;
}

/** The same-origin paths of the links in `scope` (tiles, side navigation, menu). */
async function localHrefs(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

/** Waits for the screen of `path`: a level-1 heading, then the network at rest (briefly). */
async function settle(page: Page, path: string) {
  try {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
  } catch (error) {
    throw new Error(`${path}: no level-1 heading (now at ${page.url()})`, { cause: error });
  }
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
}

/** Opens `path` as a document (a request the server or the service worker answers, with its headers). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await settle(page, path);
}

/** Goes to `path` inside the app, as a click on its link does (the router, no new document). */
async function follow(page: Page, path: string) {
  await page
    .locator(`a[href="${path}"]`)
    .first()
    .evaluate((link: HTMLElement) => link.click());
  await page.waitForURL((url) => url.pathname.toLowerCase() === path.toLowerCase());
  await settle(page, path);
}

/**
 * Every route of the user's tiles, side navigation and user menu: the apps through the side navigation
 * (its links are in the page, the ones in More too), the menu's routes as documents.
 */
async function visitEveryRoute(page: Page): Promise<string[]> {
  const apps = await localHrefs(page, 'ul[aria-label="Apps"] a[href]');
  const [firstApp] = apps;
  if (firstApp) {
    await follow(page, firstApp);
    for (const href of await localHrefs(page, 'nav[aria-label="Apps"] a[href]')) if (!apps.includes(href)) apps.push(href);
    for (const href of apps.slice(1)) await follow(page, href);
  }
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menu').waitFor();
  const menu = (await localHrefs(page, '[role="menu"] a[href]')).filter((href) => !apps.includes(href));
  await page.keyboard.press('Escape');
  for (const href of [...menu, '/pending-changes']) await visit(page, href);
  return [...apps, ...menu];
}

describe('CSP and security headers across the screens', () => {
  it('the built index.html has no inline script, no inline event handler and no javascript: URL', () => {
    const html = readFileSync(join(distDir(), 'index.html'), 'utf8');
    expect(inlineCode(html)).toEqual([]);
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
  });

  it.concurrent(
    'an admin: every screen, a side panel, What’s new and the PDF reader, without a CSP violation',
    { timeout: 90_000 },
    async ({ expect }) => {
      const { context, page } = await newContext(app, { serviceWorker: true });
      const seen = await watch(context);
      try {
        // Signed out first: the login screen and an unknown route.
        const login = await page.goto('/login');
        expect(inlineCode(await login!.text())).toEqual([]);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await signIn(page, 'admin', { terms: 'if-asked' });
        const served = await page.goto('/home');
        expect(inlineCode(await served!.text())).toEqual([]);
        await page.getByRole('list', { name: 'Apps' }).waitFor();

        const routes = await visitEveryRoute(page);
        expect(routes).toEqual(
          expect.arrayContaining(['/sales/leads', '/service', '/reports', '/help', '/learn', '/admin/users', '/myAccount', '/support']),
        );

        // A side panel over the users list, the release notes over the current page.
        await page.goto('/admin/newUser');
        await page
          .getByRole('dialog')
          .getByLabel(/First name/i)
          .first()
          .waitFor();
        await visit(page, '/home');
        await page.getByRole('button', { name: /User menu/ }).click();
        await page.getByRole('menuitem', { name: "What's new?" }).click();
        await page.getByRole('dialog').first().waitFor();
        await page.keyboard.press('Escape');

        // The PDF reader: pdf.js, its worker and a blob: document.
        await visit(page, '/help');
        await page.getByRole('link', { name: /Submitting a Service Request/ }).click();
        await page.locator('.textLayer').getByText('Before you start').waitFor();

        // Documents served by the service worker must keep the headers too.
        await waitForServiceWorker(page);
        await visit(page, '/sales/orders');
        await visit(page, '/nps');

        expect(seen.violations).toEqual([]);
        expect(seen.consoleCsp).toEqual([]);
        expect(seen.unprotected).toEqual([]);
        // The menu's routes, the panel and the reader as documents: from the server until the service worker takes
        // control (when it does depends on how soon it installs), the last two from the service worker.
        expect(seen.documents.length).toBeGreaterThanOrEqual(8);
        expect(seen.documents.filter((doc) => !doc.fromServiceWorker).length).toBeGreaterThanOrEqual(1);
        expect(seen.documents.filter((doc) => doc.fromServiceWorker).map((doc) => new URL(doc.url).pathname)).toEqual(
          expect.arrayContaining(['/sales/orders', '/nps']),
        );
        expect(
          seen.documents.flatMap((doc) => headerProblems(doc.headers, `${doc.fromServiceWorker ? 'SW ' : ''}${doc.status} ${doc.url}`)),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  // The other users side by side (one browser context each), to keep the file short.
  it.concurrent.for(['internal', 'plant', 'service'])(
    '%s: every screen of the tiles, side navigation and user menu, without a CSP violation',
    { timeout: 60_000 },
    async (user, { expect }) => {
      const { context, page } = await newContext(app, { serviceWorker: true });
      const seen = await watch(context);
      try {
        await signIn(page, user, { terms: 'if-asked' });
        const routes = await visitEveryRoute(page);
        expect(routes.length).toBeGreaterThan(3);
        expect(seen.violations).toEqual([]);
        expect(seen.consoleCsp).toEqual([]);
        expect(seen.unprotected).toEqual([]);
        expect(
          seen.documents.flatMap((doc) => headerProblems(doc.headers, `${doc.fromServiceWorker ? 'SW ' : ''}${doc.status} ${doc.url}`)),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
