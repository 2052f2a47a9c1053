import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { agents, calls } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { endedInboundCall } from '../../test/platform-calls';
import { appForSuite, databaseTargets, demoBusinessAndAgent } from '../../test/test-app';
import { inProcessBus, postgresBus, type LiveChange } from '../live-calls/live-bus';
import { CallIngestService, ingestCalls, MESSAGES_PER_STATEMENT } from './call-ingest.service';

// Webhook messages that arrive together are stored together (decision 112): one statement for
// the messages that came at once or waited while the last one ran, each answered as if alone.

const SECRET = 'whsec-batches-0123456789';
const CREATED = '2026-11-30T09:00:00.000Z';
const at = (minute: number) => `2026-11-30T09:${String(minute).padStart(2, '0')}:00.000Z`;

/** An ended call of `assistantId` with a transcript and a cost, last updated at minute `minute`. */
function call(
  id: string,
  assistantId: string,
  minute: number,
  fields: Record<string, unknown> = {},
) {
  return endedInboundCall(id, {
    assistantId,
    createdAt: CREATED,
    startedAt: at(1),
    endedAt: at(4),
    updatedAt: at(minute),
    endedReason: 'customer-ended-call',
    cost: 0.25,
    customer: { number: '+15553334444' },
    ...fields,
  });
}

/** `count` different words of six letters, a space between each. */
function differentWords(count: number): string {
  return Array.from({ length: count }, (_, i) => {
    let word = 'z';
    for (let k = 0, n = i; k < 5; k++, n = Math.floor(n / 26))
      word += String.fromCharCode(97 + (n % 26));
    return word;
  }).join(' ');
}

/**
 * The `call_ingest` statements the database's client ran while `run` did: the ids of each one's
 * calls, in the order they were sent.
 */
async function ingestStatements(db: unknown, run: () => Promise<unknown>): Promise<string[][]> {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls
      .filter((args) => JSON.stringify(args[0]).includes('call_ingest('))
      .map((args) => {
        // PGlite: (text, values), the calls in jsonb's binary form (a version byte, then the
        // text: JsonbText); node-postgres: ({ name, text, values }), the calls as text.
        const [calls] = (
          Array.isArray(args[1]) ? args[1] : (args[0] as { values: unknown[] }).values
        ) as (string | Uint8Array)[];
        let text = calls as string;
        if (typeof calls !== 'string') {
          expect(calls![0]).toBe(1);
          text = Buffer.from(calls!.subarray(1)).toString('utf8');
        }
        return (JSON.parse(text) as { id: string }[]).map((row) => row.id);
      });
  } finally {
    spy.mockRestore();
  }
}

