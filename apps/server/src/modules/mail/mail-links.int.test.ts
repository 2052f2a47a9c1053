import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { appForSuite, nextTestIp, oneDatabase } from '../../test/test-app';

// Without PUBLIC_URL (the sandbox platform), links in mail point where the server listens.
// Whoever sends a request chooses its Host header: naming evil.example must not move a
// set-password token, or an operator's link, to that address.
describe.each(oneDatabase)('links in mail without PUBLIC_URL on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0', HOST: '127.0.0.1' });
  let base: string;
  const forged = {
    'sec-fetch-site': 'same-origin',
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const operator = await ctx.createAdminUser();
    await ctx.app.database.db
      .update(users)
      .set({ email: 'ops@switchboard.example' })
      .where(eq(users.userName, operator.userName));
  });

  const mailTo = async (address: string) => {
    const [row] = await ctx.app.database.db
      .select({ textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address));
    return row?.textBody ?? '';
  };

  it.each([
    {
      link: 'the set-password link',
      url: '/api/auth/create-account',
      payload: {
        businessName: 'Harbour Physio',
        email: 'desk@harbour.example',
        pointOfContact: 'Nora Quinn',
        country: 'Ireland',
        timezone: 'Europe/Dublin',
      },
      to: 'desk@harbour.example',
      expected: '/set-password?token=',
    },
    {
      link: 'the operators’ service-enquiry link',
      url: '/api/service-enquiries',
      payload: {
        poc: 'Maya Patel',
        businessName: 'Harbour Dental',
        country: 'Ireland',
        website: 'harbourdental.example',
      },
      to: 'ops@switchboard.example',
      expected: '/admin/service-enquiries',
    },
  ])(
    'points $link at the listening address, whatever Host the request named',
    async ({ url, payload, to, expected }) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: forged,
        remoteAddress: nextTestIp(),
        payload,
      });
      expect(res.statusCode).toBe(201);
      const text = await mailTo(to);
      expect(text).toContain(`${base}${expected}`);
      expect(text).not.toContain('evil.example');
    },
  );

  it('takes our origin from the listening address too, never from Host', async () => {
    const logout = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const refused = await logout({ host: 'evil.example', origin: 'http://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });
    expect((await logout({ origin: base })).statusCode).not.toBe(403);
  });
});
