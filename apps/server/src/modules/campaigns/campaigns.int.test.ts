import { campaignOutcome } from '@switchboard/sandbox/simulator/campaign-runner';
import type {
  Campaign,
  CampaignContact,
  CampaignContactStatus,
} from '@switchboard/shared/campaigns';
import type { Contact } from '@switchboard/shared/contacts';
import type { Paginated } from '@switchboard/shared/pagination';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, campaignContacts, campaigns, contactImports, contacts } from '../../db/schema';
import { DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, demoBusinessAndDental, databaseTargets } from '../../test/test-app';
import { giveDemoAgent } from '../console/test-demo-agents';
import { ConsoleService } from '../console/console.service';
import { DialingService } from '../dialing/dialing.service';
import { insertAudience } from './campaigns.repository';
import { CampaignsService } from './campaigns.service';
import { waitUntil } from '../../test/wait-until';

// Campaigns against the embedded sandbox platform, listening so that the calls the platform's
// campaign places come back as webhooks and move each number's row.

const SEED = 42;

/** How a sandbox outcome shows on the progress page. */
function expectedStatus(phone: string): CampaignContactStatus {
  const { endedReason } = campaignOutcome(SEED, phone);
  if (endedReason === 'voicemail') return 'voicemail';
  if (endedReason === 'customer-did-not-answer' || endedReason === 'customer-busy')
    return 'no_answer';
  if (endedReason === 'twilio-failed-to-connect-call') return 'failed';
  return 'answered';
}

/** Numbers whose sandbox outcomes cover a booking, voicemail, no answer and a failure. */
function pickNumbers(prefix: string): string[] {
  const wanted = new Map<string, string>();
  for (let i = 0; i < 5000 && wanted.size < 4; i += 1) {
    const phone = `${prefix}${String(i).padStart(4, '0')}`;
    const outcome = campaignOutcome(SEED, phone);
    const kind = outcome.scenario === 'book_appointment' ? 'book' : expectedStatus(phone);
    if (['book', 'voicemail', 'no_answer', 'failed'].includes(kind) && !wanted.has(kind))
      wanted.set(kind, phone);
  }
  return [...wanted.values()];
}

const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean) =>
  waitUntil(read, done, 30_000);

