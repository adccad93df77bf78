import { getPath } from 'hono/utils/url';
import { DEFAULT_BASES, type Endpoint } from '../../contract';

/** The server path of a contract endpoint: every base is a prefix on this server (contract/bases.ts). */
export const serverPath = (endpoint: Endpoint) => `${DEFAULT_BASES[endpoint.base]}${endpoint.path}`;

const stripTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * What the router matches: lower-cased (the spec writes /Parts and /parts for one resource) and
 * without a trailing slash (it writes /Terms/ and /Terms). Routes are registered lower-cased too;
 * path parameters are read from the original URL by `pathParams`, so they keep their case.
 */
export const routingPath = (request: Request) => stripTrailingSlash(getPath(request).toLowerCase());

/** The form a route is registered under, matching `routingPath`. */
export const routePattern = (path: string) => stripTrailingSlash(path.toLowerCase());

/** The request path as sent, still percent-encoded. */
export const originalPathname = (request: Request) => new URL(request.url).pathname;

/** Request key of the idempotency store: the same resource however its path is cased. */
export const normalizedPath = (request: Request) => stripTrailingSlash(originalPathname(request).toLowerCase());

/**
 * Parameters of `pattern` (e.g. /api/service/hxstatus/:retailerNumber) taken from the original
 * path. Lower-casing an encoded URL path never moves a '/', so the segments line up.
 */
export function pathParams(pattern: string, pathname: string): Record<string, string> {
  const patternSegments = pattern.split('/');
  const pathSegments = pathname.split('/');
  const params: Record<string, string> = {};
  patternSegments.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const raw = pathSegments[index] ?? '';
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape stays as sent; the route's params schema rejects it.
    }
    params[segment.slice(1)] = value;
  });
  return params;
}

const API_PREFIXES = Object.values(DEFAULT_BASES).map((base) => base.toLowerCase());

/** Whether a path belongs to one of the API bases (those answer JSON, never the app's HTML). */
export const isApiPath = (pathname: string) => {
  const lower = pathname.toLowerCase();
  return API_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
};
