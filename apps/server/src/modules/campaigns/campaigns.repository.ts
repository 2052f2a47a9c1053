import { and, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_CONTACT_STATUSES,
  campaignAttemptStatusOf,
  zonedDay,
  retryOutcomesOfMask,
  type CampaignAudience,
  type CampaignContactStatus,
  type CampaignCounts,
} from '@switchboard/shared/campaigns';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { executeRows, type Db } from '../../db/client';
import {
  agents,
  appointments,
  calls,
  campaignAttempts,
  campaignContacts,
  campaigns,
  contactImports,
  contacts,
  enquiries,
} from '../../db/schema';
import type { DialRefusal } from '@switchboard/shared/dialing';
import type { CallRecord } from '../../platform/call-record';
import { searchSql, type ContactSearch } from '../contacts/contacts.repository';
import { raiseCampaignFinished } from '../notifications/events';
import { releaseCalls } from '../dialing/dialing.repository';
import { currentAgentsOf } from '../../db/current-agents';
import { pageOf } from '../../db/page-of';

// Campaigns and their contacts. Every query a member's request makes is scoped by business;
// the call feed (applyCampaignCalls) is scoped by the platform campaign id the call carries.

export type CampaignRow = typeof campaigns.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCampaignId = (id: string) => UUID.test(id);

/** The contacts an audience names, as a WHERE clause over `contacts` (business included). */
function audienceSql(
  businessId: string,
  audience: CampaignAudience,
  search: ContactSearch | undefined,
): SQL {
  const business = eq(contacts.businessId, businessId);
  if (audience.kind === 'import') return and(business, eq(contacts.importId, audience.importId))!;
  if (audience.kind === 'search') return and(business, searchSql(search))!;
  return business;
}

function callableSql(
  businessId: string,
  audience: CampaignAudience,
  search: ContactSearch | undefined,
): SQL {
  return and(
    audienceSql(businessId, audience, search),
    isNotNull(contacts.phone),
    eq(contacts.doNotCall, false),
  )!;
}

/** The audience's callable numbers (one per contact: contacts are unique per number). */
export async function listAudienceCustomers(
  db: Db,
  businessId: string,
  audience: CampaignAudience,
  search: ContactSearch | undefined,
): Promise<{ phone: string; name: string }[]> {
  const rows = await db
    .select({ phone: contacts.phone, name: contacts.name })
    .from(contacts)
    .where(callableSql(businessId, audience, search))
    .orderBy(contacts.phone);
  return rows.map((row) => ({ phone: row.phone!, name: row.name }));
}

/** How many of the audience can be called, and why the others cannot. */
export async function countAudience(
  db: Db,
  businessId: string,
  audience: CampaignAudience,
  search: ContactSearch | undefined,
): Promise<{ callable: number; doNotCall: number; noPhone: number }> {
  const [row] = await db
    .select({
      callable: sql<number>`count(*) filter (where ${contacts.phone} is not null and not ${contacts.doNotCall})`,
      doNotCall: sql<number>`count(*) filter (where ${contacts.phone} is not null and ${contacts.doNotCall})`,
      noPhone: sql<number>`count(*) filter (where ${contacts.phone} is null)`,
    })
    .from(contacts)
    .where(audienceSql(businessId, audience, search));
  return {
    callable: Number(row?.callable ?? 0),
    doNotCall: Number(row?.doNotCall ?? 0),
    noPhone: Number(row?.noPhone ?? 0),
  };
}

export async function importBelongsTo(
  db: Db,
  businessId: string,
  importId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contactImports.id })
    .from(contactImports)
    .where(and(eq(contactImports.businessId, businessId), eq(contactImports.id, importId)));
  return row !== undefined;
}

export async function insertCampaign(
  db: Db,
  values: typeof campaigns.$inferInsert,
): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('insert into campaigns returned no row');
  return row;
}

/**
 * Copies the audience's callable contacts into the campaign in one statement (no round trip
 * per contact): do-not-call and phoneless contacts are left out, and a number already in the
 * campaign is not added again. A number the calling rules refuse is kept as `refused` with the
 * reason; the numbers handed to the platform campaign carry its id. Answers how many rows were
 * added.
 */
