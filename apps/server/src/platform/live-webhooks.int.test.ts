import { createSandbox, type Sandbox } from '@switchboard/sandbox/sandbox';
import type { Agent, AgentHealth } from '@switchboard/shared/agents';
import { VapiClient } from '@vapi-ai/server-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { agents, appointments, calls, enquiries, platformSettings } from '../db/schema';
import {
  buildTestApp,
  createAdminUser,
  createBusinessWithMember,
  createScratchConfig,
  databaseTargets,
  injectAs,
  sessionHeaders,
} from '../test/test-app';
import { freePort } from '../test/smtp-sink';
import { sharedWebhookSecret } from './webhook-secret';
import { WEBHOOK_PATH } from './platform-runtime';

// Live mode with no VAPI_WEBHOOK_SECRET, against a standalone sandbox platform reached only
// through its HTTP API: the server makes up a secret once and keeps it, puts it on the agents
// it creates, and the platform's messages for such an agent reach us and are acted on.

const PRIVATE = 'live-webhooks-private-key';
/** The settings of the agents these tests create through the product. */
const AGENT_SETTINGS = {
  firstMessage: 'Hello, this is Bright Smile calling.',
  systemPrompt: 'You book appointments.',
  voiceProvider: 'vapi',
  voiceId: 'Elliot',
  modelProvider: 'openai',
  model: 'gpt-4o',
  endCallMessage: 'Goodbye!',
};
const PUBLIC = 'live-webhooks-public-key';

/** A new business's owner creates an agent through the product, as the agents page does. */
async function createAgentAsNewOwner(app: App, name: string) {
  const owner = await createBusinessWithMember(app);
  const member = await sessionHeaders(app, owner.userName);
  const created = await injectAs(app, 'POST', '/api/agents', member, { ...AGENT_SETTINGS, name });
  expect(created.statusCode).toBe(201);
  return { owner, member, agent: created.json<Agent>() };
}

