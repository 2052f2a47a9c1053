import type {
  Agent,
  AgentHealth,
  AgentList,
  AgentSettings,
  AgentSettingsResponse,
  AgentToolChoices,
} from '@switchboard/shared/agents';
import { NO_EXTRA_TOOLS } from '@switchboard/shared/agents';
import type { AgentAnalytics } from '@switchboard/shared/analytics';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import { formatDateTime } from '@switchboard/shared/format';
import { VapiError, type Vapi } from '@vapi-ai/server-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { agents, appointments, platformResources } from '../../db/schema';
import type { WireError } from '@switchboard/shared/errors';
import {
  addTeamMember,
  buildTestApp,
  createBusinessWithMember,
  oneDatabase,
  sessionHeaders,
  type TestApp,
} from '../../test/test-app';
import { relayWebhooksTo } from '../webhook/test-webhook';
import { AgentsService } from './agents.service';
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_TRADES } from '../auth/demo-accounts';

const PUBLIC_URL = 'http://localhost:3999';
const WEBHOOK_URL = `${PUBLIC_URL}/api/platform/webhook`;

const settings: AgentSettings = {
  name: 'Evening line',
  firstMessage: 'Good evening, you have reached the after-hours line.',
  systemPrompt: 'You take messages after hours. Be brief.',
  voiceProvider: 'openai',
  voiceId: 'nova',
  modelProvider: 'anthropic',
  model: 'claude-3-5-haiku-20241022',
  endCallMessage: 'Goodnight!',
};

type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

/** Creates an agent through the API, as the holder of `headers`; answers the response. */
const createAgent = (app: TestApp, headers: Record<string, string>, payload: object = settings) =>
  app.inject({ method: 'POST', url: '/api/agents', headers, payload });

async function platformAssistant(ctx: TestContext, id: string) {
  return ctx.app.platform.client.sdk.assistants.get({ id });
}