export async function insertAudience(
  db: Db,
  campaignId: string,
  businessId: string,
  audience: CampaignAudience,
  search: ContactSearch | undefined,
  given: {
    platformCampaignId?: string | null;
    /** The numbers handed to `platformCampaignId` (all the others stay pending without one). */
    handed?: readonly string[];
    refused?: ReadonlyMap<string, DialRefusal>;
  } = {},
): Promise<number> {
  const refused = JSON.stringify(Object.fromEntries(given.refused ?? []));
  const handed = JSON.stringify(given.handed ?? []);
  const rows = await executeRows<{ n: number }>(
    db,
    sql`with added as (
      insert into campaign_contacts
        (campaign_id, contact_id, name, phone, platform_campaign_id, status, reason, variables)
      select ${campaignId}::uuid, ${contacts.id}, ${contacts.name}, ${contacts.phone},
        case when ${handed}::jsonb ? ${contacts.phone} then ${given.platformCampaignId ?? null} end,
        case when ${refused}::jsonb ? ${contacts.phone} then 'refused' else 'pending' end,
        ${refused}::jsonb ->> ${contacts.phone},
        ${contactVariablesSql}
      from ${contacts} where ${callableSql(businessId, audience, search)}
      on conflict (campaign_id, phone) do nothing
      returning 1
    ) select count(*)::int as n from added`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A contact's variables for the assistant (decision 065), as one jsonb: the import's extra
 * columns, then its own fields over them (name, first and last name, phone, email, company);
 * blank values are left out, so a contact without one "misses" it.
 */
const contactVariablesSql = sql`coalesce(${contacts.fields}, '{}'::jsonb) || jsonb_strip_nulls(
  jsonb_build_object(
    'name', nullif(btrim(${contacts.name}), ''),
    'first_name', nullif(split_part(btrim(${contacts.name}), ' ', 1), ''),
    'last_name', nullif(regexp_replace(btrim(${contacts.name}), '^\\S+\\s*', ''), ''),
    'phone', ${contacts.phone},
    'email', ${contacts.email},
    'company', nullif(btrim(coalesce(${contacts.company}, '')), '')))`;

export type PendingCustomer = { phone: string; name: string; variables: Record<string, string> };

/**
 * The numbers still to call, for the next platform campaign: a retry only once its gap has
 * passed (`at`).
 */
export async function listPendingCustomers(
  db: Db,
  campaignId: string,
  at: Date = new Date(),
): Promise<PendingCustomer[]> {
  const rows = await db
    .select(CUSTOMER_COLUMNS)
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        sql`(${campaignContacts.nextAttemptAt} is null or ${campaignContacts.nextAttemptAt} <= ${at.toISOString()})`,
      ),
    )
    .orderBy(campaignContacts.id);
  return rows.map(toCustomer);
}

/** What a platform campaign's customer is made from. */
const CUSTOMER_COLUMNS = {
  phone: campaignContacts.phone,
  name: campaignContacts.name,
  variables: campaignContacts.variables,
};

const toCustomer = (row: { phone: string; name: string; variables: unknown }) => ({
  ...row,
  variables: asVariables(row.variables),
});

/**
 * A contact whose retry is due (decision 065): pending, called before (or refused by the busy
 * platform account, decision 070), not yet given to a platform campaign, its gap passed.
 */
function dueRetry(at: Date) {
  return and(
    eq(campaignContacts.status, 'pending'),
    sql`(${campaignContacts.attempts} > 0 or ${campaignContacts.nextAttemptAt} is not null)`,
    isNull(campaignContacts.platformCampaignId),
    sql`${campaignContacts.nextAttemptAt} <= ${at.toISOString()}`,
  );
}

function asVariables(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      typeof v === 'string'
        ? v === ''
          ? []
          : [[key, v]]
        : typeof v === 'number' || typeof v === 'boolean'
          ? [[key, String(v)]]
          : [],
    ),
  );
}

/** This instance's campaigns (the ones its lease keeps) that meet every condition, `limit` at most. */
function listKept(
  db: Db,
  owner: string,
  limit: number,
  ...conditions: SQL[]
): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(and(...conditions, eq(campaigns.leaseOwner, owner)))
    .limit(limit);
}

/**
 * Retries whose gap has passed and that no platform campaign has yet (decision 065), of this
 * instance's running campaigns without a daily-cap hold.
 */
export async function listDueRetryCampaigns(
  db: Db,
  owner: string,
  at: Date,
  limit: number,
): Promise<CampaignRow[]> {
  return listKept(
    db,
    owner,
    limit,
    eq(campaigns.status, 'running'),
    isNull(campaigns.holdReason),
    sql`exists (select 1 from ${campaignContacts}
      where ${campaignContacts.campaignId} = ${campaigns.id} and ${dueRetry(at)})`,
  );
}

/** A campaign's due retries: pending, called before, gap passed, not given to the platform. */
export async function listDueRetries(
  db: Db,
  campaignId: string,
  at: Date,
): Promise<PendingCustomer[]> {
  const rows = await db
    .select(CUSTOMER_COLUMNS)
    .from(campaignContacts)
    .where(and(eq(campaignContacts.campaignId, campaignId), dueRetry(at)))
    .orderBy(campaignContacts.nextAttemptAt, campaignContacts.id);
  return rows.map(toCustomer);
}

/**
 * Of these numbers, the ones a call of the business is ringing or speaking to right now (a
 * row `calling` in any of its campaigns): not dialled again until that call ends.
 */
