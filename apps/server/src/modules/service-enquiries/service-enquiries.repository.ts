import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceEnquiries } from '../../db/schema';
import { pageOf } from '../../db/page-of';

export type ServiceEnquiryRow = typeof serviceEnquiries.$inferSelect;

export async function insertServiceEnquiry(
  db: Db,
  values: {
    poc: string;
    businessName: string;
    country: string;
    website: string;
    email: string | null;
    phone: string | null;
  },
): Promise<ServiceEnquiryRow> {
  const [row] = await db.insert(serviceEnquiries).values(values).returning();
  if (!row) throw new Error('insert into service_enquiries returned no row');
  return row;
}

/** One page of every service enquiry, newest first (service_enquiries_created_idx). */
export async function listServiceEnquiries(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: ServiceEnquiryRow[]; total: number }> {
  return pageOf(
    db
      .select()
      .from(serviceEnquiries)
      .orderBy(desc(serviceEnquiries.createdAt), desc(serviceEnquiries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(serviceEnquiries),
  );
}
