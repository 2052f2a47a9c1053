import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '@switchboard/shared/auth';
import { mailOutbox, sessions, setPasswordTokens } from '../../db/schema';
import { appForSuite, nextTestIp, oneDatabase, sameOrigin } from '../../test/test-app';

// "Forgot password": one answer for everyone, a 1-hour single-use link by mail, limits per
// address and per account; and the operator's "send a set-password link".
describe.each(oneDatabase)('a way back in on %s', (target) => {
  const ctx = appForSuite(target, {
    SANDBOX_CALLS: '0',
    PUBLIC_URL: 'https://switchboard.example.com',
  });

  const forgot = (login: string, address = nextTestIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { ...sameOrigin },
      remoteAddress: address,
      payload: { login },
    });

  const mailTo = async (address: string) =>
    ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = ${address.toLowerCase()}`)
      .orderBy(desc(mailOutbox.createdAt));

  const tokenIn = (text: string) => {
    const match = /https:\/\/switchboard\.example\.com\/reset-password\?token=([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
    return match[1];
  };

  const useLink = (token: string, password: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
      remoteAddress: nextTestIp(),
      payload: { token, password },
    });

  it('mails a 1-hour reset link for a user name or an email; the link sets the password, signs in and ends the other sessions', async () => {
    const owner = await ctx.createBusinessWithMember({ email: 'Lost.Owner@reset.example' });
    const otherBrowser = await ctx.sessionHeaders(owner.userName);

    const byEmail = await forgot('LOST.OWNER@reset.example');
    expect(byEmail.statusCode).toBe(202);
    expect(byEmail.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const [mail] = await mailTo('lost.owner@reset.example');
    expect(mail).toMatchObject({
      kind: 'password-reset',
      subject: 'Reset your Switchboard password',
    });
    const token = tokenIn(mail!.textBody);
    const [stored] = await ctx.app.database.db
      .select()
      .from(setPasswordTokens)
      .where(eq(setPasswordTokens.userId, owner.userId));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(3600_000);

    const reset = await useLink(token, 'a-brand-new-password');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ user: { id: owner.userId } });
    expect(reset.cookies.some((c) => c.name === '__Host-sb_session')).toBe(true);
    // The other browser's session ended; only the new one is left.
    const others = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: otherBrowser,
    });
    expect(others.statusCode).toBe(401);
    const left = await ctx.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.userId));
    expect(left).toHaveLength(1);
    // Single use; and the new password signs in, the old does not.
    expect((await useLink(token, 'yet-another-password')).statusCode).toBe(400);
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        remoteAddress: nextTestIp(),
        payload: { userName: owner.userName, password },
      });
    expect((await login('a-brand-new-password')).statusCode).toBe(200);
    expect((await login(owner.password)).statusCode).toBe(401);

    // By user name too (an operator's user name is not an email).
    const admin = await ctx.createAdminUser({ userName: 'night-operator' });
    await ctx.app.database.db.execute(
      sql`update users set email = 'night@ops.example' where id = ${admin.userId}`,
    );
    expect((await forgot('Night-Operator')).statusCode).toBe(202);
    expect(await mailTo('night@ops.example')).toHaveLength(1);
  });

  it('answers an unknown account exactly as a known one, and sends nothing', async () => {
    const before = await ctx.app.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const res = await forgot('nobody@nowhere.example');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const after = await ctx.app.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(after).toHaveLength(before.length);
  });

  it('refuses an expired reset link with the invalid-link answer', async () => {
    const owner = await ctx.createBusinessWithMember();
    await forgot(owner.userName);
    const [mail] = await mailTo(owner.userName);
    await ctx.app.database.db
      .update(setPasswordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(setPasswordTokens.userId, owner.userId));
    const res = await useLink(tokenIn(mail!.textBody), 'too-late-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'TOKEN_INVALID' } });
  });

  it('asks for at least 8 characters when a reset link sets the password', async () => {
    const res = await useLink('any-token', 'short7!');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      'at least 8 characters',
    );
  });

  it('limits requests per account name (3 an hour), for unknown names alike, then per address (10 in 15 minutes)', async () => {
    for (const login of ['limited@reset.example', 'ghost@reset.example']) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(login)).statusCode).toBe(202);
      const fourth = await forgot(login);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers['retry-after']).toBeDefined();
      expect(fourth.json<{ error: { message: string } }>().error.message).toMatch(
        /Too many reset requests\. Please wait/,
      );
    }
    const address = nextTestIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await forgot(`someone-${i}@reset.example`, address)).statusCode).toBe(202);
    }
    expect((await forgot('one-more@reset.example', address)).statusCode).toBe(429);
  });

  it('refuses an empty request with a message, never a 5xx', async () => {
    const res = await forgot('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      'Enter your user name or email',
    );
  });

  it('lets the operator mail any user a fresh set-password link; a member may not', async () => {
    const owner = await ctx.createBusinessWithMember({ email: 'never-set@reset.example' });
    const admin = await ctx.createAdminUser();
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/businesses/${owner.businessId}/users`,
      headers: await ctx.sessionHeaders(admin.userName),
    });
    expect(listed.json()).toEqual({
      data: [
        {
          id: owner.userId,
          name: 'Pat Owner',
          email: 'never-set@reset.example',
          role: 'owner',
          hasPassword: true,
        },
      ],
    });
    const send = (headers: Record<string, string>, id = owner.userId) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${id}/set-password-link`,
        headers,
      });
    const asMember = await send(await ctx.sessionHeaders(owner.userName));
    expect(asMember.statusCode).toBe(403);
    const sent = await send(await ctx.sessionHeaders(admin.userName));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ to: 'never-set@reset.example' });
    const [mail] = await mailTo('never-set@reset.example');
    expect(mail?.textBody).toContain('https://switchboard.example.com/set-password?token=');
    const unknown = await send(
      await ctx.sessionHeaders(admin.userName),
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const notAnId = await send(await ctx.sessionHeaders(admin.userName), 'nope');
    expect(notAnId.statusCode).toBe(404);
  });
});
