import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarrantyCard } from '../../src/contract';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { startServer, type RunningServer } from '../../src/server/main';
import { createScratchDatabase } from '../api/harness';
import { runHomesite } from '../cli-runner';
import { apiClient, CHROMIUM_ARGS, DEMO_PASSWORD, demoUser, signIn, waitForServiceWorker } from './harness';

/*
 * Issue 20, done when: an organisation puts HomeSite into service on an empty database — embedded and PostgreSQL.
 * Production mode starts with no demo user; the administrator is made from the command line; every example file is
 * imported; the administrator signs in in Chromium; an imported retailer user signs in, sees exactly their imported
 * homes and works offline as usual; re-importing changes nothing, and a changed home reaches the open device.
 */

const EXAMPLES = resolve('examples/import');
const ADMIN = { userName: 'it.admin@valleyview.example', password: 'Opening#Day2026' };
/** An imported service user of retailer 3101 (examples/import/users.jsonl). */
const TECHNICIAN = { userName: 'sam.whitaker@valleyview.example', password: 'Field#Work2026', retailer: '3101' };

interface ExampleHome {
  serialNumber: string;
  retailerNumber: string;
  ownerFirstName: string;
  ownerLastName: string;
  warrantyStatus: string;
}

/** The example homes (a plain CSV: no quoted commas in the columns read here). */
function exampleHomes(): ExampleHome[] {
  const [header, ...lines] = readFileSync(join(EXAMPLES, 'homes.csv'), 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ''])) as unknown as ExampleHome;
  });
}

function exampleFile(kind: string): string | undefined {
  return ['csv', 'jsonl'].map((extension) => join(EXAMPLES, `${kind}.${extension}`)).find((file) => existsSync(file));
}

