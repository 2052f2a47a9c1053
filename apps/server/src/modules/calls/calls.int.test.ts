import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { CallDetail, CallLogCount, CallLogPage } from '@switchboard/shared/call-logs';
import { MATCH_END, MATCH_START } from '@switchboard/shared/call-logs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, calls } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import type { WireError } from '@switchboard/shared/errors';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { countCallLogUpTo, iterateCallLog } from './calls.repository';
import { ingestCalls } from '../call-ingest/call-ingest.service';

const AGENT = 'asst-call-log';
const EMPTY_NAME_AGENT = 'asst-no-name';

type Spec = {
  id: string;
  minute: number; // minutes after 2026-03-10T12:00Z: the order of the log
  seconds?: number;
  endedReason?: string | null;
  successEvaluation?: string;
  customer?: string | null;
  type?: string;
  cost?: number | null;
  transcript?: string;
  assistantId?: string;
  status?: string;
};

const BASE = Date.parse('2026-03-10T12:00:00.000Z');

function platformCall(spec: Spec) {
  const created = BASE + spec.minute * 60_000;
  return {
    id: spec.id,
    orgId: 'org-1',
    assistantId: spec.assistantId ?? AGENT,
    phoneNumberId: 'phone-1',
    type: spec.type ?? 'inboundPhoneCall',
    status: spec.status ?? 'ended',
    ...(spec.endedReason === null
      ? {}
      : { endedReason: spec.endedReason ?? 'assistant-ended-call' }),
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 3_600_000).toISOString(),
    ...(spec.seconds === undefined
      ? {}
      : {
          startedAt: new Date(created + 1000).toISOString(),
          endedAt: new Date(created + 1000 + spec.seconds * 1000).toISOString(),
        }),
    ...(spec.cost === null ? {} : { cost: spec.cost ?? 0.123 }),
    ...(spec.customer === null
      ? {}
      : { customer: { number: spec.customer ?? '+1 (555) 010-2233' } }),
    analysis:
      spec.successEvaluation === undefined ? {} : { successEvaluation: spec.successEvaluation },
    artifact: {
      transcript: spec.transcript ?? 'AI: Hello. User: Hi there.',
      messages: [
        { role: 'system', message: 'You are helpful', time: created, secondsFromStart: 0 },
        {
          role: 'bot',
          message: 'Hello, Bright Smile speaking.',
          time: created,
          secondsFromStart: 0.5,
        },
        {
          role: 'user',
          message: 'I would like to book a cleaning.',
          time: created,
          secondsFromStart: 4.2,
        },
        {
          role: 'tool_calls',
          toolCalls: [
            { id: 't1', type: 'function', function: { name: 'book_appointment', arguments: '{}' } },
          ],
          message: '',
          time: created,
          secondsFromStart: 9,
        },
        {
          role: 'tool_call_result',
          toolCallId: 't1',
          name: 'book_appointment',
          result: 'Booked.',
          time: created,
          secondsFromStart: 9.5,
        },
      ],
    },
    costBreakdown: { transport: 0.01, stt: 0.02, llm: 0.03, tts: 0.04, vapi: 0.05, total: 0.15 },
    destination: /forwarded/i.test(spec.endedReason ?? '')
      ? { type: 'number', number: '+15550009999', description: 'Front desk' }
      : undefined,
  };
}

// The seed's tab rules on edge cases; `tabs` lists every tab the call must appear under.
const CASES: (Spec & { tabs: string[] })[] = [
  { id: 'eval-true', minute: 1, seconds: 5, successEvaluation: 'true', tabs: ['successful'] },
  {
    id: 'eval-false',
    minute: 2,
    seconds: 300,
    endedReason: 'customer-ended-call',
    successEvaluation: 'false',
    tabs: ['failed'],
  },
  { id: 'cec-30s', minute: 3, seconds: 30, endedReason: 'customer-ended-call', tabs: ['failed'] },
  {
    id: 'cec-31s',
    minute: 4,
    seconds: 31,
    endedReason: 'customer-ended-call',
    tabs: ['successful'],
  },
  {
    id: 'transfer-word',
    minute: 5,
    seconds: 60,
    endedReason: 'call.in-progress.error-Transfer-failed',
    tabs: ['failed', 'transferred'],
  },
  {
    id: 'forwarded-upper',
    minute: 6,
    seconds: 60,
    endedReason: 'assistant-FORWARDED-call',
    successEvaluation: 'true',
    tabs: ['successful', 'transferred'],
  },
  {
    id: 'escalation',
    minute: 7,
    seconds: 60,
    endedReason: 'escalation-requested',
    tabs: ['failed', 'transferred'],
  },
  {
    id: 'operator-busy',
    minute: 8,
    seconds: 60,
    endedReason: 'call.forwarding.operator-busy',
    tabs: ['failed'],
  },
  {
    id: 'no-reason',
    minute: 9,
    endedReason: null,
    customer: null,
    cost: null,
    type: 'vapi.websocketCall',
    tabs: ['failed'],
  },
];

