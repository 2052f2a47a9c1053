import type {
  Campaign,
  CampaignContact,
  CampaignResults,
  CampaignReview,
} from '@switchboard/shared/campaigns';
import type { Paginated } from '@switchboard/shared/pagination';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, campaignAttempts, campaignContacts, campaigns } from '../../db/schema';
import { buildTestApp, injectAs, oneDatabase } from '../../test/test-app';
import { waitUntil } from '../../test/wait-until';
import { campaignTestBusiness, type CampaignTestBusiness } from './test-business';

// Issue 34 items 4–7 (decision 065): retries after no answer, busy and voicemail, scheduled by
// Switchboard; each number's attempts; per-contact variables handed as the assistant's
// variableValues and checked in the review; no number called by two campaigns at once; results.
// The sandbox fixes outcomes by a number's last three digits (campaign-runner.ts): 990 no
// answer, 991 busy, 992 voicemail, 993 no answer then answered with a booking, 994 answered
// with a booking.

const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean) =>
  waitUntil(read, done, 20_000);

describe.each(oneDatabase)('campaign retries, variables and results on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let agent: { id: string; phoneNumberId: string };
  let importId: string;
  let addContact: CampaignTestBusiness['addContact'];

  const call = (method: string, url: string, payload?: unknown) =>
    injectAs(ctx.app, method, url, headers, payload);

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Recall',
    agentId: agent.id,
    phoneNumberId: agent.phoneNumberId,
    audience: { kind: 'import', importId },
    callingHoursStart: '00:00',
    callingHoursEnd: '23:59',
    ...extra,
  });

  const contactsOf = async (id: string) =>
    (await call('GET', `/api/campaigns/${id}/contacts?limit=50`)).json<Paginated<CampaignContact>>()
      .data;

  /** The app's own campaign round (every second here) places the retries. */
  const retryUntil = async (id: string, done: (rows: CampaignContact[]) => boolean) =>
    waitFor(() => contactsOf(id), done);

  beforeAll(async () => {
    // A lease of 3 s: the campaign round runs every second.
    ctx = await buildTestApp(target, {
      SANDBOX_CALLS: '0',
      SYNC_INTERVAL_SECONDS: '3600',
      CAMPAIGN_LEASE_SECONDS: '3',
    });
    // Webhooks come back to it.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ({ headers, agent, importId, addContact } = await campaignTestBusiness(ctx.app, 'recall.csv'));
  });
  afterAll(() => ctx?.close());

  it('refuses retry settings that make no sense, naming the field; nothing is made', async () => {
    const before = await ctx.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns);
    const cases: [Record<string, unknown>, string][] = [
      [{ on: ['no_answer'], attempts: 9, gapMinutes: 10 }, 'retry.attempts'],
      [{ on: [], attempts: 3, gapMinutes: 10 }, 'retry.on'],
      [{ on: ['no_answer'], attempts: 1, gapMinutes: 10 }, 'retry.attempts'],
      [{ on: ['hung_up'], attempts: 2, gapMinutes: 10 }, 'retry.on'],
      [{ on: ['busy'], attempts: 2, gapMinutes: -5 }, 'retry.gapMinutes'],
    ];
    for (const [retry, field] of cases) {
      const res = await call('POST', '/api/campaigns', body({ retry }));
      expect(res.statusCode, JSON.stringify(retry)).toBe(400);
      expect(res.body).toContain(field.split('.')[1]);
    }
    const after = await ctx.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('calls a no-answer again after the gap, and a busy line up to its attempts; voicemail not chosen is final', async () => {
    await addContact({ name: 'Nora Later', phone: '+12125550993' });
    await addContact({ name: 'Bo Busy', phone: '+12125550991' });
    await addContact({ name: 'Vic Voicemail', phone: '+12125550992' });
    const made = await call(
      'POST',
      '/api/campaigns',
      body({
        name: 'Retries',
        audience: { kind: 'search', search: '55509' },
        retry: { on: ['no_answer', 'busy'], attempts: 3, gapMinutes: 0 },
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Campaign>().id;
    expect(made.json<Campaign>().retry).toEqual({
      on: ['no_answer', 'busy'],
      attempts: 3,
      gapMinutes: 0,
    });
    const started = await call('PATCH', `/api/campaigns/${id}`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const rows = await retryUntil(id, (list) =>
      list.every((row) => !['pending', 'calling'].includes(row.status)),
    );
    const byPhone = new Map(rows.map((row) => [row.phone, row]));
    // No answer, then answered on the retry (with a booking).
    const nora = byPhone.get('+12125550993')!;
    expect(nora.status).toBe('answered');
    expect(nora.attemptList.map((a) => [a.attempt, a.status, a.endedReason])).toEqual([
      [1, 'no_answer', 'customer-did-not-answer'],
      [2, 'answered', 'customer-ended-call'],
    ]);
    expect(nora.appointments).toBe(1);
    // Busy every time: three calls, then it stays busy.
    const bo = byPhone.get('+12125550991')!;
    expect(bo.status).toBe('busy');
    expect(bo.attempts).toBe(3);
    expect(bo.attemptList.map((a) => a.endedReason)).toEqual([
      'customer-busy',
      'customer-busy',
      'customer-busy',
    ]);
    // Voicemail was not chosen: one call.
    const vic = byPhone.get('+12125550992')!;
    expect(vic.status).toBe('voicemail');
    expect(vic.attemptList).toHaveLength(1);
    // Two calls to one number never overlap: each retry began after the call before it ended.
    const attempts = await ctx.app.database.db
      .select()
      .from(campaignAttempts)
      .where(eq(campaignAttempts.campaignId, id));
    for (const a of attempts.filter((x) => x.attempt > 1)) {
      const before = attempts.find(
        (x) => x.campaignContactId === a.campaignContactId && x.attempt === a.attempt - 1,
      )!;
      expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(before.endedAt!.getTime());
    }

    const done = await waitFor(
      async () => (await call('GET', `/api/campaigns/${id}`)).json<Campaign>(),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ answered: 1, busy: 1, voicemail: 1, no_answer: 0 });

    // Results: outcomes per number, calls with retries, appointments, calls per hour, cost.
    const results = (await call('GET', `/api/campaigns/${id}/results`)).json<CampaignResults>();
    expect(results.outcomes).toEqual({
      answered: 1,
      voicemail: 1,
      no_answer: 0,
      busy: 1,
      failed: 0,
    });
    expect(results.calls).toBe(6);
    expect(results.retries).toBe(3);
    expect(results.appointments).toBe(1);
    expect(results.callsPerHour.reduce((n, h) => n + h.calls, 0)).toBe(6);
    const costs = await ctx.app.database.db
      .select({ cost: sql<number>`coalesce(sum(${calls.cost}), 0)::float8` })
      .from(calls)
      .innerJoin(campaignAttempts, eq(campaignAttempts.callId, calls.id))
      .where(eq(campaignAttempts.campaignId, id));
    expect(results.cost).toBeCloseTo(Number(costs[0]!.cost), 2);

    // The CSV: one line per call, the number as it is (no "'" before "+").
    const csv = await call('GET', `/api/campaigns/${id}/calls.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Attempt');
    expect(lines).toHaveLength(1 + 6);
    expect(lines.filter((l) => l.startsWith('Bo Busy,+12125550991,'))).toHaveLength(3);
    expect(csv.body).not.toContain("'+1");
    expect(lines.find((l) => l.startsWith('Nora Later,+12125550993,2,'))).toContain('Answered');
  });

  it('gives each contact its variables as variableValues, previews them, and counts the contacts missing one the agent uses', async () => {
    await ctx.app.platform.client.sdk.assistants.update({
      id: agent.id,
      firstMessage:
        'Hello {{ first_name }}, this is the practice about your visit on {{last_visit}}.',
    });
    await addContact({
      name: 'Ada Lovelace',
      phone: '+12125550994',
      fields: { last_visit: 'March 2' },
    });
    await addContact({ name: 'Mo Missing', phone: '+12125550995' });
    // Every 212 555 099x number of this business: Ada has a last visit, the others none.
    const made = await call(
      'POST',
      '/api/campaigns',
      body({ name: 'Variables', audience: { kind: 'search', search: '212555099' } }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json<Campaign>().id;
    const review = (await call('GET', `/api/campaigns/${draft}/review`)).json<CampaignReview>();
    expect(review.variables.used).toEqual(['first_name', 'last_visit']);
    const sample = review.variables.sample!;
    expect(sample.values).toMatchObject({ name: sample.name, phone: sample.phone });
    expect(review.variables.missing.map((m) => m.variable)).toEqual(['last_visit']);
    const missing = review.variables.missing.find((m) => m.variable === 'last_visit')!.count;
    expect(missing).toBe(review.willCall - 1);
    expect(review.dailyCap).toMatchObject({ calls: 300, minutes: 600 });

    const started = await call('PATCH', `/api/campaigns/${draft}`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, draft));
    const onPlatform = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: row!.platformCampaignId!,
    });
    const ada = onPlatform.customers?.find((c) => c.number === '+12125550994');
    expect(ada?.assistantOverrides?.variableValues).toMatchObject({
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      last_visit: 'March 2',
      phone: '+12125550994',
    });
    // The call says it: the first message with her values.
    const rows = await waitFor(
      () => contactsOf(draft),
      (list) => list.some((r) => r.phone === '+12125550994' && r.status === 'answered'),
    );
    const callId = rows.find((r) => r.phone === '+12125550994')!.callId!;
    const [stored] = await waitFor(
      () => ctx.app.database.db.select().from(calls).where(eq(calls.id, callId)),
      (found) =>
        JSON.stringify(found[0]?.payload ?? {}).includes(
          'Hello Ada, this is the practice about your visit on March 2.',
        ),
    );
    expect(JSON.stringify(stored!.payload)).not.toContain('{{');
  });

  it('two campaigns started at the same moment never share a number: the second leaves out what the first took', async () => {
    for (const [i, name] of ['Kim', 'Lee', 'Max', 'Ned'].entries()) {
      await addContact({ name: `${name} Overlap`, phone: `+1212555070${i}` });
    }
    // Next week, so both stay scheduled with their numbers pending.
    const startAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const ids: string[] = [];
    for (const name of ['Twin A', 'Twin B']) {
      const made = await call(
        'POST',
        '/api/campaigns',
        body({ name, startAt, audience: { kind: 'search', search: 'Overlap' } }),
      );
      expect(made.statusCode, made.body).toBe(201);
      ids.push(made.json<Campaign>().id);
    }
    const started = await Promise.all(
      ids.map((id) => call('PATCH', `/api/campaigns/${id}`, { action: 'start' })),
    );
    for (const res of started) expect(res.statusCode, res.body).toBe(200);
    const pendingOf = async (id: string) =>
      (await contactsOf(id)).filter((row) => row.status === 'pending').map((row) => row.phone);
    const [a, b] = await Promise.all(ids.map(pendingOf));
    // Every number is with exactly one of them; the other says why it left it out.
    expect([...a!, ...b!].sort()).toEqual([
      '+12125550700',
      '+12125550701',
      '+12125550702',
      '+12125550703',
    ]);
    const loser = a!.length === 0 ? ids[0]! : ids[1]!;
    expect((await contactsOf(loser)).map((row) => row.reason)).toEqual([
      'in_other_campaign',
      'in_other_campaign',
      'in_other_campaign',
      'in_other_campaign',
    ]);
    for (const id of ids) await call('PATCH', `/api/campaigns/${id}`, { action: 'cancel' });
  });

  it('a retry whose platform campaign was lost with its instance is given out again after the takeover', async () => {
    await addContact({ name: 'Lou Lost', phone: '+12125550891' });
    await addContact({ name: 'Lou Lost Twin', phone: '+12125551991' });
    const made = await call(
      'POST',
      '/api/campaigns',
      body({
        name: 'Lost retry',
        audience: { kind: 'search', search: '12125551991' },
        retry: { on: ['busy'], attempts: 2, gapMinutes: 60 },
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Campaign>().id;
    await call('PATCH', `/api/campaigns/${id}`, { action: 'start' });
    // Busy: its retry waits an hour.
    const [waiting] = await waitFor(
      () => contactsOf(id),
      (rows) => rows[0]?.status === 'pending' && rows[0].attempts === 1,
    );
    expect(waiting!.nextAttemptAt).not.toBeNull();
    // As if the retry had been given to a platform campaign of an instance that was killed
    // (the platform does not know it), its gap passed, and the campaign's lease ran out.
    await ctx.app.database.db
      .update(campaignContacts)
      .set({ platformCampaignId: randomUUID(), nextAttemptAt: sql`now()` })
      .where(eq(campaignContacts.campaignId, id));
    await ctx.app.database.db
      .update(campaigns)
      .set({ leaseOwner: randomUUID(), leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(campaigns.id, id));
    // The round takes it over, frees the number and calls it again.
    const rows = await waitFor(
      () => contactsOf(id),
      (list) => list[0]?.attempts === 2 && list[0].status === 'busy',
    );
    expect(rows[0]!.attemptList.map((a) => a.endedReason)).toEqual([
      'customer-busy',
      'customer-busy',
    ]);
  });
});
