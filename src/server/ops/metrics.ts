import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SYNC_CURSOR_HEADER } from '../../contract/sync';
import { REPLAYED_HEADER } from '../http/idempotency';
import type { RouteDoc } from '../http/route-doc';
import { IMPORT_KINDS } from '../import/kinds';
import type { DeliveryReport } from '../mail/queue';
import { buildInfo, type BuildInfo } from './build-info';

/*
 * Every counter whose labels are known before its first event starts at 0 (issue 32 §4): a rate() over it has data from
 * the start, and an alert on it sees 0 rather than nothing. Each list of label values below is the one the code that
 * counts uses.
 */

/** How a delta-synced list answered a GET (observeRequest): a page of changes, the whole list, or 304. */
/** The readiness probe's route (ops/health.ts). */
export const READINESS_ROUTE = '/readyz';

export const DELTA_SYNC_ANSWERS = { delta: 'delta', full: 'full', notModified: 'not_modified' } as const;
/** How an import over HTTP ended (routes/import.ts): committed, a dry run that refused nothing, rows refused, or an error. */
export const IMPORT_OUTCOMES = ['written', 'dry_run', 'refused', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
/** The mailer's report (mail/queue.ts deliverDueMail), field by field, as the outcome label. */
export const MAIL_OUTCOMES = { sent: 'sent', failed: 'failed', gaveUp: 'gave_up' } as const satisfies Record<keyof DeliveryReport, string>;
/** The status a route's unexpected error is answered with (app.ts onError), its server errors' series at start. */
const SERVER_ERROR_STATUS = '500';

/** What the route-labelled counters start from: each route's pattern (as access-log labels it) and its reference entry. */
export interface KnownRoute {
  path: string;
  doc: RouteDoc;
}

const answersConflicts = (doc: RouteDoc) => (doc.errors ?? []).some((error) => (typeof error === 'number' ? error : error.status) === 409);
/** A kept list (contract/sync.ts): its plain GET answers X-Sync-Cursor, `?since=` a delta. */
const isDeltaSynced = (doc: RouteDoc) => typeof doc.answer === 'object' && 'row' in doc.answer && doc.answer.row !== undefined;

/**
 * Prometheus metrics of one server (GET /metrics, behind METRICS_TOKEN). A registry per app, never prom-client's
 * global one: tests make many apps in one process. Labels are route patterns, methods and statuses only, so
 * the number of series stays bounded whatever paths clients send.
 */
export function createMetrics(build: BuildInfo = buildInfo()) {
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
  const imports = new Counter({
    name: 'homesite_imports_total',
    help: 'Imports over HTTP (POST {api}/import/{kind}), by kind and outcome: written, dry_run, refused (nothing written), failed.',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const mails = new Counter({
    name: 'homesite_mails_total',
    help: 'Mails the queue worker of this instance handled, by outcome: sent, failed (tried again later), gave_up (its link expired).',
    labelNames: ['outcome'],
    registers,
  });
  new Gauge({
    name: 'homesite_build_info',
    help: 'Always 1: the version (package.json) and the commit (HOMESITE_COMMIT, else the checkout, else unknown) this server runs.',
    labelNames: ['version', 'commit'],
    registers,
  }).set({ version: build.version, commit: build.commit }, 1);
  for (const kind of Object.keys(IMPORT_KINDS)) for (const outcome of IMPORT_OUTCOMES) imports.inc({ kind, outcome }, 0);
  for (const outcome of Object.values(MAIL_OUTCOMES)) mails.inc({ outcome }, 0);
  const queryDuration = new Histogram({
    name: 'homesite_db_query_duration_seconds',
    help: 'Database time per statement, including the wait for a connection or, on the embedded database, for its turn.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  });

  return {
    registry,
    inFlight,
    /** The app's routes: their conflicts, server errors and delta-sync answers start at 0 (createApp). */
    knowRoutes(routes: readonly KnownRoute[]) {
      for (const { path: route, doc } of routes) {
        serverErrors.inc({ route, status: SERVER_ERROR_STATUS }, 0);
        if (answersConflicts(doc)) conflicts.inc({ route }, 0);
        if (isDeltaSynced(doc)) for (const answer of Object.values(DELTA_SYNC_ANSWERS)) syncAnswers.inc({ route, answer }, 0);
      }
    },
    countImport: (kind: string, outcome: ImportOutcome) => imports.inc({ kind, outcome }),
    countMail(report: DeliveryReport) {
      for (const [field, outcome] of Object.entries(MAIL_OUTCOMES)) mails.inc({ outcome }, report[field as keyof DeliveryReport]);
    },
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
      // /readyz's 503 is its answer (starting, draining, database away), not a failure: a deploy must not page anyone.
      if (response.status >= 500 && route !== READINESS_ROUTE) serverErrors.inc({ route, status });
      if (method === 'GET') {
        const { delta, full, notModified } = DELTA_SYNC_ANSWERS;
        if (response.headers.has(SYNC_CURSOR_HEADER)) syncAnswers.inc({ route, answer: response.status === 304 ? notModified : full });
        else if (response.status === 200 && c.req.query('since') !== undefined) syncAnswers.inc({ route, answer: delta });
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
