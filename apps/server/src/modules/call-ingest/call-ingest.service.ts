import { executeRows, type Db } from '../../db/client';
import { positionalSql, preparedQuery } from '../../db/prepared';
import type { CallRecord } from '../../platform/call-record';
import { webhookArrivalSql } from '../agents/agents.repository';
import { applyCampaignCalls } from '../campaigns/campaigns.repository';
import {
  callRowsJson,
  callRowsSql,
  mergeReportSql,
  reportMergeJson,
  upsertCallsSql,
} from '../calls/calls.repository';
import { callsEndedSql, raised } from '../integrations/webhook-events';
import { liveNotifySql, type LiveBus } from '../live-calls/live-bus';
import { dropLiveLinesSql } from '../live-calls/live-calls.repository';

// Call ingest (decision 080): what storing calls does, whoever brings them — a sync's page, a
// campaign's fetched call, a webhook's status update or end-of-call report. One statement
// writes the calls and everything that follows from them in the database; only a campaign's
// progress (rare, several statements) and the in-process live announcement run after it. The
// repositories each write their part of the statement as text and import no other module's.

/**
 * The statement behind `call_ingest` (migration 0036, checked equal by call-ingest.test.ts), for
 * any number of calls: $1 the calls (callRowsJson), $2 a report's merge (reportMergeJson, null
 * for none), $3 drop the calls' live transcripts, $4 the assistant whose webhook arrived (null
 * for none), $5 the NOTIFY channel announcing the call's change (null for none). In a PL/pgSQL
 * function it is planned once per connection on both databases (PGlite plans every statement
 * it is sent; its planning cost more than the rest of a report).
 */
const INGEST_STATEMENT = `with r as materialized (select * from ${callRowsSql('$1')}),
  arrival as (${webhookArrivalSql('$4')}),
  up as (${upsertCallsSql('r')}),
  merged as (${mergeReportSql('r', '$2', 'up')}),
  ended as (${callsEndedSql('up')}),
  dropped as (${dropLiveLinesSql('r', '$3')}),
  notified as (${liveNotifySql('$5', '(select business_id from arrival limit 1)', '(select id from r limit 1)')})
select (select coalesce(json_agg(id), '[]'::json) from up) as ingest_written,
  (select count(*)::int from merged) as ingest_merged,
  (select count(*)::int from ended) as ingest_raised,
  (select business_id from arrival limit 1) as ingest_business_id,
  (select count(*)::int from notified) as ingest_announced`;

/** The function migration 0036 makes of INGEST_STATEMENT. */
export const INGEST_FUNCTION = `CREATE OR REPLACE FUNCTION "call_ingest"("p_calls" jsonb, "p_merge" jsonb, "p_drop_live" boolean, "p_assistant" text, "p_channel" text)
RETURNS TABLE ("ingest_written" json, "ingest_merged" integer, "ingest_raised" integer, "ingest_business_id" uuid, "ingest_announced" integer)
LANGUAGE plpgsql AS $ingest$
BEGIN
  RETURN QUERY ${INGEST_STATEMENT};
END
$ingest$;`;

type IngestRow = {
  ingest_written: string[];
  ingest_merged: number;
  ingest_raised: number;
  ingest_business_id: string | null;
  ingest_announced: number;
};

const CALL_INGEST = `select * from call_ingest($1::jsonb, $2::jsonb, $3::boolean, $4::text, $5::text)`;

async function runIngest(db: Db, values: unknown[]): Promise<IngestRow> {
  const prepared = preparedQuery(db);
  const [row] = prepared
    ? await prepared<IngestRow>('sb_call_ingest', CALL_INGEST, values)
    : await executeRows<IngestRow>(db, positionalSql(CALL_INGEST, values));
  if (!row) throw new Error('call ingest: the statement answered no row');
  return row;
}

/** One statement cannot touch the same row twice: the newest copy of each id. */
function newestOfEach(records: readonly CallRecord[]): CallRecord[] {
  if (records.length < 2) return [...records];
  const newest = new Map<string, CallRecord>();
  for (const record of records) {
    const seen = newest.get(record.id);
    if (!seen || record.updatedAt >= seen.updatedAt) newest.set(record.id, record);
  }
  return [...newest.values()];
}

/** What follows in JavaScript: a campaign's progress, the delivery job told of new events. */
async function afterIngest(db: Db, records: CallRecord[], row: IngestRow): Promise<void> {
  if (row.ingest_written.length > 0) {
    // A campaign's progress follows the calls it placed (only the copies just written are
    // newest); a call without a campaign costs nothing here.
    const written = new Set(row.ingest_written);
    await applyCampaignCalls(
      db,
      records.filter((record) => written.has(record.id)),
    );
  }
  if (row.ingest_raised > 0) raised();
}

/**
 * Stores calls (a sync's page, a call fetched for a campaign): inserts or updates them by id,
 * newer data winning (upsertCallsSql), raises "call ended" for those that ended, moves their
 * campaign rows. Returns how many rows were written.
 */
export async function ingestCalls(db: Db, records: readonly CallRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  const newest = newestOfEach(records);
  const row = await runIngest(db, [callRowsJson(newest), null, false, null, null]);
  await afterIngest(db, newest, row);
  return row.ingest_written.length;
}

/** The webhook's side of call ingest: a status update or an end-of-call report about a call. */
export class CallIngestService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Live calls (decision 059): a report drops the live transcript; both announce. */
      live?: LiveBus | undefined;
    },
  ) {}

  /** Stores calls as ingestCalls does (the sync's pages). */
  calls(records: readonly CallRecord[]): Promise<number> {
    return ingestCalls(this.deps.db, records);
  }

  /**
   * A status update (`report` undefined) or an end-of-call report about `record`'s call, in one
   * statement: the agent's last webhook (agent health), the call stored (a report whose copy of
   * the call lost to a newer stored one merges its own fields into it: reportMergeJson), the
   * "call ended" event, a report's live transcript dropped, the change announced on the live
   * calls' channel. Returns how many rows were written or merged.
   */
  async message(
    record: CallRecord,
    options: { report?: Record<string, unknown>; assistantId?: string | undefined },
  ): Promise<number> {
    const { db, live } = this.deps;
    const row = await runIngest(db, [
      callRowsJson([record]),
      options.report
        ? reportMergeJson(options.report, record.payload as Record<string, unknown>)
        : null,
      options.report !== undefined && live !== undefined,
      options.assistantId ?? null,
      live?.notifyChannel ?? null,
    ]);
    await afterIngest(db, [record], row);
    // Who hears about it: this business's people and the operator (in-process bus).
    if (live && !live.notifyChannel)
      await live.publish({ businessId: row.ingest_business_id, callId: record.id });
    return row.ingest_written.length + row.ingest_merged;
  }
}
