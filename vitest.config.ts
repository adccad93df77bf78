import { configDefaults, defineConfig } from 'vitest/config';

const e2e = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // One seeded database per run, which every file's server starts on a copy of.
  globalSetup: ['tests/e2e/global-setup.ts'],
};

/**
 * End-to-end files that run alone, after the others, because their subject is timing under load: 50,000 work orders
 * primed within a deadline, and a server process SIGKILLed and restarted on its port while the outbox backs off.
 */
const E2E_SERIAL = ['tests/e2e/sync-at-scale.test.ts', 'tests/e2e/faults.test.ts'];

export default defineConfig({
  test: {
    projects: [
      // Logic tests run in Node; only component tests (.tsx) and the few .ts tests that say `@vitest-environment jsdom`
      // (cookies, localStorage, window events) pay for a DOM.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // Property tests run many cases: on a loaded 2-core machine they need more than the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts', 'tests/unit/setup-dom.ts'],
          testTimeout: 20_000,
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
        // Two files at a time: each has its own server, data dir, free ports, browser and (WebKit) Xvfb display.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_SERIAL],
          ...e2e,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-serial',
          include: E2E_SERIAL,
          ...e2e,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
