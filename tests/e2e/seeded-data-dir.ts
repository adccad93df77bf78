import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The run's migrated and seeded embedded database (tests/e2e/global-setup.ts), and the UTC day its seed counts from. */
export interface SeededTemplate {
  path: string;
  day: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededTemplate: SeededTemplate | undefined;
  }
}

export const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/**
 * A new data dir for a demo server, holding a copy of the run's seeded database: a copy takes a second, a seed
 * half a minute. `seeded: false` (no template in this run, or the day turned since it was made): the dir is empty
 * and the server seeds it at its first start, as it does on a new install.
 */
export function seededDataDir(prefix: string): { path: string; seeded: boolean } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  const template = inject('e2eSeededTemplate');
  if (!template || template.day !== utcDay()) return { path, seeded: false };
  cpSync(template.path, path, { recursive: true });
  return { path, seeded: true };
}
