/**
 * The column builders most tables repeat. Each call makes a fresh builder (drizzle ties a
 * builder to the one table it is declared in); the SQL they give is what the migrations say.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An instant (timestamptz), read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A row's own id: a random uuid the database makes. */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** A row that belongs to another: required, and deleted with it (`on delete cascade`). */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
