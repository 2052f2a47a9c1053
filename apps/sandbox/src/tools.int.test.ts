import { AGENT_TOOL_FUNCTIONS } from '@switchboard/shared/agent-tools';
import { VapiError, type Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { responseValidator, validatorFor } from './platform-document';
import { sandboxForSuite } from './test/sandbox';
import { receiverForSuite } from './test/receiver';
import { expectValid } from './test/expect-valid';

// /tool as the document has it, and an assistant's `model.toolIds` resolved at call time as the
// platform does: the stored tool's function and its own `server` (with exactly its headers or
// credential) receive the tool call.

const PRIVATE = 'tools-private-key';
const PUBLIC = 'tools-public-key';

describe('the sandbox platform’s tools', () => {
  const receiver = receiverForSuite();
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 20,
    simulator: { stepMs: 5, webCallMs: 10 },
  });

  it('creates, lists, reads, updates and deletes tools as the document says', async () => {
    const created = await suite.client.tools.create({
      type: 'function',
      async: false,
      function: AGENT_TOOL_FUNCTIONS.create_enquiry,
      server: { url: `${receiver.base}/t`, headers: { 'x-vapi-secret': 'a' } },
      messages: [{ type: 'request-start', content: 'One moment.' }],
    });
    expectValid(responseValidator('POST', '/tool', 201), created);
    expect(created).toMatchObject({ type: 'function', function: { name: 'create_enquiry' } });
    const end = await suite.client.tools.create({ type: 'endCall' });
    const transfer = await suite.client.tools.create({
      type: 'transferCall',
      destinations: [{ type: 'number', number: '+15550100999', description: 'Front desk' }],
    });
    const listed = await suite.client.tools.list();
    expectValid(responseValidator('GET', '/tool', 200), listed);
    expect(listed.map((tool) => tool.id)).toEqual(
      expect.arrayContaining([created.id, end.id, transfer.id]),
    );
    const read = await suite.client.tools.get({ id: created.id });
    expectValid(responseValidator('GET', '/tool/{id}', 200), read);
    const updated = await suite.client.tools.update({
      id: created.id,
      body: { type: 'function', server: { url: `${receiver.base}/moved` } },
    });
    expectValid(responseValidator('PATCH', '/tool/{id}', 200), updated);
    expect(updated).toMatchObject({ server: { url: `${receiver.base}/moved` } });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    await suite.client.tools.delete({ id: end.id });
    const gone = await suite.client.tools.get({ id: end.id }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(VapiError);
    expect((gone as VapiError).statusCode).toBe(404);
  });

  it('refuses what the document does not allow: an unknown type or property', async () => {
    const res = await fetch(`${suite.sandbox.baseUrl}/tool`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PRIVATE}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'function', function: { name: 'x' }, colour: 'red' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: ['property colour should not exist'] });
  });

  it("resolves model.toolIds at call time: the tool's function is called at its own server with its headers", async () => {
    const booking = await suite.client.tools.create({
      type: 'function',
      async: false,
      function: AGENT_TOOL_FUNCTIONS.book_appointment,
      server: { url: `${receiver.base}/tool-hook`, headers: { 'x-vapi-secret': 'tool-secret' } },
    });
    const assistant = await suite.client.assistants.create({
      name: 'Bookings',
      firstMessage: 'Hello',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [{ role: 'system', content: 'You book appointments.' }],
        toolIds: [booking.id],
      },
      server: { url: `${receiver.base}/assistant-hook`, headers: { 'x-vapi-secret': 'asst' } },
      serverMessages: ['status-update', 'tool-calls', 'end-of-call-report'],
    });
    const call = await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    const toTool = receiver.received.filter((r) => r.path === '/tool-hook');
    expect(toTool).toHaveLength(1);
    expect(toTool[0]!.headers['x-vapi-secret']).toBe('tool-secret');
    const message = toTool[0]!.message;
    expectValid(validatorFor('ServerMessageToolCalls', { closed: true }), message);
    const [toolCall] = message.toolCallList as Vapi.ToolCall[];
    expect(toolCall?.function.name).toBe('book_appointment');
    // The assistant's messages still go to the assistant's server; the transcript has the result.
    expect(receiver.received.some((r) => r.path === '/assistant-hook')).toBe(true);
    expect(JSON.stringify(call.artifact?.messages ?? [])).toContain('Booked');
  });

  it('a web call whose metadata names a sandbox scenario calls that tool as soon as it connects', async () => {
    const booking = await suite.client.tools.create({
      type: 'function',
      function: AGENT_TOOL_FUNCTIONS.book_appointment,
      server: { url: `${receiver.base}/web-tool`, headers: { 'x-vapi-secret': 'web' } },
    });
    const enquiry = await suite.client.tools.create({
      type: 'function',
      function: AGENT_TOOL_FUNCTIONS.create_enquiry,
      server: { url: `${receiver.base}/web-tool`, headers: { 'x-vapi-secret': 'web' } },
    });
    const assistant = await suite.client.assistants.create({
      name: 'Web bookings',
      model: { provider: 'openai', model: 'gpt-4o', toolIds: [enquiry.id, booking.id] },
    });
    const res = await fetch(`${suite.sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        assistantId: assistant.id,
        assistantOverrides: { metadata: { sandboxScenario: 'book_appointment' } },
      }),
    });
    expect(res.status).toBe(201);
    await expect
      .poll(() => receiver.received.filter((r) => r.path === '/web-tool').length, {
        timeout: 5000,
      })
      .toBe(1);
    const [toolCall] = receiver.received.find((r) => r.path === '/web-tool')!.message
      .toolCallList as Vapi.ToolCall[];
    expect(toolCall?.function.name).toBe('book_appointment');
    const { id } = (await res.json()) as { id: string };
    await fetch(`${suite.sandbox.baseUrl}/web-call/${id}/hang-up`, { method: 'POST' });
  });

  it('skips a toolId that names no tool, as a call without that tool', async () => {
    const assistant = await suite.client.assistants.create({
      name: 'Nothing attached',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        toolIds: ['7d3f6c1e-2b4a-4c5d-8e9f-0a1b2c3d4e5f'],
      },
      server: { url: `${receiver.base}/a` },
    });
    await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    expect(receiver.received.map((r) => r.message.type)).not.toContain('tool-calls');
  });
});
