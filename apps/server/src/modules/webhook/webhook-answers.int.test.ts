import { randomBytes } from 'node:crypto';
import { describeErrors, validatorFor } from '@switchboard/sandbox/platform-document';
import { transferringAssistant } from '@switchboard/sandbox/test/fixtures';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, businesses, calls } from '../../db/schema';
import { recordOwned } from '../console/console.repository';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { postToWebhook, relayWebhooksTo } from './test-webhook';
import { NOT_TAKING_CALLS, NO_TRANSFER_NUMBER } from './webhook-answers';

// The messages whose answer the platform reads: assistant-request (an inbound call to a
// business's number with no agent), transfer-destination-request and knowledge-base-request.
// Our answers against the document (ServerMessageResponse*, closed), then calls the sandbox
// plays by our answers.

const SECRET = 'whsec-assistant-request-0123456789';
const uniqueId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

describe.each(oneDatabase)("answers to the platform's requests on %s", (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });

  const ask = async (
    phoneNumberId: string | undefined,
    phoneNumber: unknown = { provider: 'vapi' },
  ) => {
    const res = await postToWebhook(ctx.app, SECRET, {
      message: {
        type: 'assistant-request',
        phoneNumber,
        call: {
          id: uniqueId('call'),
          orgId: 'org-1',
          type: 'inboundPhoneCall',
          status: 'ringing',
          ...(phoneNumberId ? { phoneNumberId } : {}),
          customer: { number: '+15552220101' },
          createdAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:00:00.000Z',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<Record<string, unknown>>();
    const validate = validatorFor('ServerMessageResponseAssistantRequest', { closed: true });
    expect(validate(answer) ? [] : describeErrors(validate.errors)).toEqual([]);
    return answer;
  };

  it("answers with the number's fallback, else the business's agent, else a spoken error", async () => {
    const { businessId } = await ctx.createBusinessWithMember();
    const numberId = uniqueId('number');
    const db = ctx.app.database.db;
    // Nobody's number, or no number at all: the error, in words for the caller.
    expect(await ask(numberId)).toEqual({ error: NOT_TAKING_CALLS });
    expect(await ask(undefined)).toEqual({ error: NOT_TAKING_CALLS });

    await recordOwned(db, { kind: 'phone-number', platformId: numberId, businessId, name: 'Main' });
    // The business has no agent yet.
    expect(await ask(numberId)).toEqual({ error: NOT_TAKING_CALLS });
    // The number's fallback destination comes first.
    const fallback = { type: 'number', number: '+15552220999' };
    expect(await ask(numberId, { provider: 'vapi', fallbackDestination: fallback })).toEqual({
      destination: fallback,
    });

    const agentId = uniqueId('agent');
    await db.insert(agents).values({ platformAssistantId: agentId, businessId, name: 'Reception' });
    expect(await ask(numberId)).toEqual({ assistantId: agentId });
    // With two agents the number names neither: the error.
    await db
      .insert(agents)
      .values({ platformAssistantId: uniqueId('agent'), businessId, name: 'Evenings' });
    expect(await ask(numberId)).toEqual({ error: NOT_TAKING_CALLS });
  });

  it('the sandbox plays an inbound call to an agentless number with the agent we answer, and its calls reach us', async () => {
    const { businessId } = await ctx.createBusinessWithMember();
    const sandbox = ctx.app.platform.sandbox!;
    const sdk = ctx.app.platform.client.sdk;
    const listening = await relayWebhooksTo(ctx.app);
    try {
      const server = { url: listening.url, headers: { 'x-vapi-secret': SECRET } };
      const assistant = await sdk.assistants.create({
        name: 'Front desk',
        firstMessage: 'Hello',
        server,
        serverMessages: ['status-update', 'end-of-call-report'],
      });
      await ctx.app.database.db
        .insert(agents)
        .values({ platformAssistantId: assistant.id, businessId, name: 'Front desk' });
      const number = await sdk.phoneNumbers.create({ provider: 'vapi', name: 'Main', server });
      await recordOwned(ctx.app.database.db, {
        kind: 'phone-number',
        platformId: number.id,
        businessId,
        name: 'Main',
      });
      const played = await sandbox.simulateCall({
        phoneNumberId: number.id,
        endedReason: 'customer-ended-call',
        tool: 'none',
      });
      expect(played).toMatchObject({ assistantId: assistant.id, phoneNumberId: number.id });
      const [stored] = await ctx.app.database.db
        .select()
        .from(calls)
        .where(eq(calls.id, played.id));
      expect(stored).toMatchObject({ assistantId: assistant.id, status: 'ended' });

      // A number no business owns: the platform speaks our error and ends the call.
      const stray = await sdk.phoneNumbers.create({ provider: 'vapi', name: 'Stray', server });
      const refused = await sandbox.simulateCall({ phoneNumberId: stray.id, tool: 'none' });
      expect(refused).toMatchObject({
        status: 'ended',
        endedReason: 'assistant-request-returned-error',
      });
      expect(refused.assistantId).toBeUndefined();
    } finally {
      await listening.close();
    }
  });

  it("answers transfer-destination-request with the business's phone, and the sandbox transfers there", async () => {
    const { businessId } = await ctx.createBusinessWithMember({ name: 'Harbour Dental' });
    const db = ctx.app.database.db;
    const sdk = ctx.app.platform.client.sdk;
    const listening = await relayWebhooksTo(ctx.app);
    try {
      const assistant = await sdk.assistants.create(
        transferringAssistant({ url: listening.url, headers: { 'x-vapi-secret': SECRET } }, [
          'status-update',
          'end-of-call-report',
          'transfer-destination-request',
        ]),
      );
      await db
        .insert(agents)
        .values({ platformAssistantId: assistant.id, businessId, name: 'Operator' });
      const ask = async (assistantId: string) => {
        const res = await postToWebhook(ctx.app, SECRET, {
          message: {
            type: 'transfer-destination-request',
            call: {
              id: uniqueId('call'),
              orgId: 'org-1',
              assistantId,
              type: 'inboundPhoneCall',
              createdAt: '2026-11-22T10:00:00.000Z',
              updatedAt: '2026-11-22T10:00:00.000Z',
            },
          },
        });
        expect(res.statusCode).toBe(200);
        const answer = res.json<Record<string, unknown>>();
        const validate = validatorFor('ServerMessageResponseTransferDestinationRequest', {
          closed: true,
        });
        expect(validate(answer) ? [] : describeErrors(validate.errors)).toEqual([]);
        return answer;
      };
      // No phone on file (or no business behind the agent): the transfer is refused.
      expect(await ask(assistant.id)).toEqual({ error: NO_TRANSFER_NUMBER });
      expect(await ask(uniqueId('stranger'))).toEqual({ error: NO_TRANSFER_NUMBER });
      await db
        .update(businesses)
        .set({ phone: '01 234 5678' })
        .where(eq(businesses.id, businessId));
      const destination = { type: 'number', number: '+35312345678', description: 'Harbour Dental' };
      expect(await ask(assistant.id)).toEqual({ destination });

      const transferred = await ctx.app.platform.sandbox!.simulateCall({
        assistantId: assistant.id,
        type: 'inboundPhoneCall',
        endedReason: 'assistant-forwarded-call',
        tool: 'none',
      });
      expect(transferred).toMatchObject({
        endedReason: 'assistant-forwarded-call',
        destination: { type: 'number', number: '+35312345678' },
      });
      const [stored] = await db.select().from(calls).where(eq(calls.id, transferred.id));
      expect(stored).toMatchObject({ endedReason: 'assistant-forwarded-call' });
    } finally {
      await listening.close();
    }
  });

  it("answers knowledge-base-request with the business's facts that the question touches", async () => {
    const { businessId } = await ctx.createBusinessWithMember({ name: 'Quay Plumbing' });
    const db = ctx.app.database.db;
    const agentId = uniqueId('agent');
    await db.insert(agents).values({ platformAssistantId: agentId, businessId, name: 'Desk' });
    await db
      .update(businesses)
      .set({ phone: '+353 1 555 0100', website: 'https://quay.example' })
      .where(eq(businesses.id, businessId));
    const ask = async (assistantId: string, question: string) => {
      const res = await postToWebhook(ctx.app, SECRET, {
        message: {
          type: 'knowledge-base-request',
          messages: [],
          messagesOpenAIFormatted: [
            { role: 'assistant', content: 'Hello, Quay Plumbing.' },
            { role: 'user', content: question },
          ],
          call: {
            id: uniqueId('call'),
            orgId: 'org-1',
            assistantId,
            createdAt: '2026-11-22T10:00:00.000Z',
            updatedAt: '2026-11-22T10:00:00.000Z',
          },
        },
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json<{ documents: { content: string; similarity: number }[] }>();
      const validate = validatorFor('ServerMessageResponseKnowledgeBaseRequest', { closed: true });
      expect(validate(answer) ? [] : describeErrors(validate.errors)).toEqual([]);
      return answer.documents;
    };
    const [best] = await ask(agentId, 'What is your phone number?');
    expect(best?.content).toBe('The phone number of Quay Plumbing is +353 1 555 0100.');
    expect((await ask(agentId, 'Do you have a website?'))[0]?.content).toMatch(/quay\.example/);
    expect(await ask(agentId, 'Hmm?')).toEqual([]);
    expect(await ask(uniqueId('stranger'), 'What is your phone number?')).toEqual([]);
  });
});
