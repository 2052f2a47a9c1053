import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PlatformResourceKind } from '@switchboard/shared/console';
import type { Db } from '../../db/client';
import { businesses, platformResources } from '../../db/schema';

// Who owns which platform resource. Every query a member's request makes is scoped by the
// business from the session, so another business's resource is simply not found (404).

export type OwnedResource = typeof platformResources.$inferSelect;

/** The business's resources of one kind, oldest first (index platform_resources_business_kind_idx). */
export async function listOwned(
  db: Db,
  businessId: string,
  kind: PlatformResourceKind,
): Promise<OwnedResource[]> {
  return db
    .select()
    .from(platformResources)
    .where(and(eq(platformResources.businessId, businessId), eq(platformResources.kind, kind)))
    .orderBy(asc(platformResources.createdAt), asc(platformResources.id));
}

/** One resource of the business, by its platform id; undefined for a foreign or unknown id. */
export async function findOwned(
  db: Db,
  businessId: string,
  kind: PlatformResourceKind,
  platformId: string,
): Promise<OwnedResource | undefined> {
  return findByPlatformId(db, kind, platformId, eq(platformResources.businessId, businessId));
}

/** One resource of the kind, whoever owns it (the operator's reach). */
export async function findRecorded(
  db: Db,
  kind: PlatformResourceKind,
  platformId: string,
): Promise<OwnedResource | undefined> {
  return findByPlatformId(db, kind, platformId);
}

async function findByPlatformId(
  db: Db,
  kind: PlatformResourceKind,
  platformId: string,
  owner?: SQL,
): Promise<OwnedResource | undefined> {
  const [row] = await db
    .select()
    .from(platformResources)
    .where(
      and(owner, eq(platformResources.kind, kind), eq(platformResources.platformId, platformId)),
    );
  return row;
}

/**
 * Records a resource as the business's (a resource the business just made, or one seeded for
 * the demo). An existing record keeps its owner unless it had none.
 */
export async function recordOwned(
  db: Db,
  values: {
    kind: PlatformResourceKind;
    platformId: string;
    businessId: string | null;
    name: string;
    role?: string | null;
  },
): Promise<OwnedResource> {
  const [row] = await db
    .insert(platformResources)
    .values({ ...values, role: values.role ?? null })
    .onConflictDoUpdate({
      target: [platformResources.kind, platformResources.platformId],
      set: {
        name: values.name,
        businessId: sql`coalesce(${platformResources.businessId}, excluded.business_id)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function renameResource(
  db: Db,
  kind: PlatformResourceKind,
  platformId: string,
  name: string,
): Promise<void> {
  await db
    .update(platformResources)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(platformResources.kind, kind), eq(platformResources.platformId, platformId)));
}

export async function forgetResource(
  db: Db,
  kind: PlatformResourceKind,
  platformId: string,
): Promise<void> {
  await db
    .delete(platformResources)
    .where(and(eq(platformResources.kind, kind), eq(platformResources.platformId, platformId)));
}

// The operator's view: every resource, whoever owns it.

/** Resources with the name of the business that owns them, as the operator sees them. */
function resourcesWithBusiness(db: Db) {
  return db
    .select({
      id: platformResources.id,
      kind: platformResources.kind,
      platformId: platformResources.platformId,
      name: platformResources.name,
      role: platformResources.role,
      businessId: platformResources.businessId,
      businessName: businesses.name,
      createdAt: platformResources.createdAt,
    })
    .from(platformResources)
    .leftJoin(businesses, eq(businesses.id, platformResources.businessId));
}

export async function listAllResources(
  db: Db,
  filter: { kind?: PlatformResourceKind; unassignedOnly: boolean },
) {
  return resourcesWithBusiness(db)
    .where(
      and(
        filter.kind ? eq(platformResources.kind, filter.kind) : undefined,
        filter.unassignedOnly ? isNull(platformResources.businessId) : undefined,
      ),
    )
    .orderBy(
      asc(platformResources.kind),
      desc(platformResources.createdAt),
      asc(platformResources.id),
    )
    .limit(1000);
}

export async function findResourceById(db: Db, id: string) {
  const [row] = await resourcesWithBusiness(db).where(eq(platformResources.id, id));
  return row;
}

/** Answers whether the record exists. */
export async function setResourceBusiness(
  db: Db,
  id: string,
  businessId: string | null,
): Promise<boolean> {
  const updated = await db
    .update(platformResources)
    .set({ businessId, updatedAt: sql`now()` })
    .where(eq(platformResources.id, id))
    .returning({ id: platformResources.id });
  return updated.length > 0;
}

/** Records the platform ids not yet known, unassigned; answers how many were new. */
export async function recordDiscovered(
  db: Db,
  kind: PlatformResourceKind,
  found: { platformId: string; name: string }[],
): Promise<number> {
  if (found.length === 0) return 0;
  const known = await db
    .select({ platformId: platformResources.platformId, name: platformResources.name })
    .from(platformResources)
    .where(
      and(
        eq(platformResources.kind, kind),
        inArray(
          platformResources.platformId,
          found.map((f) => f.platformId),
        ),
      ),
    );
  const knownIds = new Set(known.map((k) => k.platformId));
  // A record made without a name (the demo seed) takes the platform's.
  const unnamed = new Set(known.filter((k) => k.name === '').map((k) => k.platformId));
  for (const item of found) {
    if (unnamed.has(item.platformId) && item.name) {
      await renameResource(db, kind, item.platformId, item.name);
    }
  }
  const fresh = found.filter((f) => !knownIds.has(f.platformId));
  if (fresh.length === 0) return 0;
  const inserted = await db
    .insert(platformResources)
    .values(fresh.map((f) => ({ kind, platformId: f.platformId, name: f.name, businessId: null })))
    .onConflictDoNothing()
    .returning({ id: platformResources.id });
  return inserted.length;
}
