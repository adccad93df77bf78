// Issue 5 benchmark: the approved parts catalogs on the device, in Debian's Chromium against the built app
// and a real seeded server. Opening the parts list online keeps the approved catalog of each of the user's
// plants (row by row in the catalogParts table, brought up to date by delta sync: issue 10) and every image it
// shows in IndexedDB; the app records the figures of each run (meta row 'catalogPriming'), read here. Then,
// offline, the catalog picker of a staged order is searched. Figures, not pass/fail. Alone: `npx vite build && npx tsx tests/bench/catalog-offline.ts` (BENCH_DIST_DIR for
// another build, BENCH_CATALOG_USER for another demo login).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server/main';
import { launchChromium, shown, signInInBrowser, timed } from './browser';

interface PrimingFigures {
  catalogs: number;
  parts: number;
  /** Catalog rows the server sent: every row for a catalog not kept yet, its changes otherwise. */
  rows: number;
  images: number;
  keptImages: number;
  failedImages: number;
  bytes: number;
  writes: number;
  transactions: number;
  writeMs: number;
  ms: number;
  plantNumbers: string[];
  at: number;
}

// Plain source, not functions: tsx would wrap named inner functions in a helper the page does not have.
const OPEN_DB = `const done = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
  const db = await done(indexedDB.open('homesite'));`;

/** The figures of the last priming run, once it is later than `after` (ms). */
const READ_FIGURES = `async (after) => {
  ${OPEN_DB}
  const row = await done(db.transaction('meta', 'readonly').objectStore('meta').get('catalogPriming'));
  db.close();
  return row && row.value.at > after ? row.value : null;
}`;

/** Removes the kept catalogs (their rows and sync cursors) and catalog images, so that the next priming starts cold. */
const FORGET_CATALOGS = `async () => {
  ${OPEN_DB}
  const tx = db.transaction(['catalogParts', 'syncState', 'documentCopies', 'documentFiles', 'meta'], 'readwrite');
  const removeKind = (store, kind) => new Promise((resolve, reject) => {
    const request = tx.objectStore(store).openCursor();
    request.onsuccess = () => { const cursor = request.result; if (!cursor) return resolve(); if (cursor.value.kind === kind) cursor.delete(); cursor.continue(); };
    request.onerror = () => reject(request.error);
  });
  tx.objectStore('catalogParts').clear();
  tx.objectStore('syncState').delete(IDBKeyRange.bound('catalogParts:', 'catalogParts:\uffff'));
  await removeKind('documentCopies', 'catalog-image');
  await removeKind('documentFiles', 'catalog-image');
  tx.objectStore('meta').delete('catalogPriming');
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  db.close();
}`;

/** A part number near the end of a kept catalog (the last part in catalog order), and its part count. */
const KEPT_CATALOG = `async (plantNumber) => {
  ${OPEN_DB}
  const rows = await done(db.transaction('catalogParts', 'readonly').objectStore('catalogParts').index('plantNumber').getAll(plantNumber));
  db.close();
  const parts = rows.filter((part) => part.approved && part.active);
  if (parts.length === 0) return null;
  const text = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  parts.sort((a, b) => Number(a.categoryNumber) - Number(b.categoryNumber) || Number(a.commodityNumber) - Number(b.commodityNumber) || text(a.partNumber, b.partNumber));
  return { count: parts.length, lastPartNumber: parts[parts.length - 1].partNumber };
}`;

const STAGED_ORDER = `async () => {
  const token = decodeURIComponent((document.cookie.split('; ').find((cookie) => cookie.startsWith('Bearer=')) || '').slice(7));
  const rows = await (await fetch('/api/parts', { headers: { authorization: 'Bearer ' + token } })).json();
  const staged = rows.find((row) => row.vantagePartsRequestId === null && !row.isClosed);
  return staged ? { partsOrderId: staged.partsOrderId, plantNumber: staged.plantNumber } : null;
}`;

async function primingRun(page: Page, label: string) {
  const began = Date.now();
  const opened = performance.now();
  await page.goto('/service/parts');
  let figures: PrimingFigures | null = null;
  for (let waited = 0; !figures; waited += 100) {
    if (waited > 180_000) throw new Error(`${label}: no catalog priming finished within 3 minutes`);
    await page.waitForTimeout(100);
    figures = (await page.evaluate(`(${READ_FIGURES})(${began})`)) as PrimingFigures | null;
  }
  const wall = performance.now() - opened;
  const seconds = figures.ms / 1000;
  const perSecond = seconds > 0 ? figures.writes / seconds : 0;
  const mb = figures.bytes / (1024 * 1024);
  console.log(
    `${label}: ${figures.catalogs} catalog(s) of plants ${figures.plantNumbers.join(', ')} synced, ${figures.parts} parts, ${figures.rows} catalog rows received, ` +
      `${figures.images} images stored (${figures.keptImages} already kept, ${figures.failedImages} failed): ${figures.ms} ms ` +
      `(${(wall / 1000).toFixed(1)} s from opening the list); ${figures.writes} rows and images written to IndexedDB in ${figures.transactions} transactions, ` +
      `${mb.toFixed(2)} MB: ${perSecond.toFixed(0)} writes/s and ${seconds > 0 ? (mb / seconds).toFixed(2) : '0'} MB/s end to end (downloads included); ` +
      `merging the catalog pages and writing the images took ${figures.writeMs} ms summed = ${figures.writeMs > 0 ? ((figures.writes * 1000) / figures.writeMs).toFixed(0) : '-'} writes/s`,
  );
  return figures;
}

