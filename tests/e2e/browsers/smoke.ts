import { randomUUID } from 'node:crypto';
import type { ServiceRequest, ServiceRequestSummary } from '../../../src/contract';
import { apiClient, DEMO_PASSWORD, demoUser } from '../harness';
import { requestsInFlight } from '../requests-in-flight';
import type { ServerProcess } from '../server-process';

/*
 * Issue 19: the offline smoke run that every browser other than Chromium goes through (Firefox ESR over
 * WebDriver BiDi, WebKitGTK over classic WebDriver). Each browser's test file supplies a SmokeDriver;
 * everything below talks to the page only through it, so the steps are the same in every browser:
 *
 * 1. sign in through the login form (agreeing to the terms when asked);
 * 2. open /service and wait until every open request is kept on the device and the service worker controls the page;
 * 3. stop the server (and switch the browser offline where it can) and reload: the shell comes from the
 *    service worker, the list from the device ("Saved copy, updated …");
 * 4. open an open work order (/workorders/{id}) from the list and add a service item: it waits in the outbox;
 * 5. start the server again on the same data dir and port (and switch the browser back online);
 * 6. read the work order from the real API: the item is there exactly once, and nothing is left on the device.
 */

/** The few things the smoke run needs of a browser driver. Elements are addressed by CSS (markTarget gives them one). */
export interface SmokeDriver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  currentUrl(): Promise<string>;
  /** Runs `fn` in the page (it must use nothing from outside itself; arguments and answer are JSON). */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  click(css: string): Promise<void>;
  /** Types into an empty field, key by key. */
  type(css: string, text: string): Promise<void>;
  /** The browser's own offline mode, where the driver can switch it (Firefox over BiDi); the server is stopped either way. */
  setOffline?(offline: boolean): Promise<void>;
  /** Uncaught errors and unhandled rejections of the page seen so far. */
  errors(): Promise<string[]>;
}

/** An element to find: `css`, visible, optionally with an accessible name (exact or prefix), inside another target; or a form field by its label. */
export interface Target {
  css?: string;
  name?: string;
  nameStarts?: string;
  /** A form control whose <label> (or aria-label) reads this. */
  label?: string;
  within?: Target;
}

/**
 * In the page: finds `target` and marks it with data-smoke="<token>" (so the driver can reach it by CSS);
 * answers whether it was found. Self-contained: it is serialized into the page.
 */
function markTarget(target: Target, token: string): boolean {
  const textOf = (element: Element) => {
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const nameOf = (element: Element) => {
    const label = element.getAttribute('aria-label');
    if (label) return label.trim();
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => {
          const labelElement = document.getElementById(id);
          return labelElement ? textOf(labelElement) : '';
        })
        .join(' ')
        .trim();
    }
    return textOf(element);
  };
  const visible = (element: Element) => element.getClientRects().length > 0;
  const find = (root: ParentNode, wanted: Target): Element | undefined => {
    const scope = wanted.within ? find(root, wanted.within) : root;
    if (!scope) return undefined;
    if (wanted.label !== undefined) {
      for (const label of Array.from(scope.querySelectorAll('label'))) {
        if (textOf(label) !== wanted.label) continue;
        const control = label.control ?? (label.htmlFor ? document.getElementById(label.htmlFor) : null);
        if (control && visible(control)) return control;
      }
      return Array.from(scope.querySelectorAll('input, textarea, select')).find(
        (control) => control.getAttribute('aria-label') === wanted.label && visible(control),
      );
    }
    return Array.from(scope.querySelectorAll(wanted.css ?? '*')).find((element) => {
      if (!visible(element)) return false;
      if (wanted.name === undefined && wanted.nameStarts === undefined) return true;
      const name = nameOf(element);
      return wanted.name !== undefined ? name === wanted.name : name.startsWith(wanted.nameStarts!);
    });
  };
  document.querySelectorAll(`[data-smoke="${token}"]`).forEach((old) => old.removeAttribute('data-smoke'));
  const found = find(document, target);
  found?.setAttribute('data-smoke', token);
  return found !== undefined;
}

/** In the page: the text of the first visible element matching `css` whose text contains `contains`, or null. */
function visibleText(css: string, contains: string): string | null {
  for (const element of Array.from(document.querySelectorAll(css))) {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (element.getClientRects().length > 0 && text.includes(contains)) return text;
  }
  return null;
}

