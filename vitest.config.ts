import { defineConfig } from 'vitest/config';

// One runner, four projects, told apart by file suffix (see STYLE.md "Tests by suffix"):
//   unit  *.test.ts        no database, no network
//   web   apps/web *.test.tsx  components in jsdom
//   int   *.int.test.ts    the real app against a real database (PGlite; PostgreSQL too with TEST_DATABASE_URL)
//   e2e   e2e/**/*.spec.ts the built app in Debian's Chromium
// groupOrder runs them in that order rather than all at once: the machine has two cores, and
// browser tests starved by database tests would time out for no reason of their own.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // The default 5 s was too short for a first ajv compile of the platform document's
          // schemas on two cores shared with other work (sandbox app.test.ts timed out so).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A screen's first render (its lazy chunks, Mantine's styles) took over 5 s under load.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['apps/*/src/**/*.int.test.ts'],
          environment: 'node',
          // Migrates a PGlite and a PostgreSQL template once; each test app copies one.
          globalSetup: ['./apps/server/src/test/template-databases.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page's first load at the end of a full run, on two busy cores, can take longer
          // than expect.poll's 1 s default (routes.spec.ts failed so once); a poll that is
          // wrong still fails, only later.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
