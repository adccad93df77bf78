import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The run's migrated and seeded embedded database (tests/e2e/global-setup.ts), and the UTC day its seed counts from. */
export interface SeededTemplate {
  path: string;
  day: string;
  /** The run's directory, which holds the template and the files' copies, and is removed at the end of the run. */
  runDir: string;
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
  const template = inject('e2eSeededTemplate');
  const path = mkdtempSync(join(template?.runDir ?? tmpdir(), prefix));
  if (!template || template.day !== utcDay()) return { path, seeded: false };
  cpSync(template.path, path, { recursive: true });
  return { path, seeded: true };
}

/** A new empty data dir in the run's directory (or the system's temporary one, outside a run). */
export function emptyDataDir(prefix: string): string {
  return mkdtempSync(join(inject('e2eSeededTemplate')?.runDir ?? tmpdir(), prefix));
}

/**
 * Removes a data dir in the background (removing an embedded database's files took 2–3 s a file on a loaded machine,
 * time the next file can use): nothing waits for it, and the run directory's removal at the end takes what is left.
 */
export function removeDataDir(path: string) {
  void rm(path, { recursive: true, force: true }).catch(() => undefined);
}
