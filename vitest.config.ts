import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/slow-first-sequencer';

const e2e = {
  environment: 'node',
  // Files share their worker's modules: each starts its own server over its own copy of the seeded database, and
  // importing the server and Playwright again cost about 3 s of every file.
  isolate: false,
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // expect.poll waits on what the page shows (a photo resized, a list grown): the default 1 s is too short for a
  // loaded machine, and a wait still ends as soon as its value holds.
  expect: { poll: { timeout: 30_000 } },
  // One seeded database per run, which every file's server starts on a copy of; the compiled server.
  globalSetup: ['tests/e2e/global-setup.ts', 'tests/build-server-setup.ts'],
};

/**
 * End-to-end files run two at a time, each over its own server and database: on 2 cores each file takes about 1.8× as
 * long, and the 33 files end in 575 s instead of 713 s one at a time (measured side by side, 7 December, with the
 * chromium-headless-shell). Not beside the API steps: that slowed the fuzz suite 3–4× past its limits. These files
 * run alone, last: their subject is timing under load (50,000 work orders primed within a deadline; a server process
 * SIGKILLed and restarted while the outbox backs off), or they sweep every screen with several browser contexts at
 * once (CSP, layout at each width).
 */
const E2E_ALONE = [
  'tests/e2e/sync-at-scale.test.ts',
  'tests/e2e/faults.test.ts',
  // The screen sweep: CSP and headers, wide lists, tablet landscape and the shell, several users' contexts at once.
  'tests/e2e/screens.test.ts',
  // Its deadline (a change on instance 1 shown on instance 2) would wait on another file's PostgreSQL transactions: the
  // delta horizon is the server's oldest running transaction, whatever its database.
  'tests/e2e/live-changes.test.ts',
  // Two server processes behind Caddy, each SIGTERMed and started again under a client's load: no request may fail.
  'tests/e2e/rolling-restart.test.ts',
];

const api = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The files that start the server or the command line as a process run the compiled one.
  globalSetup: ['tests/build-server-setup.ts'],
  setupFiles: ['tests/api/worker-database.ts'],
};
/**
 * API files that need a module graph of their own: one mocks a module the server imports, and the fuzz suite's parts
 * each keep their database and records in the suite module's state (their import is a small part of their time).
 */
const API_ISOLATED = ['tests/api/sign-in-timing.test.ts', 'tests/api/fuzz-*.test.ts'];

/**
 * Logic unit files that need a module graph of their own: they register a kept list under a name the app's own modules
 * register too (offline/kept-lists.ts keeps one KeptList per name), and would get the app's list, which fetches over
 * HTTP, wherever a file before them in the worker had imported it.
 */
const UNIT_ISOLATED = ['tests/unit/offline/device-status.test.ts'];

const unit = {
  // Worker threads start faster than the default child processes; unit files need no process of their own.
  pool: 'threads' as const,
  setupFiles: ['tests/unit/setup.ts'],
  // Property tests run many cases: on a loaded 2-core machine they need more than the default 5 s.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single one on the 2-core machines the suite runs on. Unit and
    // API files are independent (an API file has its own database), so two run side by side; e2e files do not (below).
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // Logic tests run in Node; only component tests (.tsx) and the few .ts tests that say `@vitest-environment happy-dom`
      // (cookies, localStorage, window events) pay for a DOM. Logic files share their worker's modules (47 s → 32 s);
      // component files cannot (their module mocks and React roots leak into the next file: 100 of 468 failed).
      {
        test: {
          ...unit,
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'node',
          isolate: false,
        },
      },
      { test: { ...unit, name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'node' } },
      {
        test: {
          ...unit,
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: [...unit.setupFiles, 'tests/unit/setup-dom.ts'],
        },
      },
      // API files share their worker's modules (isolate: false): each makes its own app over its own database, and
      // importing the server again for each file cost about 3 s of every file's time. The few that cannot share run
      // in `api-isolated`.
      { test: { ...api, name: 'api', exclude: [...configDefaults.exclude, ...API_ISOLATED], isolate: false } },
      { test: { ...api, name: 'api-isolated', include: API_ISOLATED } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          ...e2e,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-alone',
          include: E2E_ALONE,
          ...e2e,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
