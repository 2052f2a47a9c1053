import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import { agents, businesses, platformResources } from '../../db/schema';
import { DEMO_BUSINESS, DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, oneDatabase } from '../../test/test-app';

const TWILIO = {
  provider: 'twilio',
  name: 'Reception',
  number: '+1 (512) 555-0199'.replace(/[^+\d]/g, ''),
  twilioAccountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  twilioAuthToken: 'twilio-auth-token-very-secret',
};

describe.each(oneDatabase)('phone numbers on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let otherBusiness: Record<string, string>;
  let dentalAgentId: string;

  beforeAll(async () => {
    await ctx.app.ready();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    otherBusiness = await ctx.sessionHeaders(
      (await ctx.createBusinessWithMember({ name: 'Other Co' })).userName,
    );
    dentalAgentId = ctx.app.platform.sandbox!.demo.assistantIds[0]!;
    await ctx.app.database.db
      .update(agents)
      .set({ name: 'Dental receptionist' })
      .where(eq(agents.platformAssistantId, dentalAgentId));
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  it('lists the business’s own numbers (the demo numbers), in E.164 with the agent answering', async () => {
    const res = await call('GET', '/api/phone-numbers', member);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: PhoneNumber[] }>();
    // The dental practice owns its own line; the other trades' numbers are their businesses'.
    expect(data.map((p) => p.id)).toEqual([
      ctx.app.platform.sandbox!.demo.assistants[0]!.phoneNumberId,
    ]);
    for (const phone of data) expect(phone.number).toMatch(/^\+[1-9]\d{6,14}$/);
    expect(data.find((p) => p.agent?.id === dentalAgentId)?.agent?.name).toBe(
      'Dental receptionist',
    );
    // Another business sees none of them.
    expect((await call('GET', '/api/phone-numbers', otherBusiness)).json()).toEqual({ data: [] });
  });

  it('imports a Twilio number forwarding to a fallback, assigns it to an agent, clears the agent, releases it', async () => {
    const created = await call('POST', '/api/phone-numbers', member, {
      ...TWILIO,
      fallbackNumber: '+12125550111',
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(TWILIO.twilioAuthToken);
    const phone = created.json<PhoneNumber>();
    expect(phone).toMatchObject({
      provider: 'twilio',
      number: '+15125550199',
      name: 'Reception',
      agent: null,
      fallbackNumber: '+12125550111',
    });
    const [record] = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.platformId, phone.id));
    const [business] = await ctx.app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.email, DEMO_BUSINESS.email));
    expect(record).toMatchObject({ kind: 'phone-number', businessId: business!.id });

    const assigned = await call('PATCH', `/api/phone-numbers/${phone.id}`, member, {
      agentId: dentalAgentId,
      fallbackNumber: '+12125550100',
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      agent: { id: dentalAgentId, name: 'Dental receptionist' },
      fallbackNumber: '+12125550100',
    });
    const onPlatform = await ctx.app.platform.client.sdk.phoneNumbers.get({ id: phone.id });
    expect(onPlatform).toMatchObject({
      assistantId: dentalAgentId,
      fallbackDestination: { type: 'number', number: '+12125550100' },
    });
    const [agent] = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.platformAssistantId, dentalAgentId));
    expect(agent).toMatchObject({ phoneNumber: '+15125550199', phoneNumberId: phone.id });

    const cleared = await call('PATCH', `/api/phone-numbers/${phone.id}`, member, {
      agentId: null,
      fallbackNumber: null,
    });
    expect(cleared.json()).toMatchObject({ agent: null, fallbackNumber: null });

    const released = await call('DELETE', `/api/phone-numbers/${phone.id}`, member);
    expect(released.statusCode).toBe(204);
    expect((await call('GET', `/api/phone-numbers/${phone.id}`, member)).statusCode).toBe(404);
  });

  it('buys a platform number in an area code, and imports a Vonage number through a credential', async () => {
    const bought = await call('POST', '/api/phone-numbers', member, {
      provider: 'vapi',
      areaCode: '303',
      agentId: dentalAgentId,
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json<PhoneNumber>().number).toMatch(/^\+1303555\d{4}$/);
    // It answers with the agent from its first call: on the platform, and on the agent's row.
    expect(bought.json()).toMatchObject({
      agent: { id: dentalAgentId, name: 'Dental receptionist' },
    });
    const onPlatform = await ctx.app.platform.client.sdk.phoneNumbers.get({
      id: bought.json<PhoneNumber>().id,
    });
    expect(onPlatform).toMatchObject({ assistantId: dentalAgentId });
    const [agent] = await ctx.app.database.db
      .select()
      .from(agents)
      .where(eq(agents.platformAssistantId, dentalAgentId));
    expect(agent?.phoneNumberId).toBe(bought.json<PhoneNumber>().id);
    const vonage = await call('POST', '/api/phone-numbers', member, {
      provider: 'vonage',
      number: '+447700900123',
      vonageApiKey: 'vonage-key-1',
      vonageApiSecret: 'vonage-secret-never-shown',
      agentId: dentalAgentId,
    });
    expect(vonage.statusCode).toBe(201);
    expect(vonage.json()).toMatchObject({ provider: 'vonage', number: '+447700900123' });
    expect(vonage.body).not.toContain('vonage-secret');
    // Nor does the list give them back.
    expect((await call('GET', '/api/phone-numbers', member)).body).not.toMatch(
      /vonage-secret|twilio-auth-token/,
    );
  });

  it('refuses bad input with 400: not E.164, a bad SID, an agent and a squad at once', async () => {
    const answered = { agentId: dentalAgentId };
    for (const body of [
      { ...TWILIO, ...answered, number: '5125550199' },
      { ...TWILIO, ...answered, twilioAccountSid: 'nope' },
      { provider: 'vapi', ...answered, areaCode: '12' },
      { provider: 'carrier-pigeon' },
      { provider: 'vapi', areaCode: '303', agentId: dentalAgentId, squadId: 'x' },
      { provider: 'vapi', areaCode: '303', fallbackNumber: '12' },
    ]) {
      expect((await call('POST', '/api/phone-numbers', member, body)).statusCode).toBe(400);
    }
    // A number nobody answers is refused before anything is bought, with what to choose.
    const before = (await ctx.app.platform.client.sdk.phoneNumbers.list()).length;
    const nobody = await call('POST', '/api/phone-numbers', member, {
      provider: 'vapi',
      areaCode: '303',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.body).toContain(
      'Choose who answers calls to this number: an agent, a squad or a number to forward calls to',
    );
    expect((await ctx.app.platform.client.sdk.phoneNumbers.list()).length).toBe(before);
    const [first] = ctx.app.platform.sandbox!.demo.phoneNumberIds;
    const both = await call('PATCH', `/api/phone-numbers/${first}`, member, {
      agentId: dentalAgentId,
      squadId: 'x',
    });
    expect(both.statusCode).toBe(400);
    const badFallback = await call('PATCH', `/api/phone-numbers/${first}`, member, {
      fallbackNumber: '12',
    });
    expect(badFallback.statusCode).toBe(400);
  });

  it('another business’s number, or an unknown one, is 404 on every route; a foreign agent too', async () => {
    const [first] = ctx.app.platform.sandbox!.demo.phoneNumberIds;
    for (const id of [first!, 'unknown', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `/api/phone-numbers/${id}`, otherBusiness)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/phone-numbers/${id}`, otherBusiness, { name: 'Mine' }))
          .statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/phone-numbers/${id}`, otherBusiness)).statusCode).toBe(
        404,
      );
    }
    // The number is untouched.
    const still = await ctx.app.platform.client.sdk.phoneNumbers.get({ id: first! });
    expect(still.name).not.toBe('Mine');
    // A's own number cannot be pointed at an agent A does not own.
    const other = await ctx.app.platform.client.sdk.assistants.create({ name: 'Not yours' });
    const foreignAgent = await call('PATCH', `/api/phone-numbers/${first}`, member, {
      agentId: other.id,
    });
    expect(foreignAgent.statusCode).toBe(404);
    // Nor bought for one: 404, and nothing bought.
    const before = (await ctx.app.platform.client.sdk.phoneNumbers.list()).length;
    const buyForForeign = await call('POST', '/api/phone-numbers', member, {
      provider: 'vapi',
      areaCode: '303',
      agentId: other.id,
    });
    expect(buyForForeign.statusCode).toBe(404);
    expect((await ctx.app.platform.client.sdk.phoneNumbers.list()).length).toBe(before);
  });
});
