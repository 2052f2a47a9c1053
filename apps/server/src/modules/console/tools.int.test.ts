import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WireError } from '@switchboard/shared/errors';
import { toolServerUrlMessages, type Tool } from '@switchboard/shared/tools';
import { businesses, platformResources } from '../../db/schema';
import { DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { recordOwned } from './console.repository';
import { appForSuite, oneDatabase } from '../../test/test-app';

const CUSTOM = {
  name: 'check_stock',
  description: 'Checks whether an item is in stock',
  parameters: {
    type: 'object',
    properties: { sku: { type: 'string', description: 'The item code' } },
    required: ['sku'],
  },
  serverUrl: 'https://tools.northwind.example/stock',
};

describe.each(oneDatabase)('tools on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let other: Record<string, string>;
  let businessA: string;
  let managedId: string;

  beforeAll(async () => {
    await ctx.app.ready();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
    const [a] = await ctx.app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.email, DEMO_BUSINESS.email));
    businessA = a!.id;
    // A Switchboard-managed tool, recorded the way the agent tools are.
    const managed = await ctx.app.platform.client.sdk.tools.create({
      type: 'function',
      function: { name: 'create_enquiry', description: 'Records an enquiry' },
      server: { url: 'http://127.0.0.1:9/api/platform/webhook' },
    });
    managedId = managed.id;
    await recordOwned(ctx.app.database.db, {
      kind: 'tool',
      platformId: managed.id,
      businessId: businessA,
      name: 'create_enquiry',
      role: 'switchboard:create_enquiry',
    });
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  it('creates, lists, edits and deletes a custom function tool; managed ones come first, read-only', async () => {
    const created = await call('POST', '/api/tools', member, CUSTOM);
    expect(created.statusCode).toBe(201);
    const tool = created.json<Tool>();
    expect(tool).toMatchObject({ ...CUSTOM, type: 'function', managed: false, role: null });
    const onPlatform = await ctx.app.platform.client.sdk.tools.get({ id: tool.id });
    expect(onPlatform).toMatchObject({ server: { url: CUSTOM.serverUrl } });

    const list = (await call('GET', '/api/tools', member)).json<{ data: Tool[] }>().data;
    expect(list.map((t) => [t.name, t.managed])).toEqual([
      ['create_enquiry', true],
      ['check_stock', false],
    ]);
    // Our webhook's address is not shown for a managed tool.
    expect(list[0]!.serverUrl).toBeNull();

    const edited = await call('PATCH', `/api/tools/${tool.id}`, member, {
      description: 'Checks stock levels',
      serverUrl: 'https://tools.northwind.example/v2/stock',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'check_stock',
      description: 'Checks stock levels',
      serverUrl: 'https://tools.northwind.example/v2/stock',
      parameters: CUSTOM.parameters,
    });

    for (const [method, payload] of [
      ['PATCH', { description: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(method, `/api/tools/${managedId}`, member, payload);
      expect(refused.statusCode).toBe(409);
    }

    expect((await call('DELETE', `/api/tools/${tool.id}`, member)).statusCode).toBe(204);
    expect((await call('GET', `/api/tools/${tool.id}`, member)).statusCode).toBe(404);
    const rows = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.platformId, tool.id));
    expect(rows).toEqual([]);
  });

  it('refuses what is not a JSON Schema, a bad name, and server URLs that are not public https', async () => {
    const bad = [
      { ...CUSTOM, name: 'has spaces' },
      { ...CUSTOM, parameters: { type: 'string' } },
      { ...CUSTOM, parameters: { type: 'object', properties: { sku: { type: 'no-such-type' } } } },
      { ...CUSTOM, parameters: { type: 'object', required: 'sku' } },
      { ...CUSTOM, serverUrl: 'http://tools.northwind.example/stock' },
      { ...CUSTOM, serverUrl: 'https://127.0.0.1/stock' },
      { ...CUSTOM, serverUrl: 'https://169.254.169.254/latest/meta-data' },
      { ...CUSTOM, serverUrl: 'https://[::1]/x' },
      { ...CUSTOM, serverUrl: 'https://10.0.0.8/x' },
      { ...CUSTOM, serverUrl: 'https://localhost/x' },
      { ...CUSTOM, serverUrl: 'https://printer.local/x' },
      { ...CUSTOM, serverUrl: 'https://user:pw@tools.northwind.example/x' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/tools', member, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/api/tools', other)).json()).toEqual({ data: [] });
  });

  it('refuses parameters the platform would refuse with 400 saying where, and sends nothing', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const before = (await sdk.tools.list({ limit: 1000 })).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      // The document's OpenAIFunctionParameters: type object, properties required, nothing else.
      [{ type: 'object' }, /"properties" must be an object/],
      [{ type: 'object', properties: {}, additionalProperties: false }, /"additionalProperties"/],
      // Each parameter in the platform's JsonSchema subset.
      [{ type: 'object', properties: { a: { type: ['string', 'null'] } } }, /\/properties\/a/],
      [{ type: 'object', properties: { a: { type: 'number', minimum: 1 } } }, /"minimum"/],
      [{ type: 'object', properties: { a: { description: 'no type' } } }, /\/properties\/a/],
      [{ type: 'object', properties: { a: { type: 'string', enum: [1, 2] } } }, /"enum"/],
      [{ type: 'object', properties: { a: { type: 'string', format: 'uri' } } }, /"format"/],
      [{ type: 'object', properties: { a: { type: 'array' } } }, /"items"/],
    ];
    for (const [parameters, message] of cases) {
      const res = await call('POST', '/api/tools', member, { ...CUSTOM, parameters });
      const body = JSON.stringify(parameters);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json<WireError>().error.code).toBe('VALIDATION_ERROR');
      expect(res.json<WireError>().error.message, body).toMatch(message);
    }
    const tool = (await call('POST', '/api/tools', member, CUSTOM)).json<Tool>();
    const patched = await call('PATCH', `/api/tools/${tool.id}`, member, {
      parameters: { type: 'object', properties: { a: { type: 'object', properties: 1 } } },
    });
    expect(patched.statusCode).toBe(400);
    expect((await sdk.tools.list({ limit: 1000 })).length).toBe(before + 1);
    await call('DELETE', `/api/tools/${tool.id}`, member);
  });

  it('refuses a server URL the platform would call on a local network, saying why under the field', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const before = (await sdk.tools.list({ limit: 1000 })).length;
    const local = [
      'https://127.0.0.1.nip.io/stock',
      'https://app.10.0.0.8.sslip.io/stock',
      'https://10-0-0-8.nip.io/stock',
      'https://7f000001.nip.io/stock',
      'https://localhost.localdomain/stock',
      'https://api.localhost/stock',
      'https://metadata.google.internal/computeMetadata/v1',
      'https://[::ffff:127.0.0.1]/stock',
      'https://[fd00::5]/stock',
      'https://2130706433/stock',
      'https://0x7f.1/stock',
      'https://0177.0.0.1/stock',
    ];
    for (const serverUrl of local) {
      const res = await call('POST', '/api/tools', member, { ...CUSTOM, serverUrl });
      expect({ serverUrl, status: res.statusCode }).toEqual({ serverUrl, status: 400 });
      expect(res.json<WireError>().error.details?.issues).toEqual([
        { path: 'body.serverUrl', message: toolServerUrlMessages.local },
      ]);
    }
    for (const serverUrl of [
      'https://tools.northwind.example:5432/stock',
      'https://tools.northwind.example:22/stock',
    ]) {
      const res = await call('POST', '/api/tools', member, { ...CUSTOM, serverUrl });
      expect({ serverUrl, status: res.statusCode }).toEqual({ serverUrl, status: 400 });
      expect(res.json<WireError>().error.message).toMatch(/^Port \d+ is not a web server’s/);
    }
    const tool = (await call('POST', '/api/tools', member, CUSTOM)).json<Tool>();
    const moved = await call('PATCH', `/api/tools/${tool.id}`, member, {
      serverUrl: 'https://127.0.0.1.nip.io/stock',
    });
    expect(moved.statusCode).toBe(400);
    // Public servers, on their web ports, are fine.
    for (const serverUrl of [
      'https://tools.northwind.example:8443/stock',
      'https://1.2.3.4.nip.io/stock',
    ]) {
      const res = await call('PATCH', `/api/tools/${tool.id}`, member, { serverUrl });
      expect({ serverUrl, status: res.statusCode }).toEqual({ serverUrl, status: 200 });
    }
    expect((await sdk.tools.list({ limit: 1000 })).length).toBe(before + 1);
    await call('DELETE', `/api/tools/${tool.id}`, member);
  });

  it('another business’s tool, or an unknown one, is 404 on every route', async () => {
    const mine = (await call('POST', '/api/tools', member, CUSTOM)).json<Tool>();
    for (const id of [mine.id, managedId, 'unknown']) {
      expect((await call('GET', `/api/tools/${id}`, other)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/tools/${id}`, other, { description: 'taken' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/tools/${id}`, other)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/tools/${mine.id}`, member)).json()).toMatchObject({
      description: CUSTOM.description,
    });
  });

  it('sends the business’s credential header to its server, never shows the secret, and can stop sending it', async () => {
    const secret = 'Bearer nw-tools-7f3c9a';
    const created = await call('POST', '/api/tools', member, {
      ...CUSTOM,
      name: 'lookup_order',
      serverAuth: { headerName: 'Authorization', value: secret },
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain('nw-tools-7f3c9a');
    const tool = created.json<Tool>();
    expect(tool.serverAuthHeader).toBe('Authorization');
    const onPlatform = await ctx.app.platform.client.sdk.tools.get({ id: tool.id });
    expect(onPlatform).toMatchObject({
      server: { url: CUSTOM.serverUrl, headers: { Authorization: secret } },
    });
    for (const url of ['/api/tools', `/api/tools/${tool.id}`]) {
      expect((await call('GET', url, member)).body).not.toContain('nw-tools-7f3c9a');
    }

    // A new URL keeps the credential; a new credential replaces it; null stops sending it.
    await call('PATCH', `/api/tools/${tool.id}`, member, {
      serverUrl: 'https://tools.northwind.example/v2/orders',
    });
    expect(await ctx.app.platform.client.sdk.tools.get({ id: tool.id })).toMatchObject({
      server: { headers: { Authorization: secret } },
    });
    await call('PATCH', `/api/tools/${tool.id}`, member, {
      serverAuth: { headerName: 'X-Api-Key', value: 'nw-key-123456' },
    });
    const replaced = await ctx.app.platform.client.sdk.tools.get({ id: tool.id });
    expect('server' in replaced ? replaced.server?.headers : undefined).toEqual({
      'X-Api-Key': 'nw-key-123456',
    });
    const cleared = await call('PATCH', `/api/tools/${tool.id}`, member, { serverAuth: null });
    expect(cleared.json<Tool>().serverAuthHeader).toBeNull();
    const after = await ctx.app.platform.client.sdk.tools.get({ id: tool.id });
    expect('server' in after ? after.server?.headers : undefined).toBeUndefined();
    expect('server' in after ? after.server?.url : undefined).toBe(
      'https://tools.northwind.example/v2/orders',
    );

    // Headers the platform sets itself, a short secret, or one with a line break: 400.
    for (const serverAuth of [
      { headerName: 'Host', value: 'evil.example.com' },
      { headerName: 'X-Vapi-Secret', value: 'guessing-ours' },
      { headerName: 'X Api Key', value: 'nw-key-123456' },
      { headerName: 'X-Api-Key', value: 'short' },
      { headerName: 'X-Api-Key', value: 'nw-key\r\nX-Injected: 1' },
    ]) {
      const res = await call('POST', '/api/tools', member, { ...CUSTOM, serverAuth });
      expect(res.statusCode, JSON.stringify(serverAuth)).toBe(400);
    }
  });
});
