import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDistDir, CHROMIUM_ARGS, FULL_CHROMIUM } from '../harness';
import { createServerProcess, type ServerProcess } from '../server-process';
import { removeDataDir, seededDataDir } from '../seeded-data-dir';
import { runOfflineSmoke, SMOKE_SERVER_ENV, type SmokeDriver } from './smoke';

/*
 * Issue 34: the other e2e tests drive Debian's chromium-headless-shell where it is installed (the same engine, about
 * 30% less CPU); this one runs the offline smoke (smoke.ts) in the full `chromium` people install, headless.
 */

let dataDir: string | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(FULL_CHROMIUM))
    throw new Error(`Chromium is not installed (no ${FULL_CHROMIUM}): apt-get install chromium (scripts/test.sh does).`);
  dataDir = seededDataDir('homesite-chromium-').path;
  server = await createServerProcess({ dataDir, distDir: builtDistDir(), env: SMOKE_SERVER_ENV });
  const [started, launched] = await Promise.allSettled([
    server.start(),
    chromium.launch({ executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS }),
  ]);
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw new Error(`Chromium did not start: ${String(launched.reason)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

function playwrightDriver(page: Page): SmokeDriver {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    currentUrl: async () => page.url(),
    // The function is self-contained (SmokeDriver): its source and its JSON arguments make the call.
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.locator(css).pressSequentially(text),
    setOffline: (offline) => page.context().setOffline(offline),
    errors: async () => [...errors],
  };
}

describe('Chromium (the full browser)', () => {
  it('offline smoke: sign in, keep the list, reload with the server down, change a work order, delivered once when it is back', async () => {
    const page = await (await browser!.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const result = await runOfflineSmoke({
      driver: playwrightDriver(page),
      server: server!,
      browser: 'Chromium',
      log: (line) => console.info(line),
    });
    expect(result.delivered).toBe(1);
    expect(result.errors).toEqual([]);
  }, 120_000);
});
