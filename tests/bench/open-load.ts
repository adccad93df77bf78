// Latency at a realistic load (issue 22 §9), beside the saturation runs of load.ts and mixed-load.ts: an open
// model, where requests arrive at a fixed rate whatever the answers take. OPEN_LOAD_DEVICES (2,000) devices each
// pull their work-order delta every OPEN_LOAD_SYNC_SECONDS (60): ≈33 GETs/s; OPEN_LOAD_WRITERS (50) technicians
// each save every OPEN_LOAD_WRITE_SECONDS (5): 10 writes/s (information, an item, a new request, in turn). Each
// device and writer starts at its own random phase. Latency is counted from the time a request was due, not from
// when it left, so a server (or a generator) that falls behind shows in the figures instead of slowing the arrivals
// (no coordinated omission). First a bare Hono hello-world under the same arrivals, then PGlite and PostgreSQL on
// the demo seed, each followed by a delta GET as large as the run's at saturation (autocannon, BENCH_CONCURRENCY
// connections for BENCH_DURATION s): the rate the server can answer, beside the rate asked. OPEN_LOAD_SECONDS (60)
// are measured after a warm-up of one sync period, so that every device's delta holds a whole period of changes, as
// in the field. Goals: p99 ≤ 100 ms for the reads and ≤ 250 ms for the writes. A request never answered counts as the
// slowest. Fails (throws) on an answer other than expected, or none. Called by run.ts (BENCH_ONLY=open-load);
// alone: `npx tsx tests/bench/open-load.ts`. The generator runs in a worker thread, off the server's event loop.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { DEFAULT_BASES, paths, SYNC_CURSOR_HEADER, type CmhUser, type SyncPage } from '../../src/contract';
import * as t from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/main';
import { faultsOf, formatFigures, hammer, scratchPostgres, signInAs, startHelloWorld, type LoadFigures } from './load';
import { inWorkerThread } from './mixed-load';

export const OPEN_LOAD_GOALS = { readP99Ms: 100, writeP99Ms: 250 } as const;

/** The demo users whose devices sync (the readers of the work-order list), in turn. */
const DEVICE_USERS = ['service', 'admin', 'viewer', 'plant', 'company'];
/** The demo users the writers are (Service_User), in turn. */
const WRITER_USERS = ['service', 'admin'];

type WriteKind = 'update info' | 'add item' | 'create request';
/** A writer's saves in turn: the information of its work order, an item on it, a new service request. */
const WRITE_CYCLE: WriteKind[] = ['update info', 'add item', 'create request'];
type Kind = 'delta' | WriteKind | 'hello';

const pathOf = (at: { base: keyof typeof DEFAULT_BASES; path: string }) => `${DEFAULT_BASES[at.base]}${at.path}`;

// ---------------------------------------------------------------------------------------------------
// The plan the worker gets, and what it sends back.

interface Writer {
  token: string;
  /** The writer's own work order, which its updates and items go to. */
  request: { id: number; rowVersion: number };
  home: { id: number; plantNumber: string; serialNumber: string };
}

interface OpenPlan {
  /** 'hello': every arrival is GET / of the hello-world. */
  mode: 'hello' | 'app';
  origin: string;
  warmUpSeconds: number;
  seconds: number;
  devices: number;
  syncSeconds: number;
  writeSeconds: number;
  /** Per device user: its token and the cursor of its list when the run starts. */
  deviceUsers: { token: string; cursor: string }[];
  writers: Writer[];
}

interface Sample {
  kind: Kind;
  /** From the time the request was due until its answer was read (ms); Infinity when no answer came. */
  latency: number;
  /** How late the generator sent it (ms). */
  lag: number;
  /** 0: no answer (the connection failed or was cut). */
  status: number;
}

interface OpenOutcome {
  samples: Sample[];
  /** Network errors and statuses other than expected, during the measured part. */
  faults: string[];
  /** Rows the measured deltas carried, and how many said `more` or `reset`. */
  deltaRows: number;
  deltasWithMore: number;
  resets: number;
  /**
   * CPU this process spent per second of the measured part (ms/s; 1,000 is a whole core): the server and the
   * generator, not a PostgreSQL server's own processes. What the run asks of the machine, however busy it is.
   */
  cpuMsPerSecond: number;
  /**
   * The cursor the last answered delta of the first device user asked with: one sync period before the end, so a
   * delta from it holds as many rows as the run's did (the writers have stopped). Null when there was none.
   */
  lastSince: string | null;
}

