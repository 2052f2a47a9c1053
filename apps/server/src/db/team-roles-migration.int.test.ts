import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

// Migrations that change a business's roles, applied on top of an existing deployment's rows:
// team_roles ends with two hand-written statements (an existing deployment's business users,
// each its business's only login, become owners and take the point of contact as name);
// manager_role adds the manager role and changes no row (decision 051). Found by name, not by
// number: a merge may renumber a migration.

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

async function apply(db: PGlite, file: string) {
  const sql = await fs.readFile(path.join(migrations, file), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('team role migrations on an existing deployment', () => {
  // One database for both cases (starting PGlite is most of the cost): each applies the
  // migrations before its own, then its own.
  const db = new PGlite();
  afterAll(() => db.close());
  let applied = 0;
  async function applyBefore(name: string): Promise<string> {
    const files = (await fs.readdir(migrations)).filter((f) => f.endsWith('.sql')).sort();
    const index = files.findIndex((f) => f.endsWith(`_${name}.sql`));
    expect(index).toBeGreaterThan(0);
    for (const file of files.slice(applied, index)) await apply(db, file);
    applied = index + 1;
    return files[index]!;
  }

  it('team_roles makes every business user an owner named after the point of contact; admins stay', async () => {
    const team = await applyBefore('team_roles');
    await db.exec(`
      insert into businesses (id, name, email, point_of_contact, country)
        values ('11111111-1111-4111-8111-111111111111', 'Harbour', 'h@x.example', 'Nora Quinn', 'Ireland');
      insert into users (user_name, email, role, business_id)
        values ('h@x.example', 'h@x.example', 'member', '11111111-1111-4111-8111-111111111111');
      insert into users (user_name, role) values ('ops', 'admin');
    `);
    await apply(db, team);

    const { rows } = await db.query<{ user_name: string; role: string; name: string }>(
      `select user_name, role, name from users where user_name in ('h@x.example', 'ops')
        order by user_name`,
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

  it('manager_role keeps every existing member a member (the safe side) and accepts managers of a business only', async () => {
    const managers = await applyBefore('manager_role');
    await db.exec(`
      insert into businesses (id, name, email, point_of_contact, country)
        values ('22222222-2222-4222-8222-222222222222', 'Quay', 'q@x.example', 'Ana Quay', 'Ireland');
      insert into users (user_name, email, role, business_id, password_hash) values
        ('owner@q.example', 'owner@q.example', 'owner', '22222222-2222-4222-8222-222222222222', 'x'),
        ('desk@q.example', 'desk@q.example', 'member', '22222222-2222-4222-8222-222222222222', 'x'),
        ('new@q.example', 'new@q.example', 'member', '22222222-2222-4222-8222-222222222222', null);
      insert into users (user_name, role) values ('ops2', 'admin');
    `);
    await apply(db, managers);

    const { rows } = await db.query<{ user_name: string; role: string }>(
      `select user_name, role from users
        where user_name like '%@q.example' or user_name = 'ops2' order by user_name`,
    );
    expect(rows).toEqual([
      { user_name: 'desk@q.example', role: 'member' },
      { user_name: 'new@q.example', role: 'member' },
      { user_name: 'ops2', role: 'admin' },
      { user_name: 'owner@q.example', role: 'owner' },
    ]);
    await db.exec(`update users set role = 'manager' where user_name = 'desk@q.example'`);
    await expect(
      db.exec(`insert into users (user_name, role) values ('stray', 'manager')`),
    ).rejects.toThrow(/users_role_business_check/);
    await expect(
      db.exec(`update users set role = 'boss' where user_name = 'new@q.example'`),
    ).rejects.toThrow(/users_role_(business_)?check/);
  });
});
