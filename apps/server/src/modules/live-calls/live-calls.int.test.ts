import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { CallDetail } from '@switchboard/shared/call-logs';
import type { LiveCall, LiveCallList } from '@switchboard/shared/live-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { callActions, sessions, users } from '../../db/schema';
import { DEMO_TEAM_MEMBERS, DEMO_TRADES } from '../auth/demo-accounts';
import {
  addTeamMember,
  buildTestApp,
  createScratchConfig,
  oneDatabase,
  sessionHeaders,
} from '../../test/test-app';
import { LIVE_CONTROL_LIMIT } from './live-calls.routes';

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

/** An open listen stream: the bytes relayed so far, and whether it ended. */
async function openListen(base: string, callId: string, headers: Headers) {
  const response = await fetch(`${base}/api/live-calls/${callId}/listen`, { headers });
  let bytes = 0;
  let ended = false;
  const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  const done = (async () => {
    if (!reader || response.status !== 200) return;
    for (;;) {
      const chunk = await reader.read().catch(() => undefined);
      if (!chunk || chunk.done) break;
      bytes += chunk.value.length;
    }
    ended = true;
  })();
  return {
    response,
    bytes: () => bytes,
    ended: () => ended,
    close: async () => {
      await reader?.cancel().catch(() => undefined);
      await done;
    },
  };
}

describe.each(oneDatabase)('live calls on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let owner: Headers;
  let foreign: Headers;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0', SYNC_INTERVAL_SECONDS: '3600' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    owner = await sessionHeaders(ctx.app, DEMO_TRADES.plumbing.owner.userName);
    foreign = await sessionHeaders(ctx.app, DEMO_TEAM_MEMBERS.dental!.userName);
    admin = await sessionHeaders(ctx.app, 'admin');
  });
  afterAll(() => ctx?.close());

  const list = async (headers: Headers) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/live-calls', headers })).json<LiveCallList>()
      .calls;
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
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/live-calls/sandbox-call',
      headers: owner,
      payload: {},
    });
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
    expect(heard.response.status).toBe(200);
    expect(heard.response.headers.get('content-type')).toBe('application/octet-stream');
    expect(heard.response.headers.get('x-audio-format')).toBe('pcm_s16le; rate=16000; channels=1');
    await expect.poll(() => heard.bytes()).toBeGreaterThan(640 * 10);

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
    const targets = await ctx.app.inject({
      method: 'GET',
      url: `/api/live-calls/${call.id}/transfer-targets`,
      headers: owner,
    });
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
        const detail = await ctx.app.inject({
          method: 'GET',
          url: `/api/calls/${call.id}`,
          headers: owner,
        });
        return detail.json<CallDetail>().endReasonText;
      })
      .not.toBe('');
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/calls/${call.id}`, headers: owner })
    ).json<CallDetail>();
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
    const targets = await ctx.app.inject({
      method: 'GET',
      url: `/api/live-calls/${call.id}/transfer-targets`,
      headers: foreign,
    });
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
        const detail = await ctx.app.inject({
          method: 'GET',
          url: `/api/calls/${call.id}`,
          headers: owner,
        });
        return detail.json<CallDetail>().transfer?.number ?? null;
      })
      .toBe('+13125550111');
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/calls/${call.id}`, headers: owner })
    ).json<CallDetail>();
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
    const member = await addTeamMember(
      ctx.app,
      (
        await ctx.app.database.db
          .select()
          .from(users)
          .where(eq(users.userName, DEMO_TRADES.plumbing.owner.userName))
      )[0]!.businessId!,
    );
    const headers = await sessionHeaders(ctx.app, member.userName);
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
