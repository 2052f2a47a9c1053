import { type IncomingHttpHeaders } from 'node:http';
import { AGENT_TOOL_FUNCTIONS } from '@switchboard/shared/agent-tools';
import { VapiError, type Vapi } from '@vapi-ai/server-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeErrors, responseValidator, validatorFor } from './platform-document';
import { sandboxForSuite } from './test/sandbox';
import { receiverForSuite } from './test/receiver';
import { transferringAssistant } from './test/fixtures';

// Where the simulator sends server messages and how it authenticates them: only as the
// assistant's (else the number's, else the org's) `Server` says, and a tool's own `Server` for
// its tool calls — through the official SDK and a local receiver. Then POST /call.

const PRIVATE = 'messages-private-key';
const PUBLIC = 'messages-public-key';
/** The sandbox both suites start: 50 demo calls, played in a few milliseconds. */
const SANDBOX = {
  privateKey: PRIVATE,
  publicKey: PUBLIC,
  totalCalls: 50,
  simulator: { stepMs: 5, webCallMs: 10 },
};

/** What a call's server hears, in order (a status update's status, else the message's type). */
const WITH_TOOL_CALL = [
  'queued',
  'ringing',
  'in-progress',
  'tool-calls',
  'ended',
  'end-of-call-report',
];
const WITHOUT_TOOL_CALL = WITH_TOOL_CALL.filter((type) => type !== 'tool-calls');

/** Headers every request carries whatever its server says (transport, not authentication). */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'content-type',
  'content-length',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding',
  'sec-fetch-mode',
]);

function extraHeaders(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)),
  );
}

function assistantBody(
  server: Vapi.Server | undefined,
  toolServer?: Vapi.Server,
): Vapi.CreateAssistantDto {
  return {
    name: 'Front desk',
    firstMessage: 'Hello',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'You answer the phone.' }],
      tools: (['create_enquiry', 'book_appointment'] as const).map((name) => ({
        type: 'function' as const,
        function: AGENT_TOOL_FUNCTIONS[name],
        ...(toolServer ? { server: toolServer } : {}),
      })),
    },
    ...(server ? { server } : {}),
    serverMessages: ['status-update', 'tool-calls', 'end-of-call-report'],
  };
}

