import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { agents } from '../../db/schema';
import { countedCall } from '../analytics/analytics.sql';

/**
 * Which agents a request may see: a member sees their business's, an admin every agent. Every
 * query here takes one, so another business's agent is simply not found (404).
 */
export type AgentScope = { kind: 'business'; businessId: string } | { kind: 'all' };

export function scopeCondition(scope: AgentScope): SQL {
  return scope.kind === 'business' ? sql`a.business_id = ${scope.businessId}` : sql`true`;
}

export type AgentRow = {
  id: string;
  name: string;
  phoneNumber: string | null;
  businessId: string | null;
  businessName: string | null;
  liveListening: boolean;
  timeZone: string;
  calls7d: number;
  passed7d: number;
  spend7d: number;
  lastCallAt: Date | null;
  createdAt: Date;
};

/**
 * Agents with their last 7 days (today and the 6 days before, in their business's zone; test
 * calls left out, as in the analytics' default) and their latest call. Each agent's figures are one index range scan of its calls.
 */
async function selectAgents(db: Db, where: SQL, now: Date): Promise<AgentRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
      select a.platform_assistant_id as id, a.name, a.phone_number, a.business_id, a.live_listening,
             b.name as business_name, coalesce(b.timezone, 'UTC') as time_zone, a.created_at,
             f.calls, f.passed, f.spend, l.last_call_at
      from agents a
      left join businesses b on b.id = a.business_id
      cross join lateral (
        select ((((${now.toISOString()}::timestamptz at time zone coalesce(b.timezone, 'UTC'))::date - 6)::timestamp)
                 at time zone coalesce(b.timezone, 'UTC')) as since
      ) w
      left join lateral (
        select count(*)::int as calls,
               (count(*) filter (where c.outcome = 'pass'))::int as passed,
               coalesce(sum(c.cost), 0)::double precision as spend
        from calls c
        where c.assistant_id = a.platform_assistant_id
          and c.created_at >= w.since and c.created_at <= ${now.toISOString()}::timestamptz
          and ${countedCall(sql`c`)}
          and not c.is_test
      ) f on true
      left join lateral (
        select max(c.created_at) as last_call_at from calls c
        where c.assistant_id = a.platform_assistant_id
      ) l on true
      where a.removed_at is null and ${where}
      order by lower(a.name), a.platform_assistant_id`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    phoneNumber: (row.phone_number as string | null) ?? null,
    businessId: (row.business_id as string | null) ?? null,
    businessName: (row.business_name as string | null) ?? null,
    liveListening: row.live_listening !== false,
    timeZone: String(row.time_zone),
    calls7d: Number(row.calls ?? 0),
    passed7d: Number(row.passed ?? 0),
    spend7d: Number(row.spend ?? 0),
    lastCallAt: row.last_call_at ? new Date(row.last_call_at as string | Date) : null,
    createdAt: new Date(row.created_at as string | Date),
  }));
}

export function listAgents(db: Db, scope: AgentScope, now: Date): Promise<AgentRow[]> {
  return selectAgents(db, scopeCondition(scope), now);
}

export async function findAgent(
  db: Db,
  scope: AgentScope,
  assistantId: string,
  now: Date,
): Promise<AgentRow | undefined> {
  const [row] = await selectAgents(
    db,
    sql`${scopeCondition(scope)} and a.platform_assistant_id = ${assistantId}`,
    now,
  );
  return row;
}

/** The agent's business zone without its figures, for analytics. */
export async function findAgentZone(
  db: Db,
  scope: AgentScope,
  assistantId: string,
): Promise<{ timeZone: string } | undefined> {
  const [row] = await executeRows<{ time_zone: string }>(
    db,
    sql`select coalesce(b.timezone, 'UTC') as time_zone
        from agents a left join businesses b on b.id = a.business_id
        where a.removed_at is null and a.platform_assistant_id = ${assistantId}
          and ${scopeCondition(scope)}`,
  );
  return row ? { timeZone: row.time_zone } : undefined;
}

/** Records an assistant just created on the platform as the business's agent. */
export async function insertAgent(
  db: Db,
  values: { platformAssistantId: string; businessId: string | null; name: string },
): Promise<void> {
  await db
    .insert(agents)
    .values(values)
    .onConflictDoUpdate({
      // A sync may have seen the new assistant first (unassigned): the creator's business wins.
      target: agents.platformAssistantId,
      set: {
        businessId: values.businessId,
        name: values.name,
        removedAt: null,
        updatedAt: new Date(),
      },
    });
}

export async function updateAgentName(db: Db, assistantId: string, name: string): Promise<void> {
  await db
    .update(agents)
    .set({ name, updatedAt: new Date() })
    .where(eq(agents.platformAssistantId, assistantId));
}

/** The assistant is gone from the platform; its calls stay in the store. */
export async function markAgentRemoved(db: Db, assistantId: string): Promise<void> {
  const now = new Date();
  await db
    .update(agents)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(agents.platformAssistantId, assistantId), isNull(agents.removedAt)));
}

/** An authenticated webhook about this assistant arrived now (agent health). */
export async function recordWebhookArrival(db: Db, assistantId: string, at: Date): Promise<void> {
  await db
    .update(agents)
    .set({ lastWebhookAt: at })
    .where(eq(agents.platformAssistantId, assistantId));
}

/** When an authenticated webhook about this assistant last arrived; null = never. */
export async function findLastWebhookAt(db: Db, assistantId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: agents.lastWebhookAt })
    .from(agents)
    .where(eq(agents.platformAssistantId, assistantId));
  return row?.at ?? null;
}
