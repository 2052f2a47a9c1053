import {
  authMessages,
  type CreateAccountInput,
  type ForgotPasswordInput,
  type LoginInput,
  type SessionUser,
  type SetPasswordInput,
} from '@switchboard/shared/auth';
import { z } from 'zod';
import { noChangeNotices, type ChangeNotices } from '../../db/change-notices';
import type { Db } from '../../db/client';
import { HeldCopies } from '../../db/held-copies';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError, notFound } from '../../lib/app-error';
import type { SignedIn } from '../../http/auth';
import { normalizePhone } from '../contacts/phone';
import type { MailService } from '../mail/mail.service';
import {
  consumeSetPasswordToken,
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findSessionByTokenHash,
  findUsableSetPasswordToken,
  insertBusiness,
  insertSession,
  insertSetPasswordToken,
  retireSetPasswordTokens,
  touchSession,
  type PasswordLinkKind,
} from './auth.repository';
import {
  findSessionUser,
  findUserAccount,
  findUserByLogin,
  findUserByUserName,
  insertUser,
  isEmailTaken,
  setUserPassword,
} from './users.repository';
import {
  generateToken,
  hashPassword,
  hashToken,
  passwordNeedsRehash,
  spendPasswordCheck,
  verifyPassword,
} from './password';

export const CREATE_ACCOUNT_MESSAGE = 'Check your email for a link to set your password.';

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'Incorrect user name or password');

export const emailTaken = () =>
  new AppError(
    'EMAIL_TAKEN',
    'An account with this email already exists. Sign in instead, or use another email.',
  );

export const tokenInvalid = () =>
  new AppError('TOKEN_INVALID', 'This link is invalid or has expired.');

/** A new session: the token goes into the cookie and nowhere else. */
export type StartedSession = { token: string; expiresAt: Date; user: SessionUser };

export type Mailer = Pick<MailService, 'enqueue'>;

type LinkMail = { kind: string; subject: string; text: string };

function setPasswordMail(input: { pointOfContact: string; businessName: string; email: string }) {
  return (link: string): LinkMail => ({
    kind: 'set-password',
    subject: 'Set your Switchboard password',
    text: [
      `Hello ${input.pointOfContact},`,
      '',
      `A Switchboard account was created for ${input.businessName}.`,
      `Your user name is ${input.email.toLowerCase()}.`,
      '',
      'Choose your password here (the link works once, for 24 hours):',
      link,
      '',
      'If you did not ask for this account, you can ignore this message.',
    ].join('\n'),
  });
}

