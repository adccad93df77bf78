import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's own directory, found from the running module's file: it is src/server/ when the server runs from its
 * sources (tsx, tests) and dist-server/ when it runs compiled (scripts/build-server.mjs bundles this module into
 * dist-server/main.js and cli.js). The files the server reads at run time (migrations, seed assets) stay in the source
 * tree, so both find them from here.
 */
function findPackageDirectory(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return directory;
    if (dirname(directory) === directory) throw new Error(`No package.json in ${start} or any folder above it.`);
  }
}

export const PACKAGE_DIRECTORY = findPackageDirectory();

/** A file or folder under src/server/, read at run time: `serverFile('db', 'migrations')`. */
export const serverFile = (...segments: string[]) => join(PACKAGE_DIRECTORY, 'src', 'server', ...segments);