/** `npx homesite …` as an operator types it: the package's bin in its own process. */
function homesiteCommand(args: string[], env: NodeJS.ProcessEnv, stdin = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, [resolve('bin/homesite.mjs'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function expectCommand(result: Promise<{ code: number | null; stdout: string; stderr: string }>) {
  const { code, stdout, stderr } = await result;
  expect(code, `${stdout}\n${stderr}`).toBe(0);
  return stdout;
}

async function signInAs(page: Page, user: { userName: string; password: string }) {
  await signIn(page, user.userName, { password: user.password, terms: 'if-asked' });
}

/** Asks the page's data to refresh the way a returning user does: the tab becomes visible again. */
async function returnToTab(page: Page) {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

const variants = [
  { name: 'embedded database', postgres: false },
  { name: 'PostgreSQL', postgres: true },
] as const;

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(join(process.env.E2E_DIST_DIR ?? 'dist', 'index.html')))
    throw new Error('Run `npx vite build` before the end-to-end tests.');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
afterAll(() => browser?.close());

for (const variant of variants) {
  describe.skipIf(variant.postgres && !process.env.TEST_DATABASE_URL)(`production on an empty ${variant.name}`, () => {
    const workDir = mkdtempSync(join(tmpdir(), 'homesite-production-'));
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', DATA_DIR: join(workDir, 'data'), DATABASE_URL: '' };
    let dropDatabase: (() => Promise<void>) | undefined;
    let server: RunningServer | undefined;
    let apiKey = '';
    const homes = exampleHomes();
    const technicianHomes = homes.filter((home) => home.retailerNumber === TECHNICIAN.retailer && home.warrantyStatus);

    const start = async () => {
      server = await startServer({
        mode: 'production',
        port: 0,
        dataDir: env.DATA_DIR,
        databaseUrl: env.DATABASE_URL || undefined,
        distDir: process.env.E2E_DIST_DIR ?? 'dist',
        quiet: true,
      });
      return server;
    };
    const api = apiClient(() => server!.url);
    const importOverHttp = async (kind: string, file: string) => {
      const answer = await fetch(`${server!.url}/api/import/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'text/csv' },
        body: readFileSync(file),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { rowsRead: number; inserted: number; updated: number; unchanged: number };
    };

    beforeAll(async () => {
      if (variant.postgres) {
        const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
        env.DATABASE_URL = scratch.url;
        dropDatabase = scratch.drop;
      }
    });
    afterAll(async () => {
      await server?.close();
      await dropDatabase?.();
      rmSync(workDir, { recursive: true, force: true });
    });

    it('starts with no demo user, makes the administrator on the command line and imports every example file', async () => {
      // The administrator, through the package's bin, the password on stdin (never an argument).
      const created = await expectCommand(
        homesiteCommand(
          [
            'user',
            'create',
            '--user-name',
            ADMIN.userName,
            '--first-name',
            'Ada',
            '--last-name',
            'Admin',
            '--internal',
            '--role',
            'Rtl_Admin',
            '--role',
            'Sales_User',
            '--role',
            'Service_User',
          ],
          env,
          `${ADMIN.password}\n`,
        ),
      );
      expect(created).toContain(ADMIN.userName);
      expect(created).not.toContain(ADMIN.password);

      const withoutExample: string[] = [];
      for (const kind of Object.keys(IMPORT_KINDS)) {
        const file = exampleFile(kind);
        if (!file) {
          withoutExample.push(kind);
          continue;
        }
        const report = await expectCommand(runHomesite(['import', kind, file], env));
        expect(report, kind).not.toMatch(/refused/i);
      }
      await expectCommand(runHomesite(['user', 'reset-password', TECHNICIAN.userName], env, `${TECHNICIAN.password}\n`));
      apiKey = /hsk_[\w-]+/.exec(await expectCommand(runHomesite(['apikey', 'create', 'nightly-erp'], env)))![0];

      await start();
      // Production: no demo account exists, so the published demo password opens nothing.
      const demo = await api.api('POST', '/auth/api/Account/Token', { body: { Username: demoUser('admin'), Password: DEMO_PASSWORD } });
      expect(demo.status).toBe(400);
      expect((await fetch(`${server!.url}/readyz`)).status).toBe(200);
      expect(withoutExample, 'kinds with no example file').toEqual([]);
    }, 300_000);

    it('signs the administrator in, and the imported technician sees exactly their homes and works offline', async () => {
      const adminContext = await browser.newContext({ baseURL: server!.url });
      const adminPage = await adminContext.newPage();
      await signInAs(adminPage, ADMIN);
      await adminPage.getByRole('list', { name: 'Apps' }).waitFor();
      await adminContext.close();

      const context = await browser.newContext({ baseURL: server!.url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signInAs(page, TECHNICIAN);
      await page.goto('/service/myhomeowners');
      for (const home of technicianHomes) await page.getByRole('link', { name: `Warranty for ${home.serialNumber}` }).waitFor();
      expect(await page.getByRole('link', { name: /^Warranty for / }).count()).toBe(technicianHomes.length);
      await waitForServiceWorker(page);

      // Offline, as on a homesite: the kept list opens after a reload and a card is edited.
      const home = technicianHomes[0]!;
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('link', { name: `Warranty for ${home.serialNumber}` }).click();
      const panel = page.getByRole('dialog', { name: 'Edit Homeowner' });
      await panel.getByLabel('Email').fill('owner.moved@mail.example');
      await panel.getByRole('button', { name: 'Save' }).click();
      await panel.waitFor({ state: 'detached' });
      await page
        .getByText(/^Pending:/)
        .first()
        .waitFor();
      await context.setOffline(false);

      const token = (
        await api.api<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
          body: { Username: TECHNICIAN.userName, Password: TECHNICIAN.password },
        })
      ).body.bearerToken;
      const cards = async () => (await api.api<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token })).body;
      await expect
        .poll(async () => (await cards()).find((card) => card.serialNumber === home.serialNumber)?.emailAddress, { timeout: 60_000 })
        .toBe('owner.moved@mail.example');
      expect((await cards()).map((card) => card.serialNumber).sort()).toEqual(technicianHomes.map((one) => one.serialNumber).sort());

      // Importing the same file again changes nothing, not even the card the technician just edited (the file did not
      // change that home); a changed home reaches the open device.
      const again = await importOverHttp('homes', join(EXAMPLES, 'homes.csv'));
      expect(again).toMatchObject({ rowsRead: homes.length, inserted: 0, updated: 0, unchanged: homes.length });
      expect((await cards()).find((card) => card.serialNumber === home.serialNumber)?.emailAddress).toBe('owner.moved@mail.example');
      const changedHome = technicianHomes[1]!;
      const changed = readFileSync(join(EXAMPLES, 'homes.csv'), 'utf8').replace(
        new RegExp(`^(${changedHome.serialNumber},.*?),${changedHome.ownerFirstName},${changedHome.ownerLastName},`, 'm'),
        `$1,Renamed,${changedHome.ownerLastName},`,
      );
      const changedFile = join(workDir, 'homes-changed.csv');
      writeFileSync(changedFile, changed);
      if (variant.postgres) {
        // On PostgreSQL the command line works beside running instances.
        expect(await expectCommand(runHomesite(['import', 'homes', changedFile], env))).toContain('0 inserted, 1 updated');
      } else {
        expect(await importOverHttp('homes', changedFile)).toMatchObject({ updated: 1, inserted: 0 });
      }
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Warranty for ${changedHome.serialNumber}` }) });
      await expect
        .poll(
          async () => {
            await returnToTab(page);
            return (await row.textContent()) ?? '';
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toContain('Renamed');
      await context.close();
    }, 300_000);
  });
}