describe.each(databaseTargets)('campaigns on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0', SYNC_INTERVAL_SECONDS: '3600' });
  let member: Record<string, string>;
  let other: Record<string, string>;
  let demoBusinessId: string;
  let dental: { id: string; phoneNumberId: string };
  let bookers: string[];

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  const addContact = async (businessId: string, values: Partial<typeof contacts.$inferInsert>) => {
    const [row] = await ctx.app.database.db
      .insert(contacts)
      .values({ businessId, source: 'manual', ...values })
      .returning();
    return row!;
  };

  /** A draft (POST /api/campaigns): nothing is dialled yet. */
  const draft = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call('POST', '/api/campaigns', headers, {
      name: 'Spring recall',
      agentId: dental.id,
      phoneNumberId: dental.phoneNumberId,
      callingHoursStart: '00:00',
      callingHoursEnd: '23:59',
      ...body,
    });

  /** A draft, then started: the failed POST's answer, or the start's. */
  const create = async (headers: Record<string, string>, body: Record<string, unknown>) => {
    const res = await draft(headers, body);
    if (res.statusCode !== 201) return res;
    return call('PATCH', `/api/campaigns/${res.json<Campaign>().id}`, headers, { action: 'start' });
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    other = await ctx.sessionHeaders(
      (await ctx.createBusinessWithMember({ name: 'Other Co' })).userName,
    );
    ({ businessId: demoBusinessId, dental } = await demoBusinessAndDental(ctx.app));
    bookers = pickNumbers('+1512555');
    for (const [i, phone] of bookers.entries()) {
      await addContact(demoBusinessId, { name: `Recall ${i}`, phone });
    }
  });

  /** Another instance's campaign service on the same database and platform. */
  const otherInstance = (now?: () => number) =>
    new CampaignsService({
      db: ctx.app.database.db,
      platform: () => ctx.app.platform.client,
      console: new ConsoleService({
        db: ctx.app.database.db,
        sdk: () => ctx.app.platform.client.sdk,
      }),
      dialing: new DialingService({ db: ctx.app.database.db }),
      ...(now ? { now } : {}),
    });

  it('runs a campaign on a search: each number’s call moves its row, bookings are counted', async () => {
    const res = await create(member, { audience: { kind: 'search', search: 'Recall' } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<Campaign>();
    expect(created.counts.total).toBe(bookers.length);

    const done = await waitFor(
      async () => (await call('GET', `/api/campaigns/${created.id}`, member)).json<Campaign>(),
      (c) => c.status === 'completed',
    );
    expect(done.counts.pending + done.counts.calling).toBe(0);
    expect(done.counts.appointments).toBeGreaterThanOrEqual(1);

    const page = (await call('GET', `/api/campaigns/${created.id}/contacts?limit=50`, member)).json<
      Paginated<CampaignContact>
    >();
    expect(page.meta.total).toBe(bookers.length);
    for (const row of page.data) {
      expect(row.status, row.phone).toBe(expectedStatus(row.phone));
      expect(row.callId).not.toBeNull();
      if (campaignOutcome(SEED, row.phone).scenario === 'book_appointment') {
        expect(row.appointments).toBe(1);
        expect(row.agentId).toBe(dental.id);
      }
    }
    const answered = await call(
      'GET',
      `/api/campaigns/${created.id}/contacts?status=answered`,
      member,
    );
    expect(
      answered.json<Paginated<CampaignContact>>().data.every((r) => r.status === 'answered'),
    ).toBe(true);
  });

  it('leaves out do-not-call contacts and contacts without a number; calls one import only', async () => {
    const owner = await ctx.createBusinessWithMember({
      timezone: 'America/Chicago',
      country: 'United States',
    });
    const headers = await ctx.sessionHeaders(owner.userName);
    // The restaurant's demo agent and number, assigned to this business.
    const restaurant = await giveDemoAgent(ctx.app, owner.businessId, 2);
    const [imported] = await ctx.app.database.db
      .insert(contactImports)
      .values({
        businessId: owner.businessId,
        fileName: 'list.csv',
        fileType: 'csv',
        fileSize: 10,
        status: 'completed',
      })
      .returning();
    const a = await addContact(owner.businessId, {
      name: 'Ann',
      phone: '+13125550101',
      importId: imported!.id,
    });
    const b = await addContact(owner.businessId, {
      name: 'Bob',
      phone: '+13125550102',
      importId: imported!.id,
    });
    await addContact(owner.businessId, { name: 'Cy', email: 'cy@example.com' });
    await addContact(owner.businessId, { name: 'Di', phone: '+13125550104' });

    const marked = await call('PUT', `/api/contacts/${b.id}/do-not-call`, headers, {
      doNotCall: true,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<Contact>().doNotCall).toBe(true);
    // Another business cannot mark it.
    expect(
      (await call('PUT', `/api/contacts/${b.id}/do-not-call`, other, { doNotCall: false }))
        .statusCode,
    ).toBe(404);

    const body = {
      name: 'All',
      agentId: restaurant.id,
      phoneNumberId: restaurant.phoneNumberId,
      startAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const all = await call('POST', '/api/campaigns', headers, {
      ...body,
      audience: { kind: 'all' },
    });
    expect(all.statusCode, all.body).toBe(201);
    // A draft: nothing is handed to the platform before Start.
    expect(all.json<Campaign>()).toMatchObject({
      status: 'draft',
      counts: { total: 2, pending: 2 },
    });
    const undialled = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, all.json<Campaign>().id));
    expect(undialled.every((r) => r.platformCampaignId === null)).toBe(true);
    const started = await call('PATCH', `/api/campaigns/${all.json<Campaign>().id}`, headers, {
      action: 'start',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Campaign>()).toMatchObject({
      status: 'scheduled',
      timeZone: 'America/Chicago',
      skippedDoNotCall: 1,
      skippedNoPhone: 1,
      counts: { total: 2, pending: 2 },
    });
    const rows = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, all.json<Campaign>().id));
    expect(rows.map((r) => r.phone).sort()).toEqual(['+13125550101', '+13125550104']);
    // The platform was given exactly those numbers, for a window in the calling hours.
    const platformCampaign = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: rows[0]!.platformCampaignId!,
    });
    expect(platformCampaign.customers?.map((c) => c.number).sort()).toEqual([
      '+13125550101',
      '+13125550104',
    ]);
    expect(platformCampaign.maxConcurrency).toBe(10);
    expect(platformCampaign.schedulePlan?.latestAt).toBeDefined();

    // No number twice: the same audience copied again adds nothing.
    expect(
      await insertAudience(
        ctx.app.database.db,
        all.json<Campaign>().id,
        owner.businessId,
        { kind: 'all' },
        undefined,
      ),
    ).toBe(0);

    const fromImport = await call('POST', '/api/campaigns', headers, {
      ...body,
      audience: { kind: 'import', importId: imported!.id },
    });
    expect(fromImport.json<Campaign>().counts.total).toBe(1);
    expect(fromImport.json<Campaign>().skippedDoNotCall).toBe(1);
    expect(a.id).toBeDefined();

    // An import of another business is not found; a choice with nobody to call is a 400.
    const foreignImport = await call('POST', '/api/campaigns', member, {
      ...body,
      agentId: dental.id,
      phoneNumberId: dental.phoneNumberId,
      audience: { kind: 'import', importId: imported!.id },
    });
    expect(foreignImport.statusCode).toBe(404);
    const nobody = await call('POST', '/api/campaigns', headers, {
      ...body,
      audience: { kind: 'search', search: 'zzzz-nobody' },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({
      error: { message: 'No contacts to call: none of the contacts chosen has a phone number.' },
    });
  });

  it('pauses, resumes and cancels through the platform campaign', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await create(member, {
      audience: { kind: 'search', search: 'Recall' },
      startAt: tomorrow,
    });
    const created = res.json<Campaign>();
    expect(created.status).toBe('scheduled');
    const [first] = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, created.id));
    const firstPlatformId = first!.platformCampaignId!;

    const paused = await call('PATCH', `/api/campaigns/${created.id}`, member, { action: 'pause' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Campaign>().status).toBe('paused');
    const stopped = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: firstPlatformId,
    });
    expect(stopped.status).toBe('cancelled');

    const resumed = await call('PATCH', `/api/campaigns/${created.id}`, member, {
      action: 'resume',
    });
    expect(resumed.json<Campaign>().status).toBe('scheduled');
    const [moved] = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, created.id));
    expect(moved!.platformCampaignId).not.toBe(firstPlatformId);

    const cancelled = await call('PATCH', `/api/campaigns/${created.id}`, member, {
      action: 'cancel',
    });
    expect(cancelled.json<Campaign>().status).toBe('cancelled');
    const again = await call('PATCH', `/api/campaigns/${created.id}`, member, { action: 'resume' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { message: 'This campaign is cancelled; it cannot be resumed.' },
    });
  });

  it('opens the next calling window when one closed with numbers left, once', async () => {
    const res = await create(member, {
      audience: { kind: 'search', search: 'Recall' },
      startAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    const id = res.json<Campaign>().id;
    const [before] = await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    // Its window closed a minute ago with every number still pending, and the instance that
    // held it is gone (its lease ran out).
    await ctx.app.database.db
      .update(campaigns)
      .set({
        status: 'running',
        windowEndsAt: new Date(Date.now() - 60_000),
        leaseExpiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(campaigns.id, id));
    // Tomorrow at this time, so the next window is in the future and nothing is dialled.
    const instance = () => otherInstance(() => Date.now() + 86_400_000 * 2);
    // Two instances at once: one takes it over and opens the window, once.
    const opened = await Promise.all(
      [instance(), instance()].map(async (service) => {
        await service.takeOver();
        return service.advanceWindows();
      }),
    );
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);
    const [after] = await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(after!.platformCampaignId).not.toBe(before!.platformCampaignId);
    expect(after!.windowEndsAt!.getTime()).toBeGreaterThan(Date.now());
    const rows = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, id));
    expect(new Set(rows.map((r) => r.platformCampaignId))).toEqual(
      new Set([after!.platformCampaignId]),
    );
    expect(await instance().advanceWindows()).toBe(0);
    await call('PATCH', `/api/campaigns/${id}`, member, { action: 'cancel' });
  });

  /** A campaign row as a killed instance left it: running, its lease run out. */
  const leftByKilledInstance = async (platformCampaignId: string, lease: Date) => {
    const [row] = await ctx.app.database.db
      .insert(campaigns)
      .values({
        businessId: demoBusinessId,
        name: 'Left running',
        status: 'running',
        agentId: dental.id,
        phoneNumberId: dental.phoneNumberId,
        audience: { kind: 'all' },
        startAt: new Date(Date.now() - 3_600_000),
        callingHoursStart: 0,
        callingHoursEnd: 24 * 60 - 1,
        timeZone: 'UTC',
        maxConcurrency: 10,
        platformCampaignId,
        windowEndsAt: new Date(Date.now() + 3_600_000),
        leaseOwner: 'killed-instance',
        leaseExpiresAt: lease,
      })
      .returning();
    return row!;
  };
  const addRows = (
    campaignId: string,
    rows: { phone: string; status: string; callId?: string; platformCampaignId?: string }[],
  ) =>
    ctx.app.database.db
      .insert(campaignContacts)
      .values(rows.map((r) => ({ campaignId, name: r.phone, ...r })));
  const rowsOf = async (campaignId: string) =>
    new Map(
      (
        await ctx.app.database.db
          .select()
          .from(campaignContacts)
          .where(eq(campaignContacts.campaignId, campaignId))
      ).map((r) => [r.phone, r]),
    );

  it('after a kill -9, takes the campaign over: applies calls whose webhooks were lost, marks a lost call, calls only the numbers never called', async () => {
    const numbers = Array.from({ length: 5 }, (_, i) => `+1512556000${i}`);
    const [dialled0, dialled1, lost, wasCalling, neverCalled] = numbers as [
      string,
      string,
      string,
      string,
      string,
    ];
    // The window's platform campaign dialled three numbers before the instance died; none of
    // its calls' webhooks reached a row (they were lost with the instance).
    const sdk = ctx.app.platform.client.sdk;
    const old = await sdk.campaigns.campaignControllerCreate({
      name: 'Left running',
      assistantId: dental.id,
      phoneNumberId: dental.phoneNumberId,
      customers: [dialled0, dialled1, wasCalling].map((number) => ({ number })),
    });
    const ended = await waitFor(
      () => sdk.campaigns.campaignControllerFindOne({ id: old.id }),
      (c) => c.status === 'ended',
    );
    const callOf = (number: string) =>
      Object.entries(ended.calls as Record<string, { number: string }>).find(
        ([, detail]) => detail.number === number,
      )![0];
    const campaign = await leftByKilledInstance(old.id, new Date(Date.now() - 60_000));
    await addRows(campaign.id, [
      { phone: dialled0, status: 'pending', platformCampaignId: old.id },
      { phone: dialled1, status: 'pending', platformCampaignId: old.id },
      {
        phone: wasCalling,
        status: 'calling',
        callId: callOf(wasCalling),
        platformCampaignId: old.id,
      },
      // Its call went with the sandbox that placed it: the platform has no record of it.
      { phone: lost, status: 'calling', callId: randomUUID(), platformCampaignId: old.id },
      { phone: neverCalled, status: 'pending', platformCampaignId: old.id },
    ]);

    await otherInstance().takeOver();
    // Whichever instance took it over (this app's own round may have been first).
    const taken = await waitFor(
      async () =>
        (
          await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))
        )[0]!,
      (c) => c.leaseOwner !== 'killed-instance' && c.platformCampaignId !== old.id,
    );
    const rows = await rowsOf(campaign.id);
    for (const number of [dialled0, dialled1, wasCalling]) {
      expect(rows.get(number)!.status, number).toBe(expectedStatus(number));
      expect(rows.get(number)!.callId).not.toBeNull();
    }
    expect(rows.get(lost)).toMatchObject({ status: 'failed', reason: 'call_lost' });
    // Handed to the new window (which may already be dialling it).
    expect(rows.get(neverCalled)!.platformCampaignId).toBe(taken.platformCampaignId);
    // The run goes on with the one number never called, and only that one.
    const next = await sdk.campaigns.campaignControllerFindOne({ id: taken.platformCampaignId! });
    expect(next.customers?.map((c) => c.number)).toEqual([neverCalled]);

    const done = await waitFor(
      async () => (await call('GET', `/api/campaigns/${campaign.id}`, member)).json<Campaign>(),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ pending: 0, calling: 0, total: 5 });
    // Nobody was called twice.
    const placed = await ctx.app.database.db
      .select({ number: calls.customerNumber })
      .from(calls)
      .where(inArray(calls.customerNumber, numbers));
    const perNumber = new Map<string, number>();
    for (const { number } of placed) perNumber.set(number!, (perNumber.get(number!) ?? 0) + 1);
    expect(Object.fromEntries(perNumber)).toEqual({
      [dialled0]: 1,
      [dialled1]: 1,
      [wasCalling]: 1,
      [neverCalled]: 1,
    });
  });

  it('after a restart that lost the platform campaign, gives the pending numbers a new one; leaves a live instance’s campaign alone', async () => {
    const gone = await leftByKilledInstance(randomUUID(), new Date(Date.now() - 60_000));
    const [lost, a, b] = ['+15125560100', '+15125560101', '+15125560102'];
    await addRows(gone.id, [
      { phone: lost, status: 'calling', callId: randomUUID() },
      { phone: a, status: 'pending', platformCampaignId: gone.platformCampaignId! },
      { phone: b, status: 'pending', platformCampaignId: gone.platformCampaignId! },
    ]);
    const alive = await leftByKilledInstance(randomUUID(), new Date(Date.now() + 3_600_000));
    await addRows(alive.id, [{ phone: '+15125560103', status: 'calling', callId: randomUUID() }]);

    await otherInstance().takeOver();
    const taken = await waitFor(
      async () =>
        (await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, gone.id)))[0]!,
      (c) => c.platformCampaignId !== gone.platformCampaignId,
    );
    const rows = await rowsOf(gone.id);
    expect(rows.get(lost)).toMatchObject({ status: 'failed', reason: 'call_lost' });
    const next = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: taken.platformCampaignId!,
    });
    expect(next.customers?.map((c) => c.number).sort()).toEqual([a, b]);
    await call('PATCH', `/api/campaigns/${gone.id}`, member, { action: 'cancel' });

    // The live instance's campaign: untouched.
    const [still] = await ctx.app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, alive.id));
    expect(still).toMatchObject({
      leaseOwner: 'killed-instance',
      platformCampaignId: alive.platformCampaignId,
    });
    expect((await rowsOf(alive.id)).get('+15125560103')).toMatchObject({ status: 'calling' });
    await ctx.app.database.db.delete(campaigns).where(eq(campaigns.id, alive.id));
  });

  it('answers 404 for another business’s campaign, agent or number', async () => {
    const res = await create(member, {
      audience: { kind: 'search', search: 'Recall' },
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const id = res.json<Campaign>().id;
    for (const [method, url, body] of [
      ['GET', `/api/campaigns/${id}`, undefined],
      ['GET', `/api/campaigns/${id}/contacts`, undefined],
      ['PATCH', `/api/campaigns/${id}`, { action: 'pause' }],
      ['GET', '/api/campaigns/not-a-uuid', undefined],
    ] as const) {
      expect((await call(method, url, other, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/campaigns', other)).json()).toEqual({ data: [] });
    const foreign = await create(other, { audience: { kind: 'all' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { message: 'Agent not found' } });
  });

  it('refuses bad input with the field’s message', async () => {
    const res = await create(member, {
      audience: { kind: 'all' },
      callingHoursStart: '18:00',
      callingHoursEnd: '09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Calling hours must end after they start');
    const none = await call('POST', '/api/campaigns', member, {
      name: 'x',
      phoneNumberId: dental.phoneNumberId,
      audience: { kind: 'all' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Please choose an agent or a squad');
  });
});
