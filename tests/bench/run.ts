// `npm run bench`: figures, not pass/fail. Bundle sizes, then API latency under load beside a bare
// Hono hello-world measured in the same run on the same machine; then the work orders (issue 4) and the
// approved parts catalogs and homeowners kept offline (issue 5) on the benchmark seed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { measureBundle } from './bundle';
import { benchWorkOrdersInBrowser } from './work-orders-browser';
import { load, formatLoad } from './load';
import { benchOutboxReplay } from './outbox-replay';
import { benchCatalogOffline } from './catalog-offline';
import { benchHomeownersOffline } from './homeowners-offline';
import { benchWorkOrdersApi, startScaledServer } from './work-orders-api';
import { startServer } from '../../src/server/main';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const password = process.env.DEMO_PASSWORD ?? 'Demo#2026!';

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

console.log('# Bundle (gzip)');
console.log(measureBundle().report());

console.log('\n# API under load');
const hello = new Hono().get('/', (c) => c.text('hello'));
const helloServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const server = serve({ fetch: hello.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
});
const helloAddress = helloServer.address();
const helloUrl = `http://127.0.0.1:${typeof helloAddress === 'object' && helloAddress ? helloAddress.port : 0}/`;
console.log(formatLoad('bare Hono hello-world', await load(() => fetch(helloUrl), { total: TOTAL, concurrency: CONCURRENCY })));
helloServer.close();

const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-'));
const app = await startServer({ port: 0, dataDir, quiet: true });
const users = ['admin', 'service', 'viewer', 'sales', 'plant', 'company'];
let next = 0;
const login = () => {
  const user = users[next++ % users.length];
  return fetch(`${app.url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: `${user}@demo.homesite.test`, Password: password }),
  });
};
// Password hashing dominates login by design (argon2id): fewer requests keep the run short.
console.log(formatLoad('POST Account/Token (login)', await load(login, { total: Math.min(TOTAL, 300), concurrency: CONCURRENCY })));

const token = ((await (await login()).json()) as { bearerToken: string }).bearerToken;
const profile = () => fetch(`${app.url}/auth/api/Account/User`, { headers: { authorization: `Bearer ${token}` } });
console.log(formatLoad('GET Account/User (profile)', await load(profile, { total: TOTAL, concurrency: CONCURRENCY })));

await app.close();
rmSync(dataDir, { recursive: true, force: true });

// Issue 4: work orders on the benchmark seed (scale 2: 50,000+ service requests), then the outbox.
// BENCH_DATABASE_URL: an empty PostgreSQL database instead of PGlite (left seeded afterwards).
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
console.log(`\n# Work orders API (seed scale 2, ${benchDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`);
// It serves the built app too: the issue 5 benchmarks below open it in Chromium.
const distDir = process.env.BENCH_DIST_DIR ?? 'dist';
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

console.log(`\n# Work order list in Chromium (${process.env.BENCH_BROWSER_ROWS ?? 50_000} requests kept on the device, offline)`);
await attempt('work order list in Chromium', () => benchWorkOrdersInBrowser({ password, distDir }));
if (failed.length > 0) {
  console.log(`\n(${failed.length} benchmark(s) stopped early: ${failed.join(', ')})`);
  process.exitCode = 1;
}
