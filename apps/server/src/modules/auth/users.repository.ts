import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { TeamRole } from '@switchboard/shared/account';
import type { Role, SessionUser } from '@switchboard/shared/auth';
import { executeRows, type Db } from '../../db/client';
import { businesses, users } from '../../db/schema';

// The users table's one repository: sign-in and sessions (auth), a user's own details and a
// business's team (account), the operator's view of a business's users (admin), whom alerts
// and service enquiries are mailed to. Other tables' queries that join users for a name or a
// notification's targets stay with their table.

// --- who signs in ---

export const sessionUserColumns = {
  id: users.id,
  userName: users.userName,
  name: users.name,
  email: users.email,
  role: users.role,
  businessId: businesses.id,
  businessName: businesses.name,
  businessTimezone: businesses.timezone,
  businessCountry: businesses.country,
};

export type SessionUserRow = {
  id: string;
  userName: string;
  name: string;
  email: string | null;
  role: Role;
  businessId: string | null;
  businessName: string | null;
  businessTimezone: string | null;
  businessCountry: string | null;
};

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    userName: row.userName,
    name: row.name,
    email: row.email ?? '',
    role: row.role,
    business:
      row.businessId === null
        ? null
        : {
            id: row.businessId,
            name: row.businessName ?? '',
            timezone: row.businessTimezone ?? 'UTC',
            country: row.businessCountry ?? '',
          },
  };
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** The user with this user name, ignoring case. */
export async function findUserByUserName(db: Db, userName: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`);
  return row;
}

/**
 * The user a "Forgot password" request names: by user name, or else by email (ignoring case).
 */
export async function findUserByLogin(db: Db, login: string) {
  const value = login.toLowerCase();
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, userName: users.userName })
    .from(users)
    .where(or(sql`lower(${users.userName}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .orderBy(sql`lower(${users.userName}) = ${value} desc`)
    .limit(1);
  return row;
}

/** What checking a signed-in user's password and changing their details needs. */
export async function findUserAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      name: users.name,
      email: users.email,
      role: users.role,
      businessId: users.businessId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, userId));
  return row && toSessionUser(row);
}

/** Whether a business or a user already uses this email address (ignoring case). */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const rows = await executeRows(
    db,
    sql`
    select 1 from ${businesses} where lower(${businesses.email}) = ${address}
    union all
    select 1 from ${users}
      where lower(${users.userName}) = ${address} or lower(${users.email}) = ${address}
    limit 1`,
  );
  return rows.length > 0;
}

export async function insertUser(
  db: Db,
  values: {
    userName: string;
    name?: string;
    email: string | null;
    role: Role;
    businessId: string | null;
    passwordHash?: string | null;
  },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({ ...values, userName: values.userName.toLowerCase() })
    .returning({ id: users.id });
  if (!row) throw new Error('the user was not stored');
  return row;
}

export async function setUserPassword(db: Db, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// --- a business's team ---

/** A signed-in user's own name, email and (for a business user) user name. */
export async function updateUserProfile(
  db: Db,
  userId: string,
  values: { name: string; email: string; userName: string },
) {
  await db
    .update(users)
    .set({ ...values, userName: values.userName.toLowerCase(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Whether a user (other than `exceptUserId`) already signs in with, or is reached at, this
 * address. A business's contact email is not a user: it may be invited.
 */
export async function isAddressTakenByOther(db: Db, email: string, exceptUserId?: string) {
  const address = email.toLowerCase();
  const rows = await executeRows(
    db,
    sql`select 1 from ${users}
      where (lower(${users.userName}) = ${address} or lower(${users.email}) = ${address})
        ${exceptUserId ? sql`and ${users.id} <> ${exceptUserId}` : sql``}
      limit 1`,
  );
  return rows.length > 0;
}

const teamColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  userName: users.userName,
  role: users.role,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
};

/** The business's users, owners first, then by when they joined. */
export async function listTeam(db: Db, businessId: string) {
  return db
    .select(teamColumns)
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(sql`${users.role} = 'owner' desc`, asc(users.createdAt), asc(users.id));
}

export async function findTeamMember(db: Db, businessId: string, userId: string) {
  const [row] = await db
    .select(teamColumns)
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)));
  return row;
}

/**
 * The business's owners, locked until the transaction ends, and whether each has joined (set a
 * password, so can sign in): two owners demoting or removing each other at once cannot leave
 * the business without an owner who can sign in. A row another transaction demoted while this
 * one waited is re-read after the wait and drops out.
 */
export async function lockOwners(
  db: Db,
  businessId: string,
): Promise<{ id: string; active: boolean }[]> {
  return db
    .select({ id: users.id, active: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'owner')))
    .for('update');
}

export async function setTeamRole(db: Db, businessId: string, userId: string, role: TeamRole) {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)));
}

/** Removes a user of the business (their sessions and links go with them). */
export async function deleteTeamMember(db: Db, businessId: string, userId: string) {
  await db.delete(users).where(and(eq(users.businessId, businessId), eq(users.id, userId)));
}

/** The users of one business, owners first. */
export async function listBusinessUsers(db: Db, businessId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: sql<string>`coalesce(${users.email}, ${users.userName})`,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(sql`${users.role} = 'owner' desc`, users.createdAt);
}

// --- who is mailed ---

/** The operators' addresses (admins with an email), each once. */
export async function listAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.email)));
  return rows.map((row) => row.email).filter((email): email is string => Boolean(email));
}

/** A business's owners' addresses (the owners with an email). */
export async function listOwnerEmails(db: Db, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'owner'), isNotNull(users.email)));
  return rows.map((row) => row.email).filter((email): email is string => Boolean(email));
}
