import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Database } from '../db/client';
import { migrationsAreCurrent } from '../db/client';
import { jsonResponse } from '../http/errors';
import type { Lifecycle } from './lifecycle';
import { isMetricsScraper, READINESS_ROUTE, type Metrics } from './metrics';

/** How long readiness waits for the database before calling it unavailable. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

const noStore = { 'cache-control': 'no-store' };

type DatabaseStatus = 'ready' | 'migrations pending' | 'database unavailable';

async function databaseReady(db: Database): Promise<DatabaseStatus> {
  const check = db
    .execute(sql`select 1`)
    .then(() => migrationsAreCurrent(db))
    .then(
      (current): DatabaseStatus => (current ? 'ready' : 'migrations pending'),
      (): DatabaseStatus => 'database unavailable',
    );
  const timeout = new Promise<DatabaseStatus>((resolve) =>
    setTimeout(() => resolve('database unavailable'), DATABASE_CHECK_TIMEOUT_MS).unref(),
  );
  return Promise.race([check, timeout]);
}

/**
 * The operator's endpoints, outside the API bases and without a user's token: /healthz (the process answers; no
 * database), /readyz (take traffic? the database answers, migrations are current, not starting or draining) and
 * /metrics (Prometheus, only with METRICS_TOKEN). None of them says anything about the data.
 */
export function mountOperations(app: Hono, options: { db: Database; lifecycle: Lifecycle; metrics?: Metrics; metricsToken?: string }) {
  const { db, lifecycle, metrics, metricsToken } = options;

  app.get('/healthz', (c) => {
    c.set('routePattern', '/healthz');
    return jsonResponse(200, { status: 'ok' }, noStore);
  });

  app.get(READINESS_ROUTE, async (c) => {
    c.set('routePattern', READINESS_ROUTE);
    if (lifecycle.state !== 'ready') return jsonResponse(503, { status: lifecycle.state }, noStore);
    const status = await databaseReady(db);
    // Draining may have begun while the database was asked.
    if (lifecycle.state !== 'ready') return jsonResponse(503, { status: lifecycle.state }, noStore);
    return jsonResponse(status === 'ready' ? 200 : 503, { status }, noStore);
  });

  app.get('/metrics', async (c) => {
    c.set('routePattern', '/metrics');
    // Off (as if absent) unless METRICS_TOKEN is set.
    if (!metrics || !metricsToken) return jsonResponse(404, { message: 'Not found.' });
    if (!isMetricsScraper(c.req.header('authorization'), metricsToken)) {
      return jsonResponse(401, { message: 'Authorization has been denied for this request.' }, { 'www-authenticate': 'Bearer' });
    }
    return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType, ...noStore } });
  });
}
