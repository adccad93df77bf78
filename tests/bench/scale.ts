// Issue 31 §6: a manufacturer's scale. On PostgreSQL grown from the benchmark seed to 1,000,000 work orders (scale-grow.ts),
// with the server in its own process (as `npm start` runs it, so its peak RSS is its own): the whole list of a user who
// sees every plant, a plant user's first sync of every kept list, the first rows of /service in Chromium, a kept list's
// refresh after one change, and a plant rename. Figures beside the issue's goals, not pass/fail; every step has a
// deadline, and a failed request is a figure (its status), not the end of the section.
// Alone: `BENCH_ONLY=scale npx tsx tests/bench/run.ts` (BENCH_SCALE_DATABASE_URL: a database kept between runs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { DEFAULT_BASES } from '../../src/contract/bases';
import { KEPT_LIST_SOURCES, catalogListSource, type KeptListSource } from '../../src/contract/kept-lists';
import { KEPT_LIST_PAGE_SIZE } from '../../src/offline/kept-list-merge';
import { paths, type Endpoint } from '../../src/contract/paths';
import { createServerProcess, type ServerProcess } from '../e2e/server-process';
import { launchChromium, signInInBrowser } from './browser';
import { REGIONAL_USER, SCALE_TARGET, growScaleDatabase } from './scale-grow';

const MB = 1024 * 1024;
const GOALS = {
  wholeListRssBytes: 1024 * MB,
  firstScreenMs: 3_000,
  readySeconds: 10,
  pageP50Ms: 150,
  deviceRows: 100_000,
  deviceBytes: 200 * MB,
  renameMs: 1_000,
};
/** Every step stops after this long (BENCH_SCALE_TIMEOUT, ms), so that a hang does not stall the run. */
const STEP_MS = Number(process.env.BENCH_SCALE_TIMEOUT ?? 120_000);
/** The whole list of every plant streams for minutes: its own deadline (BENCH_SCALE_WHOLE_LIST_TIMEOUT, ms). */
const WHOLE_LIST_MS = Number(process.env.BENCH_SCALE_WHOLE_LIST_TIMEOUT ?? 300_000);
/** The app's own page size. */
const PAGE_ROWS = KEPT_LIST_PAGE_SIZE;
/** How long the deltas after a rename are watched for the renamed plant's rows. */
const RESTAMP_WATCH_MS = 20_000;
/** The plant whose rename is measured: one of plant@'s two. */
const RENAMED_PLANT = '910';

const verdict = (ok: boolean) => (ok ? 'meets the goal' : 'MISSES the goal');
const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const count = (value: number) => value.toLocaleString('en-US');
const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const sleep = (time: number) => new Promise((done) => setTimeout(done, time));
const errorText = (error: unknown) =>
  error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error);
const urlOf = (endpoint: Endpoint) => `${DEFAULT_BASES[endpoint.base]}${endpoint.path}`;

/* ---- the server's memory: VmHWM of the node process itself, and VmRSS sampled every 100 ms ---- */

function memoryOf(pid: number) {
  const read = (field: 'VmRSS' | 'VmHWM') => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  };
  let sampled = 0;
  let overall = 0;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, read('VmRSS'));
    } catch {
      // The process is gone.
    }
  }, 100);
  const peak = () => Math.max(sampled, read('VmHWM'));
  return {
    /** Starts a new peak (Linux: 5 > clear_refs resets VmHWM to the current RSS). */
    reset() {
      overall = Math.max(overall, peak());
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // Not allowed here: VmHWM then stays the peak since the start.
      }
      sampled = read('VmRSS');
    },
    peak,
    /** The peak since the process started, across resets. */
    overall: () => Math.max(overall, peak()),
    stop: () => clearInterval(timer),
  };
}

/** Waits (up to a minute) until the server's CPU is quiet: an answer abandoned by a timed-out step may still be building. */
async function settle(pid: number) {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const deadline = Date.now() + 60_000;
  let last = ticks();
  while (Date.now() < deadline) {
    await sleep(1_000);
    const now = ticks();
    if (now - last < 10) return; // under 10 % of one core over the second (100 ticks a second)
    last = now;
  }
}