describe('server messages go where the Server says, authenticated only as it says', () => {
  const receiver = receiverForSuite();
  const suite = sandboxForSuite({
    ...SANDBOX,
    credentials: [
      {
        id: 'f1d7a0a4-8b55-4b8e-9a51-3c0f7e2b9d61',
        authenticationPlan: { type: 'bearer', token: 'org-token' },
      },
    ],
  });
  beforeEach(() => {
    suite.sandbox.setOrgServer(undefined);
  });

  it("sends to the assistant's server URL with exactly its headers, and tool calls to the tool's server", async () => {
    const assistant = await suite.client.assistants.create(
      assistantBody(
        {
          url: `${receiver.base}/assistant-hook`,
          headers: { 'x-vapi-secret': 's3cret', 'X-Tenant': 'acme' },
        },
        { url: `${receiver.base}/tool-hook`, headers: { authorization: 'Bearer tool-token' } },
      ),
    );
    await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    const toAssistant = receiver.received.filter((r) => r.path === '/assistant-hook');
    const toTool = receiver.received.filter((r) => r.path === '/tool-hook');
    expect(toAssistant.map((r) => r.message.status ?? r.message.type)).toEqual(WITHOUT_TOOL_CALL);
    for (const { headers } of toAssistant)
      expect(extraHeaders(headers)).toEqual({ 'x-vapi-secret': 's3cret', 'x-tenant': 'acme' });
    expect(toTool.map((r) => r.message.type)).toEqual(['tool-calls']);
    expect(extraHeaders(toTool[0]!.headers)).toEqual({ authorization: 'Bearer tool-token' });
  });

  it('sends no authentication header at all to a server without headers or credential', async () => {
    const assistant = await suite.client.assistants.create(
      assistantBody({ url: `${receiver.base}/bare` }),
    );
    await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      tool: 'create_enquiry',
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
    });
    expect(receiver.received.length).toBeGreaterThanOrEqual(5);
    // The tools have no server of their own: their calls go to the assistant's.
    expect(receiver.received.map((r) => r.message.type)).toContain('tool-calls');
    for (const { path, headers } of receiver.received) {
      expect(path).toBe('/bare');
      expect(extraHeaders(headers)).toEqual({});
    }
  });

  it("sends only the types the assistant's serverMessages list, the document's default when unset", async () => {
    // Only the end-of-call report: no status updates, and its tools (no server of their own)
    // are not called through the assistant's server.
    const reportOnly = await suite.client.assistants.create({
      ...assistantBody({ url: `${receiver.base}/report-only` }),
      serverMessages: ['end-of-call-report'],
    });
    await suite.sandbox.simulateCall({
      assistantId: reportOnly.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'create_enquiry',
    });
    expect(receiver.received.map((r) => r.message.type)).toEqual(['end-of-call-report']);

    // A tool with a server of its own is called whatever the assistant's list says.
    receiver.received.length = 0;
    const withToolServer = await suite.client.assistants.create({
      ...assistantBody({ url: `${receiver.base}/statuses` }, { url: `${receiver.base}/tool` }),
      serverMessages: ['status-update'],
    });
    await suite.sandbox.simulateCall({
      assistantId: withToolServer.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    expect(receiver.received.map((r) => `${r.path} ${r.message.status ?? r.message.type}`)).toEqual(
      [
        '/statuses queued',
        '/statuses ringing',
        '/statuses in-progress',
        '/tool tool-calls',
        '/statuses ended',
      ],
    );

    // Unset: the document's default list, which has all three.
    receiver.received.length = 0;
    const { serverMessages: _unset, ...withoutList } = assistantBody({
      url: `${receiver.base}/defaults`,
    });
    const defaults = await suite.client.assistants.create(withoutList);
    expect(defaults.serverMessages).toBeUndefined();
    await suite.sandbox.simulateCall({
      assistantId: defaults.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'create_enquiry',
    });
    expect(receiver.received.map((r) => r.message.status ?? r.message.type)).toEqual(
      WITH_TOOL_CALL,
    );

    // An empty list sends nothing to the assistant's server; the org's server is no way round it.
    receiver.received.length = 0;
    suite.sandbox.setOrgServer({ url: `${receiver.base}/org` });
    const silent = await suite.client.assistants.create({
      ...assistantBody(undefined),
      serverMessages: [],
    });
    await suite.sandbox.simulateCall({
      assistantId: silent.id,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'create_enquiry',
    });
    expect(receiver.received).toEqual([]);
  });

  it('takes a backoff plan of type "fixed" or "exponential", as the platform does, and refuses others', async () => {
    const withPlan = (type: string) =>
      assistantBody({
        url: `${receiver.base}/backoff`,
        // The document (and so the SDK's type) declares it an object; the platform takes strings.
        backoffPlan: {
          type: type as unknown as Record<string, unknown>,
          maxRetries: 2,
          baseDelaySeconds: 1,
        },
      });
    const fixed = await suite.client.assistants.create(withPlan('fixed'));
    expect(fixed.server?.backoffPlan).toEqual({
      type: 'fixed',
      maxRetries: 2,
      baseDelaySeconds: 1,
    });
    await suite.client.assistants.create(withPlan('exponential'));
    const refused = await suite.client.assistants
      .create(withPlan('linear'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VapiError);
    expect((refused as VapiError).statusCode).toBe(400);
    expect(JSON.stringify((refused as VapiError).body)).toMatch(
      /server\.backoffPlan\.type must be one of the following values: fixed, exponential/,
    );
  });

  it('tries a failed delivery again as the server’s backoffPlan says, and only then', async () => {
    receiver.state.answer = () => ({ status: 503, body: { error: 'busy' } });
    const queuedTo = (path: string) =>
      receiver.received.filter(
        (r) =>
          r.path === path && r.message.type === 'status-update' && r.message.status === 'queued',
      ).length;
    const call = async (path: string, backoffPlan?: Record<string, unknown>) => {
      const assistant = await suite.client.assistants.create(
        assistantBody({
          url: `${receiver.base}${path}`,
          ...(backoffPlan ? { backoffPlan: backoffPlan as unknown as Vapi.BackoffPlan } : {}),
        }),
      );
      await suite.sandbox.simulateCall({
        assistantId: assistant.id,
        tool: 'none',
        endedReason: 'customer-ended-call',
      });
    };
    // No plan: the platform's default, no retries.
    await call('/no-plan');
    expect(queuedTo('/no-plan')).toBe(1);
    await call('/fixed', { type: 'fixed', maxRetries: 2, baseDelaySeconds: 0 });
    expect(queuedTo('/fixed')).toBe(3);
    await call('/exponential', { type: 'exponential', maxRetries: 1, baseDelaySeconds: 0 });
    expect(queuedTo('/exponential')).toBe(2);
    // A status the plan excludes is not tried again.
    await call('/excluded', {
      type: 'fixed',
      maxRetries: 3,
      baseDelaySeconds: 0,
      excludedStatusCodes: [503],
    });
    expect(queuedTo('/excluded')).toBe(1);
    // An answer that is not an error is not tried again.
    receiver.state.answer = undefined;
    await call('/ok', { type: 'fixed', maxRetries: 3, baseDelaySeconds: 0 });
    expect(queuedTo('/ok')).toBe(1);
  });

  it('asks the server of a number with no assistant (assistant-request) and plays or ends the call by its answer', async () => {
    const assistant = await suite.client.assistants.create(
      assistantBody({ url: `${receiver.base}/assistant` }),
    );
    const number = await suite.client.phoneNumbers.create({
      provider: 'vapi',
      name: 'Unstaffed line',
      server: { url: `${receiver.base}/number`, headers: { 'x-vapi-secret': 'num' } },
    });
    const answerWith = (body: unknown, status = 200) => {
      receiver.state.answer = (message) =>
        message.type === 'assistant-request' ? { status, body } : undefined;
    };
    const call = async () => {
      receiver.received.length = 0;
      return suite.sandbox.simulateCall({
        phoneNumberId: number.id,
        endedReason: 'customer-ended-call',
        tool: 'none',
      });
    };

    // The number's assistant: no request.
    answerWith({ assistantId: assistant.id });
    const played = await call();
    const request = receiver.received[0]!;
    expect(request).toMatchObject({ path: '/number', message: { type: 'assistant-request' } });
    expect(request.headers['x-vapi-secret']).toBe('num');
    const validate = validatorFor('ServerMessage', { closed: true });
    expect(validate({ message: request.message }) ? [] : describeErrors(validate.errors)).toEqual(
      [],
    );
    expect((request.message.call as { phoneNumberId?: string }).phoneNumberId).toBe(number.id);
    // Played by that assistant: its messages go to its own server; the call is the same one.
    expect(played).toMatchObject({
      id: (request.message.call as { id: string }).id,
      assistantId: assistant.id,
      phoneNumberId: number.id,
      endedReason: 'customer-ended-call',
    });
    const rest = receiver.received.slice(1);
    expect(rest.every((r) => r.path === '/assistant')).toBe(true);
    expect(rest.map((r) => r.message.status ?? r.message.type)).toEqual(
      expect.arrayContaining(['queued', 'ringing', 'in-progress', 'ended', 'end-of-call-report']),
    );

    const endsWith = async (reason: string) => {
      const ended = await call();
      expect(ended).toMatchObject({
        status: 'ended',
        endedReason: reason,
        phoneNumberId: number.id,
      });
      expect(ended.assistantId).toBeUndefined();
      // No assistant: the rest of the call's messages go to the number's server.
      expect(receiver.received.map((r) => r.message.status ?? r.message.type)).toEqual([
        'assistant-request',
        'queued',
        'ringing',
        'ended',
        'end-of-call-report',
      ]);
      return ended;
    };
    answerWith({ error: 'This line is closed.' });
    await endsWith('assistant-request-returned-error');
    answerWith({ received: true });
    await endsWith('assistant-request-returned-no-assistant');
    answerWith({ assistantId: '7a1f0c52-9d1b-4d3e-8f4a-2b6c0e9d1a33' });
    await endsWith('assistant-request-returned-invalid-assistant');
    answerWith({ assistantId: 42 });
    await endsWith('assistant-request-returned-invalid-assistant');
    answerWith({ destination: { type: 'number', number: '+15550100777' } });
    const forwarded = await endsWith('assistant-request-returned-forwarding-phone-number');
    expect(forwarded.destination).toMatchObject({ type: 'number', number: '+15550100777' });
    answerWith({ assistantId: assistant.id }, 500);
    const failed = await endsWith('assistant-request-failed');
    expect(failed.destination).toBeUndefined();

    // A failed request goes to the number's fallback destination when it has one.
    await suite.client.phoneNumbers.update({
      id: number.id,
      body: {
        provider: 'vapi',
        fallbackDestination: { type: 'number', number: '+15550100888' },
      },
    });
    const fellBack = await endsWith('assistant-request-failed');
    expect(fellBack.destination).toMatchObject({ number: '+15550100888' });
  });

  it('asks for a transfer destination when the transferCall tool has none, and fails the transfer without a usable answer', async () => {
    const transferring = (serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[]) =>
      suite.client.assistants.create(
        transferringAssistant({ url: `${receiver.base}/transfer` }, serverMessages),
      );
    const assistant = await transferring([
      'status-update',
      'end-of-call-report',
      'transfer-destination-request',
    ]);
    const transfer = async (assistantId: string) => {
      receiver.received.length = 0;
      return suite.sandbox.simulateCall({
        assistantId,
        type: 'inboundPhoneCall',
        endedReason: 'assistant-forwarded-call',
        tool: 'none',
      });
    };
    const answerWith = (body: unknown) => {
      receiver.state.answer = (message) =>
        message.type === 'transfer-destination-request' ? { body } : undefined;
    };

    answerWith({ destination: { type: 'number', number: '+15550100444', description: 'Desk' } });
    const put = await transfer(assistant.id);
    const request = receiver.received.find(
      (r) => r.message.type === 'transfer-destination-request',
    );
    expect(request).toBeDefined();
    const validate = validatorFor('ServerMessage', { closed: true });
    expect(validate({ message: request!.message }) ? [] : describeErrors(validate.errors)).toEqual(
      [],
    );
    expect(put).toMatchObject({
      endedReason: 'assistant-forwarded-call',
      destination: { type: 'number', number: '+15550100444' },
    });

    for (const body of [{ error: 'Nobody is in.' }, { received: true }, { destination: 'desk' }]) {
      answerWith(body);
      expect((await transfer(assistant.id)).endedReason).toBe(
        'call.in-progress.error-transfer-failed',
      );
    }
    // Not among its serverMessages: nothing is asked, the transfer fails.
    answerWith({ destination: { type: 'number', number: '+15550100444' } });
    const unasked = await transferring(['status-update', 'end-of-call-report']);
    expect((await transfer(unasked.id)).endedReason).toBe('call.in-progress.error-transfer-failed');
    expect(receiver.received.map((r) => r.message.type)).not.toContain(
      'transfer-destination-request',
    );
  });

  it("falls back to the org's server (with its credential) when the assistant has none", async () => {
    const assistant = await suite.client.assistants.create(assistantBody(undefined));
    await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      tool: 'none',
      endedReason: 'customer-ended-call',
    });
    expect(receiver.received).toEqual([]);

    suite.sandbox.setOrgServer({
      url: `${receiver.base}/org`,
      credentialId: 'f1d7a0a4-8b55-4b8e-9a51-3c0f7e2b9d61',
    });
    await suite.sandbox.simulateCall({
      assistantId: assistant.id,
      tool: 'none',
      endedReason: 'customer-ended-call',
    });
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const { path, headers } of receiver.received) {
      expect(path).toBe('/org');
      expect(extraHeaders(headers)).toEqual({ authorization: 'Bearer org-token' });
    }
  });
  it('refuses a server credentialId the org does not have, and never sends a message unauthenticated', async () => {
    const missing = '0c3e8a51-2f7d-4b6a-9e1c-5d8f7a6b4c3e';
    const badServer = { url: `${receiver.base}/nowhere`, credentialId: missing };
    const problem = `server.credentialId ${missing} is not a credential of this org`;
    const refusal = async (request: Promise<unknown>) => {
      const error = await request.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(VapiError);
      expect((error as VapiError).statusCode).toBe(400);
      expect((error as VapiError).body).toMatchObject({ message: [problem] });
    };
    const before = (await suite.client.assistants.list()).length;
    await refusal(suite.client.assistants.create(assistantBody(badServer)));
    expect(await suite.client.assistants.list()).toHaveLength(before);
    const assistant = await suite.client.assistants.create(
      assistantBody({
        url: `${receiver.base}/org-credential`,
        credentialId: 'f1d7a0a4-8b55-4b8e-9a51-3c0f7e2b9d61',
      }),
    );
    await refusal(suite.client.assistants.update({ id: assistant.id, server: badServer }));
    expect((await suite.client.assistants.get({ id: assistant.id })).server?.credentialId).toBe(
      'f1d7a0a4-8b55-4b8e-9a51-3c0f7e2b9d61',
    );
    await refusal(
      suite.client.tools.create({
        type: 'function',
        function: { name: 'lookup' },
        server: badServer,
      }),
    );
    const phone = (await suite.client.phoneNumbers.list()).find(
      (number) => number.provider === 'vapi',
    );
    await refusal(
      suite.client.phoneNumbers.update({
        id: phone!.id,
        body: { provider: 'vapi', server: badServer },
      }),
    );

    // A server whose credential is not there (set outside the API): nothing goes out.
    const plain = await suite.client.assistants.create(assistantBody(undefined));
    suite.sandbox.setOrgServer(badServer);
    await suite.sandbox.simulateCall({
      assistantId: plain.id,
      tool: 'none',
      endedReason: 'customer-ended-call',
    });
    expect(receiver.received).toEqual([]);
  });
});

