import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createSessionCache } from './auth/session-cache';
import { createTokenService } from './auth/tokens';
import { DEFAULT_TWO_FACTOR_CONFIG } from './auth/totp-config';
import { twoFactorOf } from './auth/totp';
import { notificationsOf, type Database } from './db/client';
import { drainUnreadBody } from './http/body-limit';
import { mountClientApp } from './http/client-app';
import { DEFAULT_IDENTITY_CONFIG } from './mail/config';
import { mailKeyOf } from './mail/queue';
import type { AppConfig, AppDeps } from './http/deps';
import { ERROR_MESSAGES, errorResponse, isInvalidValueError, jsonResponse } from './http/errors';
import { routingPath } from './http/paths';
import type { RouteDefinition } from './http/route';
import { securityHeaders } from './http/security-headers';
import { accessLog } from './ops/access-log';
import { corsForOrigins } from './ops/cors';
import { mountOperations } from './ops/health';
import { createLifecycle, ShutdownRollback, shutdownResponse } from './ops/lifecycle';
import { allRoutes } from './routes';
import { liveListsOf } from './routes/live-changes';
import { createLiveChanges } from './sync/live';
import { KEPT_LIST_CAPS } from '../contract/kept-lists';
import { keptRuleOf } from './sync/kept-rule';

export type { AppConfig, AppDeps } from './http/deps';

export interface CreateAppOptions {
  db: Database;
  config: AppConfig;
  /** The endpoints to serve; default every area's (routes/index.ts). */
  routes?: readonly RouteDefinition[];
}

/** The whole HTTP surface without a listener: the API of every area, and the built app when distDir is set. */
export function createApp({ db, config, routes = allRoutes }: CreateAppOptions) {
  const { logger, metrics } = config;
  const lifecycle = config.lifecycle ?? createLifecycle('ready');
  const reportError =
    config.reportError ??
    (logger
      ? (error: unknown) => logger.error({ err: error, requestId: (error as { requestId?: string }).requestId }, 'unexpected error')
      : (error: unknown) => console.error(error));
  const sessions = createSessionCache(db);
  const clock = config.clock ?? (() => new Date());
  const keptRule = keptRuleOf(clock, config.keptListCaps ?? KEPT_LIST_CAPS);
  const live = createLiveChanges({
    db,
    notifications: notificationsOf(db),
    sessions,
    listsOf: (session) => liveListsOf(db, session, keptRule),
    reportError,
  });
  // Open streams would hold a draining instance until its grace period ends: they end as soon as it starts draining
  // (SHUTDOWN_DELAY_MS before its listener closes), and the devices reconnect; a stream asked for meanwhile is refused
  // (live.open answers null once closed), so that the device tries again, through the proxy, on another instance.
  lifecycle.onDrain(() => void live.close());
  metrics?.addGauge('homesite_live_streams_open', 'Live-changes streams open on this instance.', () => live.openStreams);
  const afterAnswer: AppDeps['afterAnswer'] = (work) =>
    setImmediate(() => {
      db.transaction(work).catch(reportError);
    });
  const identity = {
    config: config.identity ?? DEFAULT_IDENTITY_CONFIG,
    mailKey: mailKeyOf(config.tokenSecret),
  };
  const deps: AppDeps = {
    db,
    tokens: createTokenService(config.tokenSecret),
    sessions,
    clock,
    keptRule,
    config,
    live,
    identity,
    twoFactor: twoFactorOf(config.twoFactor ?? DEFAULT_TWO_FACTOR_CONFIG, config.tokenSecret),
    afterAnswer,
    reportError,
  };

  const app = new Hono({ getPath: routingPath });
  app.use('*', accessLog({ logger, metrics, lifecycle, trustedProxyHops: config.trustedProxyHops ?? 0 }));
  // An answer given before its body was read waits for the rest of the body, so that the client reads it; inside the
  // access log, so that the request counts as in flight (and its time as taken) until then.
  app.use('*', drainUnreadBody);
  if (config.corsOrigins?.length) app.use('*', corsForOrigins(config.corsOrigins));
  app.use('*', securityHeaders(config));
  // A retailer's work-order list is megabytes of JSON; gzip makes it about a tenth for a lot connection.
  app.use('*', compress());

  mountOperations(app, { db, lifecycle, metrics, metricsToken: config.metricsToken });
  for (const definition of routes) definition.mount(app, deps);
  metrics?.knowRoutes(routes);
  if (config.distDir) mountClientApp(app, { ...config, distDir: config.distDir });

  app.notFound(() => errorResponse(404, ERROR_MESSAGES.notFound));
  app.onError((error, c) => {
    if (isInvalidValueError(error)) return errorResponse(400, ERROR_MESSAGES.invalidValue);
    if (error instanceof ShutdownRollback) {
      lifecycle.rolledBackOnThisRequest();
      return shutdownResponse();
    }
    // The id ties what the user can tell support to the logged error; the answer never carries SQL or a stack.
    const requestId = c.get('requestId');
    reportError(Object.assign(error, { requestId }));
    return jsonResponse(500, { message: ERROR_MESSAGES.serverError, requestId });
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
