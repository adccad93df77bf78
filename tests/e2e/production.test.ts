import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardRuleSubject, isKeptRecord } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import type { ServiceRequestSummary, WarrantyCard } from '../../src/contract';
import { KEPT_DETAIL_KINDS } from '../../src/entities/kept-details';
import { requestsToPrime } from '../../src/features/work-orders/use-offline-priming';
import { filesFolderOf } from '../../src/server/cli/commands/export';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { startServer, type RunningServer } from '../../src/server/main';
import { createScratchDatabase } from '../api/harness';
import { runHomesite } from '../cli-runner';
import { apiClient, builtDistDir, DEMO_PASSWORD, demoUser, launchChromium, signIn, waitForServiceWorker } from './harness';

/*
 * Issue 20, done when: an organisation puts HomeSite into service on an empty database — embedded and PostgreSQL.
 * Production mode starts with no demo user; the administrator is made from the command line; every example file is
 * imported; the administrator signs in in Chromium; an imported retailer user signs in, sees exactly their imported
 * homes and works offline as usual; re-importing changes nothing, and a changed home reaches the open device.
 *
 * Issue 30, done when: the service history imports in the documented order (plants, retailers, ship-to locations,
 * users, homes, work orders, parts orders); the imported retail admin's work-order list shows exactly the example work
 * orders of their retail center, and one opens offline after a relaunch; importing every file again moves no
 * rowVersion; and (on PostgreSQL) the export imported into an empty database exports the same bytes again.
 */

const EXAMPLES = resolve('examples/import');
const ADMIN = { userName: 'it.admin@valleyview.example', password: 'Opening#Day2026' };
/** An imported service user of retailer 3101 (examples/import/users.jsonl). */
const TECHNICIAN = { userName: 'sam.whitaker@valleyview.example', password: 'Field#Work2026', retailer: '3101' };
/**
 * The imported retail administrator and service user of Valley View Homes (3101, their current retail center, the
 * first of theirs) and Blue Ridge Housing: the example work orders of 3101's homes are the ones their list shows.
 */
const RETAIL_ADMIN = { userName: 'morgan.alvarez@valleyview.example', password: 'Service#Desk2026', retailer: '3101' };
/** The kinds whose rows name files beside the imported one: only the command line reads those (docs/import.md). */
const KINDS_WITH_FILES = new Set(['catalog-images', 'work-orders', 'help-documents', 'learn-documents']);
/**
 * The round trip of the export on PostgreSQL: the service history and what it refers to, in the documented order
 * (docs/import.md), with the users, among them the internal administrator `user create` made with no retail center.
 */
const ROUND_TRIP_KINDS = ['plants', 'retailers', 'ship-to-locations', 'users', 'homes', 'work-orders', 'parts-orders'];

interface ExampleHome {
  serialNumber: string;
  retailerNumber: string;
  ownerFirstName: string;
  ownerLastName: string;
  warrantyStatus: string;
  soldDate: string;
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

interface ExampleWorkOrder {
  workOrderId: number;
  workOrderNumber: string;
  serialNumber: string;
  technician?: string;
  serviceItems?: { problemDescription: string }[];
}

function exampleWorkOrders(): ExampleWorkOrder[] {
  const file = exampleFile('work-orders')!;
  expect(file).toMatch(/\.jsonl$/);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as ExampleWorkOrder);
}

/** How many records of `kind` the device keeps whole (the `entities` table of src/offline/db.ts). */
const keptCount = (page: Page, kind: string) =>
  page.evaluate(
    (kind) =>
      new Promise<number>((done, fail) => {
        const open = indexedDB.open('homesite');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entities').objectStore('entities').index('kind').count(kind);
          count.onsuccess = () => {
            open.result.close();
            done(count.result);
          };
        };
      }),
    kind,
  );

/** An export's file and the files beside it (`<name>-files/`), by name, as text and base64. */
function exportedFiles(out: string): Record<string, string> {
  const { dir } = filesFolderOf(out);
  const beside = existsSync(dir) ? readdirSync(dir).sort() : [];
  return {
    [basename(out)]: readFileSync(out, 'utf8'),
    ...Object.fromEntries(beside.map((name) => [`${basename(dir)}/${name}`, readFileSync(join(dir, name)).toString('base64')])),
  };
}

/** The counts of a command line import's summary (`Written: 0 inserted, 0 updated, 20 unchanged.`). */
function writtenCounts(kind: string, stdout: string) {
  const counts = /Written: (\d+) inserted, (\d+) updated, (\d+) unchanged\./.exec(stdout);
  expect(counts, `${kind}: ${stdout}`).not.toBeNull();
  return { kind, inserted: Number(counts![1]), updated: Number(counts![2]), unchanged: Number(counts![3]) };
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
  builtDistDir();
  browser = await launchChromium();
});
afterAll(() => browser?.close());

