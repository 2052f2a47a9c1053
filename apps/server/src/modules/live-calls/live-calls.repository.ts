import { asc, eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import {
  agents,
  businesses,
  callActions,
  callLiveTranscripts,
  type LiveTranscriptLine,
} from '../../db/schema';

/** A call in progress as the live screen lists it, with what it takes to listen and control. */
export type LiveCallRow = {
  id: string;
  type: string | null;
  status: string | null;
  customerNumber: string | null;
  startedAt: Date | null;
  createdAt: Date;
  listenUrl: string | null;
  controlUrl: string | null;
  agentId: string | null;
  agentName: string | null;
  liveListening: boolean;
  businessId: string | null;
  businessName: string | null;
  lines: LiveTranscriptLine[];
  lastMute: string | null;
};

/** The statuses of a call that has not ended (the platform's). */
const LIVE_STATUSES = sql`('scheduled', 'queued', 'ringing', 'in-progress', 'forwarding')`;
/** A call still "in progress" after this long lost its ending: it is not shown as live. */
const STALE_AFTER = sql`interval '12 hours'`;

function toRow(row: Record<string, unknown>): LiveCallRow {
  const date = (value: unknown) =>
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : null;
  return {
    id: String(row.id),
    type: (row.type as string | null) ?? null,
    status: (row.status as string | null) ?? null,
    customerNumber: (row.customer_number as string | null) ?? null,
    startedAt: date(row.started_at),
    createdAt: date(row.created_at) ?? new Date(0),
    listenUrl: (row.listen_url as string | null) ?? null,
    controlUrl: (row.control_url as string | null) ?? null,
    agentId: (row.agent_id as string | null) ?? null,
    agentName: (row.agent_name as string | null) ?? null,
    liveListening: row.live_listening !== false,
    businessId: (row.business_id as string | null) ?? null,
    businessName: (row.business_name as string | null) ?? null,
    lines: Array.isArray(row.lines) ? (row.lines as LiveTranscriptLine[]) : [],
    lastMute: (row.last_mute as string | null) ?? null,
  };
}

/**
 * Calls in progress whose agent the business owns (null: every business's, the operator's
 * view), newest first; `callId` narrows it to one call.
 */
export async function listLiveCalls(
  db: Db,
  businessId: string | null,
  callId?: string,
): Promise<LiveCallRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.type, c.status, c.customer_number, c.started_at, c.created_at,
          c.payload->'monitor'->>'listenUrl' as listen_url,
          c.payload->'monitor'->>'controlUrl' as control_url,
          a.platform_assistant_id as agent_id, a.name as agent_name, a.live_listening,
          a.business_id, b.name as business_name, t.lines,
          (select ca.action from call_actions ca
            where ca.call_id = c.id and ca.outcome = 'done'
              and ca.action in ('mute-assistant', 'unmute-assistant')
            order by ca.created_at desc limit 1) as last_mute
        from calls c
        join agents a on a.platform_assistant_id = c.assistant_id
        left join businesses b on b.id = a.business_id
        left join call_live_transcripts t on t.call_id = c.id
        where c.status in ${LIVE_STATUSES} and c.ended_at is null
          and c.created_at > now() - ${STALE_AFTER}
          ${businessId === null ? sql`` : sql`and a.business_id = ${businessId}`}
          ${callId === undefined ? sql`` : sql`and c.id = ${callId}`}
        order by c.created_at desc
        limit 100`,
  );
  return rows.map(toRow);
}

/** The business an assistant's calls belong to (null: none, or no such agent). */
export async function businessOfAssistant(
  db: Db,
  assistantId: string | undefined,
): Promise<string | null> {
  if (!assistantId) return null;
  const [row] = await db
    .select({ businessId: agents.businessId })
    .from(agents)
    .where(eq(agents.platformAssistantId, assistantId))
    .limit(1);
  return row?.businessId ?? null;
}

/** The whole conversation so far (a conversation-update): it replaces what was kept. */
export async function replaceLiveLines(db: Db, callId: string, lines: LiveTranscriptLine[]) {
  await db
    .insert(callLiveTranscripts)
    .values({ callId, lines, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: callLiveTranscripts.callId,
      set: { lines, updatedAt: new Date() },
    });
}

/** One final line (a transcript message), unless it is the last line already kept. */
export async function appendLiveLine(db: Db, callId: string, line: LiveTranscriptLine) {
  const json = JSON.stringify([line]);
  await db
    .insert(callLiveTranscripts)
    .values({ callId, lines: [line], updatedAt: new Date() })
    .onConflictDoUpdate({
      target: callLiveTranscripts.callId,
      set: {
        lines: sql`case
          when ${callLiveTranscripts.lines}->-1->>'text' = ${line.text}
            and ${callLiveTranscripts.lines}->-1->>'role' = ${line.role}
          then ${callLiveTranscripts.lines}
          else ${callLiveTranscripts.lines} || ${json}::jsonb end`,
        updatedAt: new Date(),
      },
    });
}

/**
 * Drops the live transcripts of the calls of `rows` (a relation `r` with the call's `id` and a
 * boolean `drop_live`) whose `drop_live` is true, for a statement's CTE: their report arrived.
 */
export function dropLiveLinesSql(rows: string): string {
  return `delete from call_live_transcripts t using ${rows}
    where r.drop_live and t.call_id = r.id returning 1`;
}

export async function insertCallAction(db: Db, action: typeof callActions.$inferInsert) {
  await db.insert(callActions).values(action);
}

/** What people did to a call while it was in progress, oldest first. */
export async function listCallActions(db: Db, callId: string) {
  return db
    .select({
      action: callActions.action,
      userLabel: callActions.userLabel,
      detail: callActions.detail,
      outcome: callActions.outcome,
      createdAt: callActions.createdAt,
    })
    .from(callActions)
    .where(eq(callActions.callId, callId))
    .orderBy(asc(callActions.createdAt));
}

/** The business's own phone: where its calls may be transferred. */
export async function businessTransferPhone(db: Db, businessId: string) {
  const [row] = await db
    .select({ phone: businesses.phone, country: businesses.country, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row;
}
