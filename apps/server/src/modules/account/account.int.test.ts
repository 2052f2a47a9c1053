import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@switchboard/shared/account';
import { businesses, mailOutbox, sessions, users } from '../../db/schema';
import { appForSuite, databaseTargets, nextTestIp, sameOrigin } from '../../test/test-app';

describe.each(databaseTargets)('settings and team on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers,
      remoteAddress: nextTestIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = (userName: string, password: string) =>
    call('POST', '/api/auth/login', sameOrigin, { userName, password });

  describe('profile', () => {
    it('changes the name; a new email needs the current password and becomes the user name', async () => {
      const owner = await ctx.createBusinessWithMember({ email: 'old@profile.example' });
      const headers = await ctx.sessionHeaders(owner.userName);
      const renamed = await call('PUT', '/api/account/profile', headers, {
        name: 'Pat Renamed',
        email: 'old@profile.example',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ user: { name: 'Pat Renamed' } });

      const noPassword = await call('PUT', '/api/account/profile', headers, {
        name: 'Pat Renamed',
        email: 'new@profile.example',
      });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toMatchObject({
        error: { details: { issues: [{ path: 'body.currentPassword' }] } },
      });
      const wrong = await call('PUT', '/api/account/profile', headers, {
        name: 'Pat Renamed',
        email: 'new@profile.example',
        currentPassword: 'not-my-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ error: { message: string } }>().error.message).toBe(
        accountMessages.currentPasswordWrong,
      );

      const moved = await call('PUT', '/api/account/profile', headers, {
        name: 'Pat Renamed',
        email: 'New@Profile.example',
        currentPassword: owner.password,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        user: { userName: 'new@profile.example', email: 'new@profile.example' },
      });
      expect((await login('new@profile.example', owner.password)).statusCode).toBe(200);

      // Someone else's address is refused with a field message.
      const other = await ctx.createBusinessWithMember({ email: 'taken@profile.example' });
      const taken = await call('PUT', '/api/account/profile', headers, {
        name: 'Pat',
        email: other.userName,
        currentPassword: owner.password,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
    });

    it('changes the password with the current one (8 characters at least) and ends the other sessions', async () => {
      const owner = await ctx.createBusinessWithMember();
      const here = await ctx.sessionHeaders(owner.userName);
      const elsewhere = await ctx.sessionHeaders(owner.userName);
      const short = await call('POST', '/api/account/password', here, {
        currentPassword: owner.password,
        newPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json<{ error: { message: string } }>().error.message).toContain(
        'at least 8 characters',
      );
      const wrong = await call('POST', '/api/account/password', here, {
        currentPassword: 'wrong-password',
        newPassword: 'long-enough-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ error: { message: string } }>().error.message).toBe(
        accountMessages.currentPasswordWrong,
      );
      const changed = await call('POST', '/api/account/password', here, {
        currentPassword: owner.password,
        newPassword: 'long-enough-password',
      });
      expect(changed.statusCode).toBe(204);
      expect((await call('GET', '/api/auth/me', here)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/me', elsewhere)).statusCode).toBe(401);
      expect((await login(owner.userName, 'long-enough-password')).statusCode).toBe(200);
      expect((await login(owner.userName, owner.password)).statusCode).toBe(401);
    });

    it('limits current-password checks per user', async () => {
      const owner = await ctx.createBusinessWithMember();
      const here = await ctx.sessionHeaders(owner.userName);
      const attempt = () =>
        call('POST', '/api/account/password', here, {
          currentPassword: 'guess-guess',
          newPassword: 'long-enough-password',
        });
      for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(429);
    });

    it('signs out the other sessions and keeps this one', async () => {
      const owner = await ctx.createBusinessWithMember();
      const here = await ctx.sessionHeaders(owner.userName);
      await ctx.sessionHeaders(owner.userName);
      await ctx.sessionHeaders(owner.userName);
      const res = await call('POST', '/api/account/sign-out-others', here);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: 2 });
      const left = await ctx.app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, owner.userId));
      expect(left).toHaveLength(1);
      expect((await call('GET', '/api/auth/me', here)).statusCode).toBe(200);
    });
  });

  describe('business', () => {
    it('lets an owner change the details: phone read in the country, bare domain gets https://, time zone in the session', async () => {
      const owner = await ctx.createBusinessWithMember({ name: 'Old Name' });
      const headers = await ctx.sessionHeaders(owner.userName);
      const res = await call('PUT', '/api/business', headers, {
        name: 'New Name',
        phone: '020 7946 0018',
        website: 'newname.example',
        country: 'United Kingdom',
        timezone: 'Europe/London',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'New Name',
        phone: '+442079460018',
        website: 'https://newname.example',
        country: 'United Kingdom',
        timezone: 'Europe/London',
      });
      const me = await call('GET', '/api/auth/me', headers);
      expect(me.json()).toMatchObject({
        user: { business: { name: 'New Name', timezone: 'Europe/London' } },
      });
      expect((await call('GET', '/api/business', headers)).json()).toMatchObject({
        phone: '+442079460018',
      });
    });

    it('refuses a phone that is not valid in the business’s country, a bad website and a bad time zone with field messages', async () => {
      const owner = await ctx.createBusinessWithMember();
      const headers = await ctx.sessionHeaders(owner.userName);
      const base = {
        name: 'Shop',
        phone: '',
        website: '',
        country: 'Ireland',
        timezone: 'Europe/Dublin',
      };
      const phone = await call('PUT', '/api/business', headers, { ...base, phone: '12345' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toMatchObject({
        error: { details: { issues: [{ path: 'body.phone' }] } },
      });
      const website = await call('PUT', '/api/business', headers, {
        ...base,
        website: 'not a site',
      });
      expect(website.statusCode).toBe(400);
      const zone = await call('PUT', '/api/business', headers, { ...base, timezone: 'Mars/Base' });
      expect(zone.statusCode).toBe(400);
      const blank = await call('PUT', '/api/business', headers, base);
      expect(blank.statusCode).toBe(200);
      expect(blank.json()).toMatchObject({ phone: '', website: '' });
    });

    it('checks the phone on create-account in the chosen country too, with a field message', async () => {
      const base = {
        businessName: 'Phone Check Co',
        email: 'phone-check@co.example',
        pointOfContact: 'Pat',
        country: 'Ireland',
        timezone: 'Europe/Dublin',
      };
      const bad = await call('POST', '/api/auth/create-account', sameOrigin, {
        ...base,
        phone: '12345',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { details: { issues: [{ path: 'body.phone' }] } },
      });
      const good = await call('POST', '/api/auth/create-account', sameOrigin, {
        ...base,
        phone: '01 555 0101',
        website: 'phone-check.example',
      });
      expect(good.statusCode).toBe(201);
      const [row] = await ctx.app.database.db
        .select()
        .from(businesses)
        .where(eq(businesses.email, 'phone-check@co.example'));
      expect(row).toMatchObject({ phone: '+35315550101', website: 'https://phone-check.example' });
    });

    it('lets a member read the business but not change it', async () => {
      const owner = await ctx.createBusinessWithMember({ name: 'Read Only Co' });
      const member = await ctx.addTeamMember(owner.businessId);
      const headers = await ctx.sessionHeaders(member.userName);
      expect((await call('GET', '/api/business', headers)).json()).toMatchObject({
        name: 'Read Only Co',
      });
      const change = await call('PUT', '/api/business', headers, {
        name: 'Taken Over',
        phone: '',
        website: '',
        country: 'Ireland',
        timezone: 'UTC',
      });
      expect(change.statusCode).toBe(403);
      const [row] = await ctx.app.database.db
        .select()
        .from(businesses)
        .where(eq(businesses.id, owner.businessId));
      expect(row?.name).toBe('Read Only Co');
    });
  });

  describe('team', () => {
    it('invites by email: the join link sets a password and signs the new member in to the business', async () => {
      const owner = await ctx.createBusinessWithMember({ name: 'Harbour Physio' });
      const headers = await ctx.sessionHeaders(owner.userName);
      const invited = await call('POST', '/api/team/invitations', headers, {
        email: 'New.Hire@harbour.example',
        name: 'Nia Hire',
        role: 'member',
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({
        name: 'Nia Hire',
        email: 'new.hire@harbour.example',
        role: 'member',
        status: 'invited',
      });
      const [mail] = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'new.hire@harbour.example'))
        .orderBy(desc(mailOutbox.createdAt));
      expect(mail).toMatchObject({
        kind: 'team-invitation',
        subject: 'Join Harbour Physio on Switchboard',
      });
      const token = /\/set-password\?token=([\w-]+)/.exec(mail!.textBody)?.[1];
      const joined = await call('POST', '/api/auth/set-password', sameOrigin, {
        token,
        password: 'joining-password',
      });
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({
        user: { role: 'member', business: { id: owner.businessId, name: 'Harbour Physio' } },
      });
      const team = await call('GET', '/api/team', headers);
      expect(team.json<{ data: unknown[] }>().data).toEqual([
        expect.objectContaining({ id: owner.userId, role: 'owner', status: 'active' }),
        expect.objectContaining({ email: 'new.hire@harbour.example', status: 'active' }),
      ]);
      // The business's own contact address is not a user: the front desk may join.
      await ctx.app.database.db
        .update(businesses)
        .set({ email: 'front@harbour.example' })
        .where(eq(businesses.id, owner.businessId));
      const frontDesk = await call('POST', '/api/team/invitations', headers, {
        email: 'Front@Harbour.example',
        role: 'member',
      });
      expect(frontDesk.statusCode).toBe(201);
      // An address that already has an account cannot be invited again.
      const again = await call('POST', '/api/team/invitations', headers, {
        email: 'new.hire@harbour.example',
        role: 'owner',
      });
      expect(again.statusCode).toBe(409);
    });

    it('changes roles and removes members; the last owner can be neither demoted nor removed', async () => {
      const owner = await ctx.createBusinessWithMember();
      const member = await ctx.addTeamMember(owner.businessId);
      const headers = await ctx.sessionHeaders(owner.userName);

      const demoteSelf = await call('PUT', `/api/team/members/${owner.userId}/role`, headers, {
        role: 'member',
      });
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toMatchObject({
        error: { code: 'LAST_OWNER', message: accountMessages.lastOwner },
      });
      const removeSelf = await call('DELETE', `/api/team/members/${owner.userId}`, headers);
      expect(removeSelf.statusCode).toBe(409);

      const promoted = await call('PUT', `/api/team/members/${member.userId}/role`, headers, {
        role: 'owner',
      });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ id: member.userId, role: 'owner' });
      // Now there are two owners: the first may step down.
      const stepDown = await call('PUT', `/api/team/members/${owner.userId}/role`, headers, {
        role: 'member',
      });
      expect(stepDown.statusCode).toBe(200);
      // Its session is now a member's: team changes are refused.
      const refused = await call('DELETE', `/api/team/members/${member.userId}`, headers);
      expect(refused.statusCode).toBe(403);

      const newOwner = await ctx.sessionHeaders(member.userName);
      const memberSession = await ctx.sessionHeaders(owner.userName);
      const removed = await call('DELETE', `/api/team/members/${owner.userId}`, newOwner);
      expect(removed.statusCode).toBe(204);
      expect((await call('GET', '/api/auth/me', memberSession)).statusCode).toBe(401);
      const left = await ctx.app.database.db
        .select()
        .from(users)
        .where(eq(users.businessId, owner.businessId));
      expect(left.map((u) => u.id)).toEqual([member.userId]);
    });

    it('answers 404 for another business’s member, and a member cannot invite', async () => {
      const a = await ctx.createBusinessWithMember();
      const b = await ctx.createBusinessWithMember();
      const bMember = await ctx.addTeamMember(b.businessId);
      const asA = await ctx.sessionHeaders(a.userName);
      const role = await call('PUT', `/api/team/members/${bMember.userId}/role`, asA, {
        role: 'owner',
      });
      expect(role.statusCode).toBe(404);
      const remove = await call('DELETE', `/api/team/members/${b.userId}`, asA);
      expect(remove.statusCode).toBe(404);
      const [still] = await ctx.app.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, bMember.userId));
      expect(still?.role).toBe('member');
      expect((await call('DELETE', '/api/team/members/not-an-id', asA)).statusCode).toBe(404);
      // B's team list shows none of A.
      const bTeam = await call('GET', '/api/team', await ctx.sessionHeaders(b.userName));
      expect(bTeam.body).not.toContain(a.userName);

      const asMember = await ctx.sessionHeaders(bMember.userName);
      const invite = await call('POST', '/api/team/invitations', asMember, {
        email: 'sneaky@b.example',
        role: 'owner',
      });
      expect(invite.statusCode).toBe(403);
      expect((await call('GET', '/api/team', asMember)).statusCode).toBe(200);
    });

    it('makes a member a manager and back; a manager cannot change the team; an owner stepping down to manager keeps the last-owner rule', async () => {
      const owner = await ctx.createBusinessWithMember();
      const member = await ctx.addTeamMember(owner.businessId);
      const headers = await ctx.sessionHeaders(owner.userName);
      const promoted = await call('PUT', `/api/team/members/${member.userId}/role`, headers, {
        role: 'manager',
      });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ id: member.userId, role: 'manager' });
      const asManager = await ctx.sessionHeaders(member.userName);
      expect((await call('GET', '/api/auth/me', asManager)).json()).toMatchObject({
        user: { role: 'manager', business: { id: owner.businessId } },
      });
      // The team and the business's details stay the owners'.
      const invite = await call('POST', '/api/team/invitations', asManager, {
        email: `helper-${member.userId}@team.example`,
        role: 'member',
      });
      expect(invite.statusCode).toBe(403);
      const selfPromote = await call('PUT', `/api/team/members/${member.userId}/role`, asManager, {
        role: 'owner',
      });
      expect(selfPromote.statusCode).toBe(403);

      const toManager = await call('PUT', `/api/team/members/${owner.userId}/role`, headers, {
        role: 'manager',
      });
      expect(toManager.statusCode).toBe(409);
      expect(toManager.json()).toMatchObject({ error: { code: 'LAST_OWNER' } });
      const invitedManager = await call('POST', '/api/team/invitations', headers, {
        email: `manager-${member.userId}@team.example`,
        role: 'manager',
      });
      expect(invitedManager.statusCode).toBe(201);
      expect(invitedManager.json()).toMatchObject({ role: 'manager', status: 'invited' });
      const back = await call('PUT', `/api/team/members/${member.userId}/role`, headers, {
        role: 'member',
      });
      expect(back.json()).toMatchObject({ role: 'member' });
      const bad = await call('PUT', `/api/team/members/${member.userId}/role`, headers, {
        role: 'boss',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { details: { issues: [{ message: accountMessages.roleInvalid }] } },
      });
    });

    it('counts only owners who joined: with an invited owner, the only active owner can neither step down nor leave', async () => {
      const owner = await ctx.createBusinessWithMember();
      const headers = await ctx.sessionHeaders(owner.userName);
      // An owner invitation nobody ever used: a user without a password.
      const invited = await call('POST', '/api/team/invitations', headers, {
        email: `pending-${owner.userId}@owner.example`,
        role: 'owner',
      });
      expect(invited.statusCode).toBe(201);
      const pending = invited.json<{ id: string; status: string }>();
      expect(pending.status).toBe('invited');
      const refusal = { error: { code: 'LAST_OWNER', message: accountMessages.lastOwner } };

      const demoteSelf = await call('PUT', `/api/team/members/${owner.userId}/role`, headers, {
        role: 'member',
      });
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toMatchObject(refusal);
      const leave = await call('DELETE', `/api/team/members/${owner.userId}`, headers);
      expect(leave.statusCode).toBe(409);
      expect(leave.json()).toMatchObject(refusal);
      const [still] = await ctx.app.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, owner.userId));
      expect(still?.role).toBe('owner');
      expect((await call('GET', '/api/auth/me', headers)).statusCode).toBe(200);

      // The invited owner may be demoted or removed: the active one stays.
      const demotePending = await call('PUT', `/api/team/members/${pending.id}/role`, headers, {
        role: 'member',
      });
      expect(demotePending.statusCode).toBe(200);
      const removePending = await call('DELETE', `/api/team/members/${pending.id}`, headers);
      expect(removePending.statusCode).toBe(204);
    });

    it('keeps an active owner when two owners demote each other at once beside an invited owner', async () => {
      const first = await ctx.createBusinessWithMember();
      const second = await ctx.addTeamMember(first.businessId, { role: 'owner' });
      const asFirst = await ctx.sessionHeaders(first.userName);
      const asSecond = await ctx.sessionHeaders(second.userName);
      const invited = await call('POST', '/api/team/invitations', asFirst, {
        email: `pending-${first.userId}@owner.example`,
        role: 'owner',
      });
      expect(invited.statusCode).toBe(201);
      const results = await Promise.all([
        call('PUT', `/api/team/members/${second.userId}/role`, asFirst, { role: 'member' }),
        call('PUT', `/api/team/members/${first.userId}/role`, asSecond, { role: 'member' }),
      ]);
      const active = await ctx.app.database.db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`${users.businessId} = ${first.businessId} and ${users.role} = 'owner' and ${users.passwordHash} is not null`,
        );
      expect(active).toHaveLength(1);
      const [winner, loser] = results.map((r) => r.statusCode).sort();
      expect(winner).toBe(200);
      expect([403, 409]).toContain(loser);
    });

    it('keeps one owner when two owners demote each other at the same time', async () => {
      const first = await ctx.createBusinessWithMember();
      const second = await ctx.addTeamMember(first.businessId, { role: 'owner' });
      const asFirst = await ctx.sessionHeaders(first.userName);
      const asSecond = await ctx.sessionHeaders(second.userName);
      const results = await Promise.all([
        call('PUT', `/api/team/members/${second.userId}/role`, asFirst, { role: 'member' }),
        call('PUT', `/api/team/members/${first.userId}/role`, asSecond, { role: 'member' }),
      ]);
      const owners = await ctx.app.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.businessId} = ${first.businessId} and ${users.role} = 'owner'`);
      expect(owners.length).toBeGreaterThanOrEqual(1);
      // One demotion wins. The other is refused: 409 when both were checked as owners and the
      // last-owner rule stopped it, 403 when the winner committed before its access check ran.
      const [winner, loser] = results.map((r) => r.statusCode).sort();
      expect(winner).toBe(200);
      expect([403, 409]).toContain(loser);
    });
  });
});
