import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@switchboard/shared/auth';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { businesses, sessions, setPasswordTokens, users } from '../../db/schema';
import { sessionUserColumns, toSessionUser } from './users.repository';

// Lifetimes are PostgreSQL intervals compared with the database's clock, so every server
// instance agrees on them and a session's age is what its stored timestamps say.
export const SESSION_ABSOLUTE_LIFETIME = '12 hours';
export const SESSION_IDLE_TIMEOUT = '2 hours';
/** last_seen_at is written at most this often, not on every request. */
export const SESSION_TOUCH_INTERVAL = '1 minute';
/** How long each kind of password link works, decided when it is made. */
export const PASSWORD_LINK_LIFETIMES = {
  'set-password': '24 hours',
  join: '7 days',
  reset: '1 hour',
} as const;
export type PasswordLinkKind = keyof typeof PASSWORD_LINK_LIFETIMES;

const interval = (value: string) => sql`${value}::interval`;

/** A business as it is first stored. */
export type NewBusiness = {
  name: string;
  email: string;
  phone: string | null;
  website: string | null;
  pointOfContact: string;
  country: string;
  timezone: string;
};

export async function insertBusiness(db: Db, values: NewBusiness): Promise<{ id: string }> {
  const [row] = await db.insert(businesses).values(values).returning({ id: businesses.id });
  if (!row) throw new Error('the business was not stored');
  return row;
}

// --- sessions ---

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: string },
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, expiresAt: sql`now() + ${interval(SESSION_ABSOLUTE_LIFETIME)}` })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('the session was not stored');
  return row;
}

/**
 * The session behind a token hash with its user, and whether it is still active (neither
 * past its absolute expiry nor idle too long) and due for a last_seen_at touch.
 */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  // Every signed-in request asks this: a statement written once and prepared (decision 073).
  const prepared = preparedQuery(db);
  if (prepared) {
    const [row] = await prepared<Record<string, unknown>>('sb_session_by_token', SESSION_BY_TOKEN, [
      tokenHash,
      SESSION_IDLE_TIMEOUT,
      SESSION_TOUCH_INTERVAL,
    ]);
    if (!row) return undefined;
    return {
      sessionId: row.session_id as string,
      expiresAt: new Date(row.expires_at as Date | string),
      active: row.active === true,
      touchDue: row.touch_due === true,
      user: toSessionUser({
        id: row.id as string,
        userName: row.user_name as string,
        name: row.name as string,
        email: (row.email as string | null) ?? null,
        role: row.role as Role,
        businessId: (row.business_id as string | null) ?? null,
        businessName: (row.business_name as string | null) ?? null,
        businessTimezone: (row.business_timezone as string | null) ?? null,
        businessCountry: (row.business_country as string | null) ?? null,
      }),
    };
  }
  const [row] = await db
    .select({
      ...sessionUserColumns,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      active: sql<boolean>`(${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - ${interval(SESSION_IDLE_TIMEOUT)})`,
      touchDue: sql<boolean>`(${sessions.lastSeenAt} < now() - ${interval(SESSION_TOUCH_INTERVAL)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    active: row.active,
    touchDue: row.touchDue,
    user: toSessionUser(row),
  };
}

/** findSessionByTokenHash's statement: the same columns and rules as the Drizzle one. */
const SESSION_BY_TOKEN = `select u.id, u.user_name, u.name, u.email, u.role,
    b.id as business_id, b.name as business_name, b.timezone as business_timezone,
    b.country as business_country, s.id as session_id, s.expires_at,
    (s.expires_at > now() and s.last_seen_at > now() - $2::interval) as active,
    (s.last_seen_at < now() - $3::interval) as touch_due
  from sessions s
  join users u on u.id = s.user_id
  left join businesses b on b.id = u.business_id
  where s.token_hash = $1`;

export async function touchSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSessionById(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user but one (the caller's); answers how many ended. */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Removes every session that can no longer be used. */
export async function deleteExpiredSessions(db: Db) {
  await db
    .delete(sessions)
    .where(
      or(
        sql`${sessions.expiresAt} <= now()`,
        sql`${sessions.lastSeenAt} <= now() - ${interval(SESSION_IDLE_TIMEOUT)}`,
      ),
    );
}

// --- set-password links ---

export async function insertSetPasswordToken(
  db: Db,
  values: { tokenHash: string; userId: string },
  kind: PasswordLinkKind = 'set-password',
) {
  await db
    .insert(setPasswordTokens)
    .values({ ...values, expiresAt: sql`now() + ${interval(PASSWORD_LINK_LIFETIMES[kind])}` });
}

const usable = (tokenHash: string) =>
  and(
    eq(setPasswordTokens.tokenHash, tokenHash),
    isNull(setPasswordTokens.usedAt),
    gt(setPasswordTokens.expiresAt, sql`now()`),
  );

/** The user a set-password link is for, while it is unused and unexpired. */
export async function findUsableSetPasswordToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ userId: setPasswordTokens.userId })
    .from(setPasswordTokens)
    .where(usable(tokenHash));
  return row;
}

/**
 * Marks a link used and answers its user, or undefined when it was not usable. One statement,
 * so two requests racing with the same link cannot both succeed.
 */
export async function consumeSetPasswordToken(
  db: Db,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(setPasswordTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: setPasswordTokens.userId });
  return row?.userId;
}

/** Other links of the user stop working once a password is set. */
export async function retireSetPasswordTokens(db: Db, userId: string) {
  await db
    .update(setPasswordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(setPasswordTokens.userId, userId), isNull(setPasswordTokens.usedAt)));
}
