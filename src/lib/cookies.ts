/** Browser cookies, read and written through `document.cookie`. Values are URI-encoded, as the server writes them. */
export interface CookieOptions {
  path?: string;
  domain?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
  expires?: Date;
}

export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (options.expires) parts.push(`expires=${options.expires.toUTCString()}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export const readCookie = (name: string): string | undefined =>
  typeof document === 'undefined' ? undefined : parseCookies(document.cookie).get(name);

export function writeCookie(name: string, value: string, options: CookieOptions = {}) {
  document.cookie = serializeCookie(name, value, options);
}

export function deleteCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}) {
  document.cookie = serializeCookie(name, '', { ...options, expires: new Date(0) });
  // A cookie written with a domain and one written without are two cookies: remove both.
  if (options.domain) document.cookie = serializeCookie(name, '', { path: options.path, expires: new Date(0) });
}

/** Cookies marked Secure on https only, so that plain-http development still works (spec 1 §7). */
export const isSecureContextProtocol = () => typeof location !== 'undefined' && location.protocol === 'https:';
