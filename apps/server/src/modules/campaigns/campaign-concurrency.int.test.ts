import type { Campaign, CampaignContact, CampaignResults } from '@switchboard/shared/campaigns';
import type { Paginated } from '@switchboard/shared/pagination';
import type { Vapi } from '@vapi-ai/server-sdk';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignContacts, dialUsage } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { waitUntil } from '../../test/wait-until';
import { campaignTestBusiness, type CampaignTestBusiness } from './test-business';

// Issue 34 item 6: concurrency is limited by what the platform account allows (decision 070).
// The sandbox's org here takes one call at a time (SANDBOX_CONCURRENCY_LIMIT=1): a campaign's
// calls beyond it wait for a free line; a call the platform refuses at its limit
// (call.start.error-subscription-concurrency-limit-reached) is neither an attempt nor a
// failure, and the number is called again; calls reserved for a retry's platform campaign that
// is stopped before it placed them go back to the day's cap. Numbers ending 991 are busy and 994
// answered (the sandbox's rule, campaign-runner.ts).

const REFUSED = 'call.start.error-subscription-concurrency-limit-reached';

const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean) =>
  waitUntil(read, done, 30_000);

describe.each(oneDatabase)('campaigns and the platform account’s concurrency on %s', (target) => {
  const ctx = appForSuite(target, {
    SANDBOX_CALLS: '0',
    SYNC_INTERVAL_SECONDS: '3600',
    CAMPAIGN_LEASE_SECONDS: '3',
    SANDBOX_CONCURRENCY_LIMIT: '1',
  });
  let headers: Record<string, string>;
  let businessId: string;
  let agent: { id: string; phoneNumberId: string };

  const call = (method: string, url: string, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);
  let addToImport: CampaignTestBusiness['addContact'];
  const addContact = (name: string, phone: string) => addToImport({ name, phone });
  const contactsOf = async (id: string) =>
    (await call('GET', `/api/campaigns/${id}/contacts?limit=50`)).json<Paginated<CampaignContact>>()
      .data;
  const callsToday = async () => {
    const [row] = await ctx.app.database.db
      .select({ calls: sql<number>`coalesce(sum(${dialUsage.calls}), 0)::int` })
      .from(dialUsage)
      .where(eq(dialUsage.businessId, businessId));
    return Number(row?.calls ?? 0);
  };
  const makeAndStart = async (name: string, search: string, extra: Record<string, unknown>) => {
    const made = await call('POST', '/api/campaigns', {
      name,
      agentId: agent.id,
      phoneNumberId: agent.phoneNumberId,
      audience: { kind: 'search', search },
      callingHoursStart: '00:00',
      callingHoursEnd: '23:59',
      callingDays: [0, 1, 2, 3, 4, 5, 6],
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Campaign>().id;
    const started = await call('PATCH', `/api/campaigns/${id}`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ({
      businessId,
      headers,
      agent,
      addContact: addToImport,
    } = await campaignTestBusiness(ctx.app, 'busy.csv'));
  });

  it('shows the chosen concurrency against the account’s limit, and calls beyond it wait for a free line', async () => {
    for (const [i, name] of ['Ana', 'Ben', 'Cy'].entries())
      await addContact(`${name} Queue`, `+1212555${i + 4}994`);
    const id = await makeAndStart('Three at a time', 'Queue', { maxConcurrency: 3 });
    const campaign = (await call('GET', `/api/campaigns/${id}`)).json<Campaign>();
    expect(campaign.maxConcurrency).toBe(3);
    expect(campaign.platformConcurrencyLimit).toBe(1);
    // One line: the platform places them one after another, and each is answered.
    const rows = await waitFor(
      () => contactsOf(id),
      (list) => list.length === 3 && list.every((row) => row.status === 'answered'),
    );
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.attemptList.map((a) => a.status)).toEqual(['answered']);
    }
    const results = (await call('GET', `/api/campaigns/${id}/results`)).json<CampaignResults>();
    expect(results.calls).toBe(3);
  });

  it('a call refused at the account’s limit is not an attempt nor a failure: the number is called again', async () => {
    await addContact('Bea Busy', '+12125552991');
    const id = await makeAndStart('Refused once', '12125552991', {
      retry: { on: ['busy'], attempts: 2, gapMinutes: 60 },
    });
    // The first call: busy; its retry waits an hour.
    const [first] = await waitFor(
      () => contactsOf(id),
      (list) => list[0]?.status === 'pending' && list[0].attempts === 1,
    );
    expect(first!.attemptList.map((a) => a.status)).toEqual(['busy']);

    // A call the platform refuses at its limit, as it is: two calls at once on one line.
    const sdk = ctx.app.platform.client.sdk;
    const dial = (number: string) =>
      sdk.calls.create({
        assistantId: agent.id,
        phoneNumberId: agent.phoneNumberId,
        customer: { number },
      }) as Promise<Vapi.Call>;
    await dial('+12125559001');
    const second = await dial('+12125559002');
    const refused = await waitFor(
      () => sdk.calls.get({ id: second.id }),
      (c) => c.status === 'ended',
    );
    expect(refused.endedReason).toBe(REFUSED);

    // The retry handed to a platform campaign of its own, whose call the platform refused.
    const retryCampaign = randomUUID();
    await ctx.app.database.db
      .update(campaignContacts)
      .set({ platformCampaignId: retryCampaign })
      .where(eq(campaignContacts.campaignId, id));
    const usedBefore = await callsToday();
    await ingestCalls(ctx.app.database.db, [
      toCallRecord({
        ...refused,
        id: randomUUID(),
        campaignId: retryCampaign,
        customer: { number: '+12125552991' },
      }),
    ]);
    const [waiting] = await contactsOf(id);
    // Not a failure, not one of its two calls: pending, one call so far, soon again.
    expect(waiting!.status).toBe('pending');
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.nextAttemptAt).not.toBeNull();
    expect(new Date(waiting!.nextAttemptAt!).getTime()).toBeLessThan(Date.now() + 5 * 60_000);
    expect(waiting!.attemptList.map((a) => a.status)).toEqual(['busy', 'platform_busy']);
    // Nor did it take one of the day's calls.
    expect(await callsToday()).toBe(usedBefore - 1);

    // A line free, its time come: called again, its second call.
    await ctx.app.database.db
      .update(campaignContacts)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(campaignContacts.campaignId, id));
    const [done] = await waitFor(
      () => contactsOf(id),
      (list) => list[0]?.status === 'busy' && list[0].attempts === 2,
    );
    expect(done!.attemptList.map((a) => a.status)).toEqual(['busy', 'platform_busy', 'busy']);
    const results = (await call('GET', `/api/campaigns/${id}/results`)).json<CampaignResults>();
    expect(results.calls).toBe(2);
    expect(results.retries).toBe(1);
    expect(results.outcomes.failed).toBe(0);
    const csv = await call('GET', `/api/campaigns/${id}/calls.csv`);
    expect(csv.body).toContain('Your voice platform account was busy');
  });

  it('calls reserved for a retry’s platform campaign go back to the day’s cap when it is stopped before placing them', async () => {
    await addContact('Pat Paused', '+12125553991');
    const id = await makeAndStart('Paused retry', '12125553991', {
      retry: { on: ['busy'], attempts: 2, gapMinutes: 60 },
    });
    await waitFor(
      () => contactsOf(id),
      (list) => list[0]?.status === 'pending' && list[0].attempts === 1,
    );
    // The retry given to a platform campaign of its own that has not placed it yet (it starts
    // later), its call reserved from today's cap as the round does.
    const sdk = ctx.app.platform.client.sdk;
    const retry = await sdk.campaigns.campaignControllerCreate({
      name: 'Paused retry',
      assistantId: agent.id,
      phoneNumberId: agent.phoneNumberId,
      customers: [{ number: '+12125553991' }],
      schedulePlan: { earliestAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await ctx.app.database.db
      .update(campaignContacts)
      .set({ platformCampaignId: retry.id })
      .where(and(eq(campaignContacts.campaignId, id), eq(campaignContacts.phone, '+12125553991')));
    await ctx.app.database.db
      .update(dialUsage)
      .set({ calls: sql`${dialUsage.calls} + 1` })
      .where(eq(dialUsage.businessId, businessId));
    const reserved = await callsToday();

    const paused = await call('PATCH', `/api/campaigns/${id}`, { action: 'pause' });
    expect(paused.statusCode, paused.body).toBe(200);
    // The platform campaign is cancelled, the number free again, its call given back.
    const onPlatform = await sdk.campaigns.campaignControllerFindOne({ id: retry.id });
    expect(onPlatform.status).toBe('cancelled');
    const [row] = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, id));
    expect(row!.status).toBe('pending');
    expect(row!.platformCampaignId).toBeNull();
    expect(await callsToday()).toBe(reserved - 1);
    await call('PATCH', `/api/campaigns/${id}`, { action: 'cancel' });
  });
});
