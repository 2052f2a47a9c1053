import { randomUUID } from 'node:crypto';
import type { AgentSettings } from '@switchboard/shared/agents';
import {
  campaignContactReasonMessage,
  type Campaign,
  type CampaignContact,
} from '@switchboard/shared/campaigns';
import {
  DEFAULT_DAILY_CALL_CAP,
  DEFAULT_DAILY_MINUTE_CAP,
  type CallingRules,
  type UpdateCallingRulesInput,
} from '@switchboard/shared/dialing';
import type { Paginated } from '@switchboard/shared/pagination';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { campaignContacts, campaigns, contacts, dialUsage } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { appForSuite, demoBusinessAndDental, databaseTargets } from '../../test/test-app';
import { giveDemoAgent } from '../console/test-demo-agents';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ConsoleService } from '../console/console.service';
import { DialingService } from './dialing.service';

// Calling rules and daily caps (decision 053), on both databases: the caps are rows that
// concurrent requests and instances lock. The app is not listening, so no campaign job runs on
// its own: each test drives the campaign round of an instance it makes.

const DEFAULT_RULES: UpdateCallingRulesInput = {
  allowedCountries: null,
  allowedNumberKinds: [],
  dailyCallCap: DEFAULT_DAILY_CALL_CAP,
  dailyMinuteCap: DEFAULT_DAILY_MINUTE_CAP,
};

const AGENT: AgentSettings = {
  name: 'Transfer line',
  firstMessage: 'Hello, how can I help?',
  systemPrompt: 'Put callers through to the right desk.',
  voiceProvider: 'openai',
  voiceId: 'nova',
  modelProvider: 'openai',
  model: 'gpt-4o-mini',
  endCallMessage: '',
};

const withTransfer = (number: string): AgentSettings => ({
  ...AGENT,
  tools: {
    endCall: false,
    dtmf: false,
    transferCall: true,
    transferDestinations: [
      { number: '+14155550123', description: 'Front desk' },
      { number, description: 'Elsewhere' },
    ],
    customToolIds: [],
  },
});

