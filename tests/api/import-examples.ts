import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportFormat } from '../../src/server/import/run-import';

/* The example organisation's import files (examples/import), as the importer's tests read them. */

export const EXAMPLES = 'examples/import';

/** The example file of a kind and its format. */
export function exampleOf(kind: string): { path: string; format: ImportFormat } {
  for (const format of ['csv', 'jsonl'] as const) {
    const path = `${EXAMPLES}/${kind}.${format}`;
    if (existsSync(path)) return { path, format };
  }
  throw new Error(`no example file for ${kind}`);
}

/** What `homesite import` gives the importer: the files a row names, read beside the example file. */
export const besideExamples = async (relativePath: string) => new Uint8Array(await readFile(join(EXAMPLES, relativePath)));

/** A text (or its bytes) as the importer's input. */
export async function* chunksOf(text: string | Uint8Array) {
  yield typeof text === 'string' ? new TextEncoder().encode(text) : text;
}

/** The rows of a JSON Lines example. */
export const exampleLines = (kind: string) =>
  readFileSync(exampleOf(kind).path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
