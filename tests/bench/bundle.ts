// Bundle sizes of the built app (figures, not pass/fail). Run alone after a build:
//   npx vite build && BENCH_ONLY=bundle npx tsx tests/bench/run.ts     (or: npx tsx tests/bench/bundle.ts)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 10 §7, lowered by issue 21 §10: JS of the first route (the entry and its modulepreloads), gzip. */
export const FIRST_ROUTE_JS_GOAL_BYTES = 120 * 1024;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files `key` needs before it runs: itself and its static imports, transitively (Vite's modulepreloads). */
function staticClosure(manifest: Manifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  return [...files];
}

/**
 * Gzip size of the JS the first page load needs (the entry script and its modulepreloads, as index.html lists
 * them), of what the /login route loads on top of it, and of every chunk. With dist/.vite/manifest.json (vite.config
 * sets build.manifest) the login route's chunks are named too.
 */
export function measureBundle(distDir = 'dist') {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('Build first: npx vite build');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const initialCss = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((match) => match[1]!);
  const assets = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'));
  const chunks = assets.map((name) => ({ name, gzip: gzipSize(join(distDir, 'assets', name)) })).sort((a, b) => b.gzip - a.gzip);
  const sizeOf = (file: string) => chunks.find((chunk) => `assets/${chunk.name}` === file)?.gzip ?? gzipSize(join(distDir, file));
  const initialGzip = initial.reduce((sum, file) => sum + sizeOf(file), 0);
  const initialCssGzip = initialCss.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0);

  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest | undefined = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const loginKey = manifest && Object.keys(manifest).find((key) => /routes\/login\.index\.tsx\?tsr-split=component/.test(key));
  const loginFiles = manifest && loginKey ? staticClosure(manifest, loginKey).filter((file) => !initial.includes(file)) : [];
  const loginGzip = loginFiles.reduce((sum, file) => sum + sizeOf(file), 0);
  // Lazy chunks are named by their hash alone (vite.config.ts): the manifest says what each one holds.
  const namesOfFile = new Map(Object.values(manifest ?? {}).map((chunk) => [chunk.file, chunk.name ?? chunk.src ?? '']));
  const line = (file: string) => `  ${`${file} ${namesOfFile.get(file) ?? ''}`.trimEnd().padEnd(56)} ${kib(sizeOf(file)).padStart(10)}`;

  return {
    initialFiles: initial,
    initialGzip,
    initialCssGzip,
    loginFiles,
    loginGzip,
    chunks,
    report() {
      const meets = initialGzip <= FIRST_ROUTE_JS_GOAL_BYTES ? 'meets' : 'misses';
      const lines = [
        `first route JS (entry + modulepreloads): ${kib(initialGzip)} gzip in ${initial.length} file(s)   goal ≤ ${kib(FIRST_ROUTE_JS_GOAL_BYTES)} (${meets})`,
        ...initial.map(line),
        `first route CSS: ${kib(initialCssGzip)} gzip in ${initialCss.length} file(s)`,
      ];
      if (loginKey) {
        lines.push(
          `/login route chunks (the server modulepreloads them for /login; other routes load theirs after the entry): ${kib(loginGzip)} gzip in ${loginFiles.length} file(s); /login in all: ${kib(initialGzip + loginGzip)}`,
        );
        lines.push(...loginFiles.map(line));
      }
      const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
      lines.push(`all JS chunks: ${kib(total)} gzip in ${chunks.length} file(s); the largest:`);
      for (const chunk of chunks.slice(0, Number(process.env.BENCH_BUNDLE_TOP ?? 15))) {
        lines.push(line(`assets/${chunk.name}`));
      }
      return lines.join('\n');
    },
  };
}

/** `npx tsx tests/bench/bundle.ts`: this benchmark alone. */
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(measureBundle(process.env.BENCH_DIST_DIR).report());
