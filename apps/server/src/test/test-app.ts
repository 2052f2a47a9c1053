import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';

/**
 * Where integration tests run: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Each test app gets a database of its own (a fresh PGlite directory, or a fresh PostgreSQL
 * database created from TEST_DATABASE_URL) so test files can run in parallel.
 */
export type DatabaseTarget = 'pglite' | 'postgres';

export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

type Scratch = { config: Config; cleanup: () => Promise<void> };

export async function createScratchConfig(
  target: DatabaseTarget,
  env: Record<string, string> = {},
): Promise<Scratch> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-int-'));
  // A small sandbox platform keeps start-up quick; tests that need more calls ask for them.
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SANDBOX_CALLS: '200',
    ...env,
  };
  if (target === 'pglite') {
    return {
      config: loadConfig(base),
      cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: loadConfig({ ...base, DATABASE_URL: url.toString() }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the real app on a scratch database; `close` shuts it down and removes the data. */
export async function buildTestApp(target: DatabaseTarget, env: Record<string, string> = {}) {
  const scratch = await createScratchConfig(target, env);
  const app = await buildApp(scratch.config).catch(async (error: unknown) => {
    await scratch.cleanup();
    throw error;
  });
  return {
    app,
    config: scratch.config,
    close: async () => {
      await app.close();
      await scratch.cleanup();
    },
  };
}
