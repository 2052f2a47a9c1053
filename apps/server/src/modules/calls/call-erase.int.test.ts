import type { CallDetail, CallLogPage } from '@switchboard/shared/call-logs';
import { ERASE_CALL_WORDS } from '@switchboard/shared/call-logs';
import type { WireError } from '@switchboard/shared/errors';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { DEMO_MEMBER, DEMO_TEAM_MEMBER, DEMO_TRADES } from '../auth/demo-accounts';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { CallIngestService, ingestCalls } from '../call-ingest/call-ingest.service';

// Erasing a call's recording and transcript (Round 3 · 4/10 item 7, decision 069): a caller asks
// to be forgotten. Deleted on the sandbox platform through the SDK's DELETE /call/{id}, cut from
// our store, kept out by later copies of the call, with the figures unchanged.

describe.each(oneDatabase)('erasing a call on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '60', SYNC_INTERVAL_SECONDS: '3600' });
  let owner: Record<string, string>;
  let frontDesk: Record<string, string>;
  let plumber: Record<string, string>;
  let assistantId: string;

  beforeAll(async () => {
    await ctx.app.callSync.runNow();
    owner = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    frontDesk = await ctx.sessionHeaders(DEMO_TEAM_MEMBER.userName);
    plumber = await ctx.sessionHeaders(DEMO_TRADES.plumbing.owner.userName);
    const agents = await ctx.app.inject({ method: 'GET', url: '/api/agents', headers: owner });
    assistantId = agents.json<{ data: { id: string }[] }>().data[0]!.id;
  });

  const get = <T>(url: string, headers = owner) =>
    ctx.app.inject({ method: 'GET', url, headers }).then((res) => ({
      status: res.statusCode,
      body: res.json<T>(),
    }));
  const erase = (callId: string, headers = owner) =>
    ctx.app.inject({ method: 'POST', url: `/api/calls/${callId}/erase`, headers });

  /** An ended call of the demo agent with words in its transcript and a caller's number. */
  async function callWithTranscript(skip = 0): Promise<CallDetail> {
    const page = await get<CallLogPage>(`/api/agents/${assistantId}/calls?limit=50`);
    const ids = page.body.data.filter((row) => row.customerPhone !== '-').map((row) => row.id);
    let found = 0;
    for (const id of ids) {
      const detail = (await get<CallDetail>(`/api/calls/${id}`)).body;
      if (detail.transcript.length > 0 && detail.recordingUrl && found++ === skip) return detail;
    }
    throw new Error(
      `no demo call with a transcript and a recording among ${ids.length} (${page.status}, ${JSON.stringify(page.body).slice(0, 300)})`,
    );
  }

  it('erases the recording, transcript, summary and caller here and on the platform; the figures stay', async () => {
    const before = await callWithTranscript();
    const id = before.row.id;
    const word = before.transcript
      .flatMap((line) => line.text.split(/\W+/))
      .find((w) => w.length > 6)!;
    const searched = await get<CallLogPage>(
      `/api/agents/${assistantId}/calls?q=${encodeURIComponent(word)}&limit=50`,
    );
    expect(searched.body.data.map((row) => row.id)).toContain(id);
    const sdk = ctx.app.platform.client.sdk;
    expect((await sdk.calls.get({ id })).id).toBe(id);

    const res = await erase(id);
    expect(res.statusCode).toBe(200);
    const after = res.json<CallDetail>();
    expect(after.transcript).toEqual([]);
    expect(after.recordingUrl).toBeNull();
    expect(after.summary).toBeNull();
    expect(after.customerNumber).toBeNull();
    expect(after.structuredData).toBeNull();
    expect(after.erased?.by).toBe('Dr. Maya Patel');
    expect(Date.parse(after.erased!.at)).toBeGreaterThan(Date.now() - 60_000);
    // What the figures are made of stays: the row's date, length, cost, outcome and end reason.
    expect(after.row).toMatchObject({
      startTime: before.row.startTime,
      duration: before.row.duration,
      cost: before.row.cost,
      successEvaluation: before.row.successEvaluation,
      endReason: before.row.endReason,
      transferred: before.row.transferred,
    });
    expect(after.row.customerPhone).not.toBe(before.row.customerPhone);

    // Gone on the platform; the recording and the transcript search find nothing.
    await expect(sdk.calls.get({ id })).rejects.toMatchObject({ statusCode: 404 });
    expect((await get<WireError>(`/api/calls/${id}/recording`)).status).toBe(404);
    const again = await get<CallLogPage>(
      `/api/agents/${assistantId}/calls?q=${encodeURIComponent(word)}&limit=50`,
    );
    expect(again.body.data.map((row) => row.id)).not.toContain(id);
    // Still in the log, as one call among the others.
    const log = await get<CallLogPage>(`/api/agents/${assistantId}/calls?limit=50`);
    expect(log.body.data.map((row) => row.id)).toContain(id);

    // Erasing it again changes nothing.
    const twice = await erase(id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json<CallDetail>().erased).toEqual(after.erased);
  });

  it('keeps an erased call erased when a late webhook or a sync brings the call again', async () => {
    const before = await callWithTranscript();
    const id = before.row.id;
    const [stored] = await ctx.app.database.db.select().from(calls).where(eq(calls.id, id));
    const full = stored!.payload as Record<string, unknown>;
    expect((await erase(id)).statusCode).toBe(200);

    // The platform's copy, newer than ours, with everything that was erased.
    const later = {
      ...full,
      updatedAt: new Date(Date.now() + 60_000).toISOString(),
      customer: { number: '+15550104444' },
    };
    expect(await ingestCalls(ctx.app.database.db, [toCallRecord(later)])).toBe(0);
    expect(
      await new CallIngestService({ db: ctx.app.database.db }).message(toCallRecord(later), {
        report: {
          artifact: { transcript: 'AI: Hello again.' },
          analysis: { summary: 'A summary' },
        },
      }),
    ).toBe(0);
    await ctx.app.callSync.runNow();
    const detail = (await get<CallDetail>(`/api/calls/${id}`)).body;
    expect(detail.transcript).toEqual([]);
    expect(detail.summary).toBeNull();
    expect(detail.customerNumber).toBeNull();
    expect(detail.erased?.by).toBe('Dr. Maya Patel');
  });

  it('refuses a member (403), another business and an unknown call (404), a call in progress (409)', async () => {
    const target = await callWithTranscript(0);
    const id = target.row.id;
    const member = await erase(id, frontDesk);
    expect(member.statusCode).toBe(403);
    const foreign = await erase(id, plumber);
    expect(foreign.statusCode).toBe(404);
    expect((await erase('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get<CallDetail>(`/api/calls/${id}`)).body.transcript.length).toBeGreaterThan(0);

    const live = {
      id: 'erase-live-call',
      orgId: 'org-1',
      assistantId,
      type: 'inboundPhoneCall',
      status: 'in-progress',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      customer: { number: '+15550109999' },
      artifact: { transcript: 'AI: Hello.' },
    };
    await ingestCalls(ctx.app.database.db, [toCallRecord(live)]);
    const inProgress = await erase(live.id);
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json<WireError>().error.message).toBe(ERASE_CALL_WORDS.inProgress);
    const [row] = await ctx.app.database.db.select().from(calls).where(eq(calls.id, live.id));
    expect(row!.erasedAt).toBeNull();
    expect(row!.customerNumber).toBe('+15550109999');
  });

  it('erases a call the platform no longer has (already deleted there) from our store', async () => {
    const target = await callWithTranscript(1);
    const id = target.row.id;
    await ctx.app.platform.client.sdk.calls.delete({ id });
    const res = await erase(id);
    expect(res.statusCode).toBe(200);
    expect(res.json<CallDetail>().transcript).toEqual([]);
  });
});
