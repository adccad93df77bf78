import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SYNC_CURSOR_HEADER } from '../../contract/sync';
import { REPLAYED_HEADER } from '../http/idempotency';

/**
 * Prometheus metrics of one server (GET /metrics, behind METRICS_TOKEN). A registry per app, never prom-client's
 * global one: tests make many apps in one process. Labels are route patterns, methods and statuses only, so
 * the number of series stays bounded whatever paths clients send.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'homesite_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'homesite_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'homesite_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const inFlight = new Gauge({ name: 'homesite_http_requests_in_flight', help: 'Requests being answered now.', registers });
  const replays = new Counter({
    name: 'homesite_idempotent_replays_total',
    help: 'Writes answered from the idempotency store (a device retried a request already done).',
    registers,
  });
  const conflicts = new Counter({
    name: 'homesite_conflicts_total',
    help: '409 answers: an update against a stale rowVersion, or another conflict.',
    labelNames: ['route'],
    registers,
  });
  const serverErrors = new Counter({
    name: 'homesite_server_errors_total',
    help: '5xx answers, by route pattern and status.',
    labelNames: ['route', 'status'],
    registers,
  });
  const syncAnswers = new Counter({
    name: 'homesite_delta_sync_answers_total',
    help: 'Answers of delta-synced lists: delta (?since=), full (the whole list) or not_modified (304).',
    labelNames: ['route', 'answer'],
    registers,
  });
  const queryDuration = new Histogram({
    name: 'homesite_db_query_duration_seconds',
    help: 'Database time per statement, including the wait for a connection or, on the embedded database, for its turn.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  });

  return {
    registry,
    inFlight,
    observeQuery: (seconds: number) => queryDuration.observe(seconds),
    /** Gauges read when scraped (e.g. the PostgreSQL pool's waiting clients). */
    addGauge: (name: string, help: string, read: () => number) => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    },
    observeRequest(c: Context, response: Response, seconds: number) {
      const route = c.get('routePattern') ?? 'unmatched';
      const method = c.req.method;
      const status = String(response.status);
      requests.inc({ route, method, status });
      duration.observe({ route, method, status }, seconds);
      if (response.headers.get(REPLAYED_HEADER) === 'true') replays.inc();
      if (response.status === 409) conflicts.inc({ route });
      if (response.status >= 500) serverErrors.inc({ route, status });
      if (method === 'GET') {
        if (response.headers.has(SYNC_CURSOR_HEADER)) syncAnswers.inc({ route, answer: response.status === 304 ? 'not_modified' : 'full' });
        else if (response.status === 200 && c.req.query('since') !== undefined) syncAnswers.inc({ route, answer: 'delta' });
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Constant-time comparison of the scraper's bearer token with METRICS_TOKEN. */
export function isMetricsScraper(authorization: string | undefined, token: string): boolean {
  const offered = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}