/* ---- HTTP as a device does it ---- */

async function signIn(url: string, user: string, password: string): Promise<string> {
  const response = await fetch(`${url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: `${user}@demo.homesite.test`, Password: password }),
    signal: AbortSignal.timeout(STEP_MS),
  });
  if (!response.ok) throw new Error(`sign-in of ${user} answered ${response.status}`);
  return ((await response.json()) as { bearerToken: string }).bearerToken;
}

async function plantsOf(url: string, token: string): Promise<string[]> {
  const response = await fetch(`${url}/auth/api/Account/User`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(STEP_MS),
  });
  const profile = (await response.json()) as { availablePlants?: { plantNumber: string }[] };
  return (profile.availablePlants ?? []).map((plant) => plant.plantNumber);
}

interface WholeAnswer {
  status: number;
  ms: number;
  firstByteMs: number;
  wireBytes: number;
  jsonBytes: number;
  rows: number;
  gzip: boolean;
  error?: string;
}

/**
 * GET `path` with gzip accepted, counted as it streams (never held whole): the bytes on the wire, the JSON bytes,
 * and the rows (occurrences of `rowKey`). Stops after `timeoutMs`.
 */
function wholeAnswer(url: string, path: string, token: string, rowKey: string, timeoutMs: number): Promise<WholeAnswer> {
  return new Promise((resolve) => {
    const began = performance.now();
    const answer: WholeAnswer = { status: 0, ms: 0, firstByteMs: 0, wireBytes: 0, jsonBytes: 0, rows: 0, gzip: false };
    const finish = (error?: string) => {
      clearTimeout(timer);
      answer.ms = performance.now() - began;
      if (error) answer.error = error;
      resolve(answer);
    };
    const call = httpRequest(`${url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (response) => {
      answer.status = response.statusCode ?? 0;
      answer.firstByteMs = performance.now() - began;
      answer.gzip = response.headers['content-encoding'] === 'gzip';
      let tail = '';
      const key = `"${rowKey}":`;
      const decoded = answer.gzip ? response.pipe(createGunzip()) : response;
      response.on('data', (chunk: Buffer) => (answer.wireBytes += chunk.byteLength));
      decoded.on('data', (chunk: Buffer) => {
        answer.jsonBytes += chunk.byteLength;
        const text = tail + chunk.toString('latin1');
        for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + key.length)) answer.rows++;
        tail = text.slice(-(key.length - 1));
      });
      decoded.on('end', () => finish());
      decoded.on('error', (error) => finish(errorText(error)));
      response.on('error', (error) => finish(errorText(error)));
    });
    const timer = setTimeout(() => {
      call.destroy();
      finish(`stopped after ${seconds(timeoutMs)}`);
    }, timeoutMs);
    call.on('error', (error) => finish(errorText(error)));
    call.end();
  });
}

interface Download {
  status: number;
  rows: number;
  pages: number;
  bytes: number;
  ms: number;
  pageMs: number[];
  cursor: string;
  more: boolean;
  ids: Set<number>;
  error?: string;
}

/**
 * The app's own loop (offline/kept-lists.ts): GET <list>?since=<cursor>&limit=5000 while `more`, from `since`. Bytes are
 * the JSON a device receives (and keeps, about); stops after STEP_MS with what it has.
 */
