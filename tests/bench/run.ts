// `npm run bench`: figures, not pass/fail. Bundle sizes and Lighthouse, then API latency under load beside a bare
// Hono hello-world measured in the same run on the same machine; then on the benchmark seed the work orders API,
// the outbox replay, the approved parts catalogs, and the kept lists (50,000 work orders, 20,000 homeowners) in Chromium;
// then the import, the parts picker's search, the Idempotency-Key's costs and sign-in timing;
// then live changes across two instances on PostgreSQL (latency in Chromium, 1,000 idle streams);
// then a manufacturer's scale: PostgreSQL grown to 1,000,000 work orders, the server in its own process (issue 31).
// BENCH_ONLY=api (or bundle, lighthouse, open-load, mixed-load, work-orders, import, export, part-search, idempotency, sign-in, live, scale; comma-separated) runs only those sections.
// BENCH_SCALE_DATABASE_URL: the database the scale section seeds and grows once and then reuses (an empty one at first;
// by default a throw-away database of scripts/test-postgres.sh, seeded and grown on every run, about 8 minutes).
import { measureBundle } from './bundle';
import { formatLighthouse, measureLighthouse } from './lighthouse';
import { benchApiUnderLoad } from './load';
import { benchMixedLoad } from './mixed-load';
import { benchOpenLoad, openLoadOptionsFromEnv } from './open-load';
import { benchOutboxReplay } from './outbox-replay';
import { benchCatalogOffline } from './catalog-offline';
import { benchIdempotentRetry } from './idempotent-retry';
import { benchExport } from './export';
import { benchImport } from './import';
import { benchImportWorkOrders } from './import-work-orders';
import { benchKeptListsInBrowser } from './kept-lists-browser';
import { benchIdleStreams, benchLiveLatency } from './live-changes';
import { benchPartSearch } from './part-search';
import { benchScale } from './scale';
import { benchSignInTiming } from './sign-in-timing';
import { benchWorkOrdersApi, startScaledServer } from './work-orders-api';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const password = process.env.DEMO_PASSWORD ?? 'Demo#2026!';

// The scaled server serves the built app too: the issue 5 benchmarks and the work order list open it in Chromium.
const distDir = process.env.BENCH_DIST_DIR ?? 'dist';
/** Seconds of each autocannon measurement (API under load). */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of the mixed reads and writes on each database (issue 14 §5). */
const MIXED_LOAD_SECONDS = Number(process.env.MIXED_LOAD_SECONDS ?? 60);
/** BENCH_ONLY=api,work-orders runs those sections only (bundle, lighthouse, api, open-load, mixed-load, work-orders, import, export, part-search, idempotency, sign-in, live, scale); unset runs all. */
const only = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const runs = (
  section:
    | 'bundle'
    | 'lighthouse'
    | 'api'
    | 'open-load'
    | 'mixed-load'
    | 'work-orders'
    | 'import'
    | 'export'
    | 'part-search'
    | 'idempotency'
    | 'sign-in'
    | 'live'
    | 'scale',
) => only.size === 0 || only.has(section);

/** A benchmark that stops with an error says so, and the others still run (the exit code tells at the end). */
const failed: string[] = [];
async function attempt(name: string, benchmark: () => Promise<unknown>) {
  try {
    await benchmark();
  } catch (error) {
    failed.push(name);
    console.log(
      `(${name} stopped: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)})`,
    );
  }
}

if (runs('bundle')) {
  console.log('# Bundle (gzip)');
  console.log(measureBundle(distDir).report());
}

if (runs('lighthouse')) {
  // Issue 10 §7: Lighthouse mobile (default throttling) on /login, the median of LIGHTHOUSE_RUNS (3) runs.
  console.log('\n# Lighthouse mobile on /login (performance)');
  await attempt('Lighthouse', async () => console.log(formatLighthouse(await measureLighthouse({ distDir }))));
}

if (runs('api')) {
  console.log('\n# API under load');
  await attempt('API under load', () => benchApiUnderLoad({ connections: CONCURRENCY, durationSeconds: DURATION_SECONDS, password }));
}

if (runs('open-load')) {
  // Issue 22 §9: latency at a fixed arrival rate (2,000 devices syncing every 60 s, 50 writers), beside the saturation above.
  console.log('\n# Latency at a realistic load (open model)');
  await attempt('open-model load', () => benchOpenLoad(openLoadOptionsFromEnv()));
}