const greeting = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/** "Forgot password": a reset link, 1 hour. */
function resetMail(input: { name: string; userName: string }) {
  return (link: string): LinkMail => ({
    kind: 'password-reset',
    subject: 'Reset your Switchboard password',
    text: [
      greeting(input.name),
      '',
      `Someone asked to reset the password of the Switchboard account ${input.userName}.`,
      'Choose a new password here (the link works once, for 1 hour):',
      link,
      '',
      'Using it signs you in and signs out every other browser.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

/** The operator sends a user a fresh set-password link (the first one was lost or expired). */
function resentSetPasswordMail(input: { name: string; userName: string }) {
  return (link: string): LinkMail => ({
    kind: 'set-password',
    subject: 'Set your Switchboard password',
    text: [
      greeting(input.name),
      '',
      `Here is a new link to set the password of your Switchboard account ${input.userName}.`,
      'Choose your password here (the link works once, for 24 hours):',
      link,
      '',
      'If you did not ask for this, you can ignore this message.',
    ].join('\n'),
  });
}

/** Where each kind of link lands in the web app. */
const LINK_PAGES: Record<PasswordLinkKind, string> = {
  'set-password': '/set-password',
  join: '/set-password',
  reset: '/reset-password',
};

/**
 * Stores a new single-use password link for a user and queues the mail carrying it, in the
 * caller's transaction (both or neither). Only the token's hash is stored.
 */
export async function issuePasswordLink(
  db: Db,
  mail: Mailer,
  input: {
    userId: string;
    to: string;
    kind: PasswordLinkKind;
    publicBaseUrl: string;
    compose: (link: string) => LinkMail;
  },
): Promise<void> {
  const token = generateToken();
  const link = `${input.publicBaseUrl.replace(/\/+$/, '')}${LINK_PAGES[input.kind]}?token=${token}`;
  await insertSetPasswordToken(
    db,
    { tokenHash: hashToken(token), userId: input.userId },
    input.kind,
  );
  await mail.enqueue({ to: input.to, ...input.compose(link) }, db);
}

/**
 * A phone number as a business's forms take it: blank is none; anything else must be a valid
 * number read in the business's country (libphonenumber), stored in E.164.
 */
export function businessPhone(phone: string | undefined, country: string): string | null {
  if (!phone) return null;
  const normalized = normalizePhone(phone, country);
  if (!normalized.ok) {
    throw new AppError('VALIDATION_ERROR', authMessages.phoneInvalid, {
      issues: [{ path: 'body.phone', message: authMessages.phoneInvalid }],
    });
  }
  return normalized.e164;
}

/** Sessions an instance holds at most (each a few hundred bytes). */
const HELD_SESSIONS = 10_000;

/** Sign-in, sessions, business accounts and set-password links. */
export class AuthService {
  /** Sessions held in process by token hash (decision 081): nothing without change notices. */
  private readonly heldSessions: HeldCopies<SignedIn>;

  constructor(private readonly deps: { db: Db; mail: Mailer; notices?: ChangeNotices }) {
    this.heldSessions = new HeldCopies(deps.notices ?? noChangeNotices, HELD_SESSIONS);
    // A notice names the user whose sessions, or the business whose users, changed.
    deps.notices?.on('session_changes', (payload) => this.heldSessions.forget(payload));
  }

  /**
   * The signed-in user behind a session token; an expired session is deleted on sight. Held in
   * process for a few seconds at most, dropped at once when a change notice names its user or
   * business (sign-out, revocation, a new password, a role change, a removal: decision 081).
   */
  async findSession(token: string): Promise<SignedIn | null> {
    const tokenHash = hashToken(token);
    const found = await this.heldSessions.get(
      tokenHash,
      async () => (await this.readSession(tokenHash)) ?? undefined,
      (signedIn) => ({
        tags: [
          `u:${signedIn.user.id}`,
          ...(signedIn.user.business ? [`b:${signedIn.user.business.id}`] : []),
        ],
        // Never past the session's absolute expiry.
        notAfter: signedIn.session.expiresAt.getTime(),
      }),
    );
    return found ?? null;
  }

  /** How many sessions the process holds (the tests look). */
  get heldSessionCount(): number {
    return this.heldSessions.size;
  }

  private async readSession(tokenHash: string): Promise<SignedIn | null> {
    const { db } = this.deps;
    const found = await findSessionByTokenHash(db, tokenHash);
    if (!found) return null;
    if (!found.active) {
      await deleteSessionById(db, found.sessionId);
      return null;
    }
    if (found.touchDue) await touchSession(db, found.sessionId);
    return {
      session: { id: found.sessionId, userId: found.user.id, expiresAt: found.expiresAt },
      user: found.user,
    };
  }

  /**
   * Unknown user, user without a password yet, wrong password: one answer, in about the same
   * time (a throwaway hash is verified when there is no real one).
   */
  async login(input: LoginInput, previousToken: string | undefined): Promise<StartedSession> {
    const { db } = this.deps;
    const user = await findUserByUserName(db, input.userName);
    if (!user?.passwordHash) {
      await spendPasswordCheck(input.password);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
    if (passwordNeedsRehash(user.passwordHash)) {
      await setUserPassword(db, user.id, await hashPassword(input.password));
    }
    return this.startSession(db, user.id, previousToken);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await deleteSessionByTokenHash(this.deps.db, hashToken(token));
  }

  /**
   * The business, its first user (named by the email, no password yet), a single-use
   * set-password link and the mail carrying it: all stored in one transaction, or none.
   */
  async createAccount(input: CreateAccountInput, publicBaseUrl: string): Promise<void> {
    const phone = businessPhone(input.phone, input.country);
    try {
      await this.deps.db.transaction(async (tx) => {
        if (await isEmailTaken(tx, input.email)) throw emailTaken();
        const business = await insertBusiness(tx, {
          name: input.businessName,
          email: input.email,
          phone,
          website: input.website || null,
          pointOfContact: input.pointOfContact,
          country: input.country,
          timezone: input.timezone,
        });
        // The business's first user is its owner.
        const user = await insertUser(tx, {
          userName: input.email,
          name: input.pointOfContact,
          email: input.email,
          role: 'owner',
          businessId: business.id,
        });
        await issuePasswordLink(tx, this.deps.mail, {
          userId: user.id,
          to: input.email,
          kind: 'set-password',
          publicBaseUrl,
          compose: setPasswordMail({
            pointOfContact: input.pointOfContact,
            businessName: input.businessName,
            email: input.email,
          }),
        });
      });
    } catch (error) {
      // Another request took the address between our check and our insert.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
  }

  /**
   * "Forgot password": when the user name or email names a user with an address, a reset link
   * (1 h, single use) goes to that address. The caller answers the same either way, so nobody
   * learns from it whether an account exists.
   */
  async forgotPassword(input: ForgotPasswordInput, publicBaseUrl: string): Promise<void> {
    const { db, mail } = this.deps;
    const user = await findUserByLogin(db, input.login);
    const to = user?.email;
    if (!user || !to) return;
    await db.transaction((tx) =>
      issuePasswordLink(tx, mail, {
        userId: user.id,
        to,
        kind: 'reset',
        publicBaseUrl,
        compose: resetMail(user),
      }),
    );
  }

  /** The operator sends any user a fresh set-password link (24 h) to their email. */
  async sendSetPasswordLink(userId: string, publicBaseUrl: string): Promise<{ to: string }> {
    const { db, mail } = this.deps;
    const user = z.uuid().safeParse(userId).success ? await findUserAccount(db, userId) : undefined;
    if (!user) throw notFound('User');
    const to = user.email;
    if (!to) {
      throw new AppError('NO_EMAIL', 'This user has no email address to send a link to.');
    }
    await db.transaction((tx) =>
      issuePasswordLink(tx, mail, {
        userId: user.id,
        to,
        kind: 'set-password',
        publicBaseUrl,
        compose: resentSetPasswordMail(user),
      }),
    );
    return { to };
  }

  /**
   * Uses a set-password link: the link is consumed in the same transaction that stores the
   * password, every other session of the user ends, and a new one starts (signed in).
   */
  async setPassword(
    input: SetPasswordInput,
    previousToken: string | undefined,
  ): Promise<StartedSession> {
    const { db } = this.deps;
    const tokenHash = hashToken(input.token);
    // Checked before the (deliberately slow) hash, so a bad link costs us nothing.
    if (!(await findUsableSetPasswordToken(db, tokenHash))) throw tokenInvalid();
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const userId = await consumeSetPasswordToken(tx, tokenHash);
      if (!userId) throw tokenInvalid();
      await setUserPassword(tx, userId, passwordHash);
      await retireSetPasswordTokens(tx, userId);
      await deleteUserSessions(tx, userId);
      return this.startSession(tx, userId, previousToken);
    });
  }

  /** A fresh token at every sign-in; the session the browser had before (if any) ends. */
  private async startSession(
    db: Db,
    userId: string,
    previousToken: string | undefined,
  ): Promise<StartedSession> {
    await deleteExpiredSessions(db);
    if (previousToken) await deleteSessionByTokenHash(db, hashToken(previousToken));
    const token = generateToken();
    const { expiresAt } = await insertSession(db, { tokenHash: hashToken(token), userId });
    const user = await findSessionUser(db, userId);
    if (!user) throw new Error('the signed-in user vanished');
    return { token, expiresAt, user };
  }
}

/** An operator account (the `npm run admin -- create` command). */
export async function createAdmin(
  db: Db,
  input: { userName: string; email: string | null; password: string },
): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      userName: input.userName,
      email: input.email,
      role: 'admin',
      businessId: null,
      passwordHash,
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError(
        'USER_NAME_TAKEN',
        `A user named "${input.userName.toLowerCase()}" already exists.`,
      );
    }
    throw error;
  }
}