async function download(url: string, token: string, source: KeptListSource<unknown>, since: string, idKey?: string): Promise<Download> {
  const began = performance.now();
  const result: Download = { status: 0, rows: 0, pages: 0, bytes: 0, ms: 0, pageMs: [], cursor: since, more: true, ids: new Set() };
  try {
    while (result.more) {
      const left = STEP_MS - (performance.now() - began);
      if (left <= 0) throw new Error(`stopped after ${seconds(STEP_MS)}`);
      const query = new URLSearchParams({ ...source.query, since: result.cursor, limit: String(PAGE_ROWS) });
      const t0 = performance.now();
      const response = await fetch(`${url}${urlOf(source.endpoint)}?${query}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(Math.ceil(left)),
      });
      const body = await response.text();
      result.pageMs.push(performance.now() - t0);
      result.status = response.status;
      if (!response.ok) {
        result.error = `answered ${response.status}: ${body.slice(0, 200)}`;
        break;
      }
      const page = JSON.parse(body) as { items: Record<string, unknown>[]; cursor: string; more: boolean };
      result.pages++;
      result.rows += page.items.length;
      result.bytes += Buffer.byteLength(body);
      if (idKey) for (const item of page.items) result.ids.add(Number(item[idKey]));
      result.cursor = page.cursor;
      result.more = page.more;
    }
  } catch (error) {
    result.error = errorText(error);
  }
  result.ms = performance.now() - began;
  return result;
}

const pageFigures = (pages: number[]) => `page p50 ${ms(percentile(pages, 50))}, p99 ${ms(percentile(pages, 99))}`;

/* ---- the steps ---- */

interface Context {
  url: string;
  pid: number;
  password: string;
  databaseUrl: string;
  memory: ReturnType<typeof memoryOf>;
  /** plant@'s work orders cursor after its first sync. */
  plantCursor?: string;
  plantToken?: string;
}

async function wholeList(context: Context, user: string, who: string) {
  const token = await signIn(context.url, user, context.password);
  await settle(context.pid);
  context.memory.reset();
  const answer = await wholeAnswer(context.url, urlOf(KEPT_LIST_SOURCES.workOrders.endpoint), token, 'serviceRequestId', WHOLE_LIST_MS);
  const peak = context.memory.peak();
  const ok = answer.status === 200 && !answer.error && peak <= GOALS.wholeListRssBytes;
  console.log(
    `GET /api/service as ${user}@ (${who}), gzip accepted: ${answer.status || 'no answer'}${answer.error ? ` (${answer.error})` : ''} ` +
      `after ${seconds(answer.ms)} (first byte ${seconds(answer.firstByteMs)}), ${count(answer.rows)} rows, ` +
      `${megabytes(answer.wireBytes)} on the wire${answer.gzip ? ` (${megabytes(answer.jsonBytes)} JSON)` : ' (not gzipped)'}; ` +
      `server peak RSS ${megabytes(peak)} (goal: 200 and RSS ≤ ${megabytes(GOALS.wholeListRssBytes)}: ${verdict(ok)})`,
  );
}

/** Every kept list the device of `user` downloads, one after the other, as a first sync. */
async function firstSync(context: Context, user: string) {
  const token = await signIn(context.url, user, context.password);
  const lists: [string, KeptListSource<unknown>][] = Object.entries(KEPT_LIST_SOURCES);
  for (const plant of await plantsOf(context.url, token)) lists.push([`catalog of plant ${plant}`, catalogListSource(plant)]);
  await settle(context.pid);
  context.memory.reset();
  let rows = 0;
  let bytes = 0;
  let total = 0;
  let complete = true;
  const pages: number[] = [];
  const skipped: string[] = [];
  for (const [name, source] of lists) {
    const got = await download(context.url, token, source, '0');
    if (got.status === 403) {
      skipped.push(name);
      continue;
    }
    rows += got.rows;
    bytes += got.bytes;
    total += got.ms;
    pages.push(...got.pageMs);
    if (got.error) complete = false;
    console.log(
      `  ${name}: ${count(got.rows)} rows in ${got.pages} page(s), ${seconds(got.ms)}, ${megabytes(got.bytes)}; ${pageFigures(got.pageMs)}` +
        (got.error ? ` (${got.error})` : ''),
    );
    if (name === 'workOrders') {
      const p50 = percentile(got.pageMs, 50);
      console.log(
        `  ${user}@'s work orders ready in ${seconds(got.ms)}, page p50 ${ms(p50)} ` +
          `(goal ≤ ${GOALS.readySeconds} s, p50 ≤ ${GOALS.pageP50Ms} ms: ${verdict(!got.error && got.ms <= GOALS.readySeconds * 1000 && p50 <= GOALS.pageP50Ms)})`,
      );
      if (user === 'plant' && !got.error) {
        context.plantCursor = got.cursor;
        context.plantToken = token;
      }
    }
  }
  if (skipped.length > 0) console.log(`  (not ${user}@'s to keep, answered 403: ${skipped.join(', ')})`);
  // The homes copy the service screens keep (entities/homes.ts): one plain answer, at most HOMES_KEPT_CAP rows.
  const homesBegan = performance.now();
  const homesAnswer = await fetch(`${context.url}${urlOf(paths.homes)}`, { headers: { authorization: `Bearer ${token}` } });
  const homesBody = await homesAnswer.text();
  const homesMs = performance.now() - homesBegan;
  if (homesAnswer.ok) {
    const homes = (JSON.parse(homesBody) as unknown[]).length;
    rows += homes;
    bytes += Buffer.byteLength(homesBody);
    total += homesMs;
    console.log(`  homes: ${count(homes)} rows in one answer, ${seconds(homesMs)}, ${megabytes(Buffer.byteLength(homesBody))}`);
  } else complete = false;
  console.log(
    `${user}@'s device${complete ? '' : ' (INCOMPLETE: a list stopped)'}: ${count(rows)} rows, ${megabytes(bytes)} kept, ready in ${seconds(total)} ` +
      `(lists one after the other), ${pageFigures(pages)}; server peak RSS ${megabytes(context.memory.peak())} ` +
      `(goal ≤ ${count(GOALS.deviceRows)} rows and ≤ ${megabytes(GOALS.deviceBytes)}: ${verdict(complete && rows <= GOALS.deviceRows && bytes <= GOALS.deviceBytes)}; ` +
      `ready ≤ ${GOALS.readySeconds} s: ${verdict(complete && total <= GOALS.readySeconds * 1000)})`,
  );
}

