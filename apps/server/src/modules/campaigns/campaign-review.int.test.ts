import {
  formatWeekdayTime,
  waitingMessage,
  type Campaign,
  type CampaignContact,
  type CampaignReview,
} from '@switchboard/shared/campaigns';
import type { Paginated } from '@switchboard/shared/pagination';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, campaignContacts, campaigns, contactImports } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { campaignTestBusiness, type CampaignTestBusiness } from './test-business';

// Issue 34: a campaign is made as a draft; its review says who will be called and who not (and
// why), from which number, when, for how long and at about what cost; only Start dials. Calling
// weekdays and hours are the business's (New York here), daylight-saving changes included.

const ZONE = 'America/New_York';

describe.each(oneDatabase)('campaign review, start and calling windows on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '300', SYNC_INTERVAL_SECONDS: '3600' });
  let headers: Record<string, string>;
  let businessId: string;
  let agent: { id: string; phoneNumberId: string };
  let importId: string;
  let addContact: CampaignTestBusiness['addContact'];
  let cal: { id: string };

  const call = (method: string, url: string, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Recall',
    agentId: agent.id,
    phoneNumberId: agent.phoneNumberId,
    audience: { kind: 'import', importId },
    ...extra,
  });

  const platformCampaignCount = async () =>
    (await ctx.app.platform.client.sdk.campaigns.campaignControllerFindAll()).results.length;

  beforeAll(async () => {
    // The agents' names and their recent calls (the review's estimates) come with a sync.
    await ctx.app.callSync.runNow();
    ({ businessId, headers, agent, importId, addContact } = await campaignTestBusiness(
      ctx.app,
      'patients.csv',
      '',
    ));
    await addContact({ name: 'Ann Able', phone: '+12125550101' });
    await addContact({ name: 'Ben Baker', phone: '+12125550102' });
    cal = await addContact({ name: 'Cal Cole', phone: '+12125550103' });
    await addContact({ name: 'Dee Dnc', phone: '+12125550104', doNotCall: true });
    await addContact({ name: 'Pru Premium', phone: '+19005550123' });
    await addContact({ name: 'Lou London', phone: '+442079460958' });
    await addContact({ name: 'Nat Nophone', email: 'nat@example.com' });
  });

  it('makes a draft that dials nothing; its review counts who is called and who is left out, and why', async () => {
    const before = await platformCampaignCount();
    const res = await call('POST', '/api/campaigns', body({ maxConcurrency: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json<Campaign>();
    expect(draft.status).toBe('draft');
    expect(draft.waitingUntil).toBeNull();
    expect(await platformCampaignCount()).toBe(before);

    const review = await call('GET', `/api/campaigns/${draft.id}/review`);
    expect(review.statusCode, review.body).toBe(200);
    const r = review.json<CampaignReview>();
    expect(r.willCall).toBe(3);
    expect(r.leftOut).toEqual([
      { reason: 'do_not_call', label: 'Marked do-not-call', count: 1 },
      { reason: 'no_phone', label: 'No phone number', count: 1 },
      { reason: 'premium_rate', label: 'Premium-rate number', count: 1 },
      { reason: 'country', label: 'Number in a country this business may not call', count: 1 },
    ]);
    expect(r.sample.map((s) => s.name).sort()).toEqual(['Ann Able', 'Ben Baker', 'Cal Cole']);
    // The number callers see: its number, never the platform's id.
    expect(r.callerNumber.number).toMatch(/^\+\d+$/);
    expect(r.callerNumber.name).toContain(r.callerNumber.number);
    expect(r.callerNumber.name).not.toContain(agent.phoneNumberId);
    const [agentRow] = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.platformAssistantId, agent.id));
    expect(agentRow!.name).not.toBe('');
    expect(r.target).toEqual({ kind: 'agent', name: agentRow!.name });
    // The estimates come from the agent's recent calls: 3 calls, 2 at a time.
    expect(r.averageFromCalls).toBe(true);
    // The answer's average is rounded to the second; the minutes come from the exact one.
    const minutesFor = (seconds: number) => Math.ceil((3 * seconds) / 60 / 2);
    expect(r.expectedMinutes).toBeGreaterThanOrEqual(minutesFor(r.averageCallSeconds - 0.5));
    expect(r.expectedMinutes).toBeLessThanOrEqual(minutesFor(r.averageCallSeconds + 0.5));
    expect(r.costPerMinute).toBeGreaterThan(0);
    expect(r.estimatedCost).toBeCloseTo((3 * r.averageCallSeconds * r.costPerMinute!) / 60, 1);
    expect(Date.parse(r.firstCallAt)).toBeGreaterThanOrEqual(Date.parse(draft.startAt));

    // The options for "Call from" name the number too, never an id.
    const options = (await call('GET', '/api/campaigns/options')).json<{
      phoneNumbers: { id: string; name: string; number: string | null }[];
    }>();
    const line = options.phoneNumbers.find((p) => p.id === agent.phoneNumberId)!;
    expect(line.name).toBe(r.callerNumber.name);
    expect(line.name).not.toContain(agent.phoneNumberId);

    // A contact marked do-not-call after the draft was made: the review and Start leave it out.
    const marked = await call('PUT', `/api/contacts/${cal.id}/do-not-call`, { doNotCall: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const again = (await call('GET', `/api/campaigns/${draft.id}/review`)).json<CampaignReview>();
    expect(again.willCall).toBe(2);
    expect(again.leftOut[0]).toEqual({
      reason: 'do_not_call',
      label: 'Marked do-not-call',
      count: 2,
    });
    expect(again.sample.map((s) => s.name).sort()).toEqual(['Ann Able', 'Ben Baker']);

    // Start dials exactly the numbers the review named.
    const started = await call('PATCH', `/api/campaigns/${draft.id}`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Campaign>().status).not.toBe('draft');
    const rows = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, draft.id));
    const handed = rows.filter((row) => row.platformCampaignId).map((row) => row.phone);
    expect(handed.sort()).toEqual(['+12125550101', '+12125550102']);
    expect(started.json<Campaign>()).toMatchObject({
      skippedDoNotCall: 2,
      counts: { total: 4, refused: 2 },
    });
    expect(await platformCampaignCount()).toBe(before + 1);
    const twice = await call('PATCH', `/api/campaigns/${draft.id}`, { action: 'start' });
    expect(twice.statusCode).toBe(409);
    await call('PATCH', `/api/campaigns/${draft.id}`, { action: 'cancel' });
  });

  it('leaves out a number another running campaign is calling, in the review and at start', async () => {
    // Next week, so the first campaign is scheduled, its numbers pending.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const first = await call('POST', '/api/campaigns', body({ name: 'First', startAt: nextWeek }));
    const firstId = first.json<Campaign>().id;
    expect(
      (await call('PATCH', `/api/campaigns/${firstId}`, { action: 'start' })).json<Campaign>()
        .status,
    ).toBe('scheduled');

    const second = await call(
      'POST',
      '/api/campaigns',
      body({ name: 'Second', audience: { kind: 'search', search: 'Ann Able' } }),
    );
    const secondId = second.json<Campaign>().id;
    const review = (await call('GET', `/api/campaigns/${secondId}/review`)).json<CampaignReview>();
    expect(review.willCall).toBe(0);
    expect(review.leftOut).toEqual([
      {
        reason: 'in_other_campaign',
        label: 'Already being called by another running campaign',
        count: 1,
      },
    ]);
    const started = await call('PATCH', `/api/campaigns/${secondId}`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const page = (await call('GET', `/api/campaigns/${secondId}/contacts`)).json<
      Paginated<CampaignContact>
    >();
    expect(page.data).toMatchObject([{ status: 'refused', reason: 'in_other_campaign' }]);
    expect(started.json<Campaign>().status).toBe('completed');
    await call('PATCH', `/api/campaigns/${firstId}`, { action: 'cancel' });
  });

  it('pauses (nothing new is placed), resumes and cancels; a draft cannot be paused', async () => {
    const made = (await call('POST', '/api/campaigns', body({ name: 'Paused' }))).json<Campaign>();
    const refused = await call('PATCH', `/api/campaigns/${made.id}`, { action: 'pause' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { message: 'This campaign is a draft; start it first — it cannot be paused.' },
    });
    // Any weekday, any hour: it dials at once.
    await ctx.app.database.db
      .update(campaigns)
      .set({ callingHoursStart: 0, callingHoursEnd: 1439 })
      .where(eq(campaigns.id, made.id));
    const started = await call('PATCH', `/api/campaigns/${made.id}`, { action: 'start' });
    expect(started.json<Campaign>().status).toBe('running');
    const [row] = await ctx.app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, made.id));
    const firstWindow = row!.platformCampaignId!;

    const paused = await call('PATCH', `/api/campaigns/${made.id}`, { action: 'pause' });
    expect(paused.json<Campaign>().status).toBe('paused');
    // The platform campaign is cancelled: no new calls; calls under way finish on their own.
    const onPlatform = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: firstWindow,
    });
    expect(['cancelled', 'ended']).toContain(onPlatform.status);
    expect(paused.json<Campaign>().waitingUntil).toBeNull();

    const resumed = await call('PATCH', `/api/campaigns/${made.id}`, { action: 'resume' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(['running', 'completed']).toContain(resumed.json<Campaign>().status);

    const cancelled = await call('PATCH', `/api/campaigns/${made.id}`, { action: 'cancel' });
    expect(cancelled.json<Campaign>().status).toBe('cancelled');
    expect(
      (await call('PATCH', `/api/campaigns/${made.id}`, { action: 'resume' })).statusCode,
    ).toBe(409);
    // A draft may be cancelled (dropped) without ever dialling.
    const dropped = (
      await call('POST', '/api/campaigns', body({ name: 'Dropped' }))
    ).json<Campaign>();
    const before = await platformCampaignCount();
    const gone = await call('PATCH', `/api/campaigns/${dropped.id}`, { action: 'cancel' });
    expect(gone.json<Campaign>().status).toBe('cancelled');
    expect(await platformCampaignCount()).toBe(before);
  });

  it('a call in progress when the campaign is paused or cancelled finishes and keeps its result', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    for (const action of ['pause', 'cancel'] as const) {
      const made = (
        await call(
          'POST',
          '/api/campaigns',
          body({ name: `In flight ${action}`, startAt: nextWeek }),
        )
      ).json<Campaign>();
      await call('PATCH', `/api/campaigns/${made.id}`, { action: 'start' });
      const [row] = await ctx.app.database.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, made.id));
      const platformCampaignId = row!.platformCampaignId!;
      // One number's call is under way (its first webhook came).
      const callId = randomUUID();
      await ctx.app.database.db
        .update(campaignContacts)
        .set({ status: 'calling', callId })
        .where(
          and(eq(campaignContacts.campaignId, made.id), eq(campaignContacts.phone, '+12125550101')),
        );
      const stopped = await call('PATCH', `/api/campaigns/${made.id}`, { action });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json<Campaign>().counts.calling).toBe(1);
      // The call ends after the stop: its row still takes the outcome.
      const ended = new Date();
      await ingestCalls(ctx.app.database.db, [
        toCallRecord({
          id: callId,
          assistantId: agent.id,
          campaignId: platformCampaignId,
          type: 'outboundPhoneCall',
          status: 'ended',
          endedReason: 'customer-ended-call',
          customer: { number: '+12125550101' },
          createdAt: new Date(ended.getTime() - 60_000).toISOString(),
          updatedAt: ended.toISOString(),
          startedAt: new Date(ended.getTime() - 60_000).toISOString(),
          endedAt: ended.toISOString(),
        }),
      ]);
      const after = (await call('GET', `/api/campaigns/${made.id}`)).json<Campaign>();
      expect(after.counts).toMatchObject({ calling: 0, answered: 1 });
      expect(after.status).toBe(action === 'pause' ? 'paused' : 'cancelled');
      if (action === 'pause')
        await call('PATCH', `/api/campaigns/${made.id}`, { action: 'cancel' });
    }
  });

  it('waits for calling hours on the chosen weekdays, in the business’s zone', async () => {
    // Tomorrow's weekday in New York only, 09:00–17:00: today is never a calling day.
    const todayInZone = new Date(new Date().toLocaleString('en-US', { timeZone: ZONE })).getDay();
    const tomorrow = (todayInZone + 1) % 7;
    const made = (
      await call(
        'POST',
        '/api/campaigns',
        body({ name: 'Weekdays', callingDays: [tomorrow], callingHoursStart: '09:00' }),
      )
    ).json<Campaign>();
    expect(made.callingDays).toEqual([tomorrow]);
    const started = (
      await call('PATCH', `/api/campaigns/${made.id}`, { action: 'start' })
    ).json<Campaign>();
    expect(started.status).toBe('scheduled');
    expect(started.waitingUntil).not.toBeNull();
    const at = new Date(started.waitingUntil!);
    expect(formatWeekdayTime(at, ZONE)).toMatch(/^[A-Z][a-z]{2} 09:00$/);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(at)).toBe(
      ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][tomorrow],
    );
    expect(waitingMessage(at, ZONE)).toBe(
      `Waiting for calling hours — next call ${formatWeekdayTime(at, ZONE)}`,
    );
    // The platform campaign's window is that day's hours.
    const [row] = await ctx.app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, made.id));
    const platform = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: row!.platformCampaignId!,
    });
    expect(platform.schedulePlan?.earliestAt).toBe(started.waitingUntil);
    await call('PATCH', `/api/campaigns/${made.id}`, { action: 'cancel' });
  });

  it('keeps the calling hours across a daylight-saving change', async () => {
    // New York springs forward on Sunday 14 March 2027 (02:00 EST → 03:00 EDT).
    // From Friday 12 March 18:00 EST, weekdays 09:00–17:00: the first call is Monday 09:00 EDT.
    const weekdays = (
      await call(
        'POST',
        '/api/campaigns',
        body({
          name: 'Across the change',
          startAt: '2027-03-12T23:00:00.000Z',
          callingDays: [1, 2, 3, 4, 5],
        }),
      )
    ).json<Campaign>();
    const review = (
      await call('GET', `/api/campaigns/${weekdays.id}/review`)
    ).json<CampaignReview>();
    expect(review.firstCallAt).toBe('2027-03-15T13:00:00.000Z');
    expect(formatWeekdayTime(review.firstCallAt, ZONE)).toBe('Mon 09:00');

    // Sunday only, 00:00–05:00 on the day of the change: a window of four hours, not five.
    const night = (
      await call(
        'POST',
        '/api/campaigns',
        body({
          name: 'The night of the change',
          startAt: '2027-03-13T17:00:00.000Z',
          callingDays: [0],
          callingHoursStart: '00:00',
          callingHoursEnd: '05:00',
        }),
      )
    ).json<Campaign>();
    expect(
      (await call('GET', `/api/campaigns/${night.id}/review`)).json<CampaignReview>().firstCallAt,
    ).toBe('2027-03-14T05:00:00.000Z');
    await call('PATCH', `/api/campaigns/${night.id}`, { action: 'start' });
    const [row] = await ctx.app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, night.id));
    const platform = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: row!.platformCampaignId!,
    });
    expect(platform.schedulePlan).toMatchObject({
      earliestAt: '2027-03-14T05:00:00.000Z',
      latestAt: '2027-03-14T09:00:00.000Z',
    });
    for (const id of [weekdays.id, night.id]) {
      await call('PATCH', `/api/campaigns/${id}`, { action: 'cancel' });
    }
  });

  it('refuses bad input with a 4xx naming the field, and dials nothing', async () => {
    const before = await platformCampaignCount();
    const campaignsBefore = (await call('GET', '/api/campaigns')).json<{ data: Campaign[] }>().data
      .length;
    // An import with nobody callable: one do-not-call contact, one without a number.
    const [uncallable] = await ctx.app.database.db
      .insert(contactImports)
      .values({
        businessId,
        fileName: 'nobody.csv',
        fileType: 'csv',
        fileSize: 10,
        status: 'completed',
      })
      .returning();
    await addContact({
      name: 'Una Dnc',
      phone: '+12125550188',
      doNotCall: true,
      importId: uncallable!.id,
    });
    await addContact({
      name: 'Noel Nonumber',
      email: 'noel@example.com',
      importId: uncallable!.id,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { audience: { kind: 'import', importId: uncallable!.id } },
        'audience',
        'No contacts to call: of the contacts chosen, 1 is marked do-not-call and 1 has no phone number.',
      ],
      [
        { callingHoursStart: '17:00', callingHoursEnd: '09:00' },
        'callingHoursEnd',
        'Calling hours must end after they start',
      ],
      [{ callingDays: [] }, 'callingDays', 'Choose at least one weekday to call on'],
      [
        { startAt: new Date(Date.now() - 86_400_000).toISOString() },
        'startAt',
        'The start time is in the past — choose a later one or start now',
      ],
      [
        { audience: { kind: 'search', search: 'Nat Nophone' } },
        'audience',
        'No contacts to call: none of the contacts chosen has a phone number.',
      ],
      [
        { audience: { kind: 'search', search: 'Dee Dnc' } },
        'audience',
        'No contacts to call: every contact chosen is marked do-not-call.',
      ],
      [
        { audience: { kind: 'search', search: 'Pru Premium' } },
        'audience',
        'No contacts to call: the calling rules refuse every number chosen (1 × premium-rate number).',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call('POST', '/api/campaigns', body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
      const error = res.json<{
        error: {
          message: string;
          details?: { issues: { path: string; message: string }[] };
        };
      }>().error;
      expect(error.details?.issues.map((issue) => [issue.path, issue.message])).toContainEqual([
        `body.${field}`,
        message,
      ]);
    }
    expect(await platformCampaignCount()).toBe(before);
    expect((await call('GET', '/api/campaigns')).json<{ data: Campaign[] }>().data).toHaveLength(
      campaignsBefore,
    );
  });
});
