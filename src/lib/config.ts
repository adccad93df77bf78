import { API_BASES, BASES_COOKIE, DEFAULT_BASES, LINKS_COOKIE, CUSTOMER_BASE_URL_COOKIE, COOKIE_DOMAIN_COOKIE } from '../contract';
import type { ApiBase } from '../contract';
import { readCookie } from './cookies';
import { isAllowedLinkTarget } from './links';

function parseJsonObject(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The API bases: the deployment's overrides (JSON in the bases cookie) over the same-origin defaults. */
export function parseBases(json: string | undefined): Record<ApiBase, string> {
  const overrides = parseJsonObject(json);
  const bases = { ...DEFAULT_BASES };
  for (const base of API_BASES) {
    const value = overrides[base];
    if (typeof value === 'string' && value.trim() && isAllowedLinkTarget(value)) bases[base] = value.trim();
  }
  return bases;
}

/** URLs of apps outside this product, by home tile name. Unsafe or non-string values are dropped. */
export function parseExternalLinks(json: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseJsonObject(json))) {
    if (typeof value === 'string' && value.trim() && isAllowedLinkTarget(value)) links[name] = value.trim();
  }
  return links;
}

export const readBases = () => parseBases(readCookie(BASES_COOKIE));
export const readExternalLinks = () => parseExternalLinks(readCookie(LINKS_COOKIE));

/** Base URL of the customer-facing site (spec 1 §4 returnUrl), only when it is a web address. */
export function readCustomerBaseUrl(): string | undefined {
  const value = readCookie(CUSTOMER_BASE_URL_COOKIE)?.trim();
  return value && /^https?:\/\//i.test(value) ? value : undefined;
}

/**
 * spec 1 §7 shares the token cookie across the parent domain. That only applies when a deployment says which
 * domain (build env VITE_COOKIE_DOMAIN or the cookie-domain cookie); otherwise the cookie stays host-only.
 */
export function readCookieDomain(): string | undefined {
  const fromEnv = (import.meta.env?.VITE_COOKIE_DOMAIN as string | undefined)?.trim();
  const value = fromEnv || readCookie(COOKIE_DOMAIN_COOKIE)?.trim();
  return value && /^\.?[a-z0-9.-]+$/i.test(value) ? value : undefined;
}
