import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
 */
export type DatabaseTemplates = {
  /** A PGlite data directory (the `db` folder of a DATA_DIR), migrated and closed. */
  pgliteDir: string | null;
  /** A migrated PostgreSQL database on TEST_DATABASE_URL's server that nobody connects to. */
  postgresName: string | null;
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

async function makePgliteTemplate(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-template-'));
  const dir = path.join(root, 'db');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
  return { dir, remove: () => fs.rm(root, { recursive: true, force: true }) };
}

async function makePostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `switchboard_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase(
    loadConfig({ DATABASE_URL: databaseUrl(adminUrl, name) }).database,
  );
  await database.close();
  return {
    name,
    remove: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** The int project's global setup: make the templates, provide them, remove them after. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    makePgliteTemplate(),
    adminUrl ? makePostgresTemplate(adminUrl) : Promise.resolve(null),
  ]);
  project.provide('databaseTemplates', {
    pgliteDir: pglite.dir,
    postgresName: postgres?.name ?? null,
  });
  return async () => {
    await Promise.all([pglite.remove(), postgres?.remove()]);
  };
}

export { databaseUrl };
