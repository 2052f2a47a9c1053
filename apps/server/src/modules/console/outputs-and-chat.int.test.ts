import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallDetail } from '@switchboard/shared/call-logs';
import type { ChatConversation, ChatTurn } from '@switchboard/shared/chats';
import type { WireError } from '@switchboard/shared/errors';
import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import { agents, businesses } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { appForSuite, oneDatabase } from '../../test/test-app';

const OUTPUT = {
  name: 'Caller details',
  description: 'Who called and why',
  schema: {
    type: 'object',
    properties: {
      callerName: { type: 'string' },
      reason: { type: 'string', enum: ['booking', 'question', 'complaint'] },
      urgent: { type: 'boolean' },
    },
    required: ['callerName', 'reason'],
  },
};

describe.each(oneDatabase)('structured outputs and agent chat on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let other: Record<string, string>;
  let agentId: string;
  let otherAgentId: string;

  beforeAll(async () => {
    await ctx.app.ready();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
    const [business] = await ctx.app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.email, DEMO_BUSINESS.email));
    const rows = await ctx.app.database.db.select().from(agents);
    agentId = rows.find((a) => a.businessId === business!.id)!.platformAssistantId;
    otherAgentId = rows.find(
      (a) => a.businessId !== business!.id && a.businessId,
    )!.platformAssistantId;
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);
  const message = (res: { json: () => unknown }) =>
    (res.json() as { error: { message: string } }).error.message;
  const assistantOutputIds = async (id: string) =>
    (await ctx.app.platform.client.sdk.assistants.get({ id })).artifactPlan?.structuredOutputIds ??
    [];

  it('defines, attaches, lists, edits and deletes a structured output', async () => {
    const created = await call('POST', '/api/structured-outputs', member, {
      ...OUTPUT,
      agentIds: [agentId],
    });
    expect(created.statusCode).toBe(201);
    const output = created.json<StructuredOutput>();
    expect(output).toMatchObject({ ...OUTPUT, agentIds: [agentId] });
    // Attached the platform's way: the assistant's artifactPlan names it.
    expect(await assistantOutputIds(agentId)).toEqual([output.id]);

    const list = (await call('GET', '/api/structured-outputs', member)).json<{
      data: StructuredOutput[];
    }>().data;
    expect(list.map((o) => o.id)).toEqual([output.id]);
    expect((await call('GET', '/api/structured-outputs', other)).json()).toEqual({ data: [] });

    const renamed = await call('PATCH', `/api/structured-outputs/${output.id}`, member, {
      name: 'Caller',
      agentIds: [],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<StructuredOutput>()).toMatchObject({ name: 'Caller', agentIds: [] });
    expect(await assistantOutputIds(agentId)).toEqual([]);

    const removed = await call('DELETE', `/api/structured-outputs/${output.id}`, member);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/structured-outputs/${output.id}`, member)).statusCode).toBe(
      404,
    );
  });

  it('refuses a schema outside the platform’s JSON Schema, another business’s agent, and answers 404 for a foreign output', async () => {
    const bad = await call('POST', '/api/structured-outputs', member, {
      ...OUTPUT,
      schema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('/properties/n: "minimum" is not supported');
    const notSchema = await call('POST', '/api/structured-outputs', member, {
      ...OUTPUT,
      schema: { type: 'object', required: 'name' },
    });
    expect(notSchema.statusCode).toBe(400);
    const foreignAgent = await call('POST', '/api/structured-outputs', member, {
      ...OUTPUT,
      agentIds: [otherAgentId],
    });
    expect(foreignAgent.statusCode).toBe(400);
    expect(message(foreignAgent)).toBe(`agentIds: ${otherAgentId} is not one of your agents`);

    const mine = (
      await call('POST', '/api/structured-outputs', member, OUTPUT)
    ).json<StructuredOutput>();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/structured-outputs/${mine.id}`, other, body);
      expect(res.statusCode).toBe(404);
      expect(message(res)).toBe('Structured output not found');
    }
    await call('DELETE', `/api/structured-outputs/${mine.id}`, member);
  });

  it('copies a call’s results into the store: shown in the call detail and as CSV columns', async () => {
    const output = (
      await call('POST', '/api/structured-outputs', member, { ...OUTPUT, agentIds: [agentId] })
    ).json<StructuredOutput>();
    const simulated = await ctx.app.platform.sandbox!.simulateCall({
      assistantId: agentId,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'none',
      deliverWebhooks: false,
    });
    await ingestCalls(ctx.app.database.db, [toCallRecord(simulated)]);
    const result = (
      simulated.artifact?.structuredOutputs as Record<string, { result: Record<string, unknown> }>
    )[output.id]!.result;
    expect(['booking', 'question', 'complaint']).toContain(result.reason);

    const detail = (await call('GET', `/api/calls/${simulated.id}`, member)).json<CallDetail>();
    expect(detail.structuredOutputs).toEqual([{ id: output.id, name: 'Caller details', result }]);
    expect(detail.summary).toBeTruthy();

    const csv = await call('GET', `/api/agents/${agentId}/calls/export?includeTest=true`, member);
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    const row = rows.find((r) => r['Call ID'] === simulated.id)!;
    expect(JSON.parse(row['Caller details']!)).toEqual(result);
    await call('DELETE', `/api/structured-outputs/${output.id}`, member);
  });

  it('chats two turns with the agent, keeps the history, and refuses another business', async () => {
    const first = await call('POST', `/api/agents/${agentId}/chats`, member, {
      message: 'Hello, are you open on Saturday?',
    });
    expect(first.statusCode).toBe(201);
    const turn = first.json<ChatTurn>();
    expect(turn.reply).toContain('You said: "Hello, are you open on Saturday?"');
    const second = await call('POST', `/api/agents/${agentId}/chats`, member, {
      message: 'I would like to book an appointment',
      previousChatId: turn.id,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json<ChatTurn>()).toMatchObject({ previousChatId: turn.id });
    expect(second.json<ChatTurn>().reply).toContain('book_appointment');

    const history = (await call('GET', `/api/agents/${agentId}/chats`, member)).json<{
      data: ChatConversation[];
    }>().data;
    expect(history[0]!.turns.map((t) => t.message)).toEqual([
      'Hello, are you open on Saturday?',
      'I would like to book an appointment',
    ]);
    expect(history[0]!.lastChatId).toBe(second.json<ChatTurn>().id);

    // Another business: the agent is not found, nor is the chat to continue.
    expect((await call('GET', `/api/agents/${agentId}/chats`, other)).statusCode).toBe(404);
    const foreign = await call('POST', `/api/agents/${agentId}/chats`, other, { message: 'Hi' });
    expect(foreign.statusCode).toBe(404);
    const borrowed = await call('POST', `/api/agents/${otherAgentId}/chats`, member, {
      message: 'Hi',
    });
    expect(borrowed.statusCode).toBe(404);
    const empty = await call('POST', `/api/agents/${agentId}/chats`, member, { message: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a previousChatId that is not a platform chat id with 400, without asking the platform', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const get = sdk.chats.get.bind(sdk.chats);
    const create = sdk.chats.create.bind(sdk.chats);
    let asked = 0;
    sdk.chats.get = (...args: Parameters<typeof get>) => {
      asked += 1;
      return get(...args);
    };
    sdk.chats.create = (...args: Parameters<typeof create>) => {
      asked += 1;
      return create(...args);
    };
    try {
      for (const previousChatId of [
        '😀',
        'abc',
        '../assistant',
        ' 6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11',
        '6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b1g',
        'a'.repeat(100),
      ]) {
        const res = await call('POST', `/api/agents/${agentId}/chats`, member, {
          message: 'Continue',
          previousChatId,
        });
        expect({ previousChatId, status: res.statusCode }).toEqual({ previousChatId, status: 400 });
        const { error } = res.json<WireError>();
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.message).toMatch(/previousChatId must be the id of a chat/);
        expect(error.details?.issues[0]?.path).toBe('body.previousChatId');
      }
      expect(asked).toBe(0);
      // A UUID the platform does not have is simply not found; upper case is still a UUID.
      const unknown = await call('POST', `/api/agents/${agentId}/chats`, member, {
        message: 'Continue',
        previousChatId: '6F1C8A62-5A3F-4C7E-9D4B-2F7A1E0C9B11',
      });
      expect(unknown.statusCode).toBe(404);
    } finally {
      sdk.chats.get = get;
      sdk.chats.create = create;
    }
  });

  it('a chat continued from another agent’s chat is not found', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const elsewhere = await sdk.chats.create({ assistantId: otherAgentId, input: 'Hi' });
    const res = await call('POST', `/api/agents/${agentId}/chats`, member, {
      message: 'Continue',
      previousChatId: elsewhere.id,
    });
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe('Chat not found');
  });

  it('platform failures read "Failed to fetch structured outputs: …" and "Failed to fetch chats: …"', async () => {
    const created = (
      await call('POST', '/api/structured-outputs', member, OUTPUT)
    ).json<StructuredOutput>();
    const sdk = ctx.app.platform.client.sdk;
    const listOutputs = sdk.structuredOutputs.structuredOutputControllerFindAll.bind(
      sdk.structuredOutputs,
    );
    const listChats = sdk.chats.list.bind(sdk.chats);
    sdk.structuredOutputs.structuredOutputControllerFindAll = () => {
      throw new Error('connection reset');
    };
    sdk.chats.list = () => {
      throw new Error('connection reset');
    };
    try {
      const outputs = await call('GET', '/api/structured-outputs', member);
      expect(outputs.statusCode).toBe(502);
      expect(message(outputs)).toBe('Failed to fetch structured outputs: connection reset');
      const chats = await call('GET', `/api/agents/${agentId}/chats`, member);
      expect(chats.statusCode).toBe(502);
      expect(message(chats)).toBe('Failed to fetch chats: connection reset');
    } finally {
      sdk.structuredOutputs.structuredOutputControllerFindAll = listOutputs;
      sdk.chats.list = listChats;
    }
    await call('DELETE', `/api/structured-outputs/${created.id}`, member);
  });
});
