import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../apps/server/src/db/client';

export type BusinessRowCounts = { contacts: number; enquiries: number; appointments: number };

/** What the reads bench puts beside the calls: a large business's lists (issue 36). */
export const DEFAULT_BUSINESS_ROWS: BusinessRowCounts = {
  contacts: 50_000,
  enquiries: 20_000,
  appointments: 20_000,
};

/**
 * Fills the bench business's contacts, enquiries and appointments (`INSERT … SELECT … FROM
 * generate_series`, reproducible: every value from the row's position), unless it already has
 * contacts — so a database a --keep run loaded gets them once. Contacts are spread over the
 * `rangeDays` before now, one number each (+1 555 …); enquiries over the same days, each a
 * contact's, a quarter of them unread, across the agents and the four statuses; appointments from
 * 60 days back to 30 ahead, across the four statuses. Then VACUUM ANALYZE of the three tables.
 */
export async function loadBusinessRows(
  label: string,
  db: Db,
  options: {
    businessId: string;
    agentIds: string[];
    rangeDays: number;
    counts?: BusinessRowCounts;
  },
): Promise<void> {
  const counts = options.counts ?? DEFAULT_BUSINESS_ROWS;
  const [have] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contacts where business_id = ${options.businessId}::uuid`,
  );
  if (Number(have?.n) > 0) {
    console.log(`[${label}] the business already has ${have?.n} contacts: none loaded`);
    return;
  }
  const started = performance.now();
  const agents = sql.raw(
    `array[${options.agentIds.map((id) => `'${id.replaceAll("'", "''")}'`).join(', ')}]`,
  );
  const agentCount = options.agentIds.length;
  await db.execute(sql`
    insert into contacts (business_id, name, phone, email, source, created_at, updated_at)
    select ${options.businessId}::uuid, 'Bench contact ' || g.i,
           '+1555' || lpad(g.i::text, 7, '0'),
           case when g.i % 3 = 0 then 'contact' || g.i || '@example.com' end,
           case when g.i % 4 = 0 then 'import' when g.i % 4 = 1 then 'call' else 'manual' end,
           now() - ${options.rangeDays}::int * interval '1 day' * (1 - g.i::double precision / ${counts.contacts}::int),
           now() - ${options.rangeDays}::int * interval '1 day' * (1 - g.i::double precision / ${counts.contacts}::int)
    from generate_series(1, ${counts.contacts}::int) as g(i)`);
  await db.execute(sql`
    insert into enquiries (business_id, contact_id, assistant_id, subject, message, status, is_read,
                           source, priority, created_at, updated_at)
    select ${options.businessId}::uuid, c.id, (${agents})[1 + g.i % ${agentCount}::int],
           'Enquiry ' || g.i, 'Please call me back about my booking.',
           (array['open', 'pending', 'resolved', 'closed'])[1 + g.i % 4],
           g.i % 4 <> 0, case when g.i % 2 = 0 then 'call' else 'manual' end,
           case when g.i % 10 = 0 then 'urgent' else 'normal' end,
           now() - ${options.rangeDays}::int * interval '1 day' * (1 - g.i::double precision / ${counts.enquiries}::int),
           now() - ${options.rangeDays}::int * interval '1 day' * (1 - g.i::double precision / ${counts.enquiries}::int)
    from generate_series(1, ${counts.enquiries}::int) as g(i)
    join contacts c on c.business_id = ${options.businessId}::uuid
      and c.phone = '+1555' || lpad((1 + (g.i * 7) % ${counts.contacts}::int)::text, 7, '0')`);
  await db.execute(sql`
    insert into appointments (business_id, contact_id, assistant_id, service, starts_at, ends_at,
                              status, source, created_at, updated_at)
    select ${options.businessId}::uuid, c.id, (${agents})[1 + g.i % ${agentCount}::int],
           'Cleaning', s.starts_at, s.starts_at + interval '30 minutes',
           case when s.starts_at > now() then (array['scheduled', 'scheduled', 'scheduled', 'cancelled'])[1 + g.i % 4]
                else (array['completed', 'completed', 'no_show', 'cancelled'])[1 + g.i % 4] end,
           case when g.i % 2 = 0 then 'call' else 'manual' end, now(), now()
    from generate_series(1, ${counts.appointments}::int) as g(i)
    cross join lateral (
      select date_trunc('hour', now()) - interval '60 days'
             + (90 * 24 * (g.i::double precision / ${counts.appointments}::int))::int * interval '1 hour' as starts_at
    ) s
    join contacts c on c.business_id = ${options.businessId}::uuid
      and c.phone = '+1555' || lpad((1 + (g.i * 13) % ${counts.contacts}::int)::text, 7, '0')`);
  await db.execute(sql`vacuum analyze contacts`);
  await db.execute(sql`vacuum analyze enquiries`);
  await db.execute(sql`vacuum analyze appointments`);
  console.log(
    `[${label}] loaded ${counts.contacts} contacts, ${counts.enquiries} enquiries and ` +
      `${counts.appointments} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
