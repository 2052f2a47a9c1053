import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@switchboard/shared/auth';
import type { AgentList } from '@switchboard/shared/agents';
import {
  agents,
  businesses,
  mailbox,
  mailOutbox,
  sessions,
  setPasswordTokens,
  users,
} from '../../db/schema';
import { appForSuite, databaseTargets, nextTestIp, sameOrigin } from '../../test/test-app';
import {
  DEMO_ADMIN,
  DEMO_BUSINESS,
  DEMO_MEMBER,
  DEMO_TEAM_MEMBER,
  DEMO_TRADES,
  seedDemoAccounts,
  type DemoTrade,
} from './demo-accounts';
import { SIGN_IN_LIMITS } from './sign-in-throttle';

type ErrorBody = {
  error: {
    code: string;
    message: string;
    details?: { issues: { path: string; message: string }[] };
  };
  requestId: string;
};

const validAccount = {
  businessName: 'Harbour Physio',
  email: 'Front.Desk@HarbourPhysio.example',
  phone: '+353 1 555 0101',
  website: 'https://harbourphysio.example',
  pointOfContact: 'Niamh Byrne',
  country: 'Ireland',
  timezone: 'Europe/Dublin',
};

function issues(res: LightMyRequestResponse) {
  return res.json<ErrorBody>().error.details?.issues ?? [];
}

