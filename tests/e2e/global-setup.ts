import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { utcDay } from './seeded-data-dir';

/*
 * globalSetup of both e2e projects: migrates and seeds one embedded database per run, before any test file starts;
 * each file's server then starts on a copy of it (seeded-data-dir.ts). The first project to get here makes it, for
 * the whole run, and removes it at the end; nothing but this setup ever opens it, so no test writes into it. The
 * copies are made in the same run directory, which goes at the end too: a file's copy is removed in the background
 * (removeDataDir) while the next file runs, and whatever the last ones left goes with the directory.
 */
export default async function setup(project: TestProject) {
  if (project.vitest.getProvidedContext().e2eSeededTemplate) return;
  const day = utcDay();
  const runDir = mkdtempSync(join(tmpdir(), 'homesite-e2e-run-'));
  const path = join(runDir, 'template');
  try {
    const database = await openDatabase({ dataDir: path });
    try {
      await database.migrate();
      // The demo password the tests sign in with (harness.ts), as the servers would seed it from DEMO_PASSWORD.
      await seedDatabase(database.db, { demoPassword: process.env.DEMO_PASSWORD || undefined });
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.vitest.provide('e2eSeededTemplate', { path, day, runDir });
  return () => rmSync(runDir, { recursive: true, force: true });
}
