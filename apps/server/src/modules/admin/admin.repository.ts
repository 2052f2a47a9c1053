import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, businesses, mailbox, mailOutbox } from '../../db/schema';

type Page = { limit: number; offset: number };

// The operator sees every business: these queries are deliberately not scoped by business.

export async function listBusinesses(db: Db, page: Page) {
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      email: businesses.email,
      country: businesses.country,
      timezone: businesses.timezone,
      createdAt: businesses.createdAt,
      // Spelled out: Drizzle leaves columns unqualified in a single-table select, which inside
      // a subquery would bind to the subquery's own table.
      agentCount: sql<number>`(select count(*)::int from agents a where a.business_id = businesses.id and a.removed_at is null)`,
      userCount: sql<number>`(select count(*)::int from users u where u.business_id = businesses.id)`,
    })
    .from(businesses)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBusinesses(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businesses);
  return row?.n ?? 0;
}

export async function businessExists(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row !== undefined;
}

/** Agents with the name of the business they are assigned to, as the operator sees them. */
function agentsWithBusiness(db: Db) {
  return db
    .select({
      id: agents.id,
      platformAssistantId: agents.platformAssistantId,
      name: agents.name,
      phoneNumber: agents.phoneNumber,
      businessId: agents.businessId,
      businessName: businesses.name,
      removedAt: agents.removedAt,
    })
    .from(agents)
    .leftJoin(businesses, eq(businesses.id, agents.businessId));
}

export async function listAgents(db: Db) {
  return agentsWithBusiness(db).orderBy(agents.name, agents.id);
}

export async function findAgent(db: Db, agentId: string) {
  const [row] = await agentsWithBusiness(db).where(eq(agents.id, agentId));
  return row;
}

/** Answers whether the agent exists. */
export async function setAgentBusiness(
  db: Db,
  agentId: string,
  businessId: string | null,
): Promise<boolean> {
  const updated = await db
    .update(agents)
    .set({ businessId, updatedAt: sql`now()` })
    .where(eq(agents.id, agentId))
    .returning({ id: agents.id });
  return updated.length > 0;
}

export async function listMailbox(db: Db, page: Page) {
  return db
    .select({
      id: mailbox.id,
      fromAddress: mailbox.fromAddress,
      toAddress: mailbox.toAddress,
      subject: mailbox.subject,
      textBody: mailbox.textBody,
      deliveredAt: mailbox.deliveredAt,
    })
    .from(mailbox)
    .orderBy(desc(mailbox.deliveredAt), desc(mailbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMailbox(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailbox);
  return row?.n ?? 0;
}

export async function listOutbox(db: Db, page: Page) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      fromAddress: mailOutbox.fromAddress,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOutbox(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox);
  return row?.n ?? 0;
}
