import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/**
 * Integration tests start from a migrated template instead of migrating per app (epic-stack's
 * "migrate once, copy per test"): a PGlite data directory that each scratch app copies, and,
 * with TEST_DATABASE_URL, a PostgreSQL database that each scratch database is created from
 * (`CREATE DATABASE … TEMPLATE`). Made once per run by the int project's global setup and
 * handed to the test workers with `provide`; the app still runs its migrator on the copy, which
 * finds nothing to do.
 *
 * The setup names them and returns at once; they are made while the unit and web tests run
 * (Vitest runs every project's global setup before the first test of any), and the first int
 * test to need one waits for `readyFile` (`templatesReady`).
 */
export type DatabaseTemplates = {
  /** A PGlite data directory (the `db` folder of a DATA_DIR), migrated and closed. */
  pgliteDir: string | null;
  /** A migrated PostgreSQL database on TEST_DATABASE_URL's server that nobody connects to. */
  postgresName: string | null;
  /** Written when both are made: `ready`, or `failed:` and why. */
  readyFile?: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The migrated cluster the server build made (scripts/build-server.mjs), which the int project's
 * first global setup has just brought up to date with the sources.
 */
const builtPgliteTemplate = path.resolve(import.meta.dirname, '../../dist/pglite-template.tar.gz');

/**
 * Unpacks the build's migrated cluster into `dir` (about a second), or, without a build, runs
 * initdb and every migration there (four seconds of CPU). Opening it through `openDatabase`
 * after either runs the migrator, which finds nothing to do in a current build's cluster.
 */
async function makePgliteTemplate(dir: string): Promise<void> {
  const built = await fs.readFile(builtPgliteTemplate).catch(() => undefined);
  if (built) {
    const unpacked = await PGlite.create(dir, { loadDataDir: new Blob([built]) });
    await unpacked.close();
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
}

async function makePostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase(
    loadConfig({ DATABASE_URL: databaseUrl(adminUrl, name) }).database,
  );
  await database.close();
}

/** The int project's global setup: name the templates, provide them, make them behind. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-template-'));
  const pgliteDir = path.join(root, 'db');
  const readyFile = path.join(root, 'ready');
  const postgresName = adminUrl ? `switchboard_template_${randomBytes(6).toString('hex')}` : null;
  project.provide('databaseTemplates', { pgliteDir, postgresName, readyFile });
  const made = Promise.all([
    makePgliteTemplate(pgliteDir),
    adminUrl && postgresName ? makePostgresTemplate(adminUrl, postgresName) : undefined,
  ]).then(
    () => fs.writeFile(readyFile, 'ready'),
    (error: unknown) =>
      fs.writeFile(readyFile, `failed: ${error instanceof Error ? error.stack : String(error)}`),
  );
  return async () => {
    await made;
    await fs.rm(root, { recursive: true, force: true });
    if (adminUrl && postgresName) {
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`),
      );
    }
  };
}

/**
 * The run's templates once they are made (at most `timeoutMs` after the first asks; the setup
 * starts them before the unit tests). Rejects with the setup's error when making them failed.
 */
export async function templatesReady(
  templates: DatabaseTemplates,
  timeoutMs = 120_000,
): Promise<DatabaseTemplates> {
  const { readyFile } = templates;
  if (!readyFile) return templates;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await fs.readFile(readyFile, 'utf8').catch(() => undefined);
    if (state === 'ready') return templates;
    if (state !== undefined) throw new Error(`The int tests' template databases: ${state}`);
    if (Date.now() > deadline) {
      throw new Error(`The int tests' template databases were not made within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export { databaseUrl };
