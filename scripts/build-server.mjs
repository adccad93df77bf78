// The server and the command line as plain JavaScript, with esbuild (part of `npm run build`): dist-server/main.js is
// what `npm run server` and a systemd unit run, dist-server/cli.js what bin/homesite.mjs loads. Not in dist/: vite
// empties that folder at every build, and the server serves it to browsers. The dependencies stay in node_modules,
// loaded at run time, and the files read at run time (migrations, seed assets) stay in src/server
// (src/server/package-files.ts finds them from either place).
//
//   node scripts/build-server.mjs             build
//   node scripts/build-server.mjs --if-stale  build only when the sources changed since (npm start, the tests)
//   node scripts/build-server.mjs --check     exit 1, saying why, when there is no build or it is older than the sources
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD_DIR = 'dist-server';
/** What the build was made from and when it started: written last, so a build cut short has none. */
const INPUTS_FILE = 'inputs.json';

/**
 * The packages bundled in, where every other one is loaded from node_modules at run time: date-fns's index loads all of
 * its 250-odd functions, about a sixth of `homesite --help`'s time; bundled, only the few used are kept.
 */
const BUNDLED_PACKAGES = /^date-fns(\/|$)/;

/** esbuild's `packages: 'external'` but for BUNDLED_PACKAGES: every bare import (not ./, ../ or /) stays an import. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { external: true }));
  },
};

/**
 * Builds into a folder of its own, then puts it in place of the last build with two renames, so that a server or
 * command starting meanwhile (another test run in the same tree) finds a whole build, old or new.
 */
export async function buildServer(root = ROOT) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const unique = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const building = join(root, `${SERVER_BUILD_DIR}.building-${unique}`);
  const previous = join(root, `${SERVER_BUILD_DIR}.previous-${unique}`);
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli/main.ts' },
      outdir: building,
      bundle: true,
      // The code the two share, and what a command loads only when it runs (a database driver), in chunks of their own.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      plugins: [externalPackages],
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules'));
    inputs.push('scripts/build-server.mjs');
    writeFileSync(join(building, INPUTS_FILE), `${JSON.stringify({ startedAt, inputs })}\n`);
    const current = join(root, SERVER_BUILD_DIR);
    const swap = () => {
      try {
        renameSync(current, previous);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
      renameSync(building, current);
    };
    try {
      swap();
    } catch (error) {
      // Another build put its own in place between the two renames: this one replaces it.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      rmSync(previous, { recursive: true, force: true });
      swap();
    }
    return inputs.length;
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(previous, { recursive: true, force: true });
  }
}

/**
 * Whether dist-server/ holds a build of the sources as they are: 'missing' (never built, or a build cut short),
 * 'stale' (a source it was made from changed or went away since; `changed` names one) or 'current'. A few hundred
 * stat calls: a few milliseconds.
 */
export function serverBuildState(root = ROOT) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(join(root, SERVER_BUILD_DIR, INPUTS_FILE), 'utf8'));
  } catch {
    return { state: 'missing' };
  }
  for (const input of recorded.inputs) {
    let modified;
    try {
      modified = statSync(join(root, input)).mtimeMs;
    } catch {
      return { state: 'stale', changed: input };
    }
    if (modified >= recorded.startedAt) return { state: 'stale', changed: input };
  }
  return { state: 'current' };
}

let building;

/**
 * Builds when there is no build or it is older than the sources; answers how many files it built from (0: none). Calls
 * while one builds wait for it.
 */
export function buildServerIfStale(root = ROOT) {
  return (building ??= (async () => (serverBuildState(root).state === 'current' ? 0 : buildServer(root)))().finally(() => {
    building = undefined;
  }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const option = process.argv[2];
  if (option === '--check') {
    const { state, changed } = serverBuildState();
    if (state === 'missing') {
      console.error(`There is no compiled server in ${SERVER_BUILD_DIR}/: run \`npm run build\` first.`);
      process.exit(1);
    }
    if (state === 'stale') {
      console.error(`The compiled server in ${SERVER_BUILD_DIR}/ is older than ${changed}: run \`npm run build\` again.`);
      process.exit(1);
    }
  } else if (option === undefined || option === '--if-stale') {
    const started = performance.now();
    const count = option === '--if-stale' ? await buildServerIfStale() : await buildServer();
    if (count > 0)
      console.log(
        `Built the server and the command line into ${SERVER_BUILD_DIR}/ from ${count} files in ${Math.round(performance.now() - started)} ms.`,
      );
  } else {
    console.error('Usage: node scripts/build-server.mjs [--if-stale | --check]');
    process.exit(2);
  }
}
