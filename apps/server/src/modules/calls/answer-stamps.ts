import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { AnswerStamp, HeldStamps } from '../../http/answer-cache';
import type { AgentScope } from '../agents/agents.repository';

type StampRow = {
  time_zone: string;
  scope: string;
  version: string | null;
  epoch: string | null;
};

// Built once: the two statements every cached read runs first, as prepared statements.
const AGENT_STAMP = `select coalesce(b.timezone, 'UTC') as time_zone,
    coalesce(a.business_id::text, '-') as scope,
    (select v.version::text from answer_versions v
      where v.scope = coalesce(a.business_id::text, '-')) as version,
    (select e.version::text from answer_versions e where e.scope = '*') as epoch
  from agents a left join businesses b on b.id = a.business_id
  where a.removed_at is null and a.platform_assistant_id = $1
    and ($2::uuid is null or a.business_id = $2::uuid)`;

const BUSINESS_STAMP = `select coalesce(b.timezone, 'UTC') as time_zone, b.id::text as scope,
    (select v.version::text from answer_versions v where v.scope = b.id::text) as version,
    (select e.version::text from answer_versions e where e.scope = '*') as epoch
  from businesses b where b.id = $1::uuid`;

/** The stamp's row, by a prepared statement (a transaction's handle: through Drizzle). */
async function rowsOf(db: Db, name: string, text: string, values: unknown[]): Promise<StampRow[]> {
  const prepared = preparedQuery(db);
  if (prepared) return prepared<StampRow>(name, text, values);
  const chunks = text
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  return executeRows<StampRow>(db, sql.join(chunks, sql``));
}

const stampOf = (row: StampRow): AnswerStamp & { scope: string } => ({
  timeZone: row.time_zone,
  scope: row.scope,
  stamp: `${row.time_zone}|${row.version ?? 0}|${row.epoch ?? 0}`,
});

/** A held stamp is dropped when its scope's version, or `*`, is announced (migration 0037). */
const holdAs = (stamp: { scope: string }) => ({ tags: [stamp.scope] });

/**
 * The agent's zone and stamp when it is in the scope (not removed; a business's own agent for
 * a member), undefined otherwise (the caller answers 404): the one query before a cached answer,
 * or none while `held` has it.
 */
export async function findAgentAnswerStamp(
  db: Db,
  scope: AgentScope,
  assistantId: string,
  held?: HeldStamps,
): Promise<AnswerStamp | undefined> {
  const businessId = scope.kind === 'business' ? scope.businessId : null;
  const read = async () => {
    const [row] = await rowsOf(db, 'sb_agent_answer_stamp', AGENT_STAMP, [assistantId, businessId]);
    return row ? stampOf(row) : undefined;
  };
  return held ? held.get(`agent|${businessId ?? ''}|${assistantId}`, read, holdAs) : read();
}

/** The business's zone (UTC if unknown) and stamp, for its business-wide call log. */
export async function findBusinessAnswerStamp(
  db: Db,
  businessId: string,
  held?: HeldStamps,
): Promise<AnswerStamp> {
  const read = async () => {
    const [row] = await rowsOf(db, 'sb_business_answer_stamp', BUSINESS_STAMP, [businessId]);
    return row ? stampOf(row) : undefined;
  };
  const found = held ? await held.get(`business|${businessId}`, read, holdAs) : await read();
  return found ?? stampOf({ time_zone: 'UTC', scope: businessId, version: null, epoch: null });
}
