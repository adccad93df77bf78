// `npm run bench`: figures, not pass/fail. Bundle sizes, then API latency under load beside a bare
// Hono hello-world measured in the same run on the same machine; then the work orders (issue 4) and the
// approved parts catalogs and homeowners kept offline (issue 5) on the benchmark seed.
// BENCH_ONLY=api (or bundle, lighthouse, work-orders, browser; comma-separated) runs only those sections.
import { measureBundle } from './bundle';
import { formatLighthouse, measureLighthouse } from './lighthouse';
import { benchWorkOrdersInBrowser } from './work-orders-browser';
import { benchApiUnderLoad } from './load';
import { benchOutboxReplay } from './outbox-replay';
import { benchCatalogOffline } from './catalog-offline';
import { benchHomeownersOffline } from './homeowners-offline';
import { benchWorkOrdersApi, startScaledServer } from './work-orders-api';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const password = process.env.DEMO_PASSWORD ?? 'Demo#2026!';

// The scaled server serves the built app too: the issue 5 benchmarks and the work order list open it in Chromium.
const distDir = process.env.BENCH_DIST_DIR ?? 'dist';
/** Seconds of each autocannon measurement (API under load). */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** BENCH_ONLY=api,work-orders,browser runs those sections only (bundle, lighthouse, api, work-orders, browser); unset runs all. */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
const runs = (section: 'bundle' | 'lighthouse' | 'api' | 'work-orders' | 'browser') => only.size === 0 || only.has(section);

/** A benchmark that stops with an error says so, and the others still run (the exit code tells at the end). */
const failed: string[] = [];
async function attempt(name: string, benchmark: () => Promise<unknown>) {
  try {
    await benchmark();
  } catch (error) {
    failed.push(name);
    console.log(`(${name} stopped: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)})`);
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

  // Issue 5, same server: the approved catalogs of service@'s plants, then 20,000+ homeowners, made available offline.
  console.log('\n# Approved parts catalogs offline in Chromium (service@, seed scale 2)');
  await attempt('catalogs offline', () => benchCatalogOffline({ password, server: scaled.app }));
  console.log('\n# My Homeowners offline in Chromium (20,000+ homeowners, seed scale 2)');
  await attempt('homeowners offline', () => benchHomeownersOffline(scaled.app, { password }));
  await scaled.close();
}

if (runs('browser')) {
  console.log(`\n# Work order list in Chromium (${process.env.BENCH_BROWSER_ROWS ?? 50_000} requests kept on the device, offline)`);
  await attempt('work order list in Chromium', () => benchWorkOrdersInBrowser({ password, distDir }));
}
if (failed.length > 0) {
  console.log(`\n(${failed.length} benchmark(s) stopped early: ${failed.join(', ')})`);
  process.exitCode = 1;
}