describe.each(databaseTargets)('webhooks in live mode on %s', (target) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await createSandbox({
      privateKey: PRIVATE,
      publicKey: PUBLIC,
      totalCalls: 0,
      logLevel: 'silent',
      simulator: { intervalMs: 0, stepMs: 5, webCallMs: 10 },
    });
  });
  afterAll(() => sandbox?.close());

  const liveEnv = (publicUrl: string) => ({
    VAPI_API_KEY: PRIVATE,
    VAPI_BASE_URL: sandbox.baseUrl,
    PUBLIC_URL: publicUrl,
    SANDBOX_CALLS: '0',
  });

  it('generates the webhook secret once and every start (and instance) uses the same', async () => {
    const scratch = await createScratchConfig(target, liveEnv('https://switchboard.example.com'));
    try {
      const first = await buildApp(scratch.config);
      const secret = first.platform.webhookAuth.secret;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      // Another instance racing for it on the same database gets the stored one.
      expect(await sharedWebhookSecret(first.database.db)).toBe(secret);
      expect(await first.database.db.select().from(platformSettings)).toHaveLength(1);
      await first.close();
      const restarted = await buildApp(scratch.config);
      expect(restarted.platform.webhookAuth.secret).toBe(secret);
      await restarted.close();
      if (target === 'postgres') {
        // Two instances starting at once on one database (PGlite allows only one process).
        const fresh = await createScratchConfig(target, liveEnv('https://switchboard.example.com'));
        try {
          const both = await Promise.all([buildApp(fresh.config), buildApp(fresh.config)]);
          const [a, b] = both.map((app) => app.platform.webhookAuth.secret);
          expect(a).toBe(b);
          await Promise.all(both.map((app) => app.close()));
        } finally {
          await fresh.cleanup();
        }
      }
    } finally {
      await scratch.cleanup();
    }
  });

  describe('with the server listening', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let publicUrl: string;
    let client: VapiClient;

    beforeAll(async () => {
      const port = await freePort();
      publicUrl = `http://127.0.0.1:${port}`;
      ctx = await buildTestApp(target, liveEnv(publicUrl));
      await ctx.app.listen({ host: '127.0.0.1', port });
      // Sync off: whatever arrives, arrives by webhook.
      await ctx.app.callSync.stop();
      client = new VapiClient({ token: PRIVATE, baseUrl: sandbox.baseUrl, maxRetries: 0 });
    });
    afterAll(() => ctx?.close());

    /** An assistant made straight on the platform (on its console), not through Switchboard. */
    const madeOnThePlatform = (
      name: string,
      prompt: string,
      settings: Omit<Parameters<VapiClient['assistants']['create']>[0], 'name' | 'model'>,
    ) =>
      client.assistants.create({
        name,
        model: {
          provider: 'openai',
          model: 'gpt-4o',
          messages: [{ role: 'system', content: prompt }],
        },
        ...settings,
      });

    it('an outbound call of an agent we created books the appointment by webhook', async () => {
      const { owner, member, agent } = await createAgentAsNewOwner(ctx.app, 'Bookings');
      const assistant = await client.assistants.get({ id: agent.id });
      expect(assistant.server).toMatchObject({
        url: `${publicUrl}${WEBHOOK_PATH}`,
        headers: { 'x-vapi-secret': ctx.app.platform.webhookAuth.secret },
      });

      const call = await client.calls.create({
        assistantId: agent.id,
        phoneNumberId: sandbox.demo.phoneNumberIds[0],
        customer: { number: '+15550100777' },
        assistantOverrides: { metadata: { sandboxScenario: 'book_appointment' } },
      });
      const callId = (call as { id: string }).id;
      const db = ctx.app.database.db;
      await expect
        .poll(
          async () =>
            (await db.select().from(calls).where(eq(calls.id, callId)))[0]?.endedReason ?? null,
          { timeout: 10_000 },
        )
        .toBe('customer-ended-call');
      const booked = await db
        .select()
        .from(appointments)
        .where(eq(appointments.businessId, owner.businessId));
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({ callId });

      const health = await injectAs(ctx.app, 'GET', `/api/agents/${agent.id}/health`, member);
      expect(health.json<AgentHealth>()).toMatchObject({ ok: true, problems: [] });
      expect(health.json<AgentHealth>().lastWebhookAt).not.toBeNull();
    });

    it('an agent discovered on the platform and assigned to a business sends its calls here without Repair', async () => {
      const owner = await createBusinessWithMember(ctx.app);
      const admin = await createAdminUser(ctx.app);
      const found = await madeOnThePlatform('Made on the console', 'You take messages.', {
        serverMessages: ['end-of-call-report'],
      });
      // As discovery records it: no business yet.
      const [row] = await ctx.app.database.db
        .insert(agents)
        .values({ platformAssistantId: found.id, businessId: null, name: found.name ?? '' })
        .returning({ id: agents.id });
      const assigned = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/agents/${row!.id}/business`,
        headers: await sessionHeaders(ctx.app, admin.userName),
        payload: { businessId: owner.businessId },
      });
      expect(assigned.statusCode).toBe(200);

      const ended = await sandbox.simulateCall({
        assistantId: found.id,
        type: 'inboundPhoneCall',
        endedReason: 'customer-ended-call',
        tool: 'create_enquiry',
      });
      const db = ctx.app.database.db;
      const [stored] = await db.select().from(calls).where(eq(calls.id, ended.id));
      expect(stored).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
      const recorded = await db
        .select()
        .from(enquiries)
        .where(eq(enquiries.businessId, owner.businessId));
      expect(recorded).toHaveLength(1);
    });

    it('refuses (401) the messages of an assistant whose server carries no header', async () => {
      const bare = await madeOnThePlatform('Made elsewhere', 'Hi', {
        server: { url: `${publicUrl}${WEBHOOK_PATH}` },
      });
      const ended = await sandbox.simulateCall({ assistantId: bare.id, tool: 'none' });
      const rows = await ctx.app.database.db.select().from(calls).where(eq(calls.id, ended.id));
      expect(rows).toEqual([]);
      // What the sandbox sent — the report, with no header — is answered 401.
      const replay = await fetch(`${publicUrl}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: { type: 'end-of-call-report', call: ended } }),
      });
      expect(replay.status).toBe(401);
    });
  });

  describe('in HMAC mode (VAPI_WEBHOOK_AUTH=hmac)', () => {
    it('makes the webhook credential once through POST /credential, names it on the agents it creates, and their signed calls arrive', async () => {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const env = { ...liveEnv(publicUrl), VAPI_WEBHOOK_AUTH: 'hmac' };
      const scratch = await createScratchConfig(target, env);
      const client = new VapiClient({ token: PRIVATE, baseUrl: sandbox.baseUrl, maxRetries: 0 });
      try {
        const first = await buildApp(scratch.config);
        const credentialId = first.platform.serverAuth.credentialId;
        expect(credentialId).toEqual(expect.any(String));
        expect(first.platform.serverAuth.headers).toEqual({});
        const stored = await first.database.db.select().from(platformSettings);
        expect(stored.filter((row) => row.name.startsWith('webhook-credential-'))).toEqual([
          expect.objectContaining({ value: credentialId }),
        ]);
        await first.close();

        // A restart names the same credential rather than making another.
        const app = await buildApp(scratch.config);
        expect(app.platform.serverAuth.credentialId).toBe(credentialId);
        await app.listen({ host: '127.0.0.1', port });
        await app.callSync.stop();
        try {
          const { agent } = await createAgentAsNewOwner(app, 'Signed');
          const assistant = await client.assistants.get({ id: agent.id });
          expect(assistant.server).toMatchObject({
            url: `${publicUrl}${WEBHOOK_PATH}`,
            credentialId,
          });
          expect(assistant.server?.headers ?? {}).toEqual({});

          const call = await client.calls.create({
            assistantId: agent.id,
            phoneNumberId: sandbox.demo.phoneNumberIds[0],
            customer: { number: '+15550100778' },
          });
          const callId = (call as { id: string }).id;
          await expect
            .poll(
              async () =>
                (await app.database.db.select().from(calls).where(eq(calls.id, callId)))[0]
                  ?.status ?? null,
              { timeout: 10_000 },
            )
            .toBe('ended');
        } finally {
          await app.close();
        }
      } finally {
        await scratch.cleanup();
      }
    });
  });
});
