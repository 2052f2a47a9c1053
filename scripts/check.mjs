// `npm run check`: every type check, the linter and the formatter check, two at a time (CI and
// the development machine have two cores; one step at a time left one idle). Each step's output
// is printed whole when it ends, so parallel steps do not interleave; the exit code is non-zero
// if any step failed. A new step is one line in STEPS.
//
// packages/shared is a referenced project (decision 055): `tsc -b` checks it once and writes its
// declarations, which every other project reads instead of checking shared's sources again. The
// steps that read them wait for that step (`needs`), so two builds never write them at once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNodeVersion, root } from './lib.mjs';

const PARALLEL = 2;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// The type checks run on TypeScript 7, the native compiler (decision 056), installed under the
// alias typescript-native; TypeScript 6 stays as `typescript`, the library typescript-eslint's
// typed rules need. Both packages name their command `tsc`, so it is called by its path.
const TSC = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const SHARED = 'typecheck packages/shared';
// One checker per program (decision 099): by default the native compiler splits a program's
// files over four checkers, each of which resolves the types the files share again; on two
// cores already busy with the tests, that was half of its CPU for the same answers.
const tsc = (project) => [TSC, ['-b', project, '--checkers', '1'], { needs: SHARED }];
// oxlint's type-aware rules run in tsgolint, which makes one checker per Go thread: one thread
// for the same reason. oxlint's own rules are quick and stay on its threads.
const oneGoThread = { env: { GOMAXPROCS: '1' } };

// Longest first, so the last step to start is a short one.
const STEPS = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0', ...eslintCache()]],
  // typescript-eslint's type-aware rules, on the native compiler (decision 087).
  ['lint types', bin('oxlint'), ['--type-aware', '--max-warnings=0'], oneGoThread],
  [SHARED, TSC, ['-b', 'packages/shared/tsconfig.json', '--checkers', '1']],
  ['typecheck apps/web', ...tsc('apps/web/tsconfig.json')],
  // The server, the sandbox and the benchmarks as one program (tsconfig.node.json): they share
  // their compiler options and most of their files, which three programs checked three times.
  ['typecheck apps/server, apps/sandbox, bench', ...tsc('tsconfig.node.json')],
  ['typecheck e2e', ...tsc('e2e/tsconfig.json')],
  ['typecheck root', TSC, ['-p', 'tsconfig.json', '--checkers', '1']],
  ['knip', bin('knip'), ['--no-progress']],
  // oxfmt (decision 104): the formatter on one thread, as the other steps.
  ['format', bin('oxfmt'), ['--check', '--threads=1']],
];

/**
 * ESLint's cache on a developer's machine, where most files are unchanged since the last run
 * (keyed by content, not by time, so a checkout or a rebase does not invalidate it). Not in CI,
 * whose clone is new: and a type-aware rule's finding can change with another file's types,
 * which the cache cannot see, so CI always lints everything.
 */
function eslintCache() {
  if (process.env.CI) return [];
  return [
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    path.join(root, 'node_modules/.cache/eslint/'),
  ];
}

/** Runs one step with its output captured; answers whether it passed. */
function runStep([name, command, args, options]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const env = { ...process.env, FORCE_COLOR: '1', ...options?.env };
    const child = spawn(command, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const finish = (passed, why = '') => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${passed ? '✓' : '✗'} ${name} (${seconds} s)${why}`);
      if (output.trim()) console.log(output.trimEnd().replace(/^/gm, '  '));
      resolve({ name, passed });
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code, signal) =>
      finish(code === 0, code === 0 ? '' : ` — ${signal ?? `exit ${code}`}`),
    );
  });
}

checkNodeVersion();
const queue = [...STEPS];
const results = [];
/** Each started step's outcome by name, for the steps that need it first. */
const outcomes = new Map();
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const needs = step[3]?.needs;
      if (needs && outcomes.has(needs)) await outcomes.get(needs);
      const outcome = runStep(step);
      outcomes.set(step[0], outcome);
      results.push(await outcome);
    }
  }),
);
const failed = results.filter((result) => !result.passed).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\ncheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\ncheck passed (${results.length} steps)`);
