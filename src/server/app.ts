import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createSessionCache } from './auth/session-cache';
import { createTokenService } from './auth/tokens';
import type { Database } from './db/client';
import { mountClientApp } from './http/client-app';
import type { AppConfig, AppDeps } from './http/deps';
import { ERROR_MESSAGES, errorResponse, isInvalidValueError, jsonResponse } from './http/errors';
import { routingPath } from './http/paths';
import type { RouteDefinition } from './http/route';
import { securityHeaders } from './http/security-headers';
import { allRoutes } from './routes';

export type { AppConfig, AppDeps } from './http/deps';

export interface CreateAppOptions {
  db: Database;
  config: AppConfig;
  /** The endpoints to serve; default every area's (routes/index.ts). */
  routes?: readonly RouteDefinition[];
}

/** The whole HTTP surface without a listener: the API of every area, and the built app when distDir is set. */
export function createApp({ db, config, routes = allRoutes }: CreateAppOptions) {
  const deps: AppDeps = {
    db,
    tokens: createTokenService(config.tokenSecret),
    sessions: createSessionCache(db),
    clock: config.clock ?? (() => new Date()),
    config,
  };
  const reportError = config.reportError ?? ((error: unknown) => console.error(error));

  const app = new Hono({ getPath: routingPath });
  app.use('*', securityHeaders(config));
  // A retailer's work-order list is megabytes of JSON; gzip makes it about a tenth for a lot connection.
  app.use('*', compress());

  for (const definition of routes) definition.mount(app, deps);
  if (config.distDir) mountClientApp(app, { ...config, distDir: config.distDir });

  app.notFound(() => errorResponse(404, ERROR_MESSAGES.notFound));
  app.onError((error) => {
    if (isInvalidValueError(error)) return errorResponse(400, ERROR_MESSAGES.invalidValue);
    // The id ties what the user can tell support to the logged error; the answer never carries SQL or a stack.
    const requestId = crypto.randomUUID();
    reportError(Object.assign(error, { requestId }));
    return jsonResponse(500, { message: ERROR_MESSAGES.serverError, requestId });
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
