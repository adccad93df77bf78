import { cors } from 'hono/cors';
import { IDEMPOTENCY_HEADER } from '../../contract/bases';
import { SYNC_CURSOR_HEADER } from '../../contract/sync';
import { REPLAYED_HEADER } from '../http/idempotency';

/**
 * CORS for a PWA served from another origin (CORS_ORIGINS, exact origins such as https://app.example.com). Any
 * other origin gets no Access-Control-Allow-Origin, so its browser keeps our answers from it. Tokens travel in the
 * Authorization header, never in cookies, so credentials are not allowed.
 */
export function corsForOrigins(origins: readonly string[]) {
  const allowed = new Set(origins.map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  return cors({
    origin: (origin) => (allowed.has(origin.toLowerCase()) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'If-None-Match', 'Cache-Control', 'Pragma', 'X-Request-Id'],
    exposeHeaders: [SYNC_CURSOR_HEADER, 'ETag', 'X-Request-Id', 'Retry-After', REPLAYED_HEADER, 'Content-Disposition'],
    maxAge: 600,
  });
}

/** CORS_ORIGINS: a comma-separated list of origins (scheme://host[:port]); anything else is a configuration error. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const trimmed = entry.trim();
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new Error(`CORS_ORIGINS: "${trimmed}" is not an origin such as https://app.example.com`);
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== trimmed.replace(/\/+$/, '')) {
      throw new Error(`CORS_ORIGINS: "${trimmed}" is not an origin (scheme://host[:port], no path)`);
    }
    return url.origin;
  });
}
