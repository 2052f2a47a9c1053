import { randomUUID } from 'node:crypto';
import { VapiError } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { sandboxForSuite } from './test/sandbox';
import { REASONS } from './demo/call-plan';
import { platformDocument, responseValidator, validatorFor } from './platform-document';
import { CONTRACT_SANDBOX, TEST_NOW } from './test/fixtures';
import { receiverForSuite } from './test/receiver';
import { expectValid } from './test/expect-valid';

// The sandbox against the platform's own OpenAPI document (the trimmed copy made by
// `npm run platform:trim`): every response the product reads, every server message the
// simulator sends, and the platform's refusal of properties its DTOs do not name.

const PRIVATE = 'doc-private-key';
const PUBLIC = 'doc-public-key';

describe('the sandbox answers as the platform document says', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    ...CONTRACT_SANDBOX,
  });
  const api = suite.api<unknown>;

  it('records where the trimmed document comes from', () => {
    expect(platformDocument().info['x-source']).toMatchObject({
      repository: 'VapiAI/docs',
      path: 'fern/apis/api/openapi.json',
      commit: '0494c2f3cd88c4fd04b8e98e9a247919270741ed',
      date: '2026-08-18',
    });
  });

  it('assistants: create (201), get, list, update and delete', async () => {
    const created = await api('POST', '/assistant', {
      name: 'Document test',
      firstMessage: 'Hello',
      model: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        messages: [{ role: 'system', content: 'Be brief.' }],
      },
      voice: { provider: 'vapi', voiceId: 'Elliot' },
      transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en' },
      server: { url: 'https://example.com/hook', timeoutSeconds: 20 },
    });
    expect(created.status).toBe(201);
    expectValid(responseValidator('POST', '/assistant', 201), created.body, 'POST /assistant');
    const { id } = created.body as { id: string };

    const one = await api('GET', `/assistant/${id}`);
    expectValid(responseValidator('GET', '/assistant/{id}', 200), one.body, 'GET /assistant/{id}');
    const list = await api('GET', '/assistant');
    expect((list.body as unknown[]).length).toBeGreaterThanOrEqual(5);
    expectValid(responseValidator('GET', '/assistant', 200), list.body, 'GET /assistant');
    const patched = await api('PATCH', `/assistant/${id}`, { firstMessage: 'Hi again' });
    expect(patched.status).toBe(200);
    expectValid(responseValidator('PATCH', '/assistant/{id}', 200), patched.body, 'PATCH');
    const deleted = await api('DELETE', `/assistant/${id}`);
    expectValid(responseValidator('DELETE', '/assistant/{id}', 200), deleted.body, 'DELETE');
  });

  it('calls: every demo call in the list, and one call', async () => {
    const list = await api('GET', '/call?limit=1000');
    const calls = list.body as { id: string; endedReason?: string }[];
    expect(calls).toHaveLength(1000);
    expectValid(responseValidator('GET', '/call', 200), calls, 'GET /call');
    // Every end reason the demo history uses is one the platform names.
    const reasons = new Set(calls.map((call) => call.endedReason));
    expect(reasons.size).toBeGreaterThan(8);
    // And they invent nothing: every property is one the document names.
    const closed = validatorFor('Call', { closed: true });
    for (const call of calls) expectValid(closed, call, `call ${call.id}`);
    const one = await api('GET', `/call/${calls[0]!.id}`);
    expectValid(responseValidator('GET', '/call/{id}', 200), one.body, 'GET /call/{id}');
  });

  it('every end reason the simulator can produce is in the document', () => {
    const validate = validatorFor('ServerMessageStatusUpdate');
    for (const { reason } of REASONS) {
      expectValid(
        validate,
        { type: 'status-update', status: 'ended', endedReason: reason },
        reason,
      );
    }
  });

  it('phone numbers: list and get', async () => {
    const list = await api('GET', '/phone-number');
    expectValid(responseValidator('GET', '/phone-number', 200), list.body, 'GET /phone-number');
    const [first] = list.body as { id: string }[];
    const one = await api('GET', `/phone-number/${first!.id}`);
    expectValid(responseValidator('GET', '/phone-number/{id}', 200), one.body, 'GET one');
  });

  it('phone numbers are a resource emulated from the document: create, update, filter, delete', async () => {
    const before = new Date().toISOString();
    const vapi = await api('POST', '/phone-number', {
      provider: 'vapi',
      numberDesiredAreaCode: '303',
      name: 'Front line',
      assistantId: suite.sandbox.demo.assistantIds[0],
    });
    expect(vapi.status).toBe(201);
    expectValid(responseValidator('POST', '/phone-number', 201), vapi.body, 'create vapi');
    const created = vapi.body as { id: string; number: string; status: string; orgId: string };
    expect(created).toMatchObject({ status: 'active', orgId: suite.sandbox.demo.orgId });
    expect(created.number).toMatch(/^\+1303555\d{4}$/);

    const twilio = await api('POST', '/phone-number', {
      provider: 'twilio',
      number: '+15125550123',
      twilioAccountSid: 'AC0123',
      twilioAuthToken: 'token',
    });
    expect(twilio.status).toBe(201);
    expectValid(responseValidator('POST', '/phone-number', 201), twilio.body, 'create twilio');
    const missing = await api('POST', '/phone-number', {
      provider: 'twilio',
      number: '+15125550124',
    });
    expect(missing.body).toMatchObject({
      statusCode: 400,
      message: ['twilioAccountSid should not be null or undefined'],
    });
    const unknownProvider = await api('POST', '/phone-number', { provider: 'carrier-pigeon' });
    expect(unknownProvider.status).toBe(400);

    const patched = await api('PATCH', `/phone-number/${created.id}`, {
      provider: 'vapi',
      name: 'Renamed',
    });
    expect(patched.status).toBe(200);
    expectValid(responseValidator('PATCH', '/phone-number/{id}', 200), patched.body, 'update');
    expect(patched.body).toMatchObject({ id: created.id, name: 'Renamed', number: created.number });
    const switched = await api('PATCH', `/phone-number/${created.id}`, { provider: 'twilio' });
    expect(switched.body).toMatchObject({ statusCode: 400, message: ['provider must be vapi'] });
    const extra = await api('PATCH', `/phone-number/${created.id}`, {
      provider: 'vapi',
      colour: 'red',
    });
    expect(extra.body).toMatchObject({ message: ['property colour should not exist'] });

    const recent = await api('GET', `/phone-number?createdAtGe=${encodeURIComponent(before)}`);
    expect((recent.body as { id: string }[]).map((p) => p.id).sort()).toEqual(
      [created.id, (twilio.body as { id: string }).id].sort(),
    );
    expect(((await api('GET', '/phone-number?limit=1')).body as unknown[]).length).toBe(1);

    const deleted = await api('DELETE', `/phone-number/${created.id}`);
    expectValid(responseValidator('DELETE', '/phone-number/{id}', 200), deleted.body, 'delete');
    expect((await api('GET', `/phone-number/${created.id}`)).body).toEqual({
      message: 'Phone Number not found',
      error: 'Not Found',
      statusCode: 404,
    });
    await api('DELETE', `/phone-number/${(twilio.body as { id: string }).id}`);
    const left = (await api('GET', '/phone-number')).body as { id: string }[];
    expect(left.map((p) => p.id).sort()).toEqual([...suite.sandbox.demo.phoneNumberIds].sort());
  });

  it('phone numbers: a Vonage import takes a Vonage credential; a PATCH clears with null', async () => {
    const credential = await api('POST', '/credential', {
      provider: 'vonage',
      apiKey: 'vonage-key',
      apiSecret: 'vonage-secret-1234',
    });
    expect(credential.status).toBe(201);
    expectValid(validatorFor('VonageCredential'), credential.body, 'vonage credential');
    const { id: credentialId, apiSecret } = credential.body as { id: string; apiSecret: string };
    expect(apiSecret).not.toContain('vonage-secret');
    const noKey = await api('POST', '/credential', { provider: 'vonage', apiSecret: 'x' });
    expect(noKey.status).toBe(400);

    const unknownCredential = await api('POST', '/phone-number', {
      provider: 'vonage',
      number: '+447700900123',
      credentialId: randomUUID(),
    });
    expect(unknownCredential.body).toMatchObject({
      statusCode: 400,
      message: ['credentialId must be the id of a Vonage credential'],
    });
    const vonage = await api('POST', '/phone-number', {
      provider: 'vonage',
      number: '+447700900123',
      credentialId,
      assistantId: suite.sandbox.demo.assistantIds[0],
      fallbackDestination: { type: 'number', number: '+447700900999' },
    });
    expect(vonage.status).toBe(201);
    expectValid(responseValidator('POST', '/phone-number', 201), vonage.body, 'create vonage');
    const { id } = vonage.body as { id: string };

    const cleared = await api('PATCH', `/phone-number/${id}`, {
      provider: 'vonage',
      assistantId: null,
      fallbackDestination: null,
    });
    expect(cleared.status).toBe(200);
    expectValid(responseValidator('PATCH', '/phone-number/{id}', 200), cleared.body, 'cleared');
    expect(cleared.body).not.toHaveProperty('assistantId');
    expect(cleared.body).not.toHaveProperty('fallbackDestination');
    // Only the named fields clear with null; any other null is still the DTO's 400.
    const badNull = await api('PATCH', `/phone-number/${id}`, { provider: 'vonage', name: null });
    expect(badNull.status).toBe(400);

    await api('DELETE', `/phone-number/${id}`);
    expect((await api('DELETE', `/credential/${credentialId}`)).status).toBe(200);
    expect((await api('DELETE', `/credential/${credentialId}`)).status).toBe(404);
  });

  it('webhook credentials: made with the document’s DTO, answered masked, refused with unknown properties or OAuth2', async () => {
    const made = await api('POST', '/credential', {
      provider: 'webhook',
      name: 'Switchboard webhooks',
      authenticationPlan: { type: 'hmac', secretKey: 'hmac-secret-5678', algorithm: 'sha256' },
    });
    expect(made.status).toBe(201);
    expectValid(validatorFor('WebhookCredential'), made.body, 'webhook credential');
    expect(JSON.stringify(made.body)).not.toContain('hmac-secret');
    expect(made.body).toMatchObject({
      provider: 'webhook',
      authenticationPlan: { type: 'hmac', algorithm: 'sha256', secretKey: '****5678' },
    });
    const extra = await api('POST', '/credential', {
      provider: 'webhook',
      authenticationPlan: { type: 'bearer', token: 't0ken-1234' },
      signing: true,
    });
    expect(extra.status).toBe(400);
    const noAlgorithm = await api('POST', '/credential', {
      provider: 'webhook',
      authenticationPlan: { type: 'hmac', secretKey: 'x' },
    });
    expect(noAlgorithm.status).toBe(400);
    const oauth = await api('POST', '/credential', {
      provider: 'webhook',
      authenticationPlan: {
        type: 'oauth2',
        url: 'https://auth.example.com/token',
        clientId: 'a',
        clientSecret: 'b',
      },
    });
    expect(oauth.status).toBe(400);
    const { id } = made.body as { id: string };
    expect((await api('DELETE', `/credential/${id}`)).status).toBe(200);
    expect((await api('DELETE', `/credential/${id}`)).status).toBe(404);
  });

  it('tools, squads, structured outputs, campaigns, sessions and evals: create, list, get, update, delete', async () => {
    const tool = await api('POST', '/tool', {
      type: 'function',
      function: {
        name: 'check_stock',
        description: 'Checks stock',
        parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      },
      server: { url: 'https://tools.example.com/stock', headers: { 'x-api-key': 'k' } },
    });
    expect(tool.status).toBe(201);
    expectValid(responseValidator('POST', '/tool', 201), tool.body, 'create tool');
    const toolId = (tool.body as { id: string }).id;
    const list = await api('GET', '/tool');
    expectValid(responseValidator('GET', '/tool', 200), list.body, 'list tools');
    expect((list.body as { id: string }[]).map((t) => t.id)).toContain(toolId);
    const patched = await api('PATCH', `/tool/${toolId}`, {
      type: 'function',
      function: { name: 'check_stock', description: 'Checks stock levels' },
    });
    expect(patched.status).toBe(200);
    expectValid(responseValidator('PATCH', '/tool/{id}', 200), patched.body, 'update tool');
    const badName = await api('POST', '/tool', {
      type: 'function',
      function: { name: 'no spaces' },
    });
    expect(badName.status).toBe(400);
    // The body is checked against the branch its `type` names (the discriminator), alone.
    const badType = await api('POST', '/tool', { type: 'teleport' });
    expect((badType.body as { message: string[] }).message[0]).toMatch(/^type must be one of /);
    const extraField = await api('POST', '/tool', { type: 'endCall', colour: 'red' });
    expect(extraField.body).toMatchObject({ message: ['property colour should not exist'] });
    const deleted = await api('DELETE', `/tool/${toolId}`);
    expectValid(responseValidator('DELETE', '/tool/{id}', 200), deleted.body, 'delete tool');
    expect((await api('GET', `/tool/${toolId}`)).status).toBe(404);

    const creates: [string, unknown][] = [
      [
        '/squad',
        { name: 'Front desk', members: [{ assistantId: suite.sandbox.demo.assistantIds[0] }] },
      ],
      ['/structured-output', { name: 'caller', schema: { type: 'object' } }],
      [
        '/campaign',
        {
          name: 'Recall',
          // A campaign calls with an assistant (or squad); next year, so it places no call here.
          assistantId: suite.sandbox.demo.assistantIds[0],
          phoneNumberId: suite.sandbox.demo.phoneNumberIds[0],
          customers: [{ number: '+15125550100' }],
          schedulePlan: { earliestAt: new Date(Date.now() + 365 * 86_400_000).toISOString() },
        },
      ],
      ['/session', { name: 'Chat session' }],
    ];
    for (const [path, body] of creates) {
      const created = await api('POST', path, body);
      expect(created.status, `${path} ${JSON.stringify(created.body)}`).toBe(201);
      expectValid(responseValidator('POST', path, 201), created.body, `create ${path}`);
      const got = await api('GET', `${path}/${(created.body as { id: string }).id}`);
      expectValid(responseValidator('GET', `${path}/{id}`, 200), got.body, `get ${path}`);
      const all = await api('GET', path);
      expect(all.status).toBe(200);
      // The newer lists are pages ({results, metadata}), the older ones arrays.
      expectValid(responseValidator('GET', path, 200), all.body, `list ${path}`);
      const removed = await api('DELETE', `${path}/${(created.body as { id: string }).id}`);
      expect(removed.status).toBe(200);
    }
  });

  it('analytics: grouped and stepped results', async () => {
    const response = await api('POST', '/analytics', {
      queries: [
        {
          table: 'call',
          name: 'perDay',
          operations: [
            { operation: 'count', column: 'id' },
            { operation: 'sum', column: 'duration' },
          ],
          groupBy: ['assistantId'],
          timeRange: { step: 'day', timezone: 'America/Chicago', end: TEST_NOW.toISOString() },
        },
      ],
    });
    expect(response.status).toBe(201);
    expectValid(validatorFor('AnalyticsQueryResult'), (response.body as unknown[])[0], 'analytics');
  });

  it('a web call (POST /call/web is not in the document: the answer is a Call)', async () => {
    const response = await api(
      'POST',
      '/call/web',
      { assistantId: suite.sandbox.demo.assistantIds[0] },
      PUBLIC,
    );
    expect(response.status).toBe(201);
    expectValid(validatorFor('Call'), response.body, 'POST /call/web');
    // webCallUrl (the room the web SDK joins) is the one property the document does not name.
    const { webCallUrl, ...rest } = response.body as { webCallUrl: string };
    expect(webCallUrl).toMatch(/\/web-call\//);
    expectValid(validatorFor('Call', { closed: true }), rest, 'POST /call/web');
  });

  it('refuses unknown properties in bodies and query strings, as NestJS whitelisting does', async () => {
    const caught = await suite.client.assistants
      .create({ name: 'Extra', colour: 'blue' } as unknown as Parameters<
        typeof suite.client.assistants.create
      >[0])
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(caught).toBeInstanceOf(VapiError);
    expect((caught as VapiError).statusCode).toBe(400);
    expect((caught as VapiError).body).toEqual({
      message: ['property colour should not exist'],
      error: 'Bad Request',
      statusCode: 400,
    });

    const nested = await api('POST', '/assistant', {
      voice: { provider: 'vapi', voiceId: 'Elliot', pitch: 3 },
    });
    expect(nested).toEqual({
      status: 400,
      body: {
        message: ['voice.property pitch should not exist'],
        error: 'Bad Request',
        statusCode: 400,
      },
    });

    const [first] = (await api('GET', '/assistant')).body as { id: string }[];
    const patch = await api('PATCH', `/assistant/${first!.id}`, { nickname: 'x' });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ message: ['property nickname should not exist'] });

    for (const path of ['/assistant', '/call', '/phone-number']) {
      const query = await api('GET', `${path}?limit=2&page=2`);
      expect(query, path).toEqual({
        status: 400,
        body: {
          message: ['property page should not exist'],
          error: 'Bad Request',
          statusCode: 400,
        },
      });
    }
    const badLimit = await api('GET', '/call?limit=5000');
    expect(badLimit.body).toMatchObject({ message: ['limit must not be greater than 1000'] });

    const analytics = await api('POST', '/analytics', {
      queries: [{ table: 'call', name: 'x', operations: [{ operation: 'count', column: 'id' }] }],
      extra: true,
    });
    expect(analytics.body).toMatchObject({
      statusCode: 400,
      message: ['property extra should not exist'],
    });
    const call = await api('PATCH', `/call/${randomUUID()}`, { name: 'x', colour: 'red' });
    expect(call.body).toMatchObject({
      statusCode: 400,
      message: ['property colour should not exist'],
    });
  });
});