// ---------------------------------------------------------------------------------------------------
// The generator (worker thread).

/** mulberry32: the same phases on every run. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Arrival {
  /** ms from the start. */
  at: number;
  kind: 'delta' | 'write';
  /** Device or writer index. */
  who: number;
}

/** Every device once per sync period and every writer once per write period, each from a random phase, in time order. */
function schedule(plan: OpenPlan): Arrival[] {
  const random = seededRandom(2026);
  const endMs = (plan.warmUpSeconds + plan.seconds) * 1000;
  const arrivals: Arrival[] = [];
  const every = (count: number, periodMs: number, kind: Arrival['kind']) => {
    for (let who = 0; who < count; who++) {
      for (let at = random() * periodMs; at < endMs; at += periodMs) arrivals.push({ at, kind, who });
    }
  };
  every(plan.devices, plan.syncSeconds * 1000, 'delta');
  every(plan.writers.length, plan.writeSeconds * 1000, 'write');
  return arrivals.sort((a, b) => a.at - b.at);
}

async function runOpenModel(plan: OpenPlan): Promise<OpenOutcome> {
  const outcome: OpenOutcome = { samples: [], faults: [], deltaRows: 0, deltasWithMore: 0, resets: 0, cpuMsPerSecond: 0, lastSince: null };
  const cursors = Array.from({ length: plan.devices }, (_, device) => plan.deviceUsers[device % plan.deviceUsers.length]?.cursor ?? '');
  const writes = plan.writers.map(() => 0);
  const warmUpMs = plan.warmUpSeconds * 1000;
  const today = new Date().toISOString().slice(0, 10);

  /** One request due at `due` (performance.now()); measured when it was due after the warm-up. */
  async function send(kind: Kind, due: number, measured: boolean, path: string, init: RequestInit, expected: number[]) {
    const sentAt = performance.now();
    try {
      const response = await fetch(`${plan.origin}${path}`, init);
      const text = await response.text();
      if (!measured) return { response, text };
      outcome.samples.push({ kind, latency: performance.now() - due, lag: sentAt - due, status: response.status });
      if (!expected.includes(response.status)) outcome.faults.push(`${kind}: ${response.status} ${text.slice(0, 200)}`);
      return { response, text };
    } catch (error) {
      if (!measured) return null;
      // A request never answered is the slowest of all, not one left out of the percentiles.
      outcome.samples.push({ kind, latency: Infinity, lag: sentAt - due, status: 0 });
      const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
      outcome.faults.push(`${kind}: no answer: ${error instanceof Error ? error.message : String(error)}${cause}`);
      return null;
    }
  }

  async function delta(device: number, due: number, measured: boolean) {
    const user = plan.deviceUsers[device % plan.deviceUsers.length]!;
    const since = cursors[device]!;
    const path = `${pathOf(paths.serviceRequests)}?since=${encodeURIComponent(since)}`;
    const headers = { authorization: `Bearer ${user.token}`, 'accept-encoding': 'gzip, deflate, br' };
    const answer = await send('delta', due, measured, path, { headers }, [200]);
    if (answer?.response.status !== 200) return;
    const page = JSON.parse(answer.text) as SyncPage<unknown>;
    cursors[device] = page.cursor;
    if (!measured) return;
    if (device % plan.deviceUsers.length === 0) outcome.lastSince = since;
    outcome.deltaRows += page.items.length;
    if (page.more) outcome.deltasWithMore++;
    if (page.reset) outcome.resets++;
  }

  async function write(index: number, due: number, measured: boolean) {
    const writer = plan.writers[index]!;
    const step = writes[index]!;
    writes[index] = step + 1;
    const kind = WRITE_CYCLE[step % WRITE_CYCLE.length]!;
    const headers = { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    if (kind === 'update info') {
      const body = {
        requestType: 'S',
        caseSubject: `Open load visit ${step}`,
        caseDescription: 'Punch list after setup',
        technician: `Open load ${index}`,
        startDate: today,
        endDate: today,
        performedDate: today,
        tripTime: 1.5,
        mileage: 24,
        rowVersion: writer.request.rowVersion,
      };
      // Two saves of one writer overlap only when an answer takes longer than a write period: the later meets 409,
      // and the writer goes on from the version that answer carries.
      const path = pathOf(paths.serviceRequest(writer.request.id));
      const answer = await send(kind, due, measured, path, { method: 'PUT', headers, body: JSON.stringify(body) }, [200, 409]);
      const status = answer?.response.status;
      if (status === 200 || status === 409) {
        const json = JSON.parse(answer!.text) as { rowVersion?: number; current?: { rowVersion?: number } };
        const saved = status === 409 ? json.current : json;
        if (typeof saved?.rowVersion === 'number') writer.request.rowVersion = saved.rowVersion;
      }
    } else if (kind === 'add item') {
      const body = {
        problemDescription: `Open load problem ${step}`,
        determinedCause: 'Loose fitting',
        actionTaken: 'Tightened and tested',
        partsCost: 4.5,
        laborHours: 0.25,
        isTwoMan: false,
      };
      await send(
        kind,
        due,
        measured,
        pathOf(paths.serviceItems(writer.request.id)),
        { method: 'POST', headers, body: JSON.stringify(body) },
        [201],
      );
    } else {
      const { home } = writer;
      const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) });
      await send(kind, due, measured, `${pathOf(paths.createServiceRequest)}?${query}`, { method: 'POST', headers }, [201]);
    }
  }

  const arrivals = schedule(plan);
  const inFlight = new Set<Promise<unknown>>();
  const start = performance.now() + 50;
  let measuredFrom: { cpu: NodeJS.CpuUsage; at: number } | undefined;
  for (const arrival of arrivals) {
    const due = start + arrival.at;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const measured = arrival.at >= warmUpMs;
    if (measured) measuredFrom ??= { cpu: process.cpuUsage(), at: performance.now() };
    // Sent when due, whatever the requests before it are doing: an open model.
    const request =
      plan.mode === 'hello'
        ? send('hello', due, measured, '/', {}, [200])
        : arrival.kind === 'delta'
          ? delta(arrival.who, due, measured)
          : write(arrival.who, due, measured);
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  if (measuredFrom) {
    const used = process.cpuUsage(measuredFrom.cpu);
    outcome.cpuMsPerSecond = (used.user + used.system) / 1000 / ((performance.now() - measuredFrom.at) / 1000);
  }
  await Promise.all(inFlight);
  return outcome;
}

