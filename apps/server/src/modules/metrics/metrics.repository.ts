import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactImports, mailOutbox } from '../../db/schema';

/** Outbox states that are still the worker's business (sent messages are history). */
export const OUTBOX_PENDING_STATUSES = ['queued', 'sending', 'failed'] as const;
/** Import states that are waiting for, or holding, the import job. */
export const IMPORT_QUEUE_STATUSES = ['queued', 'running'] as const;

async function countByStatus<S extends string>(
  rows: Promise<{ status: string; n: number }[]>,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of await rows) counts[row.status as S] = Number(row.n);
  return counts;
}

/** Every business's outbox messages by status (index mail_outbox_due_idx leads with status). */
export function countOutboxByStatus(db: Db) {
  return countByStatus(
    db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, [...OUTBOX_PENDING_STATUSES]))
      .groupBy(mailOutbox.status),
    OUTBOX_PENDING_STATUSES,
  );
}

/** Every business's contact imports waiting for the import job or running in it. */
export function countImportQueue(db: Db) {
  return countByStatus(
    db
      .select({ status: contactImports.status, n: count() })
      .from(contactImports)
      .where(inArray(contactImports.status, [...IMPORT_QUEUE_STATUSES]))
      .groupBy(contactImports.status),
    IMPORT_QUEUE_STATUSES,
  );
}
