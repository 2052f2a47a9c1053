import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { CallDetail } from '@switchboard/shared/call-logs';
import {
  LISTEN_RECORD,
  ListenRecordReader,
  type LiveCall,
  type LiveCallList,
} from '@switchboard/shared/live-calls';
import { WEB_CALL_SDK_TOKEN } from '@switchboard/shared/web-call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { callActions, sessions, users } from '../../db/schema';
import { DEMO_TEAM_MEMBERS, DEMO_TRADES } from '../auth/demo-accounts';
import {
  appForSuite,
  storedEndedReason,
  createScratchConfig,
  oneDatabase,
  sessionHeaders,
} from '../../test/test-app';
import { LISTEN_CAPS, LIVE_CONTROL_LIMIT } from './live-calls.routes';

// Live calls (issue 38, decision 059) through the real app and its sandbox platform: the list
// and its stream, listening in (the platform's audio relayed), stepping in (each control sent
// to the call's controlUrl, limited, recorded with who did it), and another business's 404s.

type Headers = Record<string, string>;

/** An open Server-Sent Events stream: its `calls` events as they come, and whether it ended. */
async function openStream(base: string, headers: Headers) {
  const response = await fetch(`${base}/api/live-calls/stream`, { headers });
  const events: LiveCall[][] = [];
  let ended = false;
  const reader = response.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => undefined);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (!block.startsWith('event: calls')) continue;
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push((JSON.parse(data.slice(6)) as LiveCallList).calls);
      }
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    close: async () => {
      await reader.cancel().catch(() => undefined);
      await done;
    },
  };
}

/**
 * An open listen stream: the audio relayed so far (read from its records), its 20 ms frames'
 * sizes, the platform's text messages, and whether it ended.
 */
async function openListen(base: string, callId: string, headers: Headers) {
  const response = await fetch(`${base}/api/live-calls/${callId}/listen`, { headers });
  let bytes = 0;
  const sizes = new Set<number>();
  const texts: string[] = [];
  let ended = false;
  // A refusal's message, read at once (an unread body would hold its connection).
  const refusal =
    response.status === 200
      ? undefined
      : ((await response.json()) as { error: { message: string } }).error.message;
  const reader = (response.status === 200 ? response.body?.getReader() : undefined) as
    | ReadableStreamDefaultReader<Uint8Array>
    | undefined;
  const records = new ListenRecordReader();
  const done = (async () => {
    if (!reader || response.status !== 200) return;
    for (;;) {
      const chunk = await reader.read().catch(() => undefined);
      if (!chunk || chunk.done) break;
      for (const record of records.push(chunk.value)) {
        if (record.kind === 'audio') {
          bytes += record.bytes.length;
          sizes.add(record.bytes.length);
        } else texts.push(record.text);
      }
    }
    ended = true;
  })();
  return {
    response,
    refusal,
    bytes: () => bytes,
    sizes,
    texts,
    ended: () => ended,
    close: async () => {
      await reader?.cancel().catch(() => undefined);
      await done;
    },
  };
}