if (!isMainThread && (workerData as { openLoad?: OpenPlan } | null)?.openLoad) {
  parentPort!.postMessage(await runOpenModel((workerData as { openLoad: OpenPlan }).openLoad));
}

// ---------------------------------------------------------------------------------------------------
// The servers, the plan, and the report (main thread).

export interface OpenLoadOptions {
  devices: number;
  syncSeconds: number;
  writers: number;
  writeSeconds: number;
  seconds: number;
  warmUpSeconds: number;
  password: string;
  /** The saturation run beside it: autocannon connections and seconds. */
  connections: number;
  saturationSeconds: number;
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { n: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted[sorted.length - 1] ?? NaN };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'no answer');
const mark = (met: boolean) => (met ? 'met' : 'MISSED');

/** One line of latencies (from the due time), with the goal when there is one, and the statuses answered. */
function latencyLine(name: string, samples: Sample[], seconds: number, goalMs?: number) {
  const { n, p50, p90, p99, max } = percentiles(samples.map((sample) => sample.latency));
  if (n === 0) return `  ${name.padEnd(30)} none due in the measured part`;
  const statuses = new Map<number, number>();
  for (const sample of samples) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
  const goal = goalMs === undefined ? '' : ` (goal ≤ ${goalMs} ms: ${mark(p99 <= goalMs)})`;
  return (
    `  ${name.padEnd(30)} ${String(n).padStart(6)} (${(n / seconds).toFixed(1)}/s)  p50 ${ms(p50).padStart(9)}  p90 ${ms(p90).padStart(9)}  ` +
    `p99 ${ms(p99).padStart(9)}${goal}  max ${ms(max)}  ` +
    `[${[...statuses].map(([status, count]) => `${status === 0 ? 'no answer' : status}×${count}`).join(' ')}]`
  );
}

