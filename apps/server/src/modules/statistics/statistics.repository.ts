import { asc, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { businesses } from '../../db/schema';

export type BusinessFigures = {
  contactsTotal: number;
  contactsNew: number;
  enquiriesOpen: number;
  enquiriesUnread: number;
  appointmentsToday: number;
  appointmentsUpcoming: number;
};

/**
 * The dashboard's contact, enquiry and appointment counts in one statement: six index-backed
 * counts (contacts by business; enquiries_business_status_created_idx and the partial
 * enquiries_unread_idx; appointments_business_status_starts_idx). businessId null = every
 * business (the operator's view).
 */
export async function businessFigures(
  db: Db,
  options: {
    businessId: string | null;
    now: Date;
    weekStart: Date;
    todayStart: Date;
    tomorrowStart: Date;
  },
): Promise<BusinessFigures> {
  const scoped = (alias: string): SQL =>
    options.businessId === null
      ? sql`true`
      : sql`${sql.raw(alias)}.business_id = ${options.businessId}::uuid`;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const [row] = await executeRows<Record<keyof BusinessFigures, string | number>>(
    db,
    sql`select
      (select count(*) from contacts c where ${scoped('c')}) as "contactsTotal",
      (select count(*) from contacts c where ${scoped('c')}
         and c.created_at >= ${at(options.weekStart)}) as "contactsNew",
      (select count(*) from enquiries e where ${scoped('e')}
         and e.status in ('open', 'pending')) as "enquiriesOpen",
      (select count(*) from enquiries e where ${scoped('e')} and not e.is_read) as "enquiriesUnread",
      (select count(*) from appointments a where ${scoped('a')}
         and a.status in ('scheduled', 'completed', 'no_show')
         and a.starts_at >= ${at(options.todayStart)}
         and a.starts_at < ${at(options.tomorrowStart)}) as "appointmentsToday",
      (select count(*) from appointments a where ${scoped('a')}
         and a.status = 'scheduled' and a.starts_at >= ${at(options.now)}) as "appointmentsUpcoming"`,
  );
  const n = (key: keyof BusinessFigures) => Number(row?.[key] ?? 0);
  return {
    contactsTotal: n('contactsTotal'),
    contactsNew: n('contactsNew'),
    enquiriesOpen: n('enquiriesOpen'),
    enquiriesUnread: n('enquiriesUnread'),
    appointmentsToday: n('appointmentsToday'),
    appointmentsUpcoming: n('appointmentsUpcoming'),
  };
}

/** Every business (up to `limit`, by name) with the number of agents it has now. */
export async function businessesWithAgentCounts(
  db: Db,
  limit: number,
): Promise<{ id: string; name: string; timezone: string; agentCount: number }[]> {
  // Not scoped by business: the operator's overview reads them all.
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      timezone: businesses.timezone,
      agentCount: sql<number>`(select count(*)::int from agents a where a.business_id = businesses.id and a.removed_at is null)`,
    })
    .from(businesses)
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(limit);
}
