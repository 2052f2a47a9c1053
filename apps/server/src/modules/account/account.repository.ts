import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';

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
