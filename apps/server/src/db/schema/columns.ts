/**
 * The column builders most tables repeat. Each call makes a fresh builder (drizzle ties a
 * builder to the one table it is declared in); the SQL they give is what the migrations say.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Where a row an agent's tool wrote during a call came from (an appointment, an enquiry):
 * all null for one added by hand.
 */
export const toolCallOrigin = () => ({
  /** The platform assistant id (calls.assistant_id). */
  assistantId: text('assistant_id'),
  /** The platform call id; no foreign key: the tool call can arrive before the call is stored. */
  callId: text('call_id'),
  /** The platform's tool-call id, so a repeated tool-calls message writes one row. */
  toolCallId: text('tool_call_id'),
});

/** The indexes of `toolCallOrigin`: by call (a campaign's progress page counts what each call wrote) and one row per tool call. */
export const toolCallOriginIndexes = (
  table: string,
  t: { businessId: AnyPgColumn; callId: AnyPgColumn; toolCallId: AnyPgColumn },
) => [
  index(`${table}_call_idx`)
    .on(t.callId)
    .where(sql`call_id is not null`),
  uniqueIndex(`${table}_tool_call_idx`)
    .on(t.businessId, t.toolCallId)
    .where(sql`tool_call_id is not null`),
];
