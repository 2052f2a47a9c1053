import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, businesses, platformResources } from '../../db/schema';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, oneDatabase } from '../../test/test-app';

// The console's ownership record from the operator's side: the demo business owns the demo
// numbers; discovery records what the platform has and nobody owns yet; assignment moves it.

describe.each(oneDatabase)('platform console ownership on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let businessA: string;

  beforeAll(async () => {
    await ctx.app.ready();
    admin = await ctx.sessionHeaders(DEMO_ADMIN.userName);
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    const [a] = await ctx.app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.email, DEMO_BUSINESS.email));
    businessA = a!.id;
  });

  it('each demo business owns its agent’s demo number from the first start', async () => {
    const rows = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.kind, 'phone-number'));
    const demoIds = [...ctx.app.platform.sandbox!.demo.phoneNumberIds].sort();
    expect(rows.map((r) => r.platformId).sort()).toEqual(demoIds);
    const agentRows = await ctx.app.database.db.select().from(agents);
    const businessOfAgent = new Map(agentRows.map((a) => [a.platformAssistantId, a.businessId]));
    for (const assistant of ctx.app.platform.sandbox!.demo.assistants) {
      const row = rows.find((r) => r.platformId === assistant.phoneNumberId);
      expect(row?.businessId, assistant.trade).toBe(businessOfAgent.get(assistant.id));
    }
    // The dental practice (the demo sign-in's business) owns the dental line.
    const dental = ctx.app.platform.sandbox!.demo.assistants[0]!;
    expect(rows.find((r) => r.platformId === dental.phoneNumberId)?.businessId).toBe(businessA);
  });

  it('discovery records platform resources nobody owns yet, once; the operator assigns and unassigns', async () => {
    const { sdk } = ctx.app.platform.client;
    const tool = await sdk.tools.create({
      type: 'function',
      function: { name: 'lookup_order', description: 'Finds an order' },
    });
    const first = await ctx.injectAs('POST', '/api/admin/platform-resources/discover', admin, {});
    expect(first.statusCode).toBe(200);
    const kinds = first.json<{ kinds: { kind: string; found: number; added: number }[] }>().kinds;
    expect(kinds.find((k) => k.kind === 'tool')).toMatchObject({ added: 1 });
    // The demo numbers were already recorded (owned): nothing new, but they get their names.
    expect(kinds.find((k) => k.kind === 'phone-number')).toMatchObject({ added: 0 });
    const numbers = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.kind, 'phone-number'));
    expect(numbers.map((n) => n.name)).toContain('Bright Smile main line');
    const again = await ctx.injectAs('POST', '/api/admin/platform-resources/discover', admin, {
      kind: 'tool',
    });
    expect(again.json()).toEqual({ kinds: [{ kind: 'tool', found: 1, added: 0 }] });

    const list = await ctx.injectAs(
      'GET',
      '/api/admin/platform-resources?kind=tool&assigned=unassigned',
      admin,
    );
    const [row] = list.json<{ data: { id: string; platformId: string; name: string }[] }>().data;
    expect(row).toMatchObject({ platformId: tool.id, name: 'lookup_order', businessId: null });

    const assigned = await ctx.injectAs(
      'PUT',
      `/api/admin/platform-resources/${row!.id}/business`,
      admin,
      { businessId: businessA },
    );
    expect(assigned.json()).toMatchObject({
      businessId: businessA,
      businessName: DEMO_BUSINESS.name,
    });
    const unassigned = await ctx.injectAs(
      'PUT',
      `/api/admin/platform-resources/${row!.id}/business`,
      admin,
      { businessId: null },
    );
    expect(unassigned.json()).toMatchObject({ businessId: null, businessName: null });
  });

  it('refuses an unknown record (404), an unknown business (400), a discovery kind it cannot list (400)', async () => {
    const unknown = await ctx.injectAs(
      'PUT',
      '/api/admin/platform-resources/not-a-uuid/business',
      admin,
      { businessId: null },
    );
    expect(unknown.statusCode).toBe(404);
    const [row] = await ctx.app.database.db.select().from(platformResources).limit(1);
    const noBusiness = await ctx.injectAs(
      'PUT',
      `/api/admin/platform-resources/${row!.id}/business`,
      admin,
      { businessId: '00000000-0000-4000-8000-000000000000' },
    );
    expect(noBusiness.statusCode).toBe(400);
    const cannot = await ctx.injectAs('POST', '/api/admin/platform-resources/discover', admin, {
      kind: 'eval',
    });
    expect(cannot.statusCode).toBe(400);
    expect(cannot.json<{ error: { message: string } }>().error.message).toBe(
      'Discovery does not list evals yet.',
    );
  });

  it('a business member can neither list, assign nor discover', async () => {
    const other = await ctx.createBusinessWithMember();
    for (const headers of [member, await ctx.sessionHeaders(other.userName)]) {
      const res = await ctx.injectAs('GET', '/api/admin/platform-resources', headers);
      expect(res.statusCode).toBe(403);
    }
  });

  it('a platform failure reads "Failed to fetch <things>: <reason>"', async () => {
    const sdk = ctx.app.platform.client.sdk;
    const original = sdk.tools.list.bind(sdk.tools);
    sdk.tools.list = () => {
      throw new Error('connection reset');
    };
    try {
      const res = await ctx.injectAs('POST', '/api/admin/platform-resources/discover', admin, {
        kind: 'tool',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        'Failed to fetch tools: connection reset',
      );
    } finally {
      sdk.tools.list = original;
    }
  });
});