describe.each(oneDatabase)('agents on %s', (target) => {
  let ctx: TestContext;
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let ownerBusinessId: string;
  let otherBusinessId: string;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { PUBLIC_URL });
    const owner = await createBusinessWithMember(ctx.app);
    const other = await createBusinessWithMember(ctx.app);
    ownerBusinessId = owner.businessId;
    otherBusinessId = other.businessId;
    member = await sessionHeaders(ctx.app, owner.userName);
    stranger = await sessionHeaders(ctx.app, other.userName);
  });
  afterAll(() => ctx?.close());

  it('creates, reads, edits and deletes an agent through the platform', async () => {
    const created = await createAgent(ctx.app, member);
    expect(created.statusCode).toBe(201);
    const agent = created.json<Agent>();
    expect(agent).toMatchObject({
      name: 'Evening line',
      phoneNumber: null,
      last7Days: { calls: 0, successRate: null, spend: 0 },
      lastCallAt: null,
      lastCallAtText: null,
    });

    // On the platform: our fields, and the two tools answered by our webhook.
    const onPlatform = await platformAssistant(ctx, agent.id);
    expect(onPlatform).toMatchObject({
      name: 'Evening line',
      firstMessage: settings.firstMessage,
      endCallMessage: 'Goodnight!',
      voice: { provider: 'openai', voiceId: 'nova' },
      model: {
        provider: 'anthropic',
        model: 'claude-3-5-haiku-20241022',
        messages: [{ role: 'system', content: settings.systemPrompt }],
      },
      server: { url: WEBHOOK_URL },
    });
    // Our two tools are platform tools of the business, referenced by id and sending to us.
    const { toolIds, tools: inline } = onPlatform.model as { toolIds?: string[]; tools?: unknown };
    expect(inline).toBeUndefined();
    expect(toolIds).toHaveLength(2);
    const platformTools = await Promise.all(
      (toolIds ?? []).map((id) => ctx.app.platform.client.sdk.tools.get({ id })),
    );
    expect(
      (platformTools as Vapi.FunctionTool[]).map((tool) => [tool.function?.name, tool.server?.url]),
    ).toEqual([
      ['create_enquiry', WEBHOOK_URL],
      ['book_appointment', WEBHOOK_URL],
    ]);
    const recorded = await ctx.app.database.db
      .select({ platformId: platformResources.platformId, role: platformResources.role })
      .from(platformResources)
      .where(eq(platformResources.businessId, ownerBusinessId));
    expect(recorded).toEqual(
      expect.arrayContaining([
        { platformId: toolIds?.[0], role: 'switchboard:create_enquiry' },
        { platformId: toolIds?.[1], role: 'switchboard:book_appointment' },
      ]),
    );

    // Ours, and only ours.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/agents', headers: member });
    expect(list.json<AgentList>().data.map((a) => a.id)).toEqual([agent.id]);
    const foreignList = await ctx.app.inject({
      method: 'GET',
      url: '/api/agents',
      headers: stranger,
    });
    expect(foreignList.json<AgentList>().data).toEqual([]);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${agent.id}/settings`,
      headers: member,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<AgentSettingsResponse>()).toEqual({
      id: agent.id,
      settings: { ...settings, tools: NO_EXTRA_TOOLS },
      serverUrl: WEBHOOK_URL,
      tools: ['create_enquiry', 'book_appointment'],
    });

    const changed = {
      ...settings,
      name: 'Late line',
      voiceProvider: 'vapi',
      voiceId: 'Lily',
      endCallMessage: '',
    } as const;
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/agents/${agent.id}`,
      headers: member,
      payload: changed,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Agent>().name).toBe('Late line');
    const afterUpdate = await platformAssistant(ctx, agent.id);
    expect(afterUpdate).toMatchObject({
      name: 'Late line',
      voice: { provider: 'vapi', voiceId: 'Lily' },
      endCallMessage: '',
    });
    const reread = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${agent.id}/settings`,
      headers: member,
    });
    expect(reread.json<AgentSettingsResponse>().settings).toEqual({
      ...changed,
      tools: NO_EXTRA_TOOLS,
    });
    expect(reread.json<AgentSettingsResponse>().tools).toEqual([
      'create_enquiry',
      'book_appointment',
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/agents/${agent.id}`,
      headers: member,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await platformAssistant(ctx, agent.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(VapiError);
    expect((gone as VapiError).statusCode).toBe(404);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${agent.id}`,
      headers: member,
    });
    expect(after.statusCode).toBe(404);
    const emptyList = await ctx.app.inject({ method: 'GET', url: '/api/agents', headers: member });
    expect(emptyList.json<AgentList>().data).toEqual([]);
  });

  it('gives the agent and its tools our secret header, and a settings save keeps foreign fields, tools and tool ids', async () => {
    const secret = ctx.app.platform.webhookAuth.secret;
    const ours = { url: WEBHOOK_URL, headers: { 'x-vapi-secret': secret } };
    const created = await createAgent(ctx.app, member);
    const agent = created.json<Agent>();
    const onPlatform = await platformAssistant(ctx, agent.id);
    expect(onPlatform.server).toEqual({ ...ours, timeoutSeconds: 20 });
    const idsOf = (assistant: Vapi.Assistant) =>
      (assistant.model as unknown as { toolIds: string[] }).toolIds;
    const toolsOf = (assistant: Vapi.Assistant) =>
      (assistant.model as unknown as { tools?: Record<string, unknown>[] }).tools ?? [];
    const managedIds = idsOf(onPlatform);
    for (const id of managedIds) {
      const tool = (await ctx.app.platform.client.sdk.tools.get({ id })) as Vapi.FunctionTool;
      expect(tool.server).toEqual({ ...ours, timeoutSeconds: 20 });
    }

    // An operator adds a credential, a longer timeout, a tool of their own and a tool id on the platform.
    const foreignTool = {
      type: 'function',
      function: { name: 'lookup_order', parameters: { type: 'object', properties: {} } },
      server: { url: 'https://orders.example/hook' },
    };
    const foreignId = (
      await ctx.app.platform.client.sdk.tools.create({
        type: 'function',
        function: { name: 'theirs' },
      })
    ).id;
    // The operator's own webhook credential (the platform refuses an id the org has not).
    ctx.app.platform.sandbox!.addCredential({
      id: '5b0f2a9e-7c1d-4e3f-8a6b-9d0c1e2f3a4b',
      authenticationPlan: { type: 'bearer', token: 'operator-token' },
    });
    await ctx.app.platform.client.sdk.assistants.update({
      id: agent.id,
      server: {
        ...onPlatform.server,
        credentialId: '5b0f2a9e-7c1d-4e3f-8a6b-9d0c1e2f3a4b',
        timeoutSeconds: 45,
      },
      model: {
        ...(onPlatform.model as object),
        tools: [foreignTool],
        toolIds: [...managedIds, foreignId],
      } as unknown as Vapi.UpdateAssistantDtoModel,
    });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/agents/${agent.id}`,
      headers: member,
      payload: { ...settings, name: 'Evening line 2', tools: { ...NO_EXTRA_TOOLS, endCall: true } },
    });
    expect(saved.statusCode).toBe(200);
    const afterSave = await platformAssistant(ctx, agent.id);
    expect(afterSave.server).toEqual({
      ...ours,
      credentialId: '5b0f2a9e-7c1d-4e3f-8a6b-9d0c1e2f3a4b',
      timeoutSeconds: 45,
    });
    expect(toolsOf(afterSave)).toEqual([{ type: 'endCall' }, foreignTool]);
    expect(idsOf(afterSave)).toEqual([...managedIds, foreignId]);
  });

  it('attaches and detaches the business’s custom tools, refuses a tool that is not theirs, and lists them', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const custom = await sdk.tools.create({
      type: 'function',
      function: { name: 'check_stock' },
      server: { url: 'https://stock.example/hook' },
    });
    const strangers = await sdk.tools.create({ type: 'function', function: { name: 'theirs' } });
    await ctx.app.database.db.insert(platformResources).values([
      { kind: 'tool', platformId: custom.id, businessId: ownerBusinessId, name: 'Check stock' },
      { kind: 'tool', platformId: strangers.id, businessId: otherBusinessId, name: 'Theirs' },
    ]);
    const choices = await ctx.app.inject({
      method: 'GET',
      url: '/api/agent-tools',
      headers: member,
    });
    expect(choices.statusCode).toBe(200);
    expect(choices.json<AgentToolChoices>().custom).toEqual([
      { id: custom.id, name: 'Check stock' },
    ]);

    const withCustom = { ...NO_EXTRA_TOOLS, customToolIds: [custom.id] };
    const created = await createAgent(ctx.app, member, {
      ...settings,
      name: 'Stock line',
      tools: withCustom,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<Agent>();
    const onPlatform = await platformAssistant(ctx, id);
    expect((onPlatform.model as { toolIds?: string[] }).toolIds).toContain(custom.id);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${id}/settings`,
      headers: member,
    });
    expect(read.json<AgentSettingsResponse>().settings.tools).toEqual(withCustom);

    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/agents/${id}`,
      headers: member,
      payload: { ...settings, tools: { ...NO_EXTRA_TOOLS, customToolIds: [strangers.id] } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<WireError>().error.message).toBe(`Unknown tool: ${strangers.id}`);

    const detached = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/agents/${id}`,
      headers: member,
      payload: { ...settings, tools: NO_EXTRA_TOOLS },
    });
    expect(detached.statusCode).toBe(200);
    const after = await platformAssistant(ctx, id);
    expect((after.model as { toolIds?: string[] }).toolIds).not.toContain(custom.id);
    expect((after.model as { toolIds?: string[] }).toolIds).toHaveLength(2);
  });

  it('makes a managed tool again when it was deleted on the platform, and answers the tool call through it', async () => {
    const created = await createAgent(ctx.app, member, { ...settings, name: 'Booking line' });
    const { id } = created.json<Agent>();
    const [enquiryId, bookingId] = (
      (await platformAssistant(ctx, id)).model as { toolIds: string[] }
    ).toolIds;
    await ctx.app.platform.client.sdk.tools.delete({ id: bookingId! });
    const health = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${id}/health`,
      headers: member,
    });
    expect(health.json<AgentHealth>()).toMatchObject({
      ok: false,
      problems: ['The book_appointment tool is missing.'],
    });
    const repaired = await ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${id}/repair`,
      headers: member,
    });
    expect(repaired.json<AgentHealth>()).toMatchObject({ ok: true, problems: [] });
    const ids = ((await platformAssistant(ctx, id)).model as { toolIds: string[] }).toolIds;
    expect(ids[0]).toBe(enquiryId);
    expect(ids[1]).not.toBe(bookingId);

    // A call in the sandbox: the platform resolves the id and sends the tool call to us.
    const sandbox = ctx.app.platform.sandbox!;
    sandbox.setServer(undefined);
    const before = await ctx.app.database.db.select().from(appointments);
    const listening = await relayWebhooksTo(ctx.app);
    try {
      await ctx.app.platform.client.sdk.tools.update({
        id: ids[1]!,
        body: {
          type: 'function',
          server: {
            url: listening.url,
            headers: { 'x-vapi-secret': ctx.app.platform.webhookAuth.secret },
          },
        },
      });
      await sandbox.simulateCall({
        assistantId: id,
        type: 'inboundPhoneCall',
        endedReason: 'customer-ended-call',
        tool: 'book_appointment',
      });
    } finally {
      await listening.close();
    }
    const after = await ctx.app.database.db.select().from(appointments);
    expect(after.length).toBe(before.length + 1);
  });

  it('an agent the operator creates has none of our tools until assigned; assigning attaches the business’s, moving swaps them', async () => {
    const admin = await sessionHeaders(ctx.app, DEMO_ADMIN.userName);
    const created = await createAgent(ctx.app, admin, { ...settings, name: 'Unassigned line' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<Agent>();
    const idsOf = async () =>
      ((await platformAssistant(ctx, id)).model as { toolIds?: string[] }).toolIds ?? [];
    expect(await idsOf()).toEqual([]);
    // The operator's screen names agents by their row id.
    const [row] = await ctx.app.database.db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.platformAssistantId, id));
    const assign = (businessId: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/agents/${row!.id}/business`,
        headers: admin,
        payload: { businessId },
      });
    expect((await assign(ownerBusinessId)).statusCode).toBe(200);
    const ownersTools = await idsOf();
    expect(ownersTools).toHaveLength(2);
    expect((await assign(otherBusinessId)).statusCode).toBe(200);
    const othersTools = await idsOf();
    expect(othersTools).toHaveLength(2);
    expect(othersTools.some((toolId) => ownersTools.includes(toolId))).toBe(false);
  });

  it('a discovered agent, once assigned, gets our server and the messages we need; health reports a list without them and Repair adds them', async () => {
    const admin = await sessionHeaders(ctx.app, DEMO_ADMIN.userName);
    const sdk = ctx.app.platform.client.sdk;
    // Made on the platform's console: no server, only end-of-call reports.
    const found = await sdk.assistants.create({
      name: 'Found on the platform',
      firstMessage: 'Hello',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [{ role: 'system', content: 'You answer the phone.' }],
      },
      serverMessages: ['end-of-call-report', 'hang'],
    });
    await ctx.app.callSync.runNow();
    const [row] = await ctx.app.database.db
      .select({ id: agents.id, businessId: agents.businessId })
      .from(agents)
      .where(eq(agents.platformAssistantId, found.id));
    expect(row).toMatchObject({ businessId: null });
    const assigned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/agents/${row!.id}/business`,
      headers: admin,
      payload: { businessId: ownerBusinessId },
    });
    expect(assigned.statusCode).toBe(200);

    const secret = ctx.app.platform.webhookAuth.secret;
    const onPlatform = await platformAssistant(ctx, found.id);
    expect(onPlatform.server).toEqual({
      url: WEBHOOK_URL,
      headers: { 'x-vapi-secret': secret },
      timeoutSeconds: 20,
    });
    // Their own types stay; ours are added.
    expect(onPlatform.serverMessages).toEqual([
      'end-of-call-report',
      'hang',
      'status-update',
      'tool-calls',
      'conversation-update',
    ]);
    // Live listening and control on, both asking for the public key (decision 059).
    expect(onPlatform.monitorPlan).toEqual({
      listenEnabled: true,
      controlEnabled: true,
      listenAuthenticationEnabled: true,
      controlAuthenticationEnabled: true,
    });
    expect((onPlatform.model as { toolIds?: string[] }).toolIds).toHaveLength(2);
    const health = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/agents/${found.id}/health`,
          headers: member,
        })
      ).json<AgentHealth>();
    expect(await health()).toMatchObject({ ok: true, missingServerMessages: [], problems: [] });

    // Someone narrows the list on the platform: health says what no longer comes.
    await sdk.assistants.update({ id: found.id, serverMessages: ['end-of-call-report'] });
    expect(await health()).toMatchObject({
      ok: false,
      serverPointsAtUs: true,
      serverAuthenticated: true,
      missingServerMessages: ['status-update', 'tool-calls', 'conversation-update'],
      problems: [
        'The agent does not send its call status updates, its tool calls, its live transcript to Switchboard.',
      ],
    });
    // Someone turns live control off on the platform: health says so; Repair turns it back on.
    await sdk.assistants.update({
      id: found.id,
      serverMessages: ['end-of-call-report', 'status-update', 'tool-calls', 'conversation-update'],
      monitorPlan: { controlEnabled: false },
    });
    expect(await health()).toMatchObject({
      ok: false,
      problems: [
        'Live listening and stepping into calls are not set up on the agent as Switchboard needs.',
      ],
    });
    await sdk.assistants.update({ id: found.id, serverMessages: ['end-of-call-report'] });
    // Repair adds them back to the list as it now is.
    const repaired = await ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${found.id}/repair`,
      headers: member,
    });
    expect(repaired.json<AgentHealth>()).toMatchObject({ ok: true, missingServerMessages: [] });
    expect((await platformAssistant(ctx, found.id)).serverMessages).toEqual([
      'end-of-call-report',
      'status-update',
      'tool-calls',
      'conversation-update',
    ]);
    expect((await platformAssistant(ctx, found.id)).monitorPlan).toMatchObject({
      listenEnabled: true,
      controlEnabled: true,
    });
  });

  it('reports agent health, warns when the server was changed on the platform, and Repair fixes it', async () => {
    const created = await createAgent(ctx.app, member);
    const agent = created.json<Agent>();
    const health = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/agents/${agent.id}/health`,
        headers: member,
      });
      expect(res.statusCode).toBe(200);
      return res.json<AgentHealth>();
    };
    const fresh = await health();
    expect(fresh).toMatchObject({
      ok: true,
      webhookUrl: WEBHOOK_URL,
      serverPointsAtUs: true,
      serverAuthenticated: true,
      lastWebhookAt: null,
      problems: [],
    });
    expect(fresh.tools.every((tool) => tool.present && tool.pointsAtUs && tool.authenticated)).toBe(
      true,
    );

    // An authenticated webhook about this assistant is recorded; a refused one is not.
    const webhook = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { message: { type: 'speech-update', call: { id: 'h-1', assistantId: agent.id } } },
      });
    expect((await webhook({ 'x-vapi-secret': 'wrong' })).statusCode).toBe(401);
    expect((await health()).lastWebhookAt).toBeNull();
    const secret = ctx.app.platform.webhookAuth.secret;
    expect((await webhook({ 'x-vapi-secret': secret })).statusCode).toBe(200);
    expect(Date.parse((await health()).lastWebhookAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Someone points the assistant elsewhere on the platform, with settings of their own.
    const before = await platformAssistant(ctx, agent.id);
    await ctx.app.platform.client.sdk.assistants.update({
      id: agent.id,
      server: {
        url: 'https://elsewhere.example/hook',
        timeoutSeconds: 30,
        staticIpAddressesEnabled: true,
        headers: { 'x-trace': 'theirs' },
      },
    });
    const broken = await health();
    expect(broken.ok).toBe(false);
    expect(broken.serverPointsAtUs).toBe(false);
    expect(broken.problems.join(' ')).toMatch(/elsewhere\.example/);

    // Repair: ours again, their other fields kept; a stranger cannot repair it.
    const strangers = await ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${agent.id}/repair`,
      headers: stranger,
    });
    expect(strangers.statusCode).toBe(404);
    // A member of the business reads the health but leaves the repair to an owner.
    const teammate = await addTeamMember(ctx.app, ownerBusinessId);
    const byMember = await ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${agent.id}/repair`,
      headers: await sessionHeaders(ctx.app, teammate.userName),
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json<WireError>().error.message).toBe(
      'Only an owner of the business can repair an agent.',
    );
    expect((await health()).ok).toBe(false);
    const repaired = await ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${agent.id}/repair`,
      headers: member,
    });
    expect(repaired.statusCode).toBe(200);
    expect(repaired.json<AgentHealth>()).toMatchObject({ ok: true, problems: [] });
    const after = await platformAssistant(ctx, agent.id);
    expect(after.server).toEqual({
      url: WEBHOOK_URL,
      headers: { 'x-trace': 'theirs', 'x-vapi-secret': secret },
      timeoutSeconds: 30,
      staticIpAddressesEnabled: true,
    });
    expect(after.model).toEqual(before.model);
    expect((await health()).ok).toBe(true);
  });

  it("answers 404 for another business's agent and leaves it alone on the platform", async () => {
    const created = await createAgent(ctx.app, member, { ...settings, name: 'Mine' });
    const { id } = created.json<Agent>();
    for (const request of [
      { method: 'GET' as const, url: `/api/agents/${id}` },
      { method: 'GET' as const, url: `/api/agents/${id}/settings` },
      {
        method: 'PATCH' as const,
        url: `/api/agents/${id}`,
        payload: { ...settings, name: 'Stolen' },
      },
      { method: 'DELETE' as const, url: `/api/agents/${id}` },
    ]) {
      const res = await ctx.app.inject({ ...request, headers: stranger });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect((await platformAssistant(ctx, id)).name).toBe('Mine');
  });

  it('refuses invalid settings with the field message and creates nothing', async () => {
    const before = (await ctx.app.platform.client.sdk.assistants.list({ limit: 1000 })).length;
    const res = await createAgent(ctx.app, member, {
      ...settings,
      name: '   ',
      voiceProvider: 'nobody',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<WireError>().error.message).toBe('Agent name is required');
    const after = (await ctx.app.platform.client.sdk.assistants.list({ limit: 1000 })).length;
    expect(after).toBe(before);
  });

  it("answers 422 with the platform's reason when the platform refuses the settings, and writes nothing", async () => {
    const res = await createAgent(ctx.app, member, {
      ...settings,
      name: 'Unknown model line',
      model: 'no-such-model',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<WireError>().error).toMatchObject({
      code: 'PLATFORM_REJECTED',
      message: expect.stringMatching(
        /^Failed to create agent: model\.model must be one of /,
      ) as unknown,
    });
    const rows = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.name, 'Unknown model line'));
    expect(rows).toEqual([]);
  });

  it("lists each demo business's agent with last-7-day figures equal to its analytics", async () => {
    await ctx.app.callSync.runNow();
    const seen: string[] = [];
    let recentCalls = 0;
    for (const { owner, business } of Object.values(DEMO_TRADES)) {
      const demo = await sessionHeaders(ctx.app, owner.userName);
      const list = (
        await ctx.app.inject({ method: 'GET', url: '/api/agents', headers: demo })
      ).json<AgentList>();
      // The demo agent of the business's own trade only (agents other tests created belong to
      // the test business).
      expect(list.data.map((agent) => agent.businessName)).toEqual([business.name]);
      const agent = list.data[0]!;
      const today = todayIn(agent.timeZone);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/agents/${agent.id}/analytics?from=${addDays(today, -6)}&to=${today}`,
        headers: demo,
      });
      const { summary, outcomes } = res.json<AgentAnalytics>();
      expect(agent.last7Days.calls).toBe(summary.numberOfCalls);
      expect(agent.last7Days.spend).toBe(summary.totalSpent);
      expect(agent.last7Days.successRate).toBe(
        summary.numberOfCalls === 0
          ? null
          : Math.round((outcomes.passed / summary.numberOfCalls) * 10000) / 100,
      );
      expect(agent.lastCallAt).not.toBeNull();
      // The time the dashboard shows, in the agent's business's zone.
      expect(agent.lastCallAtText).toBe(formatDateTime(agent.lastCallAt, agent.timeZone));
      expect(agent.lastCallAtText).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
      expect(agent.phoneNumber).toMatch(/^\+/);
      seen.push(agent.id);
      recentCalls += agent.last7Days.calls;
    }
    expect(recentCalls).toBeGreaterThan(0);
    expect(seen.sort()).toEqual([...ctx.app.platform.sandbox!.demo.assistantIds].sort());
  });
});

