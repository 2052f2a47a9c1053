import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { users } from './accounts';
import { idColumn, ts } from './columns';

/** One line of a call's live transcript, as the platform's live messages gave it. */
export type LiveTranscriptLine = {
  role: 'assistant' | 'caller' | 'note';
  text: string;
  at: string;
};

/**
 * The transcript of a call while it is in progress (decision 059), from the platform's
 * `conversation-update` (the whole conversation so far, replacing) and `transcript` (one final
 * line, appended) messages. Kept in the database so every instance shows the same lines.
 */
export const callLiveTranscripts = pgTable('call_live_transcripts', {
  callId: text('call_id').primaryKey(),
  lines: jsonb('lines')
    .$type<LiveTranscriptLine[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What a person did to a call in progress (say, whisper, mute, transfer, end): the call's
 * history and the audit of live controls, with who did it. Kept after the call ends.
 */
export const callActions = pgTable(
  'call_actions',
  {
    id: idColumn(),
    callId: text('call_id').notNull(),
    /** The business whose call it was (null: an operator's call on an unassigned agent). */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, as the history shows it (kept when the user is removed). */
    userLabel: text('user_label').notNull(),
    /** say, whisper, mute-assistant, unmute-assistant, transfer, end-call. */
    action: text('action').notNull(),
    /** The words said or whispered, the number transferred to. */
    detail: text('detail'),
    /** Whether the platform took it; the reason when it did not. */
    outcome: text('outcome').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('call_actions_call_idx').on(t.callId, t.createdAt)],
);