describe.each(databaseTargets)('call log on %s', (target) => {
  const ctx = appForSuite(target);
  let member: Record<string, string>;
  let stranger: Record<string, string>;

  const get = <T>(url: string, headers = member) => ctx.requestAs<T>('GET', url, headers);

  beforeAll(async () => {
    const owner = await ctx.createBusinessWithMember({ timezone: 'Europe/Berlin' });
    const other = await ctx.createBusinessWithMember();
    await ctx.app.database.db.insert(agents).values([
      {
        platformAssistantId: AGENT,
        businessId: owner.businessId,
        name: 'Front desk',
        phoneNumber: '+15550001111',
        phoneNumberId: 'phone-1',
      },
      { platformAssistantId: EMPTY_NAME_AGENT, businessId: owner.businessId, name: '' },
    ]);
    const paging: Spec[] = Array.from({ length: 111 }, (_, i) => ({
      id: `page-${String(i).padStart(3, '0')}`,
      minute: -1000 - i, // older than the cases
      seconds: 61,
      endedReason: 'assistant-ended-call',
      customer: i % 2 === 0 ? '+44 20 7946 0000' : '+1 555 010 7777',
      transcript:
        i === 7
          ? 'AI: How can I help? User: My wisdom tooth is aching, can I come in tomorrow?'
          : 'AI: Hello. User: Just checking opening hours.',
    }));
    const specials: Spec[] = [
      { id: 'nameless', minute: 10, seconds: 12, assistantId: EMPTY_NAME_AGENT },
      {
        id: 'formula',
        minute: -5000,
        seconds: 10,
        customer: '=HYPERLINK("http://evil.example")',
        endedReason: '@SUM(A1)',
      },
    ];
    await ingestCalls(
      ctx.app.database.db,
      [...CASES, ...paging, ...specials].map((spec) => toCallRecord(platformCall(spec))),
    );
    member = await ctx.sessionHeaders(owner.userName);
    stranger = await ctx.sessionHeaders(other.userName);
  });

  it('puts each edge case under exactly the seed’s tabs', async () => {
    for (const tab of ['successful', 'failed', 'transferred']) {
      const { body } = await get<CallLogPage>(
        `/api/agents/${AGENT}/calls?tab=${tab}&from=2026-03-10&to=2026-03-10`,
      );
      const expected = CASES.filter((c) => c.tabs.includes(tab))
        .map((c) => c.id)
        .sort();
      expect(body.data.map((row) => row.id).sort(), tab).toEqual(expected);
    }
    const all = await get<CallLogPage>(`/api/agents/${AGENT}/calls?from=2026-03-10&to=2026-03-10`);
    expect(all.body.meta.total).toBe(CASES.length);
  });

  it('formats every row the seed’s way, in the business time zone', async () => {
    const { body } = await get<CallLogPage>(
      `/api/agents/${AGENT}/calls?limit=100&from=2026-03-10&to=2026-03-10`,
    );
    const byId = new Map(body.data.map((row) => [row.id, row]));
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(byId.get('cec-31s')).toMatchObject({
      displayId: 'cec-31s…',
      assistant: 'Front desk',
      assistantId: AGENT,
      assistantPhone: '+15550001111',
      customerPhone: '+1 (555) 010-2233',
      callType: 'inbound',
      endReason: 'customer-ended-call',
      successEvaluation: 'pass',
      startTime: 'Mar 10, 2026, 13:04', // 12:04:01 UTC is 13:04 in Berlin
      duration: '31s',
      cost: '$0.12',
      transferred: false,
    });
    expect(byId.get('eval-false')).toMatchObject({ duration: '5m 0s', successEvaluation: 'fail' });
    expect(byId.get('no-reason')).toMatchObject({
      customerPhone: '-',
      callType: 'web',
      endReason: 'Unknown',
      duration: '-',
      cost: '$0.00',
      startTime: 'Mar 10, 2026, 13:09', // no startedAt: the creation time
    });
    const nameless = await get<CallLogPage>(`/api/agents/${EMPTY_NAME_AGENT}/calls`);
    expect(nameless.body.data[0]).toMatchObject({
      assistant: 'Unknown Assistant',
      assistantPhone: '+15550001111', // no name of its own; the number the call came in on
    });
  });

  it('pages newest first with the seed’s meta', async () => {
    const url = `/api/agents/${AGENT}/calls?to=2026-03-09`; // the 111 paging calls and 'formula'
    const first = await get<CallLogPage>(url);
    expect(first.body.meta).toEqual({
      total: 112,
      page: 1,
      limit: 50,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
    });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0]?.id).toBe('page-000');
    const third = await get<CallLogPage>(`${url}&page=3`);
    expect(third.body.meta).toMatchObject({ page: 3, hasNext: false, hasPrev: true });
    expect(third.body.data.map((row) => row.id)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `page-${String(100 + i)}`),
      'formula',
    ]);
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const { body } = await get<CallLogPage>(`${url}&page=${page}`);
      body.data.forEach((row) => seen.add(row.id));
    }
    expect(seen.size).toBe(112);
    const beyond = await get<CallLogPage>(`${url}&page=9`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total: 112, page: 9, hasNext: false, hasPrev: true });
  });

  it('filters by phone digits, ignoring punctuation, and refuses a filter without digits', async () => {
    const { body } = await get<CallLogPage>(
      `/api/agents/${AGENT}/calls?phone=${encodeURIComponent('20 7946-0')}`,
    );
    expect(body.meta.total).toBe(56);
    expect(body.data.every((row) => row.customerPhone === '+44 20 7946 0000')).toBe(true);
    const bad = await get<WireError>(`/api/agents/${AGENT}/calls?phone=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Enter at least one digit of a phone number');
    const backwards = await get<WireError>(
      `/api/agents/${AGENT}/calls?from=2026-03-11&to=2026-03-10`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('The start date must be on or before the end date');
  });

  it('finds words inside transcripts and marks them', async () => {
    const { body } = await get<CallLogPage>(
      `/api/agents/${AGENT}/calls?q=${encodeURIComponent('aching tooth')}`,
    );
    expect(body.data.map((row) => row.id)).toEqual(['page-007']);
    const match = body.data[0]?.transcriptMatch ?? '';
    expect(match).toContain(`${MATCH_START}tooth${MATCH_END}`);
    expect(match).toContain(`${MATCH_START}aching${MATCH_END}`);
    const none = await get<CallLogPage>(`/api/agents/${AGENT}/calls?q=zebra`);
    expect(none.body.meta.total).toBe(0);
    // The page answers before the matches are counted; the total is asked for apart.
    expect(body.counting).toBe(true);
    expect(body.meta).toMatchObject({ page: 1, totalPages: 1, hasNext: false, hasPrev: false });
    const count = await get<CallLogCount>(
      `/api/agents/${AGENT}/calls/count?q=${encodeURIComponent('aching tooth')}`,
    );
    expect(count.body).toEqual({ total: 1, more: false });
    // Any filter: the same total as the page's.
    const phone = await get<CallLogCount>(
      `/api/agents/${AGENT}/calls/count?phone=${encodeURIComponent('20 7946-0')}`,
    );
    expect(phone.body).toEqual({ total: 56, more: false });
    // A count stops at its cap of matches, or after reading so many calls, newest first (the
    // endpoints' bounds are CALL_COUNT_CAP and CALL_COUNT_EXAMINE, then "at least").
    const db = ctx.app.database.db;
    const criteria = { assistantId: AGENT, tab: 'all', phoneDigits: '2079460' } as const;
    expect(await countCallLogUpTo(db, criteria, 100, 1000)).toEqual({
      matched: 56,
      complete: true,
    });
    // At the cap the walk stops there: whether it read every call is not counted (decision 084).
    expect(await countCallLogUpTo(db, criteria, 10, 1000)).toEqual({
      matched: 10,
      complete: false,
    });
    const tooth = { assistantId: AGENT, tab: 'all', q: 'tooth' } as const;
    expect(await countCallLogUpTo(db, tooth, 10, 1000)).toEqual({ matched: 1, complete: true });
    // The one call that says it is older than the newest five.
    expect(await countCallLogUpTo(db, tooth, 10, 5)).toEqual({ matched: 0, complete: false });
    const plain = await get<CallLogPage>(`/api/agents/${AGENT}/calls?phone=20794`);
    expect(plain.body.counting).toBeUndefined();
  });

  it('exports exactly the filter as CSV, every page, formulas escaped', async () => {
    const { res } = await get<unknown>(`/api/agents/${AGENT}/calls/export?to=2026-03-09`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="calls-asst-cal-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse<Record<string, string>>(res.body, { bom: true, columns: true });
    expect(rows).toHaveLength(112);
    expect(rows[0]).toMatchObject({ 'Call ID': 'page-000', Success: 'fail', Duration: '1m 1s' });
    const formula = rows.find((row) => row['Call ID'] === 'formula');
    expect(formula?.['Customer phone']).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(formula?.['Ended reason']).toBe(`'@SUM(A1)`);
    const transferred = await get<unknown>(`/api/agents/${AGENT}/calls/export?tab=transferred`);
    const transferredRows = parse<Record<string, string>>(transferred.res.body, {
      bom: true,
      columns: true,
    });
    // A phone number in international form is no formula: no "'" before it.
    expect(transferredRows.map((row) => row['Assistant phone'])).toContain('+15550001111');
    expect(transferredRows.map((row) => row['Call ID']).sort()).toEqual([
      'escalation',
      'forwarded-upper',
      'transfer-word',
    ]);
  });

  it('compresses the CSV export for a browser that accepts it, the same rows as plain', async () => {
    const url = `/api/agents/${AGENT}/calls/export?to=2026-03-09`;
    const plain = await get<unknown>(url);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...member, 'accept-encoding': `${encoding}, identity` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.rawPayload.length).toBeLessThan(plain.res.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.res.body);
    }
  });

  it('walks any number of rows in keyset batches without losing or repeating one', async () => {
    const ids: string[] = [];
    for await (const batch of iterateCallLog(
      ctx.app.database.db,
      { assistantId: AGENT, tab: 'all' },
      7,
    )) {
      expect(batch.length).toBeLessThanOrEqual(7);
      ids.push(...batch.map((row) => row.id));
    }
    expect(ids).toHaveLength(CASES.length + 112);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows one call in detail, and never another business’s', async () => {
    const { status, body } = await get<CallDetail>('/api/calls/forwarded-upper');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      agent: { id: AGENT, name: 'Front desk' },
      endReasonText: 'Assistant FORWARDED call.',
      successEvaluationRaw: 'true',
      transfer: { number: '+15550009999', name: 'Front desk' },
      costBreakdown: [
        { label: 'Transport', cost: 0.01 },
        { label: 'Speech-to-text', cost: 0.02 },
        { label: 'Model', cost: 0.03 },
        { label: 'Voice', cost: 0.04 },
        { label: 'Platform', cost: 0.05 },
      ],
      // No recording URL, but it ended with a conversation: the platform's authenticated
      // download may have it (platformMayHoldRecording).
      recordingUrl: '/api/calls/forwarded-upper/recording',
    });
    expect(body.transcript).toEqual([
      { speaker: 'assistant', text: 'Hello, Bright Smile speaking.', secondsFromStart: 0.5 },
      { speaker: 'customer', text: 'I would like to book a cleaning.', secondsFromStart: 4.2 },
      { speaker: 'tool', text: 'Called book_appointment', secondsFromStart: 9 },
      { speaker: 'tool', text: 'book_appointment: Booked.', secondsFromStart: 9.5 },
    ]);
    for (const url of [
      '/api/calls/forwarded-upper',
      `/api/agents/${AGENT}/calls`,
      `/api/agents/${AGENT}/calls/export`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: stranger });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('streams a synced call’s recording from the platform, seekable', async () => {
    await ctx.app.callSync.runNow();
    const assistantId = ctx.app.platform.sandbox?.demo.assistantIds[0];
    // The demo agents belong to the demo business: sign in as its member.
    const demo = await ctx.sessionHeaders('demo@brightsmile.example');
    const page = await get<CallLogPage>(
      `/api/agents/${assistantId}/calls?tab=successful&limit=1`,
      demo,
    );
    const callId = page.body.data[0]?.id;
    expect(callId).toBeDefined();
    const detail = await get<CallDetail>(`/api/calls/${callId}`, demo);
    expect(detail.body.recordingUrl).toBe(`/api/calls/${callId}/recording`);
    const whole = await ctx.app.inject({
      method: 'GET',
      url: detail.body.recordingUrl!,
      headers: demo,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(whole.headers['content-disposition']).toBe(`inline; filename="recording-${callId}.wav"`);
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const part = await ctx.app.inject({
      method: 'GET',
      url: detail.body.recordingUrl!,
      headers: { ...demo, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect(part.rawPayload).toHaveLength(100);

    // A browser accepting compression gets the audio's own bytes: Range and Content-Length
    // describe them, so the player can seek.
    const compressing = { ...demo, 'accept-encoding': 'br, gzip' };
    const wholeAgain = await ctx.app.inject({
      method: 'GET',
      url: detail.body.recordingUrl!,
      headers: compressing,
    });
    expect(wholeAgain.statusCode).toBe(200);
    expect(wholeAgain.headers['content-encoding']).toBeUndefined();
    expect(wholeAgain.rawPayload.equals(whole.rawPayload)).toBe(true);
    const partAgain = await ctx.app.inject({
      method: 'GET',
      url: detail.body.recordingUrl!,
      headers: { ...compressing, range: 'bytes=100-199' },
    });
    expect(partAgain.statusCode).toBe(206);
    expect(partAgain.headers['content-encoding']).toBeUndefined();
    expect(partAgain.headers['content-range']).toMatch(/^bytes 100-199\//);
    expect(partAgain.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    // Ranges are storage's to answer, and its answer is passed on: a suffix is the file's end,
    // a range past the end is 416 with the size (not a 502), several ranges get the whole file.
    const size = whole.rawPayload.length;
    const ranged = (range: string) =>
      ctx.app.inject({
        method: 'GET',
        url: detail.body.recordingUrl!,
        headers: { ...demo, range },
      });
    const suffix = await ranged('bytes=-10');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    for (const range of [`bytes=${size}-`, 'bytes=999999999-', 'bytes=-0']) {
      const past = await ranged(range);
      expect({ range, status: past.statusCode }).toEqual({ range, status: 416 });
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      expect(past.json<WireError>().error.code).toBe('RANGE_NOT_SATISFIABLE');
    }
    const several = await ranged('bytes=0-1,5-6');
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(whole.rawPayload)).toBe(true);

    // A call synced by an earlier run keeps that run's sandbox address (a new port at every
    // start): its recording is still found at the sandbox running now.
    const stored = (await ctx.app.platform.client.sdk.calls.get({ id: callId! })) as unknown as {
      artifact: { recordingUrl: string };
    };
    const stale = structuredClone(stored);
    stale.artifact.recordingUrl = stored.artifact.recordingUrl.replace(/:\d+\//, ':9/');
    await ingestCalls(ctx.app.database.db, [
      toCallRecord({ ...stale, id: `${callId}-earlier-run` }),
    ]);
    const old = await ctx.app.inject({
      method: 'GET',
      url: `/api/calls/${callId}-earlier-run/recording`,
      headers: demo,
    });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  describe('recordings come only from the platform, as audio or bytes', () => {
    let demo: Record<string, string>;
    let template: Record<string, unknown>;
    let other: http.Server;
    let otherOrigin: string;
    const otherHits: string[] = [];

    beforeAll(async () => {
      demo = await ctx.sessionHeaders('demo@brightsmile.example');
      // A synced call of the demo business: the recordings below are stored on copies of it.
      const [row] = await ctx.app.database.db
        .select({ payload: calls.payload })
        .from(calls)
        .where(eq(calls.assistantId, ctx.app.platform.sandbox!.demo.assistantIds[0]!))
        .limit(1);
      template = row!.payload as Record<string, unknown>;
      // Another service on this machine, as an attacker would aim at: it answers a page.
      other = http.createServer((request, response) => {
        otherHits.push(request.url ?? '');
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<script>fetch("/api/auth/me")</script>');
      });
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      if (other) await new Promise((resolve) => other.close(resolve));
    });

    const recordingAt = async (id: string, recordingUrl: string) => {
      const call = structuredClone(template);
      call.artifact = { ...(call.artifact as object), recordingUrl };
      await ingestCalls(ctx.app.database.db, [toCallRecord({ ...call, id })]);
      return ctx.app.inject({ method: 'GET', url: `/api/calls/${id}/recording`, headers: demo });
    };

    it('refuses a URL on another loopback port: nothing is fetched or passed on', async () => {
      const res = await recordingAt('rec-other-port', `${otherOrigin}/page.html`);
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<WireError>().error.message).toContain(
        "not one of the voice platform's recording hosts",
      );
      expect(res.body).not.toContain('<script>');
      expect(otherHits).toEqual([]);
    });

    it('answers a non-audio answer of the platform as bytes, sandboxed and never sniffed', async () => {
      const sandbox = ctx.app.platform.sandbox!.baseUrl;
      const res = await recordingAt('rec-not-audio', `${sandbox}/health`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(res.headers['content-disposition']).toBe(
        'inline; filename="recording-rec-not-audio.bin"',
      );
      // Bytes are passed on as they came, even to a browser that accepts compression.
      const compressing = await ctx.app.inject({
        method: 'GET',
        url: '/api/calls/rec-not-audio/recording',
        headers: { ...demo, 'accept-encoding': 'br, gzip' },
      });
      expect(compressing.statusCode).toBe(200);
      expect(compressing.headers['content-encoding']).toBeUndefined();
      expect(compressing.rawPayload.equals(res.rawPayload)).toBe(true);
    });
  });
});
