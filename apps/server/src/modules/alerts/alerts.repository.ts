import { and, desc, eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { agents, alertEvents, alertRules, businesses } from '../../db/schema';
import { countedCall } from '../../db/call-figures';

/**
 * Alerts' rows and the figures their conditions read. Every figure comes from the hourly rollups
 * (decision 028) or from a bounded range of an index of `calls` (the last N calls of an agent,
 * its calls of the last few hours), never from a scan of a business's calls.
 */

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertAudience = 'owners' | 'operator';

export async function listRules(db: Db, businessId: string, audience: AlertAudience) {
  return db
    .select({ rule: alertRules, agentName: agents.name })
    .from(alertRules)
    .leftJoin(agents, eq(agents.platformAssistantId, alertRules.agentId))
    .where(and(eq(alertRules.businessId, businessId), eq(alertRules.audience, audience)))
    .orderBy(alertRules.createdAt, alertRules.id);
}

/** The rule `id`, when it is the business's and for `audience`. */
const ruleOf = (businessId: string, audience: AlertAudience, id: string) =>
  and(
    eq(alertRules.id, id),
    eq(alertRules.businessId, businessId),
    eq(alertRules.audience, audience),
  );

export async function findRule(db: Db, businessId: string, audience: AlertAudience, id: string) {
  const [row] = await db
    .select({ rule: alertRules, agentName: agents.name })
    .from(alertRules)
    .leftJoin(agents, eq(agents.platformAssistantId, alertRules.agentId))
    .where(ruleOf(businessId, audience, id));
  return row;
}

export async function insertRule(db: Db, values: typeof alertRules.$inferInsert) {
  const [row] = await db.insert(alertRules).values(values).returning();
  if (!row) throw new Error('the alert was not stored');
  return row;
}

export async function setRuleEnabled(
  db: Db,
  businessId: string,
  audience: AlertAudience,
  id: string,
  enabled: boolean,
) {
  // Switched off, a firing rule forgets its state: switched on again, it fires afresh if still true.
  const [row] = await db
    .update(alertRules)
    .set({ enabled, updatedAt: new Date(), ...(enabled ? {} : { state: 'ok', stateSince: null }) })
    .where(ruleOf(businessId, audience, id))
    .returning({ id: alertRules.id });
  return row;
}

export async function deleteRule(db: Db, businessId: string, audience: AlertAudience, id: string) {
  const rows = await db
    .delete(alertRules)
    .where(ruleOf(businessId, audience, id))
    .returning({ id: alertRules.id });
  return rows.length > 0;
}

export async function listEvents(db: Db, businessId: string, audience: AlertAudience, limit = 50) {
  return db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.businessId, businessId), eq(alertEvents.audience, audience)))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
    .limit(limit);
}

/** The agent, if the business owns it (its name for the rule's words). */
export async function findBusinessAgent(db: Db, businessId: string, agentId: string) {
  const [row] = await db
    .select({ id: agents.platformAssistantId, name: agents.name })
    .from(agents)
    .where(and(eq(agents.platformAssistantId, agentId), eq(agents.businessId, businessId)));
  return row;
}

/** Every enabled rule with its business's name and zone: one evaluation round's work. */
export async function listEnabledRules(db: Db) {
  return db
    .select({
      rule: alertRules,
      businessName: businesses.name,
      timeZone: businesses.timezone,
      agentName: agents.name,
    })
    .from(alertRules)
    .innerJoin(businesses, eq(businesses.id, alertRules.businessId))
    .leftJoin(agents, eq(agents.platformAssistantId, alertRules.agentId))
    .where(eq(alertRules.enabled, true))
    .orderBy(alertRules.createdAt);
}

/** The agents a rule watches: its own (if still the business's), else every agent the business has. */
export async function watchedAgents(
  db: Db,
  businessId: string,
  agentId: string | null,
): Promise<{ id: string; name: string; lastWebhookAt: Date | null }[]> {
  return db
    .select({
      id: agents.platformAssistantId,
      name: agents.name,
      lastWebhookAt: agents.lastWebhookAt,
    })
    .from(agents)
    .where(
      and(
        eq(agents.businessId, businessId),
        sql`${agents.removedAt} is null`,
        agentId === null ? undefined : eq(agents.platformAssistantId, agentId),
      ),
    );
}

const idArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/** Counted, non-test calls and passes among the last `limit` calls of the agents (index, newest first). */
export async function lastCallsOutcome(db: Db, ids: readonly string[], limit: number) {
  if (ids.length === 0) return { calls: 0, passed: 0 };
  const [row] = await executeRows<{ calls: number; passed: number }>(
    db,
    sql`select count(*)::int as calls, (count(*) filter (where t.outcome = 'pass'))::int as passed
        from (select c.outcome from calls c
              where c.assistant_id = any(${idArray(ids)}) and ${countedCall(sql`c`)} and not c.is_test
              order by c.created_at desc limit ${limit}) t`,
  );
  return { calls: Number(row?.calls ?? 0), passed: Number(row?.passed ?? 0) };
}

