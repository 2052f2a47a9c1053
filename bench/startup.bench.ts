/**
 * Start-up time of the server process: from spawning it to its "ready on" line, for the
 * server bundle (`node apps/server/dist/main.js`, what `npm start` and the image run) and for
 * the TypeScript sources under tsx (how it ran before decision 047).
 *
 *   npm run build && npm run bench:startup -- --runs 5
 *
 * Each run is a restart on an existing embedded database (migrated, demo seeded, as a deployment
 * restarts), with the sandbox platform's default 6,000 demo calls. A warm-up start per mode
 * fills that database and the operating system's file cache first. The two modes alternate, so
 * a change in the machine's load falls on both.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxServerEnv } from '../scripts/server-env.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const MODES = {
  bundle: ['--enable-source-maps', 'apps/server/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
} as const;
type Mode = keyof typeof MODES;

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('No server bundle: run `npm run build` first.');
  process.exit(1);
}

/** Starts one server, answers the milliseconds to its ready line, and stops it. */
function startOnce(mode: Mode, dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, MODES[mode], {
      cwd: root,
      env: sandboxServerEnv({ dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let readyAt: number | undefined;
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyAt === undefined && output.includes('Switchboard is ready')) {
        readyAt = performance.now() - started;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('close', () => {
      if (readyAt === undefined) reject(new Error(`${mode} did not start:\n${output}`));
      else resolve(readyAt);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const dataDirs = Object.fromEntries(
  (Object.keys(MODES) as Mode[]).map((mode) => [
    mode,
    fs.mkdtempSync(path.join(os.tmpdir(), `switchboard-startup-${mode}-`)),
  ]),
) as Record<Mode, string>;
const times: Record<Mode, number[]> = { bundle: [], tsx: [] };
try {
  for (const mode of Object.keys(MODES) as Mode[]) {
    const warm = await startOnce(mode, dataDirs[mode]);
    console.log(`${mode}: warm-up (first start: migrate, seed) ${Math.round(warm)} ms`);
  }
  for (let run = 1; run <= runs; run += 1) {
    for (const mode of Object.keys(MODES) as Mode[]) {
      const ms = await startOnce(mode, dataDirs[mode]);
      times[mode].push(ms);
      console.log(`${mode}: run ${run} ${Math.round(ms)} ms`);
    }
  }
} finally {
  for (const dir of Object.values(dataDirs)) fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\nStart-up to "ready" on Node.js ${process.versions.node}, ${runs} restarts each:`);
console.log('| entry | median ms | min ms | max ms |');
console.log('| --- | ---: | ---: | ---: |');
for (const mode of Object.keys(MODES) as Mode[]) {
  const list = times[mode];
  console.log(
    `| ${mode} | ${Math.round(median(list))} | ${Math.round(Math.min(...list))} | ${Math.round(Math.max(...list))} |`,
  );
}
