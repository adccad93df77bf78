import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { apiMarkdown } from '../src/server/openapi/markdown';
import { referenceOf } from '../src/server/openapi/reference';
import { allRoutes, ROUTE_AREAS } from '../src/server/routes';

/*
 * The API reference out of the server's routes (src/server/openapi):
 *   npm run docs:api            writes docs/api.md
 *   npm run docs:api -- --check fails when docs/api.md is not what the routes make
 *   npm run lint:api            writes the OpenAPI document to a temporary file and lints it with Redocly (redocly.yaml)
 *   npm run docs:api -- --json FILE   writes the OpenAPI document to FILE
 */

export const API_MARKDOWN_FILE = 'docs/api.md';

/** The OpenAPI document of every route the server serves, as GET /api/openapi.json answers it. */
export const serverReference = () => referenceOf(allRoutes, ROUTE_AREAS);

/** docs/api.md as it should be: the reference rendered, formatted as `prettier --check` wants it. */
export async function apiMarkdownFile(): Promise<string> {
  const options = (await resolveConfig(API_MARKDOWN_FILE)) ?? {};
  return format(apiMarkdown(serverReference()), { ...options, parser: 'markdown' });
}

function lint(): number {
  const directory = mkdtempSync(join(tmpdir(), 'homesite-openapi-'));
  try {
    const file = join(directory, 'openapi.json');
    writeFileSync(file, JSON.stringify(serverReference(), null, 2));
    const redocly = resolve('node_modules/.bin/redocly');
    const result = spawnSync(redocly, ['lint', file, '--config', resolve('redocly.yaml'), '--format', 'stylish'], {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return result.status ?? 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(args: string[]) {
  if (args.includes('--lint')) process.exit(lint());
  const jsonAt = args.indexOf('--json');
  if (jsonAt >= 0) {
    const file = args[jsonAt + 1];
    if (!file) throw new Error('--json needs a file name');
    writeFileSync(file, JSON.stringify(serverReference(), null, 2) + '\n');
    return;
  }
  const expected = await apiMarkdownFile();
  if (args.includes('--check')) {
    const current = (() => {
      try {
        return readFileSync(API_MARKDOWN_FILE, 'utf8');
      } catch {
        return '';
      }
    })();
    if (current !== expected) {
      console.error(`${API_MARKDOWN_FILE} is not what the routes make: run npm run docs:api`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(API_MARKDOWN_FILE, expected);
  console.log(`Wrote ${API_MARKDOWN_FILE}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main(process.argv.slice(2));
