import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, businesses, platformResources } from '../../db/schema';
import { countUsers, insertUser } from './users.repository';
import { hashPassword } from './password';
import type { NewBusiness } from './auth.repository';

/** The sign-ins of the embedded default (documented in the README). */
export const DEMO_ADMIN = { userName: 'admin', password: 'switchboard-admin' } as const;
/** Where the demo operator's notices go (new service enquiries), read in the local mailbox. */
export const DEMO_ADMIN_EMAIL = 'operator@switchboard.localhost';
/** Every demo owner signs in with this password (the README lists their user names). */
export const DEMO_PASSWORD = 'switchboard-demo';

type DemoTeamMember = { userName: string; password: string; name: string };

/**
 * One demo business per trade of the sandbox's demo assistants (`DemoAssistantInfo.trade`),
 * with its owner's sign-in: each business sees only the agent of its own trade, and so only
 * calls, enquiries, contacts and appointments that fit it. The time zones are the ones the
 * sandbox's callers live in.
 */
export const DEMO_TRADES = {
  dental: {
    owner: { userName: 'demo@brightsmile.example', password: DEMO_PASSWORD },
    business: {
      name: 'Bright Smile Dental',
      email: 'hello@brightsmile.example',
      phone: null,
      website: null,
      pointOfContact: 'Dr. Maya Patel',
      country: 'United States',
      timezone: 'America/New_York',
    },
  },
  plumbing: {
    owner: { userName: 'demo@rapidrooter.example', password: DEMO_PASSWORD },
    business: {
      name: 'Rapid Rooter Plumbing',
      email: 'dispatch@rapidrooter.example',
      phone: '+13125550111',
      website: null,
      pointOfContact: 'Luis Ortega',
      country: 'United States',
      timezone: 'America/Chicago',
    },
  },
  restaurant: {
    owner: { userName: 'demo@trattoriabella.example', password: DEMO_PASSWORD },
    business: {
      name: 'Trattoria Bella',
      email: 'ciao@trattoriabella.example',
      phone: '+13105550160',
      website: null,
      pointOfContact: 'Giulia Romano',
      country: 'United States',
      timezone: 'America/Los_Angeles',
    },
  },
  survey: {
    owner: { userName: 'demo@northwind.example', password: DEMO_PASSWORD },
    business: {
      name: 'Northwind Home Goods',
      email: 'care@northwind.example',
      phone: '+17205550100',
      website: null,
      pointOfContact: 'Hannah Lee',
      country: 'United States',
      timezone: 'America/Denver',
    },
  },
} as const satisfies Record<
  string,
  { owner: { userName: string; password: string }; business: NewBusiness }
>;

export type DemoTrade = keyof typeof DEMO_TRADES;

/** The dental practice's owner: the sign-in the README leads with (and most tests use). */
export const DEMO_MEMBER = DEMO_TRADES.dental.owner;
/**
 * Demo team members besides the owners (the README lists them): the dental practice's front
 * desk is a member (decision 051), who does the daily work but may neither spend money nor
 * delete on the platform, so the console shows what a member sees.
 */
export const DEMO_TEAM_MEMBERS: Partial<Record<DemoTrade, DemoTeamMember>> = {
  dental: {
    userName: 'frontdesk@brightsmile.example',
    password: DEMO_PASSWORD,
    name: 'Sam Rivera',
  },
};
export const DEMO_TEAM_MEMBER = DEMO_TEAM_MEMBERS.dental!;
export const DEMO_BUSINESS = DEMO_TRADES.dental.business;

/** A sandbox demo assistant and the trade it answers for (the sandbox's `demo.assistants`). */
/** A sandbox demo assistant: its trade, and the demo number that answers for it (if any). */
export type DemoAssistant = { id: string; trade: string; phoneNumberId?: string | undefined };

function isDemoTrade(trade: string): trade is DemoTrade {
  return Object.hasOwn(DEMO_TRADES, trade);
}

/** Any constant works; it only has to be the same for every instance on one database. */
const SEED_LOCK_KEY = 4_815_162_342;

/**
 * The embedded default's first start (no users yet, sandbox platform): an admin, and per trade
 * a demo business with its owner and the sandbox demo assistants of that trade (the agent rows
 * are created here when sync has not run yet; sync fills in names and numbers). An assistant of
 * a trade without a demo business stays unassigned, for the operator to assign.
 * One transaction under an advisory lock, so two instances starting together seed once.
 * Returns whether it seeded. Never called with a real platform account.
 */
export async function seedDemoAccounts(
  db: Db,
  sandboxAssistants: readonly DemoAssistant[],
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const trades = Object.keys(DEMO_TRADES) as DemoTrade[];
  const [adminHash, ...ownerHashes] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    ...trades.map((trade) => hashPassword(DEMO_TRADES[trade].owner.password)),
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
    const businessOf = new Map<DemoTrade, string>();
    for (const [index, trade] of trades.entries()) {
      const { owner, business } = DEMO_TRADES[trade];
      // A minute apart, in this order, so lists newest first read the same on every start.
      const [row] = await tx
        .insert(businesses)
        .values({
          ...business,
          createdAt: sql`now() - make_interval(mins => ${trades.length - 1 - index})`,
        })
        .returning({ id: businesses.id });
      const id = row!.id;
      businessOf.set(trade, id);
      await insertUser(tx, {
        userName: owner.userName,
        name: business.pointOfContact,
        email: owner.userName,
        role: 'owner',
        businessId: id,
        passwordHash: ownerHashes[index]!,
      });
      const member = DEMO_TEAM_MEMBERS[trade];
      if (member) {
        // Every demo sign-in has the one demo password: the owner's hash serves (no second
        // argon2 run on every first start).
        await insertUser(tx, {
          userName: member.userName,
          name: member.name,
          email: member.userName,
          role: 'member',
          businessId: id,
          passwordHash: ownerHashes[index]!,
        });
      }
    }
    const rows = sandboxAssistants.flatMap((assistant) => {
      const businessId = isDemoTrade(assistant.trade) ? businessOf.get(assistant.trade) : undefined;
      return businessId
        ? [
            {
              platformAssistantId: assistant.id,
              businessId,
              phoneNumberId: assistant.phoneNumberId,
            },
          ]
        : [];
    });
    for (const row of rows) {
      await tx
        .insert(agents)
        .values({ platformAssistantId: row.platformAssistantId, businessId: row.businessId })
        .onConflictDoUpdate({
          target: agents.platformAssistantId,
          set: { businessId: row.businessId, updatedAt: sql`now()` },
        });
      // The business owns its agent's demo number too (platform console).
      if (row.phoneNumberId) {
        await tx
          .insert(platformResources)
          .values({
            kind: 'phone-number',
            platformId: row.phoneNumberId,
            businessId: row.businessId,
          })
          .onConflictDoUpdate({
            target: [platformResources.kind, platformResources.platformId],
            set: { businessId: row.businessId, updatedAt: sql`now()` },
          });
      }
    }
    return true;
  });
}