describe.each(oneDatabase)('existing agents moved to tools by id on %s', (target) => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('on start, the demo agents with inline tools get their business’s tools by id, and a call books through them', async () => {
    ctx = await buildTestApp(target);
    const sandbox = ctx.app.platform.sandbox!;
    const [dental, plumbing, restaurant, survey] = sandbox.demo.assistantIds;
    const before = await platformAssistant(ctx, dental!);
    expect((before.model as { tools?: unknown[] }).tools).toHaveLength(2);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const idsOf = async (id: string) =>
      ((await platformAssistant(ctx, id)).model as { toolIds?: string[] }).toolIds ?? [];
    // The start-up pass works through the businesses one after another.
    for (const id of [dental!, plumbing!, restaurant!, survey!]) {
      await expect.poll(() => idsOf(id)).toHaveLength(2);
    }
    const ids = await idsOf(dental!);
    expect(ids).toHaveLength(2);
    // One pair of tools per business: each demo trade is a business of its own.
    const pairs = [ids];
    for (const other of [plumbing!, restaurant!, survey!]) {
      const theirs = await idsOf(other);
      expect(theirs).toHaveLength(2);
      pairs.push(theirs);
    }
    expect(new Set(pairs.flat()).size).toBe(8);
    const after = await platformAssistant(ctx, dental!);
    expect((after.model as { tools?: unknown[] }).tools).toBeUndefined();
    const demo = await sessionHeaders(ctx.app, DEMO_MEMBER.userName);
    const health = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${dental}/health`,
      headers: demo,
    });
    expect(health.json<AgentHealth>()).toMatchObject({ ok: true, problems: [] });

    const booked = await ctx.app.database.db.select().from(appointments);
    const call = await sandbox.simulateCall({
      assistantId: dental!,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    const rows = await ctx.app.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.callId, call.id));
    expect(rows).toHaveLength(1);
    expect((await ctx.app.database.db.select().from(appointments)).length).toBe(booked.length + 1);
  });
});

describe.each(oneDatabase)('a server stopped during its start-up pass on %s', (target) => {
  let passes: MockInstance<AgentsService['migrateToToolIds']>;
  let ctx: TestContext;
  // Built in a hook, as the other suites here build theirs: on a loaded CI machine a new
  // PostgreSQL database and app took much of a test's 30 s.
  beforeAll(async () => {
    passes = vi.spyOn(AgentsService.prototype, 'migrateToToolIds');
    ctx = await buildTestApp(target);
  });
  let closed = false;
  afterAll(async () => {
    passes.mockRestore();
    if (!closed) await ctx?.close();
  });

  it('stops the pass, and closes its database only once the pass has ended', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // onListen hooks run once listen has answered.
    await expect.poll(() => passes.mock.calls.length).toBe(1);
    const pass = passes.mock.results[0]!.value as Promise<{ failed: number }>;
    let ended = false;
    void pass.then(() => (ended = true));
    const { database } = ctx.app;
    const closeDatabase = database.close.bind(database);
    let endedAtDatabaseClose: boolean | undefined;
    vi.spyOn(database, 'close').mockImplementation(async () => {
      endedAtDatabaseClose = ended;
      await closeDatabase();
    });
    // Stopped at once: of the four demo agents with inline tools, hardly one is done.
    closed = true;
    await ctx.close();
    // Before, the pass went on against the closed database, each agent a logged failure.
    expect(endedAtDatabaseClose).toBe(true);
    expect((await pass).failed).toBe(0);
  });
});

describe.each(oneDatabase)('agents when the platform is down on %s', (target) => {
  let ctx: TestContext;
  let member: Record<string, string>;
  let agentId: string;

  beforeAll(async () => {
    ctx = await buildTestApp(target);
    const owner = await createBusinessWithMember(ctx.app);
    member = await sessionHeaders(ctx.app, owner.userName);
    const created = await createAgent(ctx.app, member);
    agentId = created.json<Agent>().id;
    await ctx.app.platform.sandbox?.close();
  });
  afterAll(() => ctx?.close());

  it("says so in the seed's words, keeps serving the store, and writes nothing", async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${agentId}/settings`,
      headers: member,
    });
    expect(read.statusCode).toBe(502);
    expect(read.json<WireError>().error.message).toMatch(
      /^Failed to fetch agent: the voice platform could not be reached/,
    );

    const create = await createAgent(ctx.app, member, { ...settings, name: 'Never made' });
    expect(create.statusCode).toBe(502);
    expect(create.json<WireError>().error.message).toMatch(/^Failed to create agent: /);
    const rows = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.name, 'Never made'));
    expect(rows).toEqual([]);

    const update = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/agents/${agentId}`,
      headers: member,
      payload: { ...settings, name: 'Renamed' },
    });
    expect(update.statusCode).toBe(502);
    expect(update.json<WireError>().error.message).toMatch(/^Failed to update agent: /);

    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/agents/${agentId}`,
      headers: member,
    });
    expect(remove.statusCode).toBe(502);
    expect(remove.json<WireError>().error.message).toMatch(/^Failed to delete agent: /);

    // The list and the analytics come from our own store and keep answering.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/agents', headers: member });
    expect(list.statusCode).toBe(200);
    expect(list.json<AgentList>().data.map((a) => a.name)).toEqual(['Evening line']);
    const analytics = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${agentId}/analytics`,
      headers: member,
    });
    expect(analytics.statusCode).toBe(200);
  });
});
