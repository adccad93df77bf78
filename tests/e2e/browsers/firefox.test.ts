import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerProcess, type ServerProcess } from '../server-process';
import { removeDataDir, seededDataDir } from '../seeded-data-dir';
import { runOfflineSmoke, SMOKE_SERVER_ENV, type SmokeDriver } from './smoke';

/*
 * Issue 19: the offline smoke run (smoke.ts) in Firefox ESR — Debian's firefox-esr, headless, driven by
 * puppeteer-core over WebDriver BiDi (Debian has no geckodriver). Offline is real here: besides stopping
 * the server, the page is switched offline with BiDi's emulation.setNetworkConditions (puppeteer's
 * setOfflineMode), so navigator.onLine turns false and `offline` / `online` fire as on a real device.
 */

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/lib/firefox-esr/firefox-esr';

let dataDir: string | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(FIREFOX))
    throw new Error(
      `Firefox ESR is not installed (no ${FIREFOX}): apt-get install firefox-esr (scripts/test.sh does), or set FIREFOX_PATH.`,
    );
  const distDir = process.env.E2E_DIST_DIR ?? 'dist';
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`Run \`npx vite build\` before the end-to-end tests (no ${distDir}/index.html).`);
  dataDir = seededDataDir('homesite-firefox-').path;
  server = await createServerProcess({ dataDir, distDir, env: SMOKE_SERVER_ENV });
  const launching = puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    timeout: 60_000,
    protocolTimeout: 60_000,
  });
  // If the server fails to start, the browser must not be left running.
  const [started, launched] = await Promise.allSettled([server.start(), launching]);
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw new Error(`Firefox ESR did not start: ${String(launched.reason)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

function puppeteerDriver(page: Page): SmokeDriver {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  let offline = false;
  const setOffline = async (value: boolean) => {
    await page.setOfflineMode(value);
    offline = value;
  };
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    async reload() {
      await page.reload({ waitUntil: 'load' });
      // Firefox quirk: a document loaded while the emulation is offline starts with navigator.onLine false, but the
      // emulation's first switch back online fires no `online` in it (later switches do). One switch to online and
      // back, while the server is still down, puts the page's events in step with the emulation from here on.
      if (offline) {
        await setOffline(false);
        await setOffline(true);
      }
    },
    currentUrl: () => page.evaluate(() => location.href),
    evaluate: (fn, ...args) => page.evaluate(fn as (...params: unknown[]) => unknown, ...args) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    setOffline,
    errors: async () => [...errors],
  };
}

describe('Firefox ESR', () => {
  it('offline smoke: sign in, keep the list, reload with the server down, change a work order, delivered once when it is back', async () => {
    const page = await browser!.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const result = await runOfflineSmoke({
      driver: puppeteerDriver(page),
      server: server!,
      browser: 'Firefox',
      log: (line) => console.info(line),
    });
    expect(result.delivered).toBe(1);
    expect(result.errors).toEqual([]);
  }, 120_000);
});
