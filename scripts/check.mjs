// `npm run check`: every type check, the linter and the formatter check, two at a time (CI and
// the development machine have two cores; one step at a time left one idle). Each step's output
// is printed whole when it ends, so parallel steps do not interleave; the exit code is non-zero
// if any step failed. A new step is one line in STEPS.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNodeVersion, root } from './lib.mjs';

const PARALLEL = 2;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tsc = (project) => [bin('tsc'), ['-p', project]];

// Longest first, so the last step to start is a short one.
const STEPS = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['typecheck apps/web', ...tsc('apps/web/tsconfig.json')],
  ['typecheck apps/server', ...tsc('apps/server/tsconfig.json')],
  ['typecheck e2e', ...tsc('e2e/tsconfig.json')],
  ['typecheck bench', ...tsc('bench/tsconfig.json')],
  ['typecheck apps/sandbox', ...tsc('apps/sandbox/tsconfig.json')],
  ['typecheck packages/shared', ...tsc('packages/shared/tsconfig.json')],
  ['typecheck root', ...tsc('tsconfig.json')],
  ['knip', bin('knip'), ['--no-progress']],
  ['format', bin('prettier'), ['--check', '.', '--log-level=warn']],
];

/** Runs one step with its output captured; answers whether it passed. */
function runStep([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
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
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await runStep(step));
  }),
);
const failed = results.filter((result) => !result.passed).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\ncheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\ncheck passed (${results.length} steps)`);