describe.each(databaseTargets)('calling rules on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0', SYNC_INTERVAL_SECONDS: '3600' });
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let demoBusinessId: string;
  let dental: { id: string; phoneNumberId: string };

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);
  /** A campaign made (a draft) and started at once: the failed POST's answer, or the start's. */
  const startCampaign = async (headers: Record<string, string>, body: unknown) => {
    const res = await call('POST', '/api/campaigns', headers, body);
    if (res.statusCode !== 201) return res;
    return call('PATCH', `/api/campaigns/${res.json<{ id: string }>().id}`, headers, {
      action: 'start',
    });
  };
  const rulesUrl = (businessId: string) => `/api/admin/businesses/${businessId}/calling-rules`;
  const setRules = async (businessId: string, rules: Partial<UpdateCallingRulesInput>) => {
    const res = await call('PUT', rulesUrl(businessId), admin, { ...DEFAULT_RULES, ...rules });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CallingRules>();
  };
  const addContact = async (businessId: string, name: string, phone: string) => {
    await ctx.app.database.db
      .insert(contacts)
      .values({ businessId, source: 'manual', name, phone });
  };
  const platformCustomers = async (platformCampaignId: string | null) => {
    const found = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: platformCampaignId!,
    });
    return (found.customers ?? []).map((c) => c.number).sort();
  };
  const campaignRow = async (id: string) =>
    (await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  /** Another instance's campaign service on the same database and platform. */
  const instance = (db = ctx.app.database.db) =>
    new CampaignsService({
      db,
      platform: () => ctx.app.platform.client,
      console: new ConsoleService({ db, sdk: () => ctx.app.platform.client.sdk }),
      dialing: new DialingService({ db }),
    });
  /** A new US business with one of the sandbox's demo agents and its number. */
  const businessWithAgent = async (demoIndex: number) => {
    const owner = await ctx.createBusinessWithMember({
      country: 'United States',
      timezone: 'America/Chicago',
    });
    const demo = await giveDemoAgent(ctx.app, owner.businessId, demoIndex);
    return {
      ...owner,
      headers: await ctx.sessionHeaders(owner.userName),
      agentId: demo.id,
      phoneNumberId: demo.phoneNumberId,
    };
  };
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  beforeAll(async () => {
    admin = await ctx.sessionHeaders(DEMO_ADMIN.userName);
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    ({ businessId: demoBusinessId, dental } = await demoBusinessAndDental(ctx.app));
  });

  it('the operator reads and sets a business’s rules; bad input is a 400 naming the field', async () => {
    const read = await call('GET', rulesUrl(demoBusinessId), admin);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<CallingRules>()).toMatchObject({
      businessName: DEMO_BUSINESS.name,
      homeCountry: 'US',
      allowedCountries: ['US'],
      countriesAreDefault: true,
      allowedNumberKinds: [],
      dailyCallCap: DEFAULT_DAILY_CALL_CAP,
      dailyMinuteCap: DEFAULT_DAILY_MINUTE_CAP,
      today: { calls: 0, minutes: 0 },
    });
    const set = await setRules(demoBusinessId, {
      allowedCountries: ['us', 'GB', 'GB'],
      allowedNumberKinds: ['premium_rate'],
      dailyCallCap: 50,
      dailyMinuteCap: 90,
    });
    expect(set).toMatchObject({
      allowedCountries: ['GB', 'US'],
      countriesAreDefault: false,
      allowedNumberKinds: ['premium_rate'],
      dailyCallCap: 50,
      dailyMinuteCap: 90,
    });
    for (const [body, message] of [
      [{ allowedCountries: ['ZZ'] }, 'Use a two-letter country code, e.g. IE'],
      [{ allowedNumberKinds: ['toll_free'] }, 'Not a kind of number'],
      [{ dailyCallCap: -1 }, 'At least 0 calls'],
      [{ dailyMinuteCap: 1.5 }, 'A whole number of minutes'],
    ] as const) {
      const res = await call('PUT', rulesUrl(demoBusinessId), admin, { ...DEFAULT_RULES, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    // What a refused request left: the rules as they were.
    expect((await call('GET', rulesUrl(demoBusinessId), admin)).json()).toMatchObject({
      dailyCallCap: 50,
    });
    for (const id of ['not-a-uuid', randomUUID()]) {
      expect((await call('GET', rulesUrl(id), admin)).statusCode).toBe(404);
      expect((await call('PUT', rulesUrl(id), admin, DEFAULT_RULES)).statusCode).toBe(404);
    }
    expect((await call('GET', rulesUrl(demoBusinessId), member)).statusCode).toBe(403);
    expect((await call('PUT', rulesUrl(demoBusinessId), member, DEFAULT_RULES)).statusCode).toBe(
      403,
    );
    await setRules(demoBusinessId, {});
  });

  it('leaves refused numbers out of a campaign with the reason; the platform never gets them', async () => {
    const biz = await businessWithAgent(3);
    for (const [name, phone] of [
      ['Toll 900', '+19005550100'],
      ['Toll 976', '+19765551234'],
      ['Toll UK 871', '+448712345678'],
      ['Toll 882', '+882161234567'],
      ['Toll Ireland', '+353871234567'],
      ['Toll fine A', '+14155550123'],
      ['Toll fine B', '+13125550177'],
    ]) {
      await addContact(biz.businessId, name!, phone!);
    }
    const body = {
      name: 'Toll check',
      agentId: biz.agentId,
      phoneNumberId: biz.phoneNumberId,
      startAt: inDays(2),
    };
    const res = await startCampaign(biz.headers, {
      ...body,
      audience: { kind: 'search', search: 'Toll' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json<Campaign>();
    expect(campaign.counts).toMatchObject({ total: 7, pending: 2, refused: 5 });
    const row = await campaignRow(campaign.id);
    expect(await platformCustomers(row.platformCampaignId)).toEqual([
      '+13125550177',
      '+14155550123',
    ]);
    const refused = await call(
      'GET',
      `/api/campaigns/${campaign.id}/contacts?status=refused`,
      biz.headers,
    );
    const reasons = Object.fromEntries(
      refused.json<Paginated<CampaignContact>>().data.map((r) => [r.phone, r.reason]),
    );
    expect(reasons).toEqual({
      '+19005550100': 'premium_rate',
      '+19765551234': 'premium_rate',
      '+448712345678': 'premium_rate',
      '+882161234567': 'satellite',
      '+353871234567': 'country',
    });
    expect(campaignContactReasonMessage('premium_rate')).toBe('Premium-rate number — not called');
    await call('PATCH', `/api/campaigns/${campaign.id}`, biz.headers, { action: 'cancel' });

    // Only refused numbers: nothing to call, nothing made.
    const before = await ctx.app.database.db.select().from(campaigns);
    const none = await startCampaign(biz.headers, {
      ...body,
      audience: { kind: 'search', search: 'Toll 9' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: {
        message:
          'No contacts to call: the calling rules refuse every number chosen (2 × premium-rate number).',
      },
    });
    expect(await ctx.app.database.db.select().from(campaigns)).toHaveLength(before.length);

    // The operator allows premium rate for this business: now they are called.
    await setRules(biz.businessId, { allowedNumberKinds: ['premium_rate'] });
    const allowed = await startCampaign(biz.headers, {
      ...body,
      audience: { kind: 'search', search: 'Toll 9' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(
      await platformCustomers((await campaignRow(allowed.json<Campaign>().id)).platformCampaignId),
    ).toEqual(['+19005550100', '+19765551234']);
    await call('PATCH', `/api/campaigns/${allowed.json<Campaign>().id}`, biz.headers, {
      action: 'cancel',
    });
  });

  it('refuses a premium or foreign transfer destination or fallback number, 400 naming the field', async () => {
    const before = await ctx.app.platform.client.sdk.phoneNumbers.get({
      id: dental.phoneNumberId,
    });
    const premiumFallback = await call(
      'PATCH',
      `/api/phone-numbers/${dental.phoneNumberId}`,
      member,
      {
        fallbackNumber: '+19005550100',
      },
    );
    expect(premiumFallback.statusCode).toBe(400);
    expect(premiumFallback.json()).toMatchObject({
      error: { details: { issues: [{ path: ['fallbackNumber'] }] } },
    });
    expect(premiumFallback.body).toContain('Premium-rate number');
    const foreignFallback = await call(
      'PATCH',
      `/api/phone-numbers/${dental.phoneNumberId}`,
      member,
      {
        fallbackNumber: '+353871234567',
      },
    );
    expect(foreignFallback.statusCode).toBe(400);
    expect(foreignFallback.body).toContain('a country this business may not call');
    // Nothing reached the platform.
    const after = await ctx.app.platform.client.sdk.phoneNumbers.get({ id: dental.phoneNumberId });
    expect(after.fallbackDestination).toEqual(before.fallbackDestination);

    const created = await call('POST', '/api/agents', member, withTransfer('+448712345678'));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      error: { details: { issues: [{ path: ['tools', 'transferDestinations', 1, 'number'] }] } },
    });
    const updated = await call('PATCH', `/api/agents/${dental.id}`, member, {
      ...withTransfer('+882161234567'),
      name: 'Dental receptionist',
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.body).toContain('Satellite or international-network number');
    // A number at home is fine, and so is a foreign one the operator allows.
    const fallback = await call('PATCH', `/api/phone-numbers/${dental.phoneNumberId}`, member, {
      fallbackNumber: '+13125550100',
    });
    expect(fallback.statusCode, fallback.body).toBe(200);
    await setRules(demoBusinessId, { allowedCountries: ['US', 'IE'] });
    const irish = await call('PATCH', `/api/phone-numbers/${dental.phoneNumberId}`, member, {
      fallbackNumber: '+353871234567',
    });
    expect(irish.statusCode, irish.body).toBe(200);
    await call('PATCH', `/api/phone-numbers/${dental.phoneNumberId}`, member, {
      fallbackNumber: null,
    });
    await setRules(demoBusinessId, {});
  });

  it('hands out at most the daily call cap, across two instances at once', async () => {
    const owner = await ctx.createBusinessWithMember({ country: 'United States' });
    await setRules(owner.businessId, { dailyCallCap: 25 });
    // A second instance: on PostgreSQL its own pool (its own connections), as another process.
    let second: Database | undefined;
    if (target === 'postgres') second = await openDatabase(ctx.config.database);
    try {
      const a = new DialingService({ db: ctx.app.database.db });
      const b = new DialingService({ db: second?.db ?? ctx.app.database.db });
      const [policyA, policyB] = await Promise.all([
        a.policyOf(owner.businessId),
        b.policyOf(owner.businessId),
      ]);
      const now = new Date();
      const grants = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0 ? a.reserve(policyA, now, 3) : b.reserve(policyB, now, 3),
        ),
      );
      expect(grants.reduce((sum, g) => sum + g.granted, 0)).toBe(25);
      expect(grants.filter((g) => g.hold === 'daily_calls').length).toBeGreaterThan(0);
      const rules = (await call('GET', rulesUrl(owner.businessId), admin)).json<CallingRules>();
      expect(rules.today.calls).toBe(25);
    } finally {
      await second?.close();
    }
  });

  it('a campaign takes what the day’s cap leaves, holds the rest, and a pause gives back what was not dialled', async () => {
    const biz = await businessWithAgent(1);
    await setRules(biz.businessId, { dailyCallCap: 3 });
    for (let i = 0; i < 5; i += 1) await addContact(biz.businessId, `Cap ${i}`, `+1312555020${i}`);
    // The second campaign's own numbers: a number the first is calling is never called by it.
    for (let i = 0; i < 5; i += 1)
      await addContact(biz.businessId, `Other ${i}`, `+1312555021${i}`);
    const body = {
      name: 'Capped',
      agentId: biz.agentId,
      phoneNumberId: biz.phoneNumberId,
      audience: { kind: 'search', search: 'Cap' },
      startAt: inDays(2),
    };
    const usage = async () =>
      (
        await ctx.app.database.db
          .select()
          .from(dialUsage)
          .where(eq(dialUsage.businessId, biz.businessId))
      ).reduce((sum, row) => sum + row.calls, 0);

    const first = (await startCampaign(biz.headers, body)).json<Campaign>();
    expect(first).toMatchObject({ hold: 'daily_calls', counts: { pending: 5 } });
    const firstRow = await campaignRow(first.id);
    expect(await platformCustomers(firstRow.platformCampaignId)).toHaveLength(3);
    const unassigned = await ctx.app.database.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, first.id));
    expect(unassigned.filter((r) => r.platformCampaignId === null)).toHaveLength(2);
    expect(await usage()).toBe(3);

    // A second campaign that day finds no room: held, and nothing given to the platform.
    const second = (
      await startCampaign(biz.headers, { ...body, audience: { kind: 'search', search: 'Other' } })
    ).json<Campaign>();
    expect(second).toMatchObject({ hold: 'daily_calls', counts: { pending: 5 } });
    expect((await campaignRow(second.id)).platformCampaignId).toBeNull();
    expect(await usage()).toBe(3);

    // Pausing the first gives back the three it never dialled; resuming takes them again.
    const paused = await call('PATCH', `/api/campaigns/${first.id}`, biz.headers, {
      action: 'pause',
    });
    expect(paused.json<Campaign>()).toMatchObject({ status: 'paused', hold: null });
    expect(await usage()).toBe(0);
    const resumed = await call('PATCH', `/api/campaigns/${first.id}`, biz.headers, {
      action: 'resume',
    });
    expect(resumed.json<Campaign>()).toMatchObject({ status: 'scheduled', hold: 'daily_calls' });
    expect(await usage()).toBe(3);
    for (const id of [first.id, second.id]) {
      await call('PATCH', `/api/campaigns/${id}`, biz.headers, { action: 'cancel' });
    }
    expect(await usage()).toBe(0);
  });

  it('stops a dialling campaign at the minute cap, holds new ones, and goes on when the operator raises it', async () => {
    const biz = await businessWithAgent(2);
    await setRules(biz.businessId, { dailyMinuteCap: 5 });
    for (let i = 0; i < 3; i += 1) await addContact(biz.businessId, `Min ${i}`, `+1312555030${i}`);
    for (let i = 0; i < 3; i += 1) await addContact(biz.businessId, `More ${i}`, `+1312555031${i}`);
    const body = {
      name: 'Minutes',
      agentId: biz.agentId,
      phoneNumberId: biz.phoneNumberId,
      audience: { kind: 'search', search: 'Min' },
      callingHoursStart: '00:00',
      callingHoursEnd: '23:59',
    };
    const dialling = (await startCampaign(biz.headers, body)).json<Campaign>();
    expect(dialling).toMatchObject({ status: 'running', hold: null });
    const platformId = (await campaignRow(dialling.id)).platformCampaignId!;

    // Six minutes of the business's outbound calls today.
    const ended = new Date();
    await ingestCalls(ctx.app.database.db, [
      toCallRecord({
        id: randomUUID(),
        assistantId: biz.agentId,
        type: 'outboundPhoneCall',
        status: 'ended',
        endedReason: 'customer-ended-call',
        customer: { number: '+13125550399' },
        createdAt: new Date(ended.getTime() - 6 * 60_000).toISOString(),
        updatedAt: ended.toISOString(),
        startedAt: new Date(ended.getTime() - 6 * 60_000).toISOString(),
        endedAt: ended.toISOString(),
      }),
    ]);
    // The round of the instance keeping the campaign (a fresh lease of its own).
    const keeper = instance();
    const keep = (id: string) =>
      ctx.app.database.db
        .update(campaigns)
        .set({ leaseOwner: keeper.instanceId, leaseExpiresAt: new Date(Date.now() + 3_600_000) })
        .where(eq(campaigns.id, id));
    await keep(dialling.id);
    await keeper.work((error) => {
      throw error;
    });
    const stopped = await campaignRow(dialling.id);
    expect(stopped).toMatchObject({ holdReason: 'daily_minutes', platformCampaignId: null });
    const onPlatform = await ctx.app.platform.client.sdk.campaigns.campaignControllerFindOne({
      id: platformId,
    });
    expect(['cancelled', 'ended']).toContain(onPlatform.status);

    const held = (
      await startCampaign(biz.headers, { ...body, audience: { kind: 'search', search: 'More' } })
    ).json<Campaign>();
    expect(held).toMatchObject({ hold: 'daily_minutes' });
    expect((await campaignRow(held.id)).platformCampaignId).toBeNull();

    // The operator raises the cap: the next round gives the held campaign its numbers.
    await setRules(biz.businessId, { dailyMinuteCap: 600 });
    await keep(held.id);
    await keeper.work((error) => {
      throw error;
    });
    const going = await campaignRow(held.id);
    expect(going.holdReason).toBeNull();
    expect(await platformCustomers(going.platformCampaignId)).toHaveLength(3);
    for (const id of [dialling.id, held.id]) {
      await call('PATCH', `/api/campaigns/${id}`, biz.headers, { action: 'cancel' });
    }
  });
});