/**
 * Counted calls, passes and spend of the agents' hourly rollups from the local hour `since`
 * falls in (in the business's zone) onwards: the last N hours at an hour's grain.
 */
export async function rollupSince(db: Db, ids: readonly string[], timeZone: string, since: Date) {
  if (ids.length === 0) return { calls: 0, passed: 0, spend: 0 };
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(r.calls), 0)::int as calls, coalesce(sum(r.passed), 0)::int as passed,
               coalesce(sum(r.spend), 0)::double precision as spend
        from call_rollups r
        where r.assistant_id = any(${idArray(ids)}) and r.time_zone = ${timeZone} and not r.is_test
          and r.day >= (${since.toISOString()}::timestamptz at time zone ${timeZone})::date
          and r.day::timestamp + r.hour * interval '1 hour'
              >= date_trunc('hour', ${since.toISOString()}::timestamptz at time zone ${timeZone})`,
  );
  return {
    calls: Number(row?.calls ?? 0),
    passed: Number(row?.passed ?? 0),
    spend: Number(row?.spend ?? 0),
  };
}

/** Counted calls and spend of the agents on one local day (rollups). */
export async function rollupDay(db: Db, ids: readonly string[], timeZone: string, day: string) {
  if (ids.length === 0) return { calls: 0, spend: 0 };
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(r.calls), 0)::int as calls,
               coalesce(sum(r.spend), 0)::double precision as spend
        from call_rollups r
        where r.assistant_id = any(${idArray(ids)}) and r.time_zone = ${timeZone}
          and r.day = ${day}::date and not r.is_test`,
  );
  return { calls: Number(row?.calls ?? 0), spend: Number(row?.spend ?? 0) };
}

/** The newest real (non-test) call of any of the agents: one index lookup per agent. */
export async function lastCallAt(db: Db, ids: readonly string[]): Promise<Date | null> {
  if (ids.length === 0) return null;
  const [row] = await executeRows<{ at: string | Date | null }>(
    db,
    sql`select max((select max(c.created_at) from calls c
                    where c.assistant_id = a.id and not c.is_test)) as at
        from unnest(${idArray(ids)}) as a(id)`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The agents' calls since an instant by end reason (the call log's index, a bounded range). */
export async function endedReasonsSince(db: Db, ids: readonly string[], since: Date) {
  if (ids.length === 0) return [];
  const rows = await executeRows<{ reason: string | null; calls: number }>(
    db,
    sql`select c.ended_reason as reason, count(*)::int as calls from calls c
        where c.assistant_id = any(${idArray(ids)}) and c.created_at >= ${since.toISOString()}::timestamptz
          and not c.is_test
        group by c.ended_reason`,
  );
  return rows.map((row) => ({ reason: row.reason, calls: Number(row.calls) }));
}

/** Whether the agent has any call created since the instant (one index probe). */
export async function hasCallsSince(db: Db, agentId: string, since: Date): Promise<boolean> {
  const rows = await executeRows<{ one: number }>(
    db,
    sql`select 1 as one from calls c
        where c.assistant_id = ${agentId} and c.created_at >= ${since.toISOString()}::timestamptz
        limit 1`,
  );
  return rows.length > 0;
}

/**
 * The business's running campaigns (of one agent, if given) inside an open calling window and not
 * held by a daily cap, with the numbers still waiting and their last progress.
 */
export async function runningCampaignProgress(
  db: Db,
  businessId: string,
  agentId: string | null,
  now: Date,
) {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.name, c.start_at,
               (select count(*) from campaign_contacts cc
                 where cc.campaign_id = c.id and cc.status in ('pending', 'calling'))::int as waiting,
               (select max(cc.updated_at) from campaign_contacts cc
                 where cc.campaign_id = c.id and cc.status not in ('pending', 'refused')) as last_progress
        from campaigns c
        where c.business_id = ${businessId} and c.status = 'running'
          and c.platform_campaign_id is not null and c.hold_reason is null
          and (c.window_ends_at is null or c.window_ends_at > ${now.toISOString()}::timestamptz)
          ${agentId === null ? sql`` : sql`and c.agent_id = ${agentId}`}`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    startAt: new Date(row.start_at as string),
    waiting: Number(row.waiting),
    lastProgress: row.last_progress ? new Date(row.last_progress as string) : null,
  }));
}