export async function listCallingNow(
  db: Db,
  businessId: string,
  phones: readonly string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await executeRows<{ phone: string }>(
    db,
    sql`select distinct cc.phone from campaigns c
      join campaign_contacts cc on cc.campaign_id = c.id and cc.status = 'calling'
      where c.business_id = ${businessId}
        and cc.phone in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.phone));
}

/**
 * The platform campaigns a campaign's retries went to that may still dial its pending
 * numbers (all but the window's own): pause and cancel stop them too.
 */
export async function listRetryPlatformCampaigns(
  db: Db,
  campaignId: string,
  main: string | null,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: campaignContacts.platformCampaignId })
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        // Called before, or refused by the busy platform account (decision 070).
        sql`(${campaignContacts.attempts} > 0 or ${campaignContacts.nextAttemptAt} is not null)`,
        isNotNull(campaignContacts.platformCampaignId),
        main ? sql`${campaignContacts.platformCampaignId} <> ${main}` : undefined,
      ),
    );
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * Pending numbers given to a stopped platform campaign: free to be given again. Answers how
 * many (the calls that platform campaign never placed).
 */
export async function unassignPending(
  db: Db,
  campaignId: string,
  platformCampaignIds: readonly string[],
): Promise<number> {
  if (platformCampaignIds.length === 0) return 0;
  const freed = await db
    .update(campaignContacts)
    .set({ platformCampaignId: null })
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        inArray(campaignContacts.platformCampaignId, [...platformCampaignIds]),
      ),
    )
    .returning({ id: campaignContacts.id });
  return freed.length;
}

/** Hands pending numbers to a platform campaign (calls carrying its id update them). */
export async function assignPending(
  db: Db,
  campaignId: string,
  platformCampaignId: string,
  phones: readonly string[],
): Promise<void> {
  await db
    .update(campaignContacts)
    .set({ platformCampaignId, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        sql`${campaignContacts.phone} in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
      ),
    );
}

