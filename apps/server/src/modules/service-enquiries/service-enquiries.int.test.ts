import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  serviceEnquiryMessages,
  type ServiceEnquiryList,
} from '@switchboard/shared/service-enquiries';
import { mailOutbox, serviceEnquiries, users } from '../../db/schema';
import { appForSuite, nextTestIp, oneDatabase, sameOrigin } from '../../test/test-app';
import { SERVICE_ENQUIRY_LIMIT_PER_IP } from './service-enquiries.routes';

const valid = {
  poc: 'Maya Patel',
  businessName: 'Harbour Physio',
  country: 'Ireland',
  website: 'harbourphysio.example',
};

describe.each(oneDatabase)('service enquiries on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let admin: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    const operator = await ctx.createAdminUser();
    await ctx.app.database.db
      .update(users)
      .set({ email: 'ops@switchboard.example' })
      .where(eq(users.userName, operator.userName));
    admin = await ctx.sessionHeaders(operator.userName);
    member = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
  });

  const send = (payload: object, remoteAddress = nextTestIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/service-enquiries',
      headers: sameOrigin,
      remoteAddress,
      payload,
    });
  const stored = async () => {
    const [row] = await ctx.app.database.db.select({ n: count() }).from(serviceEnquiries);
    return Number(row?.n ?? 0);
  };
  const noticeCount = async () => {
    const [row] = await ctx.app.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'service-enquiry'));
    return Number(row?.n ?? 0);
  };

  it('stores an enquiry without email and phone, and mails every operator that has an address', async () => {
    const before = await noticeCount();
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: serviceEnquiryMessages.received });
    const [row] = await ctx.app.database.db
      .select()
      .from(serviceEnquiries)
      .where(eq(serviceEnquiries.businessName, 'Harbour Physio'));
    expect(row).toMatchObject({
      poc: 'Maya Patel',
      country: 'Ireland',
      website: 'https://harbourphysio.example',
      email: null,
      phone: null,
      status: 'new',
    });
    // The demo admin (operator@switchboard.localhost) and the operator of this test.
    const notices = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'service-enquiry'));
    expect(notices.length - before).toBe(2);
    expect(notices.map((notice) => notice.toAddress).sort()).toEqual([
      'operator@switchboard.localhost',
      'ops@switchboard.example',
    ]);
    expect(notices[0]?.subject).toBe('New service enquiry: Harbour Physio');
    expect(notices[0]?.textBody).toContain('Maya Patel of Harbour Physio (Ireland)');
  });

  it('keeps email and phone when given', async () => {
    const res = await send({
      ...valid,
      businessName: 'With Contact',
      email: ' Maya@Harbour.example ',
      phone: '+353 1 555 0100',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.app.database.db
      .select()
      .from(serviceEnquiries)
      .where(eq(serviceEnquiries.businessName, 'With Contact'));
    expect(row).toMatchObject({ email: 'maya@harbour.example', phone: '+353 1 555 0100' });
  });

  it.each([
    { field: 'poc', value: ' ', message: serviceEnquiryMessages.pocRequired },
    { field: 'businessName', value: '', message: serviceEnquiryMessages.businessNameRequired },
    { field: 'country', value: '', message: serviceEnquiryMessages.countryRequired },
    { field: 'website', value: '', message: serviceEnquiryMessages.websiteRequired },
    { field: 'website', value: 'not a site', message: serviceEnquiryMessages.websiteInvalid },
    { field: 'email', value: 'maya@', message: serviceEnquiryMessages.emailInvalid },
    { field: 'phone', value: 'call me', message: serviceEnquiryMessages.phoneInvalid },
  ])(
    'refuses $field "$value" with "$message" and stores nothing',
    async ({ field, value, message }) => {
      const before = await stored();
      const noticesBefore = await noticeCount();
      const res = await send({ ...valid, [field]: value });
      expect(res.statusCode).toBe(400);
      const issues = res.json<{
        error: { details: { issues: { path: string; message: string }[] } };
      }>().error.details.issues;
      expect(issues).toContainEqual({ path: `body.${field}`, message });
      expect(await stored()).toBe(before);
      expect(await noticeCount()).toBe(noticesBefore);
    },
  );

  it('answers a bot that fills the honeypot like a person, and keeps nothing', async () => {
    const before = await stored();
    const noticesBefore = await noticeCount();
    const res = await send({ ...valid, businessName: 'Spam Inc', fax: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: serviceEnquiryMessages.received });
    expect(await stored()).toBe(before);
    expect(await noticeCount()).toBe(noticesBefore);
  });

  it(`limits each address to ${SERVICE_ENQUIRY_LIMIT_PER_IP.max} an hour (429 with Retry-After), others unaffected`, async () => {
    const ip = nextTestIp();
    for (let n = 0; n < SERVICE_ENQUIRY_LIMIT_PER_IP.max; n += 1) {
      expect((await send({ ...valid, businessName: `Burst ${n}` }, ip)).statusCode).toBe(201);
    }
    const before = await stored();
    const limited = await send({ ...valid, businessName: 'Burst over' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many enquiries were sent from your address. Please wait 60 minutes.',
      },
    });
    expect(await stored()).toBe(before);
    expect((await send({ ...valid, businessName: 'Someone else' })).statusCode).toBe(201);
  });

  it('lists the enquiries newest first for operators only', async () => {
    const res = await ctx.injectAs('GET', '/api/admin/service-enquiries?limit=2', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json<ServiceEnquiryList>();
    expect(list.data).toHaveLength(2);
    expect(list.data[0]?.businessName).toBe('Someone else');
    expect(list.meta).toMatchObject({ page: 1, limit: 2, total: await stored(), hasNext: true });
    expect((await ctx.injectAs('GET', '/api/admin/service-enquiries', member)).statusCode).toBe(
      403,
    );
  });
});
