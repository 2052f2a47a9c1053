import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, platformResources } from '../../db/schema';
import { countUsers, insertBusiness, insertUser } from './auth.repository';
import { hashPassword } from './password';

/** The sign-ins of the embedded default (documented in the README). */
export const DEMO_ADMIN = { userName: 'admin', password: 'switchboard-admin' } as const;
/** Where the demo operator's notices go (new service enquiries), read in the local mailbox. */
export const DEMO_ADMIN_EMAIL = 'operator@switchboard.localhost';
export const DEMO_MEMBER = {
  userName: 'demo@brightsmile.example',
  password: 'switchboard-demo',
} as const;
export const DEMO_BUSINESS = {
  name: 'Bright Smile Dental',
  email: 'hello@brightsmile.example',
  phone: null,
  website: null,
  pointOfContact: 'Dr. Maya Patel',
  country: 'United States',
  timezone: 'America/New_York',
} as const;

/** Any constant works; it only has to be the same for every instance on one database. */
const SEED_LOCK_KEY = 4_815_162_342;

/**
 * The embedded default's first start (no users yet, sandbox platform): an admin, the demo
 * business with its member, and every sandbox demo assistant assigned to that business (the
 * agent rows are created here when sync has not run yet; sync fills in names and numbers).
 * One transaction under an advisory lock, so two instances starting together seed once.
 * Returns whether it seeded. Never called with a real platform account.
 */
export async function seedDemoAccounts(
  db: Db,
  sandboxAssistantIds: readonly string[],
  /** The sandbox's demo phone numbers: the demo business owns them (platform console). */
  sandboxPhoneNumberIds: readonly string[] = [],
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_MEMBER.password),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) return false;
    await insertUser(tx, {
      userName: DEMO_ADMIN.userName,
      email: DEMO_ADMIN_EMAIL,
      role: 'admin',
      businessId: null,
      passwordHash: adminHash,
    });
    const business = await insertBusiness(tx, DEMO_BUSINESS);
    await insertUser(tx, {
      userName: DEMO_MEMBER.userName,
      name: DEMO_BUSINESS.pointOfContact,
      email: DEMO_MEMBER.userName,
      role: 'owner',
      businessId: business.id,
      passwordHash: memberHash,
    });
    if (sandboxAssistantIds.length > 0) {
      await tx
        .insert(agents)
        .values(
          sandboxAssistantIds.map((platformAssistantId) => ({
            platformAssistantId,
            businessId: business.id,
          })),
        )
        .onConflictDoUpdate({
          target: agents.platformAssistantId,
          set: { businessId: business.id, updatedAt: sql`now()` },
        });
    }
    if (sandboxPhoneNumberIds.length > 0) {
      await tx
        .insert(platformResources)
        .values(
          sandboxPhoneNumberIds.map((platformId) => ({
            kind: 'phone-number',
            platformId,
            businessId: business.id,
          })),
        )
        .onConflictDoUpdate({
          target: [platformResources.kind, platformResources.platformId],
          set: { businessId: business.id, updatedAt: sql`now()` },
        });
    }
    return true;
  });
}
