import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DigestPreference } from '@switchboard/shared/alerts';
import {
  agents,
  alertRules,
  appointments,
  contacts,
  enquiries,
  mailbox,
  mailOutbox,
} from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { ingestCalls } from '../call-ingest/call-ingest.service';

// Los Angeles is on PDT (UTC−7) from 8 March 2026. The digest covers local days.
const ZONE = 'America/Los_Angeles';
const AGENT = 'asst-digest-la';
const at = (local: string) => Date.parse(`${local}-07:00`);

let clock = at('2026-03-09T10:00:00');
let counter = 0;

function call(createdAt: number, pass: boolean, cost = 0.5, isTest = false) {
  counter += 1;
  return toCallRecord({
    id: `digest-call-${counter}`,
    orgId: 'org-1',
    assistantId: AGENT,
    type: isTest ? 'webCall' : 'inboundPhoneCall',
    status: 'ended',
    endedReason: 'assistant-ended-call',
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(createdAt + 200_000).toISOString(),
    startedAt: new Date(createdAt + 1000).toISOString(),
    endedAt: new Date(createdAt + 121_000).toISOString(),
    cost,
    analysis: { successEvaluation: pass ? 'true' : 'false' },
    ...(isTest ? { assistantOverrides: { metadata: { switchboardTestCall: true } } } : {}),
  });
}

