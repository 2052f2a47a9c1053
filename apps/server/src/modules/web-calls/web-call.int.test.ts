import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { TEST_CALL_METADATA, WEB_CALL_SDK_TOKEN } from '@switchboard/shared/web-call';
import { createSandbox, type Sandbox } from '@switchboard/sandbox/sandbox';
import { agents, calls } from '../../db/schema';
import { DEMO_MEMBER } from '../auth/demo-accounts';
import {
  buildTestApp,
  createBusinessWithMember,
  oneDatabase,
  sessionHeaders,
} from '../../test/test-app';

/** A built web app of one page: the CSP is a page's header (decision 075). */
async function pageOnlyWebDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-web-'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

describe.each(oneDatabase)('talk to agent (web calls) on %s', (target) => {
  describe('with the sandbox platform', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let member: Record<string, string>;
    let memberOfB: Record<string, string>;
    // What the web SDK sends as its Authorization: a fixed token the proxy ignores.
    const publicKey = WEB_CALL_SDK_TOKEN;
    let dental: string;

    beforeAll(async () => {
      ctx = await buildTestApp(target, {
        SYNC_INTERVAL_SECONDS: '3600',
        WEB_DIST_DIR: await pageOnlyWebDist(),
      });
      // Listening: the sandbox's webhooks reach us, as they do in production.
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      await ctx.app.callSync.runNow();
      member = await sessionHeaders(ctx.app, DEMO_MEMBER.userName);
      const b = await createBusinessWithMember(ctx.app);
      memberOfB = await sessionHeaders(ctx.app, b.userName);
      dental = ctx.app.platform.sandbox!.demo.assistantIds[0]!;
    });
    afterAll(() => ctx?.close());

    it('answers the mode and the same-origin proxy, never a key', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/web-call/config' });
      expect(anonymous.statusCode).toBe(401);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/web-call/config',
        headers: member,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mode: 'sandbox', enabled: true, apiBaseUrl: '/api/web-call' });
      expect(res.body).not.toContain('sandbox-private-');
      expect(res.body).not.toContain('sandbox-public-');
      // The pages' CSP needs nothing from Daily in sandbox mode.
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(page.headers['content-security-policy'])).not.toContain('daily.co');
    });

    it('starts a web call through the proxy, marks it a test call and hangs it up', async () => {
      const sdkHeaders = { ...member, authorization: `Bearer ${publicKey}` };
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/web-call/call/web',
        headers: sdkHeaders,
        payload: {
          assistantId: dental,
          assistantOverrides: { variableValues: { name: 'Pat' }, metadata: TEST_CALL_METADATA },
        },
      });
      expect(created.statusCode).toBe(201);
      const call = created.json<{ id: string; webCallUrl: string; type: string }>();
      expect(call.type).toBe('webCall');
      // The room as the browser reaches it: our origin, not the sandbox's loopback port.
      expect(call.webCallUrl).toBe(`/api/web-call/sandbox/web-call/${call.id}`);

      const room = async (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: call.webCallUrl, headers });
      await expect
        .poll(async () => (await room(member)).json<{ status: string }>().status, { timeout: 5000 })
        .toBe('in-progress');
      expect((await room(member)).json()).toMatchObject({ callId: call.id, assistantId: dental });
      // Another business's member cannot see or end it.
      expect((await room(memberOfB)).statusCode).toBe(404);
      const foreignHangUp = await ctx.app.inject({
        method: 'POST',
        url: `${call.webCallUrl}/hang-up`,
        headers: memberOfB,
      });
      expect(foreignHangUp.statusCode).toBe(404);

      const hangUp = await ctx.app.inject({
        method: 'POST',
        url: `${call.webCallUrl}/hang-up`,
        headers: member,
      });
      expect(hangUp.statusCode).toBe(202);
      await expect
        .poll(async () => (await room(member)).json<{ status: string }>().status, { timeout: 5000 })
        .toBe('ended');

      // The platform's webhooks brought it into the store, marked as a test call.
      await expect
        .poll(
          async () => {
            const [row] = await ctx.app.database.db
              .select({ isTest: calls.isTest, status: calls.status })
              .from(calls)
              .where(eq(calls.id, call.id));
            return row;
          },
          { timeout: 5000 },
        )
        .toEqual({ isTest: true, status: 'ended' });

      // Analytics leave it out unless asked for it.
      await expect
        .poll(
          async () => {
            const figures = async (query: string) =>
              (
                await ctx.app.inject({
                  method: 'GET',
                  url: `/api/agents/${dental}/analytics${query}`,
                  headers: member,
                })
              ).json<{ summary: { numberOfCalls: number } }>().summary.numberOfCalls;
            return (await figures('?includeTest=1')) - (await figures(''));
          },
          { timeout: 5000 },
        )
        .toBe(1);
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/agents/${dental}/analytics?includeTest=maybe`,
        headers: member,
      });
      expect(bad.statusCode).toBe(400);
    });

    it("refuses another business's agent, a wrong key and a missing assistant", async () => {
      const start = (headers: Record<string, string>, payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/web-call/call/web',
          headers,
          payload,
        });
      const foreign = await start(
        { ...memberOfB, authorization: `Bearer ${publicKey}` },
        { assistantId: dental },
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      // The browser's Authorization is not what reaches the platform: the proxy sends its own key.
      const anyToken = await start(
        { ...member, authorization: 'Bearer not-the-key' },
        { assistantId: dental },
      );
      expect(anyToken.statusCode).toBe(201);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/web-call/sandbox/web-call/${anyToken.json<{ id: string }>().id}/hang-up`,
        headers: member,
      });
      const none = await start({ ...member, authorization: `Bearer ${publicKey}` }, {});
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Assistant or Squad or Workflow must be provided.',
        },
      });
      const two = await start(
        { ...member, authorization: `Bearer ${publicKey}` },
        { assistantId: dental, squadId: 'b6c9b0c4-0000-4000-8000-000000000001' },
      );
      expect(two.statusCode).toBe(400);
      expect(two.json()).toMatchObject({
        error: {
          message: 'A web call takes one of assistantId, squadId or workflowId, not several.',
        },
      });
    });

    describe('admits only an own assistant with harmless overrides', () => {
      const start = (payload: object, headers = member) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/web-call/call/web',
          headers: { ...headers, authorization: `Bearer ${publicKey}` },
          payload,
        });
      let fetchSpy: MockInstance<typeof fetch>;
      beforeEach(() => {
        fetchSpy = vi.spyOn(globalThis, 'fetch');
      });
      afterEach(() => fetchSpy.mockRestore());
      const sandboxCalls = () =>
        fetchSpy.mock.calls.filter(([url]) => typeof url === 'string' && url.endsWith('/call/web'))
          .length;

      it('refuses an inline assistant whose server would receive our webhooks', async () => {
        const res = await start({
          assistant: {
            name: 'Mine',
            server: { url: 'https://attacker.example/hook' },
            model: { provider: 'openai', model: 'gpt-4o', messages: [] },
          },
        });
        expect(res.statusCode).toBe(400);
        const message = res.json<{ error: { message: string } }>().error.message;
        expect(message).toContain('assistant (an inline assistant)');
        expect(message).toContain('assistant.server');
        expect(sandboxCalls()).toBe(0);
      });

      it("refuses an inline squad, even one naming the caller's own agent", async () => {
        const res = await start({ squad: { members: [{ assistantId: dental }] } });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: { message: string } }>().error.message).toContain(
          'squad (an inline squad)',
        );
        const foreign = await start({ squad: { members: [{ assistantId: dental }] } }, memberOfB);
        expect(foreign.statusCode).toBe(400);
        expect(sandboxCalls()).toBe(0);
      });

      it.each([
        [
          'serverUrl in the overrides',
          { serverUrl: 'https://attacker.example' },
          'assistantOverrides.serverUrl',
        ],
        [
          'a server in the overrides',
          { server: { url: 'https://attacker.example' } },
          'assistantOverrides.server',
        ],
        [
          'credentialId deep in metadata',
          { metadata: { a: [{ credentialId: 'c' }] } },
          'assistantOverrides.metadata.a.0.credentialId',
        ],
        [
          'headers in variable values',
          { variableValues: { x: { Headers: { a: 'b' } } } },
          'assistantOverrides.variableValues.x.Headers',
        ],
      ])('refuses %s, naming it', async (_name, assistantOverrides, path) => {
        const res = await start({ assistantId: dental, assistantOverrides });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: { message: string } }>().error.message).toContain(path);
        expect(sandboxCalls()).toBe(0);
      });

      it('refuses top-level server settings and keys outside the allow-list', async () => {
        for (const payload of [
          { assistantId: dental, serverUrl: 'https://attacker.example' },
          { assistantId: dental, metadata: { credentialId: 'c' } },
          { assistantId: dental, assistantOverrides: { model: { provider: 'openai' } } },
          { assistantId: dental, customer: { number: '+15550001111' } },
        ]) {
          const res = await start(payload);
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        }
        expect(sandboxCalls()).toBe(0);
      });

      it("answers 404 for another business's assistant, and for any squad or workflow id", async () => {
        for (const payload of [
          { assistantId: dental },
          { squadId: 'b6c9b0c4-0000-4000-8000-000000000001' },
          { workflowId: 'b6c9b0c4-0000-4000-8000-000000000002' },
        ]) {
          const res = await start(payload, memberOfB);
          expect(res.statusCode, JSON.stringify(payload)).toBe(404);
        }
        expect((await start({ squadId: 'any' })).statusCode).toBe(404);
        expect(sandboxCalls()).toBe(0);
      });

      it('lets the call the web SDK makes through: own assistantId with variableValues', async () => {
        const res = await start({
          assistantId: dental,
          assistantOverrides: { variableValues: { name: 'Pat' }, metadata: TEST_CALL_METADATA },
        });
        expect(res.statusCode).toBe(201);
        expect(sandboxCalls()).toBe(1);
        const id = res.json<{ id: string }>().id;
        await ctx.app.inject({
          method: 'POST',
          url: `/api/web-call/sandbox/web-call/${id}/hang-up`,
          headers: member,
        });
      });
    });
  });

  describe('with a live platform (a standalone sandbox at VAPI_BASE_URL)', () => {
    const PRIVATE_KEY = 'live-private-key-123';
    const PUBLIC_KEY = 'live-public-key-456';
    let platform: Sandbox;
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let member: Record<string, string>;
    let memberOfB: Record<string, string>;
    let own: string;
    let fetchSpy: MockInstance<typeof fetch>;

    beforeAll(async () => {
      platform = await createSandbox({
        privateKey: PRIVATE_KEY,
        publicKey: PUBLIC_KEY,
        totalCalls: 10,
        simulator: { intervalMs: 0, webCallMs: 60_000 },
      });
      ctx = await buildTestApp(target, {
        VAPI_API_KEY: PRIVATE_KEY,
        PUBLIC_URL: 'https://switchboard.example.com',
        VAPI_PUBLIC_KEY: PUBLIC_KEY,
        // A trailing slash, as people write it.
        VAPI_BASE_URL: `${platform.baseUrl}/`,
        SYNC_INTERVAL_SECONDS: '3600',
        WEB_DIST_DIR: await pageOnlyWebDist(),
      });
      // The platform's assistants arrive unassigned; the admin gives one to business A.
      await ctx.app.callSync.runNow();
      own = platform.demo.assistantIds[0]!;
      const a = await createBusinessWithMember(ctx.app);
      const b = await createBusinessWithMember(ctx.app);
      await ctx.app.database.db
        .update(agents)
        .set({ businessId: a.businessId })
        .where(eq(agents.platformAssistantId, own));
      member = await sessionHeaders(ctx.app, a.userName);
      memberOfB = await sessionHeaders(ctx.app, b.userName);
    });
    afterAll(async () => {
      await ctx?.close();
      await platform?.close();
    });
    beforeEach(() => {
      fetchSpy = vi.spyOn(globalThis, 'fetch');
    });
    afterEach(() => fetchSpy.mockRestore());
    /** The requests that reached the platform's POST /call/web. */
    const platformRequests = () =>
      fetchSpy.mock.calls.filter(
        ([url]) => typeof url === 'string' && url === `${platform.baseUrl}/call/web`,
      );
    const start = (headers: Record<string, string>, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/web-call/call/web',
        headers: { ...headers, authorization: `Bearer ${WEB_CALL_SDK_TOKEN}` },
        payload,
      });

    it('answers the mode and the same-origin proxy, never a key; the CSP needs no platform host', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/web-call/config',
        headers: member,
      });
      expect(res.json()).toEqual({ mode: 'live', enabled: true, apiBaseUrl: '/api/web-call' });
      expect(res.body).not.toContain(PRIVATE_KEY);
      expect(res.body).not.toContain(PUBLIC_KEY);
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/c\.daily\.co/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.daily\.co [^;]*wss:\/\/\*\.daily\.co/);
      expect(csp).not.toContain(new URL(platform.baseUrl).host);
    });

    it("starts a call for the business's own assistant with the server's public key", async () => {
      const res = await start(member, {
        assistantId: own,
        assistantOverrides: { variableValues: { name: 'Pat' }, metadata: TEST_CALL_METADATA },
      });
      expect(res.statusCode).toBe(201);
      const call = res.json<{ id: string; type: string }>();
      expect(call.type).toBe('webCall');
      // What reached the platform: its public key, never the browser's token; our origin.
      const [request] = platformRequests();
      const headers = request?.[1]?.headers as Record<string, string>;
      expect(headers.authorization).toBe(`Bearer ${PUBLIC_KEY}`);
      expect(headers.origin).toBe('https://switchboard.example.com');
      // The call exists on the platform.
      const onPlatform = await fetch(`${platform.baseUrl}/call/${call.id}`, {
        headers: { authorization: `Bearer ${PRIVATE_KEY}` },
      });
      expect(onPlatform.status).toBe(200);
      expect(await onPlatform.json()).toMatchObject({ id: call.id, assistantId: own });
    });

    it("answers 404 for another business's assistant, and nothing reaches the platform", async () => {
      const res = await start(memberOfB, { assistantId: own });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(platformRequests()).toHaveLength(0);
    });

    it('refuses an inline assistant (400), and nothing reaches the platform', async () => {
      const res = await start(member, {
        assistant: { name: 'Mine', model: { provider: 'openai', model: 'gpt-4o' } },
      });
      expect(res.statusCode).toBe(400);
      expect(platformRequests()).toHaveLength(0);
    });

    it("passes the platform's own refusal through unchanged", async () => {
      // Gone from the platform, still one of ours until the next sync.
      const gone = await fetch(`${platform.baseUrl}/assistant/${own}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${PRIVATE_KEY}` },
      });
      expect(gone.status).toBe(200);
      const res = await start(member, { assistantId: own });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ statusCode: res.statusCode });
    });
  });

  describe('with a live platform but no public key', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      ctx = await buildTestApp(target, {
        VAPI_API_KEY: 'live-private-key-123',
        PUBLIC_URL: 'https://switchboard.example.com',
        VAPI_BASE_URL: 'http://127.0.0.1:9',
      });
    });
    afterAll(() => ctx?.close());

    it('says web calls are off and refuses to start one with a clear 409', async () => {
      const b = await createBusinessWithMember(ctx.app);
      const headers = await sessionHeaders(ctx.app, b.userName);
      const config = await ctx.app.inject({ method: 'GET', url: '/api/web-call/config', headers });
      expect(config.json()).toEqual({ mode: 'live', enabled: false, apiBaseUrl: '/api/web-call' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/web-call/call/web',
        headers,
        payload: { assistantId: 'x' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'WEB_CALLS_NOT_CONFIGURED' } });
      // No sandbox rooms behind a live platform.
      const room = await ctx.app.inject({
        method: 'GET',
        url: '/api/web-call/sandbox/web-call/b6c9b0c4-0000-4000-8000-000000000001',
        headers,
      });
      expect(room.statusCode).toBe(404);
    });
  });
});
