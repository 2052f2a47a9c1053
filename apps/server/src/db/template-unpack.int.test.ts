import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { serverDir } from '../test/server-process';
import { executeRows, openDatabase } from './client';
import { unpackDataDir } from './template-unpack';

// The built server's first start on a fresh DATA_DIR (decision 097): the build's template
// (made by PGlite's dumpDataDir, scripts/build-server.mjs) unpacked by unpackDataDir opens as a
// migrated database. The int project's global setup builds the server and its template.

describe("the build's PGlite template, unpacked", () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('opens as a migrated, empty database', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'template-unpack-'));
    const template = await fs.readFile(path.join(serverDir, 'dist/pglite-template.tar.gz'));
    await unpackDataDir(template, dataDir, 'PG_VERSION');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [calls] = await executeRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from calls`,
      );
      expect(calls?.n).toBe(0);
      const [migrations] = await executeRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const files = await fs.readdir(path.join(serverDir, 'src/db/migrations'));
      expect(migrations?.n).toBe(files.filter((file) => file.endsWith('.sql')).length);
    } finally {
      await database.close();
    }
  });
});