if (runs('mixed-load')) {
  // Issue 14 §5: 50 clients mixing reads and writes, each write once (replays and 409s included), on both databases.
  console.log('\n# Mixed reads and writes under load');
  await attempt('mixed load', () => benchMixedLoad({ clients: CONCURRENCY, seconds: MIXED_LOAD_SECONDS, password }));
}

if (runs('work-orders')) {
  // Issue 4: work orders on the benchmark seed (scale 2: 50,000+ service requests), then the outbox.
  // BENCH_DATABASE_URL: an empty PostgreSQL database instead of PGlite (left seeded afterwards).
  const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  console.log(`\n# Work orders API (seed scale 2, ${benchDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  const scaled = await startScaledServer(2, benchDatabaseUrl, distDir);
  await attempt('work orders API', () =>
    benchWorkOrdersApi(scaled, {
      password,
      concurrency: CONCURRENCY,
      // Each answer is a whole list (thousands of rows): one request per concurrent client keeps the run short.
      listRequests: Number(process.env.BENCH_LIST_REQUESTS ?? CONCURRENCY),
      requests: Math.min(TOTAL, 500),
    }),
  );
  console.log('\n# Outbox replay (fake-indexeddb, real fetch, same server)');
  await attempt('outbox replay', () => benchOutboxReplay(scaled.app, password));

  // Same server: the approved catalogs of service@'s plants, then service@'s 50,000 work orders and 20,000 homeowners.
  console.log('\n# Approved parts catalogs offline in Chromium (service@, seed scale 2)');
  await attempt('catalogs offline', () => benchCatalogOffline({ password, server: scaled.app }));
  console.log('\n# Kept lists in Chromium (service@: 50,000+ work orders, 20,000 homeowners; times inside the page)');
  await attempt('kept lists in Chromium', () => benchKeptListsInBrowser(scaled.app, { password }));
  await scaled.close();
}
if (runs('import')) {
  // Issue 20 §3: 100,000 homes with warranty cards from one CSV into an empty PGlite kept in files.
  console.log('\n# Import of homes (PGlite in files)');
  await attempt('import', () => benchImport());
  // Issue 30 §2: 200,000 work orders with 3 service items each from one JSON Lines file, beside 20,000 homes.
  console.log('\n# Import of work orders (PGlite in files)');
  await attempt('import of work orders', () => benchImportWorkOrders());
}
if (runs('export')) {
  // Issue 30 §3: `homesite export` of 200,000 work orders (3 items each), then of 200,000 homes, from PGlite in files, with memory.
  console.log('\n# Export of work orders and homes (PGlite in files)');
  await attempt('export', () => benchExport());
}
if (runs('part-search')) {
  console.log('\n# Parts picker search (the corporate parts master, in memory)');
  await attempt('part search', async () => benchPartSearch());
}
if (runs('idempotency')) {
  console.log('\n# Idempotency-Key (PGlite in memory)');
  await attempt('Idempotency-Key', () => benchIdempotentRetry());
}
if (runs('sign-in')) {
  // Issue 22 §5: an unknown user name must not answer faster than a wrong password (user names told apart by timing).
  console.log('\n# Sign-in timing: unknown user name vs wrong password (PGlite in memory)');
  await attempt('sign-in timing', () => benchSignInTiming());
}
if (runs('live')) {
  // Issue 23 §1: a change reaches another instance's open list in ≤ 1 s p95; 1,000 idle streams cost ≤ 50 MB and no connection each.
  console.log('\n# Live changes (two instances on PostgreSQL)');
  await attempt('live-changes latency', () => benchLiveLatency({ distDir }));
  await attempt('idle live-changes streams', () => benchIdleStreams({ distDir }));
}
if (runs('scale')) {
  // Issue 31 §6: 1,000,000 work orders on PostgreSQL: whole list, first sync, first screen, refresh, plant rename.
  console.log("\n# A manufacturer's scale (PostgreSQL grown to 1,000,000 work orders, the server in its own process)");
  await attempt('scale', () => benchScale({ password, distDir }));
}
if (failed.length > 0) {
  console.log(`\n(${failed.length} benchmark(s) stopped early: ${failed.join(', ')})`);
  process.exitCode = 1;
}
