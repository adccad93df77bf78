/** spec 1 §5: allowed link targets are http, https, ftp, mailto, browser-extension and blob. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'browser-extension:', 'blob:']);

export function isAllowedLinkTarget(url: string): boolean {
  try {
    return ALLOWED_PROTOCOLS.has(new URL(url, 'http://relative.invalid').protocol);
  } catch {
    return false;
  }
}

/** A same-origin path ('/x…'), never a protocol-relative '//host' that would leave the site. */
export const isLocalPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

/** spec 1 §2: an old `#!/x` link becomes `/x`. Returns null when the hash is not such a link. */
export function hashBangPath(hash: string): string | null {
  if (!hash.startsWith('#!/')) return null;
  const path = hash.slice(2);
  return isLocalPath(path) ? path : null;
}