describe.each(oneDatabase)('live calls on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0', SYNC_INTERVAL_SECONDS: '3600' });
  let base: string;
  let owner: Headers;
  let foreign: Headers;
  let admin: Headers;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    owner = await ctx.sessionHeaders(DEMO_TRADES.plumbing.owner.userName);
    foreign = await ctx.sessionHeaders(DEMO_TEAM_MEMBERS.dental!.userName);
    admin = await ctx.sessionHeaders('admin');
  });

  const list = async (headers: Headers) =>
    (await ctx.injectAs('GET', '/api/live-calls', headers)).json<LiveCallList>().calls;
  const control = (headers: Headers, callId: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/live-calls/${callId}/control`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  /** A simulated caller rings the plumber; resolves with the call once it shows as live. */
  async function liveCall(): Promise<LiveCall> {
    const before = new Set((await list(owner)).map((call) => call.id));
    const placed = await ctx.injectAs('POST', '/api/live-calls/sandbox-call', owner, {});
    expect(placed.statusCode).toBe(202);
    let call: LiveCall | undefined;
    await expect
      .poll(async () => {
        call = (await list(owner)).find(
          (candidate) => !before.has(candidate.id) && candidate.status === 'in-progress',
        );
        return call !== undefined;
      })
      .toBe(true);
    return call!;
  }

  it('shows a call in progress with its transcript growing, streamed, relays its audio, and takes controls into its history', async () => {
    const stream = await openStream(base, owner);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const call = await liveCall();
    expect(call).toMatchObject({
      agent: { name: 'Rapid Rooter Plumbing Dispatch' },
      businessName: 'Rapid Rooter Plumbing',
      callType: 'inbound',
      canListen: true,
      canControl: true,
      assistantMuted: false,
    });
    expect(call.callerNumber).toMatch(/^\+1\d{10}$/);
    // The transcript grows (conversation-update messages), and the stream pushes it.
    await expect
      .poll(async () => (await list(owner)).find((c) => c.id === call.id)?.lines.length ?? 0)
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() =>
        stream.events.some(
          (calls) => (calls.find((c) => c.id === call.id)?.lines.length ?? 0) >= 2,
        ),
      )
      .toBe(true);
    // The operator sees it too, with its business.
    expect((await list(admin)).some((c) => c.id === call.id)).toBe(true);

    // Listening: the platform's raw PCM, relayed as it comes.
    const heard = await openListen(base, call.id, owner);
    expect(heard.response.status, heard.refusal).toBe(200);
    expect(heard.response.headers.get('content-type')).toBe(LISTEN_RECORD.contentType);
    expect(heard.response.headers.get('x-audio-format')).toBe('pcm_s16le; rate=16000; channels=1');
    await expect.poll(() => heard.bytes()).toBeGreaterThan(640 * 10);
    // One record per platform message: the sandbox's 20 ms frames arrive whole.
    expect([...heard.sizes]).toEqual([640]);

    // Bad input: 400 with a message, nothing sent.
    for (const bad of [
      { action: 'dance' },
      { action: 'say', text: '' },
      { action: 'say', text: 'x'.repeat(1001) },
      { action: 'say', text: 'Hi', extra: true },
      { action: 'transfer', number: '+15555550100' },
    ]) {
      const answer = await control(owner, call.id, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }

    const sentence = 'A plumber can be with you within the hour.';
    expect((await control(owner, call.id, { action: 'say', text: sentence })).statusCode).toBe(200);
    expect(
      (await control(owner, call.id, { action: 'whisper', text: 'Offer the 10% discount.' }))
        .statusCode,
    ).toBe(200);
    expect((await control(owner, call.id, { action: 'mute-assistant' })).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const now = (await list(owner)).find((c) => c.id === call.id);
        return Boolean(now?.assistantMuted && now.lines.some((line) => line.text === sentence));
      })
      .toBe(true);
    expect((await control(owner, call.id, { action: 'unmute-assistant' })).statusCode).toBe(200);

    // The business's own number (its calling rules allow it) is offered for a transfer.
    const targets = await ctx.injectAs('GET', `/api/live-calls/${call.id}/transfer-targets`, owner);
    expect(targets.json()).toEqual({
      numbers: [{ number: '+13125550111', label: 'Rapid Rooter Plumbing' }],
    });

    expect((await control(owner, call.id, { action: 'end-call' })).statusCode).toBe(200);
    await expect.poll(async () => (await list(owner)).some((c) => c.id === call.id)).toBe(false);
    await expect.poll(() => heard.ended()).toBe(true);
    await stream.close();

    // The call log's detail carries what was done, by whom.
    await expect
      .poll(async () => {
        const detail = await ctx.injectAs('GET', `/api/calls/${call.id}`, owner);
        return detail.json<CallDetail>().endReasonText;
      })
      .not.toBe('');
    const detail = (await ctx.injectAs('GET', `/api/calls/${call.id}`, owner)).json<CallDetail>();
    expect(detail.actions?.map((a) => [a.action, a.detail, a.outcome])).toEqual([
      ['say', sentence, 'done'],
      ['whisper', 'Offer the 10% discount.', 'done'],
      ['mute-assistant', null, 'done'],
      ['unmute-assistant', null, 'done'],
      ['end-call', null, 'done'],
    ]);
    const [ownerUser] = await ctx.app.database.db
      .select()
      .from(users)
      .where(eq(users.userName, DEMO_TRADES.plumbing.owner.userName));
    expect(new Set(detail.actions?.map((a) => a.by))).toEqual(new Set([ownerUser!.name]));
    expect(detail.transcript.some((line) => line.text.includes(sentence))).toBe(true);
    // Once over, controls answer 404 (it is no longer in progress).
    expect((await control(owner, call.id, { action: 'end-call' })).statusCode).toBe(404);
  });

  it('answers 404 to another business for the call, its stream, listening and controls; transfers to the business’s own number', async () => {
    const call = await liveCall();
    expect((await list(foreign)).some((c) => c.id === call.id)).toBe(false);
    expect((await control(foreign, call.id, { action: 'end-call' })).statusCode).toBe(404);
    const listen = await openListen(base, call.id, foreign);
    expect(listen.response.status).toBe(404);
    await listen.close();
    const targets = await ctx.injectAs(
      'GET',
      `/api/live-calls/${call.id}/transfer-targets`,
      foreign,
    );
    expect(targets.statusCode).toBe(404);
    // Its stream never carries the call.
    const stream = await openStream(base, foreign);
    expect(
      (await control(owner, call.id, { action: 'say', text: 'Still with you.' })).statusCode,
    ).toBe(200);
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    expect(stream.events.flat().some((c) => c.id === call.id)).toBe(false);
    await stream.close();
    // Signed out: 401, no stream.
    const anonymous = await fetch(`${base}/api/live-calls/stream`);
    expect(anonymous.status).toBe(401);
    // The owner transfers it to the business's own number: it ends as forwarded there.
    const transferred = await control(owner, call.id, {
      action: 'transfer',
      number: '+1 (312) 555-0111',
    });
    expect(transferred.statusCode).toBe(200);
    await expect
      .poll(async () => {
        const detail = await ctx.injectAs('GET', `/api/calls/${call.id}`, owner);
        return detail.json<CallDetail>().transfer?.number ?? null;
      })
      .toBe('+13125550111');
    const detail = (await ctx.injectAs('GET', `/api/calls/${call.id}`, owner)).json<CallDetail>();
    expect(detail.row.endReason).toMatch(/forward/i);
    expect(detail.actions?.at(-1)).toMatchObject({
      action: 'transfer',
      detail: '+13125550111',
      outcome: 'done',
    });
  });

  it('limits controls per person and records nothing over the limit; ends streams when the session ends', async () => {
    const call = await liveCall();
    const plumbing = (await list(owner)).find((c) => c.id === call.id)!;
    expect(plumbing).toBeDefined();
    const member = await ctx.addTeamMember(
      (
        await ctx.app.database.db
          .select()
          .from(users)
          .where(eq(users.userName, DEMO_TRADES.plumbing.owner.userName))
      )[0]!.businessId!,
    );
    const headers = await ctx.sessionHeaders(member.userName);
    const answers: number[] = [];
    for (let n = 0; n <= LIVE_CONTROL_LIMIT.max; n++)
      answers.push((await control(headers, call.id, { action: 'mute-assistant' })).statusCode);
    expect(answers.slice(0, LIVE_CONTROL_LIMIT.max).every((status) => status === 200)).toBe(true);
    const refused = await control(headers, call.id, { action: 'mute-assistant' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const recorded = await ctx.app.database.db
      .select()
      .from(callActions)
      .where(eq(callActions.userId, member.userId));
    expect(recorded).toHaveLength(LIVE_CONTROL_LIMIT.max);

    // The member's session ends (signed out elsewhere): their stream and listening end too.
    const stream = await openStream(base, headers);
    const heard = await openListen(base, call.id, headers);
    await expect.poll(() => heard.bytes()).toBeGreaterThan(0);
    await ctx.app.database.db.delete(sessions).where(eq(sessions.userId, member.userId));
    await expect.poll(() => stream.ended() && heard.ended()).toBe(true);
    await stream.close();
    await heard.close();
    expect((await control(owner, call.id, { action: 'end-call' })).statusCode).toBe(200);
  });

  it('shows a web call (“Talk to agent”) in progress with the lines said in it, and steps into it through its monitor', async () => {
    const plumber = ctx.app.platform.sandbox!.demo.assistants.find(
      (assistant) => assistant.trade === 'plumbing',
    )!;
    const created = await ctx.injectAs(
      'POST',
      '/api/web-call/call/web',
      { ...owner, authorization: `Bearer ${WEB_CALL_SDK_TOKEN}` },
      { assistantId: plumber.id },
    );
    expect(created.statusCode).toBe(201);
    const web = created.json<{ id: string; webCallUrl: string }>();
    const room = async () =>
      (await ctx.injectAs('GET', web.webCallUrl, owner)).json<{
        status: string;
      }>().status;
    await expect.poll(room).toBe('in-progress');
    // The browser's call client reports what the caller said (the room's transcript).
    const words = 'My kitchen sink is blocked and overflowing.';
    const said = await ctx.injectAs('POST', `${web.webCallUrl}/transcript`, owner, {
      role: 'user',
      message: words,
    });
    expect(said.statusCode).toBe(202);
    let call: LiveCall | undefined;
    await expect
      .poll(async () => {
        call = (await list(owner)).find((candidate) => candidate.id === web.id);
        return call?.lines.some((line) => line.role === 'caller' && line.text === words) ?? false;
      })
      .toBe(true);
    expect(call).toMatchObject({
      agent: { name: 'Rapid Rooter Plumbing Dispatch' },
      callType: 'web',
      callerNumber: null,
      canListen: true,
      canControl: true,
    });
    // Its audio, relayed as a phone call's.
    const heard = await openListen(base, web.id, owner);
    expect(heard.response.status, heard.refusal).toBe(200);
    await expect.poll(() => heard.bytes()).toBeGreaterThan(640 * 5);
    // Another business: 404 for its controls and its audio.
    expect((await control(foreign, web.id, { action: 'end-call' })).statusCode).toBe(404);
    const foreignListen = await openListen(base, web.id, foreign);
    expect(foreignListen.response.status).toBe(404);
    await foreignListen.close();

    const sentence = 'A plumber is on the way to you now.';
    expect((await control(owner, web.id, { action: 'say', text: sentence })).statusCode).toBe(200);
    await expect
      .poll(async () =>
        (await list(owner))
          .find((candidate) => candidate.id === web.id)
          ?.lines.some((line) => line.role === 'assistant' && line.text === sentence),
      )
      .toBe(true);
    expect((await control(owner, web.id, { action: 'end-call' })).statusCode).toBe(200);
    await expect.poll(async () => (await list(owner)).some((c) => c.id === web.id)).toBe(false);
    await expect.poll(() => heard.ended()).toBe(true);
    await heard.close();
    await expect.poll(() => storedEndedReason(ctx.app, web.id)).toBe('assistant-ended-call');
    const detail = (await ctx.injectAs('GET', `/api/calls/${web.id}`, owner)).json<CallDetail>();
    expect(detail.actions?.map((a) => [a.action, a.detail, a.outcome])).toEqual([
      ['say', sentence, 'done'],
      ['end-call', null, 'done'],
    ]);
    expect(detail.transcript.some((line) => line.text.includes(words))).toBe(true);
    expect(detail.transcript.some((line) => line.text.includes(sentence))).toBe(true);
  });

  it('caps the listen streams open at once per person and per business, with a 429 that says so', async () => {
    const call = await liveCall();
    const businessId = (
      await ctx.app.database.db
        .select()
        .from(users)
        .where(eq(users.userName, DEMO_TRADES.plumbing.owner.userName))
    )[0]!.businessId!;
    const open: Awaited<ReturnType<typeof openListen>>[] = [];
    const listenAs = async (headers: Headers) => {
      const stream = await openListen(base, call.id, headers);
      if (stream.response.status === 200) open.push(stream);
      return stream;
    };
    for (let n = 0; n < LISTEN_CAPS.perUser; n++)
      expect((await listenAs(owner)).response.status).toBe(200);
    const over = await listenAs(owner);
    expect(over.response.status).toBe(429);
    expect(over.refusal).toBe(
      `You are already listening to ${LISTEN_CAPS.perUser} calls. Stop one of them to listen to this one.`,
    );
    // One stopped: its place is free again.
    await open.shift()!.close();
    await expect.poll(async () => (await listenAs(owner)).response.status).toBe(200);

    // The business: its people together hold at most LISTEN_CAPS.perBusiness.
    let left = LISTEN_CAPS.perBusiness - LISTEN_CAPS.perUser;
    let last: Headers = owner;
    while (left > 0) {
      const member = await ctx.addTeamMember(businessId);
      last = await ctx.sessionHeaders(member.userName);
      for (let n = 0; n < Math.min(LISTEN_CAPS.perUser - 1, left); n++, left--)
        expect((await listenAs(last)).response.status).toBe(200);
    }
    const full = await listenAs(last);
    expect(full.response.status).toBe(429);
    expect(full.refusal).toBe(
      `${LISTEN_CAPS.perBusiness} calls of this business are being listened to already. Stop one of them to listen to this one.`,
    );
    // The operator listens to another business's calls under that business's cap too.
    expect((await listenAs(admin)).response.status).toBe(429);
    expect((await control(owner, call.id, { action: 'end-call' })).statusCode).toBe(200);
    await expect.poll(() => open.every((stream) => stream.ended())).toBe(true);
    for (const stream of open) await stream.close();
  });
});

/**
 * Two instances on one PostgreSQL: the sandbox of instance A places the call and its webhooks
 * reach A; a member signed in on B sees it, and its transcript growing, on B's stream.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live calls on two instances', () => {
  let a: App;
  let b: App;
  let cleanup: () => Promise<void>;
  let otherDataDir: string;

  beforeAll(async () => {
    const scratch = await createScratchConfig('postgres', {
      SANDBOX_CALLS: '0',
      SYNC_INTERVAL_SECONDS: '3600',
    });
    cleanup = scratch.cleanup;
    otherDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-int-'));
    a = await buildApp(scratch.config);
    b = await buildApp({ ...scratch.config, dataDir: otherDataDir });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
    await fs.rm(otherDataDir, { recursive: true, force: true });
  });

  it('pushes a call whose webhooks reach A to a member on B', async () => {
    const baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    const member = await sessionHeaders(b, DEMO_TRADES.plumbing.owner.userName);
    const stream = await openStream(baseB, member);
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    const sandboxA = a.platform.sandbox!;
    const plumber = sandboxA.demo.assistants.find((assistant) => assistant.trade === 'plumbing')!;
    const ended = sandboxA.simulateCall({
      assistantId: plumber.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'none',
      holdMs: 60_000,
    });
    let callId: string | undefined;
    await expect
      .poll(() => {
        const call = stream.events.flat().find((c) => c.lines.length >= 2);
        callId = call?.id;
        return callId !== undefined;
      })
      .toBe(true);
    // A's own control ends it; B's stream sees it leave.
    const ownerA = await sessionHeaders(a, DEMO_TRADES.plumbing.owner.userName);
    const answer = await a.inject({
      method: 'POST',
      url: `/api/live-calls/${callId}/control`,
      headers: ownerA,
      payload: { action: 'end-call' },
    });
    expect(answer.statusCode).toBe(200);
    await ended;
    await expect.poll(() => (stream.events.at(-1) ?? []).some((c) => c.id === callId)).toBe(false);
    await stream.close();
  });
});