describe('the server messages the simulator sends are the document’s ServerMessage', () => {
  const receiver = receiverForSuite();
  const suite = sandboxForSuite(() => ({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 100,
    server: { url: receiver.url },
    simulator: { stepMs: 5, webCallMs: 10 },
  }));

  it('status updates, tool calls and end-of-call reports for every kind of call', async () => {
    const [dental, plumbing, restaurant, survey] = suite.sandbox.demo.assistantIds;
    await suite.sandbox.simulateCall({ assistantId: dental, tool: 'book_appointment' });
    await suite.sandbox.simulateCall({ assistantId: plumbing, tool: 'create_enquiry' });
    await suite.sandbox.simulateCall({
      assistantId: restaurant,
      endedReason: 'assistant-forwarded-call',
    });
    await suite.sandbox.simulateCall({
      assistantId: survey,
      endedReason: 'customer-did-not-answer',
    });
    await suite.sandbox.simulateCall({ assistantId: survey, endedReason: 'voicemail' });
    await suite.sandbox.simulateCall({ assistantId: dental, type: 'webCall' });

    const types = new Set(receiver.received.map((delivery) => delivery.message.type));
    expect([...types].sort()).toEqual(['end-of-call-report', 'status-update', 'tool-calls']);
    const specific: Record<string, string> = {
      'status-update': 'ServerMessageStatusUpdate',
      'tool-calls': 'ServerMessageToolCalls',
      'end-of-call-report': 'ServerMessageEndOfCallReport',
    };
    const envelope = validatorFor('ServerMessage');
    for (const { raw } of receiver.received) {
      // The body as sent: the { message } envelope.
      const delivery = JSON.parse(raw) as { message: { type: string; status?: unknown } };
      const status = typeof delivery.message.status === 'string' ? delivery.message.status : '';
      const what = `${delivery.message.type} ${status}`;
      expectValid(envelope, delivery, what);
      expectValid(validatorFor(specific[delivery.message.type]!), delivery.message, what);
      expectValid(validatorFor('ServerMessage', { closed: true }), delivery, `${what} (closed)`);
    }
  });
});