async function withDatabase<T>(databaseUrl: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** One open work order of the renamed plant changed by SQL, then the delta that brings it (three times; the median). */
async function refreshAfterChange(context: Context) {
  const { plantCursor, plantToken } = context;
  if (!plantCursor || !plantToken) throw new Error("no cursor: plant@'s first sync of work orders did not finish");
  await withDatabase(context.databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select id from service_requests where plant_number = $1 and status = 'O' order by id desc limit 1`,
      [RENAMED_PLANT],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`plant ${RENAMED_PLANT} has no open work order`);
    const times: number[] = [];
    let cursor = plantCursor;
    let last: Download | undefined;
    for (let run = 0; run < 3; run++) {
      await client.query(`update service_requests set technician = $1 where id = $2`, [`Scale bench ${Date.now()}`, id]);
      last = await download(context.url, plantToken, KEPT_LIST_SOURCES.workOrders, cursor, 'serviceRequestId');
      if (last.error || !last.ids.has(id)) {
        console.log(`kept-list refresh after one change: ${last.error ?? `the delta did not bring work order ${id}`}`);
        return;
      }
      times.push(last.ms);
      cursor = last.cursor;
    }
    context.plantCursor = cursor;
    console.log(
      `kept-list refresh after one change (plant@, work order ${id} changed by SQL): the delta brings it in ${ms(percentile(times, 50))} ` +
        `(median of 3; ${count(last?.rows ?? 0)} row(s), ${last?.pages ?? 0} page(s))`,
    );
  });
}

/** UPDATE plants SET name: the time to commit, a delta of plant@ started while it runs, and what the devices download after. */
async function plantRename(context: Context) {
  const { plantToken } = context;
  if (!context.plantCursor || !plantToken) throw new Error("no cursor: plant@'s first sync of work orders did not finish");
  const baseline = await download(context.url, plantToken, KEPT_LIST_SOURCES.workOrders, context.plantCursor);
  context.plantCursor = baseline.cursor;
  await withDatabase(context.databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string; work_orders: string }>(
      `select name, (select count(*) from service_requests where plant_number = $1) as work_orders from plants where plant_number = $1`,
      [RENAMED_PLANT],
    );
    const plant = rows[0];
    if (!plant) throw new Error(`no plant ${RENAMED_PLANT}`);
    const suffix = ' (renamed)';
    const name = plant.name.endsWith(suffix) ? plant.name.slice(0, -suffix.length) : `${plant.name}${suffix}`;
    await client.query(`set statement_timeout = ${STEP_MS}`);
    const began = performance.now();
    let renamedAt = 0;
    const rename = client.query('update plants set name = $1 where plant_number = $2', [name, RENAMED_PLANT]).then(() => {
      renamedAt = performance.now() - began;
    });
    await sleep(5);
    const deltaStarted = performance.now() - began;
    const during = await download(context.url, plantToken, KEPT_LIST_SOURCES.workOrders, context.plantCursor!);
    const deltaAnswered = performance.now() - began;
    await rename;
    console.log(
      `plant rename (plant ${RENAMED_PLANT}, ${count(Number(plant.work_orders))} work orders, to "${name}"): committed in ${ms(renamedAt)} ` +
        `(goal ≤ ${ms(GOALS.renameMs)}: ${verdict(renamedAt <= GOALS.renameMs)})`,
    );
    const waited = during.error === undefined && deltaAnswered >= renamedAt && during.ms > 2 * baseline.ms + 100;
    console.log(
      `  plant@'s delta started ${ms(deltaStarted)} into the rename: ${during.error ?? `answered in ${ms(during.ms)}`} ` +
        `(${deltaAnswered < renamedAt ? `${ms(renamedAt - deltaAnswered)} before` : `${ms(deltaAnswered - renamedAt)} after`} the commit; ` +
        `${ms(baseline.ms)} without a rename; ${count(during.rows)} row(s)) ` +
        `(goal: no delta waits on the rename: ${verdict(!waited && during.error === undefined)})`,
    );
    // A rename may restamp its rows after it commits, in batches: the deltas of the next RESTAMP_WATCH_MS, every half second.
    let cursor = during.cursor;
    let restamped = 0;
    let bytes = 0;
    let lastRowAt = 0;
    const watched = performance.now();
    while (performance.now() - watched < RESTAMP_WATCH_MS) {
      const next = await download(context.url, plantToken, KEPT_LIST_SOURCES.workOrders, cursor);
      if (next.error) {
        console.log(`  plant@'s deltas after the rename: ${next.error}`);
        break;
      }
      cursor = next.cursor;
      restamped += next.rows;
      bytes += next.bytes;
      if (next.rows > 0) lastRowAt = performance.now() - watched;
      await sleep(500);
    }
    context.plantCursor = cursor;
    console.log(
      `  plant@'s deltas in the ${seconds(RESTAMP_WATCH_MS)} after the rename: ${count(restamped)} rows, ${megabytes(bytes)}` +
        (restamped > 0 ? `, the last ${seconds(lastRowAt)} after the commit` : ''),
    );
  });
}