for (const variant of variants) {
  describe.skipIf(variant.postgres && !process.env.TEST_DATABASE_URL)(`production on an empty ${variant.name}`, () => {
    const workDir = mkdtempSync(join(tmpdir(), 'homesite-production-'));
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', DATA_DIR: join(workDir, 'data'), DATABASE_URL: '' };
    let dropDatabase: (() => Promise<void>) | undefined;
    let dropSecondDatabase: (() => Promise<void>) | undefined;
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
        shutdownDelayMs: 0,
      });
      return server;
    };
    const api = apiClient(() => server!.url);
    const importOverHttp = async (kind: string, file: string) => {
      const answer = await fetch(`${server!.url}/api/import/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': file.endsWith('.jsonl') ? 'application/x-ndjson' : 'text/csv' },
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
      await dropSecondDatabase?.();
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
      await expectCommand(runHomesite(['user', 'reset-password', RETAIL_ADMIN.userName], env, `${RETAIL_ADMIN.password}\n`));
      apiKey = /hsk_[\w-]+/.exec(await expectCommand(runHomesite(['apikey', 'create', 'nightly-erp'], env)))![0];

      await start();
      // Production: no demo account exists, so the published demo password opens nothing.
      const demo = await api.api('POST', '/auth/api/Account/Token', { body: { Username: demoUser('admin'), Password: DEMO_PASSWORD } });
      expect(demo.status).toBe(400);
      expect((await fetch(`${server!.url}/readyz`)).status).toBe(200);
      expect(withoutExample, 'kinds with no example file').toEqual([]);
      // The files went in the importer's order, which holds the service history's documented one (docs/import.md).
      const documented = ['plants', 'retailers', 'ship-to-locations', 'users', 'homes', 'work-orders', 'parts-orders'];
      expect(Object.keys(IMPORT_KINDS).filter((kind) => documented.includes(kind))).toEqual(documented);
    }, 300_000);

    it('the imported retail admin sees exactly the example work orders of their retail center and opens one offline after a relaunch; every example file imported again moves no row version', async () => {
      const retailerOf = new Map(homes.map((home) => [home.serialNumber, home.retailerNumber]));
      const expected = exampleWorkOrders().filter((row) => retailerOf.get(row.serialNumber) === RETAIL_ADMIN.retailer);
      expect(expected.length).toBeGreaterThan(1);
      const listed = async () => {
        const login = await api.api<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
          body: { Username: RETAIL_ADMIN.userName, Password: RETAIL_ADMIN.password },
        });
        expect(login.status).toBe(200);
        const answer = await api.api<ServiceRequestSummary[]>('GET', '/api/service', { token: login.body.bearerToken });
        expect(answer.status).toBe(200);
        return answer.body;
      };
      const versions = (rows: readonly ServiceRequestSummary[]) =>
        rows.map((row) => [row.vantageWorkOrderId, row.rowVersion] as const).sort(([a], [b]) => a! - b!);
      const rows = await listed();
      expect(rows.map((row) => row.vantageWorkOrderId).sort()).toEqual(expected.map((row) => row.workOrderId).sort());
      // The open one with the most service items is the one opened offline: open work orders are the ones kept whole.
      const open = requestsToPrime(rows);
      const target = expected
        .filter((row) => open.some((request) => request.vantageWorkOrderId === row.workOrderId))
        .sort((a, b) => (b.serviceItems?.length ?? 0) - (a.serviceItems?.length ?? 0))[0];
      expect(target?.serviceItems?.length, 'an open example work order with service items').toBeGreaterThan(0);

      const context = await browser.newContext({ baseURL: server!.url, viewport: { width: 1280, height: 900 } });
      let page = await context.newPage();
      const table = () => page.getByRole('table', { name: 'Work orders' });
      const numbersListed = async () =>
        (await table().getByRole('link', { name: /^WO-/ }).allInnerTexts()).map((text) => text.trim()).sort();
      const expectedNumbers = expected.map((row) => row.workOrderNumber).sort();
      await signInAs(page, RETAIL_ADMIN);
      await page.goto('/service');
      await expect.poll(numbersListed).toEqual(expectedNumbers);
      for (const row of expected) {
        const text = await table()
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: row.workOrderNumber, exact: true }) })
          .textContent();
        expect(text, row.workOrderNumber).toContain(row.serialNumber);
        if (row.technician) expect(text, row.workOrderNumber).toContain(row.technician);
      }
      await waitForServiceWorker(page);
      await expect
        .poll(() => keptCount(page, KEPT_DETAIL_KINDS.serviceRequest), { timeout: 60_000, interval: 500 })
        .toBeGreaterThanOrEqual(open.length);

      // Every example file again, while the device is offline: on PostgreSQL the command line beside the running
      // server; on the embedded database the endpoint, and for the kinds whose rows name files (which only the command
      // line reads) the command line with the server stopped, as an operator must (the DATA_DIR lock).
      const reimport = async () => {
        const reports: { kind: string; inserted: number; updated: number }[] = [];
        const withFiles: string[] = [];
        for (const kind of Object.keys(IMPORT_KINDS)) {
          const file = exampleFile(kind)!;
          if (variant.postgres) reports.push(writtenCounts(kind, await expectCommand(runHomesite(['import', kind, file], env))));
          else if (KINDS_WITH_FILES.has(kind)) withFiles.push(kind);
          else reports.push({ kind, ...(await importOverHttp(kind, file)) });
        }
        if (withFiles.length > 0) {
          await server!.close();
          for (const kind of withFiles)
            reports.push(writtenCounts(kind, await expectCommand(runHomesite(['import', kind, exampleFile(kind)!], env))));
          await start();
        }
        const order = Object.keys(IMPORT_KINDS);
        return reports
          .map(({ kind, inserted, updated }) => ({ kind, inserted, updated }))
          .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
      };

      // Relaunched with no connection: a new page of the same profile opens the kept list and the kept work order.
      await context.setOffline(true);
      await page.close();
      const reimported = reimport();
      try {
        page = await context.newPage();
        await page.goto('/service');
        await page.getByText(/^Saved copy, updated/).waitFor();
        // Offline, the work orders the device keeps (the open ones and those changed lately: issue 31's kept-list rule).
        const keptNumbers = rows
          .filter((row) => isKeptRecord(row, businessDay(DEFAULT_ORG_TIME_ZONE)))
          .map((row) => row.vantageWorkOrderNumber!)
          .sort();
        expect(keptNumbers).toContain(target!.workOrderNumber);
        await expect.poll(numbersListed).toEqual(keptNumbers);
        await table().getByRole('link', { name: target!.workOrderNumber, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: `Work Order ${target!.workOrderNumber}` }).waitFor();
        await page.getByText(/^Saved copy, updated/).waitFor();
        const items = page.getByRole('region', { name: 'Service Items' });
        for (const item of target!.serviceItems!) await items.getByText(item.problemDescription, { exact: true }).waitFor();
        expect(await items.getByRole('heading', { level: 3, name: /^Service item \d+$/ }).allInnerTexts()).toEqual(
          target!.serviceItems!.map((_, index) => `Service item ${index + 1}`),
        );
      } catch (error) {
        await reimported.catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
      expect(await reimported).toEqual(Object.keys(IMPORT_KINDS).map((kind) => ({ kind, inserted: 0, updated: 0 })));
      expect(versions(await listed())).toEqual(versions(rows));
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

      const token = (
        await api.api<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
          body: { Username: TECHNICIAN.userName, Password: TECHNICIAN.password },
        })
      ).body.bearerToken;
      const cards = async () => (await api.api<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token })).body;

      // Offline, as on a homesite: the kept list opens after a reload, holding the cards the device keeps (issue 31: of
      // homes with an open work order, or changed lately), and one of them is edited.
      const today = businessDay(DEFAULT_ORG_TIME_ZONE);
      const keptSerials = (await cards())
        .filter((card) => isKeptRecord(cardRuleSubject(card), today))
        .map((card) => card.serialNumber)
        .sort();
      // One whose card can be saved as it stands (a sold date: an incomplete card asks for one first).
      const keptHomes = technicianHomes.filter((one) => keptSerials.includes(one.serialNumber) && one.soldDate);
      expect(keptHomes.length, 'an example home of the technician has an open work order and a sold date').toBeGreaterThan(0);
      const home = keptHomes[0]!;
      await context.setOffline(true);
      await page.reload();
      await expect
        .poll(async () => (await page.getByRole('link', { name: /^Warranty for / }).allInnerTexts()).length)
        .toBe(keptSerials.length);
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

    // tests/api/export.test.ts proves the round trip of every kind on the embedded database; here, the service history
    // and what it refers to on PostgreSQL, through the command line, while the server serves the first database.
    if (variant.postgres)
      it('exports the service history; imported into a second empty PostgreSQL database and exported again, the files are the same, byte for byte', async () => {
        const second = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
        dropSecondDatabase = second.drop;
        const secondEnv = { ...env, DATABASE_URL: second.url };
        const exportAll = async (from: NodeJS.ProcessEnv, dir: string) => {
          mkdirSync(dir);
          const files: Record<string, string> = {};
          for (const kind of ROUND_TRIP_KINDS) {
            const out = join(dir, basename(exampleFile(kind)!));
            await expectCommand(runHomesite(['export', kind, '--out', out], from));
            Object.assign(files, exportedFiles(out));
          }
          return files;
        };
        const first = await exportAll(env, join(workDir, 'export-first'));
        for (const kind of ROUND_TRIP_KINDS) {
          const stdout = await expectCommand(
            runHomesite(['import', kind, join(workDir, 'export-first', basename(exampleFile(kind)!))], secondEnv),
          );
          expect(writtenCounts(kind, stdout)).toMatchObject({ updated: 0, unchanged: 0 });
          expect(stdout, kind).not.toMatch(/refused|skipped/i);
        }
        const again = await exportAll(secondEnv, join(workDir, 'export-second'));
        // Not an empty round trip: every example work order, with the attachment files the examples carry.
        expect(first['work-orders.jsonl']!.trim().split('\n')).toHaveLength(exampleWorkOrders().length);
        expect(Object.keys(first).filter((name) => name.startsWith('work-orders-files/')).length).toBeGreaterThan(0);
        expect(again).toEqual(first);
      }, 300_000);
  });
}
