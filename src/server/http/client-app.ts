import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { parseAccept } from 'hono/utils/accept';
import { getMimeType } from 'hono/utils/mime';
import { BASES_COOKIE, LINKS_COOKIE } from '../../contract';
import { isSecureRequest } from '../ops/client-address';
import type { AppConfig } from './deps';
import { isApiPath, originalPathname } from './paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html, sw.js and the manifest must be revalidated, or a new release never reaches the browser.
const REVALIDATE = 'no-cache';

/** The copies the build writes next to each hashed asset (vite.config.ts precompressAssets), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Routes whose chunks index.html names (modulepreload) when the server answers their path, so that the browser
 * downloads them beside the entry instead of after the entry has run and the router has matched: the login screen is
 * the first screen of every new device, and its largest paint waits for them (issue 10 §7).
 */
const PRELOADED_ROUTES: Readonly<Record<string, string>> = {
  '/login': 'src/app/routes/login.index.tsx',
  '/login/expired': 'src/app/routes/login.expired.tsx',
};

/** What dist/.vite/manifest.json (vite.config.ts build.manifest) says of a chunk. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Path → the JS files of its route's chunks that index.html does not load already. */
function routePreloads(manifest: Record<string, ManifestChunk>, html: string): Map<string, string[]> {
  const closure = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) closure(next, files);
  };
  const loaded = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!));
  const preloads = new Map<string, string[]>();
  for (const [path, routeFile] of Object.entries(PRELOADED_ROUTES)) {
    const files = new Set<string>();
    for (const key of Object.keys(manifest)) if (key.split('?')[0] === routeFile) closure(key, files);
    preloads.set(
      path,
      [...files].filter((file) => file.endsWith('.js') && !loaded.has(file)),
    );
  }
  return preloads;
}

/** The content codings the request accepts (q > 0), lower-cased. */
function acceptedEncodings(header: string | undefined): Set<string> {
  if (!header) return new Set();
  return new Set(parseAccept(header).flatMap((entry) => (entry.q > 0 ? [entry.type.toLowerCase()] : [])));
}

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
 * content hash; sent as the Brotli or gzip copy the build wrote when the browser accepts it), and
 * index.html for any other GET that asks for HTML outside the API bases, so the client router takes
 * over (SPA fallback). The router lower-cases paths; files are looked up by the path as sent. The
 * HTML page carries the base overrides and outside links as cookies (contract/bases.ts; JSON,
 * URI-encoded), read by the app before its first call.
 */
export function mountClientApp(app: Hono, config: AppConfig & { distDir: string }) {
  const root = resolve(config.distDir);
  const assets = join(root, 'assets') + sep;
  const indexFile = join(root, 'index.html');

  const manifestFile = join(root, '.vite', 'manifest.json');
  let build: { builtAt: number; html: string; preloads: Map<string, string[]> } | undefined;

  /**
   * index.html naming the route chunks of `pathname` (PRELOADED_ROUTES), or null for other paths and without a build
   * manifest. Read again after a new build (index.html changed).
   */
  async function pageWithPreloads(pathname: string, builtAt: number): Promise<string | null> {
    const path = pathname.toLowerCase().replace(/\/+$/, '');
    if (!(path in PRELOADED_ROUTES)) return null;
    if (build?.builtAt !== builtAt) {
      const html = await readFile(indexFile, 'utf8');
      const manifest = await readFile(manifestFile, 'utf8').then(
        (text) => JSON.parse(text) as Record<string, ManifestChunk>,
        () => ({}),
      );
      build = { builtAt, html, preloads: routePreloads(manifest, html) };
    }
    const chunks = build.preloads.get(path) ?? [];
    if (chunks.length === 0) return null;
    const links = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`).join('');
    return build.html.replace('</head>', `${links}</head>`);
  }

  /** A precompressed copy of an asset that the request accepts, or null (then the compress middleware may gzip it). */
  async function precompressed(c: Context, file: string) {
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const { encoding, suffix } of PRECOMPRESSED) {
      if (!accepted.has(encoding)) continue;
      const stats = await stat(file + suffix).catch(() => null);
      if (stats?.isFile()) return { encoding, file: file + suffix, size: stats.size };
    }
    return null;
  }

  async function sendFile(c: Context, file: string): Promise<Response | null> {
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) return null;
    const isAsset = file.startsWith(assets);
    const copy = isAsset ? await precompressed(c, file) : null;
    c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
    c.header('Content-Length', String(copy?.size ?? stats.size));
    c.header('Last-Modified', stats.mtime.toUTCString());
    c.header('Cache-Control', isAsset ? IMMUTABLE : REVALIDATE);
    if (isAsset) c.header('Vary', 'Accept-Encoding');
    if (copy) c.header('Content-Encoding', copy.encoding);
    if (file === indexFile) {
      // Behind a TLS proxy (TRUST_PROXY) the page came over HTTPS: its cookies are then never sent over plain HTTP.
      const cookie = { path: '/', sameSite: 'Lax', secure: isSecureRequest(c, config.trustedProxyHops ?? 0) } as const;
      setCookie(c, BASES_COOKIE, JSON.stringify(config.clientBases ?? {}), cookie);
      setCookie(c, LINKS_COOKIE, JSON.stringify(config.externalLinks ?? {}), cookie);
      const page = await pageWithPreloads(originalPathname(c.req.raw), stats.mtimeMs);
      if (page !== null) {
        c.header('Content-Length', String(Buffer.byteLength(page)));
        return c.body(page, 200);
      }
    }
    return c.body(Readable.toWeb(createReadStream(copy?.file ?? file)) as ReadableStream, 200);
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
