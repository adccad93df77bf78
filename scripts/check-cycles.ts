import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/*
 * `npm run lint:cycles` (part of `npm run lint`): no import cycle runs through the modules below (issue 34 §3). Type
 * imports count — a cycle of types alone is still two modules that cannot be read, moved or tested one without the
 * other — which is why this is not eslint's import-x/no-cycle: that rule skips `import type`. Every module of src/ is
 * read (a cycle may pass through others), with TypeScript's own scan of a file's imports and exports.
 */

const WATCHED = [
  'src/server/http/',
  'src/server/sync/',
  'src/offline/db.ts',
  'src/offline/outbox.ts',
  'src/offline/conflicts.ts',
  'src/offline/legacy-intents.ts',
];
const watched = (file: string) => WATCHED.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module a relative specifier names, as the bundler and tsc resolve it; undefined for a package or a non-source file. */
function resolveFrom(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(file), specifier));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

const files = sourcesUnder('src').map((file) => relative('.', file));
const graph = new Map<string, string[]>();
for (const file of files) {
  const scanned = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = scanned.importedFiles.map((entry) => resolveFrom(file, entry.fileName)).filter((target) => target !== undefined);
  graph.set(file, [...new Set(targets)]);
}

// Strongly connected components (Tarjan, without recursion): each of more than one module is a cycle.
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
let counter = 0;
for (const start of files) {
  if (order.has(start)) continue;
  const work: [string, number][] = [[start, 0]];
  order.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1]!;
    const [node, next] = frame;
    const edges = graph.get(node) ?? [];
    if (next < edges.length) {
      frame[1] += 1;
      const target = edges[next]!;
      if (!order.has(target)) {
        order.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, order.get(target)!));
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1]![0];
      low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  }
}

const found = cycles.filter((component) => component.some(watched));
if (found.length > 0) {
  for (const component of found)
    console.error(`Import cycle (type imports count) of ${component.length} modules:\n  ${component.join('\n  ')}`);
  console.error(`\nNo cycle may run through ${WATCHED.join(', ')} (scripts/check-cycles.ts).`);
  process.exit(1);
}
console.log(`No import cycle through ${WATCHED.join(', ')} (${files.length} modules read).`);
