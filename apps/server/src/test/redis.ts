import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './smtp-sink';

// Redis runs beside PostgreSQL here and in CI; TEST_REDIS_URL points elsewhere if needed.
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (one try, no reconnecting: never hangs a test). */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Whether `redis-server` can be started here (tests that stop a Redis under an app need it). */
export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A Redis of the test's own on a free port, so the test can stop it under a running app. */
export async function startOwnRedis(
  port?: number,
): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; !(await redisAnswers(url)); tries += 1) {
    if (tries > 50) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
