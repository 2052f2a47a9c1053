import { randomUUID } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAgent, AdminBusiness } from '@switchboard/shared/admin';
import { agents, mailOutbox } from '../../db/schema';
import type { createBusinessWithMember } from '../../test/test-app';
import { appForSuite, nextTestIp, oneDatabase, sameOrigin } from '../../test/test-app';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_TRADES } from '../auth/demo-accounts';

describe.each(oneDatabase)('admin routes on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let admin: Record<string, string>;
  let other: Awaited<ReturnType<typeof createBusinessWithMember>>;

  beforeAll(async () => {
    admin = await ctx.sessionHeaders(DEMO_ADMIN.userName);
    other = await ctx.createBusinessWithMember({ name: 'Northside Plumbing' });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin });
  const assign = (agentId: string, businessId: string | null) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/agents/${agentId}/business`,
      headers: admin,
      payload: { businessId },
    });

  it('lists every business, newest first, with agent and user counts', async () => {
    const res = await get('/api/admin/businesses?page=1&limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: AdminBusiness[]; meta: unknown }>();
    expect(body.meta).toEqual({
      total: 5,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    // The demo businesses, one per trade, were seeded oldest first in the order of DEMO_TRADES.
    const demoNames = Object.values(DEMO_TRADES).map(({ business }) => business.name);
    expect(body.data.map((b) => b.name)).toEqual(['Northside Plumbing', ...demoNames.reverse()]);
    const demo = body.data.find((b) => b.name === DEMO_BUSINESS.name)!;
    expect(demo).toMatchObject({
      email: DEMO_BUSINESS.email,
      country: 'United States',
      timezone: 'America/New_York',
      agentCount: 1,
      // The owner and the front desk (a member).
      userCount: 2,
    });
    expect(new Date(demo.createdAt).toISOString()).toBe(demo.createdAt);
    expect(body.data[0]).toMatchObject({ agentCount: 0, userCount: 1 });
    expect(
      body.data.slice(1).every((b) => b.agentCount === 1 && b.userCount === (b === demo ? 2 : 1)),
    ).toBe(true);

    const last = await get('/api/admin/businesses?page=5&limit=1');
    expect(last.json()).toMatchObject({
      data: [{ name: DEMO_BUSINESS.name }],
      meta: { total: 5, page: 5, totalPages: 5, hasNext: false, hasPrev: true },
    });
  });

  it('lists every agent with the business of its trade', async () => {
    const res = await get('/api/admin/agents');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: AdminAgent[] }>();
    const demo = ctx.app.platform.sandbox!.demo;
    expect(data.map((a) => a.platformAssistantId).sort()).toEqual([...demo.assistantIds].sort());
    for (const assistant of demo.assistants) {
      const agent = data.find((a) => a.platformAssistantId === assistant.id);
      expect(agent).toMatchObject({ businessName: assistant.businessName, removedAt: null });
    }
  });

  it('assigns an agent to another business and unassigns it', async () => {
    const [agent] = await ctx.app.database.db.select().from(agents).limit(1);
    const moved = await assign(agent!.id, other.businessId);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id: agent!.id,
      platformAssistantId: agent!.platformAssistantId,
      businessId: other.businessId,
      businessName: 'Northside Plumbing',
    });
    const counts = await get('/api/admin/businesses');
    expect(counts.json<{ data: AdminBusiness[] }>().data[0]).toMatchObject({ agentCount: 1 });

    const unassigned = await assign(agent!.id, null);
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json()).toMatchObject({ businessId: null, businessName: null });
    const [stored] = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, agent!.id));
    expect(stored?.businessId).toBeNull();
  });

  it('answers 404 for an unknown agent or business, 400 for a malformed business id', async () => {
    const [agent] = await ctx.app.database.db.select().from(agents).limit(1);
    const unknownAgent = await assign(randomUUID(), other.businessId);
    expect(unknownAgent.statusCode).toBe(404);
    expect(unknownAgent.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Agent not found' },
    });
    expect((await assign('not-an-id', null)).statusCode).toBe(404);

    const unknownBusiness = await assign(agent!.id, randomUUID());
    expect(unknownBusiness.statusCode).toBe(404);
    expect(unknownBusiness.json()).toMatchObject({ error: { message: 'Business not found' } });

    const malformed = await assign(agent!.id, 'Bright Smile');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { message: 'Please choose a business' } });
  });

  it('shows the local mailbox and the outbox, newest first', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/create-account',
        headers: sameOrigin,
        remoteAddress: nextTestIp(),
        payload: {
          businessName: `Business of ${email}`,
          email,
          pointOfContact: 'Someone',
          country: 'Ireland',
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const queued = await get('/api/admin/mail/outbox');
    expect(queued.json()).toMatchObject({
      data: [
        { toAddress: 'second@example.com', status: 'queued', attempts: 0, kind: 'set-password' },
        { toAddress: 'first@example.com', status: 'queued' },
      ],
      meta: { total: 2 },
    });

    // One at a time, so that the delivery order is known.
    const [firstMessage] = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'first@example.com'));
    await ctx.app.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(ne(mailOutbox.id, firstMessage!.id));
    expect(await ctx.app.mail.processDue()).toBe(1);
    await ctx.app.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await ctx.app.mail.processDue()).toBe(1);
    const mail = await get('/api/admin/mail?limit=1');
    expect(mail.statusCode).toBe(200);
    expect(mail.json()).toMatchObject({
      data: [
        {
          toAddress: 'second@example.com',
          subject: 'Set your Switchboard password',
          textBody: expect.stringContaining('/set-password?token=') as string,
          deliveredAt: expect.any(String) as string,
        },
      ],
      meta: { total: 2, limit: 1, totalPages: 2, hasNext: true },
    });
    const sent = await get('/api/admin/mail/outbox');
    expect(sent.json()).toMatchObject({
      data: [
        { status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(String) as string },
        { status: 'sent', attempts: 1 },
      ],
    });
  });
});
