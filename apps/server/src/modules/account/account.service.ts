import {
  accountMessages,
  type Business,
  type BusinessSettingsInput,
  type ChangePasswordInput,
  type ChangeRoleInput,
  type InviteMemberInput,
  type ProfileInput,
  type TeamMember,
  toTeamRole,
} from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError, notFound } from '../../lib/app-error';
import type { CurrentSession } from '../../http/auth';
import { deleteOtherSessions } from '../auth/auth.repository';
import {
  findSessionUser,
  findUserAccount,
  insertUser,
  setUserPassword,
} from '../auth/users.repository';
import { businessPhone, issuePasswordLink, type Mailer } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { findBusiness, updateBusiness } from './account.repository';
import {
  deleteTeamMember,
  findTeamMember,
  isAddressTakenByOther,
  listTeam,
  lockOwners,
  setTeamRole,
  updateUserProfile,
} from '../auth/users.repository';

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { issues: [{ path, message }] });

const wrongCurrentPassword = () =>
  fieldError('body.currentPassword', accountMessages.currentPasswordWrong);

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', accountMessages.emailTaken, {
    issues: [{ path: 'body.email', message: accountMessages.emailTaken }],
  });

const lastOwner = () => new AppError('LAST_OWNER', accountMessages.lastOwner);

const memberNotFound = () => notFound('Team member');

/**
 * Whether this user is the business's only owner who can sign in. An invited owner who never
 * set a password does not count: demoting or removing the last active owner would leave a
 * business nobody can manage.
 */
function isLastActiveOwner(owners: readonly { id: string; active: boolean }[], userId: string) {
  const active = owners.filter((owner) => owner.active);
  return active.length > 0 && active.every((owner) => owner.id === userId);
}

type TeamRow = Awaited<ReturnType<typeof listTeam>>[number];

function toTeamMember(row: TeamRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? row.userName,
    role: toTeamRole(row.role),
    status: row.hasPassword ? 'active' : 'invited',
    createdAt: row.createdAt.toISOString(),
  };
}

function join(input: { inviter: string; businessName: string; email: string; name: string }) {
  return (link: string) => ({
    kind: 'team-invitation',
    subject: `Join ${input.businessName} on Switchboard`,
    text: [
      input.name ? `Hello ${input.name},` : 'Hello,',
      '',
      `${input.inviter} invited you to join ${input.businessName} on Switchboard.`,
      `Your user name is ${input.email.toLowerCase()}.`,
      '',
      'Choose your password here to join (the link works once, for 7 days):',
      link,
      '',
      'If you do not know this business, you can ignore this message.',
    ].join('\n'),
  });
}

/**
 * `/settings`: a user's own profile, password and sessions; the business's details; its team.
 * Routes declare who may call (`member` reads, `owner` changes the business and the team); the
 * business always comes from the session.
 */
export class AccountService {
  constructor(private readonly deps: { db: Db; mail: Mailer }) {}

