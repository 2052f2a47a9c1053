import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0013 ends with two hand-written statements: an existing deployment's business
// users (each its business's only login) become owners and take the point of contact as name.

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

async function apply(db: PGlite, file: string) {
  const sql = await fs.readFile(path.join(migrations, file), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migration 0013 (team roles) on an existing deployment', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('makes every business user an owner named after the point of contact; admins stay', async () => {
    const files = (await fs.readdir(migrations)).filter((f) => f.endsWith('.sql')).sort();
    const team = files.findIndex((f) => f.startsWith('0013_'));
    expect(team).toBeGreaterThan(0);
    for (const file of files.slice(0, team)) await apply(db, file);

    await db.exec(`
      insert into businesses (id, name, email, point_of_contact, country)
        values ('11111111-1111-4111-8111-111111111111', 'Harbour', 'h@x.example', 'Nora Quinn', 'Ireland');
      insert into users (user_name, email, role, business_id)
        values ('h@x.example', 'h@x.example', 'member', '11111111-1111-4111-8111-111111111111');
      insert into users (user_name, role) values ('ops', 'admin');
    `);
    await apply(db, files[team]!);

    const { rows } = await db.query<{ user_name: string; role: string; name: string }>(
      'select user_name, role, name from users order by user_name',
    );
    expect(rows).toEqual([
      { user_name: 'h@x.example', role: 'owner', name: 'Nora Quinn' },
      { user_name: 'ops', role: 'admin', name: '' },
    ]);
    // The new constraint allows owners and members of a business, and nothing else.
    await expect(
      db.exec(`insert into users (user_name, role) values ('stray', 'owner')`),
    ).rejects.toThrow(/users_role_business_check/);
  });
});