/** When the list's first row is shown (page clock: since the navigation began), or null after `timeoutMs`. */
const FIRST_ROW = `async ({ timeoutMs }) => {
  for (;;) {
    const row = document.querySelector('.data-list__body [role=row]');
    if (row && row.getBoundingClientRect().height > 0) return { at: performance.now(), footer: document.querySelector('.data-list__count')?.textContent ?? '' };
    if (performance.now() > timeoutMs) return null;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}`;

async function firstScreen(context: Context, user: string, distDir: string) {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL: context.url, viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(STEP_MS);
    await signInInBrowser(page, user, context.password);
    await settle(context.pid);
    context.memory.reset();
    await page.goto('/service', { waitUntil: 'commit' });
    const shown = (await page.evaluate(`(${FIRST_ROW})(${JSON.stringify({ timeoutMs: STEP_MS })})`)) as {
      at: number;
      footer: string;
    } | null;
    console.log(
      `/service in Chromium as ${user}@ (built app in ${distDir}): ` +
        (shown
          ? `first row shown ${ms(shown.at)} after the navigation began${shown.footer.trim() ? ` (footer: "${shown.footer.trim()}")` : ''}`
          : `no row within ${seconds(STEP_MS)}`) +
        `; server peak RSS ${megabytes(context.memory.peak())} (goal ≤ ${ms(GOALS.firstScreenMs)}: ${verdict(shown !== null && shown.at <= GOALS.firstScreenMs)})`,
    );
  } finally {
    await browser.close();
  }
}

/* ---- the database and the server ---- */