  private async account(userId: string) {
    const user = await findUserAccount(this.deps.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }

  private async checkPassword(hash: string | null, password: string | undefined) {
    if (!password) {
      throw fieldError('body.currentPassword', accountMessages.currentPasswordRequired);
    }
    if (!hash || !(await verifyPassword(hash, password))) throw wrongCurrentPassword();
  }

  /**
   * Name and email. A new email asks for the current password (reset links go there), and a
   * business user's user name follows it (they sign in with their email).
   */
  async updateProfile(userId: string, input: ProfileInput): Promise<SessionUser> {
    const { db } = this.deps;
    const user = await this.account(userId);
    const email = input.email.toLowerCase();
    const emailChanged = email !== (user.email ?? '').toLowerCase();
    if (emailChanged) await this.checkPassword(user.passwordHash, input.currentPassword);
    const userName = user.role === 'admin' ? user.userName : email;
    try {
      await db.transaction(async (tx) => {
        if (emailChanged && (await isAddressTakenByOther(tx, email, userId))) throw emailTaken();
        await updateUserProfile(tx, userId, { name: input.name, email, userName });
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
    const updated = await findSessionUser(db, userId);
    if (!updated) throw new Error('the user vanished');
    return updated;
  }

  /** A new password with the current one; every other session of the user ends. */
  async changePassword(session: CurrentSession, input: ChangePasswordInput): Promise<void> {
    const { db } = this.deps;
    const user = await this.account(session.userId);
    await this.checkPassword(user.passwordHash, input.currentPassword);
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await setUserPassword(tx, user.id, hash);
      await deleteOtherSessions(tx, user.id, session.id);
    });
  }

  async signOutOtherSessions(session: CurrentSession): Promise<{ ended: number }> {
    return { ended: await deleteOtherSessions(this.deps.db, session.userId, session.id) };
  }

  async getBusiness(businessId: string): Promise<Business> {
    const row = await findBusiness(this.deps.db, businessId);
    if (!row) throw notFound('Business');
    return { ...row, phone: row.phone ?? '', website: row.website ?? '' };
  }

  async updateBusiness(businessId: string, input: BusinessSettingsInput): Promise<Business> {
    const row = await updateBusiness(this.deps.db, businessId, {
      name: input.name,
      phone: businessPhone(input.phone, input.country),
      website: input.website || null,
      country: input.country,
      timezone: input.timezone,
    });
    if (!row) throw notFound('Business');
    return { ...row, phone: row.phone ?? '', website: row.website ?? '' };
  }

  async listTeam(businessId: string): Promise<{ data: TeamMember[] }> {
    return { data: (await listTeam(this.deps.db, businessId)).map(toTeamMember) };
  }

  /** A user of the business without a password, and a join link (7 days) by mail. */
  async invite(
    inviter: SessionUser,
    input: InviteMemberInput,
    publicBaseUrl: string,
  ): Promise<TeamMember> {
    const business = inviter.business;
    if (!business) throw notFound('Business');
    const { db, mail } = this.deps;
    const email = input.email.toLowerCase();
    const name = input.name ?? '';
    try {
      const id = await db.transaction(async (tx) => {
        if (await isAddressTakenByOther(tx, email)) throw emailTaken();
        const user = await insertUser(tx, {
          userName: email,
          name,
          email,
          role: input.role,
          businessId: business.id,
        });
        await issuePasswordLink(tx, mail, {
          userId: user.id,
          to: email,
          kind: 'join',
          publicBaseUrl,
          compose: join({
            inviter: inviter.name || inviter.email || inviter.userName,
            businessName: business.name,
            email,
            name,
          }),
        });
        return user.id;
      });
      const row = await findTeamMember(db, business.id, id);
      if (!row) throw new Error('the invited user vanished');
      return toTeamMember(row);
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
  }

  /** Owner or member; the business's last owner who can sign in stays an owner. */
  async changeRole(
    businessId: string,
    userId: string,
    input: ChangeRoleInput,
  ): Promise<TeamMember> {
    if (!z.uuid().safeParse(userId).success) throw memberNotFound();
    const { db } = this.deps;
    return db.transaction(async (tx) => {
      const owners = await lockOwners(tx, businessId);
      const row = await findTeamMember(tx, businessId, userId);
      if (!row) throw memberNotFound();
      if (input.role !== 'owner' && isLastActiveOwner(owners, userId)) throw lastOwner();
      await setTeamRole(tx, businessId, userId, input.role);
      return toTeamMember({ ...row, role: input.role });
    });
  }

  /** Removes a user of the business (their sessions end); never the last active owner. */
  async removeMember(businessId: string, userId: string): Promise<void> {
    if (!z.uuid().safeParse(userId).success) throw memberNotFound();
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const owners = await lockOwners(tx, businessId);
      const row = await findTeamMember(tx, businessId, userId);
      if (!row) throw memberNotFound();
      if (isLastActiveOwner(owners, userId)) throw lastOwner();
      await deleteTeamMember(tx, businessId, userId);
    });
  }
}