/** Pending numbers the calling rules now refuse: never handed to the platform. */
export async function refusePending(
  db: Db,
  campaignId: string,
  refused: ReadonlyMap<string, DialRefusal | 'in_other_campaign'>,
): Promise<void> {
  if (refused.size === 0) return;
  const reasons = JSON.stringify(Object.fromEntries(refused));
  await db
    .update(campaignContacts)
    .set({
      status: 'refused',
      reason: sql`${reasons}::jsonb ->> ${campaignContacts.phone}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        sql`${reasons}::jsonb ? ${campaignContacts.phone}`,
      ),
    );
}

/** The rows still calling, with their call (what a takeover asks the platform about). */
export async function listCallingContacts(
  db: Db,
  campaignId: string,
): Promise<{ id: string; callId: string | null }[]> {
  return db
    .select({ id: campaignContacts.id, callId: campaignContacts.callId })
    .from(campaignContacts)
    .where(
      and(eq(campaignContacts.campaignId, campaignId), eq(campaignContacts.status, 'calling')),
    );
}

/**
 * A row whose call the platform does not know (it went with the instance and sandbox that
 * placed it): failed, with the reason, and never given to the platform again.
 */
export async function markCallLost(db: Db, rowId: string): Promise<void> {
  await db
    .update(campaignContacts)
    .set({ status: 'failed', reason: 'call_lost', updatedAt: sql`now()` })
    .where(and(eq(campaignContacts.id, rowId), eq(campaignContacts.status, 'calling')));
}

/** Of these call ids, the ones whose row already has its outcome (no need to fetch them). */
export async function settledCallIds(
  db: Db,
  campaignId: string,
  callIds: readonly string[],
): Promise<Set<string>> {
  if (callIds.length === 0) return new Set();
  const wanted = sql`(select jsonb_array_elements_text(${JSON.stringify(callIds)}::jsonb))`;
  // A retried number's earlier calls are ended attempts; rows made before attempts were kept
  // have only their own call.
  const rows = await executeRows<{ call_id: string }>(
    db,
    sql`select call_id from campaign_attempts
        where campaign_id = ${campaignId} and status <> 'calling' and call_id in ${wanted}
      union
      select call_id from campaign_contacts
        where campaign_id = ${campaignId} and status not in ('pending', 'calling')
          and call_id in ${wanted}`,
  );
  return new Set(rows.map((row) => row.call_id));
}

export async function updateCampaign(
  db: Db,
  id: string,
  values: PgUpdateSetSource<typeof campaigns>,
  onlyWhen?: SQL,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), onlyWhen))
    .returning();
  return row;
}

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

export async function findCampaign(
  db: Db,
  businessId: string,
  id: string,
): Promise<CampaignRow | undefined> {
  if (!isCampaignId(id)) return undefined;
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.id, id)));
  return row;
}

export async function listCampaigns(
  db: Db,
  businessId: string,
  limit: number,
): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.businessId, businessId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
}

const emptyCounts = (): CampaignCounts => ({
  total: 0,
  pending: 0,
  calling: 0,
  answered: 0,
  voicemail: 0,
  no_answer: 0,
  busy: 0,
  failed: 0,
  refused: 0,
  appointments: 0,
  enquiries: 0,
});

/** Per campaign: contacts by status, and the appointments and enquiries their calls made. */
export async function countCampaigns(
  db: Db,
  campaignIds: string[],
): Promise<Map<string, CampaignCounts>> {
  const result = new Map<string, CampaignCounts>(campaignIds.map((id) => [id, emptyCounts()]));
  if (campaignIds.length === 0) return result;
  const ids = sql.join(
    campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [byStatus, made] = await Promise.all([
    db
      .select({
        campaignId: campaignContacts.campaignId,
        status: campaignContacts.status,
        n: sql<number>`count(*)::int`,
      })
      .from(campaignContacts)
      .where(inArray(campaignContacts.campaignId, campaignIds))
      .groupBy(campaignContacts.campaignId, campaignContacts.status),
    executeRows<{ campaign_id: string; kind: string; n: number }>(
      db,
      sql`select cc.campaign_id, 'appointments' as kind, count(*)::int as n
          from ${appointments} a join ${campaignContacts} cc on cc.call_id = a.call_id
          where cc.campaign_id in (${ids}) group by cc.campaign_id
        union all
        select cc.campaign_id, 'enquiries' as kind, count(*)::int as n
          from ${enquiries} e join ${campaignContacts} cc on cc.call_id = e.call_id
          where cc.campaign_id in (${ids}) group by cc.campaign_id`,
    ),
  ]);
  for (const row of byStatus) {
    const counts = result.get(row.campaignId);
    if (!counts) continue;
    const n = Number(row.n);
    counts.total += n;
    if ((CAMPAIGN_CONTACT_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as CampaignContactStatus] += n;
    }
  }
  for (const row of made) {
    const counts = result.get(row.campaign_id);
    if (!counts) continue;
    if (row.kind === 'appointments') counts.appointments = Number(row.n);
    else counts.enquiries = Number(row.n);
  }
  return result;
}

/** One page of a campaign's contacts with each one's call, agent and what the call produced. */
export async function listCampaignContacts(
  db: Db,
  campaignId: string,
  options: { status?: CampaignContactStatus; limit: number; offset: number },
) {
  const where = and(
    eq(campaignContacts.campaignId, campaignId),
    options.status ? eq(campaignContacts.status, options.status) : undefined,
  );
  return pageOf(
    db
      .select({
        id: campaignContacts.id,
        contactId: campaignContacts.contactId,
        name: campaignContacts.name,
        phone: campaignContacts.phone,
        status: campaignContacts.status,
        callId: campaignContacts.callId,
        endedReason: campaignContacts.endedReason,
        reason: campaignContacts.reason,
        attempts: campaignContacts.attempts,
        nextAttemptAt: campaignContacts.nextAttemptAt,
        updatedAt: campaignContacts.updatedAt,
        agentId: calls.assistantId,
        appointments: sql<number>`(select count(*)::int from ${appointments} a where a.call_id = ${campaignContacts.callId})`,
        enquiries: sql<number>`(select count(*)::int from ${enquiries} e where e.call_id = ${campaignContacts.callId})`,
      })
      .from(campaignContacts)
      .leftJoin(calls, eq(calls.id, campaignContacts.callId))
      .where(where)
      .orderBy(campaignContacts.status, campaignContacts.id)
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignContacts)
      .where(where),
  );
}

/** Every call placed to these rows, first to last. */
export async function listAttemptsOf(db: Db, rowIds: readonly string[]) {
  if (rowIds.length === 0) return [];
  return db
    .select({
      campaignContactId: campaignAttempts.campaignContactId,
      attempt: campaignAttempts.attempt,
      status: campaignAttempts.status,
      endedReason: campaignAttempts.endedReason,
      callId: campaignAttempts.callId,
      at: campaignAttempts.createdAt,
    })
    .from(campaignAttempts)
    .where(inArray(campaignAttempts.campaignContactId, [...rowIds]))
    .orderBy(campaignAttempts.campaignContactId, campaignAttempts.attempt);
}

/** A campaign's calls, every attempt, with the call's length and cost (the results' CSV). */
export async function listCampaignAttempts(db: Db, campaignId: string) {
  return db
    .select({
      name: campaignContacts.name,
      phone: campaignContacts.phone,
      attempt: campaignAttempts.attempt,
      status: campaignAttempts.status,
      endedReason: campaignAttempts.endedReason,
      at: campaignAttempts.createdAt,
      endedAt: campaignAttempts.endedAt,
      durationSeconds: calls.durationSeconds,
      cost: calls.cost,
      appointments: sql<number>`(select count(*)::int from ${appointments} a where a.call_id = ${campaignAttempts.callId})`,
      enquiries: sql<number>`(select count(*)::int from ${enquiries} e where e.call_id = ${campaignAttempts.callId})`,
    })
    .from(campaignAttempts)
    .innerJoin(campaignContacts, eq(campaignContacts.id, campaignAttempts.campaignContactId))
    .leftJoin(calls, eq(calls.id, campaignAttempts.callId))
    .where(eq(campaignAttempts.campaignId, campaignId))
    .orderBy(campaignContacts.id, campaignAttempts.attempt);
}

/** What a campaign's calls came to: calls, their cost, and calls per hour in a zone. */
export async function campaignCallTotals(db: Db, campaignId: string, timeZone: string) {
  const [totals] = await executeRows<{ calls: number; retries: number; cost: number | null }>(
    db,
    sql`select count(*)::int as calls, count(*) filter (where ca.attempt > 1)::int as retries,
        sum(c.cost)::float8 as cost
      from ${campaignAttempts} ca left join ${calls} c on c.id = ca.call_id
      where ca.campaign_id = ${campaignId} and ca.status <> 'platform_busy'`,
  );
  const hours = await executeRows<{ hour: string; calls: number }>(
    db,
    sql`select to_char(date_trunc('hour', ca.created_at at time zone ${timeZone}),
          'YYYY-MM-DD"T"HH24:00:00') as hour, count(*)::int as calls
      from ${campaignAttempts} ca where ca.campaign_id = ${campaignId}
        and ca.status <> 'platform_busy'
      group by 1 order by 1`,
  );
  return {
    calls: Number(totals?.calls ?? 0),
    retries: Number(totals?.retries ?? 0),
    cost: Number(totals?.cost ?? 0),
    hours: hours.map((row) => ({ hour: row.hour, calls: Number(row.calls) })),
  };
}

/** The business's agent (by platform assistant id), or undefined. */
export async function findBusinessAgent(db: Db, businessId: string, assistantId: string) {
  const [row] = await db
    .select({ id: agents.platformAssistantId, name: agents.name })
    .from(agents)
    .where(currentAgentsOf(businessId, assistantId));
  return row;
}

export async function listBusinessAgents(db: Db, businessId: string) {
  return db
    .select({ id: agents.platformAssistantId, name: agents.name })
    .from(agents)
    .where(currentAgentsOf(businessId))
    .orderBy(agents.name);
}

export async function listBusinessImports(db: Db, businessId: string) {
  return db
    .select({
      id: contactImports.id,
      fileName: contactImports.fileName,
      createdAt: contactImports.createdAt,
      createdCount: contactImports.createdCount,
      updatedCount: contactImports.updatedCount,
    })
    .from(contactImports)
    .where(and(eq(contactImports.businessId, businessId), eq(contactImports.status, 'completed')))
    .orderBy(desc(contactImports.createdAt))
    .limit(50);
}

/**
 * The call feed: a call that carries a platform campaign id and a customer number is one
 * attempt of that number's row (queued/ringing/in progress → calling; ended → answered,
 * voicemail, no answer, busy or failed). Each call is kept in campaign_attempts; the row takes
 * the outcome of its current call, or goes back to pending for a retry when the campaign
 * calls that outcome again and the number has calls left (decision 065). Only the newest copy
 * of a call reaches here (upsertCalls' rule), so a late webhook never moves a row back. Then
 * each touched campaign becomes running, or completed when no number is left to call.
 */
/** How long a number the busy platform account refused waits before it is given out again. */
const PLATFORM_BUSY_WAIT_MINUTES = 1;

export async function applyCampaignCalls(db: Db, records: CallRecord[]): Promise<void> {
  const touched = new Set<string>();
  for (const record of records) {
    const platformCampaignId = campaignIdOf(record.payload);
    if (!platformCampaignId || !record.customerNumber) continue;
    // A call the platform refused at the account's concurrency limit is kept as a call of its
    // own (platform_busy) but is not an attempt: the number is called again shortly.
    const attemptStatus = campaignAttemptStatusOf(record.status, record.endedReason);
    const platformBusy = attemptStatus === 'platform_busy';
    const status = attemptStatus === 'platform_busy' ? 'failed' : attemptStatus;
    const ended = status !== 'calling';
    const attemptValues = {
      status: attemptStatus,
      endedReason: record.endedReason ?? null,
      endedAt: ended ? sql`coalesce(${campaignAttempts.endedAt}, now())` : null,
    };
    let [attempt] = await db
      .update(campaignAttempts)
      .set(attemptValues)
      .where(eq(campaignAttempts.callId, record.id))
      .returning({ rowId: campaignAttempts.campaignContactId });
    if (!attempt) {
      // A new call: the number's row given to that platform campaign, free for a call.
      const [row] = await db
        .select({
          id: campaignContacts.id,
          campaignId: campaignContacts.campaignId,
          attempts: campaignContacts.attempts,
        })
        .from(campaignContacts)
        .where(
          and(
            eq(campaignContacts.platformCampaignId, platformCampaignId),
            eq(campaignContacts.phone, record.customerNumber),
            sql`(${campaignContacts.callId} is null or ${campaignContacts.callId} = ${record.id})`,
          ),
        );
      if (!row) continue;
      const [taken] = await db
        .update(campaignContacts)
        // Calling until the statement below gives it the call's outcome (or a retry).
        .set({
          callId: record.id,
          attempts: sql`${campaignContacts.attempts} + 1`,
          status: 'calling',
        })
        .where(and(eq(campaignContacts.id, row.id), isNull(campaignContacts.callId)))
        .returning({ attempts: campaignContacts.attempts });
      if (taken) {
        await db
          .insert(campaignAttempts)
          .values({
            campaignId: row.campaignId,
            campaignContactId: row.id,
            attempt: taken.attempts,
            callId: record.id,
            platformCampaignId,
            status: attemptStatus,
            endedReason: record.endedReason ?? null,
            endedAt: ended ? new Date() : null,
          })
          .onConflictDoNothing();
      }
      attempt = { rowId: row.id };
    }
    // The row follows its current call only: a retry's row has moved on to the next one.
    const [row] = await db
      .select({
        id: campaignContacts.id,
        campaignId: campaignContacts.campaignId,
        attempts: campaignContacts.attempts,
        retryOn: campaigns.retryOn,
        maxAttempts: campaigns.maxAttempts,
        gapMinutes: campaigns.retryGapMinutes,
        campaignStatus: campaigns.status,
        businessId: campaigns.businessId,
        timeZone: campaigns.timeZone,
      })
      .from(campaignContacts)
      .innerJoin(campaigns, eq(campaigns.id, campaignContacts.campaignId))
      .where(and(eq(campaignContacts.id, attempt.rowId), eq(campaignContacts.callId, record.id)));
    if (!row) continue;
    const retry =
      ended &&
      (retryOutcomesOfMask(row.retryOn) as string[]).includes(status) &&
      row.attempts < row.maxAttempts &&
      ['scheduled', 'running', 'paused'].includes(row.campaignStatus);
    if (platformBusy) {
      const back = await db
        .update(campaignContacts)
        .set({
          // Not a call placed: the count goes back, and the number waits for a free line.
          status: 'pending',
          callId: null,
          platformCampaignId: null,
          attempts: sql`greatest(${campaignContacts.attempts} - 1, 0)`,
          endedReason: record.endedReason ?? null,
          nextAttemptAt: sql`now() + make_interval(mins => ${PLATFORM_BUSY_WAIT_MINUTES})`,
          reason: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(campaignContacts.id, row.id), eq(campaignContacts.callId, record.id)))
        .returning({ campaignId: campaignContacts.campaignId });
      // Nor does it take one of the day's calls.
      if (back.length > 0)
        await releaseCalls(db, row.businessId, zonedDay(new Date(), row.timeZone).day, 1);
      for (const done of back) touched.add(done.campaignId);
      continue;
    }
    const updated = await db
      .update(campaignContacts)
      .set(
        retry
          ? {
              // Called again once the gap has passed, by a new platform campaign.
              status: 'pending',
              callId: null,
              platformCampaignId: null,
              endedReason: record.endedReason ?? null,
              nextAttemptAt: sql`now() + make_interval(mins => ${row.gapMinutes})`,
              reason: null,
              updatedAt: sql`now()`,
            }
          : {
              status,
              endedReason: record.endedReason ?? null,
              nextAttemptAt: null,
              // A call the platform turns out to know after all is no longer lost.
              reason: null,
              updatedAt: sql`now()`,
            },
      )
      .where(and(eq(campaignContacts.id, row.id), eq(campaignContacts.callId, record.id)))
      .returning({ campaignId: campaignContacts.campaignId });
    for (const done of updated) touched.add(done.campaignId);
  }
  for (const campaignId of touched) await settleCampaign(db, campaignId);
}

/** A campaign with calls under way is running; with none left to call or in progress, done. */
export async function settleCampaign(db: Db, campaignId: string): Promise<void> {
  const settled = await executeRows<{
    id: string;
    business_id: string;
    name: string;
    status: string;
  }>(
    db,
    sql`update campaigns set
      status = case
        when not exists (select 1 from campaign_contacts cc
          where cc.campaign_id = campaigns.id and cc.status in ('pending', 'calling'))
          then 'completed'
        when status = 'scheduled' then 'running'
        else status end,
      platform_campaign_id = case
        when not exists (select 1 from campaign_contacts cc
          where cc.campaign_id = campaigns.id and cc.status in ('pending', 'calling'))
          then null else platform_campaign_id end,
      updated_at = now()
    where id = ${campaignId} and status in ('scheduled', 'running')
    returning id, business_id, name, status`,
  );
  // Only a campaign that was scheduled or running is updated: completed now means it just ended.
  const done = settled.find((row) => row.status === 'completed');
  if (done) {
    await raiseCampaignFinished(db, { businessId: done.business_id, id: done.id, name: done.name });
  }
}

function campaignIdOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as { campaignId?: unknown }).campaignId;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * This instance's running campaigns whose calling window has closed (the window job's work
 * list). One nobody holds is taken over, and reconciled, first.
 */
export async function listClosedWindows(
  db: Db,
  now: Date,
  limit: number,
  owner: string,
): Promise<CampaignRow[]> {
  return listKept(
    db,
    owner,
    limit,
    inArray(campaigns.status, ['scheduled', 'running']),
    sql`${campaigns.windowEndsAt} <= ${now.toISOString()}`,
  );
}

/** The lease's end as the database's clock sees it (every instance shares that clock). */
export const leaseUntil = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * A campaign needs a keeper while it may still place calls (scheduled, running) or has calls
 * in flight (a paused or cancelled one whose last calls have not ended).
 */
const needsKeeper = sql`(${campaigns.status} in ('scheduled', 'running') or exists (
    select 1 from campaign_contacts cc
    where cc.campaign_id = ${campaigns.id} and cc.status = 'calling'))`;

/** Extends this instance's leases; the ones it holds on campaigns with nothing left lapse. */
export async function renewCampaignLeases(db: Db, owner: string, ms: number): Promise<void> {
  await db
    .update(campaigns)
    .set({ leaseExpiresAt: leaseUntil(ms) })
    .where(and(eq(campaigns.leaseOwner, owner), needsKeeper));
}

/**
 * Takes over campaigns whose keeper is gone (its lease ran out, or it never had one): they
 * are claimed with `skip locked` and the lease rechecked in the same statement, so each is
 * claimed by one instance, which then reconciles it with the platform.
 */
export async function claimAbandonedCampaigns(
  db: Db,
  owner: string,
  ms: number,
  limit: number,
): Promise<CampaignRow[]> {
  const abandoned = sql`(${campaigns.leaseExpiresAt} is null or ${campaigns.leaseExpiresAt} < now())`;
  const next = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(needsKeeper, abandoned))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(campaigns)
    .set({ leaseOwner: owner, leaseExpiresAt: leaseUntil(ms) })
    .where(and(inArray(campaigns.id, next), abandoned))
    .returning();
}

/** Gives a lease up at once (a takeover that failed half-way is tried again by anyone). */
export async function dropCampaignLease(db: Db, id: string, owner: string): Promise<void> {
  await db
    .update(campaigns)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(campaigns.id, id), eq(campaigns.leaseOwner, owner)));
}

/** This instance's campaigns whose current window's platform campaign is dialling. */
export async function listDialling(db: Db, owner: string, limit: number): Promise<CampaignRow[]> {
  return listKept(
    db,
    owner,
    limit,
    eq(campaigns.status, 'running'),
    isNotNull(campaigns.platformCampaignId),
  );
}

/** This instance's campaigns held back by a daily cap while their window is open. */
export async function listHeld(
  db: Db,
  owner: string,
  now: Date,
  limit: number,
): Promise<CampaignRow[]> {
  return listKept(
    db,
    owner,
    limit,
    inArray(campaigns.status, ['scheduled', 'running']),
    isNull(campaigns.platformCampaignId),
    isNotNull(campaigns.holdReason),
    sql`${campaigns.windowEndsAt} > ${now.toISOString()}`,
  );
}

export async function findCampaignById(db: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** A campaign's rows left out by a rule, by reason (the review's "left out" lines). */
export async function countRefusedByReason(
  db: Db,
  campaignId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ reason: campaignContacts.reason, n: sql<number>`count(*)::int` })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.campaignId, campaignId), eq(campaignContacts.status, 'refused')))
    .groupBy(campaignContacts.reason);
  return new Map(rows.map((row) => [row.reason ?? 'invalid', Number(row.n)]));
}

/**
 * The campaign's pending numbers that another campaign of the business is calling or will call
 * (scheduled or running, the number pending or calling there): not called by this one.
 */
export async function listBusyElsewhere(
  db: Db,
  businessId: string,
  campaignId: string,
): Promise<string[]> {
  const rows = await executeRows<{ phone: string }>(
    db,
    // From the business's few active campaigns, through their rows' (campaign, status) index,
    // to this campaign's rows by its (campaign, phone) key: no scan of other businesses' rows.
    sql`select distinct cc.phone from campaigns oc
      join campaign_contacts o on o.campaign_id = oc.id and o.status in ('pending', 'calling')
      join campaign_contacts cc on cc.campaign_id = ${campaignId} and cc.phone = o.phone
        and cc.status = 'pending'
      where oc.business_id = ${businessId} and oc.status in ('scheduled', 'running')
        and oc.id <> ${campaignId}`,
  );
  return rows.map((row) => row.phone);
}

/**
 * Start's claim (decisions 058 and 065): under one lock per business, the draft's numbers
 * marked do-not-call since are dropped, those another scheduled or running campaign has
 * pending or calling are marked `in_other_campaign`, and the draft becomes scheduled with this
 * instance's lease — all in one transaction, so a second campaign started at the same moment
 * waits for it and then sees these numbers as taken. Answers the claimed row and how many
 * do-not-call numbers went, or undefined when it was no longer a draft.
 */
export async function claimStart(
  db: Db,
  businessId: string,
  campaignId: string,
  lease: { leaseOwner: string; leaseExpiresAt: SQL },
): Promise<{ row: CampaignRow; dropped: number } | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('campaign-start'), hashtext(${businessId}))`,
    );
    const [draft] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'draft')))
      .for('update');
    if (!draft) return undefined;
    const dropped = await dropPending(tx, campaignId, await listNowDoNotCall(tx, campaignId));
    const busy = await listBusyElsewhere(tx, businessId, campaignId);
    await refusePending(
      tx,
      campaignId,
      new Map(busy.map((phone) => [phone, 'in_other_campaign' as const])),
    );
    const [row] = await tx
      .update(campaigns)
      .set({
        status: 'scheduled',
        skippedDoNotCall: sql`${campaigns.skippedDoNotCall} + ${dropped}`,
        ...lease,
        updatedAt: sql`now()`,
      })
      .where(eq(campaigns.id, campaignId))
      .returning();
    return row ? { row, dropped } : undefined;
  });
}

