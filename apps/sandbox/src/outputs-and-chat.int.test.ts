import { Ajv } from 'ajv';
import type { VapiClient } from '@vapi-ai/server-sdk';
import { VapiError } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseValidator, validatorFor } from './platform-document';
import type { Sandbox } from './sandbox';
import { startTestSandbox, testClient } from './test/sandbox';
import { expectValid } from './test/expect-valid';

// Structured outputs as the document has them (a paged list; attached to an assistant by
// `artifactPlan.structuredOutputIds`, their results in the ended call's
// `artifact.structuredOutputs`), and /chat: turns made from the assistant's own settings,
// multi-turn by previousChatId or sessionId, listed by assistant.

const PRIVATE = 'outputs-private-key';

describe('the sandbox platform’s structured outputs and chats', () => {
  let sandbox: Sandbox;
  let client: VapiClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox({
      privateKey: PRIVATE,
      publicKey: 'outputs-public-key',
      totalCalls: 20,
      simulator: { stepMs: 5, webCallMs: 10 },
    });
    client = testClient(sandbox, PRIVATE);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const schema = {
    type: 'object' as const,
    properties: {
      callerName: { type: 'string' as const },
      reason: { type: 'string' as const, enum: ['booking', 'question', 'complaint'] },
      urgent: { type: 'boolean' as const },
      partySize: { type: 'integer' as const },
      callbackAt: { type: 'string' as const, format: 'date-time' as const },
      topics: { type: 'array' as const, items: { type: 'string' as const } },
    },
    required: ['callerName', 'reason'],
  };

  it('pages the structured-output list and puts results that satisfy each schema in the call', async () => {
    const output = await client.structuredOutputs.structuredOutputControllerCreate({
      name: 'Caller details',
      schema,
    });
    const page = await client.structuredOutputs.structuredOutputControllerFindAll({ limit: 10 });
    expectValid(responseValidator('GET', '/structured-output', 200), page);
    expect(page.results.map((o) => o.id)).toContain(output.id);
    expect(page.metadata).toMatchObject({ itemsPerPage: 10, currentPage: 1 });

    const assistant = await client.assistants.create({
      name: 'Extracts',
      firstMessage: 'Hello',
      artifactPlan: { structuredOutputIds: [output.id, '7d3f6c1e-2b4a-4c5d-8e9f-0a1b2c3d4e5f'] },
    });
    const call = await sandbox.simulateCall({
      assistantId: assistant.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
    });
    expectValid(validatorFor('Call', { closed: true }), call);
    const results = call.artifact?.structuredOutputs as Record<
      string,
      { name: string; result: unknown }
    >;
    // An id that names no saved output is skipped.
    expect(Object.keys(results)).toEqual([output.id]);
    expect(results[output.id]!.name).toBe('Caller details');
    const check = new Ajv({ strict: false }).addFormat('date-time', /^\d{4}-\d{2}-\d{2}T/);
    expect(check.validate(schema, results[output.id]!.result), JSON.stringify(check.errors)).toBe(
      true,
    );
    // Deterministic: the same call read again carries the same values.
    const again = await client.calls.get({ id: call.id });
    expect(again.artifact?.structuredOutputs).toEqual(results);
  });

  it('answers chat turns from the assistant, continues them and lists them by assistant', async () => {
    const tool = await client.tools.create({
      type: 'function',
      function: { name: 'book_appointment', description: 'Books an appointment for the caller' },
    });
    const assistant = await client.assistants.create({
      name: 'Chatty',
      firstMessage: 'Hi, this is Chatty.',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'You answer questions about opening hours. Be brief.' },
        ],
        toolIds: [tool.id],
      },
    });
    const first = await client.chats.create({
      assistantId: assistant.id,
      input: 'When are you open?',
    });
    expectValid(responseValidator('POST', '/chat', 200), first);
    expect('output' in first && first.output).toEqual([
      {
        role: 'assistant',
        content:
          'Hi, this is Chatty. You said: "When are you open?". You answer questions about opening hours.',
      },
    ]);
    const second = await client.chats.create({
      previousChatId: first.id,
      input: 'Can I book an appointment?',
    });
    expect('output' in second && second.output).toEqual([
      {
        role: 'assistant',
        content:
          'I can help with that with my book_appointment tool (Books an appointment for the caller).',
      },
    ]);
    expect('messages' in second && second.messages?.length).toBe(3);
    expect('assistantId' in second && second.assistantId).toBe(assistant.id);

    const listed = await client.chats.list({ assistantId: assistant.id });
    expectValid(responseValidator('GET', '/chat', 200), listed);
    expect(listed.results.map((c) => c.id)).toEqual([second.id, first.id]);
    expect((await client.chats.list({ previousChatId: first.id })).results).toHaveLength(1);

    const both = await client.chats
      .create({ previousChatId: first.id, sessionId: first.id, input: 'x' })
      .catch((e: unknown) => e);
    expect(both).toBeInstanceOf(VapiError);
    expect((both as VapiError).statusCode).toBe(400);
    const unknown = await client.chats
      .create({ assistantId: '7d3f6c1e-2b4a-4c5d-8e9f-0a1b2c3d4e5f', input: 'x' })
      .catch((e: unknown) => e);
    expect((unknown as VapiError).statusCode).toBe(404);
  });

  it('answers with the tool that shares the most words with the message', async () => {
    const [enquiry, booking] = await Promise.all([
      client.tools.create({
        type: 'function',
        function: { name: 'create_enquiry', description: 'Record a question or problem' },
      }),
      client.tools.create({
        type: 'function',
        function: { name: 'book_appointment', description: 'Book an appointment' },
      }),
    ]);
    const assistant = await client.assistants.create({
      name: 'Two tools',
      model: { provider: 'openai', model: 'gpt-4o', toolIds: [enquiry.id, booking.id] },
    });
    const chat = await client.chats.create({
      assistantId: assistant.id,
      input: 'A question: can I book an appointment?',
    });
    expect('output' in chat && chat.output?.[0]).toMatchObject({
      content: 'I can help with that with my book_appointment tool (Book an appointment).',
    });
  });

  it('a session keeps the conversation of its chats', async () => {
    const assistant = await client.assistants.create({ name: 'Session', firstMessage: 'Hello.' });
    const session = await client.sessions.create({ assistantId: assistant.id });
    await client.chats.create({ sessionId: session.id, input: 'One' });
    const turn = await client.chats.create({ sessionId: session.id, input: 'Two' });
    expect('output' in turn && turn.output?.[0]).toMatchObject({ content: 'You said: "Two".' });
    const read = await client.sessions.get({ id: session.id });
    expect(read.messages).toHaveLength(4);
    const sessions = await client.sessions.list({});
    expectValid(responseValidator('GET', '/session', 200), sessions);
  });
});
