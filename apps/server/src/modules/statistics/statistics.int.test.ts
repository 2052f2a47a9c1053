import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessOverviewList, DashboardStatistics } from '@switchboard/shared/analytics';
import { appointments, contacts, enquiries } from '../../db/schema';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { AnalyticsService } from '../analytics/analytics.service';
import { StatisticsService } from './statistics.service';

// 11:00 in New York on Tuesday 10 March 2026, two days after the clocks went forward: today
// starts at 04:00Z, tomorrow at 04:00Z on the 11th, and the 7 days (4–10 March) at 05:00Z on
// the 4th, still standard time.
const NOW = new Date('2026-03-10T15:00:00Z');
const ZONE = 'America/New_York';

describe.each(databaseTargets)('dashboard statistics on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let businessId: string;
  let member: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const a = await ctx.createBusinessWithMember({ timezone: ZONE, name: 'Alpha Dental' });
    const b = await ctx.createBusinessWithMember({ timezone: ZONE, name: 'Zeta Plumbing' });
    businessId = a.businessId;
    member = await ctx.sessionHeaders(a.userName);
    admin = await ctx.sessionHeaders((await ctx.createAdminUser()).userName);
    const db = ctx.app.database.db;

    const contact = (business: string, n: number, createdAt: string) => ({
      businessId: business,
      name: `Contact ${n}`,
      phone: `+1212555${String(1000 + n)}`,
      source: 'manual',
      createdAt: new Date(createdAt),
    });
    const inserted = await db
      .insert(contacts)
      .values([
        contact(businessId, 1, '2026-03-04T05:00:00Z'), // the first instant of the 7 days: new
        contact(businessId, 2, '2026-03-04T04:59:59Z'), // 23:59:59 on the 3rd: not new
        contact(businessId, 3, '2026-03-09T12:00:00Z'), // new
        contact(businessId, 4, '2026-02-01T12:00:00Z'), // old
        contact(businessId, 5, '2026-03-10T14:00:00Z'), // new
        contact(b.businessId, 6, '2026-03-10T14:00:00Z'), // another business
      ])
      .returning({ id: contacts.id, businessId: contacts.businessId });
    const mine = inserted.find((row) => row.businessId === businessId)!.id;
    const theirs = inserted.find((row) => row.businessId === b.businessId)!.id;

    const enquiry = (business: string, contactId: string, status: string, isRead: boolean) => ({
      businessId: business,
      contactId,
      subject: `${status} ${isRead ? 'read' : 'unread'}`,
      status,
      isRead,
      source: 'manual',
    });
    await db.insert(enquiries).values([
      enquiry(businessId, mine, 'open', false), // open, unread
      enquiry(businessId, mine, 'open', true), // open
      enquiry(businessId, mine, 'pending', false), // open, unread
      enquiry(businessId, mine, 'resolved', false), // unread
      enquiry(businessId, mine, 'closed', true), // neither
      enquiry(b.businessId, theirs, 'open', false), // another business
    ]);

    const appointment = (
      business: string,
      contactId: string,
      startsAt: string,
      status: string,
    ) => ({
      businessId: business,
      contactId,
      service: 'Visit',
      startsAt: new Date(startsAt),
      endsAt: new Date(Date.parse(startsAt) + 30 * 60_000),
      status,
      source: 'manual',
    });
    await db.insert(appointments).values([
      appointment(businessId, mine, '2026-03-10T04:00:00Z', 'scheduled'), // today (00:00), started
      appointment(businessId, mine, '2026-03-10T03:59:00Z', 'scheduled'), // 23:59 yesterday
      appointment(businessId, mine, '2026-03-10T13:00:00Z', 'completed'), // today
      appointment(businessId, mine, '2026-03-10T20:00:00Z', 'scheduled'), // today, upcoming
      appointment(businessId, mine, '2026-03-10T21:00:00Z', 'cancelled'), // neither
      appointment(businessId, mine, '2026-03-11T04:00:00Z', 'scheduled'), // tomorrow, upcoming
      appointment(businessId, mine, '2026-03-20T15:00:00Z', 'scheduled'), // upcoming
      appointment(b.businessId, theirs, '2026-03-10T20:00:00Z', 'scheduled'), // another business
    ]);
  });

  const statistics = () => {
    const db = ctx.app.database.db;
    const now = () => NOW;
    return new StatisticsService({ db, analytics: new AnalyticsService({ db, now }), now });
  };

  it('counts contacts, enquiries and appointments by hand-computed rules, in the business’s days', async () => {
    const figures = await statistics().dashboard({ businessId, timeZone: ZONE });
    expect(figures).toMatchObject({
      timeZone: ZONE,
      contacts: { total: 5, newLast7Days: 3 },
      enquiries: { open: 3, unread: 3 },
      appointments: { today: 3, upcoming: 3 },
    });
    expect(figures.calls.today.calls).toBe(0);
  });

  it('counts every business for an operator (no business)', async () => {
    const figures = await statistics().dashboard({ businessId: null, timeZone: ZONE });
    expect(figures).toMatchObject({
      contacts: { total: 6, newLast7Days: 4 },
      enquiries: { open: 4, unread: 4 },
      appointments: { today: 4, upcoming: 4 },
    });
  });

  it('answers every figure in one request for the signed-in member', async () => {
    const res = await ctx.injectAs('GET', '/api/statistics/dashboard', member);
    expect(res.statusCode).toBe(200);
    const body = res.json<DashboardStatistics>();
    // Figures that do not depend on today's date.
    expect(body).toMatchObject({
      timeZone: ZONE,
      contacts: { total: 5 },
      enquiries: { open: 3, unread: 3 },
    });
    expect(Object.keys(body).sort()).toEqual([
      'appointments',
      'calls',
      'contacts',
      'enquiries',
      'timeZone',
    ]);
    const operator = await ctx.injectAs('GET', '/api/statistics/dashboard', admin);
    expect(operator.json<DashboardStatistics>().contacts.total).toBe(6);
  });

  it('gives the operator every business with its own figures and what needs attention; nobody else', async () => {
    const res = await ctx.injectAs('GET', '/api/statistics/businesses', admin);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<BusinessOverviewList>();
    const alpha = data.find((row) => row.businessName === 'Alpha Dental');
    const zeta = data.find((row) => row.businessName === 'Zeta Plumbing');
    expect(alpha).toMatchObject({
      businessId,
      agents: 0,
      statistics: { timeZone: ZONE, contacts: { total: 5 }, enquiries: { open: 3, unread: 3 } },
      attention: ['No agent: nobody answers its calls.', '3 unread enquiries.'],
    });
    expect(zeta).toMatchObject({
      statistics: { contacts: { total: 1 }, enquiries: { open: 1, unread: 1 } },
      attention: ['No agent: nobody answers its calls.', '1 unread enquiry.'],
    });
    // Owners and members see only their own business: the overview is the operator's.
    const refused = await ctx.injectAs('GET', '/api/statistics/businesses', member);
    expect(refused.statusCode).toBe(403);
  });
});
