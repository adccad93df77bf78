import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Gzip size of the JS the first page load needs (entry + its static imports) and of every lazy chunk. */
export function measureBundle(distDir = 'dist') {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('Build first: npx vite build');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const assets = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'));
  const chunks = assets
    .map((name) => ({ name, gzip: gzipSize(join(distDir, 'assets', name)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const initialGzip = initial.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0);
  return {
    initialFiles: initial,
    initialGzip,
    chunks,
    report() {
      const lines = [`initial route JS (entry + modulepreloads): ${kib(initialGzip)} gzip in ${initial.length} file(s)`];
      for (const chunk of chunks) lines.push(`  ${chunk.name.padEnd(48)} ${kib(chunk.gzip).padStart(10)}`);
      return lines.join('\n');
    },
  };
}
