import { executeRows, type Db } from '../../db/client';
import { JsonbText, positionalSql, preparedQuery } from '../../db/prepared';
import type { CallRecord } from '../../platform/call-record';
import { webhookArrivalSql } from '../agents/agents.repository';
import { applyCampaignCalls } from '../campaigns/campaigns.repository';
import {
  callRowsJson,
  callRowsSql,
  mergeReportSql,
  reportMerge,
  upsertCallsSql,
  type CallRowMessage,
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
 * The statement behind `call_ingest` (migration 0040, checked equal by call-ingest.test.ts), for
 * any number of calls: $1 the calls (callRowsJson; a webhook's message adds to its call's row
 * what follows from it: CallRowMessage), $2 the NOTIFY channel announcing each call's change
 * (null for none: a sync's pages, and PGlite's in-process bus, which publishes after it). In a PL/pgSQL function it is planned once per connection on both databases
 * (PGlite plans every statement it is sent; its planning cost more than the rest of a report),
 * and the plan kept is the generic one: PL/pgSQL would otherwise plan this statement again for
 * each call's values (its estimate of a custom plan is lower), which cost 2 ms a statement on
 * PGlite (bench:sync-ingest-cost --page-size 1). Answers the ids written, the ids a report
 * merged into, how many "call ended" events it raised, each arrived assistant's business, and
 * how many announcements it sent.
 */
const INGEST_STATEMENT = `with r as materialized (select * from ${callRowsSql('$1')}),
  arrival as (${webhookArrivalSql('r')}),
  up as (${upsertCallsSql('r')}),
  merged as (${mergeReportSql('r', 'up')}),
  ended as (${callsEndedSql('up')}),
  dropped as (${dropLiveLinesSql('r')}),
  notified as (${liveNotifySql('$2', 'r', '(select a.business_id from arrival a where a.platform_assistant_id = r.arrival limit 1)', 'r.id')})
select (select coalesce(json_agg(id), '[]'::json) from up) as ingest_written,
  (select coalesce(json_agg(id), '[]'::json) from merged) as ingest_merged,
  (select count(*)::int from ended) as ingest_raised,
  (select coalesce(json_object_agg(platform_assistant_id, business_id), '{}'::json) from arrival) as ingest_businesses,
  (select count(*)::int from notified) as ingest_announced`;

/** The function migration 0040 makes of INGEST_STATEMENT. */
export const INGEST_FUNCTION = `CREATE OR REPLACE FUNCTION "call_ingest"("p_calls" jsonb, "p_channel" text)
RETURNS TABLE ("ingest_written" json, "ingest_merged" json, "ingest_raised" integer, "ingest_businesses" json, "ingest_announced" integer)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $ingest$
BEGIN
  RETURN QUERY ${INGEST_STATEMENT};
END
$ingest$;`;

type IngestRow = {
  ingest_written: string[];
  ingest_merged: string[];
  ingest_raised: number;
  /** Each arrived assistant's business (null: the agent has none). */
  ingest_businesses: Record<string, string | null>;
  ingest_announced: number;
};

const CALL_INGEST = `select * from call_ingest($1::jsonb, $2::text)`;

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
  const row = await runIngest(db, [new JsonbText(callRowsJson(newest)), null]);
  await afterIngest(db, newest, row);
  return row.ingest_written.length;
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A webhook's message waiting for the statement that stores it. */
type Waiting = {
  record: CallRecord;
  message: CallRowMessage;
  resolve: (written: number) => void;
  reject: (error: unknown) => void;
};

/** The most messages one statement stores. */
export const MESSAGES_PER_STATEMENT = 50;

/** The most turns of the event loop a statement waits for more messages to store with it. */
const GATHER_TURNS = 4;

/**
 * The webhook's side of call ingest: status updates and end-of-call reports about calls. The
 * messages that arrive together, or while a statement runs, are stored together by the next
 * one (decision 112): one statement, one commit and one pass of the statement-level triggers
 * for all of them, where these cost most of a report on the embedded database.
 */
export class CallIngestService {
  private readonly waiting: Waiting[] = [];
  private running = false;

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
   * A status update (`report` undefined) or an end-of-call report about `record`'s call, stored
   * by one statement with the messages waiting beside it: the agent's last webhook (agent
   * health), the call stored (a report whose copy of the call lost to a newer stored one merges
   * its own fields into it: reportMerge), the "call ended" event, a report's live transcript
   * dropped, the change announced on the live calls' channel. Resolves once it is stored, with
   * how many rows were written or merged for it.
   */
  message(
    record: CallRecord,
    options: { report?: Record<string, unknown>; assistantId?: string | undefined },
  ): Promise<number> {
    const { live } = this.deps;
    const message: CallRowMessage = {
      merge: options.report
        ? reportMerge(options.report, record.payload as Record<string, unknown>)
        : null,
      dropLive: options.report !== undefined && live !== undefined,
      arrival: options.assistantId ?? null,
    };
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ record, message, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /**
   * Stores what waits, a statement at a time, until nothing does. Before each statement the
   * event loop reads what has arrived (setImmediate), again while more keeps coming, up to
   * GATHER_TURNS times: PGlite runs a statement in this thread, so the requests that came during
   * one are read only after it, and would otherwise each find nothing waiting beside them. A
   * message alone waits one turn of the loop.
   */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        for (let turn = 0, seen = -1; turn < GATHER_TURNS && this.waiting.length > seen; turn++) {
          seen = this.waiting.length;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await this.store(this.nextBatch());
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The oldest waiting messages, up to MESSAGES_PER_STATEMENT, one a call (a statement cannot
   * touch a row twice): a second message about a call waits for the next statement, after the
   * first, so a call's messages are stored in the order they came.
   */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const ids = new Set<string>();
    for (let index = 0; index < this.waiting.length && batch.length < MESSAGES_PER_STATEMENT;) {
      const waiting = this.waiting[index]!;
      if (ids.has(waiting.record.id)) {
        index++;
        continue;
      }
      ids.add(waiting.record.id);
      batch.push(waiting);
      this.waiting.splice(index, 1);
    }
    return batch;
  }

  /**
   * Stores a batch in one statement. When it fails, each message is stored alone, so one the
   * database refuses fails only its own request.
   */
  private async store(batch: Waiting[]): Promise<void> {
    try {
      const written = await this.write(batch);
      batch.forEach((waiting, index) => waiting.resolve(written[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          waiting.resolve((await this.write([waiting]))[0]!);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }

  /**
   * One statement for `batch`: how many rows were written or merged for each message. Its calls
   * go in the order of their ids, so two instances storing the same calls at once lock their
   * rows in the same order (a deadlock would still only send each message to be stored alone).
   */
  private async write(batch: Waiting[]): Promise<number[]> {
    const { db, live } = this.deps;
    const ordered = [...batch].sort((a, b) => compareIds(a.record.id, b.record.id));
    const records = ordered.map((waiting) => waiting.record);
    const row = await runIngest(db, [
      new JsonbText(
        callRowsJson(
          records,
          ordered.map((waiting) => waiting.message),
        ),
      ),
      live?.notifyChannel ?? null,
    ]);
    await afterIngest(db, records, row);
    // Who hears about it: this business's people and the operator (in-process bus).
    if (live && !live.notifyChannel) {
      for (const { message, record } of batch) {
        const businessId = message.arrival
          ? (row.ingest_businesses[message.arrival] ?? null)
          : null;
        await live.publish({ businessId, callId: record.id });
      }
    }
    const written = new Set(row.ingest_written);
    const merged = new Set(row.ingest_merged);
    return batch.map(
      ({ record }) => (written.has(record.id) ? 1 : 0) + (merged.has(record.id) ? 1 : 0),
    );
  }
}