describe.each(databaseTargets)('accounts on %s', (target) => {
  // The sign-in limits' clock: still unless a test moves it.
  let clock = Date.now();
  const advance = (ms: number) => {
    clock += ms;
  };
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' }, undefined, { now: () => clock });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { ...sameOrigin, ...headers },
      remoteAddress: nextTestIp(),
    });
  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const tableCount = async (table: PgTable) => {
    const [row] = await ctx.app.database.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };

  describe('validation messages (the seed’s, word for word)', () => {
    it.each([
      {
        payload: { userName: '', password: 'secret1' },
        path: 'body.userName',
        message: authMessages.userNameRequired,
      },
      {
        payload: { userName: '   ', password: 'secret1' },
        path: 'body.userName',
        message: authMessages.userNameRequired,
      },
      {
        payload: { userName: 'ada', password: '' },
        path: 'body.password',
        message: authMessages.passwordRequired,
      },
      {
        payload: { userName: 'ada', password: 'abc' },
        path: 'body.password',
        message: authMessages.passwordTooShort,
      },
    ])('login: $message', async ({ payload, path, message }) => {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe('VALIDATION_ERROR');
      expect(issues(res)).toContainEqual({ path, message });
    });

    it.each([
      { field: 'businessName', value: '', message: authMessages.businessNameRequired },
      { field: 'email', value: 'not-an-email', message: authMessages.emailInvalid },
      { field: 'website', value: 'not a url', message: authMessages.websiteInvalid },
      { field: 'pointOfContact', value: ' ', message: authMessages.pointOfContactRequired },
      { field: 'country', value: '', message: authMessages.countryRequired },
    ])('create account: $message', async ({ field, value, message }) => {
      const before = await tableCount(businesses);
      const res = await post('/api/auth/create-account', { ...validAccount, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toContainEqual({ path: `body.${field}`, message });
      expect(await tableCount(businesses)).toBe(before);
    });

    it('create account: every message at once for an empty form', async () => {
      const res = await post('/api/auth/create-account', {
        businessName: '',
        email: '',
        pointOfContact: '',
        country: '',
      });
      expect(res.statusCode).toBe(400);
      expect(issues(res).map((issue) => issue.message)).toEqual(
        expect.arrayContaining([
          authMessages.businessNameRequired,
          authMessages.emailInvalid,
          authMessages.pointOfContactRequired,
          authMessages.countryRequired,
        ]),
      );
    });

    it.each([
      {
        payload: { token: 'x', password: '' },
        path: 'body.password',
        message: authMessages.passwordRequired,
      },
      {
        payload: { token: 'x', password: 'short12' },
        path: 'body.password',
        message: 'Password must be at least 8 characters long',
      },
      {
        payload: { token: '', password: 'long enough' },
        path: 'body.token',
        message: 'The link is missing its token',
      },
    ])('set password: $message', async ({ payload, path, message }) => {
      const res = await post('/api/auth/set-password', payload);
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toContainEqual({ path, message });
    });
  });

  describe('sign-in, the session and sign-out', () => {
    it('signs in the demo member, sets an HttpOnly SameSite=Lax cookie, and answers the user', async () => {
      const res = await post('/api/auth/login', {
        userName: DEMO_MEMBER.userName,
        password: DEMO_MEMBER.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: expect.any(String) as string,
          userName: DEMO_MEMBER.userName,
          name: DEMO_BUSINESS.pointOfContact,
          email: DEMO_MEMBER.userName,
          role: 'owner',
          business: {
            id: expect.any(String) as string,
            name: DEMO_BUSINESS.name,
            timezone: DEMO_BUSINESS.timezone,
            country: DEMO_BUSINESS.country,
          },
        },
      });
      const cookie = res.cookies.find((c) => c.name === 'sb_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      // 32 random bytes, base64url; the database keeps only its SHA-256.
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await ctx.app.database.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions);
      expect(stored.map((s) => s.tokenHash)).not.toContain(cookie?.value);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('finds the user name ignoring case and surrounding spaces', async () => {
      const res = await post('/api/auth/login', {
        userName: '  Demo@BrightSmile.EXAMPLE ',
        password: DEMO_MEMBER.password,
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers /me for the signed-in user and 401 without a session', async () => {
      const headers = await ctx.signIn(DEMO_ADMIN);
      const res = await me(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { userName: 'admin', role: 'admin', business: null },
      });
      const anonymous = await me({});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });

    it('gives an unknown user and a wrong password the same answer', async () => {
      const wrong = await post('/api/auth/login', {
        userName: DEMO_MEMBER.userName,
        password: 'wrong-password',
      });
      const unknown = await post('/api/auth/login', {
        userName: 'nobody@nowhere.example',
        password: 'wrong-password',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      const strip = (res: LightMyRequestResponse) => res.json<ErrorBody>().error;
      expect(strip(wrong)).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Incorrect user name or password',
      });
      expect(strip(unknown)).toEqual(strip(wrong));
      expect(wrong.cookies).toEqual([]);
    });

    it('refuses a user who has not set a password yet, with the same answer', async () => {
      const created = await post('/api/auth/create-account', {
        ...validAccount,
        email: 'nopassword@example.com',
      });
      expect(created.statusCode).toBe(201);
      const res = await post('/api/auth/login', {
        userName: 'nopassword@example.com',
        password: '' + 'anything1',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('issues a new token at every sign-in and ends the session the browser had', async () => {
      const first = await ctx.signIn(DEMO_MEMBER);
      const second = await post(
        '/api/auth/login',
        { userName: DEMO_MEMBER.userName, password: DEMO_MEMBER.password },
        { cookie: first.cookie! },
      );
      expect(second.statusCode).toBe(200);
      const newToken = second.cookies.find((c) => c.name === 'sb_session')?.value;
      expect(`sb_session=${newToken}`).not.toBe(first.cookie);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me({ cookie: `sb_session=${newToken}` })).statusCode).toBe(200);
    });

    it('signs out: the session row is gone, the cookie cleared, and the token useless', async () => {
      const headers = await ctx.signIn(DEMO_MEMBER);
      const before = await tableCount(sessions);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === 'sb_session')).toMatchObject({ value: '' });
      expect(await tableCount(sessions)).toBe(before - 1);
      expect((await me(headers)).statusCode).toBe(401);
      // Signing out twice is harmless.
      const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(again.statusCode).toBe(204);
    });
  });

  describe('session expiry (timestamps moved back in the database)', () => {
    const tokenOf = (headers: Record<string, string>) => headers.cookie!.split('=')[1]!;
    const sessionRow = async (headers: Record<string, string>) => {
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(tokenOf(headers)).digest('hex');
      const [row] = await ctx.app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hash));
      return row;
    };

    // A session changed straight in the database is seen by the app once it has heard the change
    // notice (decision 081: an instance holds a session it has read until told otherwise).
    const heard = () => ctx.app.changeNotices.settled();

    it('ends a session after 2 hours without a request, and deletes it', async () => {
      const headers = await ctx.sessionHeaders(DEMO_MEMBER.userName);
      const row = await sessionRow(headers);
      await ctx.app.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '1 hour 59 minutes'` })
        .where(eq(sessions.id, row!.id));
      await heard();
      expect((await me(headers)).statusCode).toBe(200);

      await ctx.app.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '2 hours 1 minute'` })
        .where(eq(sessions.id, row!.id));
      await heard();
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: {
          code: 'UNAUTHENTICATED',
          message: 'Your session has expired. Please sign in again.',
        },
      });
      expect(res.cookies.find((c) => c.name === 'sb_session')?.value).toBe('');
      expect(await sessionRow(headers)).toBeUndefined();
    });

    it('keeps an active session alive: a request refreshes last_seen_at (at most once a minute)', async () => {
      const headers = await ctx.sessionHeaders(DEMO_MEMBER.userName);
      const row = await sessionRow(headers);
      await ctx.app.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '90 minutes'` })
        .where(eq(sessions.id, row!.id));
      await heard();
      expect((await me(headers)).statusCode).toBe(200);
      const touched = await sessionRow(headers);
      expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);

      // Within the minute: no write.
      await ctx.app.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
        .where(eq(sessions.id, row!.id));
      await heard();
      const before = (await sessionRow(headers))!.lastSeenAt.getTime();
      expect((await me(headers)).statusCode).toBe(200);
      expect((await sessionRow(headers))!.lastSeenAt.getTime()).toBe(before);
    });

    it('ends a session 12 hours after sign-in however active it is', async () => {
      const headers = await ctx.sessionHeaders(DEMO_MEMBER.userName);
      const row = await sessionRow(headers);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 3600_000);
      await ctx.app.database.db
        .update(sessions)
        .set({
          createdAt: sql`now() - interval '12 hours 1 minute'`,
          expiresAt: sql`now() - interval '1 minute'`,
          lastSeenAt: sql`now()`,
        })
        .where(eq(sessions.id, row!.id));
      await heard();
      expect((await me(headers)).statusCode).toBe(401);
      expect(await sessionRow(headers)).toBeUndefined();
    });
  });

  describe('sign-in limits (failures only, reset by a success)', () => {
    const FREE = SIGN_IN_LIMITS.freeFailuresPerUserName;
    const login = (userName: string, password: string, remoteAddress = nextTestIp()) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        remoteAddress,
        payload: { userName, password },
      });
    const fail = (userName: string, remoteAddress?: string) =>
      login(userName, 'wrong-password', remoteAddress);
    const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

    it('lets one user sign in 30 times in a row from one address', async () => {
      const { userName, password } = await ctx.createBusinessWithMember();
      const office = nextTestIp();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1)
        statuses.push((await login(userName, password, office)).statusCode);
      expect(statuses).toEqual(Array<number>(30).fill(200));
    });

    it('lets 15 users behind one address (an office) sign in three times each', async () => {
      const office = nextTestIp();
      const members = [];
      for (let i = 0; i < 15; i += 1) members.push(await ctx.createBusinessWithMember());
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const { userName, password } of members) {
          statuses.push((await login(userName, password, office)).statusCode);
        }
      }
      expect(statuses).toEqual(Array<number>(45).fill(200));
    });

    it(`slows a user name after ${FREE} failures with a doubling wait (at most 60 s), from any address`, async () => {
      const { userName, password } = await ctx.createBusinessWithMember();
      for (let i = 0; i < FREE; i += 1) expect((await fail(userName)).statusCode).toBe(401);

      // Even the right password, in other letter case, from yet another address.
      const early = await login(userName.toUpperCase(), password);
      expect(early.statusCode).toBe(429);
      expect(early.json<ErrorBody>().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts. Please wait 1 second and try again.',
      });
      expect(retryAfter(early)).toBe(1);

      const waits: number[] = [];
      for (let wait = 1; wait <= 60;) {
        advance(wait * 1000 - 1);
        expect((await fail(userName)).statusCode).toBe(429); // a millisecond too early
        advance(1);
        expect((await fail(userName)).statusCode).toBe(401);
        const refused = await fail(userName);
        expect(refused.statusCode).toBe(429);
        wait = retryAfter(refused);
        waits.push(wait);
        if (wait === 60) break;
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 60]);
      const capped = await fail(userName);
      expect(capped.json<ErrorBody>().error.message).toBe(
        'Too many sign-in attempts. Please wait 1 minute and try again.',
      );

      // The owner who waits gets in.
      advance(60_000);
      expect((await login(userName, password)).statusCode).toBe(200);
    });

    it('forgets a user name’s failures at a successful sign-in', async () => {
      const { userName, password } = await ctx.createBusinessWithMember();
      for (let i = 0; i < FREE; i += 1) expect((await fail(userName)).statusCode).toBe(401);
      advance(1000);
      expect((await login(userName, password)).statusCode).toBe(200);

      // Counting starts again from zero.
      for (let i = 0; i < FREE; i += 1) expect((await fail(userName)).statusCode).toBe(401);
      const refused = await fail(userName);
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBe(1);
    });

    it(`keeps other users of an address signing in until it has ${SIGN_IN_LIMITS.failuresPerAddress} failures in 15 minutes`, async () => {
      const office = nextTestIp();
      const colleague = await ctx.createBusinessWithMember();
      const attacked = await ctx.createBusinessWithMember();

      // The colleague's own typos from the office are forgotten when they get in.
      for (let i = 0; i < FREE - 1; i += 1) {
        expect((await fail(colleague.userName, office)).statusCode).toBe(401);
      }
      expect((await login(colleague.userName, colleague.password, office)).statusCode).toBe(200);

      // One user name under attack from the office does not stop the colleague.
      for (let i = 0; i < FREE; i += 1) {
        expect((await fail(attacked.userName, office)).statusCode).toBe(401);
      }
      expect((await fail(attacked.userName, office)).statusCode).toBe(429);
      expect((await login(colleague.userName, colleague.password, office)).statusCode).toBe(200);

      // Guesses at other user names fill the address's allowance (the colleague's cleared
      // failures are not part of it: with them, these would be refused sooner).
      const guesses = SIGN_IN_LIMITS.failuresPerAddress - FREE;
      const statuses: number[] = [];
      for (let i = 0; i < guesses; i += 1) {
        statuses.push((await fail(`guess-${Math.floor(i / FREE)}@example.com`, office)).statusCode);
      }
      expect(statuses).toEqual(Array<number>(guesses).fill(401));

      const blocked = await login(colleague.userName, colleague.password, office);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<ErrorBody>().error.message).toBe(
        'Too many sign-in attempts. Please wait 15 minutes and try again.',
      );
      expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
      // Another address is not affected, and the office gets in again after the window.
      expect((await login(colleague.userName, colleague.password)).statusCode).toBe(200);
      advance(SIGN_IN_LIMITS.windowMs);
      expect((await login(colleague.userName, colleague.password, office)).statusCode).toBe(200);
    });
  });

  describe('same-origin check on state-changing requests', () => {
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        remoteAddress: nextTestIp(),
        payload: { userName: DEMO_MEMBER.userName, password: DEMO_MEMBER.password },
      });

    it('refuses a cross-site request, even with a valid session', async () => {
      const session = await ctx.sessionHeaders(DEMO_ADMIN.userName);
      const refused: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
        // The sender chooses Host: naming the same host as Origin makes it no more ours.
        { origin: 'http://evil.example', host: 'evil.example' },
        {},
      ];
      for (const headers of refused) {
        const res = await login(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().error.code).toBe('CROSS_ORIGIN');
        const sync = await ctx.app.inject({
          method: 'POST',
          url: '/api/platform/sync',
          headers: { cookie: session.cookie!, ...headers },
        });
        expect(sync.statusCode).toBe(403);
      }
    });

    it('accepts Sec-Fetch-Site same-origin, or our own Origin when the browser sends no Sec-Fetch-Site', async () => {
      expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      // Without PUBLIC_URL our origin is where we listen: before listen(), HOST and PORT.
      expect((await login({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
      // light-my-request names Host localhost:80; that is not where we listen.
      expect((await login({ origin: 'http://localhost:80' })).statusCode).toBe(403);
    });

    it('does not apply to reads', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('create account and set password', () => {
    const tokenFromMail = (text: string) => {
      const match = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (!match?.[1]) throw new Error(`no link in: ${text}`);
      return match[1];
    };

    it('creates the business, its first user and a mailed single-use link, then signs in with the new password', async () => {
      const res = await post('/api/auth/create-account', validAccount);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Check your email for a link to set your password.' });

      const [business] = await ctx.app.database.db
        .select()
        .from(businesses)
        .where(eq(businesses.email, validAccount.email));
      expect(business).toMatchObject({
        email: validAccount.email,
        // Checked with libphonenumber in the business's country and stored in E.164.
        phone: '+35315550101',
        website: validAccount.website,
        pointOfContact: validAccount.pointOfContact,
        country: validAccount.country,
        timezone: validAccount.timezone,
      });
      const [user] = await ctx.app.database.db
        .select()
        .from(users)
        .where(eq(users.businessId, business!.id));
      expect(user).toMatchObject({
        userName: validAccount.email.toLowerCase(),
        name: validAccount.pointOfContact,
        role: 'owner',
        passwordHash: null,
      });

      // Stored with the account, then sent: the embedded default delivers to the mailbox.
      const [queued] = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, validAccount.email));
      expect(queued).toMatchObject({
        kind: 'set-password',
        subject: 'Set your Switchboard password',
      });
      await ctx.app.mail.processDue();
      const [delivered] = await ctx.app.database.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.toAddress, validAccount.email));
      expect(delivered?.textBody).toContain('http://localhost:3000/set-password?token=');
      expect(delivered?.textBody).toContain(
        `Your user name is ${validAccount.email.toLowerCase()}.`,
      );
      const token = tokenFromMail(delivered!.textBody);
      // The link's token is stored only as a hash.
      const stored = await ctx.app.database.db
        .select()
        .from(setPasswordTokens)
        .where(eq(setPasswordTokens.userId, user!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toBe(token);
      expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(24 * 3600_000);

      const set = await post('/api/auth/set-password', { token, password: 'harbour-physio-2024' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({
        user: {
          userName: validAccount.email.toLowerCase(),
          role: 'owner',
          business: { name: validAccount.businessName },
        },
      });
      const cookie = set.cookies.find((c) => c.name === 'sb_session');
      expect(cookie?.httpOnly).toBe(true);
      expect((await me({ cookie: `sb_session=${cookie!.value}` })).statusCode).toBe(200);

      // Single use.
      const reused = await post('/api/auth/set-password', { token, password: 'another-password' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json<ErrorBody>().error).toEqual({
        code: 'TOKEN_INVALID',
        message: 'This link is invalid or has expired.',
      });

      const login = await post('/api/auth/login', {
        userName: validAccount.email,
        password: 'harbour-physio-2024',
      });
      expect(login.statusCode).toBe(200);
      // The stored hash is argon2id with at least 19 MiB and 2 iterations.
      const [withPassword] = await ctx.app.database.db
        .select()
        .from(users)
        .where(eq(users.id, user!.id));
      const [, algorithm, , options] = (withPassword!.passwordHash ?? '').split('$');
      expect(algorithm).toBe('argon2id');
      const params = Object.fromEntries(
        (options ?? '').split(',').map((pair) => pair.split('=') as [string, string]),
      );
      expect(Number(params.m)).toBeGreaterThanOrEqual(19_456);
      expect(Number(params.t)).toBeGreaterThanOrEqual(2);
    });

    it('refuses an unknown link, and a link older than 24 hours', async () => {
      const unknown = await post('/api/auth/set-password', {
        token: 'A'.repeat(43),
        password: 'long-enough',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ErrorBody>().error.code).toBe('TOKEN_INVALID');

      const email = 'late@example.com';
      expect((await post('/api/auth/create-account', { ...validAccount, email })).statusCode).toBe(
        201,
      );
      await ctx.app.mail.processDue();
      const [delivered] = await ctx.app.database.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.toAddress, email));
      const token = tokenFromMail(delivered!.textBody);
      const [user] = await ctx.app.database.db
        .select()
        .from(users)
        .where(eq(users.userName, email));
      await ctx.app.database.db
        .update(setPasswordTokens)
        .set({
          createdAt: sql`now() - interval '24 hours 1 minute'`,
          expiresAt: sql`now() - interval '1 minute'`,
        })
        .where(eq(setPasswordTokens.userId, user!.id));
      const res = await post('/api/auth/set-password', { token, password: 'long-enough' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe('TOKEN_INVALID');
      const [still] = await ctx.app.database.db.select().from(users).where(eq(users.id, user!.id));
      expect(still?.passwordHash).toBeNull();
    });

    it('refuses a duplicate email (any letter case, business or user) and writes nothing', async () => {
      const counts = async () => ({
        businesses: await tableCount(businesses),
        users: await tableCount(users),
        tokens: await tableCount(setPasswordTokens),
        mail: await tableCount(mailOutbox),
      });
      const first = await post('/api/auth/create-account', {
        ...validAccount,
        email: 'dup@example.com',
      });
      expect(first.statusCode).toBe(201);
      const before = await counts();
      for (const email of [
        'DUP@example.com',
        DEMO_BUSINESS.email.toUpperCase(),
        DEMO_MEMBER.userName,
      ]) {
        const res = await post('/api/auth/create-account', { ...validAccount, email });
        expect(res.statusCode).toBe(409);
        expect(res.json<ErrorBody>().error).toEqual({
          code: 'EMAIL_TAKEN',
          message:
            'An account with this email already exists. Sign in instead, or use another email.',
        });
      }
      expect(await counts()).toEqual(before);
    });

    it('leaves nothing behind when the account cannot be stored completely', async () => {
      // Two requests for one address at once: exactly one account, and the other gets 409.
      const results = await Promise.all([
        post('/api/auth/create-account', { ...validAccount, email: 'race@example.com' }),
        post('/api/auth/create-account', { ...validAccount, email: 'Race@example.com' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await ctx.app.database.db
        .select()
        .from(businesses)
        .where(sql`lower(${businesses.email}) = 'race@example.com'`);
      expect(rows).toHaveLength(1);
      const mails = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.toAddress}) = 'race@example.com'`);
      expect(mails).toHaveLength(1);
    });

    it('ends the other sessions of a user who sets a new password', async () => {
      const email = 'fresh-start@example.com';
      expect((await post('/api/auth/create-account', { ...validAccount, email })).statusCode).toBe(
        201,
      );
      await ctx.app.mail.processDue();
      const [delivered] = await ctx.app.database.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.toAddress, email));
      const elsewhere = await ctx.sessionHeaders(email);
      expect((await me(elsewhere)).statusCode).toBe(200);
      const set = await post('/api/auth/set-password', {
        token: tokenFromMail(delivered!.textBody),
        password: 'a-new-password',
      });
      expect(set.statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
    });
  });

  describe('embedded default', () => {
    it('seeded the admin and, per trade, a business with its owner and the assistant of that trade', async () => {
      const [business] = await ctx.app.database.db
        .select()
        .from(businesses)
        .where(eq(businesses.email, DEMO_BUSINESS.email));
      expect(business).toMatchObject({
        name: 'Bright Smile Dental',
        country: 'United States',
        timezone: 'America/New_York',
        pointOfContact: 'Dr. Maya Patel',
      });
      const demo = ctx.app.platform.sandbox!.demo;
      expect(demo.assistants.map((a) => a.trade)).toEqual([
        'dental',
        'plumbing',
        'restaurant',
        'survey',
      ]);
      for (const assistant of demo.assistants) {
        const { owner, business: expected } = DEMO_TRADES[assistant.trade as DemoTrade];
        // The owner signs in and lists exactly the agent of the business's trade.
        const headers = await ctx.signIn(owner);
        const list = await ctx.app.inject({ method: 'GET', url: '/api/agents', headers });
        expect(list.statusCode).toBe(200);
        expect(list.json<AgentList>().data.map((a) => a.id)).toEqual([assistant.id]);
        expect((await me(headers)).json()).toMatchObject({
          user: { role: 'owner', business: { name: expected.name, timezone: assistant.timeZone } },
        });
        expect(expected.name).toBe(assistant.businessName);
      }
      const assigned = await ctx.app.database.db
        .select()
        .from(agents)
        .where(eq(agents.businessId, business!.id));
      expect(assigned.map((a) => a.platformAssistantId)).toEqual([demo.assistantIds[0]]);
      expect((await ctx.signIn(DEMO_ADMIN)).cookie).toBeTruthy();
      // The dental practice's front desk: a member, who sees the practice but may not spend.
      const frontDesk = await ctx.signIn(DEMO_TEAM_MEMBER);
      expect((await me(frontDesk)).json()).toMatchObject({
        user: { role: 'member', name: 'Sam Rivera', business: { name: DEMO_BUSINESS.name } },
      });
    });

    it('seeds only an empty users table', async () => {
      const before = await tableCount(users);
      expect(
        await seedDemoAccounts(ctx.app.database.db, [{ id: 'asst-other', trade: 'dental' }]),
      ).toBe(false);
      expect(await tableCount(users)).toBe(before);
    });
  });
});