/**
 * On `server` when given (it must serve the built app), else on a server of its own with the demo seed and the
 * build in `distDir`.
 */
export async function benchCatalogOffline(options: { password: string; distDir?: string; user?: string; server?: RunningServer }) {
  const dataDir = options.server ? null : mkdtempSync(join(tmpdir(), 'homesite-bench-catalog-'));
  const server = options.server ?? (await startServer({ port: 0, dataDir: dataDir!, distDir: options.distDir ?? 'dist', quiet: true }));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInInBrowser(page, options.user ?? 'service', options.password);

    // First visit: everything else the parts screens keep is primed at the same time.
    await primingRun(page, 'first visit, cold');
    // A new session with no catalog kept: the catalogs and images alone (the orders are kept already).
    await page.evaluate(`(${FORGET_CATALOGS})()`);
    const cold = await primingRun(page, 'new session, catalogs cold');
    // A new session with everything kept: each catalog asks for its changes only (none); no image is fetched twice.
    await primingRun(page, 'new session, images kept');
    const usage = await page.evaluate(() => navigator.storage.estimate());
    console.log(`origin storage in use: ${((usage.usage ?? 0) / (1024 * 1024)).toFixed(1)} MB`);

    const staged = (await page.evaluate(`(${STAGED_ORDER})()`)) as { partsOrderId: number; plantNumber: string } | null;
    // Half a benchmark is no figure: without the picker search the run fails, saying why.
    if (!staged) throw new Error('no staged parts order for this user: picker search not measured');
    const kept = (await page.evaluate(`(${KEPT_CATALOG})(${JSON.stringify(staged.plantNumber)})`)) as {
      count: number;
      lastPartNumber: string;
    } | null;
    if (!kept) {
      throw new Error(
        `the catalog of plant ${staged.plantNumber} (of staged order ${staged.partsOrderId}) was not kept: picker search not measured`,
      );
    }

    await context.setOffline(true);
    const opened = await timed(async () => {
      await page.goto(`/partsorders/${staged.partsOrderId}/partsitems`);
      await page.getByRole('button', { name: 'Choose Part from Catalog' }).click();
      await shown(page.getByRole('heading', { name: 'Please select category' }));
    });
    console.log(
      `offline: reload, open the item panel and the picker of plant ${staged.plantNumber} (${kept.count} parts): ${opened.toFixed(0)} ms`,
    );
    await page
      .getByText(/^Saved copy of the catalog, updated/)
      .waitFor()
      .catch(() => console.log('(the picker did not show the age of the kept copy)'));

    const search = page.getByRole('searchbox', { name: 'Search all parts' });
    const matching = page.getByRole('list', { name: 'Matching parts' });
    const byNumber = await timed(async () => {
      await search.fill(kept.lastPartNumber);
      await shown(matching.getByRole('button', { name: new RegExp(`Part number ${kept.lastPartNumber}`) }));
    });
    console.log(
      `offline search by part number among ${kept.count} parts: ${byNumber.toFixed(0)} ms (typing to the card shown; no debounce)`,
    );
    await search.fill('');
    await page.getByRole('list', { name: 'Categories' }).waitFor();
    const byWords = await timed(async () => {
      await search.fill('white');
      await shown(page.getByText(/^\d+ parts? found\.$/));
      await shown(matching.getByRole('listitem'));
    });
    const found = await page.getByText(/^\d+ parts? found\.$/).innerText();
    console.log(`offline search by a word ('white': ${found}): ${byWords.toFixed(0)} ms`);
    const drill = await timed(async () => {
      await search.fill('');
      await page.getByRole('list', { name: 'Categories' }).getByRole('button').first().click();
      await shown(page.getByRole('heading', { name: 'Please select a commodity' }));
      await page
        .getByRole('list', { name: /^Commodities of/ })
        .getByRole('button')
        .first()
        .click();
      await shown(page.getByRole('list', { name: /^Parts of/ }).locator('img'));
    });
    console.log(`offline drill-down category → commodity → parts with images: ${drill.toFixed(0)} ms`);
    console.log(`catalog priming cold, per catalog: ${cold.catalogs ? (cold.ms / cold.catalogs).toFixed(0) : '-'} ms`);
    await context.close();
  } finally {
    await browser.close();
    if (dataDir) {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCatalogOffline({
    password: process.env.DEMO_PASSWORD ?? 'Demo#2026!',
    distDir: process.env.BENCH_DIST_DIR ?? 'dist',
    user: process.env.BENCH_CATALOG_USER,
  });
}
