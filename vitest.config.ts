import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One runner, four kinds of test, told apart by file suffix (see STYLE.md "Tests by suffix"):
//   unit  *.test.ts        no database, no network
//   web   apps/web *.test.tsx  components in happy-dom (web-mocked: the files that mock a module)
//   int   *.int.test.ts    the real app against a real database (PGlite; PostgreSQL too with
//                          TEST_DATABASE_URL: which files run on both is decision 049)
//   e2e   e2e/**/*.spec.ts the built app in Debian's Chromium
// groupOrder runs them in that order rather than all at once: browser tests starved by database
// tests would time out for no reason of their own.
//
// Speed (decision 044): Vitest's default on two cores is ONE worker, so every file ran in turn.
// Each group now runs two files at a time (more on bigger machines), and unit, web and int files
// share their worker's module cache (isolate: false) instead of importing the app anew per file.
// A file that replaces a module with vi.mock needs a fresh module graph, so those web files run
// isolated in their own project; test/setup.ts undoes what a web test may leave behind.

const workers = Math.max(2, os.availableParallelism() - 1);

// Scratch data on the machine's RAM disk where it has one (decision 056): every int test copies
// a 41 MB migrated PGlite cluster and every spawned server writes its own, which on the disk
// cost a tenth of the int project's time in write-back. Workers, servers and Chromium inherit
// it through TMPDIR (os.tmpdir()); a TMPDIR set by the caller is kept.
const ramDisk = '/dev/shm';
if (!process.env.TMPDIR && fs.existsSync(ramDisk)) {
  const scratch = path.join(ramDisk, 'switchboard-tests');
  try {
    fs.mkdirSync(scratch, { recursive: true });
    fs.accessSync(scratch, fs.constants.W_OK);
    process.env.TMPDIR = scratch;
  } catch {
    // not writable here: the system's temporary directory it is
  }
}

/** Web test files that call vi.mock: a mocked module must not be one another file imported. */
function webFilesThatMockModules(): string[] {
  const root = path.resolve(import.meta.dirname, 'apps/web');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith('.test.tsx') &&
        /\bvi\.mock\(/.test(fs.readFileSync(full, 'utf8'))
      )
        found.push(path.relative(root, full));
    }
  };
  walk(path.join(root, 'src'));
  return found;
}
const mockedWebFiles = webFilesThatMockModules();

const webProject = {
  root: 'apps/web',
  // happy-dom rather than jsdom (decision 050): the same visibility rules for role queries, but
  // getComputedStyle without jsdom's cascade over Mantine's style sheets on every call.
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  sequence: { groupOrder: 0 },
  maxWorkers: workers,
  // The ceiling for every web test (decision 050): none sets its own. A screen's first render
  // (its lazy chunk transformed on demand) on two cores shared with other work can pass 5 s.
  testTimeout: 15_000,
  // A hook that imports a screen's lazy chunks (agent/overview.test.tsx) does that transform
  // work too: the unit project's 30 s, not the default 10 s (decision 055).
  hookTimeout: 30_000,
} satisfies TestProjectInlineConfiguration['test'];

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
          isolate: false,
          maxWorkers: workers,
          // The default 5 s was too short for a first ajv compile of the platform document's
          // schemas on two cores shared with other work (sandbox app.test.ts timed out so).
          testTimeout: 15_000,
          // The same compile in a hook (sandbox app.test.ts compiles the assistant bodies'
          // validators, 1.6 s alone) passed the default 10 s on a slower CI machine running the
          // web tests and the checks beside it.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...webProject,
          name: 'web',
          include: ['src/**/*.test.tsx'],
          exclude: mockedWebFiles,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...webProject, name: 'web-mocked', include: mockedWebFiles },
      },
      {
        extends: true,
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['apps/*/src/**/*.int.test.ts'],
          environment: 'node',
          // Builds the server bundle that the process tests start, when it is stale; migrates a
          // PGlite and a PostgreSQL template once (each test app copies one).
          globalSetup: [
            './scripts/server-bundle.global-setup.ts',
            './apps/server/src/test/template-databases.ts',
          ],
          isolate: false,
          // Three files at a time on two cores (decision 095): an int file's worker is busy a
          // third of its time (the rest it waits for PostgreSQL, a spawned server, a sandbox
          // call said in real time), so a third file fills what two leave idle: 234 → 219 s.
          maxWorkers: workers + 1,
          // The ceilings for every int test (decision 055): none sets its own. Spawning the
          // built server or migrating a scratch database is the slowest step a test waits on.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What the app does in the background (a simulated call's steps, a webhook, a job's
          // next batch) is waited for with expect.poll, whose 1 s default is shorter than a
          // background step on two busy cores; a poll that is wrong still fails, only later.
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['./scripts/server-bundle.global-setup.ts', './e2e/support/global-setup.ts'],
          // The ceilings for every e2e test (decision 055): none sets its own. Two spec files
          // share the two cores, so a journey can take twice its quiet time; a journey longer
          // than a minute is split. A poll waits for what the page or the platform does in the
          // background (a screen's first load at the end of a run, a web call's next phase).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 20_000 } },
          // Two spec files at a time, each worker with its own server (support/global-setup.ts).
          maxWorkers: 2,
        },
      },
    ],
  },
});
