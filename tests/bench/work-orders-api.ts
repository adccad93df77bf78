// Issue 4 benchmarks, API half: the work order list and one request under load, on the benchmark seed
// (scale 2: at least 50,000 service requests), per kind of reader. Figures, not pass/fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import type { CmhUser, ServiceRequestSummary } from '../../src/contract';
import { deriveFlags } from '../../src/lib/permissions';
import type { Session } from '../../src/server/http/route';
import { listRequests } from '../../src/server/work-orders/store';
import * as t from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/main';
import { formatLoad, load, rawGet } from './load';

export interface ScaledServer {
  app: RunningServer;
  /** Migrations and the benchmark seed, in seconds. */
  seedSeconds: number;
  close: () => Promise<void>;
}

/**
 * A server seeded at `scale`: on a fresh PGlite directory, or on the (empty) PostgreSQL database at
 * `databaseUrl`, which is left seeded. API only, unless `distDir` names a build of the app to serve too.
 */
export async function startScaledServer(scale: number, databaseUrl?: string, distDir: string | null = null): Promise<ScaledServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-wo-'));
  const began = performance.now();
  const app = await startServer({ port: 0, dataDir, databaseUrl, quiet: true, seedScale: scale, distDir });
  const seedSeconds = (performance.now() - began) / 1000;
  return {
    app,
    seedSeconds,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(app: RunningServer, demoKey: string, password: string): Promise<string> {
  const response = await fetch(`${app.url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: `${demoKey}@demo.homesite.test`, Password: password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${demoKey} answered ${response.status}`);
  return ((await response.json()) as { bearerToken: string }).bearerToken;
}

/** A list slower than this under load is profiled (issue 4). */
const SLOW_LIST_P50_MS = 500;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export interface WorkOrdersApiOptions {
  password: string;
  concurrency: number;
  /** Requests per list measurement (each answer is the user's whole list). */
  listRequests: number;
  /** Requests per single-request measurement. */
  requests: number;
}

/** The readers of spec 3 §6: a retailer's service admin, a plant user, a service viewer. */
const READERS = [
  { key: 'admin', who: 'retailer service admin' },
  { key: 'plant', who: 'plant user, two facilities' },
  { key: 'viewer', who: 'Service_Viewer' },
] as const;

export async function benchWorkOrdersApi(scaled: ScaledServer, options: WorkOrdersApiOptions) {
  const { app } = scaled;
  const [requests] = await app.db.select({ n: count() }).from(t.serviceRequests);
  const [items] = await app.db.select({ n: count() }).from(t.serviceItems);
  const startUp = app.seeded
    ? `migrate + seed ${scaled.seedSeconds.toFixed(1)} s`
    : `already seeded, start-up ${scaled.seedSeconds.toFixed(1)} s`;
  console.log(`${requests?.n} service requests, ${items?.n} service items; ${startUp}`);

  let sample: { token: string; request: ServiceRequestSummary } | undefined;
  let slowestP50 = 0;
  /** Measurements with failed requests: printed, then the benchmark fails (their figures are not of the case named). */
  const failed: string[] = [];
  const measured = (name: string, figures: Awaited<ReturnType<typeof load>>) => {
    if (figures.failures > 0) failed.push(`${name.trim()}: ${figures.failures} failed`);
    return formatLoad(name, figures);
  };
  for (const reader of READERS) {
    const token = await signIn(app, reader.key, options.password);
    const headers = { authorization: `Bearer ${token}` };
    const list = () => rawGet(`${app.url}/api/service`, headers);

    const t0 = performance.now();
    const first = await fetch(`${app.url}/api/service`, { headers });
    const bytes = new Uint8Array(await first.arrayBuffer());
    const alone = performance.now() - t0;
    if (!first.ok) throw new Error(`GET /api/service as ${reader.key} answered ${first.status}`);
    const rows = JSON.parse(new TextDecoder().decode(bytes)) as ServiceRequestSummary[];
    console.log(
      `${reader.key}@ (${reader.who}): ${rows.length} rows, ${kb(bytes.byteLength)} (${kb(gzipSync(bytes).byteLength)} gzipped), ` +
        `${alone.toFixed(0)} ms alone`,
    );
    const listed = await load(list, { total: options.listRequests, concurrency: options.concurrency });
    console.log(measured(`GET /api/service as ${reader.key}`, listed));
    slowestP50 = Math.max(slowestP50, listed.p50);
    // The 60-second refresh of an unchanged list (spec 3 §2): a conditional request answered 304.
    const etag = first.headers.get('etag') ?? '';
    const revalidate = () => rawGet(`${app.url}/api/service`, { ...headers, 'if-none-match': etag });
    console.log(
      measured(
        `  same, If-None-Match (304)`,
        await load(revalidate, { total: options.requests, concurrency: options.concurrency, expectStatus: 304 }),
      ),
    );
    if (reader.key === 'admin' && rows[0]) sample = { token, request: rows[0] };
  }
  if (!sample) throw new Error('admin@ sees no service requests');
  if (slowestP50 > SLOW_LIST_P50_MS) await profileList(app, sample.token);

  const headers = { authorization: `Bearer ${sample.token}` };
  const { serviceRequestId, assetId } = sample.request;
  const one = () => rawGet(`${app.url}/api/service/${serviceRequestId}`, headers);
  console.log(measured('GET /api/service/{id} (full)', await load(one, { total: options.requests, concurrency: options.concurrency })));
  const ofHome = (await (await fetch(`${app.url}/api/service?assetId=${assetId}`, { headers })).json()) as unknown[];
  const byAsset = () => rawGet(`${app.url}/api/service?assetId=${assetId}`, headers);
  console.log(
    measured(
      `GET /api/service?assetId (${ofHome.length} rows)`,
      await load(byAsset, { total: options.requests, concurrency: options.concurrency }),
    ),
  );
  if (failed.length > 0) throw new Error(`requests failed: ${failed.join('; ')}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(runs: number, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * Where the time of one list answer goes (work-orders/store.ts listRequests), printed when the list is
 * slow: the SQL itself, the query as the store makes it (with the driver decoding every column), the
 * JSON, the whole answer; beside two cheaper ways to build the same rows, measured on the same data.
 */
async function profileList(app: RunningServer, token: string) {
  const profile = (await (
    await fetch(`${app.url}/auth/api/Account/User`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as CmhUser;
  const retailerNumber = profile.currentRetailer?.retailerNumber ?? '';
  const session: Session = {
    user: profile,
    flags: deriveFlags(profile),
    claims: { sub: String(profile.cmhUserId), userName: profile.userName, retailerNumber, jti: 'bench', iat: 0, exp: 0 },
  };
  const from = sql`from ${t.serviceRequests}
    inner join ${t.plants} on ${t.plants.plantNumber} = ${t.serviceRequests.plantNumber}
    inner join ${t.homes} on ${t.homes.id} = ${t.serviceRequests.homeId}
    where ${t.serviceRequests.retailerNumber} = ${retailerNumber}`;
  const plan = (
    (await app.db.execute(
      sql`explain (analyze) select ${t.serviceRequests.id} ${from} order by ${t.serviceRequests.id} desc`,
    )) as unknown as {
      rows: Record<string, string>[];
    }
  ).rows.map((row) => String(Object.values(row)[0]));
  const execution = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  const scan =
    plan.find((line) => line.includes('Scan on service_requests')) ?? plan.find((line) => line.includes('service_requests')) ?? '';
  const estimate = /rows=(\d+) width/.exec(scan)?.[1];
  const actual = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(scan)?.[1];
  const summaryColumns = sql`${t.serviceRequests.id}, ${t.serviceRequests.serviceRequestNumber}, ${t.serviceRequests.vantageWorkOrderId},
    ${t.serviceRequests.vantageWorkOrderNumber}, ${t.serviceRequests.homeId}, ${t.serviceRequests.plantNumber}, ${t.plants.name},
    ${t.serviceRequests.serialNumber}, ${t.serviceRequests.retailerNumber}, ${t.serviceRequests.vantageCaseOrigin}, ${t.serviceRequests.requestType},
    ${t.serviceRequests.status}, ${t.serviceRequests.requestDate}, ${t.serviceRequests.startDate}, ${t.serviceRequests.endDate},
    ${t.serviceRequests.performedDate}, ${t.serviceRequests.technician}, ${t.serviceRequests.totalServiceCost}, ${t.serviceRequests.totalCombinedCost},
    ${t.homes.homeownerFirstName}, ${t.homes.homeownerLastName}, ${t.serviceRequests.isArchived}, ${t.serviceRequests.rowVersion}`;
  const narrow = sql`select ${summaryColumns} ${from} order by ${t.serviceRequests.id} desc`;
  let rows: ServiceRequestSummary[] = [];
  const store = await timed(3, async () => (rows = await listRequests(app.db, session)));
  const stringify = await timed(3, async () => JSON.stringify(rows));
  const narrowMs = await timed(3, () => app.db.execute(narrow));
  const aggregated = await timed(3, () => app.db.execute(sql`select coalesce(json_agg(x), '[]')::text from (${narrow}) x`));
  const http = await timed(3, async () => (await rawGet(`${app.url}/api/service`, { authorization: `Bearer ${token}` })).arrayBuffer());
  const line = (name: string, ms: number | string) =>
    console.log(`  ${name.padEnd(62)} ${typeof ms === 'number' ? `${ms.toFixed(0)} ms` : ms}`);
  console.log(`where one list answer of admin@ goes (${rows.length} rows, retailer ${retailerNumber}; medians of 3):`);
  line('SQL execution (EXPLAIN ANALYZE)', `${execution}; planner estimated ${estimate ?? '?'} rows, read ${actual ?? '?'}`);
  line('listRequests(): SQL + decoding every column + toSummary', store);
  line('JSON.stringify of the answer', stringify);
  line('whole HTTP answer, alone', http);
  line('alternative: the same join, only the summary columns', narrowMs);
  line('alternative: summary columns as one json_agg(...)::text', aggregated);
}
