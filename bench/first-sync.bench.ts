/**
 * `npm start` from cold: the time from spawning `node scripts/start.mjs` (no DATABASE_URL, so
 * PGlite and the sandbox platform with its default demo calls) to the end of its first sync of
 * calls, and the server process's RSS (`ps -o rss=` every second) during and after that sync;
 * then the same for a restart on the data directory the first start filled.
 *
 *   npm run build && npm run bench:first-sync -- [--port 4160] [--settle 30]
 *
 * The first sync's end is read from `GET /api/platform/status` (as the demo member, every
 * 250 ms): its `lastSuccessAt` set by this start. `--settle` seconds after it the RSS is sampled
 * again (the figure the target is about: RSS after the first sync). The sandbox's simulator is
 * left on, as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_MEMBER } from '../apps/server/src/modules/auth/demo-accounts';
import { loadAverage } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4160' },
    settle: { type: 'string', default: '30' },
  },
});
const port = Number(values.port);
const settleMs = Number(values.settle) * 1000;
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('No server bundle: run `npm run build` first.');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process `scripts/start.mjs` supervises (its child running the bundle). */
function serverPidOf(supervisor: number): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, 'utf8');
    for (const pid of children.trim().split(/\s+/).map(Number)) {
      if (!(pid > 0)) continue;
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('apps/server/dist/main.js')) return pid;
    }
  } catch {
    // not started yet, or gone
  }
  return undefined;
}

/** Resident memory of a process in MB (VmRSS, what `ps -o rss=` shows). */
function rssMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

type SyncWire = {
  status: string;
  lastSuccessAt: string | null;
  progress?: { callsWritten?: number };
};

async function syncStatus(cookie: string): Promise<SyncWire> {
  const res = await fetch(`${base}/api/platform/status`, {
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  });
  if (res.status !== 200) throw new Error(`platform status: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { sync: SyncWire }).sync;
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat; with `mainThread`, its
 * main thread's alone (/proc/<pid>/task/<pid>/stat: not the sandbox's thread, nor V8's and
 * libuv's helpers). On two free cores the main thread's CPU is what the wall clock follows.
 */
function cpuSeconds(pid: number | undefined, mainThread = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

type Run = {
  start: string;
  readyMs: number;
  syncMs: number;
  /** The server process's CPU seconds at the ready line and at the first sync's end. */
  readyCpuS: number | undefined;
  syncCpuS: number | undefined;
  /** The same for the server's main thread alone. */
  readyMainS: number | undefined;
  syncMainS: number | undefined;
  rowsWritten: number | undefined;
  peakDuringMb: number;
  atSyncMb: number;
  afterSettleMb: number;
  peakAfterMb: number;
  load: string;
};

async function startOnce(label: string, dataDir: string): Promise<Run> {
  const started = performance.now();
  const startedAt = new Date();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let readyMs: number | undefined;
  let readyCpuS: number | undefined;
  let readyMainS: number | undefined;
  const look = (chunk: Buffer) => {
    output += chunk.toString();
    if (readyMs === undefined && output.includes('Switchboard is ready')) {
      readyMs = performance.now() - started;
      readyCpuS = cpuSeconds(serverPidOf(child.pid!));
      readyMainS = cpuSeconds(serverPidOf(child.pid!), true);
    }
  };
  child.stdout!.on('data', look);
  child.stderr!.on('data', look);
  let exited = false;
  const closed = new Promise<void>((resolve) =>
    child.on('close', () => {
      exited = true;
      resolve();
    }),
  );

  let server: number | undefined;
  let peak = 0;
  let latest = 0;
  const sampler = setInterval(() => {
    server ??= serverPidOf(child.pid!);
    const rss = server === undefined ? undefined : rssMb(server);
    if (rss !== undefined) {
      latest = rss;
      peak = Math.max(peak, rss);
    }
  }, 1000);
  try {
    while (readyMs === undefined) {
      if (exited) throw new Error(`the server did not start:\n${output}`);
      await sleep(50);
    }
    const cookie = await signIn();
    let sync: SyncWire;
    for (;;) {
      if (exited) throw new Error(`the server exited:\n${output}`);
      sync = await syncStatus(cookie);
      if (sync.lastSuccessAt !== null && new Date(sync.lastSuccessAt) >= startedAt) break;
      await sleep(250);
    }
    const syncMs = performance.now() - started;
    const syncCpuS = cpuSeconds(server ?? serverPidOf(child.pid!));
    const syncMainS = cpuSeconds(server ?? serverPidOf(child.pid!), true);
    const atSyncMb = rssMb(server!) ?? latest;
    const peakDuringMb = Math.max(peak, atSyncMb);
    peak = 0;
    await sleep(settleMs);
    const afterSettleMb = rssMb(server!) ?? latest;
    const run: Run = {
      start: label,
      readyMs,
      syncMs,
      readyCpuS,
      syncCpuS,
      readyMainS,
      syncMainS,
      rowsWritten: sync.progress?.callsWritten,
      peakDuringMb,
      atSyncMb,
      afterSettleMb,
      peakAfterMb: Math.max(peak, afterSettleMb),
      load: loadAverage(),
    };
    console.log(
      `${label}: ready ${(readyMs / 1000).toFixed(1)} s, first sync ended ${(syncMs / 1000).toFixed(1)} s ` +
        `after the spawn (${sync.progress?.callsWritten ?? '?'} calls written); server CPU ` +
        `${readyCpuS?.toFixed(1) ?? '?'} s to ready, ${syncCpuS?.toFixed(1) ?? '?'} s to the sync's end (its main thread ` +
        `${readyMainS?.toFixed(1) ?? '?'} and ${syncMainS?.toFixed(1) ?? '?'} s); server RSS peak during it ` +
        `${run.peakDuringMb.toFixed(0)} MB, at its end ${atSyncMb.toFixed(0)} MB, ` +
        `${values.settle} s later ${afterSettleMb.toFixed(0)} MB (peak meanwhile ` +
        `${run.peakAfterMb.toFixed(0)} MB) (load ${run.load})`,
    );
    return run;
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await closed;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-first-sync-'));
const runs: Run[] = [];
try {
  runs.push(await startOnce('fresh data directory', dataDir));
  runs.push(await startOnce('restart on it', dataDir));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n| start | ready s | first sync ended s | server CPU s to ready | to sync end | main thread's to ready | to sync end | calls written | RSS peak during sync MB | RSS at sync end MB | RSS ${values.settle} s later MB | load |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of runs)
  console.log(
    `| ${r.start} | ${(r.readyMs / 1000).toFixed(1)} | ${(r.syncMs / 1000).toFixed(1)} | ${r.readyCpuS?.toFixed(1) ?? '–'} | ${r.syncCpuS?.toFixed(1) ?? '–'} | ${r.readyMainS?.toFixed(1) ?? '–'} | ${r.syncMainS?.toFixed(1) ?? '–'} | ${r.rowsWritten ?? '–'} | ${r.peakDuringMb.toFixed(0)} | ${r.atSyncMb.toFixed(0)} | ${r.afterSettleMb.toFixed(0)} | ${r.load} |`,
  );