/** BENCH_SCALE_DATABASE_URL, or a throw-away database of scripts/test-postgres.sh (grown on every run, dropped after an hour). */
function scaleDatabaseUrl(): string {
  const kept = process.env.BENCH_SCALE_DATABASE_URL;
  if (kept) return kept;
  console.log('(no BENCH_SCALE_DATABASE_URL: a throw-away database, seeded and grown on this run)');
  const lines = execFileSync('bash', ['scripts/test-postgres.sh'], { encoding: 'utf8' }).trim().split('\n');
  return lines[lines.length - 1]!;
}

async function workOrdersIn(databaseUrl: string): Promise<number> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ table: string | null }>(`select to_regclass('service_requests')::text as table`);
    if (!rows[0]?.table) return 0;
    return Number((await client.query<{ n: string }>('select count(*) as n from service_requests')).rows[0]!.n);
  });
}

async function serverOn(databaseUrl: string, dataDir: string, distDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await createServerProcess({ dataDir, distDir, env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env } });
  await server.start();
  return server;
}

export async function benchScale(options: { password: string; distDir: string }) {
  const databaseUrl = scaleDatabaseUrl();
  const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-scale-'));
  const stopped: string[] = [];
  const step = async (name: string, task: () => Promise<unknown>) => {
    try {
      await task();
    } catch (error) {
      stopped.push(name);
      console.log(`(${name} stopped: ${errorText(error)})`);
    }
  };
  try {
    if ((await workOrdersIn(databaseUrl)) === 0) {
      const began = performance.now();
      const seeding = await serverOn(databaseUrl, dataDir, options.distDir, { SEED_SCALE: '2' });
      await seeding.stop();
      console.log(`migrations and the benchmark seed (scale 2), by the server: ${seconds(performance.now() - began)}`);
    }
    const grown = await growScaleDatabase(databaseUrl, (line) => console.log(line));
    const { counts } = grown;
    console.log(
      `${grown.grown ? `grown in ${seconds(grown.seconds * 1000)} to` : 'database of'} ${count(counts.workOrders)} work orders ` +
        `(${count(counts.serviceItems)} service items, ${count(counts.partsLines)} parts lines), ${count(counts.homes)} homes ` +
        `(${count(counts.warrantyCards)} warranty cards), ${count(counts.retailers)} retailers, ${count(counts.plants)} plants` +
        (counts.workOrders < SCALE_TARGET.workOrders ? ' (SHORT of the target)' : ''),
    );
    if (!existsSync(join(options.distDir, 'index.html'))) {
      console.log(`(no build in ${options.distDir}: npx vite build)`);
      execFileSync('npx', ['vite', 'build', '--outDir', options.distDir], { stdio: 'ignore' });
    }

    const began = performance.now();
    const server = await serverOn(databaseUrl, dataDir, options.distDir);
    const pid = server.pid!;
    const memory = memoryOf(pid);
    console.log(`server process started on it in ${seconds(performance.now() - began)} (pid ${pid}, RSS read from /proc/${pid}/status)`);
    const context: Context = { url: server.url, pid, password: options.password, databaseUrl, memory };
    try {
      await step('whole list', () => wholeList(context, REGIONAL_USER, 'every plant'));
      console.log(`first sync of plant@ (two plants), every kept list, ${PAGE_ROWS} rows a page:`);
      await step('first sync of plant@', () => firstSync(context, 'plant'));
      await step('refresh after one change', () => refreshAfterChange(context));
      await step('plant rename', () => plantRename(context));
      console.log(`first sync of ${REGIONAL_USER}@ (every plant):`);
      await step(`first sync of ${REGIONAL_USER}@`, () => firstSync(context, REGIONAL_USER));
      await step('first screen in Chromium', () => firstScreen(context, REGIONAL_USER, options.distDir));
      console.log(`server process: peak RSS over the whole section ${megabytes(memory.overall())}`);
    } finally {
      memory.stop();
      await server.stop();
    }
    if (server.exitCode() !== 0 && server.exitCode() !== null) console.log(`(the server exited with ${server.exitCode()})`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (stopped.length > 0) throw new Error(`steps stopped: ${stopped.join(', ')}`);
}
