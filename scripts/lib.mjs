// Small helpers shared by the root scripts (start, dev, test). Plain Node, no dependencies,
// so that they run right after `npm ci`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Switchboard needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

/** True when apps/web/dist is missing or older than any of the sources it is built from. */
export function webBuildIsStale() {
  const built = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return webSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** `vite build` of the web app into apps/web/dist. */
export function buildWeb() {
  return run('npm', ['run', 'build', '-w', 'apps/web']);
}

export async function buildWebIfNeeded() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  await buildWeb();
}

/**
 * Spawns a long-running child, passes it the first stop signal we get (SIGINT, SIGTERM, SIGHUP)
 * and exits with it. The child runs in a process group of its own, so a signal sent to ours
 * reaches it only through here, and only once: Ctrl-C in a terminal signals the whole
 * foreground group and npm forwards the same signal to us again, and the server takes a second
 * signal as "exit now" rather than finishing its drain. Its grace period bounds the drain.
 */
export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, ...options });
  let passedOn = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (passedOn) return;
      passedOn = true;
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Out of our group, the child would outlive us: if we end first (an error here), it stops.
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  return child;
}