/** A start whose first window could not be opened: the draft again, its numbers as before. */
export async function undoStart(db: Db, campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(campaignContacts)
      .set({ status: 'pending', reason: null })
      .where(
        and(
          eq(campaignContacts.campaignId, campaignId),
          eq(campaignContacts.status, 'refused'),
          eq(campaignContacts.reason, 'in_other_campaign'),
        ),
      );
    await tx
      .update(campaigns)
      .set({ status: 'draft', updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'scheduled')));
  });
}

/** The draft's pending numbers whose contact was marked do-not-call since the draft was made. */
export async function listNowDoNotCall(db: Db, campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ phone: campaignContacts.phone })
    .from(campaignContacts)
    .innerJoin(contacts, eq(contacts.id, campaignContacts.contactId))
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        eq(contacts.doNotCall, true),
      ),
    );
  return rows.map((row) => row.phone);
}

/** Drops pending numbers from a draft (marked do-not-call since): answers how many went. */
export async function dropPending(
  db: Db,
  campaignId: string,
  phones: readonly string[],
): Promise<number> {
  if (phones.length === 0) return 0;
  const gone = await db
    .delete(campaignContacts)
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.status, 'pending'),
        sql`${campaignContacts.phone} in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
      ),
    )
    .returning({ id: campaignContacts.id });
  return gone.length;
}

/** How many numbers are pending, and the first few in calling order (busy ones left out). */
export async function pendingSample(
  db: Db,
  campaignId: string,
  leaveOut: readonly string[],
  limit: number,
): Promise<{
  pending: number;
  sample: { name: string; phone: string; variables: Record<string, string> }[];
}> {
  const skip = JSON.stringify(leaveOut);
  const notBusy = sql`not (${skip}::jsonb ? ${campaignContacts.phone})`;
  const where = and(
    eq(campaignContacts.campaignId, campaignId),
    eq(campaignContacts.status, 'pending'),
    notBusy,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignContacts)
    .where(where);
  const rows = await db
    .select({
      name: campaignContacts.name,
      phone: campaignContacts.phone,
      variables: campaignContacts.variables,
    })
    .from(campaignContacts)
    .where(where)
    .orderBy(campaignContacts.id)
    .limit(limit);
  const sample = rows.map((row) => ({
    name: row.name,
    phone: row.phone,
    variables: asVariables(row.variables),
  }));
  return { pending: Number(count?.n ?? 0), sample };
}

/**
 * For each variable name, how many of the campaign's pending numbers (the busy ones left out)
 * have no value for it: the review's "missing for N contacts".
 */
export async function countMissingVariables(
  db: Db,
  campaignId: string,
  names: readonly string[],
  leaveOut: readonly string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await executeRows<{ name: string; n: number }>(
    db,
    sql`select v.name, count(cc.id)::int as n
      from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as v(name)
      left join campaign_contacts cc on cc.campaign_id = ${campaignId}
        and cc.status = 'pending'
        and not (${JSON.stringify(leaveOut)}::jsonb ? cc.phone)
        and not (cc.variables ? v.name)
      group by v.name`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/**
 * The recent ended calls of an agent or a squad: how long they lasted on average and what a
 * minute cost (null when none carries a cost). The review's estimates.
 */
export async function recentCallStats(
  db: Db,
  target: { agentId: string | null; squadId: string | null },
  since: Date,
): Promise<{ calls: number; averageSeconds: number | null; costPerMinute: number | null }> {
  const who = target.squadId
    ? eq(calls.squadId, target.squadId)
    : eq(calls.assistantId, target.agentId ?? '');
  const [row] = await db
    .select({
      calls: sql<number>`count(*)::int`,
      averageSeconds: sql<number | null>`avg(${calls.durationSeconds})`,
      costed: sql<
        number | null
      >`sum(${calls.durationSeconds}) filter (where ${calls.cost} is not null)`,
      cost: sql<number | null>`sum(${calls.cost})`,
    })
    .from(calls)
    .where(and(who, isNotNull(calls.durationSeconds), gte(calls.createdAt, since)));
  const costed = Number(row?.costed ?? 0);
  return {
    calls: Number(row?.calls ?? 0),
    averageSeconds: row?.averageSeconds == null ? null : Number(row.averageSeconds),
    costPerMinute: costed > 0 && row?.cost != null ? Number(row.cost) / (costed / 60) : null,
  };
}
