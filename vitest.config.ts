import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/slow-first-sequencer';

const e2e = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // One seeded database per run, which every file's server starts on a copy of.
  globalSetup: ['tests/e2e/global-setup.ts'],
};

/**
 * End-to-end files run one at a time (two at once on 2 cores took each file 1.5–2× as long: no gain, and timeouts
 * nearer). These run last: their subject is timing under load (50,000 work orders primed within a deadline; a server
 * process SIGKILLed and restarted while the outbox backs off), or they sweep every screen with several browser contexts
 * at once (CSP, layout at each width).
 */
const E2E_ALONE = [
  'tests/e2e/sync-at-scale.test.ts',
  'tests/e2e/faults.test.ts',
  'tests/e2e/security-headers.test.ts',
  'tests/e2e/wide-lists.test.ts',
  'tests/e2e/tablet-landscape.test.ts',
  'tests/e2e/shell-nav.test.ts',
];

const unit = {
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
      // Logic tests run in Node; only component tests (.tsx) and the few .ts tests that say `@vitest-environment jsdom`
      // (cookies, localStorage, window events) pay for a DOM.
      { test: { ...unit, name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...unit,
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [...unit.setupFiles, 'tests/unit/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          ...e2e,
          fileParallelism: false,
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