/** The figures of one open-model run; answers its faults. */
function report(label: string, outcome: OpenOutcome, plan: OpenPlan): string[] {
  const of = (kinds: Kind[]) => outcome.samples.filter((sample) => kinds.includes(sample.kind));
  const lag = percentiles(outcome.samples.map((sample) => sample.lag));
  console.log(`${label}:`);
  if (plan.mode === 'hello') {
    console.log(latencyLine('GET / (every arrival)', of(['hello']), plan.seconds));
  } else {
    const deltas = of(['delta']);
    const answered = deltas.filter((sample) => sample.status === 200).length;
    console.log(latencyLine('reads: delta GET /api/service', deltas, plan.seconds, OPEN_LOAD_GOALS.readP99Ms));
    console.log(latencyLine('writes: all', of(WRITE_CYCLE), plan.seconds, OPEN_LOAD_GOALS.writeP99Ms));
    for (const kind of WRITE_CYCLE) console.log(latencyLine(`  ${kind}`, of([kind]), plan.seconds));
    console.log(
      `  deltas carried ${(outcome.deltaRows / Math.max(1, answered)).toFixed(1)} rows on average (${outcome.deltaRows} in all); ` +
        `${outcome.deltasWithMore} said more, ${outcome.resets} reset`,
    );
  }
  console.log(`  generator: requests left p50 ${ms(lag.p50)}, p99 ${ms(lag.p99)}, max ${ms(lag.max)} after they were due`);
  console.log(
    `  CPU of this process (server and generator${plan.mode === 'app' ? ', not a PostgreSQL server' : ''}): ` +
      `${outcome.cpuMsPerSecond.toFixed(0)} ms per second of the measured part`,
  );
  for (const fault of outcome.faults.slice(0, 5)) console.log(`    ${fault}`);
  return outcome.faults.length > 0 ? [`${label}: ${outcome.faults.length} answers other than expected`] : [];
}

function planFor(mode: OpenPlan['mode'], origin: string, options: OpenLoadOptions): Omit<OpenPlan, 'deviceUsers' | 'writers'> {
  return {
    mode,
    origin,
    warmUpSeconds: options.warmUpSeconds,
    seconds: options.seconds,
    devices: options.devices,
    syncSeconds: options.syncSeconds,
    writeSeconds: options.writeSeconds,
  };
}

