import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isApiPath } from '../http/paths';
import { ACCEPTABLE_REQUEST_ID, clientAddress, type TrustedProxyHops } from './client-address';
import { shutdownResponse, type Lifecycle } from './lifecycle';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import './request-context';

export interface AccessLogOptions {
  logger?: Logger;
  metrics?: Metrics;
  lifecycle: Lifecycle;
  trustedProxyHops: TrustedProxyHops;
}

/**
 * First on every request: gives it an id (a trusted proxy's X-Request-Id, or a new one), sent back as X-Request-Id
 * and written with its log line and any error it raises; counts it in flight for graceful shutdown; and, when it is
 * answered, writes one JSON log line and its metrics. The line holds the route's pattern and never the path, query,
 * headers or body, so no id, token, password or photo reaches the log. A request the instance gave up on at the end of
 * its shutdown grace period is logged with the 503 its client got, once its work has unwound, and a warning that
 * nothing of it committed.
 */
export function accessLog({ logger, metrics, lifecycle, trustedProxyHops }: AccessLogOptions): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const offered = trustedProxyHops > 0 ? c.req.header('x-request-id') : undefined;
    const requestId = offered && ACCEPTABLE_REQUEST_ID.test(offered) ? offered : randomUUID();
    c.set('requestId', requestId);
    c.set('clientAddress', clientAddress(c, trustedProxyHops));
    lifecycle.requestStarted();
    metrics?.inFlight.inc();
    try {
      await next();
    } finally {
      lifecycle.requestEnded();
      metrics?.inFlight.dec();
    }
    c.header('x-request-id', requestId);
    // While draining, keep-alive clients are told to reconnect, which the load balancer sends to another instance.
    if (lifecycle.state === 'draining') c.header('connection', 'close');

    const durationMs = performance.now() - started;
    if (!c.get('routePattern')) c.set('routePattern', isApiPath(c.req.path) ? 'unmatched' : 'app');
    const givenUp = lifecycle.givenUpOnThisRequest();
    // The client got the listener's 503 (lifecycle.answering); this answer goes nowhere.
    const answered = givenUp ? shutdownResponse() : c.res;
    metrics?.observeRequest(c, answered, durationMs / 1000);
    const status = answered.status;
    if (givenUp) logger?.warn({ requestId, method: c.req.method, route: c.get('routePattern') }, 'rolled back: shutdown');
    logger?.[status >= 500 ? 'error' : 'info'](
      {
        requestId,
        method: c.req.method,
        route: c.get('routePattern'),
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        userId: c.get('userId'),
        clientAddress: c.get('clientAddress') ?? undefined,
      },
      'request',
    );
  };
}
