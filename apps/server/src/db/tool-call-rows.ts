import { and, eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * What an agent's tool call makes on a call, or a person by hand (an appointment, an enquiry):
 * whose it is, and the agent, call and tool call that made it.
 */
export type MadeOnCall = {
  businessId: string;
  contactId: string;
  assistantId: string | null;
  callId: string | null;
  toolCallId: string | null;
  source: 'call' | 'manual';
  isTest?: boolean;
};

/** What tool calls make (appointments, enquiries): a tool call's id is unique per business. */
type ToolCallTable = PgTable & { id: PgColumn; businessId: PgColumn; toolCallId: PgColumn };

/**
 * Stores a row, once per tool call: the same tool call again (the platform repeating a message)
 * stores nothing and answers the row the first one stored (`created: false`).
 */
export async function insertOncePerToolCall<T extends ToolCallTable>(
  db: Db,
  table: T,
  values: T['$inferInsert'] & { businessId: string; toolCallId: string | null },
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: table.id });
  if (row) return { id: String(row.id), created: true };
  // Drizzle cannot tell a generic table is a plain one (not a subquery): it is.
  const plainTable: PgTable = table;
  const [existing] =
    values.toolCallId === null
      ? []
      : await db
          .select({ id: table.id })
          .from(plainTable)
          .where(
            and(eq(table.businessId, values.businessId), eq(table.toolCallId, values.toolCallId)),
          );
  if (!existing) throw new Error(`insert into ${getTableName(table)} returned no row`);
  return { id: String(existing.id), created: false };
}
