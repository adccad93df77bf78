import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { BASES_COOKIE, LINKS_COOKIE } from '../../contract';
import type { AppConfig } from './deps';
import { isApiPath, originalPathname } from './paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html, sw.js and the manifest must be revalidated, or a new release never reaches the browser.
const REVALIDATE = 'no-cache';

/** The file under `root` that `pathname` names, or null when it names none (or tries to leave root). */
function fileWithin(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : null;
}

/**
 * Serves the built browser app: files of distDir, long-cached under /assets/ (their names carry a
 * content hash), and index.html for any other GET that asks for HTML outside the API bases, so the
 * client router takes over (SPA fallback). The router lower-cases paths; files are looked up by the
 * path as sent. The HTML page carries the base overrides and outside links as cookies
 * (contract/bases.ts; JSON, URI-encoded), read by the app before its first call.
 */
export function mountClientApp(app: Hono, config: AppConfig & { distDir: string }) {
  const root = resolve(config.distDir);
  const assets = join(root, 'assets') + sep;
  const indexFile = join(root, 'index.html');

  async function sendFile(c: Context, file: string): Promise<Response | null> {
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) return null;
    c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
    c.header('Content-Length', String(stats.size));
    c.header('Last-Modified', stats.mtime.toUTCString());
    c.header('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    if (file === indexFile) {
      const cookie = { path: '/', sameSite: 'Lax' } as const;
      setCookie(c, BASES_COOKIE, JSON.stringify(config.clientBases ?? {}), cookie);
      setCookie(c, LINKS_COOKIE, JSON.stringify(config.externalLinks ?? {}), cookie);
    }
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  }

  app.get('*', async (c, next) => {
    const pathname = originalPathname(c.req.raw);
    if (isApiPath(pathname)) return next();
    const file = fileWithin(root, pathname === '/' ? '/index.html' : pathname);
    const found = file ? await sendFile(c, file) : null;
    if (found) return found;
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      const page = await sendFile(c, indexFile);
      if (page) return page;
    }
    return next();
  });
}
