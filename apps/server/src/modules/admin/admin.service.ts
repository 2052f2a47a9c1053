import type {
  AdminAgent,
  AdminBusiness,
  AdminBusinessUser,
  MailboxMessage,
  OutboxMessage,
} from '@switchboard/shared/admin';
import { MAIL_STATUSES } from '@switchboard/shared/admin';
import { toTeamRole } from '@switchboard/shared/account';
import {
  buildPaginationMeta,
  pageOffset,
  type Paginated,
  type PaginationQuery,
} from '@switchboard/shared/pagination';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { notFound } from '../../lib/app-error';
import {
  businessExists,
  countBusinesses,
  countMailbox,
  countOutbox,
  findAgent,
  listAgents,
  listBusinesses,
  listMailbox,
  listOutbox,
  setAgentBusiness,
} from './admin.repository';
import { listBusinessUsers } from '../auth/users.repository';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

type AgentRow = NonNullable<Awaited<ReturnType<typeof findAgent>>>;

function toAdminAgent(row: AgentRow): AdminAgent {
  return { ...row, removedAt: isoOrNull(row.removedAt) };
}

const toMailStatus = (status: string): OutboxMessage['status'] =>
  (MAIL_STATUSES as readonly string[]).includes(status)
    ? (status as OutboxMessage['status'])
    : 'queued';

/** The operator's view: every business, agent assignment, and the mail that went out. */
export class AdminService {
  constructor(
    private readonly deps: {
      db: Db;
      /**
       * After an agent is assigned to a business: attach that business's Switchboard tools on
       * the platform. Best effort: a failure leaves the assignment made (health and Repair say
       * so and fix it).
       */
      onAgentAssigned?: (assistantId: string, businessId: string) => Promise<void>;
    },
  ) {}

  async listBusinesses({ page, limit }: PaginationQuery): Promise<Paginated<AdminBusiness>> {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      listBusinesses(db, { limit, offset: pageOffset(page, limit) }),
      countBusinesses(db),
    ]);
    return {
      data: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      meta: buildPaginationMeta(total, page, limit),
    };
  }

  async listBusinessUsers(businessId: string): Promise<{ data: AdminBusinessUser[] }> {
    const { db } = this.deps;
    if (!z.uuid().safeParse(businessId).success || !(await businessExists(db, businessId))) {
      throw notFound('Business');
    }
    const rows = await listBusinessUsers(db, businessId);
    return {
      data: rows.map((row) => ({ ...row, role: toTeamRole(row.role) })),
    };
  }

  async listAgents(): Promise<{ data: AdminAgent[] }> {
    const rows = await listAgents(this.deps.db);
    return { data: rows.map(toAdminAgent) };
  }

  /** Assigns an agent to a business, or unassigns it (null). */
  async assignAgent(agentId: string, businessId: string | null): Promise<AdminAgent> {
    const { db } = this.deps;
    if (!z.uuid().safeParse(agentId).success) throw notFound('Agent');
    if (businessId !== null && !(await businessExists(db, businessId))) {
      throw notFound('Business');
    }
    let found: boolean;
    try {
      found = await setAgentBusiness(db, agentId, businessId);
    } catch (error) {
      // The business was deleted in the meantime.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound('Business');
      throw error;
    }
    const agent = found ? await findAgent(db, agentId) : undefined;
    if (!agent) throw notFound('Agent');
    if (businessId !== null)
      await this.deps.onAgentAssigned?.(agent.platformAssistantId, businessId);
    return toAdminAgent(agent);
  }

  async listMailbox({ page, limit }: PaginationQuery): Promise<Paginated<MailboxMessage>> {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      listMailbox(db, { limit, offset: pageOffset(page, limit) }),
      countMailbox(db),
    ]);
    return {
      data: rows.map((row) => ({ ...row, deliveredAt: iso(row.deliveredAt) })),
      meta: buildPaginationMeta(total, page, limit),
    };
  }

  async listOutbox({ page, limit }: PaginationQuery): Promise<Paginated<OutboxMessage>> {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      listOutbox(db, { limit, offset: pageOffset(page, limit) }),
      countOutbox(db),
    ]);
    return {
      data: rows.map((row) => ({
        ...row,
        status: toMailStatus(row.status),
        nextAttemptAt: iso(row.nextAttemptAt),
        sentAt: isoOrNull(row.sentAt),
        createdAt: iso(row.createdAt),
      })),
      meta: buildPaginationMeta(total, page, limit),
    };
  }
}