describe('POST /call places a simulated outbound call', () => {
  const receiver = receiverForSuite();
  const suite = sandboxForSuite(SANDBOX);

  /** POST /call with the private key and this body. */
  const postCall = (body: unknown) =>
    fetch(`${suite.sandbox.baseUrl}/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PRIVATE}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Calls the demo customer for a new assistant whose server is the receiver (201 expected). */
  async function callForReceiver(assistantOverrides?: Record<string, unknown>) {
    const assistant = await suite.client.assistants.create(
      assistantBody({ url: `${receiver.base}/hook`, headers: { 'x-vapi-secret': 'out' } }),
    );
    const response = await postCall({
      assistantId: assistant.id,
      phoneNumberId: suite.sandbox.demo.phoneNumberIds[0],
      customer: { number: '+15550100123' },
      ...(assistantOverrides ? { assistantOverrides } : {}),
    });
    expect(response.status).toBe(201);
    return { assistant, response };
  }

  async function place(scenario: string | undefined) {
    const { assistant, response } = await callForReceiver(
      scenario ? { metadata: { sandboxScenario: scenario } } : undefined,
    );
    const call = (await response.json()) as Vapi.Call;
    const validate = responseValidator('POST', '/call', 201);
    expect(validate(call) ? [] : describeErrors(validate.errors)).toEqual([]);
    expect(call).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'queued',
      assistantId: assistant.id,
      phoneNumberId: suite.sandbox.demo.phoneNumberIds[0],
      customer: { number: '+15550100123' },
    });
    await expect
      .poll(() => receiver.received.some((r) => r.message.type === 'end-of-call-report'), {
        timeout: 5000,
      })
      .toBe(true);
    return { call, types: receiver.received.map((r) => r.message.status ?? r.message.type) };
  }

  it.each([
    ['book_appointment', 'book_appointment'],
    ['create_enquiry', 'create_enquiry'],
  ])(
    'scenario %s: status updates, the %s tool call, the end-of-call report',
    async (scenario, tool) => {
      const { call, types } = await place(scenario);
      expect(types).toEqual(WITH_TOOL_CALL);
      const toolCalls = receiver.received.find((r) => r.message.type === 'tool-calls')!.message;
      expect((toolCalls.toolCallList as Vapi.ToolCall[])[0]!.function.name).toBe(tool);
      expect(receiver.received.every((r) => r.headers['x-vapi-secret'] === 'out')).toBe(true);
      const final = await suite.client.calls.get({ id: call.id });
      expect(final).toMatchObject({
        status: 'ended',
        type: 'outboundPhoneCall',
        customer: { number: '+15550100123' },
      });
    },
  );

  it('scenario none (also the default): no tool call', async () => {
    expect((await place('none')).types).toEqual(WITHOUT_TOOL_CALL);
    receiver.received.length = 0;
    expect((await place(undefined)).types).not.toContain('tool-calls');
  });

  it("the call's assistantOverrides.serverMessages decide what is sent", async () => {
    await callForReceiver({
      serverMessages: ['end-of-call-report'],
      metadata: { sandboxScenario: 'create_enquiry' },
    });
    await expect
      .poll(() => receiver.received.map((r) => r.message.type), { timeout: 5000 })
      .toEqual(['end-of-call-report']);
  });

  it('refuses bad bodies with 400, as the document says', async () => {
    const assistant = await suite.client.assistants.create(assistantBody(undefined));
    const post = async (body: unknown) => {
      const response = await postCall(body);
      return {
        status: response.status,
        message: ((await response.json()) as { message: unknown }).message,
      };
    };
    const phoneNumberId = suite.sandbox.demo.phoneNumberIds[0];
    const customer = { number: '+15550100123' };
    const cases: [unknown, RegExp][] = [
      [{ phoneNumberId, customer }, /Assistant or Squad or Workflow must be provided/],
      [{ assistantId: assistant.id, customer }, /phoneNumberId/],
      [{ assistantId: assistant.id, phoneNumberId }, /customer/],
      [
        { assistantId: assistant.id, phoneNumberId, customer, colour: 'red' },
        /property colour should not exist/,
      ],
      [
        { assistantId: '7a1f0c52-9d1b-4d3e-8f4a-2b6c0e9d1a33', phoneNumberId, customer },
        /Couldn't Get Assistant/,
      ],
      [
        { squadId: '7a1f0c52-9d1b-4d3e-8f4a-2b6c0e9d1a33', phoneNumberId, customer },
        /Couldn't Get Squad/,
      ],
      [
        {
          assistantId: assistant.id,
          phoneNumberId: '7a1f0c52-9d1b-4d3e-8f4a-2b6c0e9d1a33',
          customer,
        },
        /Couldn't Get Phone Number/,
      ],
      [
        {
          assistantId: assistant.id,
          phoneNumberId,
          customer,
          assistantOverrides: { metadata: { sandboxScenario: 'dance' } },
        },
        /sandboxScenario/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.message), JSON.stringify(body)).toMatch(message);
    }
    // Through the SDK, the same refusal is a VapiError 400.
    const error = await suite.client.calls.create({ phoneNumberId, customer }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(VapiError);
    expect((error as VapiError).statusCode).toBe(400);
  });
});