/** The tokens and start cursors of the devices' users, and each writer's own work order on a home of its retailer. */
async function prepare(app: RunningServer, options: OpenLoadOptions) {
  const tokens = new Map<string, string>();
  for (const user of new Set([...DEVICE_USERS, ...WRITER_USERS])) tokens.set(user, await signInAs(app.url, user, options.password));
  const deviceUsers = await Promise.all(
    DEVICE_USERS.map(async (user) => {
      const response = await fetch(`${app.url}${pathOf(paths.serviceRequests)}`, {
        headers: { authorization: `Bearer ${tokens.get(user)}` },
      });
      await response.arrayBuffer();
      const cursor = response.headers.get(SYNC_CURSOR_HEADER);
      if (response.status !== 200 || !cursor)
        throw new Error(`GET the work-order list as ${user} answered ${response.status}, cursor ${cursor}`);
      return { token: tokens.get(user)!, cursor };
    }),
  );
  const writers: Writer[] = [];
  for (let index = 0; index < options.writers; index++) {
    const token = tokens.get(WRITER_USERS[index % WRITER_USERS.length]!)!;
    const profile = (await (
      await fetch(`${app.url}${pathOf(paths.profile)}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as CmhUser;
    const retailerNumber = profile.currentRetailer?.retailerNumber;
    if (!retailerNumber) throw new Error(`${WRITER_USERS[index % WRITER_USERS.length]}@ has no current retailer`);
    const homes = await app.db
      .select({ id: t.homes.id, plantNumber: t.homes.plantNumber, serialNumber: t.homes.serialNumber })
      .from(t.homes)
      .where(eq(t.homes.retailerNumber, retailerNumber))
      .orderBy(t.homes.id)
      .limit(options.writers);
    const home = homes[index % homes.length];
    if (!home) throw new Error(`retailer ${retailerNumber} has no homes`);
    const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) });
    const response = await fetch(`${app.url}${pathOf(paths.createServiceRequest)}?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    if (response.status !== 201) throw new Error(`creating writer ${index}'s work order answered ${response.status}`);
    const created = (await response.json()) as { serviceRequestId: number; rowVersion: number };
    writers.push({ token, request: { id: created.serviceRequestId, rowVersion: created.rowVersion }, home });
  }
  return { deviceUsers, writers };
}

/** The open model on a fresh demo seed, then the delta GET at saturation on the same server; answers the faults. */
async function oneDatabase(label: string, databaseUrl: string | undefined, hello: LoadFigures, options: OpenLoadOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-open-'));
  const app = await startServer({ port: 0, dataDir, databaseUrl, quiet: true, distDir: null });
  try {
    const { deviceUsers, writers } = await prepare(app, options);
    const plan: OpenPlan = { ...planFor('app', app.url, options), deviceUsers, writers };
    const outcome = await inWorkerThread<OpenOutcome>(import.meta.url, { openLoad: plan });
    const faults = report(`\n${label}, open model`, outcome, plan);

    // The same request at saturation: a delta of the first device user as large as the run's.
    if (!outcome.lastSince) throw new Error(`${label}: no delta of ${DEVICE_USERS[0]}@ was answered, none to measure at saturation`);
    const url = `${app.url}${pathOf(paths.serviceRequests)}?since=${encodeURIComponent(outcome.lastSince)}`;
    const headers = { authorization: `Bearer ${deviceUsers[0]!.token}`, 'accept-encoding': 'gzip, deflate, br' };
    const rows = ((await (await fetch(url, { headers })).json()) as SyncPage<unknown>).items.length;
    const saturated = await hammer(
      `${label}: delta GET (${rows} rows), saturation`,
      { url, headers },
      {
        connections: options.connections,
        durationSeconds: options.saturationSeconds,
      },
    );
    console.log(formatFigures(saturated, hello, true));
    return [...faults, ...faultsOf([saturated])];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchOpenLoad(options: OpenLoadOptions) {
  const loadAverage = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  const readRate = options.devices / options.syncSeconds;
  const writeRate = options.writers / options.writeSeconds;
  console.log(
    `open model: ${options.devices} devices × 1 delta GET every ${options.syncSeconds} s = ${readRate.toFixed(1)} reads/s, ` +
      `${options.writers} writers × 1 save every ${options.writeSeconds} s = ${writeRate.toFixed(1)} writes/s (${WRITE_CYCLE.join(', ')} in turn); ` +
      `${options.seconds} s measured after ${options.warmUpSeconds} s of warm-up; latency from the time each request was due; ` +
      `generator in a worker thread. Saturation beside it: autocannon, ${options.connections} connections, ${options.saturationSeconds} s. ` +
      `${cpus().length} CPUs, load average ${loadAverage()} before`,
  );

  const helloServer = await startHelloWorld();
  let hello: LoadFigures;
  const faults: string[] = [];
  try {
    const origin = new URL(helloServer.url).origin;
    const plan: OpenPlan = {
      ...planFor('hello', origin, options),
      // A short warm-up: the hello-world has no deltas to age.
      warmUpSeconds: Math.min(options.warmUpSeconds, 5),
      deviceUsers: [],
      writers: Array.from({ length: options.writers }, () => ({
        token: '',
        request: { id: 0, rowVersion: 0 },
        home: { id: 0, plantNumber: '', serialNumber: '' },
      })),
    };
    faults.push(
      ...report('bare Hono hello-world, same arrivals', await inWorkerThread<OpenOutcome>(import.meta.url, { openLoad: plan }), plan),
    );
    hello = await hammer(
      'bare Hono hello-world, saturation',
      { url: helloServer.url },
      { connections: options.connections, durationSeconds: options.saturationSeconds },
    );
  } finally {
    await helloServer.close();
  }
  console.log(formatFigures(hello));
  faults.push(...faultsOf([hello]));

  faults.push(...(await oneDatabase('PGlite', undefined, hello, options)));
  const postgres = await scratchPostgres();
  try {
    faults.push(...(await oneDatabase(`PostgreSQL (${postgres.where})`, postgres.url, hello, options)));
  } finally {
    await postgres.drop();
  }
  console.log(`\nload average ${loadAverage()} after`);
  if (faults.length > 0) throw new Error(`answers other than expected: ${faults.join('; ')}`);
}

/** The options from the environment (defaults: the issue's 2,000 devices every 60 s and 50 writers every 5 s). */
export function openLoadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenLoadOptions {
  const syncSeconds = Number(env.OPEN_LOAD_SYNC_SECONDS ?? 60);
  return {
    devices: Number(env.OPEN_LOAD_DEVICES ?? 2000),
    syncSeconds,
    writers: Number(env.OPEN_LOAD_WRITERS ?? 50),
    writeSeconds: Number(env.OPEN_LOAD_WRITE_SECONDS ?? 5),
    seconds: Number(env.OPEN_LOAD_SECONDS ?? 60),
    warmUpSeconds: Number(env.OPEN_LOAD_WARMUP_SECONDS ?? syncSeconds),
    password: env.DEMO_PASSWORD ?? 'Demo#2026!',
    connections: Number(env.BENCH_CONCURRENCY ?? 50),
    saturationSeconds: Number(env.BENCH_DURATION ?? 10),
  };
}

if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchOpenLoad(openLoadOptionsFromEnv());
}
