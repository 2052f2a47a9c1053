import type {
  CreateAccountInput,
  LoginInput,
  SessionUser,
  SetPasswordInput,
} from '@switchboard/shared/auth';
import type { Db } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { SignedIn } from '../../plugins/auth';
import type { MailService } from '../mail/mail.service';
import {
  consumeSetPasswordToken,
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findSessionByTokenHash,
  findSessionUser,
  findUsableSetPasswordToken,
  findUserByUserName,
  insertBusiness,
  insertSession,
  insertSetPasswordToken,
  insertUser,
  isEmailTaken,
  retireSetPasswordTokens,
  setUserPassword,
  touchSession,
} from './auth.repository';
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
  new AppError('INVALID_CREDENTIALS', 401, 'Incorrect user name or password');

export const emailTaken = () =>
  new AppError(
    'EMAIL_TAKEN',
    409,
    'An account with this email already exists. Sign in instead, or use another email.',
  );

export const tokenInvalid = () =>
  new AppError('TOKEN_INVALID', 400, 'This link is invalid or has expired.');

/** A new session: the token goes into the cookie and nowhere else. */
export type StartedSession = { token: string; expiresAt: Date; user: SessionUser };

export type Mailer = Pick<MailService, 'enqueue'>;

function setPasswordMail(input: { pointOfContact: string; businessName: string; email: string }) {
  return (link: string) => ({
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

/** Sign-in, sessions, business accounts and set-password links. */
export class AuthService {
  constructor(private readonly deps: { db: Db; mail: Mailer }) {}

  /** The signed-in user behind a session token; an expired session is deleted on sight. */
  async findSession(token: string): Promise<SignedIn | null> {
    const { db } = this.deps;
    const found = await findSessionByTokenHash(db, hashToken(token));
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
    const token = generateToken();
    const link = `${publicBaseUrl.replace(/\/+$/, '')}/set-password?token=${token}`;
    const mail = setPasswordMail({
      pointOfContact: input.pointOfContact,
      businessName: input.businessName,
      email: input.email,
    })(link);
    try {
      await this.deps.db.transaction(async (tx) => {
        if (await isEmailTaken(tx, input.email)) throw emailTaken();
        const business = await insertBusiness(tx, {
          name: input.businessName,
          email: input.email,
          phone: input.phone || null,
          website: input.website || null,
          pointOfContact: input.pointOfContact,
          country: input.country,
          timezone: input.timezone,
        });
        const user = await insertUser(tx, {
          userName: input.email,
          email: input.email,
          role: 'member',
          businessId: business.id,
        });
        await insertSetPasswordToken(tx, { tokenHash: hashToken(token), userId: user.id });
        await this.deps.mail.enqueue({ to: input.email, kind: 'set-password', ...mail }, tx);
      });
    } catch (error) {
      // Another request took the address between our check and our insert.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
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
        409,
        `A user named "${input.userName.toLowerCase()}" already exists.`,
      );
    }
    throw error;
  }
}