describe.each(oneDatabase)('digest on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' }, undefined, { now: () => clock });
  let owner: Record<string, string>;
  let weekly: Record<string, string>;
  let businessId: string;
  const db = () => ctx.app.database.db;
  const digestMails = (to: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'digest'), eq(mailOutbox.toAddress, to)))
      .orderBy(mailOutbox.createdAt);

  beforeAll(async () => {
    const a = await ctx.createBusinessWithMember({
      timezone: ZONE,
      name: 'Sunset Smiles',
      email: 'owner@sunset-smiles.example',
    });
    businessId = a.businessId;
    owner = await ctx.sessionHeaders(a.userName);
    const w = await ctx.addTeamMember(businessId, { email: 'weekly@sunset-smiles.example' });
    weekly = await ctx.sessionHeaders(w.userName);
    await db().insert(agents).values({ platformAssistantId: AGENT, businessId, name: 'Reception' });

    await ingestCalls(db(), [
      // Monday 9 March: 4 calls, 2 successful; 23:30 local is still the 9th.
      call(at('2026-03-09T09:15:00'), true),
      call(at('2026-03-09T11:00:00'), false),
      call(at('2026-03-09T14:00:00'), true),
      call(at('2026-03-09T23:30:00'), false),
      // Tuesday 10 March: 6 calls, 5 successful, $0.50 each; and a test call, left out.
      call(at('2026-03-10T00:10:00'), true),
      call(at('2026-03-10T09:05:00'), true),
      call(at('2026-03-10T09:40:00'), true),
      call(at('2026-03-10T13:00:00'), false),
      call(at('2026-03-10T16:20:00'), true),
      call(at('2026-03-10T23:59:00'), true),
      call(at('2026-03-10T12:00:00'), true, 3, true),
      // Wednesday 11 March 00:05: the next day.
      call(at('2026-03-11T00:05:00'), true),
    ]);
    const [contact] = await db()
      .insert(contacts)
      .values({ businessId, name: 'Ana Ruiz', phone: '+13105550100', source: 'call' })
      .returning();
    await db()
      .insert(enquiries)
      .values([
        {
          businessId,
          contactId: contact!.id,
          subject: 'Whitening price',
          status: 'open',
          isRead: false,
          source: 'call',
          createdAt: new Date(at('2026-03-10T10:00:00')),
        },
        {
          businessId,
          contactId: contact!.id,
          subject: 'Parking',
          status: 'open',
          isRead: true,
          source: 'call',
          createdAt: new Date(at('2026-03-10T15:00:00')),
        },
        {
          businessId,
          contactId: contact!.id,
          subject: 'Old one',
          status: 'open',
          isRead: true,
          source: 'call',
          createdAt: new Date(at('2026-03-08T15:00:00')),
        },
      ]);
    await db()
      .insert(appointments)
      .values([
        {
          businessId,
          contactId: contact!.id,
          service: 'Cleaning',
          startsAt: new Date(at('2026-03-12T10:00:00')),
          endsAt: new Date(at('2026-03-12T10:30:00')),
          status: 'scheduled',
          source: 'call',
          callId: 'digest-call-6',
          createdAt: new Date(at('2026-03-10T09:06:00')),
        },
        {
          businessId,
          contactId: contact!.id,
          service: 'Check-up',
          startsAt: new Date(at('2026-03-13T10:00:00')),
          endsAt: new Date(at('2026-03-13T10:30:00')),
          status: 'scheduled',
          source: 'manual',
          createdAt: new Date(at('2026-03-10T11:00:00')),
        },
      ]);
    await db()
      .insert(alertRules)
      .values({
        businessId,
        agentId: AGENT,
        kind: 'daily_cost',
        params: { aboveDollars: 0.01 },
        state: 'firing',
      });
  });

  it('is off by default and each user chooses their own', async () => {
    const before = await ctx.injectAs('GET', '/api/account/digest', owner);
    expect(before.json<DigestPreference>()).toEqual({ frequency: 'off' });
    for (const [headers, frequency] of [
      [owner, 'daily'],
      [weekly, 'weekly'],
    ] as const) {
      const res = await ctx.injectAs('PUT', '/api/account/digest', headers, { frequency });
      expect(res.json<DigestPreference>()).toEqual({ frequency });
    }
    const bad = await ctx.injectAs('PUT', '/api/account/digest', owner, { frequency: 'hourly' });
    expect(bad.statusCode).toBe(400);
    const admin = await ctx.sessionHeaders((await ctx.createAdminUser()).userName);
    const operator = await ctx.injectAs('GET', '/api/account/digest', admin);
    expect(operator.statusCode).toBe(403);
  });

  it('a daily digest of yesterday goes at 07:00 in the business zone, once', async () => {
    // 06:30 on Wednesday: Tuesday's digest is not due yet; Monday's ended after the choice
    // (Monday 10:00), so it is owed.
    clock = at('2026-03-11T06:30:00');
    await ctx.app.alertsJob.round();
    let mails = await digestMails('owner@sunset-smiles.example');
    expect(mails.map((m) => m.subject)).toEqual([
      'Sunset Smiles — your day: 4 calls, 0 bookings, 0 enquiries',
    ]);
    // 07:05: Tuesday's.
    clock = at('2026-03-11T07:05:00');
    await ctx.app.alertsJob.round();
    await ctx.app.alertsJob.round();
    mails = await digestMails('owner@sunset-smiles.example');
    expect(mails).toHaveLength(2);
    const tuesday = mails[1]!;
    expect(tuesday.subject).toBe('Sunset Smiles — your day: 6 calls, 1 booking, 2 enquiries');
    expect(tuesday.textBody).toContain('Sunset Smiles: your day, Mar 10, 2026');
    expect(tuesday.textBody).toContain('Calls: 6 (up 50 % on the day before)');
    expect(tuesday.textBody).toContain('Minutes: 12.00 (up 50 % on the day before)');
    expect(tuesday.textBody).toContain('Cost: $3.00 (up 50 % on the day before)');
    expect(tuesday.textBody).toContain('Success rate: 83.33% (up 33.3 points on the day before)');
    expect(tuesday.textBody).toContain('New enquiries: 2');
    expect(tuesday.textBody).toContain('Bookings made by your agents: 1');
    expect(tuesday.textBody).toContain(
      '- Alert still open: Reception: Calls cost more than $0.01 in a day',
    );
    expect(tuesday.textBody).toContain('- 1 enquiry is unread');
    expect(tuesday.htmlBody).toContain('src="cid:digest-chart@switchboard"');
    const image = tuesday.inlineImages?.[0];
    expect(image?.cid).toBe('digest-chart@switchboard');
    expect(Buffer.from(image!.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');

    // Later the same day, and before the next send time: nothing more.
    clock = at('2026-03-12T06:59:00');
    await ctx.app.alertsJob.round();
    expect(await digestMails('owner@sunset-smiles.example')).toHaveLength(2);
  });

  it('a weekly digest covers Monday to Sunday and goes on Monday morning', async () => {
    clock = at('2026-03-16T07:01:00');
    await ctx.app.alertsJob.round();
    await ctx.app.alertsJob.round();
    const mails = await digestMails('weekly@sunset-smiles.example');
    expect(mails.map((m) => m.subject)).toEqual([
      'Sunset Smiles — your week: 11 calls, 1 booking, 2 enquiries',
    ]);
    expect(mails[0]!.textBody).toContain('your week, Mar 9, 2026 – Mar 15, 2026');
  });

  it('goes out through the outbox with its HTML and chart, and stops when turned off', async () => {
    await ctx.app.mail.processDue();
    const [delivered] = await db()
      .select()
      .from(mailbox)
      .where(eq(mailbox.toAddress, 'weekly@sunset-smiles.example'));
    expect(delivered?.htmlBody).toContain('Weekly digest');
    expect(delivered?.inlineImages?.[0]?.contentType).toBe('image/png');

    const sent = (await digestMails('owner@sunset-smiles.example')).length;
    await ctx.injectAs('PUT', '/api/account/digest', owner, { frequency: 'off' });
    clock = at('2026-03-18T08:00:00');
    await ctx.app.alertsJob.round();
    expect(await digestMails('owner@sunset-smiles.example')).toHaveLength(sent);
  });
});
