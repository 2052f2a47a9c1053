import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: where the built server is (dist/main.js, dist/admin.js). */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Its exit code once it has ended and its output is read (null when a signal ended it). */
  exited: Promise<number | null>;
};

/**
 * Runs a built entry (the server bundle by default) as its own process, the way `npm start`
 * and the image do, with only the environment given (plus PATH and HOME).
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { entry?: string; args?: string[]; nodeArgs?: string[]; cwd?: string } = {},
): ServerProcess {
  const entry = options.entry ?? 'dist/main.js';
  const nodeArgs = ['--enable-source-maps', ...(options.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, entry, ...(options.args ?? [])], {
    cwd: options.cwd ?? serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

/** The port of the "ready on http://host:port" line, once the server printed it. */
export function readyPort(server: ServerProcess, timeoutMs = 45_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /ready on http:\/\/[^:]+:(\d+)/.exec(server.output());
      if (match) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`server did not get ready:\n${server.output()}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`server exited with ${code} before it was ready:\n${server.output()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      server.child.stdout?.off('data', look);
      server.child.stderr?.off('data', look);
      server.child.off('exit', onExit);
    };
    server.child.stdout?.on('data', look);
    server.child.stderr?.on('data', look);
    server.child.on('exit', onExit);
    look();
  });
}

/** Polls `probe` every 100 ms until it answers a value; rejects after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