/** In the page: waits (up to `timeoutMs`) until the service worker is activated and controls the page. */
async function serviceWorkerControls(timeoutMs: number): Promise<string> {
  if (!('serviceWorker' in navigator)) return 'this browser has no navigator.serviceWorker';
  const ready = (async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return 'ok';
  })();
  const late = new Promise<string>((resolve) =>
    setTimeout(() => {
      void navigator.serviceWorker.getRegistrations().then((registrations) => {
        const states = registrations.map((registration) =>
          ['installing', 'waiting', 'active'].map((slot) => `${slot}: ${registration[slot as 'active']?.state ?? '-'}`).join(', '),
        );
        resolve(
          `no controlling service worker after ${timeoutMs} ms (controller: ${navigator.serviceWorker.controller ? 'yes' : 'none'}; registrations: ${states.join(' | ') || 'none'})`,
        );
      });
    }, timeoutMs),
  );
  return Promise.race([ready, late]);
}

interface DeviceState {
  /** Ids of the requests whose whole copy is kept (the `entities` table, kind service-request), with their rowVersion. */
  kept: [string, number | undefined][];
  /** The outbox, oldest first. */
  outbox: { label: string; status: string; attempts: number; error: string | undefined }[];
}

/** In the page: what the device keeps (IndexedDB `homesite`); empty before the app made its database. */
function deviceState(): Promise<DeviceState> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('homesite');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('entities') || !db.objectStoreNames.contains('outbox')) {
        db.close();
        resolve({ kept: [], outbox: [] });
        return;
      }
      const tx = db.transaction(['entities', 'outbox'], 'readonly');
      const entities = tx.objectStore('entities').index('kind').getAll('service-request');
      const outbox = tx.objectStore('outbox').getAll();
      tx.oncomplete = () => {
        db.close();
        resolve({
          kept: (entities.result as { id: string; data?: { rowVersion?: number } }[]).map((row) => [row.id, row.data?.rowVersion]),
          outbox: (outbox.result as { label: string; status: string; attempts: number; lastError?: { message: string } }[]).map((row) => ({
            label: row.label,
            status: row.status,
            attempts: row.attempts,
            error: row.lastError?.message,
          })),
        });
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds; fails with `what` and the last value (or error) after `timeoutMs`. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: string = 'nothing read yet';
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      last = String(JSON.stringify(value)).slice(0, 1500);
    } catch (error) {
      // A navigation in progress destroys the page's context: read again.
      last = `error: ${String(error instanceof Error ? error.message : error).slice(0, 500)}`;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last: ${last}`);
    await sleep(250);
  }
}

const describe = (target: Target): string =>
  [
    target.label !== undefined ? `field labelled "${target.label}"` : (target.css ?? '*'),
    target.name !== undefined ? `named "${target.name}"` : '',
    target.nameStarts !== undefined ? `named "${target.nameStarts}…"` : '',
    target.within ? `in ${describe(target.within)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

let tokens = 0;

/** Page steps on top of a SmokeDriver. */
export class SmokePage {
  constructor(private readonly driver: SmokeDriver) {}

  /** Waits until `target` is on the page; answers a CSS selector that reaches it. */
  async find(target: Target, timeoutMs = 30_000): Promise<string> {
    const token = `t${++tokens}`;
    await until(
      describe(target),
      () => this.driver.evaluate(markTarget, target, token),
      (found) => found,
      timeoutMs,
    );
    return `[data-smoke="${token}"]`;
  }

  async isThere(target: Target): Promise<boolean> {
    return this.driver.evaluate(markTarget, target, `probe${++tokens}`);
  }

  async gone(target: Target, timeoutMs = 30_000) {
    await until(
      `${describe(target)} to go`,
      () => this.isThere(target),
      (there) => !there,
      timeoutMs,
    );
  }

  async click(target: Target) {
    await this.driver.click(await this.find(target));
  }

  /** Types `text` into the empty field `target` and checks that the field holds it. */
  async fill(target: Target, text: string) {
    const css = await this.find(target);
    await this.driver.type(css, text);
    await until(
      `${describe(target)} to hold "${text}"`,
      () => this.driver.evaluate((selector: string) => (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null, css),
      (value) => value === text,
      5_000,
    );
  }

  async urlMatches(pattern: RegExp, timeoutMs = 30_000) {
    await until(
      `the address to match ${pattern}`,
      () => this.driver.currentUrl(),
      (url) => pattern.test(url),
      timeoutMs,
    );
  }

  /** The `href` of every element `css` selects. */
  hrefs(css: string): Promise<string[]> {
    return this.driver.evaluate(
      (selector: string) => [...document.querySelectorAll(selector)].map((a) => a.getAttribute('href') ?? ''),
      css,
    );
  }

  text(css: string, contains: string) {
    return this.driver.evaluate(visibleText, css, contains);
  }

  /** What the page's main region reads (for a failure message). */
  mainText(): Promise<string> {
    return this.driver.evaluate(() =>
      ((document.querySelector('main') ?? document.body) as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 600),
    );
  }

  async device(): Promise<DeviceState> {
    return this.driver.evaluate(deviceState);
  }

  async serviceWorkerControls(timeoutMs = 45_000) {
    const answer = await this.driver.evaluate(serviceWorkerControls, timeoutMs);
    if (answer !== 'ok') throw new Error(`The service worker does not control the page: ${answer}`);
  }
}

const EDITABLE_WORK_ORDER_STATUSES = ['O', 'S', 'I', 'D'];

/** The server's environment for the smoke run: its metrics tell when it has answered every request of the device. */
export const SMOKE_SERVER_ENV = { METRICS_TOKEN: randomUUID() };

export interface SmokeOptions {
  driver: SmokeDriver;
  /** The server as its own process (with SMOKE_SERVER_ENV), running; stopped and started again on the same data dir and port. */
  server: ServerProcess;
  /** Names the browser in the service item the run adds, so each browser's item is its own. */
  browser: string;
  /** Each step's name and how long it took. */
  log?: (line: string) => void;
}

/** The steps of the file comment above. Throws, with what was expected and what was there, at the first step that fails. */
export async function runOfflineSmoke({ driver, server, browser, log = () => undefined }: SmokeOptions) {
  const page = new SmokePage(driver);
  const { api, tokenFor } = apiClient(() => server.url);
  let stepStarted = Date.now();
  const step = (name: string) => {
    log(`${browser}: ${name} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
    stepStarted = Date.now();
  };
  const token = await tokenFor('service');

  // 1. Sign in through the form; agree to the terms when asked.
  await driver.goto(`${server.url}/login`);
  await page.fill({ label: 'Username' }, demoUser('service'));
  await page.fill({ label: 'Password' }, DEMO_PASSWORD);
  await page.click({ css: 'button', name: 'Sign in' });
  await page.urlMatches(/\/home$/);
  const terms: Target = { css: '[role="dialog"]', name: 'Terms of Use' };
  const landed = await until(
    'the terms of use or the home tiles',
    async () => ((await page.isThere(terms)) ? 'terms' : (await page.isThere({ css: '[aria-label="Apps"]' })) ? 'home' : undefined),
    (value) => value !== undefined,
  );
  if (landed === 'terms') {
    await page.click({ css: 'button', name: 'Agree', within: terms });
    await page.gone(terms);
  }
  // The worker registers once the first screen is up; the next page loaded after it is active is controlled from the start.
  await page.serviceWorkerControls();
  step('signed in, service worker in control');

  // 2. The work-order list, online: every open request kept on the device, the service worker in control.
  const workOrderLink: Target = { css: 'a[href^="/workorders/"]', within: { css: '[role="table"]', name: 'Work orders' } };
  await driver.goto(`${server.url}/service`);
  await page.find(workOrderLink);
  await page.serviceWorkerControls();
  const listed = await api<ServiceRequestSummary[]>('GET', '/api/service', { token });
  if (listed.status !== 200) throw new Error(`GET /api/service: ${listed.status}`);
  const open = listed.body.filter((row) => !row.isClosed && !row.isArchived);
  const openIds = open.map((row) => String(row.serviceRequestId));
  await until(
    `all ${openIds.length} open requests kept on the device`,
    async () => {
      const kept = new Set((await page.device()).kept.map(([id]) => id));
      return openIds.filter((id) => !kept.has(id));
    },
    (missing) => missing.length === 0,
    60_000,
  );
  // The priming's last writes are done when its progress is gone.
  await page.gone({ css: '[role="status"]', nameStarts: 'Making open work orders available offline' });
  let target: ServiceRequest | undefined;
  for (const row of open.filter(
    (summary) => summary.vantageWorkOrderId !== null && EDITABLE_WORK_ORDER_STATUSES.includes(summary.status),
  )) {
    const whole = await api<ServiceRequest>('GET', `/api/service/${row.serviceRequestId}`, { token });
    if (whole.status === 200 && whole.body.canEdit) {
      target = whole.body;
      break;
    }
  }
  if (!target) throw new Error('The demo data has no open work order that service@ can edit.');
  step(`list kept (${openIds.length} open requests)`);

  // 3. The server goes away (and the browser offline, where it can): the reload comes from the service worker and the device.
  await server.stop();
  await driver.setOffline?.(true);
  await driver.reload();
  await page.find({ css: '[role="status"]', nameStarts: 'Saved copy, updated' });
  await page.find(workOrderLink);
  step('reloaded offline: saved copy of the list');

  // 4. Open the work order from the list and add a service item: it waits in the outbox.
  await page.fill({ label: 'Search requests' }, target.vantageWorkOrderNumber!);
  // The search applies after its debounce and moves the row: click once the list holds only it, not where it was before.
  const targetHref = `/workorders/${target.vantageWorkOrderId}`;
  await until(
    `the list narrowed to ${targetHref}`,
    () => page.hrefs('[role="table"] a[href^="/workorders/"]'),
    (hrefs) => hrefs.length > 0 && hrefs.every((href) => href === targetHref),
  );
  await page.click({ css: `a[href="${targetHref}"]`, within: workOrderLink.within });
  await page.urlMatches(new RegExp(`/workorders/${target.vantageWorkOrderId}$`));
  const addItem: Target = { css: 'a', name: 'Add Service Item' };
  const opened = await until(
    `work order ${target.vantageWorkOrderId} to open offline, with its Add Service Item`,
    async () =>
      (await page.text('[role="alert"], [role="status"], .notice, p', 'could not be loaded')) ??
      (await page.text('[role="alert"], [role="status"], .notice, p', "isn't saved on this device")) ??
      ((await page.isThere(addItem)) ? 'opened' : undefined),
    (value) => value !== undefined,
  ).catch(async (error: unknown) => `${String(error instanceof Error ? error.message : error)}; the page says: ${await page.mainText()}`);
  if (opened !== 'opened')
    throw new Error(`Work order ${target.vantageWorkOrderId} (request ${target.serviceRequestId}) did not open offline: ${opened}`);
  const problem = `${browser} smoke: skirting panel loose ${Date.now()}`;
  await page.click(addItem);
  const panel: Target = { css: '[role="dialog"]', name: 'Add Service Item' };
  await page.find(panel);
  await page.fill({ label: 'Problem description', within: panel }, problem);
  await page.fill({ label: 'Determined cause', within: panel }, 'Settling of the home');
  await page.fill({ label: 'Action taken', within: panel }, 'Refastened the panel');
  await page.fill({ label: 'Labor hours', within: panel }, '1');
  await page.fill({ label: 'Parts cost', within: panel }, '5');
  await page.click({ css: 'button', name: 'Save', within: panel });
  await page.gone(panel);
  const items: Target = { css: 'section', name: 'Service Items' };
  await page.find({ css: '*', name: problem, within: items });
  // The item's mark: 'Pending', and for screen readers (and as its title) "Saved on this device, waiting to be sent."
  await until(
    'the "Saved on this device" mark on the item',
    () => page.text('.pending-badge', 'Saved on this device, waiting to be sent.'),
    (text) => text !== null,
    10_000,
  );
  const queued = await page.device();
  const waiting = queued.outbox.map((entry) => entry.label);
  if (waiting.length !== 1 || waiting[0] !== 'Add service item')
    throw new Error(`Expected one "Add service item" in the outbox, found ${JSON.stringify(queued.outbox)}`);
  step('work order changed offline, queued');

  // 5. The server comes back on the same data and port (and the browser online).
  await server.start();
  await driver.setOffline?.(false);
  step('server back');

  // 6. The outbox delivers by itself; the server has the item exactly once, and nothing waits on the device.
  const countOnServer = async () => {
    const stored = await api<ServiceRequest>('GET', `/api/service/${target.serviceRequestId}`, { token });
    if (stored.status !== 200) throw new Error(`GET /api/service/${target.serviceRequestId}: ${stored.status}`);
    return stored.body.serviceItems.filter((item) => item.problemDescription === problem).length;
  };
  await until('the service item on the server', countOnServer, (count) => count > 0, 60_000);
  await until(
    'an empty outbox on the device',
    async () => (await page.device()).outbox,
    (outbox) => outbox.length === 0,
    15_000,
  );
  // Nothing is left to send, and the server is done with what was sent (a doubled write among it): the count is final.
  await until(
    'no request under way on the server',
    () => requestsInFlight(server.url, SMOKE_SERVER_ENV.METRICS_TOKEN),
    (count) => count === 0,
    15_000,
  );
  const delivered = await countOnServer();
  step('delivered');
  const errors = await driver.errors();
  return { delivered, errors, workOrderId: target.vantageWorkOrderId, serviceRequestId: target.serviceRequestId };
}
