import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Builder, By, Capabilities, type WebDriver } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerProcess, freePort, type ServerProcess } from '../server-process';
import { removeDataDir, seededDataDir } from '../seeded-data-dir';
import { runOfflineSmoke, SMOKE_SERVER_ENV, type SmokeDriver } from './smoke';

/*
 * Issue 19: the offline smoke run (smoke.ts) in WebKit — Debian's WebKitGTK: WebKitWebDriver runs MiniBrowser
 * (it has no headless mode, so under an Xvfb this test starts itself), driven by selenium-webdriver over
 * classic WebDriver. No BiDi here: no network emulation (offline is the server stopped) and no console, so
 * the page's uncaught errors are collected by listeners the test puts in each document it loads.
 * WebKitGTK has no navigator.storage, no requestIdleCallback and no Background Sync, as iPads lack some of them.
 */

const DRIVER = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

let dataDir: string | undefined;
let server: ServerProcess | undefined;
let xvfb: ChildProcess | undefined;
let webDriverProcess: ChildProcess | undefined;
let driver: WebDriver | undefined;
let webDriverLog = '';

/** Starts Xvfb on a display it picks itself (-displayfd), so that parallel runs never share one. */
function startXvfb(): Promise<{ process: ChildProcess; display: string }> {
  return new Promise((resolve, reject) => {
    const started = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    started.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start within 10 s: ${errors}`)), 10_000);
    started.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${errors}`));
    });
    started.stdio[3]!.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve({ process: started, display: `:${chunk.toString().trim()}` });
    });
  });
}

/** WebKitWebDriver on a free port, under `display`; answers when it takes sessions. */
async function startWebDriver(display: string): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const started = spawn(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => (webDriverLog = (webDriverLog + chunk.toString()).slice(-10_000));
  started.stdout!.on('data', append);
  started.stderr!.on('data', append);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`WebKitWebDriver exited (${started.exitCode}): ${webDriverLog}`);
    try {
      const status = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1_000) });
      if (status.ok) return { process: started, url };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer within 15 s: ${webDriverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startWebKit(): Promise<WebDriver> {
  const display = await startXvfb();
  xvfb = display.process;
  const webDriver = await startWebDriver(display.display);
  webDriverProcess = webDriver.process;
  const capabilities = new Capabilities();
  capabilities.setBrowserName('MiniBrowser');
  capabilities.set('webkitgtk:browserOptions', { binary: MINIBROWSER, args: ['--automation'] });
  const session = await new Builder().usingServer(webDriver.url).withCapabilities(capabilities).build();
  await session.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
  await session.manage().window().setRect({ width: 1280, height: 900 });
  return session;
}

beforeAll(async () => {
  const missing = [DRIVER, MINIBROWSER, XVFB].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `WebKitGTK is not installed (no ${missing.join(', ')}): apt-get install webkit2gtk-driver xvfb (scripts/test.sh does).`,
    );
  }
  const distDir = process.env.E2E_DIST_DIR ?? 'dist';
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`Run \`npx vite build\` before the end-to-end tests (no ${distDir}/index.html).`);
  dataDir = seededDataDir('homesite-webkit-').path;
  server = await createServerProcess({ dataDir, distDir, env: SMOKE_SERVER_ENV });
  const [started, launched] = await Promise.allSettled([server.start(), startWebKit()]);
  if (launched.status === 'fulfilled') driver = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw new Error(`WebKitGTK did not start: ${String(launched.reason)}\n${webDriverLog}`);
});

afterAll(async () => {
  await driver?.quit().catch(() => undefined);
  webDriverProcess?.kill();
  xvfb?.kill();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

/** In the page: keeps the document's uncaught errors and unhandled rejections in window.__smokeErrors. */
function listenForErrors() {
  const page = window as unknown as { __smokeErrors?: string[] };
  if (page.__smokeErrors) return;
  const errors: string[] = [];
  page.__smokeErrors = errors;
  addEventListener('error', (event) => errors.push(event.message || String(event.error)));
  addEventListener('unhandledrejection', (event) =>
    errors.push(`unhandled rejection: ${String(event.reason instanceof Error ? event.reason.message : event.reason)}`),
  );
}

function seleniumDriver(session: WebDriver): SmokeDriver {
  const errors: string[] = [];
  async function evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    const answer = (await session.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const args = Array.prototype.slice.call(arguments, 0, -1);
       Promise.resolve()
         .then(() => (${fn.toString()}).apply(null, args))
         .then((value) => done({ value: value === undefined ? null : value }), (error) => done({ error: String((error && error.stack) || error) }));`,
      ...args,
    )) as { value: Awaited<R> } | { error: string };
    if ('error' in answer) throw new Error(answer.error);
    return answer.value;
  }
  /** Moves the current document's errors here before it goes away. */
  const collect = async () => {
    const found = await evaluate(() => (window as unknown as { __smokeErrors?: string[] }).__smokeErrors ?? []).catch(() => []);
    errors.push(...found);
  };
  const loaded = () => evaluate(listenForErrors);
  return {
    async goto(url) {
      await collect();
      await session.get(url);
      await loaded();
    },
    async reload() {
      await collect();
      await session.navigate().refresh();
      await loaded();
    },
    currentUrl: () => evaluate(() => location.href),
    evaluate,
    click: async (css) => session.findElement(By.css(css)).click(),
    type: async (css, text) => session.findElement(By.css(css)).sendKeys(text),
    async errors() {
      await collect();
      await evaluate(() => void (window as unknown as { __smokeErrors?: string[] }).__smokeErrors?.splice(0));
      return [...errors];
    },
  };
}

describe('WebKit (WebKitGTK)', () => {
  it('offline smoke: sign in, keep the list, reload with the server down, change a work order, delivered once when it is back', async () => {
    const result = await runOfflineSmoke({
      driver: seleniumDriver(driver!),
      server: server!,
      browser: 'WebKit',
      log: (line) => console.info(line),
    });
    expect(result.delivered).toBe(1);
    expect(result.errors).toEqual([]);
  }, 120_000);
});
