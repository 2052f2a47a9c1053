import { and, asc, eq, sql } from 'drizzle-orm';
import type { TeamRole } from '@switchboard/shared/account';
import { executeRows, type Db } from '../../db/client';
import { businesses, users } from '../../db/schema';

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

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  email: businesses.email,
  phone: businesses.phone,
  website: businesses.website,
  country: businesses.country,
  timezone: businesses.timezone,
};

export async function findBusiness(db: Db, businessId: string) {
  const [row] = await db
    .select(businessColumns)
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row;
}

export async function updateBusiness(
  db: Db,
  businessId: string,
  values: {
    name: string;
    phone: string | null;
    website: string | null;
    country: string;
    timezone: string;
  },
) {
  const [row] = await db
    .update(businesses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(businesses.id, businessId))
    .returning(businessColumns);
  return row;
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
