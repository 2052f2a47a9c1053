import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { executeRows, openDatabase } from './client';
import { DatabaseLockedError } from './directory-lock';
import { migratedDataDir } from '../test/test-app';

describe('embedded database (PGlite)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
  });
  const scratchDir = async () => {
    const dir = await migratedDataDir('switchboard-db-');
    dirs.push(dir);
    return path.join(dir, 'db');
  };

  it('refuses a second opener of the same directory with a clear error', async () => {
    const dataDir = await scratchDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = openDatabase({ kind: 'pglite', dataDir });
      await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(second).rejects.toThrow(/in use by another Switchboard process/);
      // The first holder is unharmed.
      await expect(first.ping()).resolves.toBeUndefined();
    } finally {
      await first.close();
    }
  });

  it('keeps data across a clean close and reopen, and releases the lock on close', async () => {
    const dataDir = await scratchDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.execute(
      sql`insert into businesses (name, email, point_of_contact, country) values ('Acme Dental', 'a@acme.test', 'Ann', 'GB')`,
    );
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await executeRows<{ name: string }>(again.db, sql`select name from businesses`);
      expect(rows).toEqual([{ name: 'Acme Dental' }]);
    } finally {
      await again.close();
    }
  });

  it('reports a database that has been closed as down', async () => {
    const dataDir = await scratchDir();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
