import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { businesses, sessions, users } from './db/schema';
import {
  addTeamMember,
  buildTestApp,
  createBusinessWithMember,
  injectAs,
  sessionHeaders,
  signIn,
} from './test/test-app';

// Sessions are held in each instance's memory (decision 081). Whatever ends or changes one —
// sign-out, "sign out other sessions", a new password, a role change, a removal, a change made
// straight in the database — must hold on every instance as soon as it has heard the change's
// notice, not when the held copy would have run out (HELD_COPY_MS). Two instances on one
// PostgreSQL: A makes the change, B had the session held.
describe.runIf(process.env.TEST_DATABASE_URL)('held sessions on two instances', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let a: App;
  let b: App;

  beforeAll(async () => {
    ctx = await buildTestApp('postgres');
    a = ctx.app;
    b = await buildApp(ctx.config);
    // Ready as a started server is (its onReady hook waits for the LISTEN connection); a test's
    // first inject would otherwise be what readies it.
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  const me = async (app: App, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    const role = res.statusCode === 200 ? res.json<{ user: { role: string } }>().user.role : null;
    return { status: res.statusCode, role };
  };

  /** B holds the session: asked once, it is kept (nothing is read for it the second time). */
  const heldOnB = async (headers: Record<string, string>) => {
    // Every earlier change heard first: a read a notice overlaps is not held.
    await b.changeNotices.settled();
    const before = b.authService.heldSessionCount;
    expect((await me(b, headers)).status).toBe(200);
    expect(b.authService.heldSessionCount).toBeGreaterThan(before);
    expect((await me(b, headers)).status).toBe(200);
  };

  it('holds sessions only while it hears the notices', () => {
    expect(a.changeNotices.listening).toBe(true);
    expect(b.changeNotices.listening).toBe(true);
  });

  it('refuses a session signed out on the other instance', async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await signIn(a, owner);
    await heldOnB(headers);
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBeLessThan(300);
    // On A, the instance that signed out, at once: it answered after hearing its own change.
    expect((await me(a, headers)).status).toBe(401);
    // On B, once it has heard what was committed before now (not after the held copy's bound).
    await b.changeNotices.settled();
    expect((await me(b, headers)).status).toBe(401);
  });

  it('refuses the other sessions a user signed out of, a new password and a removal', async () => {
    const owner = await createBusinessWithMember(a);
    const here = await sessionHeaders(a, owner.userName);
    const other = await sessionHeaders(a, owner.userName);
    await heldOnB(other);
    const ended = await injectAs(a, 'POST', '/api/account/sign-out-others', here);
    expect(ended.statusCode).toBe(200);
    await b.changeNotices.settled();
    expect((await me(b, other)).status).toBe(401);

    const third = await sessionHeaders(a, owner.userName);
    await heldOnB(third);
    const changed = await injectAs(a, 'POST', '/api/account/password', here, {
      currentPassword: owner.password,
      newPassword: 'a-new-password-1234',
    });
    expect(changed.statusCode).toBe(204);
    await b.changeNotices.settled();
    expect((await me(b, third)).status).toBe(401);
    expect((await me(b, here)).status).toBe(200);

    const member = await addTeamMember(a, owner.businessId);
    const memberHeaders = await sessionHeaders(a, member.userName);
    await heldOnB(memberHeaders);
    const removed = await injectAs(a, 'DELETE', `/api/team/members/${member.userId}`, here);
    expect(removed.statusCode).toBe(204);
    await b.changeNotices.settled();
    expect((await me(b, memberHeaders)).status).toBe(401);
  });

  it('applies a role change made on the other instance', async () => {
    const owner = await createBusinessWithMember(a);
    const ownerHeaders = await sessionHeaders(a, owner.userName);
    const member = await addTeamMember(a, owner.businessId, { role: 'manager' });
    const headers = await sessionHeaders(a, member.userName);
    await heldOnB(headers);
    expect((await me(b, headers)).role).toBe('manager');
    const res = await injectAs(a, 'PUT', `/api/team/members/${member.userId}/role`, ownerHeaders, {
      role: 'member',
    });
    expect(res.statusCode).toBe(200);
    await b.changeNotices.settled();
    expect((await me(b, headers)).role).toBe('member');
  });

  it('applies changes made straight in the database: a session, a user, a business', async () => {
    const owner = await createBusinessWithMember(a);
    const db = a.database.db;

    const first = await sessionHeaders(a, owner.userName);
    await heldOnB(first);
    await db.delete(sessions).where(eq(sessions.userId, owner.userId));
    await b.changeNotices.settled();
    expect((await me(b, first)).status).toBe(401);

    const second = await sessionHeaders(a, owner.userName);
    await heldOnB(second);
    await db.update(users).set({ role: 'member' }).where(eq(users.id, owner.userId));
    await b.changeNotices.settled();
    expect((await me(b, second)).role).toBe('member');

    const third = await sessionHeaders(a, owner.userName);
    await heldOnB(third);
    await db.delete(businesses).where(eq(businesses.id, owner.businessId));
    await b.changeNotices.settled();
    expect((await me(b, third)).status).toBe(401);
  });

  it('holds nothing once the notices stop, and refuses a session ended meanwhile', async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await sessionHeaders(a, owner.userName);
    await heldOnB(headers);
    const closing = b.changeNotices.close();
    expect(b.changeNotices.listening).toBe(false);
    await closing;
    await a.database.db.delete(sessions).where(eq(sessions.userId, owner.userId));
    expect((await me(b, headers)).status).toBe(401);
  });
});
