import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, businesses, calls, contacts, enquiries, syncState } from '../db/schema';
import { appForSuite, oneDatabase } from '../test/test-app';

describe.each(oneDatabase)('the first start’s demo calls on %s', (target) => {
  // Live simulated calls on (so the burst runs), but the timer's own calls far away.
  const ctx = appForSuite(
    target,
    {
      // Enough calls for the first sync to outlast the burst's first tool call, were they run together.
      SANDBOX_CALLS: '1000',
      SANDBOX_SIMULATOR_INTERVAL_MS: '3600000',
      SYNC_INTERVAL_SECONDS: '3600',
    },
    (app) => app.listen({ port: 0, host: '127.0.0.1' }),
  );

  it('records enquiries through the real webhook path, each linked to its stored call', async () => {
    const recorded = () =>
      ctx.app.database.db
        .select()
        .from(enquiries)
        .where(and(eq(enquiries.source, 'call'), isNotNull(enquiries.toolCallId)));
    // Dental twice, plumbing and restaurant once each.
    await expect.poll(async () => (await recorded()).length).toBe(4);
    const rows = await recorded();
    const demo = ctx.app.platform.sandbox!.demo;
    expect(new Set(rows.map((row) => row.assistantId))).toEqual(
      new Set(demo.assistantIds.slice(0, 3)),
    );
    // The burst began once the first sync had ended (decision 118): every enquiry came after it.
    const [sync] = await ctx.app.database.db.select().from(syncState);
    expect(sync?.lastFinishedAt).toBeInstanceOf(Date);
    for (const row of rows)
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(sync!.lastFinishedAt!.getTime());
    // The calls they were recorded in are in the call store too.
    await expect
      .poll(async () => {
        const stored = await ctx.app.database.db.select({ id: calls.id }).from(calls);
        const ids = new Set(stored.map((call) => call.id));
        return rows.every((row) => row.callId !== null && ids.has(row.callId));
      })
      .toBe(true);
  });

  it('keeps each business to its own trade: enquiries, appointments and contacts of its agent only', async () => {
    const demo = ctx.app.platform.sandbox!.demo;
    const booked = () =>
      ctx.app.database.db.select().from(appointments).where(isNotNull(appointments.toolCallId));
    // Dental, plumbing and restaurant book one each.
    await expect.poll(async () => (await booked()).length).toBe(3);
    const businessOf = new Map(
      (await ctx.app.database.db.select().from(businesses)).map((b) => [b.id, b.name]),
    );
    const tradeOf = new Map(demo.assistants.map((a) => [a.id, a.businessName]));
    const rows = [
      ...(await booked()),
      ...(await ctx.app.database.db.select().from(enquiries).where(eq(enquiries.source, 'call'))),
    ];
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(businessOf.get(row.businessId)).toBe(tradeOf.get(row.assistantId!));
      const [contact] = await ctx.app.database.db
        .select()
        .from(contacts)
        .where(eq(contacts.id, row.contactId));
      expect(contact?.businessId).toBe(row.businessId);
    }
    // The dental practice's bookings are dental services, the restaurant's are tables.
    const services = (await booked()).map((row) => [tradeOf.get(row.assistantId!), row.service]);
    expect(services).toEqual(
      expect.arrayContaining([
        ['Bright Smile Dental', expect.not.stringMatching(/table/i) as unknown],
        ['Trattoria Bella', expect.stringMatching(/^Table for \d+$/) as unknown],
      ]),
    );
  });
});