describe.each(databaseTargets)('accounts behind HTTPS (PUBLIC_URL) on %s', (target) => {
  const ctx = appForSuite(target, {
    SANDBOX_CALLS: '0',
    PUBLIC_URL: 'https://switchboard.example.com',
  });

  it('uses a Secure __Host- cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://switchboard.example.com' },
      payload: { userName: DEMO_MEMBER.userName, password: DEMO_MEMBER.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([
      expect.objectContaining({
        name: '__Host-sb_session',
        secure: true,
        httpOnly: true,
        path: '/',
        sameSite: 'Lax',
      }),
    ]);
    const token = res.cookies[0]!.value;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `__Host-sb_session=${token}` },
    });
    expect(me.statusCode).toBe(200);
    // The plain name is not read under HTTPS.
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `sb_session=${token}` },
    });
    expect(plain.statusCode).toBe(401);
  });

  it('compares Origin with PUBLIC_URL, not with the Host header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:80' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('points the set-password link at PUBLIC_URL whatever Host the request named', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers: { 'sec-fetch-site': 'same-origin', host: 'attacker.example' },
      payload: { ...validAccount, email: 'linked@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const [queued] = await ctx.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'linked@example.com'));
    expect(queued?.textBody).toContain('https://switchboard.example.com/set-password?token=');
    expect(queued?.textBody).not.toContain('attacker.example');
  });
});
