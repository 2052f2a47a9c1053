import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { agents } from '../../db/schema';
import { countedCall, currentLocalHour } from '../../db/call-figures';

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

/** The agent's business's zone, as the rollups keep it (UTC without one). */
const AGENT_ZONE = sql`coalesce(b.timezone, 'UTC')`;

/**
 * The agent's last 7 days (`f`: calls, passed, spend) as a lateral over `agents a` and
 * `businesses b`: today and the 6 days before in the business's zone, up to `now`, counted
 * calls only, test calls left out (as in the analytics' default).
 *
 * From the rollups (decision 028, 072): the whole local hours before the current one from
 * call_rollups (at most 24 rows a day, through its primary key), the current hour from the
 * agent's calls (calls_assistant_analytics_idx) — the same whatever the number of calls.
 */
function lastWeekFromRollups(now: Date): SQL {
  const { localHour, tailFrom } = currentLocalHour(now, AGENT_ZONE);
  const since = sql`((${now.toISOString()}::timestamptz at time zone ${AGENT_ZONE})::date - 6)`;
  return sql`left join lateral (
        select coalesce(sum(x.calls), 0)::int as calls, coalesce(sum(x.passed), 0)::int as passed,
               coalesce(sum(x.spend), 0)::double precision as spend
        from (
          select r.calls, r.passed, r.spend from call_rollups r
          where r.assistant_id = a.platform_assistant_id and r.time_zone = ${AGENT_ZONE}
            and not r.is_test and r.day >= ${since}
            and r.day + make_interval(hours => r.hour::int) < ${localHour}
          union all
          select 1, case when c.outcome = 'pass' then 1 else 0 end, c.cost::numeric from calls c
          where c.assistant_id = a.platform_assistant_id
            and c.created_at >= ${tailFrom}
            and c.created_at <= ${now.toISOString()}::timestamptz
            and c.created_at at time zone ${AGENT_ZONE} >= ${localHour}
            and ${countedCall(sql`c`)}
            and not c.is_test
        ) x
      ) f on true`;
}

/**
 * lastWeekFromRollups counted from the agent's calls: what the list answered before the
 * rollups, kept as the recount the rollups must equal (agents.int.test.ts).
 */
function lastWeekFromCalls(now: Date): SQL {
  return sql`cross join lateral (
        select (((${now.toISOString()}::timestamptz at time zone ${AGENT_ZONE})::date - 6)::timestamp
                 at time zone ${AGENT_ZONE}) as since
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
      ) f on true`;
}

/**
 * Agents with their last 7 days (today and the 6 days before, in their business's zone; test
 * calls left out, as in the analytics' default) and their latest call.
 */
async function selectAgents(
  db: Db,
  where: SQL,
  now: Date,
  figures: 'rollups' | 'calls' = 'rollups',
): Promise<AgentRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
      select a.platform_assistant_id as id, a.name, a.phone_number, a.business_id, a.live_listening,
             b.name as business_name, ${AGENT_ZONE} as time_zone, a.created_at,
             f.calls, f.passed, f.spend, l.last_call_at
      from agents a
      left join businesses b on b.id = a.business_id
      ${figures === 'rollups' ? lastWeekFromRollups(now) : lastWeekFromCalls(now)}
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

/** listAgents with the figures counted from the calls (the recount the rollups must equal). */
export function listAgentsFromCalls(db: Db, scope: AgentScope, now: Date): Promise<AgentRow[]> {
  return selectAgents(db, scopeCondition(scope), now, 'calls');
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

/**
 * Authenticated webhooks arrived now about the assistants `rows` names (a relation with a text
 * column `arrival`; null names none), for a statement's CTE (agent health): each agent's
 * assistant id and business, once.
 */
export function webhookArrivalSql(rows: string): string {
  return `update agents set last_webhook_at = now()
    where platform_assistant_id in (select arrival from ${rows} where arrival is not null)
    returning platform_assistant_id, business_id`;
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
