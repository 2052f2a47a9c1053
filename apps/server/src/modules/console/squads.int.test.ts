import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallDetail, CallLogPage } from '@switchboard/shared/call-logs';
import type { DashboardStatistics } from '@switchboard/shared/analytics';
import type { Squad } from '@switchboard/shared/squads';
import { TEST_CALL_METADATA, WEB_CALL_SDK_TOKEN } from '@switchboard/shared/web-call';
import { agents, businesses, calls, platformResources } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { resolveToolCaller } from '../contacts/tool-caller';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { recordOwned } from './console.repository';
import { appForSuite, oneDatabase } from '../../test/test-app';

describe.each(oneDatabase)('squads on %s', (target) => {
  const ctx = appForSuite(target, { SYNC_INTERVAL_SECONDS: '3600' });
  let member: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  let businessA: string;
  /** The demo business's agent (the sandbox's dental assistant) and a second one made here. */
  let dental: string;
  let billing: string;
  /** An agent of business B. */
  let foreignAgent: string;

  beforeAll(async () => {
    // Listening: the sandbox's webhooks reach us, as they do in production.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await ctx.app.callSync.runNow();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    const b = await ctx.createBusinessWithMember();
    other = await ctx.sessionHeaders(b.userName);
    admin = await ctx.sessionHeaders('admin');
    const db = ctx.app.database.db;
    const [a] = await db.select().from(businesses).where(eq(businesses.email, DEMO_BUSINESS.email));
    businessA = a!.id;
    dental = ctx.app.platform.sandbox!.demo.assistantIds[0]!;
    const sdk = ctx.app.platform.client.sdk;
    const second = await sdk.assistants.create({ name: 'Billing desk' });
    billing = second.id;
    const third = await sdk.assistants.create({ name: 'Elsewhere' });
    foreignAgent = third.id;
    await db.insert(agents).values([
      { platformAssistantId: billing, name: 'Billing desk', businessId: businessA },
      { platformAssistantId: foreignAgent, name: 'Elsewhere', businessId: b.businessId },
    ]);
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  const dentalName = async () =>
    (
      await ctx.app.database.db
        .select({ name: agents.name })
        .from(agents)
        .where(eq(agents.platformAssistantId, dental))
    )[0]!.name;

  it('creates a squad of the business’s agents with hand-offs, as the document has them', async () => {
    const res = await call('POST', '/api/squads', member, {
      name: 'Front desk',
      members: [
        { agentId: dental, handoffTo: [billing] },
        { agentId: billing, handoffTo: [dental] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const squad = res.json<Squad>();
    expect(squad).toMatchObject({
      name: 'Front desk',
      members: [
        { agentId: dental, agentName: await dentalName(), handoffTo: [billing] },
        { agentId: billing, agentName: 'Billing desk', handoffTo: [dental] },
      ],
    });
    // On the platform: members by assistantId, destinations of type assistant by name.
    const onPlatform = await ctx.app.platform.client.sdk.squads.get({ id: squad.id });
    expect(onPlatform.members).toEqual([
      {
        assistantId: dental,
        assistantDestinations: [{ type: 'assistant', assistantName: 'Billing desk' }],
      },
      {
        assistantId: billing,
        assistantDestinations: [{ type: 'assistant', assistantName: await dentalName() }],
      },
    ]);
    const [row] = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.platformId, squad.id));
    expect(row).toMatchObject({ kind: 'squad', businessId: businessA, name: 'Front desk' });

    const list = (await call('GET', '/api/squads', member)).json<{ data: Squad[] }>().data;
    expect(list.map((s) => s.id)).toContain(squad.id);
    // Another business sees none of it.
    expect((await call('GET', '/api/squads', other)).json()).toEqual({ data: [] });
  });

  it('edits and deletes a squad; another business’s squad is 404 on every route', async () => {
    const created = (
      await call('POST', '/api/squads', member, {
        name: 'Night line',
        members: [{ agentId: dental }],
      })
    ).json<Squad>();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Mine now', members: [{ agentId: foreignAgent }] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/squads/${created.id}`, other, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: 'Squad not found' } });
    }
    expect((await call('GET', '/api/squads/no-such-squad', member)).statusCode).toBe(404);

    const edited = await call('PUT', `/api/squads/${created.id}`, member, {
      name: 'Night and weekend line',
      members: [{ agentId: billing }, { agentId: dental, handoffTo: [billing] }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Squad>()).toMatchObject({
      name: 'Night and weekend line',
      members: [
        { agentId: billing, handoffTo: [] },
        { agentId: dental, handoffTo: [billing] },
      ],
    });
    const removed = await call('DELETE', `/api/squads/${created.id}`, member);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/squads/${created.id}`, member)).statusCode).toBe(404);
    await expect(ctx.app.platform.client.sdk.squads.get({ id: created.id })).rejects.toThrow();
  });

  it('takes only the business’s own agents as members (another’s is 404, nothing is made)', async () => {
    const before = (await ctx.app.platform.client.sdk.squads.list({ limit: 1000 })).length;
    const foreign = await call('POST', '/api/squads', member, {
      name: 'Borrowed',
      members: [{ agentId: dental }, { agentId: foreignAgent }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { message: 'Agent not found' } });
    const fromB = await call('POST', '/api/squads', other, {
      name: 'Borrowed',
      members: [{ agentId: dental }],
    });
    expect(fromB.statusCode).toBe(404);
    expect((await ctx.app.platform.client.sdk.squads.list({ limit: 1000 })).length).toBe(before);
  });

  it('answers bad squads with a 400 naming the problem', async () => {
    for (const [payload, message] of [
      [{ name: 'Empty', members: [] }, 'A squad needs at least one agent'],
      [{ name: '', members: [{ agentId: dental }] }, 'Give the squad a name'],
      [
        { name: 'Twice', members: [{ agentId: dental }, { agentId: dental }] },
        'This agent is already in the squad',
      ],
      [
        { name: 'Outside', members: [{ agentId: dental, handoffTo: [billing] }] },
        'Hand-offs go to agents of this squad only',
      ],
      [
        { name: 'Self', members: [{ agentId: dental, handoffTo: [dental] }] },
        'An agent cannot hand the caller to itself',
      ],
    ] as const) {
      const res = await call('POST', '/api/squads', member, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.body, message).toContain(message);
    }
    // An operator has no business: refused before the body is read.
    expect((await call('POST', '/api/squads', admin, {})).statusCode).toBe(403);
  });

  describe('calls', () => {
    let squadId: string;
    const sdkHeaders = (headers: Record<string, string>) => ({
      ...headers,
      authorization: `Bearer ${WEB_CALL_SDK_TOKEN}`,
    });
    const startWebCall = (payload: object, headers = member) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/web-call/call/web',
        headers: sdkHeaders(headers),
        payload,
      });

    beforeAll(async () => {
      squadId = (
        await call('POST', '/api/squads', member, {
          name: 'Reception squad',
          members: [{ agentId: dental, handoffTo: [billing] }, { agentId: billing }],
        })
      ).json<Squad>().id;
    });

    it('answers a web call with nothing to start with the specification’s message', async () => {
      const res = await startWebCall({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { message: 'Assistant or Squad or Workflow must be provided.' },
      });
    });

    it('starts a squad web call (first member answers) and logs it under the business with the squad’s name', async () => {
      // Another business cannot start it.
      expect((await startWebCall({ squadId }, other)).statusCode).toBe(404);

      const created = await startWebCall({
        squadId,
        assistantOverrides: { metadata: TEST_CALL_METADATA },
      });
      expect(created.statusCode).toBe(201);
      const started = created.json<{ id: string; webCallUrl: string; assistantId?: string }>();
      // As the platform: the call names the squad and has no assistant of its own.
      expect(started).toMatchObject({ squadId });
      expect(started.assistantId).toBeUndefined();

      const room = async (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: started.webCallUrl, headers });
      await expect
        .poll(async () => (await room(member)).json<{ status: string }>().status, { timeout: 5000 })
        .toBe('in-progress');
      const greeting = (await ctx.app.platform.client.sdk.assistants.get({ id: dental }))
        .firstMessage;
      expect((await room(member)).json()).toMatchObject({ squadId, firstMessage: greeting });
      expect((await room(other)).statusCode).toBe(404);
      const hangUp = await ctx.app.inject({
        method: 'POST',
        url: `${started.webCallUrl}/hang-up`,
        headers: member,
      });
      expect(hangUp.statusCode).toBe(202);

      // The webhooks bring it into the store; it shows in the business's call log.
      await expect
        .poll(
          async () => {
            const [row] = await ctx.app.database.db
              .select({ status: calls.status, squadId: calls.squadId })
              .from(calls)
              .where(eq(calls.id, started.id));
            return row;
          },
          { timeout: 10_000 },
        )
        .toEqual({ status: 'ended', squadId });
      const log = await call('GET', '/api/calls?includeTest=1', member);
      expect(log.statusCode).toBe(200);
      const row = log.json<CallLogPage>().data.find((r) => r.id === started.id);
      expect(row).toMatchObject({ assistant: 'Reception squad (squad)', assistantId: null });
      const detail = await call('GET', `/api/calls/${started.id}`, member);
      expect(detail.statusCode).toBe(200);
      expect(detail.json<CallDetail>().row.assistant).toBe('Reception squad (squad)');
      // Not another business's.
      expect((await call('GET', `/api/calls/${started.id}`, other)).statusCode).toBe(404);
      const otherLog = (await call('GET', '/api/calls?includeTest=1', other)).json<CallLogPage>();
      expect(otherLog.data.map((r) => r.id)).not.toContain(started.id);
      // One agent's log does not take in the squad's calls.
      const agentLog = (
        await call('GET', `/api/calls?includeTest=1&agentId=${dental}`, member)
      ).json<CallLogPage>();
      expect(agentLog.data.map((r) => r.id)).not.toContain(started.id);
    });

    it('counts a squad’s real calls in the business’s dashboard figures', async () => {
      const figures = async () =>
        (await call('GET', '/api/statistics/dashboard', member)).json<DashboardStatistics>().calls
          .today.calls;
      const before = await figures();
      const now = Date.now();
      await ingestCalls(ctx.app.database.db, [
        toCallRecord({
          id: randomUUID(),
          orgId: 'org',
          type: 'inboundPhoneCall',
          status: 'ended',
          squadId,
          endedReason: 'customer-ended-call',
          createdAt: new Date(now - 120_000).toISOString(),
          updatedAt: new Date(now).toISOString(),
          startedAt: new Date(now - 110_000).toISOString(),
          endedAt: new Date(now - 10_000).toISOString(),
          cost: 0.42,
        }),
      ]);
      expect(await figures()).toBe(before + 1);
    });

    it('puts a squad call’s tool call (no assistantId) under the squad’s business', async () => {
      const caller = await resolveToolCaller(
        ctx.app.database.db,
        { id: randomUUID(), squadId, customer: { number: '+14155550199' } },
        { name: 'Sam Squad' },
      );
      expect(caller).toMatchObject({ businessId: businessA, assistantId: null });
      expect(caller.contact).toMatchObject({ name: 'Sam Squad' });
      // A squad no business owns: refused, as an unassigned agent's tool call is.
      await expect(
        resolveToolCaller(
          ctx.app.database.db,
          { id: randomUUID(), squadId: randomUUID(), customer: { number: '+14155550198' } },
          {},
        ),
      ).rejects.toMatchObject({ statusCode: 422, code: 'AGENT_UNASSIGNED' });
    });

    it('starts a workflow web call only by a workflow id recorded as the business’s', async () => {
      const workflowId = randomUUID();
      expect((await startWebCall({ workflowId })).statusCode).toBe(404);
      await recordOwned(ctx.app.database.db, {
        kind: 'workflow',
        platformId: workflowId,
        businessId: businessA,
        name: 'Intake',
      });
      expect((await startWebCall({ workflowId }, other)).statusCode).toBe(404);
      // Ours: let through to the platform, whose document has no workflow resource (the
      // sandbox answers as the platform does for a workflow it does not have).
      const res = await startWebCall({ workflowId, workflowOverrides: { variableValues: {} } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(`Couldn't Get Workflow`);
    });
  });
});
