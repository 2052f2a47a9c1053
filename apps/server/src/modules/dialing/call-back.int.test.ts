import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallBackResult } from '@switchboard/shared/dialing';
import {
  DEFAULT_DAILY_CALL_CAP,
  DEFAULT_DAILY_MINUTE_CAP,
  type UpdateCallingRulesInput,
} from '@switchboard/shared/dialing';
import type { WireError } from '@switchboard/shared/errors';
import { toCallRecord } from '../../platform/call-record';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { agents, businesses, contacts, dialUsage, platformResources } from '../../db/schema';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_MEMBER, DEMO_TEAM_MEMBER } from '../auth/demo-accounts';

// "Call back" (Round 3 · 4/10 item 6): one outbound call to a contact through the platform's
// POST /call (the sandbox checks the body against the document), under decision 053's calling
// rules and daily call cap, as campaigns are.

const RULES: UpdateCallingRulesInput = {
  allowedCountries: null,
  allowedNumberKinds: [],
  dailyCallCap: DEFAULT_DAILY_CALL_CAP,
  dailyMinuteCap: DEFAULT_DAILY_MINUTE_CAP,
};

describe.each(oneDatabase)('call back on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let businessId: string;
  let agentId: string;
  let phoneNumberId: string;

  beforeAll(async () => {
    await ctx.app.ready();
    owner = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    admin = await ctx.sessionHeaders(DEMO_ADMIN.userName);
    const { db } = ctx.app.database;
    const [business] = await db
      .select()
      .from(businesses)
      .where(eq(businesses.email, DEMO_BUSINESS.email));
    businessId = business!.id;
    const [agent] = await db.select().from(agents).where(eq(agents.businessId, businessId));
    agentId = agent!.platformAssistantId;
    const [number] = await db
      .select()
      .from(platformResources)
      .where(
        and(
          eq(platformResources.businessId, businessId),
          eq(platformResources.kind, 'phone-number'),
        ),
      );
    phoneNumberId = number!.platformId;
  });

  const addContact = async (phone: string | null, doNotCall = false) => {
    const [row] = await ctx.app.database.db
      .insert(contacts)
      .values({ businessId, name: 'Jordan Lee', phone, source: 'manual', doNotCall })
      .returning();
    return row!.id;
  };
  const callBack = (contactId: string, headers = owner, body?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${contactId}/call-back`,
      headers,
      payload: body ?? { agentId, phoneNumberId },
    });
  const setRules = (rules: Partial<UpdateCallingRulesInput>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/businesses/${businessId}/calling-rules`,
      headers: admin,
      payload: { ...RULES, ...rules },
    });
  const reservedToday = async () =>
    (
      await ctx.app.database.db.select().from(dialUsage).where(eq(dialUsage.businessId, businessId))
    ).reduce((sum, row) => sum + row.calls, 0);

  it('places one call to the contact through POST /call and takes one of the day’s calls', async () => {
    const contactId = await addContact('+14155550123');
    const before = await reservedToday();
    const res = await callBack(contactId);
    expect(res.statusCode).toBe(201);
    const { callId } = res.json<CallBackResult>();
    const call = await ctx.app.platform.client.sdk.calls.get({ id: callId });
    expect(call).toMatchObject({
      type: 'outboundPhoneCall',
      assistantId: agentId,
      phoneNumberId,
      customer: { number: '+14155550123', name: 'Jordan Lee' },
    });
    expect(await reservedToday()).toBe(before + 1);
  });

  it('refuses what the calling rules refuse, and once the day’s calls are used up', async () => {
    const premium = await addContact('+19005550100');
    const refused = await callBack(premium);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<WireError>().error.message).toMatch(/^\+19005550100: Premium-rate/);

    expect((await setRules({ dailyCallCap: await reservedToday() })).statusCode).toBe(200);
    const capped = await callBack(await addContact('+14155550124'));
    expect(capped.statusCode).toBe(409);
    expect(capped.json<WireError>().error.message).toMatch(/outbound calls are used up/);
    expect((await setRules({})).statusCode).toBe(200);
  });

  it('refuses a contact without a phone or marked do-not-call, and what is not the business’s', async () => {
    expect((await callBack(await addContact(null))).statusCode).toBe(400);
    const dnc = await callBack(await addContact('+14155550125', true));
    expect(dnc.statusCode).toBe(409);
    const contactId = await addContact('+14155550126');
    const other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
    expect((await callBack(contactId, other)).statusCode).toBe(404);
    expect(
      (await callBack(contactId, owner, { agentId: 'not-an-agent', phoneNumberId })).statusCode,
    ).toBe(404);
    expect(
      (await callBack(contactId, owner, { agentId, phoneNumberId: 'not-a-number' })).statusCode,
    ).toBe(404);
    expect((await callBack(contactId, owner, { agentId })).statusCode).toBe(400);
    // Calling spends the business's money: owners and managers only.
    const member = await ctx.sessionHeaders(DEMO_TEAM_MEMBER.userName);
    expect((await callBack(contactId, member)).statusCode).toBe(403);
  });

  it('calls the caller of one of the business’s calls back at the number the call came from', async () => {
    const stored = (id: string, number: string | null) =>
      ingestCalls(ctx.app.database.db, [
        toCallRecord({
          id,
          orgId: 'org-1',
          assistantId: agentId,
          type: number ? 'inboundPhoneCall' : 'webCall',
          status: 'ended',
          endedReason: 'customer-ended-call',
          createdAt: '2026-11-20T10:00:00.000Z',
          updatedAt: '2026-11-20T10:05:00.000Z',
          ...(number ? { customer: { number } } : {}),
        }),
      ]);
    const callBackCaller = (callId: string, headers = owner) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/calls/${callId}/call-back`,
        headers,
        payload: { agentId, phoneNumberId },
      });
    await stored('cb-inbound', '+14155550140');
    const res = await callBackCaller('cb-inbound');
    expect(res.statusCode).toBe(201);
    const call = await ctx.app.platform.client.sdk.calls.get({
      id: res.json<CallBackResult>().callId,
    });
    expect(call).toMatchObject({ type: 'outboundPhoneCall', customer: { number: '+14155550140' } });

    // The caller's contact is marked do-not-call: refused. A web call has no number.
    await addContact('+14155550141', true);
    await stored('cb-dnc', '+14155550141');
    expect((await callBackCaller('cb-dnc')).statusCode).toBe(409);
    await stored('cb-web', null);
    const web = await callBackCaller('cb-web');
    expect(web.statusCode).toBe(400);
    expect(web.json<WireError>().error.message).toMatch(/no caller’s number/);
    // Another business's call is a 404; a member may not spend.
    const other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
    expect((await callBackCaller('cb-inbound', other)).statusCode).toBe(404);
    const member = await ctx.sessionHeaders(DEMO_TEAM_MEMBER.userName);
    expect((await callBackCaller('cb-inbound', member)).statusCode).toBe(403);
  });
});
