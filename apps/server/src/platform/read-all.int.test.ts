import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRun, TestSuite, TestSuiteSummary } from '@switchboard/shared/agent-tests';
import type { Agent } from '@switchboard/shared/agents';
import type { ChatConversation, ChatTurn } from '@switchboard/shared/chats';
import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import { listOwned } from '../modules/console/console.repository';
import { DEMO_ADMIN, DEMO_MEMBER } from '../modules/auth/demo-accounts';
import {
  appForSuite,
  demoBusinessAndAgent,
  injectAs,
  oneDatabase,
  sessionHeaders,
} from '../test/test-app';

// Lists read to their end (Round 3 · 4/10 item 5): with two rows a request, every list the
// console reads holds more than one page, and each screen still shows all of it. The sandbox
// checks every query against the document (unknown or out-of-range parameters are a 400).

const OUTPUT = (name: string) => ({
  name,
  schema: { type: 'object', properties: { reason: { type: 'string' } } },
});

const TEST = (name: string) => ({
  name,
  personality: 'polite',
  scenario: 'You ask whether the clinic takes new patients.',
  expectation: { kind: 'tool-not-called', tool: 'create_enquiry' },
});

describe.each(oneDatabase)('platform lists read to their end on %s', (target) => {
  const ctx = appForSuite(
    target,
    { SANDBOX_CALLS: '0', PLATFORM_LIST_PAGE_SIZE: '2' },
    async (app) => {
      await app.ready();
    },
  );
  let member: Record<string, string>;
  let agentId: string;
  let businessId: string;

  beforeAll(async () => {
    member = await sessionHeaders(ctx.app, DEMO_MEMBER.userName);
    const demo = await demoBusinessAndAgent(ctx.app);
    agentId = demo.agent.platformAssistantId;
    businessId = demo.business.id;
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    injectAs(ctx.app, method, url, headers, payload);

  it('the sandbox pages an array list that takes `page` as the document says', async () => {
    const { sdk } = ctx.app.platform.client;
    for (const name of ['A', 'B', 'C']) {
      await sdk.simulationPersonalities.personalityControllerCreate({
        name,
        assistant: {
          model: {
            provider: 'openai',
            model: 'gpt-4o-mini',
            messages: [{ role: 'system', content: 'You are a patient caller.' }],
          },
        },
      });
    }
    const first = await sdk.simulationPersonalities.personalityControllerFindAll({
      page: 1,
      limit: 2,
      sortOrder: 'ASC',
    });
    const second = await sdk.simulationPersonalities.personalityControllerFindAll({
      page: 2,
      limit: 2,
      sortOrder: 'ASC',
    });
    expect(first).toHaveLength(2);
    expect(second.length).toBeGreaterThanOrEqual(1);
    expect(second.map((s) => s.id)).not.toContain(first[0]!.id);
    await expect(
      sdk.simulationPersonalities.personalityControllerFindAll({ limit: 1001 }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('structured outputs: all of the business’s, over several pages', async () => {
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect((await call('POST', '/api/structured-outputs', member, OUTPUT(name))).statusCode).toBe(
        201,
      );
    }
    const listed = (await call('GET', '/api/structured-outputs', member)).json<{
      data: StructuredOutput[];
    }>().data;
    expect(listed.map((o) => o.name)).toEqual(['Five', 'Four', 'One', 'Three', 'Two']);
  });

  it('chat history: every chat of the agent, over several pages', async () => {
    let previousChatId: string | undefined;
    for (const message of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) {
      const res = await call('POST', `/api/agents/${agentId}/chats`, member, {
        message,
        ...(previousChatId ? { previousChatId } : {}),
      });
      expect(res.statusCode).toBe(201);
      previousChatId = res.json<ChatTurn>().id;
    }
    const history = (await call('GET', `/api/agents/${agentId}/chats`, member)).json<{
      data: ChatConversation[];
    }>().data;
    expect(history[0]!.turns.map((t) => t.message)).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth',
      'Fifth',
    ]);
  });

  it('test suites, their tests and runs: all of them, over several pages', async () => {
    const names = ['Bookings', 'Checks', 'Hours'];
    const suites: TestSuite[] = [];
    for (const name of names) {
      suites.push((await call('POST', '/api/test-suites', member, { name })).json<TestSuite>());
    }
    const tests = ['T1', 'T2', 'T3', 'T4'];
    for (const name of tests) {
      expect(
        (await call('POST', `/api/test-suites/${suites[0]!.id}/tests`, member, TEST(name)))
          .statusCode,
      ).toBe(201);
    }
    const listed = (await call('GET', '/api/test-suites', member)).json<{
      data: TestSuiteSummary[];
    }>().data;
    expect(listed.map((s) => s.name)).toEqual(names);
    const suite = (
      await call('GET', `/api/test-suites/${suites[0]!.id}`, member)
    ).json<TestSuite>();
    expect(suite.tests.map((t) => t.name)).toEqual(tests);
    expect(suite.tests.every((t) => t.personality === 'polite')).toBe(true);

    const agent = (await call('GET', '/api/agents', member)).json<{ data: Agent[] }>().data[0]!;
    const runIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await call('POST', `/api/test-suites/${suites[0]!.id}/runs`, member, {
        agentId: agent.id,
      });
      expect(run.statusCode).toBe(201);
      runIds.push(run.json<TestRun>().id);
    }
    const runs = (await call('GET', '/api/test-runs', member)).json<{ data: TestRun[] }>().data;
    expect(runs.map((r) => r.id).sort()).toEqual([...runIds].sort());
  });

  it('the console’s own lists (phone numbers here) are read to the end as well', async () => {
    const { sdk } = ctx.app.platform.client;
    const mine = await listOwned(ctx.app.database.db, businessId, 'phone-number');
    expect((await sdk.phoneNumbers.list({ limit: 1000 })).length).toBeGreaterThan(2);
    const listed = (await call('GET', '/api/phone-numbers', member)).json<{
      data: { id: string }[];
    }>().data;
    expect(listed.map((n) => n.id).sort()).toEqual(mine.map((n) => n.platformId).sort());
  });

  it('discovery finds every resource of a kind, over several pages', async () => {
    const { sdk } = ctx.app.platform.client;
    for (const name of ['lookup_a', 'lookup_b', 'lookup_c', 'lookup_d', 'lookup_e']) {
      await sdk.tools.create({ type: 'function', function: { name, description: 'Looks up' } });
    }
    const admin = await sessionHeaders(ctx.app, DEMO_ADMIN.userName);
    const res = await call('POST', '/api/admin/platform-resources/discover', admin, {});
    expect(res.statusCode).toBe(200);
    const kinds = res.json<{ kinds: { kind: string; found: number; added: number }[] }>().kinds;
    expect(kinds.find((k) => k.kind === 'tool')).toMatchObject({ found: 5, added: 5 });
    expect(kinds.find((k) => k.kind === 'structured-output')).toMatchObject({ found: 5 });
    const numbers = await sdk.phoneNumbers.list({ limit: 1000 });
    expect(numbers.length).toBeGreaterThan(2);
    expect(kinds.find((k) => k.kind === 'phone-number')).toMatchObject({
      found: numbers.length,
    });
  });
});