describe.each(databaseTargets)('webhook messages stored together on %s', (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });
  const stored = async (ids: string[]) =>
    ctx.app.database.db.select().from(calls).where(inArray(calls.id, ids));

  it('stores the messages that came together in one statement, a second one about a call after the first', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const service = new CallIngestService({ db: ctx.app.database.db });
    const ids = Array.from({ length: 29 }, (_, i) => `together-${i}`);
    let answers: number[] = [];
    const statements = await ingestStatements(ctx.app.database.db, async () => {
      answers = await Promise.all([
        ...ids.map((id) =>
          service.message(toCallRecord(call(id, agent.platformAssistantId, 5)), {
            report: { endedReason: 'customer-ended-call', cost: 0.25 },
            assistantId: agent.platformAssistantId,
          }),
        ),
        // A later copy of the first call: it waits for the statement after the one with the first.
        service.message(
          toCallRecord(call(ids[0]!, agent.platformAssistantId, 9, { endedReason: 'voicemail' })),
          { assistantId: agent.platformAssistantId },
        ),
      ]);
    });
    // The 29 calls together in one statement, then the first call's second copy.
    expect(statements.map((ids) => ids.length)).toEqual([29, 1]);
    expect(answers).toEqual(Array.from({ length: 30 }, () => 1));
    const rows = await stored(ids);
    expect(rows).toHaveLength(29);
    expect(rows.find((row) => row.id === ids[0])).toMatchObject({ endedReason: 'voicemail' });
    expect(rows.filter((row) => row.endedReason === 'customer-ended-call')).toHaveLength(28);
    const [health] = await ctx.app.database.db
      .select({ at: agents.lastWebhookAt })
      .from(agents)
      .where(eq(agents.id, agent.id));
    expect(health?.at).toBeInstanceOf(Date);
  });

  it('merges each late report into its own call, in a statement with reports that are not late', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const assistant = agent.platformAssistantId;
    // A sync already stored newer copies of the "late" calls (no analysis yet).
    await ingestCalls(ctx.app.database.db, [
      toCallRecord(call('late-a', assistant, 30, { endedReason: 'silence-timed-out' })),
      toCallRecord(call('late-b', assistant, 30, { endedReason: 'silence-timed-out' })),
    ]);
    const service = new CallIngestService({ db: ctx.app.database.db });
    // As the webhook route does: the report's fields merged into its copy of the call.
    const reported = (id: string, summary: string, cost: number) => {
      const report = {
        endedReason: 'customer-ended-call',
        cost,
        analysis: { successEvaluation: 'true', summary },
      };
      return service.message(toCallRecord(call(id, assistant, 5, report)), {
        report,
        assistantId: assistant,
      });
    };
    const answers = await Promise.all([
      reported('fresh-a', 'Fresh A.', 0.1),
      reported('late-a', 'Late A.', 0.2),
      reported('late-b', 'Late B.', 0.3),
      reported('fresh-b', 'Fresh B.', 0.4),
    ]);
    expect(answers).toEqual([1, 1, 1, 1]);
    const rows = new Map(
      (await stored(['fresh-a', 'late-a', 'late-b', 'fresh-b'])).map((row) => [row.id, row]),
    );
    for (const [id, summary, cost] of [
      ['fresh-a', 'Fresh A.', 0.1],
      ['late-a', 'Late A.', 0.2],
      ['late-b', 'Late B.', 0.3],
      ['fresh-b', 'Fresh B.', 0.4],
    ] as const) {
      const row = rows.get(id)!;
      expect(row, id).toMatchObject({ endedReason: 'customer-ended-call', cost, outcome: 'pass' });
      expect((row.payload as { analysis?: { summary?: string } }).analysis?.summary, id).toBe(
        summary,
      );
    }
    // The late calls keep the sync's newer copy, with the report's fields merged into it.
    expect(rows.get('late-a')!.updatedAt.toISOString()).toBe(at(30));
  });

  it('stores the others when the database refuses one message of a statement, and fails only that one', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const service = new CallIngestService({ db: ctx.app.database.db });
    const message = (id: string, fields: Record<string, unknown> = {}) =>
      service.message(toCallRecord(call(id, agent.platformAssistantId, 5, fields)), {
        assistantId: agent.platformAssistantId,
      });
    let settled: PromiseSettledResult<number>[] = [];
    const statements = await ingestStatements(ctx.app.database.db, async () => {
      settled = await Promise.allSettled([
        message('refused-first'),
        message('refused-before'),
        // A transcript of 200,000 different words (1.4 MB, under the webhook's body limit): its
        // search column's to_tsvector is over PostgreSQL's 1 MB, and the database refuses it.
        message('refused-bad', { artifact: { transcript: differentWords(200_000) } }),
        message('refused-after'),
      ]);
    });
    // The four together, refused; then each alone.
    expect(statements.map((ids) => ids.length)).toEqual([4, 1, 1, 1, 1]);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await stored(['refused-first', 'refused-before', 'refused-bad', 'refused-after']);
    expect(rows.map((row) => row.id).sort()).toEqual([
      'refused-after',
      'refused-before',
      'refused-first',
    ]);
  });

  it('sends a statement’s calls in the order of their ids, whatever order they came in', async () => {
    // Two instances storing the same calls at once then lock their rows in the same order.
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const service = new CallIngestService({ db: ctx.app.database.db });
    const ids = ['order-c', 'order-a', 'order-d', 'order-b'];
    let answers: number[] = [];
    const statements = await ingestStatements(ctx.app.database.db, async () => {
      answers = await Promise.all(
        ids.map((id) => service.message(toCallRecord(call(id, agent.platformAssistantId, 5)), {})),
      );
    });
    expect(answers).toEqual([1, 1, 1, 1]);
    expect(statements).toEqual([['order-a', 'order-b', 'order-c', 'order-d']]);
  });

  it('never puts more than its limit in one statement', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const service = new CallIngestService({ db: ctx.app.database.db });
    const count = MESSAGES_PER_STATEMENT * 2 + 1;
    const statements = await ingestStatements(ctx.app.database.db, () =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          service.message(toCallRecord(call(`limit-${i}`, agent.platformAssistantId, 5)), {}),
        ),
      ),
    );
    // The limit's worth twice, then the last one.
    expect(statements.map((ids) => ids.length)).toEqual([
      MESSAGES_PER_STATEMENT,
      MESSAGES_PER_STATEMENT,
      1,
    ]);
    const ids = Array.from({ length: count }, (_, i) => `limit-${i}`);
    expect(await stored(ids)).toHaveLength(count);
  });

  it('announces each call of a statement to its own business', async () => {
    const { agent, business } = await demoBusinessAndAgent(ctx.app);
    const { db } = ctx.app.database;
    const bus =
      target === 'postgres' && ctx.config.database.kind === 'postgres'
        ? postgresBus(ctx.config.database.url, db, ctx.app.log)
        : inProcessBus();
    await bus.ready;
    const heard: LiveChange[] = [];
    const unsubscribe = bus.subscribe((change) => heard.push(change));
    try {
      const service = new CallIngestService({ db, live: bus });
      await Promise.all([
        service.message(toCallRecord(call('heard-a', agent.platformAssistantId, 5)), {
          report: { endedReason: 'customer-ended-call' },
          assistantId: agent.platformAssistantId,
        }),
        service.message(toCallRecord(call('heard-b', agent.platformAssistantId, 5)), {
          report: { endedReason: 'customer-ended-call' },
          assistantId: agent.platformAssistantId,
        }),
        service.message(toCallRecord(call('heard-c', 'asst-unknown', 5)), {
          assistantId: 'asst-unknown',
        }),
      ]);
      await vi.waitFor(() => expect(heard).toHaveLength(3));
      expect(heard.sort((a, b) => a.callId.localeCompare(b.callId))).toEqual([
        { callId: 'heard-a', businessId: business.id },
        { callId: 'heard-b', businessId: business.id },
        { callId: 'heard-c', businessId: null },
      ]);
    } finally {
      unsubscribe();
      await bus.close();
    }
  });

  it('answers each of reports posted together as the platform sends them, one with a time no database stores and one too large', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const assistant = agent.platformAssistantId;
    const post = (
      id: string,
      fields: Record<string, unknown> = {},
      transcript = `AI: Hello, ${id}.\nUser: Hi.`,
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        headers: { 'x-vapi-secret': SECRET },
        payload: {
          message: {
            type: 'end-of-call-report',
            timestamp: Date.parse(at(6)),
            endedReason: 'customer-ended-call',
            cost: 0.31,
            analysis: { summary: `Summary of ${id}.`, successEvaluation: 'true' },
            artifact: { transcript },
            call: call(id, assistant, 5, fields),
          },
        },
      });
    const ids = Array.from({ length: 12 }, (_, i) => `posted-${i}`);
    const answers = await Promise.all([
      ...ids.map((id) => post(id)),
      // Year 0: JavaScript reads it, the database refuses it; the call is stored without it.
      post('posted-year-0', { startedAt: '0000-06-01T00:00:00.000Z' }),
      // Over the search index's limit (1.4 MB, under the body's): refused alone, with a 400.
      post('posted-too-large', {}, differentWords(200_000)),
    ]);
    const tooLarge = answers.pop()!;
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'A value is too large to store: it passes one of the database’s limits.',
      },
    });
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const rows = new Map((await stored([...ids, 'posted-year-0'])).map((row) => [row.id, row]));
    expect(rows.size).toBe(13);
    for (const id of ids) {
      expect(rows.get(id), id).toMatchObject({ cost: 0.31, outcome: 'pass' });
      expect((rows.get(id)!.payload as { analysis: { summary: string } }).analysis.summary).toBe(
        `Summary of ${id}.`,
      );
    }
    expect(rows.get('posted-year-0')).toMatchObject({ startedAt: null, cost: 0.31 });
  });

  it('keeps the build before’s function for the instances a rolling deploy still runs on it', async () => {
    const { agent } = await demoBusinessAndAgent(ctx.app);
    const rows = JSON.stringify([
      {
        id: 'rolling-1',
        assistant_id: agent.platformAssistantId,
        status: 'ended',
        created_at: CREATED,
        updated_at: at(5),
        payload: call('rolling-1', agent.platformAssistantId, 5),
      },
    ]);
    const answered = await ctx.app.database.db.execute(
      sql`select ingest_written from call_ingest(${rows}::jsonb, null::jsonb, false, null::text, null::text)`,
    );
    expect(JSON.stringify(answered)).toContain('rolling-1');
    expect(await stored(['rolling-1'])).toHaveLength(1);
  });
});
